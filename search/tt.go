package search

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"ox88/chess"
)

// ttEntry is one remembered search result, as the search reads it. The
// key's upper 32 bits confirm the match (the lower bits chose the bucket).
type ttEntry struct {
	check    uint32     // key >> 32
	move     chess.Move // best or refuting move, NoMove if none
	score    int16      // from the node's side to move; mates relative to the node
	eval     int16      // static evaluation of the node
	depth    int8       // draft the score was searched to
	genBound uint8      // generation << 2 | Bound
}

// bound returns the entry's Bound (BoundNone: the slot is empty).
func (e *ttEntry) bound() Bound { return Bound(e.genBound & 3) }

// ttSlot is an entry as stored: two 64-bit words that several search
// threads read and write at once without a lock. data packs the move
// (24 bits), score and static evaluation; keyed is the other half (check,
// depth, generation and bound) XORed with data. A reader loads both and
// XORs them back: if another thread's write tore the pair (one word from
// each write), the check comes out wrong and the slot reads as a miss, so
// a torn entry is never trusted. (A hash move is only ever used to order
// the generated moves, so even a 1-in-2^32 false match cannot play an
// illegal move.)
type ttSlot struct {
	keyed, data uint64
}

// pack and unpack convert between an entry and its two words.
func (e ttEntry) pack() ttSlot {
	data := uint64(e.move&0xffffff) | uint64(uint16(e.score))<<24 | uint64(uint16(e.eval))<<40
	meta := uint64(e.check) | uint64(uint8(e.depth))<<32 | uint64(e.genBound)<<40
	return ttSlot{keyed: meta ^ data, data: data}
}

func (sl *ttSlot) load() ttEntry {
	data := atomic.LoadUint64(&sl.data)
	meta := atomic.LoadUint64(&sl.keyed) ^ data
	return ttEntry{check: uint32(meta), depth: int8(meta >> 32), genBound: uint8(meta >> 40),
		move: chess.Move(data & 0xffffff), score: int16(data >> 24), eval: int16(data >> 40)}
}

func (sl *ttSlot) save(e ttEntry) {
	p := e.pack()
	atomic.StoreUint64(&sl.keyed, p.keyed)
	atomic.StoreUint64(&sl.data, p.data)
}

// bucketSize entries share one 64-byte cache line.
const bucketSize = 4

type ttBucket [bucketSize]ttSlot

// TranspositionTable remembers search results by Zobrist key. Every search
// thread of a Searcher shares it (see ttSlot). Replacement within a bucket
// prefers, in order: the same position, an empty slot, then the entry with
// the least value of depth minus ageWeight times its age in searches.
type TranspositionTable struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8      // generation: bumped by every search, ages old entries
	zeroed  bool       // no entry written since the table was made or cleared
	mapping *ttMapping // the system mapping behind buckets, or nil (Go's heap)
}

// NewTranspositionTable returns a table of about mb mebibytes (rounded down
// to a power of two buckets; at least one bucket).
func NewTranspositionTable(mb int) *TranspositionTable {
	tt := &TranspositionTable{}
	tt.Resize(mb)
	return tt
}

// hugePagesMin is the smallest table Resize asks huge pages for (64 MiB).
// The measured gain is in large tables (12% at 256 MiB, 3% at 16 MiB);
// small tables are made by the hundred (one per bench position, one per
// test search) and are left to the kernel's ordinary pages. After the
// advice went in for every size, a CI run of the search tests hit the
// ten-minute limit (they take under a minute here); that the advice caused
// it is a guess (it could not be reproduced), and this bound takes it out
// of every small table.
const hugePagesMin = 64 << 20

// wantsHugePages reports whether Resize advises huge pages for a table of
// buckets buckets: at hugePagesMin bytes and above.
func wantsHugePages(buckets uint64) bool {
	return buckets*uint64(unsafe.Sizeof(ttBucket{})) >= hugePagesMin
}

// Resize reallocates the table to about mb mebibytes and clears it. No
// search may be running. A table of the size it already has is only
// cleared (a second table beside the first would double the memory for a
// moment). A large one (hugePagesMin and more) is mapped from the system
// on Linux (tt_linux.go: mapBuckets), so the old one's memory goes back
// before the new one is made, and is touched here by one goroutine per
// CPU (clearParallel): a page touched for the first time costs a fault,
// with transparent huge pages a slow one (the kernel may first have to
// assemble the 2 MiB page), which is paid now and not by the first
// search, on its clock.
func (tt *TranspositionTable) Resize(mb int) {
	n := uint64(max(mb, 1)) << 20 / 64
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	if uint64(len(tt.buckets)) == size {
		tt.Clear()
		tt.gen = 0
		return
	}
	tt.release()
	tt.buckets = nil
	if wantsHugePages(size) {
		tt.buckets, tt.mapping = mapBuckets(tt, size)
	}
	if tt.buckets == nil {
		tt.buckets = make([]ttBucket, size)
		if wantsHugePages(size) {
			_ = adviseHugePages(tt.buckets) // advice only: see tt_linux.go
		}
	}
	if wantsHugePages(size) {
		clearParallel(tt.buckets)
	}
	tt.mask = size - 1
	tt.gen = 0
	tt.zeroed = true
}

// MB returns the table's size in mebibytes.
func (tt *TranspositionTable) MB() int {
	return len(tt.buckets) * int(unsafe.Sizeof(ttBucket{})) >> 20
}

// HashMB returns the size of the searcher's table in mebibytes.
func (s *Searcher) HashMB() int { return s.tt.MB() }

