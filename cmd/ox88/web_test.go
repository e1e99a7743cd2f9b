package main

import "testing"

// TestWebBenchSignature checks that the page's bench is the command's: the
// same node count at the same depth.
func TestWebBenchSignature(t *testing.T) {
	want, _ := bench(4, nil)
	calls := 0
	got, _ := webBench(4, func(i, total int, nodes uint64) {
		calls++
		if total != len(benchFENs) || i != calls-1 {
			t.Fatalf("progress %d of %d after %d calls", i, total, calls)
		}
	})
	if got != want || calls != len(benchFENs) {
		t.Fatalf("web bench %d nodes in %d calls, ox88 bench %d", got, calls, want)
	}
}

func TestWebFlags(t *testing.T) {
	if code := runWeb([]string{"-h"}); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
	if code := runWeb([]string{"--addr", "127.0.0.1:bad"}); code != 1 {
		t.Errorf("bad address: exit %d", code)
	}
	if code := runWeb([]string{"--nope"}); code != 2 {
		t.Errorf("unknown flag: exit %d", code)
	}
}
