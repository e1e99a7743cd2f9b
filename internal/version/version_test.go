package version

import (
	"strings"
	"testing"
)

// TestNames: both forms name the program and the release; the long one
// the Go release too, so bug reports say what was run.
func TestNames(t *testing.T) {
	if n := Name(); !strings.HasPrefix(n, "ox88 "+release) {
		t.Errorf("Name() = %q", n)
	}
	if l := Line(); !strings.HasPrefix(l, "ox88 "+release+" (") || !strings.Contains(l, "go1.") {
		t.Errorf("Line() = %q", l)
	}
}
