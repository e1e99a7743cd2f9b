package tui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
)

// TimeControl is a base time per side and an increment per move (Fischer).
// The zero TimeControl means no clocks.
type TimeControl struct {
	Base time.Duration
	Inc  time.Duration
}

// Enabled reports whether tc sets clocks.
func (tc TimeControl) Enabled() bool { return tc.Base > 0 }

// String returns tc as "5+3" (minutes + seconds), or "none".
func (tc TimeControl) String() string {
	if !tc.Enabled() {
		return "none"
	}
	return strconv.FormatFloat(tc.Base.Minutes(), 'f', -1, 64) + "+" +
		strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
}

// ParseTimeControl reads "M+S" (minutes of base time, seconds of increment
// per move), "M" (no increment), or "none" / "" / "0" (no clocks).
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "none" || s == "0" || s == "-" {
		return TimeControl{}, nil
	}
	base, inc, _ := strings.Cut(s, "+")
	m, err := strconv.ParseFloat(base, 64)
	if err != nil || !(m > 0 && m <= 24*60) { // written so that NaN fails too
		return TimeControl{}, fmt.Errorf("time control %q: want minutes+seconds, such as 5+3 or 10", s)
	}
	tc := TimeControl{Base: time.Duration(m * float64(time.Minute))}
	if inc != "" {
		sec, err := strconv.ParseFloat(inc, 64)
		if err != nil || !(sec >= 0 && sec <= 600) {
			return TimeControl{}, fmt.Errorf("time control %q: the increment must be 0 to 600 seconds", s)
		}
		tc.Inc = time.Duration(sec * float64(time.Second))
	}
	return tc, nil
}

// timeControlPresets are what the t key cycles through.
var timeControlPresets = []TimeControl{
	{},
	{Base: 1 * time.Minute},
	{Base: 3 * time.Minute, Inc: 2 * time.Second},
	{Base: 5 * time.Minute, Inc: 3 * time.Second},
	{Base: 10 * time.Minute, Inc: 5 * time.Second},
	{Base: 15 * time.Minute, Inc: 10 * time.Second},
	{Base: 30 * time.Minute},
}

// clocks are the two players' clocks. Only the side to move's clock runs,
// from turnStart; left holds what each side had when its turn began.
type clocks struct {
	tc        TimeControl
	left      [2]time.Duration
	running   bool      // false before the first move and after the end
	turnStart time.Time // when the running clock started
}

// newClocks sets both clocks to tc's base time, stopped.
func newClocks(tc TimeControl) clocks {
	return clocks{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
}

// remaining returns what side c has left at now (never negative).
func (c *clocks) remaining(side chess.Color, toMove chess.Color, now time.Time) time.Duration {
	d := c.left[side]
	if c.running && side == toMove {
		d -= now.Sub(c.turnStart)
	}
	return max(d, 0)
}

// moved charges mover for the move just made at now, adds the increment
// and starts the other clock.
func (c *clocks) moved(mover chess.Color, now time.Time) {
	if !c.tc.Enabled() {
		return
	}
	if c.running {
		c.left[mover] -= now.Sub(c.turnStart)
		c.left[mover] = max(c.left[mover], 0)
	}
	c.left[mover] += c.tc.Inc
	c.running = true
	c.turnStart = now
}

// stop freezes both clocks at now (the game is over, or paused).
func (c *clocks) stop(toMove chess.Color, now time.Time) {
	if c.running {
		c.left[toMove] = c.remaining(toMove, toMove, now)
		c.running = false
	}
}

// formatClock writes d as m:ss, with tenths under ten seconds.
func formatClock(d time.Duration) string {
	if d < 10*time.Second {
		d = d.Truncate(100 * time.Millisecond) // 9.99 s is 0:09.9, not 0:10.0
		return fmt.Sprintf("0:%04.1f", d.Seconds())
	}
	s := int(d.Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
