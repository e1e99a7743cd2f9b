package main

import (
	"strings"
	"testing"
)

// TestABCommand lists the options, refuses an unknown one and a time
// control without a clock, and plays tiny matches at fixed nodes and on a
// clock to their summary lines.
func TestABCommand(t *testing.T) {
	out, code := captureStdout(t, func() int { return runAB([]string{"--list"}) })
	if code != 0 || !strings.Contains(out, "  experiment ") || !strings.Contains(out, "  mobility ") {
		t.Errorf("--list: exit %d\n%s", code, out)
	}
	if _, code := captureStdout(t, func() int { return runAB([]string{"--b", "experiment,nofoo"}) }); code != 2 {
		t.Errorf("an unknown option: exit %d, want 2", code)
	}
	out, code = captureStdout(t, func() int {
		return runAB([]string{"--b", "experiment", "--games", "2", "--nodes", "200", "--workers", "1",
			"--openings", "../../testdata/openings-8moves-100.epd"})
	})
	if code != 0 || !strings.HasPrefix(out, "A (defaults) vs B (experiment), 200 nodes a move\nScore of A vs B: ") ||
		!strings.Contains(out, "Pairs (0, 1/2, 1, 3/2, 2 points): ") {
		t.Errorf("exit %d\n%s", code, out)
	}
	out, code = captureStdout(t, func() int {
		return runAB([]string{"--b", "nopawns", "--games", "2", "--tc", "0.2+0.01", "--workers", "1"})
	})
	if code != 0 || !strings.HasPrefix(out, "A (defaults) vs B (nopawns), tc 0.2+0.01, time losses: A ") ||
		!strings.Contains(out, "\nScore of A vs B: ") || !strings.Contains(out, " [") {
		t.Errorf("--tc: exit %d\n%s", code, out)
	}
	for _, tc := range []string{"none", "5s/move", "0.2+"} {
		if _, code := captureStdout(t, func() int { return runAB([]string{"--tc", tc}) }); code != 2 {
			t.Errorf("--tc %s: exit %d, want 2", tc, code)
		}
	}
}
