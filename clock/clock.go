package clock

import (
	"time"

	"ox88/chess"
)

// Clock is both sides' clocks in one game under a TimeControl. A referee
// that times each move itself (the match runner) calls Spend; a game in
// real time (the terminal and browser games) calls Moved as each move is
// made, and the side to move's clock runs until its next move or Stop.
// Without a clock in the time control nothing runs and no flag falls.
type Clock struct {
	// Margin is how far past zero a clock may run before its flag falls:
	// a referee's tolerance for the time moves spend in pipes (ox88 match
	// --margin). It is zero where people play.
	Margin time.Duration

	tc      TimeControl
	left    [2]time.Duration // each side's time, its running turn not counted
	moves   [2]int           // the moves each side has made
	running bool             // the clock of side turn runs, from since
	turn    chess.Color
	since   time.Time
}

// MinTime is the least time left that Times passes on: a clock at zero or
// below still needs a positive budget so that the search answers at once
// (a zero would read as no clock at all).
const MinTime = time.Millisecond

// Times is what a UCI "go" says about the clocks: each side's time left
// and increment, and the moves until the next time control (0: none).
type Times struct {
	WTime, BTime, WInc, BInc time.Duration
	MovesToGo                int
}

// New returns the clocks at the start of a game: both sides at tc's base
// time, stopped.
func New(tc TimeControl) Clock {
	return Clock{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
}

// TimeControl returns the time control the clocks keep.
func (c *Clock) TimeControl() TimeControl { return c.tc }

// Left returns side's time, a running turn not counted. Within Margin it
// may be below zero.
func (c *Clock) Left(side chess.Color) time.Duration { return c.left[side] }

// Remaining returns side's time at now, a running turn counted; never
// below zero.
func (c *Clock) Remaining(side chess.Color, now time.Time) time.Duration {
	d := c.left[side]
	if c.running && c.turn == side {
		d -= now.Sub(c.since)
	}
	return max(d, 0)
}

// Running returns the side whose clock runs, and whether one does.
func (c *Clock) Running() (chess.Color, bool) { return c.turn, c.running }

// Flagged reports whether the running clock has run out at now (by more
// than Margin).
func (c *Clock) Flagged(now time.Time) bool {
	return c.running && now.Sub(c.since) > c.left[c.turn]+c.Margin
}

// Spend charges side for a move that took elapsed, then adds the increment
// and, when the move ends a period, the next period's base time. It
// reports false, adding nothing, when side's flag fell: elapsed was more
// than its time left plus Margin.
func (c *Clock) Spend(side chess.Color, elapsed time.Duration) bool {
	if !c.tc.HasClock() {
		return true
	}
	if !c.charge(side, elapsed) {
		return false
	}
	c.moves[side]++
	c.left[side] += c.tc.Inc
	if c.tc.Moves > 0 && c.moves[side]%c.tc.Moves == 0 {
		c.left[side] += c.tc.Base
	}
	return true
}

// Moved records side's move at now: side spends the time since its clock
// started (nothing for a move made while no clock ran, as the first move
// of a game) and the other side's clock starts. It reports false, with
// the clocks stopped, when side's flag had fallen.
func (c *Clock) Moved(side chess.Color, now time.Time) bool {
	if !c.tc.HasClock() {
		return true
	}
	var elapsed time.Duration
	if c.running && c.turn == side {
		elapsed = now.Sub(c.since)
	}
	c.running = false
	if !c.Spend(side, elapsed) {
		return false
	}
	c.running, c.turn, c.since = true, side.Other(), now
	return true
}

// Stop stops the running clock at now, charging its side the time since
// it started (no increment: no move was made). It reports false when that
// side's flag had fallen.
func (c *Clock) Stop(now time.Time) bool {
	if !c.running {
		return true
	}
	c.running = false
	return c.charge(c.turn, now.Sub(c.since))
}

// charge takes elapsed off side's clock and reports whether the flag
// stayed up; a fallen flag leaves the clock at zero.
func (c *Clock) charge(side chess.Color, elapsed time.Duration) bool {
	c.left[side] -= elapsed
	if c.left[side] < -c.Margin {
		c.left[side] = 0
		return false
	}
	return true
}

// Times returns what a UCI "go" says about the clocks at now, with toMove
// to move.
func (c *Clock) Times(toMove chess.Color, now time.Time) Times {
	return c.tc.Times(c.Remaining(chess.White, now), c.Remaining(chess.Black, now), c.moves[toMove])
}

// Times returns what a UCI "go" says when White has wtime and Black btime
// left and the side to move has made made moves. Times below MinTime are
// passed on as MinTime.
func (tc TimeControl) Times(wtime, btime time.Duration, made int) Times {
	return Times{WTime: max(wtime, MinTime), BTime: max(btime, MinTime), WInc: tc.Inc, BInc: tc.Inc,
		MovesToGo: tc.MovesToGo(made)}
}
