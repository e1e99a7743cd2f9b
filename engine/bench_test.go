package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"ox88/search"
)

// TestBench checks that Bench counts what search.Bench counts, and that it
// stops between positions and within a search when its context ends.
func TestBench(t *testing.T) {
	var wantOrd search.OrderingStats
	want, _ := search.Bench(2, nil, func(_ int, r search.Result, _ []uint64) { wantOrd.Add(r.Ordering) })
	calls := 0
	res, err := Bench(context.Background(), 2, func(done, total int, sum uint64) {
		calls++
		if done != calls || total != len(search.BenchPositions) || sum > want {
			t.Errorf("call %d: done %d of %d, %d nodes", calls, done, total, sum)
		}
	})
	if res.Nodes != want || err != nil || calls != len(search.BenchPositions) || res.Ordering != wantOrd || wantOrd.Cutoffs == 0 {
		t.Fatalf("Bench(2): %d nodes, %d calls, ordering %+v, %v; search.Bench counts %d, %+v", res.Nodes, calls, res.Ordering, err, want, wantOrd)
	}

	// Cancelled after the first position: no other is searched.
	ctx, cancel := context.WithCancel(context.Background())
	calls = 0
	res, err = Bench(ctx, 2, func(int, int, uint64) { calls++; cancel() })
	if calls != 1 || !errors.Is(err, context.Canceled) || res.Nodes == 0 || res.Nodes >= want {
		t.Fatalf("cancelled after one position: %d calls, %d nodes, %v", calls, res.Nodes, err)
	}

	// Cancelled within a search that would take hours.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = Bench(ctx, search.MaxPly-8, nil)
	if el := time.Since(start); !errors.Is(err, context.DeadlineExceeded) || el > 2*time.Second {
		t.Fatalf("a deep bench with a 50 ms deadline: %v after %v", err, el)
	}
}
