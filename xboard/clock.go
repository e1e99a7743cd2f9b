package xboard

import (
	"fmt"
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

// timeControl is what level, st and sd set, plus the clocks that time and
// otim report.
type timeControl struct {
	clock.TimeControl               // level, or st (a fixed time per move)
	depth             int           // sd: depth limit
	mine              time.Duration // the engine's clock (time)
	theirs            time.Duration // the opponent's clock (otim)
	haveClock         bool          // time has been received since the last level
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
	if tc.MoveTime > 0 {
		lim.MoveTime = tc.MoveTime
		return lim
	}
	mine, theirs := tc.mine, tc.theirs
	if !tc.haveClock {
		mine, theirs = tc.Base, tc.Base
	}
	if mine == 0 && theirs == 0 && tc.Base == 0 && tc.Inc == 0 {
		return lim // no time control at all: depth (or nothing) limits
	}
	if side == chess.Black {
		mine, theirs = theirs, mine
	}
	t := tc.Times(mine, theirs, movesMade)
	lim.WTime, lim.BTime, lim.WInc, lim.BInc, lim.MovesToGo = t.WTime, t.BTime, t.WInc, t.BInc, t.MovesToGo
	return lim
}
