package tui

import (
	"testing"
	"time"

	"ox88/chess"
)

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
		err  bool
	}{
		{"", TimeControl{}, false},
		{"none", TimeControl{}, false},
		{"5+3", TimeControl{5 * time.Minute, 3 * time.Second}, false},
		{"10", TimeControl{10 * time.Minute, 0}, false},
		{"0.5+1", TimeControl{30 * time.Second, time.Second}, false},
		{" 3+2 ", TimeControl{3 * time.Minute, 2 * time.Second}, false},
		{"fast", TimeControl{}, true},
		{"5+", TimeControl{5 * time.Minute, 0}, false},
		{"5+x", TimeControl{}, true},
		{"-5+3", TimeControl{}, true},
		{"5+-3", TimeControl{}, true},
		{"100000", TimeControl{}, true},
		{"NaN", TimeControl{}, true}, // found by FuzzParseTimeControl
		{"5+NaN", TimeControl{}, true},
		{"Inf", TimeControl{}, true},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("%q: %+v, %v", tt.in, got, err)
		}
	}
	if s := (TimeControl{5 * time.Minute, 3 * time.Second}).String(); s != "5+3" {
		t.Errorf("String %q", s)
	}
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"5+3", "0.5+1", "none", "1e3+1", "NaN", "+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if tc.Base < 0 || tc.Inc < 0 || tc.Base > 24*time.Hour {
			t.Fatalf("%q gave %+v", s, tc)
		}
		if tc.Enabled() {
			back, err := ParseTimeControl(tc.String())
			if err != nil || back != tc {
				t.Fatalf("%q -> %q -> %+v, %v", s, tc.String(), back, err)
			}
		}
	})
}

func TestClocks(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := newClocks(TimeControl{Base: time.Minute, Inc: 2 * time.Second})
	c.moved(chess.White, t0) // the first move costs nothing
	if c.left[chess.White] != 62*time.Second || !c.running {
		t.Fatalf("after White's first move: %v", c.left)
	}
	now := t0.Add(10 * time.Second)
	if r := c.remaining(chess.Black, chess.Black, now); r != 50*time.Second {
		t.Fatalf("Black has %v", r)
	}
	c.moved(chess.Black, now)
	if c.left[chess.Black] != 52*time.Second {
		t.Fatalf("Black after moving: %v", c.left[chess.Black])
	}
	c.stop(chess.White, now.Add(5*time.Second))
	if c.left[chess.White] != 57*time.Second || c.running {
		t.Fatalf("stopped: %v", c.left)
	}
	for d, want := range map[time.Duration]string{
		9500 * time.Millisecond: "0:09.5", 10 * time.Second: "0:10", 754 * time.Second: "12:34",
		3725 * time.Second: "1:02:05", 0: "0:00.0", 9990 * time.Millisecond: "0:09.9",
	} {
		if got := formatClock(d); got != want {
			t.Errorf("formatClock(%v) = %q, want %q", d, got, want)
		}
	}
}
