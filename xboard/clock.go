package xboard

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
	"ox88/search"
)

// moveOverhead is the time kept back from the engine's clock for each
// move: the GUI's and the pipe's share of the time that the clock counts.
// The engine takes it off the clock (search.Limits.MoveOverhead).
const moveOverhead = 10 * time.Millisecond

// minClock is the least time left passed to the search: a clock at zero
// or below still needs a positive budget to give a move at once.
const minClock = time.Millisecond

// timeControl is what level, st and sd set, plus the clocks that time and
// otim report.
type timeControl struct {
	mps       int           // moves per session (level's first number); 0: all the game
	base      time.Duration // time per session
	inc       time.Duration // increment per move
	moveTime  time.Duration // st: exactly this long per move
	depth     int           // sd: depth limit
	mine      time.Duration // the engine's clock (time)
	theirs    time.Duration // the opponent's clock (otim)
	haveClock bool          // time has been received since the last level
}

// parseLevel reads "level MPS BASE INC": BASE is minutes or minutes:seconds,
// INC seconds (fractions allowed).
func parseLevel(args []string) (mps int, base, inc time.Duration, err error) {
	if len(args) != 3 {
		return 0, 0, 0, fmt.Errorf("level needs three values: MPS BASE INC")
	}
	mps, err = strconv.Atoi(args[0])
	if err != nil || mps < 0 {
		return 0, 0, 0, fmt.Errorf("bad moves per session %q", args[0])
	}
	minutes, seconds, _ := strings.Cut(args[1], ":")
	m, err1 := strconv.Atoi(minutes)
	s := 0
	var err2 error
	if seconds != "" {
		s, err2 = strconv.Atoi(seconds)
	}
	if err1 != nil || err2 != nil || m < 0 || s < 0 {
		return 0, 0, 0, fmt.Errorf("bad base time %q", args[1])
	}
	base = time.Duration(m)*time.Minute + time.Duration(s)*time.Second
	f, err := strconv.ParseFloat(args[2], 64)
	if err != nil || f < 0 || f > 1e6 {
		return 0, 0, 0, fmt.Errorf("bad increment %q", args[2])
	}
	inc = time.Duration(f * float64(time.Second))
	return mps, base, inc, nil
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
	if tc.moveTime > 0 {
		lim.MoveTime = tc.moveTime
		return lim
	}
	mine, theirs := tc.mine, tc.theirs
	if !tc.haveClock {
		mine, theirs = tc.base, tc.base
	}
	if mine == 0 && theirs == 0 && tc.base == 0 && tc.inc == 0 {
		return lim // no time control at all: depth (or nothing) limits
	}
	mine, theirs = max(mine, minClock), max(theirs, minClock)
	if side == chess.White {
		lim.WTime, lim.BTime = mine, theirs
	} else {
		lim.WTime, lim.BTime = theirs, mine
	}
	lim.WInc, lim.BInc = tc.inc, tc.inc
	if tc.mps > 0 {
		lim.MovesToGo = tc.mps - movesMade%tc.mps
	}
	return lim
}
