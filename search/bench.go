package search

import (
	"sync/atomic"
	"time"

	"ox88/chess"
)

// BenchPositions are the bench's positions: the six perft-standard
// positions and middlegames and endgames from well-known games and test
// suites.
var BenchPositions = []string{
	// perft-standard (Chess Programming Wiki "Perft Results")
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	// middlegames
	"r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10",
	"r2q1rk1/pp2ppbp/2p2np1/6B1/3PP1b1/Q1P2N2/P4PPP/3RKB1R b K - 0 13",
	"r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 12",
	"2r3k1/pp3ppp/2n1p3/3pP3/3P1P2/P2B4/1P4PP/2R3K1 w - - 0 25",
	"r1b1kb1r/2pp1ppp/1np1q3/p3P3/2P5/1P6/PB1NQPPP/R3KB1R b KQkq - 0 11",
	"3r1rk1/p4pbp/1qn1b1p1/1pp5/4P3/1PN1BB2/P1Q2PPP/R2R2K1 w - - 0 17",
	// endgames
	"8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
	"6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
	"8/3k4/8/8/8/8/2K1R3/8 w - - 0 1",
	"8/8/1p1r1k2/p1pPN1p1/P3KnP1/1P6/8/3R4 b - - 0 1",
}

// BenchDepth is the depth of `ox88 bench`.
const BenchDepth = 12

// BenchSignature is the node count of Bench at BenchDepth: a signature of
// the search's behaviour. A change that alters the search changes it, on
// purpose and here only; TestBenchSignature holds the code to it and the
// docs check holds the docs to it. It counts with the default options,
// the embedded network evaluating (nnue.Default): a new embedded net is a
// new signature. With the hand-written evaluation (`ox88 bench --options
// nonnue`) the count is BenchSignatureHCE.
const BenchSignature = 2445793

// BenchSignatureHCE is Bench's node count with the hand-written
// evaluation (`ox88 bench --options nonnue`).
const BenchSignatureHCE = 2712275

// benchHashMB is the table size of the bench (cleared for every position).
const benchHashMB = 16

// Bench searches every bench position to depth, one thread, with a table
// and histories cleared before each, and returns the total node count (the signature) and the
// search time. each, when not nil, hears about position i after its search,
// with the cumulative nodes at the end of each depth. Setting stop (nil:
// never) ends the running search at once and searches no more positions.
func Bench(depth int, stop *atomic.Bool, each func(i int, r Result, perDepth []uint64)) (nodes uint64, elapsed time.Duration) {
	return BenchWith(depth, 1, DefaultOptions(), stop, each)
}

// BenchWith is Bench with other search options (the hand-written
// evaluation, an experiment), whose node count is that configuration's signature, and
// with threads search threads (Lazy SMP). With more than one thread the
// node count varies from run to run (the threads race) and only the speed,
// nodes per second over all threads, means something.
//
// One searcher serves every position, as one serves a whole game in play:
// each position starts from a cleared table (generation 0) and cleared
// histories, so its tree is the tree of a fresh searcher. The clearing is
// not timed. A fresh 16 MiB table for each position, as the bench made
// until 2026-12, paid the kernel a page fault for every 4 KiB of it inside
// the timed search: about 8% of the bench's time went there, which
// play, with one table for the whole game, never pays.
func BenchWith(depth, threads int, opt Options, stop *atomic.Bool, each func(i int, r Result, perDepth []uint64)) (nodes uint64, elapsed time.Duration) {
	s := NewSearcher(benchHashMB)
	s.SetThreads(threads)
	s.SetOptions(opt)
	for i, fen := range BenchPositions {
		if stop != nil && stop.Load() {
			break
		}
		pos := chess.MustParseFEN(fen)
		s.SetHashSize(benchHashMB)
		s.Clear()
		var perDepth []uint64
		start := time.Now()
		r := s.Search(pos, nil, Limits{Depth: depth}, stop, func(inf Info) {
			if len(inf.PV) > 0 && inf.Bound == BoundExact {
				perDepth = append(perDepth, inf.Nodes)
			}
		})
		elapsed += time.Since(start)
		nodes += r.Nodes
		if each != nil {
			each(i, r, perDepth)
		}
	}
	return nodes, elapsed
}
