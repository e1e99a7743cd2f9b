package clock

import (
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	const s, ms, m = time.Second, time.Millisecond, time.Minute
	tests := []struct {
		in        string
		want      TimeControl
		canonical string // String()
		pgn       string // PGN()
	}{
		{"", TimeControl{}, "none", "-"},
		{"none", TimeControl{}, "none", "-"},
		{"inf", TimeControl{}, "none", "-"},
		{"10+0.1", TimeControl{Base: 10 * s, Inc: 100 * ms}, "10s+0.1s", "10+0.1"},
		{"40/60", TimeControl{Moves: 40, Base: m}, "40/1m", "40/60"},
		{"2:00+1", TimeControl{Base: 2 * m, Inc: s}, "2m+1s", "120+1"},
		{"40/120+0.5", TimeControl{Moves: 40, Base: 2 * m, Inc: 500 * ms}, "40/2m+0.5s", "40/120+0.5"},
		{" 5m+3s ", TimeControl{Base: 5 * m, Inc: 3 * s}, "5m+3s", "300+3"},
		{"90s+1s", TimeControl{Base: 90 * s, Inc: s}, "1m30s+1s", "90+1"},
		{"1h", TimeControl{Base: time.Hour}, "1h", "3600"},
		{"1h30m+30s", TimeControl{Base: 90 * m, Inc: 30 * s}, "1h30m+30s", "5400+30"},
		{"40/5m+0", TimeControl{Moves: 40, Base: 5 * m}, "40/5m", "40/300"},
		{"1m30.5s+100ms", TimeControl{Base: 90500 * ms, Inc: 100 * ms}, "1m30.5s+0.1s", "90.5+0.1"},
		{"2.5m", TimeControl{Base: 150 * s}, "2m30s", "150"},
		{"5s/move", TimeControl{MoveTime: 5 * s}, "5s/move", "-"},
		{"0.5/move", TimeControl{MoveTime: 500 * ms}, "0.5s/move", "-"},
		{"24h", TimeControl{Base: 24 * time.Hour}, "24h", "86400"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Parse(tc.in)
			if err != nil || got != tc.want {
				t.Errorf("Parse(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
				return
			}
			if got.String() != tc.canonical || got.PGN() != tc.pgn {
				t.Errorf("%q: String %q PGN %q, want %q %q", tc.in, got.String(), got.PGN(), tc.canonical, tc.pgn)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	const units = `want seconds (10, 0.5), minutes:seconds (2:30) or a time with units h, m, s, ms (5m, 1m30s)`
	tests := []struct{ in, want string }{
		{"5x+3", `time control "5x+3": bad time "5x": ` + units},
		{"x", `bad time "x": ` + units},
		{"5min", `bad time "5min": ` + units},
		{"5us", `bad time "5us": ` + units},
		{"1m30", `bad time "1m30": ` + units},
		{"m5", `bad time "m5": ` + units},
		{"10+", `time control "10+": bad time "": ` + units},
		{"-1+1", `bad time "-1": ` + units},
		{"10+-1", `bad time "-1": ` + units},
		{"1:xx", `bad time "1:xx": ` + units},
		{"NaN", `bad time "NaN": ` + units},
		{"Inf+1", `bad time "Inf": ` + units},
		{"1e3", `bad time "1e3": ` + units},
		{"1.2.3", `bad time "1.2.3": ` + units},
		{"40/5s/move", `bad time "40/5s": ` + units},
		{"0", `time control "0": the base time must be positive (none: no clocks)`},
		{"0s+1s", `time control "0s+1s": the base time must be positive (none: no clocks)`},
		{"0.0004", `time control "0.0004": the base time must be positive (none: no clocks)`},
		{"/10", `time control "/10": bad move count "": want a whole number above 0`},
		{"0/10", `bad move count "0": want a whole number above 0`},
		{"+5/10", `bad move count "+5": want a whole number above 0`},
		{"25h", `time control "25h": time "25h": more than 24h`},
		{"0s/move", `time control "0s/move": the time per move must be positive`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Parse(tc.in)
			if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
				t.Errorf("Parse(%q) = %+v, %v\nwant an error ending %s", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestParseForPlay(t *testing.T) {
	for in, want := range map[string]TimeControl{
		"5m+3s":  {Base: 5 * time.Minute, Inc: 3 * time.Second},
		"300+3":  {Base: 5 * time.Minute, Inc: 3 * time.Second},
		"30s+1s": {Base: 30 * time.Second, Inc: time.Second},
		"0:30":   {Base: 30 * time.Second},
		"none":   {},
	} {
		t.Run(in, func(t *testing.T) {
			if got, err := ParseForPlay(in); err != nil || got != want {
				t.Errorf("ParseForPlay(%q) = %+v, %v; want %+v", in, got, err, want)
			}
		})
	}
	for in, want := range map[string]string{
		"5+3":     `time control "5+3": bare numbers are seconds, so this is 5s+3s; write 5m+3s for minutes, or 5s+3s if seconds are meant`,
		"40/10":   `time control "40/10": bare numbers are seconds, so this is 40/10s; write 40/10m for minutes, or 40/10s if seconds are meant`,
		"5s/move": `time control "5s/move": a game here needs a clock, such as 5m+3s`,
		"fast":    `time control "fast": bad time "fast": want seconds (10, 0.5), minutes:seconds (2:30) or a time with units h, m, s, ms (5m, 1m30s)`,
	} {
		t.Run(in, func(t *testing.T) {
			if _, err := ParseForPlay(in); err == nil || err.Error() != want {
				t.Errorf("ParseForPlay(%q): %v\nwant %s", in, err, want)
			}
		})
	}
}

func TestLevel(t *testing.T) {
	tests := []struct {
		args []string
		want TimeControl
		cmd  string // Level()
	}{
		{[]string{"40", "5", "0"}, TimeControl{Moves: 40, Base: 5 * time.Minute}, "level 40 5:00 0"},
		{[]string{"0", "0:30", "0.5"}, TimeControl{Base: 30 * time.Second, Inc: 500 * time.Millisecond}, "level 0 0:30 0.5"},
		{[]string{"0", "0:02.5", "0.1"}, TimeControl{Base: 2500 * time.Millisecond, Inc: 100 * time.Millisecond}, "level 0 0:02.5 0.1"},
		{[]string{"0", "90", "12"}, TimeControl{Base: 90 * time.Minute, Inc: 12 * time.Second}, "level 0 90:00 12"},
	}
	for _, tc := range tests {
		t.Run(tc.cmd, func(t *testing.T) {
			got, err := ParseLevel(tc.args)
			if err != nil || got != tc.want || got.Level() != tc.cmd {
				t.Errorf("ParseLevel(%q) = %+v (%q), %v; want %+v (%q)", tc.args, got, got.Level(), err, tc.want, tc.cmd)
			}
		})
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"one value", []string{"40"}, "level needs three values: MPS BASE INC"},
		{"negative moves", []string{"-1", "5", "0"}, `bad moves per session "-1"`},
		{"bad base", []string{"40", "x", "0"}, `bad base time "x"`},
		{"base with units", []string{"40", "5m", "0"}, `bad base time "5m"`},
		{"increment with units", []string{"40", "5", "1s"}, `bad increment "1s"`},
		{"negative increment", []string{"40", "5", "-1"}, `bad increment "-1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseLevel(tc.args); err == nil || err.Error() != tc.want {
				t.Errorf("ParseLevel(%q): %v, want %q", tc.args, err, tc.want)
			}
		})
	}
}

// FuzzParse checks that whatever Parse accepts is a sane time control
// that its canonical form reads back exactly.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"5m+3s", "10+0.1", "40/60", "2:00+1", "inf", "1/1:1+1", "1h30m", "5s/move", "NaN", "+", "0.0004"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := Parse(s)
		if err != nil {
			return
		}
		if tc.Base < 0 || tc.Inc < 0 || tc.MoveTime < 0 || tc.Base > MaxTime || tc.Inc > MaxTime || tc.Moves < 0 ||
			tc.HasClock() && tc.MoveTime > 0 || !tc.HasClock() && tc.Inc > 0 {
			t.Fatalf("%q gave %+v", s, tc)
		}
		back, err := Parse(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q -> %q -> %+v, %v", s, tc.String(), back, err)
		}
	})
}
