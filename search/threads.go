package search

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"ox88/chess"
)

// Lazy SMP: several threads search the same root at once and share only
// the transposition table. Each thread has its own position, stack,
// killers and history; what one thread learns reaches the others through
// the table, so they wander into different parts of the tree and fill it
// for each other. Helper threads with an odd number search one ply deeper
// than the main thread at each iteration (depth diversity). The main
// thread alone watches the clock, reports and decides when to stop; when it
// does, the helpers stop too, and the result of the thread that got
// furthest is played.
//
// Elo: two threads against one, on two cores, one game at a time, 10+0.1:
// +105.6 +/- 35.1 (200 games; docs/STRENGTH.md §8).

// MaxThreads bounds SetThreads.
const MaxThreads = 256

// threads is the part of a Searcher that Lazy SMP adds.
type threads struct {
	helpers     []*Searcher   // the other threads (on the main thread only)
	main        *Searcher     // on a helper: the main thread
	helperStop  atomic.Bool   // main thread to helpers: stop now
	published   atomic.Uint64 // this thread's node count, published every nodeCheckInterval+1 nodes
	others      uint64        // the other threads' nodes when last counted (node limits count all threads)
	depthOffset int           // plies a helper searches beyond the iteration's depth
	wantThreads int           // SetThreads's n (0: one thread)
	helperRes   Result        // a helper's last completed iteration
}

// SetThreads sets the number of search threads (1 to MaxThreads). It must
// not be called while a search runs. Go runs at most GOMAXPROCS goroutines
// at once (the machine's CPUs), so threads beyond that would only take
// turns with the main thread, which watches the clock: with Threads 256
// on 2 cores, go wtime 1 once answered 0.3 to 25 s late, and the 255
// helpers' tables took 1.2 GB. So a search runs and allocates at most
// GOMAXPROCS threads (activeThreads); Threads still reports n.
func (s *Searcher) SetThreads(n int) {
	s.wantThreads = max(1, min(n, MaxThreads))
	s.fitHelpers()
}

// activeThreads is how many threads a search runs: the threads asked
// for, at most GOMAXPROCS.
func (s *Searcher) activeThreads() int {
	return max(1, min(s.Threads(), runtime.GOMAXPROCS(0)))
}

// fitHelpers makes the helpers the active threads need, and no more.
func (s *Searcher) fitHelpers() {
	n := s.activeThreads()
	for len(s.helpers) < n-1 {
		h := NewSearcherSharing(s.tt)
		h.main = s
		h.tb = s.tb
		h.depthOffset = (len(s.helpers) + 1) & 1
		s.helpers = append(s.helpers, h)
	}
	clear(s.helpers[n-1:]) // let the collector have the rest
	s.helpers = s.helpers[:n-1]
}

// Threads returns the number of search threads asked for (SetThreads);
// a search runs at most GOMAXPROCS of them.
func (s *Searcher) Threads() int { return max(1, s.wantThreads) }

// iterateWithHelpers runs the main thread's iterative deepening while the
// helpers search the same root, then stops them and returns the best
// thread's result.
func (s *Searcher) iterateWithHelpers(pos *chess.Position, history []uint64, lim Limits) Result {
	s.fitHelpers() // GOMAXPROCS may have changed since SetThreads
	if len(s.helpers) == 0 {
		res := s.iterate()
		res.Nodes = s.nodes
		res.Ordering = s.ordering
		return res
	}
	s.helperStop.Store(false)
	hl := lim
	hl.SoftTime, hl.HardTime, hl.SoftNodes, hl.Ponder, hl.Infinite, hl.MultiPV = 0, 0, 0, false, false, 1
	var wg sync.WaitGroup
	for _, h := range s.helpers {
		h.opt = s.opt // the helpers search with the main thread's options
		h.tb = s.tb
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.prepare(pos, history, hl, &s.helperStop, nil)
			h.helperRes = h.iterate()
			h.published.Store(h.nodes)
		}()
	}
	res := s.iterate()
	s.helperStop.Store(true)
	wg.Wait()
	s.published.Store(s.nodes)
	if max(lim.MultiPV, 1) == 1 {
		fromHelper := false
		for _, h := range s.helpers {
			r := h.helperRes
			if r.Move != chess.NoMove && (r.Depth > res.Depth && r.Score >= res.Score || r.Depth == res.Depth && r.Score > res.Score) {
				res, fromHelper = r, true
			}
		}
		if fromHelper && s.report != nil && len(res.Info.PV) > 0 {
			// The last line shown was the main thread's: show the line the
			// move comes from, so that the best move heads the last PV.
			inf := res.Info
			inf.PV = slices.Clone(inf.PV)
			inf.Time = time.Since(s.start)
			inf.Nodes = s.totalNodes()
			inf.NPS = NPS(inf.Nodes, inf.Time)
			s.report(inf)
		}
	}
	res.Nodes = s.totalNodes()
	res.Ordering = s.ordering
	return res
}

// countOthers refreshes the other threads' node count (every
// nodeCheckInterval+1 nodes, from checkLimits), and publishes this one's.
func (s *Searcher) countOthers() {
	s.published.Store(s.nodes)
	m := s
	if s.main != nil {
		m = s.main
	}
	if len(m.helpers) == 0 {
		return
	}
	var n uint64
	if m != s {
		n = m.published.Load()
	}
	for _, h := range m.helpers {
		if h != s {
			n += h.published.Load()
		}
	}
	s.others = n
}

// totalNodes returns the nodes of every thread: exact for this one, the
// others' as last published.
func (s *Searcher) totalNodes() uint64 {
	n := s.nodes
	for _, h := range s.helpers {
		n += h.published.Load()
	}
	return n
}
