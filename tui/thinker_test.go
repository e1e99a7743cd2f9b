package tui

import (
	"testing"
	"time"

	"ox88/chess"
	"ox88/engine"
	"ox88/play"
	"ox88/search"
)

// next waits for the thinker's next report.
func next(t *testing.T, th *engineThinker) any {
	t.Helper()
	got := make(chan any, 1)
	go func() { got <- th.Listen()() }()
	select {
	case msg := <-got:
		return msg
	case <-time.After(10 * time.Second):
		t.Fatal("no report from the engine in 10 s")
	}
	return nil
}

// TestEngineThinker drives the real engine: a search reports progress and
// a legal move; a cancelled search is followed by the newer one's move.
func TestEngineThinker(t *testing.T) {
	th := newEngineThinker(engine.New())
	start := chess.StartPosition()
	e4, _ := start.ParseMove("e2e4")
	th.Start(SearchRequest{ID: 1, Request: play.Request{Start: *start, Moves: []chess.Move{e4}, Skill: 3, Limits: search.Limits{Depth: 3}}})
	var best bestMsg
	infos := 0
	for best.ID == 0 {
		switch msg := next(t, th).(type) {
		case infoMsg:
			infos++
		case bestMsg:
			best = msg
		}
	}
	pos := *start
	pos.MakeMove(e4)
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if best.ID != 1 || !ml.Contains(best.Result.Move) || infos == 0 {
		t.Fatalf("best %+v after %d reports", best, infos)
	}

	// Cancel a long search and start another: the last move to arrive
	// belongs to the newer search.
	th.Start(SearchRequest{ID: 2, Request: play.Request{Start: *start, Skill: engine.MaxSkill, Limits: search.Limits{Infinite: true}}})
	time.Sleep(20 * time.Millisecond)
	th.Cancel()
	th.Start(SearchRequest{ID: 3, Request: play.Request{Start: *start, Skill: 1, Limits: search.Limits{Depth: 1}}})
	for {
		if msg, ok := next(t, th).(bestMsg); ok && msg.ID == 3 {
			start.GenerateMoves(&ml)
			if !ml.Contains(msg.Result.Move) {
				t.Fatalf("illegal move %v", msg.Result.Move)
			}
			break
		}
	}
	th.Stop()
}
