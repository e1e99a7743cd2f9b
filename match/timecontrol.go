package match

import (
	"fmt"
	"strings"

	"ox88/clock"
)

// GameLimits bound each engine's thinking over a game of the match (one
// search's limits are search.Limits): a time control (a clock, or a fixed
// time per move, from --tc or --st), or a fixed node count or depth, which
// do not depend on the machine's load.
type GameLimits struct {
	clock.TimeControl
	Nodes uint64 // fixed nodes per move (UCI only)
	Depth int    // fixed depth per move
}

// Describe returns all the limits in the runner's own syntax, for reports.
func (l GameLimits) Describe() string {
	var parts []string
	if l.HasClock() || l.MoveTime > 0 {
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
