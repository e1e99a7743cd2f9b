package search

import (
	"testing"

	"ox88/chess"
)

// TestBenchSignature pins the search's behaviour: the bench at BenchDepth
// must count BenchSignature nodes, and BenchSignatureHCE with the
// hand-written evaluation. Under -short or the race detector it
// runs a small depth twice instead (same code, same count).
func TestBenchSignature(t *testing.T) {
	for _, fen := range BenchPositions {
		if _, err := chess.ParseFEN(fen); err != nil {
			t.Fatalf("bench position %s: %v", fen, err)
		}
	}
	if testing.Short() || raceEnabled {
		a, _ := Bench(5, nil, nil)
		b, _ := Bench(5, nil, nil)
		if a != b || a == 0 {
			t.Errorf("two bench runs at depth 5: %d and %d nodes", a, b)
		}
		return
	}
	calls := 0
	nodes, _ := Bench(BenchDepth, nil, func(i int, r Result, perDepth []uint64) {
		if i != calls || len(perDepth) != BenchDepth || perDepth[BenchDepth-1] > r.Nodes {
			t.Errorf("position %d (call %d): %d nodes, per depth %v", i, calls, r.Nodes, perDepth)
		}
		calls++
	})
	if nodes != BenchSignature || calls != len(BenchPositions) {
		t.Errorf("bench at depth %d: %d nodes in %d positions; BenchSignature is %d (when the search changes on purpose, change BenchSignature and the docs that quote it)",
			BenchDepth, nodes, calls, BenchSignature)
	}
	hce := DefaultOptions()
	hce.Net = nil
	if nodes, _ := BenchWith(BenchDepth, 1, hce, nil, nil); nodes != BenchSignatureHCE {
		t.Errorf("bench with the hand-written evaluation: %d nodes; BenchSignatureHCE is %d", nodes, BenchSignatureHCE)
	}
}

// TestBenchWithThreads: with two threads the helpers' nodes count too, so
// the per-position node counts are no longer the one-thread signature's
// (a threads argument that was ignored would give them all exactly).
func TestBenchWithThreads(t *testing.T) {
	var one []uint64
	BenchWith(6, 1, DefaultOptions(), nil, func(_ int, r Result, _ []uint64) { one = append(one, r.Nodes) })
	differ := 0
	BenchWith(6, 2, DefaultOptions(), nil, func(i int, r Result, _ []uint64) {
		if r.Nodes != one[i] {
			differ++
		}
	})
	if differ == 0 {
		t.Errorf("two threads searched exactly the one-thread node counts at all %d positions", len(one))
	}
}

// TestBenchTreeIsFresh holds the bench's one searcher, cleared before each
// position, to the trees of a new searcher for each: the same node count at
// every position. A history, killer or table entry left over from the
// position before would change the counts after it.
func TestBenchTreeIsFresh(t *testing.T) {
	const depth = 7
	var reused []uint64
	BenchWith(depth, 1, DefaultOptions(), nil, func(_ int, r Result, _ []uint64) { reused = append(reused, r.Nodes) })
	if len(reused) != len(BenchPositions) {
		t.Fatalf("bench searched %d of %d positions", len(reused), len(BenchPositions))
	}
	for i, fen := range BenchPositions {
		s := NewSearcher(benchHashMB)
		r := s.Search(chess.MustParseFEN(fen), nil, Limits{Depth: depth}, nil, nil)
		if r.Nodes != reused[i] {
			t.Errorf("position %d: the bench's searcher counted %d nodes, a fresh one %d", i, reused[i], r.Nodes)
		}
	}
}
