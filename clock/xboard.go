package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParseLevel reads the arguments of xboard's "level MPS BASE INC": moves
// per session (0: the whole game), the base in minutes or
// minutes:seconds, and the increment in seconds.
func ParseLevel(args []string) (TimeControl, error) {
	if len(args) != 3 {
		return TimeControl{}, errors.New("level needs three values: MPS BASE INC")
	}
	mps, err := strconv.Atoi(args[0])
	if err != nil || !isDigits(args[0]) {
		return TimeControl{}, fmt.Errorf("bad moves per session %q", args[0])
	}
	base := args[1]
	if !strings.Contains(base, ":") {
		base += "m" // minutes
	}
	tc := TimeControl{Moves: mps}
	if tc.Base, err = ParseTime(base); err != nil || !isNumber(strings.ReplaceAll(args[1], ":", "")) {
		return TimeControl{}, fmt.Errorf("bad base time %q", args[1])
	}
	if tc.Inc, err = ParseTime(args[2]); err != nil || !isNumber(args[2]) {
		return TimeControl{}, fmt.Errorf("bad increment %q", args[2])
	}
	return tc, nil
}

// Level returns tc as xboard's level command: "level 40 5:00 0",
// "level 0 0:10 0.1".
func (tc TimeControl) Level() string {
	secs := formatSeconds(tc.Base % time.Minute)
	if len(secs) == 1 || strings.IndexByte(secs, '.') == 1 {
		secs = "0" + secs
	}
	return fmt.Sprintf("level %d %d:%s %s", tc.Moves, tc.Base/time.Minute, secs, formatSeconds(tc.Inc))
}
