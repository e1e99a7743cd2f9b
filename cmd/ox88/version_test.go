package main

import (
	"strings"
	"testing"
)

// TestVersionLine: the version line names the program, the version and
// the Go release, so bug reports say what was run.
func TestVersionLine(t *testing.T) {
	v := versionLine()
	if !strings.HasPrefix(v, "ox88 "+version+" (") || !strings.Contains(v, "go1.") {
		t.Errorf("version line %q", v)
	}
}
