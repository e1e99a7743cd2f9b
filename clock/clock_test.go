package clock

import (
	"testing"
	"time"

	"ox88/chess"
)

// TestSpend: periods, the increment and the margin, as a referee uses them.
func TestSpend(t *testing.T) {
	const ms = time.Millisecond
	c := New(TimeControl{Moves: 2, Base: time.Second, Inc: 100 * ms})
	if got := c.Times(chess.White, time.Time{}); got != (Times{WTime: time.Second, BTime: time.Second, WInc: 100 * ms, BInc: 100 * ms, MovesToGo: 2}) {
		t.Errorf("at the start: %+v", got)
	}
	if !c.Spend(chess.White, 600*ms) || c.Left(chess.White) != 500*ms || c.TimeControl().MovesToGo(1) != 1 {
		t.Errorf("after one move: %v", c.Left(chess.White))
	}
	// The second move ends the period: the next period's second is added.
	if !c.Spend(chess.White, 400*ms) || c.Left(chess.White) != 1200*ms || c.Times(chess.White, time.Time{}).MovesToGo != 2 {
		t.Errorf("after the period: %v, %+v", c.Left(chess.White), c.Times(chess.White, time.Time{}))
	}
	// 1.25 s against 1.2 s left: within a 100 ms margin, not within 10 ms.
	d := c
	d.Margin = 100 * ms
	if !d.Spend(chess.White, 1250*ms) || d.Left(chess.White) != 50*ms {
		t.Errorf("overstep within the margin: %v", d.Left(chess.White))
	}
	c.Margin = 10 * ms
	if c.Spend(chess.White, 1250*ms) || c.Left(chess.White) != 0 {
		t.Error("overstep beyond the margin did not lose")
	}
	// A clock at zero still gives the search a positive budget.
	if got := c.Times(chess.Black, time.Time{}); got.WTime != MinTime || got.BTime != time.Second || got.MovesToGo != 2 {
		t.Errorf("after the flag: %+v", got)
	}
	none := New(TimeControl{})
	if !none.Spend(chess.White, time.Hour) || !none.Moved(chess.White, time.Now()) || none.Flagged(time.Now().Add(time.Hour)) {
		t.Error("no clock, yet a flag fell")
	}
}

// TestMoved: clocks that run in real time, as the games people play use
// them.
func TestMoved(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := New(TimeControl{Base: time.Minute, Inc: 2 * time.Second})
	if !c.Moved(chess.White, t0) || c.Left(chess.White) != 62*time.Second { // the first move costs nothing
		t.Fatalf("after White's first move: %v", c.Left(chess.White))
	}
	if side, running := c.Running(); side != chess.Black || !running {
		t.Fatalf("running: %v %v", side, running)
	}
	now := t0.Add(10 * time.Second)
	if r := c.Remaining(chess.Black, now); r != 50*time.Second || c.Remaining(chess.White, now) != 62*time.Second {
		t.Fatalf("Black has %v", r)
	}
	if got := c.Times(chess.Black, now); got.WTime != 62*time.Second || got.BTime != 50*time.Second || got.WInc != 2*time.Second {
		t.Fatalf("times: %+v", got)
	}
	if !c.Moved(chess.Black, now) || c.Left(chess.Black) != 52*time.Second {
		t.Fatalf("Black after moving: %v", c.Left(chess.Black))
	}
	if !c.Stop(now.Add(5*time.Second)) || c.Left(chess.White) != 57*time.Second {
		t.Fatalf("stopped: %v", c.Left(chess.White))
	}
	if _, running := c.Running(); running || c.Flagged(now.Add(time.Hour)) {
		t.Fatal("a stopped clock runs")
	}
	// White's clock runs again (a move made while stopped costs nothing)
	// and its flag falls just after its 57 s.
	c.Moved(chess.Black, now)
	if c.Flagged(now.Add(57*time.Second)) || !c.Flagged(now.Add(57*time.Second+time.Nanosecond)) {
		t.Fatal("the flag fell at the wrong time")
	}
	if c.Remaining(chess.White, now.Add(time.Hour)) != 0 {
		t.Fatal("remaining time below zero")
	}
	if c.Moved(chess.White, now.Add(58*time.Second)) || c.Left(chess.White) != 0 {
		t.Fatalf("a move after the flag fell: %v", c.Left(chess.White))
	}
	if _, running := c.Running(); running {
		t.Fatal("the clocks run after a flag fell")
	}
}
