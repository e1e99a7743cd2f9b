package engine

import (
	"context"
	"sync/atomic"
	"time"

	"ox88/search"
)

// Bench runs the bench of `ox88 bench` (search.Bench) to depth and returns
// its node count, the signature, and the search time. each, when not nil,
// hears after every position how many of how many are done and the nodes
// so far. When ctx ends, the running search stops at once, no further
// position is searched, and Bench returns ctx's error with what it counted.
func Bench(ctx context.Context, depth int, each func(done, total int, nodes uint64)) (nodes uint64, elapsed time.Duration, err error) {
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var sum uint64
	nodes, elapsed = search.Bench(depth, &stop, func(i int, r search.Result, _ []uint64) {
		sum += r.Nodes
		if each != nil {
			each(i+1, len(search.BenchPositions), sum)
		}
		if ctx.Err() != nil {
			stop.Store(true) // AfterFunc's goroutine may not have run yet
		}
	})
	return nodes, elapsed, ctx.Err()
}
