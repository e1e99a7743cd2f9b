package book

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"sync"
	"time"

	"ox88/chess"
)

// Entry is one book move for a position.
type Entry struct {
	Move   chess.Move
	Weight uint16 // relative frequency among the position's moves
	Learn  uint32 // Polyglot's learning field, unused by ox88
}

// Book is an opening book held in memory as the file's bytes. Its methods
// are safe for concurrent use.
type Book struct {
	data []byte // whole entries, sorted by key

	mu       sync.Mutex
	rng      *rand.Rand
	bestOnly bool
}

// Open reads the Polyglot book at path.
func Open(path string) (*Book, error) {
	// Only a regular file: a name like /dev/stdin would block the caller.
	if fi, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("book: %w", err)
	} else if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("book: %s is not a regular file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	b, err := FromBytes(data)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	return b, nil
}

// FromBytes makes a book of the bytes of a Polyglot file (kept, not copied).
// The length must be a multiple of EntrySize and the keys must be sorted.
func FromBytes(data []byte) (*Book, error) {
	if len(data)%EntrySize != 0 {
		return nil, fmt.Errorf("size %d is not a multiple of %d bytes: not a Polyglot book", len(data), EntrySize)
	}
	for i := EntrySize; i < len(data); i += EntrySize {
		if binary.BigEndian.Uint64(data[i:]) < binary.BigEndian.Uint64(data[i-EntrySize:]) {
			return nil, fmt.Errorf("entry %d is out of key order: not a Polyglot book", i/EntrySize)
		}
	}
	b := &Book{data: data}
	b.Seed(uint64(time.Now().UnixNano())) // a new game, a new choice; Seed to repeat
	return b, nil
}

// Len returns the number of entries in the book.
func (b *Book) Len() int { return len(b.data) / EntrySize }

// seedStream is PCG's second seed word, derived from the seed with the
// golden-ratio constant so that nearby seeds give unrelated streams.
const seedStream = 0x9e3779b97f4a7c15

// Seed makes Probe's random choices repeat: the same seed, the same moves.
func (b *Book) Seed(seed uint64) {
	b.mu.Lock()
	b.rng = rand.New(rand.NewPCG(seed, seed^seedStream))
	b.mu.Unlock()
}

// SetBestOnly makes Probe always return Best instead of a weighted random
// choice.
func (b *Book) SetBestOnly(on bool) {
	b.mu.Lock()
	b.bestOnly = on
	b.mu.Unlock()
}

// first returns the index of the first entry with the given key, or Len()
// when there is none.
func (b *Book) first(key uint64) int {
	n := b.Len()
	i := sort.Search(n, func(i int) bool {
		return binary.BigEndian.Uint64(b.data[i*EntrySize:]) >= key
	})
	if i < n && binary.BigEndian.Uint64(b.data[i*EntrySize:]) == key {
		return i
	}
	return n
}

// Entries returns the book moves for pos in file order (for a book ox88
// wrote: highest weight first). Entries naming a move that is not legal in
// pos are left out.
func (b *Book) Entries(pos *chess.Position) []Entry {
	key := pos.Key()
	var out []Entry
	for i := b.first(key); i < b.Len(); i++ {
		e := getEntry(b.data[i*EntrySize:])
		if e.key != key {
			break
		}
		if m, ok := Decode(pos, e.move); ok {
			out = append(out, Entry{Move: m, Weight: e.weight, Learn: e.learn})
		}
	}
	return out
}

// Probe picks a book move for pos: at random with probability proportional
// to its weight (or Best, after SetBestOnly). It reports false when the
// book has no move with a non-zero weight for pos.
func (b *Book) Probe(pos *chess.Position) (chess.Move, bool) {
	entries := b.Entries(pos)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bestOnly {
		return best(entries)
	}
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	if total == 0 {
		return chess.NoMove, false
	}
	r := b.rng.IntN(total)
	for _, e := range entries {
		if r < int(e.Weight) {
			return e.Move, true
		}
		r -= int(e.Weight)
	}
	return chess.NoMove, false // not reached
}

// Best returns the book move for pos with the highest weight (the first
// one on a tie) and reports false when there is none with a non-zero weight.
func (b *Book) Best(pos *chess.Position) (chess.Move, bool) {
	return best(b.Entries(pos))
}

func best(entries []Entry) (chess.Move, bool) {
	m, w := chess.NoMove, uint16(0)
	for _, e := range entries {
		if e.Weight > w {
			m, w = e.Move, e.Weight
		}
	}
	return m, w > 0
}
