package play

import (
	"testing"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/game"
)

func newGame(t *testing.T, cfg Config) *Game {
	t.Helper()
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func playSAN(t *testing.T, p *Game, now time.Time, byEngine bool, sans ...string) {
	t.Helper()
	for _, san := range sans {
		pos := p.Game().Position()
		m, err := pos.ParseMove(san)
		if err != nil {
			t.Fatal(err)
		}
		f := p.Play
		if byEngine {
			f = p.PlayEngine
		}
		if err := f(m, now); err != nil {
			t.Fatalf("%s: %v", san, err)
		}
	}
}

func TestThinkTime(t *testing.T) {
	for level, want := range map[int]time.Duration{0: 200 * time.Millisecond, 1: 200 * time.Millisecond, 5: 700 * time.Millisecond, 10: 5 * time.Second, 11: 5 * time.Second} {
		if got := ThinkTime(level); got != want {
			t.Errorf("ThinkTime(%d) = %v, want %v", level, got, want)
		}
	}
}

// TestNextSearch: without clocks the level's think time, with them the
// clocks as search.ClockLimits says them; never in an ended game.
func TestNextSearch(t *testing.T) {
	t0 := time.Unix(0, 0)
	p := newGame(t, Config{Players: YouWhite, Level: 2})
	req, err := p.NextSearch(t0)
	if err != nil || req.Limits.MoveTime != 300*time.Millisecond || req.Skill != 2 || !req.NewGame || len(req.Moves) != 0 {
		t.Fatalf("no clocks: %+v %v", req, err)
	}
	p.SetTimeControl(clock.TimeControl{Base: time.Minute, Inc: time.Second})
	playSAN(t, p, t0, false, "e4")
	req, _ = p.NextSearch(t0.Add(3 * time.Second))
	if req.Limits.WTime != 61*time.Second || req.Limits.BTime != 57*time.Second || req.Limits.BInc != time.Second || req.NewGame || len(req.Moves) != 1 {
		t.Fatalf("clocks: %+v", req)
	}
	_ = p.Resign(t0.Add(4 * time.Second))
	if _, err := p.NextSearch(t0); err == nil {
		t.Fatal("a search in an ended game")
	}
}

// TestTakeBackChargesTheClock: a take-back stops the clocks and charges the
// side to move the time it used; the next move starts them again.
func TestTakeBackChargesTheClock(t *testing.T) {
	t0 := time.Unix(0, 0)
	p := newGame(t, Config{Players: YouWhite, TC: clock.TimeControl{Base: time.Minute}})
	playSAN(t, p, t0, false, "e4")
	playSAN(t, p, t0.Add(10*time.Second), true, "e5")
	if err := p.TakeBack(t0.Add(15 * time.Second)); err != nil || p.Game().Ply() != 0 {
		t.Fatalf("take back: %v, ply %d", err, p.Game().Ply())
	}
	if _, running := p.Clock().Running(); running || p.Clock().Left(chess.White) != 55*time.Second || p.Clock().Left(chess.Black) != 50*time.Second {
		t.Fatalf("after the take-back: running %v, %v %v", running, p.Clock().Left(chess.White), p.Clock().Left(chess.Black))
	}
}

// TestMateStopsTheClockAtOnce: the loser of a mate is not charged for the
// instant between the mate and the clocks' stop.
func TestMateStopsTheClockAtOnce(t *testing.T) {
	t0 := time.Unix(0, 0)
	start, _ := game.NewFromFEN("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1")
	s := start.Start()
	p := newGame(t, Config{Players: TwoPeople, TC: clock.TimeControl{Base: time.Minute}, Start: &s})
	playSAN(t, p, t0, false, "Qg7")
	if !p.Over() || p.Clock().Remaining(chess.Black, t0.Add(time.Hour)) != time.Minute {
		t.Fatalf("over %v, Black %v", p.Over(), p.Clock().Remaining(chess.Black, t0.Add(time.Hour)))
	}
}

// TestPlayerName: the PGN names who made each side's moves.
func TestPlayerName(t *testing.T) {
	t0 := time.Unix(0, 0)
	p := newGame(t, Config{Players: YouWhite, Level: 4})
	if w, b := p.PlayerName(chess.White), p.PlayerName(chess.Black); w != "You" || b != "ox88 (level 4)" {
		t.Fatalf("before a move: %q %q", w, b)
	}
	playSAN(t, p, t0, true, "e4") // ox88 moved for White (move now)
	p.SetPlayers(TwoPeople)
	playSAN(t, p, t0, false, "e5", "Nf3")
	if g := p.Game(); g.Tag("White") != "You and ox88 (level 4)" || g.Tag("Black") != "You" {
		t.Fatalf("tags %q %q", g.Tag("White"), g.Tag("Black"))
	}
}

func TestParsePlayers(t *testing.T) {
	for _, p := range []Players{YouWhite, YouBlack, TwoPeople, EngineOnly} {
		if got, err := ParsePlayers(p.Name()); got != p || err != nil {
			t.Errorf("ParsePlayers(%q) = %v, %v", p.Name(), got, err)
		}
		if p.Next().Next().Next().Next() != p || p.Next() == p {
			t.Errorf("Next does not cycle through four from %v", p)
		}
	}
	if _, err := ParsePlayers("martians"); err == nil {
		t.Error("martians accepted")
	}
}

// TestAnalysis: an analysis is a full-strength search without limit, of
// the position shown, with the lines asked for; never in an ended game or
// with lines outside 1..MaxAnalysisLines.
func TestAnalysis(t *testing.T) {
	t0 := time.Unix(0, 0)
	p := newGame(t, Config{Players: YouWhite, Level: 1})
	playSAN(t, p, t0, false, "e4", "e5")
	if err := p.GoTo(1, t0); err != nil {
		t.Fatal(err)
	}
	req, err := p.Analysis(3)
	if err != nil || !req.Limits.Infinite || req.Limits.MultiPV != 3 || req.Skill != 10 || len(req.Moves) != 1 {
		t.Fatalf("analysis: %+v %v", req, err)
	}
	for _, n := range []int{0, MaxAnalysisLines + 1} {
		if _, err := p.Analysis(n); err == nil {
			t.Errorf("%d lines accepted", n)
		}
	}
	_ = p.GoTo(2, t0)
	playSAN(t, p, t0, false, "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#")
	if _, err := p.Analysis(1); err == nil {
		t.Error("an ended game analysed")
	}
}

// TestPlayAt: a move from an earlier position becomes a variation and the
// main line stays; at the end of the main line it is an ordinary move.
func TestPlayAt(t *testing.T) {
	p, err := New(Config{Players: TwoPeople})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	at := game.Path{0}
	for _, s := range []string{"e4", "e5", "Nf3"} {
		pos, _ := p.Game().PositionAtPath(at)
		m, _ := pos.ParseMove(s)
		if at, err = p.PlayAt(at, m, now); err != nil {
			t.Fatal(err)
		}
	}
	pos := p.Game().PositionAt(1)
	m, _ := pos.ParseMove("c5")
	at, err = p.PlayAt(game.Path{1}, m, now)
	if err != nil || at.String() != "2.0.1" || p.Game().Len() != 3 {
		t.Fatalf("variation: %v %v, %d moves", at, err, p.Game().Len())
	}
	if _, err := p.PlayAt(game.Path{9}, m, now); err == nil {
		t.Fatal("a path outside the game was taken")
	}
}