// release gives a mapped table's memory back to the system.
func (tt *TranspositionTable) release() {
	if tt.mapping != nil {
		tt.mapping.unmap()
		tt.mapping = nil
	}
}

// Clear empties the table. No search may be running. A table that no
// search has written since it was made or cleared is all zeros and left
// alone (after Hash 4096, ucinewgame used to write 4 GiB of zeros again);
// any other is cleared by one goroutine per CPU, as Stockfish clears with
// all its threads.
func (tt *TranspositionTable) Clear() {
	if !tt.zeroed {
		clearParallel(tt.buckets)
		tt.zeroed = true
	}
}

// clearParallelMin is the smallest table clearParallel splits among
// goroutines.
const clearParallelMin = 16 << 20

// tableClears counts the calls of clearParallel (tests read it).
var tableClears atomic.Int64

// clearParallel writes zeros over b, split among GOMAXPROCS goroutines
// when it is large.
func clearParallel(b []ttBucket) {
	tableClears.Add(1)
	workers := runtime.GOMAXPROCS(0)
	if uint64(len(b))*uint64(unsafe.Sizeof(ttBucket{})) < clearParallelMin || workers < 2 {
		clear(b)
		return
	}
	var wg sync.WaitGroup
	chunk := (len(b) + workers - 1) / workers
	for lo := 0; lo < len(b); lo += chunk {
		part := b[lo:min(lo+chunk, len(b))]
		wg.Go(func() { clear(part) })
	}
	wg.Wait()
}

// newSearch starts a new generation, before the search threads start.
// From then on the table may hold entries (Clear has work to do).
func (tt *TranspositionTable) newSearch() {
	tt.gen = (tt.gen + 1) & 63
	tt.zeroed = false
}

// prefetch starts bringing key's bucket into the cache and returns at once.
// The search calls it with a child's key (chess.Position.KeyAfter) before
// the move is made, so that the child's probe finds its line there instead
// of waiting on memory: with a table larger than the cache, that wait took
// about a quarter of ox88 bench's time.
func (tt *TranspositionTable) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&tt.buckets[key&tt.mask]))
}

// probe looks up key and reports the entry and whether it was found.
func (tt *TranspositionTable) probe(key uint64) (ttEntry, bool) {
	b := &tt.buckets[key&tt.mask]
	check := uint32(key >> 32)
	for i := range b {
		e := b[i].load()
		if e.check == check && e.bound() != BoundNone {
			if e.genBound>>2 != tt.gen {
				e.genBound = tt.gen<<2 | e.genBound&3 // refresh its age
				b[i].save(e)
			}
			return e, true
		}
	}
	return ttEntry{}, false
}

// store records a search result. score must already be adjusted with
// scoreToTT.
func (tt *TranspositionTable) store(key uint64, move chess.Move, score, staticEval, depth int, bound Bound) {
	b := &tt.buckets[key&tt.mask]
	check := uint32(key >> 32)
	vi := 0
	var victim ttEntry
	worst := 1 << 30
	for i := range b {
		e := b[i].load()
		if e.check == check || e.bound() == BoundNone {
			vi, victim = i, e
			break
		}
		age := int((tt.gen - e.genBound>>2) & 63)
		if v := int(e.depth) - ageWeight*age; v < worst {
			worst, vi, victim = v, i, e
		}
	}
	if victim.check == check && move == chess.NoMove {
		move = victim.move // keep the old best move for ordering
	}
	// Do not let a shallow non-exact result overwrite a deeper one of the
	// same position from this search.
	if victim.check == check && bound != BoundExact && depth+2 < int(victim.depth) && victim.genBound>>2 == tt.gen {
		return
	}
	b[vi].save(ttEntry{check: check, move: move, score: int16(score), eval: int16(staticEval),
		depth: int8(max(min(depth, 127), -1)), genBound: tt.gen<<2 | uint8(bound)})
}

// HashFull returns the permille of the table's first thousand entries that
// were written in the current search.
func (tt *TranspositionTable) HashFull() int {
	n, used := 0, 0
	for i := 0; i < len(tt.buckets) && n < 1000; i++ {
		for j := range tt.buckets[i] {
			n++
			e := tt.buckets[i][j].load()
			if e.bound() != BoundNone && e.genBound>>2 == tt.gen {
				used++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return used * 1000 / n
}

// scoreToTT turns a mate score relative to the root into one relative to
// the node at ply, so that it stays true wherever the position recurs.
func scoreToTT(score, ply int) int {
	switch {
	case score > MateBound:
		return score + ply
	case score < -MateBound:
		return score - ply
	}
	return score
}

// refinedEval returns the table entry's score, for a node at ply, in place
// of the static evaluation eval where the entry's bound says the position
// is better (a lower bound above eval), worse (an upper bound below it) or
// exactly that; eval otherwise, and for mate scores. Quiescence's stand
// pat uses it.
func refinedEval(entry *ttEntry, ply, eval int) int {
	ttScore := scoreFromTT(int(entry.score), ply)
	if b := entry.bound(); !IsMate(ttScore) && (b == BoundExact || (b == BoundLower && ttScore > eval) || (b == BoundUpper && ttScore < eval)) {
		return ttScore
	}
	return eval
}

// scoreFromTT undoes scoreToTT for a node at ply.
func scoreFromTT(score, ply int) int {
	switch {
	case score > MateBound:
		return score - ply
	case score < -MateBound:
		return score + ply
	}
	return score
}
