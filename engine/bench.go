package engine

import (
	"context"
	"sync/atomic"
	"time"

	"ox88/search"
)

// BenchResult is what Bench counted.
type BenchResult struct {
	Nodes    uint64               // the signature
	Elapsed  time.Duration        // the searches' time
	Ordering search.OrderingStats // the move-ordering statistic, summed over the positions
}

// Bench runs the bench of `ox88 bench` (search.Bench) to depth and returns
// its node count, the signature, the search time and the move-ordering
// statistic. each, when not nil, hears after every position how many of
// how many are done and the nodes so far. When ctx ends, the running
// search stops at once, no further position is searched, and Bench returns
// ctx's error with what it counted.
func Bench(ctx context.Context, depth int, each func(done, total int, nodes uint64)) (BenchResult, error) {
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var res BenchResult
	var sum uint64
	res.Nodes, res.Elapsed = search.Bench(depth, &stop, func(i int, r search.Result, _ []uint64) {
		sum += r.Nodes
		res.Ordering.Add(r.Ordering)
		if each != nil {
			each(i+1, len(search.BenchPositions), sum)
		}
		if ctx.Err() != nil {
			stop.Store(true) // AfterFunc's goroutine may not have run yet
		}
	})
	return res, ctx.Err()
}
