package search

import "time"

// Clock budgeting constants.
const (
	defaultMovesToGo = 30   // sudden death: plan as if this many moves remain
	incrementShare   = 0.75 // share of the increment spent on this move
	hardMultiple     = 4    // the hard limit may reach this multiple of the soft budget
	hardShareOfClock = 0.4  // ... but never more than this share of the time left
	minThinkTime     = time.Millisecond
)

// TimeBudget turns a clock into a soft budget (what iterative deepening
// aims at) and a hard limit (never crossed). left is the time on the clock,
// inc the increment per move, movesToGo the moves to the next time control
// (0: sudden death) and overhead the time lost per move to communication,
// which is subtracted first.
func TimeBudget(left, inc time.Duration, movesToGo int, overhead time.Duration) (soft, hard time.Duration) {
	usable := left - overhead
	if usable < minThinkTime {
		// Almost flagged: answer from the first iteration.
		return minThinkTime / 2, minThinkTime
	}
	mtg := movesToGo
	if mtg <= 0 || mtg > defaultMovesToGo {
		mtg = defaultMovesToGo
	}
	soft = usable/time.Duration(mtg) + time.Duration(float64(inc)*incrementShare)
	hard = min(soft*hardMultiple, time.Duration(float64(usable)*hardShareOfClock))
	if movesToGo == 1 {
		hard = min(usable*8/10, max(hard, soft))
	}
	hard = max(hard, minThinkTime)
	soft = min(soft, hard)
	return soft, hard
}
