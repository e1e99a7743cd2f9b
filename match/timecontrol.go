package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// GameLimits bound each engine's thinking over a game of the match (one
// search's limits are search.Limits). Exactly one kind is normally used: a
// clock (Base, Inc, Moves), a fixed time per move (MoveTime), or a fixed
// node count or depth, which do not depend on the machine's load.
type GameLimits struct {
	Moves    int           // moves per period of the clock (0: the whole game)
	Base     time.Duration // clock time per period
	Inc      time.Duration // added after each move
	MoveTime time.Duration // fixed time per move (--st)
	Nodes    uint64        // fixed nodes per move (UCI only)
	Depth    int           // fixed depth per move
}

// HasClock reports whether the limits include a game clock.
func (l GameLimits) HasClock() bool { return l.Base > 0 || l.Inc > 0 }

// ParseTimeControl reads cutechess-cli's tc syntax: "[moves/]seconds[+inc]"
// with seconds possibly written "minutes:seconds": 10+0.1, 40/60, 2:00+1,
// 40/120+0.5. "inf" means no clock.
func ParseTimeControl(s string) (GameLimits, error) {
	var l GameLimits
	if s == "inf" || s == "" {
		return l, nil
	}
	rest := s
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n <= 0 {
			return l, fmt.Errorf("time control %q: bad move count %q", s, moves)
		}
		l.Moves = n
		rest = after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if l.Base, err = parseClockTime(base); err != nil {
		return l, fmt.Errorf("time control %q: %w", s, err)
	}
	if hasInc {
		if l.Inc, err = parseSeconds(inc); err != nil {
			return l, fmt.Errorf("time control %q: %w", s, err)
		}
	}
	if l.Base <= 0 {
		return l, fmt.Errorf("time control %q: the base time must be positive", s)
	}
	return l, nil
}

// parseClockTime reads "seconds" or "minutes:seconds".
func parseClockTime(s string) (time.Duration, error) {
	if m, sec, ok := strings.Cut(s, ":"); ok {
		mins, err := strconv.Atoi(m)
		if err != nil || mins < 0 {
			return 0, fmt.Errorf("bad minutes %q", m)
		}
		d, err := parseSeconds(sec)
		return time.Duration(mins)*time.Minute + d, err
	}
	return parseSeconds(s)
}

// parseSeconds reads a non-negative decimal number of seconds.
func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration(math.Round(f * float64(time.Second))), nil
}

// String returns the clock as a PGN TimeControl tag value in seconds:
// "10+0.1", "40/60", "40/60+0.5". GameLimits without a clock (fixed time,
// nodes or depth per move) give "-", PGN's "unknown"; Describe names them.
func (l GameLimits) String() string {
	if !l.HasClock() {
		return "-"
	}
	s := formatSeconds(l.Base)
	if l.Moves > 0 {
		s = strconv.Itoa(l.Moves) + "/" + s
	}
	if l.Inc > 0 {
		s += "+" + formatSeconds(l.Inc)
	}
	return s
}

// Describe returns all the limits in the runner's own syntax, for reports.
func (l GameLimits) Describe() string {
	var parts []string
	if l.HasClock() {
		parts = append(parts, "tc="+l.String())
	}
	if l.MoveTime > 0 {
		parts = append(parts, "st="+formatSeconds(l.MoveTime))
	}
	if l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes=%d", l.Nodes))
	}
	if l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth=%d", l.Depth))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}

// formatSeconds writes a duration in seconds without trailing zeros.
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// clock is one side's game clock.
type clock struct {
	left  time.Duration // time on the clock
	moves int           // moves this side has made
}

// newClock returns a clock set for the start of a game.
func newClock(l GameLimits) clock { return clock{left: l.Base} }

// movesToGo returns the moves left in the current period (0: sudden death).
func (c *clock) movesToGo(l GameLimits) int {
	if l.Moves == 0 {
		return 0
	}
	return l.Moves - c.moves%l.Moves
}

// spend charges one move's thinking time, adds the increment and, at the
// end of a period, the next period's time. It reports false when the flag
// fell: the time used exceeded what was left by more than margin.
func (c *clock) spend(l GameLimits, used, margin time.Duration) bool {
	c.left -= used
	if c.left < -margin {
		return false
	}
	c.moves++
	c.left += l.Inc
	if l.Moves > 0 && c.moves%l.Moves == 0 {
		c.left += l.Base
	}
	return true
}
