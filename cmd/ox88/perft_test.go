package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// captureStdout runs f with os.Stdout redirected and returns what it wrote.
func captureStdout(t *testing.T, f func() int) (string, int) { return capture(t, &os.Stdout, f) }

// capture runs f with *file (os.Stdout, os.Stderr) redirected and returns
// what it wrote there.
func capture(t *testing.T, file **os.File, f func() int) (string, int) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := *file
	*file = w
	done := make(chan []byte)
	go func() { b, _ := io.ReadAll(r); done <- b }()
	code := f()
	w.Close()
	*file = old
	return string(<-done), code
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	out, code := captureStdout(t, func() int { return runPerft([]string{"--depth", "3"}) })
	if code != 0 || !strings.HasPrefix(lastLine(out), "nodes 8902 time ") {
		t.Errorf("exit %d, output %q", code, out)
	}
	out, code = captureStdout(t, func() int { return runPerft([]string{"--depth", "2", "--divide"}) })
	if code != 0 || !strings.Contains(out, "e2e4: 20\n") || !strings.HasPrefix(lastLine(out), "nodes 400 ") {
		t.Errorf("divide: exit %d, output %q", code, out)
	}
}

func TestPerftSuiteCommand(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "s.epd")
	text := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8903\n" +
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D5 133987\n"
	if err := os.WriteFile(suite, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := captureStdout(t, func() int { return runPerft([]string{"--suite", suite, "--max-nodes", "100000"}) })
	if code == 0 {
		t.Error("a wrong count must give a non-zero exit status")
	}
	if lastLine(out) != "4 passed, 1 failed" {
		t.Errorf("last line %q, want \"4 passed, 1 failed\"; output:\n%s", lastLine(out), out)
	}
	if !strings.Contains(out, "depth 3: got 8902, want 8903") {
		t.Errorf("mismatch not reported:\n%s", out)
	}
}
