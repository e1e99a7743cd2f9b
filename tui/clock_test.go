package tui

import (
	"testing"
	"time"
)

func TestFormatClock(t *testing.T) {
	for d, want := range map[time.Duration]string{
		9500 * time.Millisecond: "0:09.5", 10 * time.Second: "0:10", 754 * time.Second: "12:34",
		3725 * time.Second: "1:02:05", 0: "0:00.0", 9990 * time.Millisecond: "0:09.9",
	} {
		t.Run(d.String(), func(t *testing.T) {
			if got := formatClock(d); got != want {
				t.Errorf("formatClock(%v) = %q, want %q", d, got, want)
			}
		})
	}
}
