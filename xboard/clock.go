package xboard

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/search"
)

// moveOverhead is the time kept back from the engine's clock for each
// move: the GUI's and the pipe's share of the time that the clock counts.
// The engine takes it off the clock (search.Limits.MoveOverhead).
const moveOverhead = 10 * time.Millisecond

// Bounds of st and nps. Under nps the time is a count of nodes, which can
// pass clock.MaxTime: python-chess's node limit sends "nps 1" and
// "st NODES".
const (
	maxMoveSeconds = 1e9 // st: about 31 years, a billion nodes at nps 1
	maxNodeRate    = 1e9 // nps: nodes per second, beyond any machine
)

// timeControl is what level, st, sd and nps set, plus the clocks that time
// and otim report.
type timeControl struct {
	clock.TimeControl               // level, or st (a fixed time per move)
	depth             int           // sd: depth limit
	nps               int64         // nps: the engine's clock counts nodes at this rate (0: real time)
	mine              time.Duration // the engine's clock (time)
	theirs            time.Duration // the opponent's clock (otim)
	haveClock         bool          // time has been received since the last level
}

// parseMoveTime reads the argument of st: seconds, up to maxMoveSeconds,
// or a time in clock.ParseTime's other spellings.
func parseMoveTime(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil && f > 0 && f <= maxMoveSeconds {
		return time.Duration(f * float64(time.Second)).Round(time.Millisecond), nil
	}
	return clock.ParseTime(s)
}

// parseNodeRate reads the argument of nps.
func parseNodeRate(args []string) (int64, error) {
	if len(args) == 1 {
		if n, err := strconv.ParseInt(args[0], 10, 64); err == nil && n >= 0 && n <= maxNodeRate {
			return n, nil
		}
	}
	return 0, fmt.Errorf("bad node rate")
}

// parseCentiseconds reads the argument of time or otim.
func parseCentiseconds(args []string) (time.Duration, error) {
	if len(args) != 1 {
		return 0, fmt.Errorf("needs one value in centiseconds")
	}
	n, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || n > 1e9 || n < -1e9 {
		return 0, fmt.Errorf("bad time %q", args[0])
	}
	return time.Duration(n) * 10 * time.Millisecond, nil
}

// limits turns the time control into search limits for the engine playing
// side, which has made movesMade moves so far in this game.
func (tc *timeControl) limits(side chess.Color, movesMade int) search.Limits {
	var lim search.Limits
	lim.Depth = tc.depth
	lim.MoveOverhead = moveOverhead
	mine, theirs := tc.mine, tc.theirs
	if !tc.haveClock {
		mine, theirs = tc.Base, tc.Base
	}
	switch {
	case tc.MoveTime > 0:
		lim.MoveTime = tc.MoveTime
	case mine == 0 && theirs == 0 && tc.Base == 0 && tc.Inc == 0:
		return lim // no time control at all: depth (or nothing) limits
	default:
		if side == chess.Black {
			mine, theirs = theirs, mine
		}
		clim := search.ClockLimits(tc.Times(mine, theirs, movesMade))
		clim.Depth, clim.MoveOverhead = lim.Depth, lim.MoveOverhead
		lim = clim
	}
	if tc.nps > 0 {
		return tc.nodeBudget(lim, side)
	}
	return lim
}

// nodeBudget turns time limits into nodes for nps mode, where the engine's
// time is its node count divided by the rate (the protocol's example: st 8
// and nps 10000 allow 80,000 nodes a move). The time is st whole, or on a
// clock the soft budget Limits.ClockBudget aims at; no overhead is kept
// back, as nodes spend no time in pipes.
func (tc *timeControl) nodeBudget(lim search.Limits, side chess.Color) search.Limits {
	t := lim.MoveTime
	if t == 0 {
		t, _ = lim.ClockBudget(side, 0)
	}
	nodes := math.Round(t.Seconds() * float64(tc.nps))
	return search.Limits{Depth: lim.Depth, Nodes: uint64(max(nodes, 1))}
}
