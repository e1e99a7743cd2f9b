package web

import (
	"testing"
	"time"

	"ox88/chess"
	"ox88/clock"
)

func TestSessionExpiry(t *testing.T) {
	st := newSessionStore(time.Hour, 3, 1<<30)
	defer st.close()
	now := time.Unix(1000, 0)
	st.clock = func() time.Time { return now }
	a := st.get("session-a")
	st.get("session-b")
	now = now.Add(50 * time.Minute)
	st.get("session-c")
	if st.get("session-a") != a {
		t.Fatal("same id, new session")
	}
	now = now.Add(20 * time.Minute) // b is 70 minutes idle, a and c 20
	st.sweep()
	if st.len() != 2 {
		t.Fatalf("after sweep: %d sessions, want 2", st.len())
	}
	st.get("session-d")
	st.get("session-e") // over the cap of 3: the least recently used (c) goes
	if st.len() != 3 {
		t.Fatalf("cap: %d sessions", st.len())
	}
	st.mu.Lock()
	_, hasC := st.byID["session-c"]
	_, hasA := st.byID["session-a"]
	st.mu.Unlock()
	if hasC || !hasA {
		t.Fatalf("LRU dropped the wrong session (c kept %v, a kept %v)", hasC, hasA)
	}
}

func TestClocks(t *testing.T) {
	s := newSession("clock-test")
	s.p.SetTimeControl(clock.TimeControl{Base: 60 * time.Second, Inc: 2 * time.Second})
	t0 := time.Unix(0, 0)
	pos := s.game().Position()
	e4, _ := pos.ParseMove("e4")
	if err := s.play(e4, t0, false); err != nil { // the first move starts the clocks
		t.Fatal(err)
	}
	if side, running := s.p.Clock().Running(); s.p.Clock().Left(chess.White) != 62*time.Second || !running || side != chess.Black {
		t.Fatalf("after 1. e4: white %v, %v running %v", s.p.Clock().Left(chess.White), side, running)
	}
	pos = s.game().Position()
	e5, _ := pos.ParseMove("e5")
	if err := s.play(e5, t0.Add(5*time.Second), false); err != nil {
		t.Fatal(err)
	}
	if s.p.Clock().Left(chess.Black) != 57*time.Second || s.p.Clock().Left(chess.White) != 62*time.Second {
		t.Fatalf("after 1... e5 in 5 s: %v %v", s.p.Clock().Left(chess.White), s.p.Clock().Left(chess.Black))
	}
	st := s.state(t0.Add(7 * time.Second))
	if st.Clock.White != 60000 || st.Clock.Running != "w" {
		t.Fatalf("White's clock 2 s into its move: %+v", st.Clock)
	}
	// White's flag falls.
	s.checkFlag(t0.Add(70 * time.Second))
	if o := s.game().Outcome(); !o.Over() || o.Text != "Black wins on time" || s.p.Clock().Left(chess.White) != 0 {
		t.Fatalf("flag: %+v clock %v", o, s.p.Clock().Left(chess.White))
	}
	pos = s.game().Position()
	nf3, _ := pos.ParseMove("Nf3")
	if err := s.play(nf3, t0.Add(71*time.Second), false); err == nil {
		t.Fatal("a move after the flag fell was played")
	}
}

func TestValidSessionID(t *testing.T) {
	for id, want := range map[string]bool{"0f8fad5b-d9cb-469f-a165-70867728950e": true, "short": false,
		"has space in it": false, "../../etc/passwd": false, "abcdefgh": true} {
		if validSessionID(id) != want {
			t.Errorf("validSessionID(%q) = %v", id, !want)
		}
	}
}
