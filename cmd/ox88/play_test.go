package main

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestBareOx88OnAPipeIsUCI checks the default command: with standard input
// not a terminal, bare ox88 speaks UCI (the terminal game itself is tested
// in a pseudo-terminal by package tui).
func TestBareOx88OnAPipeIsUCI(t *testing.T) {
	bin := buildOx88(t)
	p := startEngine(t, bin)
	p.send("uci")
	p.expect("uciok", 2*time.Second)
	p.send("quit")
}

func TestPlayFlags(t *testing.T) {
	bin := buildOx88(t)
	tests := []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"play", "-h"}, 0, "-level"},
		{[]string{"play", "--level", "99"}, 1, "level must be 1 to 10"},
		{[]string{"play", "--color", "green"}, 1, "color must be white, black, both or none"},
		{[]string{"play", "--tc", "fast"}, 2, "time control \"fast\""},
		{[]string{"play", "--tc", "5+3"}, 2, "so this is 5s+3s; write 5m+3s for minutes"},
		{[]string{"play", "--fen", "8/8/8 w - -"}, 1, "--fen: "},
		{[]string{"play", "--pgn", "/no/such/file.pgn"}, 1, "no such file"},
		{[]string{"play", "extra"}, 2, "unexpected argument"},
		{[]string{"play", "--book", "/no/such/book.bin"}, 1, "book: "},
	}
	for _, tt := range tests {
		cmd := exec.Command(bin, tt.args...)
		out, err := cmd.CombinedOutput()
		status := 0
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if status != tt.status || !strings.Contains(string(out), tt.stderr) {
			t.Errorf("ox88 %s: status %d, output %q; want %d and %q", strings.Join(tt.args, " "), status, out, tt.status, tt.stderr)
		}
	}
}
