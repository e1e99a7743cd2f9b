package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"ox88/nnue"
	"ox88/search"
)

// TestSolve runs the command on a two-position suite and reads its last line.
func TestSolve(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.epd")
	suite := "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"mate\";\n" +
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Kf1; id \"impossible\";\n"
	if err := os.WriteFile(file, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := captureStdout(t, func() int { return runSolve([]string{file, "--nodes", "2000"}) })
	if last := lastLine(out); code != 0 || last != "solved 1 of 2" {
		t.Errorf("exit %d, last line %q", code, last)
	}
	if !strings.Contains(out, "FAIL impossible") {
		t.Errorf("failure not printed:\n%s", out)
	}
}

// TestSolveErrors: bad flags exit 2 before any search, a missing suite 1.
func TestSolveErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.epd")
	if err := os.WriteFile(file, []byte("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		code int
	}{
		{"no file", nil, 2},
		{"nodes and movetime", []string{file, "--nodes", "10", "--movetime", "10"}, 2},
		{"negative movetime", []string{file, "--movetime", "-5"}, 2},
		{"no hash", []string{file, "--nodes", "10", "--hash", "0"}, 2},
		{"missing file", []string{file + ".missing", "--nodes", "10"}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, code := captureStdout(t, func() int { return runSolve(c.args) }); code != c.code {
				t.Errorf("%v: exit %d, want %d", c.args, code, c.code)
			}
		})
	}
}

// TestBenchCommand runs `ox88 bench --depth 2`: its last line carries the
// node count of search.Bench.
func TestBenchCommand(t *testing.T) {
	want, _ := search.Bench(2, nil, nil)
	out, code := captureStdout(t, func() int { return runBench([]string{"--depth", "2"}) })
	if nodes, _, _ := strings.Cut(lastLine(out), " nodes "); code != 0 || nodes != strconv.FormatUint(want, 10) {
		t.Errorf("exit %d, last line %q, want %d nodes", code, lastLine(out), want)
	}
	if n := strings.Count(out, "\n"); n != len(search.BenchPositions)+1 {
		t.Errorf("%d lines, want one per position and the total:\n%s", n, out)
	}
	// With two threads the node count varies from run to run; the last
	// line has the same form.
	out, code = captureStdout(t, func() int { return runBench([]string{"--depth", "4", "--threads", "2"}) })
	nodes, _, _ := strings.Cut(lastLine(out), " nodes ")
	if n, err := strconv.ParseUint(nodes, 10, 64); code != 0 || err != nil || n == 0 {
		t.Errorf("--threads 2: exit %d, last line %q", code, lastLine(out))
	}
	if code := runBench([]string{"--threads", "0"}); code != 2 {
		t.Errorf("--threads 0: exit %d, want 2", code)
	}
}

// TestBenchEvalFile: `ox88 bench --eval-file NET` searches with that net
// even after --options nonnue (the embedded net saved to a file gives the
// embedded net's count, not the hand-written evaluation's), and a file
// that is no net is refused.
func TestBenchEvalFile(t *testing.T) {
	net := filepath.Join(t.TempDir(), "net.nnue")
	if err := nnue.Default().Save(net); err != nil {
		t.Fatal(err)
	}
	want, _ := search.Bench(3, nil, nil)
	out, code := captureStdout(t, func() int {
		return runBench([]string{"--depth", "3", "--options", "nonnue", "--eval-file", net})
	})
	if nodes, _, _ := strings.Cut(lastLine(out), " nodes "); code != 0 || nodes != strconv.FormatUint(want, 10) {
		t.Errorf("exit %d, last line %q, want %d nodes", code, lastLine(out), want)
	}
	if code := runBench([]string{"--depth", "1", "--eval-file", filepath.Join(t.TempDir(), "none.nnue")}); code != 1 {
		t.Errorf("a missing net: exit %d, want 1", code)
	}
}
