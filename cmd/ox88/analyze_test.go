package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ox88/game"
)

// TestAnalyzeCommand reviews a Scholar's mate in which Black misses the
// threat: 3... Nf6 gets the blunder NAG (once: the file's own "??" and
// comment are replaced) and a better line, to a file and to standard
// output alike.
func TestAnalyzeCommand(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join("..", "..", "review", "testdata", "scholars-mate.pgn"), filepath.Join(dir, "reviewed.pgn")
	if _, code := captureStdout(t, func() int { return runAnalyze([]string{in, "--nodes", "3000", "--out", out}) }); code != 0 {
		t.Fatalf("exit %d", code)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	games, err := game.ParsePGN(string(data))
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	g := games[0]
	if nags := g.NAGs(6); len(nags) != 1 || nags[0] != game.NAGBlunder {
		t.Errorf("3... Nf6 has NAGs %v, want [4]\n%s", nags, data)
	}
	if c := g.Comment(6); !strings.HasPrefix(c, "[%eval #1] Blunder. ") || !strings.HasSuffix(c, " was best. Out of known theory (C23 Bishop's Opening).") {
		t.Errorf("3... Nf6's comment %q", c)
	}
	if !strings.Contains(string(data), "(3... ") || g.Tag("Annotator") == "" {
		t.Errorf("no variation or no Annotator:\n%s", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want 1 (no temporary file left)", len(entries))
	}
	stdout, code := captureStdout(t, func() int { return runAnalyze([]string{in, "--nodes", "3000"}) })
	if code != 0 || stdout != string(data) {
		t.Errorf("standard output (exit %d) differs from the file:\n%s", code, stdout)
	}
}

// TestAnalyzeCommandErrors: bad flags exit 2, an unreadable game 1.
func TestAnalyzeCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte("1. e4 e5 2. Ke3 *\n"), 0o644)
	for _, c := range []struct {
		name string
		args []string
		code int
	}{
		{"no file", nil, 2},
		{"nodes and movetime", []string{bad, "--nodes", "10", "--movetime", "10"}, 2},
		{"negative movetime", []string{bad, "--movetime", "-5"}, 2},
		{"missing file", []string{filepath.Join(dir, "missing.pgn")}, 1},
		{"illegal move", []string{bad, "--nodes", "10"}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, code := captureStdout(t, func() int { return runAnalyze(c.args) }); code != c.code {
				t.Errorf("%v: exit %d, want %d", c.args, code, c.code)
			}
		})
	}
}
