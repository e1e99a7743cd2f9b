package match

import (
	"fmt"
	"strconv"
	"strings"

	"ox88/clock"
)

// gameLimits bound one engine's thinking over a game of the match (one
// search's limits are search.Limits): a time control (a clock, or a fixed
// time per move), a fixed node count, a fixed depth, or several of them.
// Nodes and depth do not depend on the machine's load. Each engine has
// its own (cutechess-cli's tc=, st=, nodes=, depth= inside --engine).
type gameLimits struct {
	clock.TimeControl
	Nodes uint64 // fixed nodes per move (UCI only)
	Depth int    // fixed depth per move
}

// limitKeys are the engine settings that set limits; --tc, --st, --nodes
// and --depth give them to every engine.
var limitKeys = [...]string{"tc", "st", "nodes", "depth"}

// isLimitKey reports whether key is one of limitKeys.
func isLimitKey(key string) bool {
	for _, k := range limitKeys {
		if k == key {
			return true
		}
	}
	return false
}

// set reads one limit setting: tc= a time control as clock.Parse reads it
// (10+0.1, 40/5m, 5s/move; none or inf for no clock), st= seconds per
// move, nodes= and depth= whole numbers (0: no such limit). tc= replaces
// the clock and st= the time per move; an engine whose list gives both
// is refused by check.
func (l *gameLimits) set(key, value string) error {
	switch key {
	case "tc":
		tc, err := clock.Parse(value)
		if err != nil {
			return err
		}
		if tc.MoveTime == 0 {
			tc.MoveTime = l.MoveTime // an st= given before stays, for check to see
		}
		l.TimeControl = tc
	case "st":
		d, err := clock.ParseTime(value)
		if err == nil && d <= 0 {
			err = fmt.Errorf("the time per move must be positive")
		}
		if err != nil {
			return err
		}
		l.MoveTime = d
	case "nodes":
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return fmt.Errorf("nodes %q: want a whole number", value)
		}
		l.Nodes = n
	case "depth":
		n, err := atoiMin(value, 0)
		if err != nil {
			return fmt.Errorf("depth %q: %w", value, err)
		}
		l.Depth = n
	default:
		return fmt.Errorf("unknown limit %q", key)
	}
	return nil
}

// check reports what is wrong with the limits of one engine, speaking
// protocol proto, or nil.
func (l gameLimits) check(proto string) error {
	switch {
	case l.HasClock() && l.MoveTime > 0:
		return fmt.Errorf("a clock (tc=, --tc) and a time per move (st=, --st) exclude each other, as in cutechess-cli")
	case !l.HasClock() && l.MoveTime == 0 && l.Nodes == 0 && l.Depth == 0:
		return fmt.Errorf("no limit: give --tc, --st, --nodes or --depth, or tc=, st=, nodes=, depth= in its --engine")
	case l.Nodes > 0 && proto == protoXboard:
		return fmt.Errorf("xboard has no node limit; use tc=, st= or depth=")
	}
	return nil
}

// timed reports whether the engine plays against time (a clock or a time
// per move), so that a late move loses on time rather than stalls.
func (l gameLimits) timed() bool { return l.HasClock() || l.MoveTime > 0 }

// describe returns the limits in the engine settings' syntax, for reports:
// "tc=10s+0.1s nodes=5000".
func (l gameLimits) describe() string {
	var parts []string
	if l.timed() {
		parts = append(parts, "tc="+l.TimeControl.String())
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
