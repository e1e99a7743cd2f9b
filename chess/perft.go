package chess

import (
	"fmt"
	"sync/atomic"
)

// Perft counts the leaf nodes of the legal move tree to the given depth.
// Its counts are published for many positions, so any difference from them
// proves a bug in generation or make/unmake. The last ply is counted in bulk:
// at depth 1 the number of legal moves is the number of leaves, so those
// moves are counted by CountMoves, neither listed nor made.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One move list per ply, allocated once: a MoveList declared inside the
	// recursion would be zeroed (1 KB) at every node.
	lists := make([]MoveList, depth)
	return p.perft(lists)
}

func (p *Position) perft(lists []MoveList) uint64 {
	if len(lists) == 1 {
		return uint64(p.CountMoves())
	}
	ml := &lists[0]
	p.GenerateMoves(ml)
	var nodes uint64
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		u := p.MakeMove(m)
		nodes += p.perft(lists[1:])
		p.UnmakeMove(m, u)
	}
	return nodes
}

// perftStopChunk is the depth at and below which PerftStop counts without
// looking at its flag: a depth-4 subtree is at most a few million leaves,
// well under a second.
const perftStopChunk = 4

// PerftStop is Perft that gives up soon after stop is set, returning the
// leaves counted so far and false. It looks at the flag between subtrees
// of depth perftStopChunk, so a long count ends well within a second.
func (p *Position) PerftStop(depth int, stop *atomic.Bool) (uint64, bool) {
	if depth <= 0 {
		return 1, !stop.Load()
	}
	lists := make([]MoveList, depth)
	return p.perftStop(lists, stop)
}

func (p *Position) perftStop(lists []MoveList, stop *atomic.Bool) (uint64, bool) {
	if stop.Load() {
		return 0, false
	}
	if len(lists) <= perftStopChunk {
		return p.perft(lists), true
	}
	ml := &lists[0]
	p.GenerateMoves(ml)
	var nodes uint64
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		u := p.MakeMove(m)
		n, ok := p.perftStop(lists[1:], stop)
		p.UnmakeMove(m, u)
		nodes += n
		if !ok {
			return nodes, false
		}
	}
	return nodes, true
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for every legal root move, the perft count below it: the
// tool for finding which move a wrong total hides in.
func (p *Position) Divide(depth int) []DivideEntry {
	var ml MoveList
	p.GenerateMoves(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Slice() {
		u := p.MakeMove(m)
		out = append(out, DivideEntry{m, p.Perft(depth - 1)})
		p.UnmakeMove(m, u)
	}
	return out
}

// PerftCount is a published perft count: the leaves of the tree to Depth.
type PerftCount struct {
	Depth int
	Nodes uint64
}

// PerftSuiteResult is what CheckPerftSuite counted.
type PerftSuiteResult struct {
	Passed, Failed int
	Skipped        int    // counts above the node limit, not checked
	Nodes          uint64 // leaves counted
}

// String is the last line of `ox88 perft --suite`: "N passed, N failed".
func (r PerftSuiteResult) String() string {
	return fmt.Sprintf("%d passed, %d failed", r.Passed, r.Failed)
}

// CheckPerftSuite counts the tree of every perft count of every position of
// suite, skipping counts above maxNodes (0: no limit), and calls mismatch,
// when it is not nil, for every count that comes out different.
func CheckPerftSuite(suite []*EPD, maxNodes uint64, mismatch func(e *EPD, want PerftCount, got uint64)) PerftSuiteResult {
	var r PerftSuiteResult
	for _, e := range suite {
		for _, want := range e.Perft {
			if maxNodes > 0 && want.Nodes > maxNodes {
				r.Skipped++
				continue
			}
			got := e.Pos.Perft(want.Depth)
			r.Nodes += got
			if got == want.Nodes {
				r.Passed++
				continue
			}
			r.Failed++
			if mismatch != nil {
				mismatch(e, want, got)
			}
		}
	}
	return r
}
