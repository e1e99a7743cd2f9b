package search

import "ox88/chess"

// ttEntry is one remembered search result, 16 bytes. The key's upper 32 bits
// confirm the match (the lower bits chose the bucket).
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

// bucketSize entries share one 64-byte cache line.
const bucketSize = 4

type ttBucket [bucketSize]ttEntry

// TranspositionTable remembers search results by Zobrist key. It is used by
// one search at a time. Replacement within a bucket prefers, in order: the
// same position, an empty slot, then the entry with the least value of
// depth minus ageWeight times its age in searches.
type TranspositionTable struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8 // generation: bumped by every search, ages old entries
}

// ageWeight is how many plies of depth one search's worth of age costs an
// entry when choosing which to replace.
const ageWeight = 4

// NewTranspositionTable returns a table of about mb mebibytes (rounded down
// to a power of two buckets; at least one bucket).
func NewTranspositionTable(mb int) *TranspositionTable {
	tt := &TranspositionTable{}
	tt.Resize(mb)
	return tt
}

// Resize reallocates the table to about mb mebibytes and clears it.
func (tt *TranspositionTable) Resize(mb int) {
	n := uint64(max(mb, 1)) << 20 / 64
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	tt.buckets = make([]ttBucket, size)
	tt.mask = size - 1
	tt.gen = 0
}

// Clear empties the table.
func (tt *TranspositionTable) Clear() { clear(tt.buckets) }

// newSearch starts a new generation.
func (tt *TranspositionTable) newSearch() { tt.gen = (tt.gen + 1) & 63 }

// probe looks up key and reports the entry and whether it was found.
func (tt *TranspositionTable) probe(key uint64) (ttEntry, bool) {
	b := &tt.buckets[key&tt.mask]
	check := uint32(key >> 32)
	for i := range b {
		if b[i].check == check && b[i].bound() != BoundNone {
			b[i].genBound = tt.gen<<2 | b[i].genBound&3 // refresh its age
			return b[i], true
		}
	}
	return ttEntry{}, false
}

// store records a search result. score must already be adjusted with
// scoreToTT.
func (tt *TranspositionTable) store(key uint64, move chess.Move, score, staticEval, depth int, bound Bound) {
	b := &tt.buckets[key&tt.mask]
	check := uint32(key >> 32)
	victim := &b[0]
	worst := 1 << 30
	for i := range b {
		e := &b[i]
		if e.check == check || e.bound() == BoundNone {
			victim = e
			break
		}
		age := int((tt.gen - e.genBound>>2) & 63)
		if v := int(e.depth) - ageWeight*age; v < worst {
			worst, victim = v, e
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
	*victim = ttEntry{check: check, move: move, score: int16(score), eval: int16(staticEval),
		depth: int8(max(min(depth, 127), -1)), genBound: tt.gen<<2 | uint8(bound)}
}

// HashFull returns the permille of the table's first thousand entries that
// were written in the current search.
func (tt *TranspositionTable) HashFull() int {
	n, used := 0, 0
	for i := 0; i < len(tt.buckets) && n < 1000; i++ {
		for j := range tt.buckets[i] {
			n++
			e := &tt.buckets[i][j]
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
