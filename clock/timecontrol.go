// Package clock is ox88's one time control and one chess clock: what a
// game gives each side (TimeControl, read by Parse), both sides' time
// left as the game goes on (Clock), and what a UCI "go" says about them
// (Times). The terminal and browser games, the xboard server and the
// match runner all use it.
//
// # Writing a time control
//
//	none            no clocks ("" and "inf", cutechess-cli's word, too)
//	5m+3s           5 minutes each, 3 seconds added after every move
//	90s+1s  1h  1m30s+0.5s  100ms      times with units: h, m, s, ms
//	10+0.1          bare numbers are seconds, as in cutechess-cli
//	2:30+1          minutes:seconds (cutechess-cli): 2.5 minutes
//	40/5m+0  40/300 40 moves in 5 minutes, then 5 more minutes for the next 40
//	5s/move         a fixed time for each move instead of a clock
//
// A bare number means seconds everywhere in ox88, so that "ox88 match
// --tc 10+0.1" reads as cutechess-cli reads it. Where people play
// (ox88 play --tc, the browser game), ParseForPlay refuses a bare base
// under a minute, which is most likely minutes meant as "5+3": write 5m+3s.
package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is what a game gives each side: a clock (Base, renewed
// every Moves moves when Moves > 0, plus Inc after each move), or a fixed
// time per move (MoveTime), or nothing. Parse never sets both a clock and
// MoveTime. The zero TimeControl means no clocks.
type TimeControl struct {
	Moves    int           // moves per period (0: the whole game is one period)
	Base     time.Duration // clock time per period
	Inc      time.Duration // added after each move (Fischer)
	MoveTime time.Duration // a fixed time per move, without a clock
}

// MaxTime bounds every time a time control is written with.
const MaxTime = 24 * time.Hour

// minPlayBase is the least bare-number base ParseForPlay accepts: a bare
// base below a minute is most likely minutes written without a unit.
const minPlayBase = time.Minute

// HasClock reports whether tc runs game clocks.
func (tc TimeControl) HasClock() bool { return tc.Base > 0 }

// MovesToGo returns the moves left in the current period for a side that
// has made made moves (0: no periods, the clock lasts the game).
func (tc TimeControl) MovesToGo(made int) int {
	if tc.Moves <= 0 {
		return 0
	}
	return tc.Moves - made%tc.Moves
}

// Parse reads a time control as the package comment writes it: "none",
// "[moves/]base[+inc]" or "time/move", each time a bare number of seconds,
// minutes:seconds, or numbers with units ("1m30s"). The error names the
// input and what is wrong with it.
func Parse(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	var tc TimeControl
	switch s {
	case "", "none", "inf":
		return tc, nil
	}
	bad := func(err error) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("time control %q: %w", s, err)
	}
	if t, ok := strings.CutSuffix(s, "/move"); ok {
		d, err := ParseTime(t)
		if err == nil && d <= 0 {
			err = fmt.Errorf("the time per move must be positive")
		}
		if err != nil {
			return bad(err)
		}
		return TimeControl{MoveTime: d}, nil
	}
	rest := s
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n <= 0 || !isDigits(moves) {
			return bad(fmt.Errorf("bad move count %q: want a whole number above 0", moves))
		}
		tc.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = ParseTime(base); err != nil {
		return bad(err)
	}
	if hasInc {
		if tc.Inc, err = ParseTime(inc); err != nil {
			return bad(err)
		}
	}
	if tc.Base <= 0 {
		return bad(fmt.Errorf("the base time must be positive (none: no clocks)"))
	}
	return tc, nil
}

// ParseForPlay is Parse for a game people play (ox88 play, the browser
// game): a clock only, and a base written as a bare number must be a
// minute or more, since "5+3" there most likely means 5 minutes.
func ParseForPlay(s string) (TimeControl, error) {
	tc, err := Parse(s)
	if err != nil {
		return tc, err
	}
	if tc.MoveTime > 0 {
		return TimeControl{}, fmt.Errorf("time control %q: a game here needs a clock, such as 5m+3s", strings.TrimSpace(s))
	}
	base, _, _ := strings.Cut(strings.TrimSpace(s), "+")
	if _, b, ok := strings.Cut(base, "/"); ok {
		base = b
	}
	if tc.HasClock() && tc.Base < minPlayBase && isNumber(base) {
		minutes := tc
		minutes.Base *= 60
		return TimeControl{}, fmt.Errorf("time control %q: bare numbers are seconds, so this is %s; "+
			"write %s for minutes, or %s if seconds are meant", strings.TrimSpace(s), tc, minutes, tc)
	}
	return tc, nil
}

// ParseTime reads one time: a bare number of seconds ("90", "0.5"),
// minutes:seconds ("2:30") or numbers with units h, m, s, ms ("5m",
// "1m30s", "100ms"). It rounds to the millisecond.
func ParseTime(s string) (time.Duration, error) {
	d, err := time.Duration(0), errors.New("bad time")
	switch mins, secs, colon := strings.Cut(s, ":"); {
	case colon && isDigits(mins) && isNumber(secs):
		d, err = time.ParseDuration(mins + "m" + secs + "s")
	case isNumber(s):
		d, err = time.ParseDuration(s + "s")
	case !colon && strings.Trim(s, "0123456789.hms") == "":
		d, err = time.ParseDuration(s) // only h, m, s and ms: no sign, no µs
	}
	if err != nil {
		return 0, fmt.Errorf("bad time %q: want seconds (10, 0.5), minutes:seconds (2:30) "+
			"or a time with units h, m, s, ms (5m, 1m30s)", s)
	}
	if d > MaxTime {
		return 0, fmt.Errorf("time %q: more than %s", s, formatTime(MaxTime))
	}
	return d.Round(time.Millisecond), nil
}

// isNumber reports whether s is a plain decimal number: digits with at
// most one point, and at least one digit (no sign, exponent, Inf or NaN).
func isNumber(s string) bool {
	whole, frac, _ := strings.Cut(s, ".")
	return isDigits(whole + frac)
}

// isDigits reports whether s is made of the digits 0 to 9 only.
func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// String returns tc in the canonical form that Parse reads back: "none",
// "5m+3s", "40/1h30m", "10s+0.1s" or "5s/move".
func (tc TimeControl) String() string {
	switch {
	case tc.MoveTime > 0 && !tc.HasClock():
		return formatTime(tc.MoveTime) + "/move"
	case !tc.HasClock():
		return "none"
	}
	return tc.clockText(formatTime)
}

// PGN returns tc as the value of a PGN TimeControl tag, in seconds as
// cutechess-cli writes it: "300+3", "40/300", "10+0.1"; "-" without a
// clock.
func (tc TimeControl) PGN() string {
	if !tc.HasClock() {
		return "-"
	}
	return tc.clockText(formatSeconds)
}

// clockText writes the clock as [moves/]base[+inc], each time written by
// format.
func (tc TimeControl) clockText(format func(time.Duration) string) string {
	s := format(tc.Base)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + format(tc.Inc)
	}
	return s
}

// formatTime writes d with units: "1h30m", "5m", "1m30.5s", "0.1s", "0s".
func formatTime(d time.Duration) string {
	var b strings.Builder
	if h := d / time.Hour; h > 0 {
		fmt.Fprintf(&b, "%dh", h)
	}
	if m := d % time.Hour / time.Minute; m > 0 {
		fmt.Fprintf(&b, "%dm", m)
	}
	if s := d % time.Minute; s > 0 || d == 0 {
		b.WriteString(formatSeconds(s) + "s")
	}
	return b.String()
}

// formatSeconds writes d in seconds without trailing zeros: "10", "0.1".
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}
