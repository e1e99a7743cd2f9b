package main

import (
	"flag"
	"os/exec"
	"strings"
	"testing"
	"time"

	"ox88/chess"
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
		{[]string{"play", "--960", "960"}, 2, "--960 960: want a start position number from 0 to 959"},
		{[]string{"play", "--960=-1"}, 2, "want a start position number"},
		{[]string{"play", "--960", "5", "--fen", "8/8/8 w - -"}, 2, "--960 and --fen or --pgn exclude each other"},
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

// TestChess960Flag: --960 N with a space, with "=", and alone (random).
func TestChess960Flag(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		n     int // -1: any
		level int
	}{
		{[]string{"--960", "5", "--level", "3"}, 5, 3},
		{[]string{"--level", "4", "--960=959"}, 959, 4},
		{[]string{"--960"}, -1, 0},
	} {
		fs := flag.NewFlagSet("play", flag.ContinueOnError)
		var f chess960Flag
		fs.Var(&f, "960", "")
		level := fs.Int("level", 0, "")
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		fen, n, err := f.start(fs)
		if err != nil || tc.n >= 0 && n != tc.n || n < 0 || n >= chess.Chess960Positions ||
			fen != chess.Chess960Start(n).FEN() || *level != tc.level || fs.NArg() != 0 {
			t.Errorf("%v: %q %d %v, level %d", tc.args, fen, n, err, *level)
		}
	}
}
