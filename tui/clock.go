package tui

import (
	"fmt"
	"strings"
	"time"

	"ox88/clock"
)

// timeControlPresets are what the t key cycles through.
var timeControlPresets = []clock.TimeControl{
	{},
	{Base: 1 * time.Minute},
	{Base: 3 * time.Minute, Inc: 2 * time.Second},
	{Base: 5 * time.Minute, Inc: 3 * time.Second},
	{Base: 10 * time.Minute, Inc: 5 * time.Second},
	{Base: 15 * time.Minute, Inc: 10 * time.Second},
	{Base: 30 * time.Minute},
}

// presetNames lists the presets as clock.ParseForPlay (ox88 play --tc)
// reads them: "none, 1m, 3m+2s, ...".
func presetNames() string {
	names := make([]string, len(timeControlPresets))
	for i, tc := range timeControlPresets {
		names[i] = tc.String()
	}
	return strings.Join(names, ", ")
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
