package search

import (
	"runtime"
	"testing"
	"time"

	"ox88/chess"
	"ox88/syzygy"
)

// TestThreadsSearch runs Lazy SMP with four threads: the move is legal,
// a mate is still found, a node limit counts every thread's nodes, and an
// outside stop ends all of them. Under -race it checks the shared table
// and the node counters.
func TestThreadsSearch(t *testing.T) {
	s := NewSearcher(4)
	s.SetThreads(4)
	if s.Threads() != 4 {
		t.Fatalf("Threads() = %d", s.Threads())
	}
	for _, fen := range []string{chess.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"} {
		pos := chess.MustParseFEN(fen)
		r := s.Search(pos, nil, Limits{Depth: 6}, nil, nil)
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if !ml.Contains(r.Move) || r.Depth < 6 {
			t.Errorf("%s: move %v depth %d", fen, r.Move, r.Depth)
		}
	}
	// Mate in two: 1. Ra6 (kbK5/pp6/1P6/8/8/8/8/R7 w).
	r := s.Search(chess.MustParseFEN("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"), nil, Limits{Depth: 6}, nil, nil)
	if r.Move.String() != "a1a6" || MateIn(r.Score) != 2 {
		t.Errorf("mate in 2: %v score %d", r.Move, r.Score)
	}
	// The node limit counts all threads: the total stops near it.
	const limit = 200000
	r = s.Search(chess.StartPosition(), nil, Limits{Nodes: limit}, nil, nil)
	if r.Nodes < limit || r.Nodes > limit+uint64(s.Threads())*(nodeCheckInterval+1)*2 {
		t.Errorf("node limit %d: searched %d", limit, r.Nodes)
	}
	checkStop(t, s) // an outside stop ends every thread
	s.SetThreads(1)
	if s.Threads() != 1 {
		t.Errorf("back to one thread: %d", s.Threads())
	}
}

// TestThreadsBeyondCPUs: Threads 256 runs and allocates at most
// GOMAXPROCS threads (it made 255 helpers, 1.2 GB, whose turns on the two
// CPUs made a 1 ms search answer up to 25 s late), still says 256, and a
// search with a 1 ms limit answers with a legal move well within a
// second.
func TestThreadsBeyondCPUs(t *testing.T) {
	s := NewSearcher(16)
	s.SetThreads(256)
	cpus := runtime.GOMAXPROCS(0)
	if s.Threads() != 256 || len(s.helpers) != min(cpus, 256)-1 {
		t.Fatalf("Threads 256 on %d CPUs: Threads() %d, %d helpers", cpus, s.Threads(), len(s.helpers))
	}
	pos := chess.StartPosition()
	for range 20 {
		start := time.Now()
		r := s.Search(pos, nil, Limits{HardTime: time.Millisecond, SoftTime: time.Millisecond}, nil, nil)
		if el := time.Since(start); el > 500*time.Millisecond {
			t.Errorf("a 1 ms search with Threads 256 took %v", el)
		}
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if !ml.Contains(r.Move) {
			t.Fatalf("move %v", r.Move)
		}
	}
	s.SetThreads(1)
	if s.Threads() != 1 || len(s.helpers) != 0 {
		t.Errorf("back to one: %d threads, %d helpers", s.Threads(), len(s.helpers))
	}
}

// TestNetworkSearch searches with the embedded network on one and on two
// threads: legal moves, every pushed move popped, and the same node count
// twice in a row from a cleared table (the network's search is as
// deterministic as the hand-written one's).
func TestNetworkSearch(t *testing.T) {
	opt := DefaultOptions()
	if err := opt.Set("nnue"); err != nil || opt.Net == nil {
		t.Fatal(err)
	}
	pos := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var nodes [2]uint64
	for i := range nodes {
		s := NewSearcher(4)
		s.SetOptions(opt)
		r := s.Search(pos, nil, Limits{Depth: 7}, nil, nil)
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if !ml.Contains(r.Move) || s.acc == nil || s.acc.Ply() != 0 {
			t.Fatalf("move %v, accumulators %v", r.Move, s.acc)
		}
		nodes[i] = r.Nodes
	}
	if nodes[0] != nodes[1] {
		t.Errorf("two identical searches: %d and %d nodes", nodes[0], nodes[1])
	}
	s := NewSearcher(4)
	s.SetOptions(opt)
	s.SetThreads(2)
	if r := s.Search(pos, nil, Limits{Depth: 7}, nil, nil); r.Move == chess.NoMove || s.helpers[0].acc == nil {
		t.Error("two threads with the network")
	}
}

// TestTablebaseSearch: with the tables, a capture into a won 4-piece
// ending is seen as a table win (the root is 5 pieces, beyond them), and
// the search counts its probes.
func TestTablebaseSearch(t *testing.T) {
	tb, err := syzygy.Open("../testdata/syzygy")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(4)
	s.SetTablebases(tb)
	// White takes the rook: KQvK is won.
	pos := chess.MustParseFEN("4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1")
	r := s.Search(pos, nil, Limits{Depth: 4}, nil, nil)
	if r.Move.String() != "d1d2" && r.Move.String() != "e1d2" {
		t.Errorf("KQvKR: %v", r.Move)
	}
	if !IsTBWin(r.Score) && !IsMate(r.Score) || r.Info.TBHits == 0 {
		t.Errorf("KQvKR: score %d, tbhits %d", r.Score, r.Info.TBHits)
	}
}

// TestOrderingStats: a search reports its move ordering; with the hash
// move, killers and history, most cutoffs come from the first move.
func TestOrderingStats(t *testing.T) {
	r := NewSearcher(4).Search(chess.MustParseFEN(sharpFENs[0]), nil, Limits{Depth: 8}, nil, nil)
	o := r.Ordering
	if o.Cutoffs == 0 || o.FirstMove > o.Cutoffs || o.MovesTried < o.Cutoffs {
		t.Fatalf("ordering %+v", o)
	}
	if o.FirstMoveRate() < 0.7 || o.MovesPerCutoff() > 3 {
		t.Errorf("poor ordering: %.1f%% first, %.2f moves per cutoff", 100*o.FirstMoveRate(), o.MovesPerCutoff())
	}
}

// TestHelperMoveReported: when a helper's result wins, the last line the
// search reports is that helper's, so the best move heads the last PV a
// GUI shows (before, the main thread's last line could show d2d4 and the
// search answer e2e4).
func TestHelperMoveReported(t *testing.T) {
	old := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(old)
	s := NewSearcher(4)
	s.SetThreads(2)
	pos := chess.StartPosition()
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	fromHelper := 0
	for i, m := range ml.Slice() {
		child := *pos
		child.MakeMove(m)
		s.Clear()
		var last Info
		r := s.Search(&child, nil, Limits{HardTime: time.Duration(1+i%4) * time.Millisecond}, nil, func(inf Info) { last = inf })
		if len(last.PV) == 0 || last.PV[0] != r.Move {
			t.Errorf("after %v: best move %v, last PV %v", m, r.Move, last.PV)
		}
		if r.Depth > last.Depth {
			fromHelper++
		}
	}
	t.Logf("%d of %d results deeper than the main thread's last line", fromHelper, ml.N)
}
