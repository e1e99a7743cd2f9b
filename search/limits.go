package search

import (
	"time"

	"ox88/chess"
	"ox88/clock"
)

// Limits says when a search stops. Zero fields mean no limit.
//
// Search reads Depth, Nodes, SoftNodes, SoftTime, HardTime, MultiPV,
// SearchMoves, Infinite and Ponder. The clock fields (MoveTime, WTime,
// BTime, WInc, BInc, MovesToGo, MoveOverhead) and Mate are the words of
// UCI's "go" and the other front ends; package engine turns them into
// SoftTime, HardTime (with ClockBudget) and Depth before it calls Search,
// and a skill level into Nodes and SoftNodes.
type Limits struct {
	Depth int    // maximum depth in plies
	Nodes uint64 // maximum nodes: the search stops there, mid-iteration if need be
	// SoftNodes is a node budget that iterative deepening aims at: an
	// iteration that would probably not finish within it is not started
	// (the cc65 guide's rule; the skill levels use it). Depth 1 always
	// runs; Nodes, when set, stays the hard cap.
	SoftNodes uint64
	// SoftTime is the time budget iterative deepening aims at (it may
	// stretch it when the best move is unstable); HardTime is never crossed.
	SoftTime, HardTime time.Duration
	MultiPV            int          // number of best lines to find (default 1)
	SearchMoves        []chess.Move // restrict the root to these moves (UCI "searchmoves")
	// Infinite keeps the search alive after it reaches MaxPly or a forced
	// mate until Stop (UCI "go infinite" and pondering must not return
	// early).
	Infinite bool
	// Ponder starts the search with time limits suspended until PonderHit.
	Ponder bool

	MoveTime     time.Duration // exact time for this move
	WTime, BTime time.Duration // White's and Black's clocks (0: no clock)
	WInc, BInc   time.Duration // White's and Black's increments per move
	MovesToGo    int           // moves until the next time control (0: sudden death)
	// MoveOverhead is the time lost per move between engine and clock
	// (process start-up, pipes, network); it is taken off the clock. Zero
	// means DefaultMoveOverhead.
	MoveOverhead time.Duration
	Mate         int // search for a mate in this many moves
}

// DefaultMoveOverhead is the overhead assumed when Limits.MoveOverhead is 0.
const DefaultMoveOverhead = 20 * time.Millisecond

// ClockLimits returns the limits of a game on clocks t: each side's time
// and increment and the moves to the next time control, as UCI's "go"
// says them. The front ends that keep a clock.Clock (the terminal and
// browser games through package play, selfplay, xboard) all start here.
func ClockLimits(t clock.Times) Limits {
	return Limits{WTime: t.WTime, BTime: t.BTime, WInc: t.WInc, BInc: t.BInc, MovesToGo: t.MovesToGo}
}

// ClockBudget turns l's clock fields into the soft and hard time budget
// (TimeBudget) of side, the side to move, keeping overhead back: the one
// place where a clock becomes a search's time (engine, selfplay and
// xboard's nps mode call it).
func (l *Limits) ClockBudget(side chess.Color, overhead time.Duration) (soft, hard time.Duration) {
	left, inc := l.WTime, l.WInc
	if side == chess.Black {
		left, inc = l.BTime, l.BInc
	}
	return TimeBudget(left, inc, l.MovesToGo, overhead)
}
