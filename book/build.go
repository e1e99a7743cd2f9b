package book

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"

	"ox88/chess"
	"ox88/internal/atomicfile"
)

// Result points per game for the side that played a move, as Polyglot's own
// make-book counts them: a win is worth two draws.
const (
	winPoints  = 2
	drawPoints = 1
)

// maxWeight is the largest weight an entry can hold (16 bits). A position
// whose counts exceed it has all its weights scaled down together.
const maxWeight = 0xffff

// Builder collects moves from games and writes them as a Polyglot book.
// Each (position, move) pair earns, for the side that played the move, 2
// points per game won and 1 per game drawn (or unfinished, "*"); the
// weight written is the points total. Moves that earned nothing (only
// ever played in lost games) are left out, so a book built from one lost
// game holds only the winner's moves, as Polyglot's make-book does.
type Builder struct {
	MaxPly int // plies of each game to record; 0 means all

	points map[bookKey]int
}

type bookKey struct {
	key  uint64
	move uint16
}

// NewBuilder returns a Builder that records the first maxPly plies of each
// game (0: all of them).
func NewBuilder(maxPly int) *Builder {
	return &Builder{MaxPly: maxPly, points: map[bookKey]int{}}
}

// Add records one game: its start position, its moves (legal, in order)
// and its PGN result ("1-0", "0-1", "1/2-1/2" or "*").
func (bd *Builder) Add(start *chess.Position, moves []chess.Move, result string) error {
	var white, black int
	switch result {
	case "1-0":
		white = winPoints
	case "0-1":
		black = winPoints
	case "1/2-1/2", "*":
		white, black = drawPoints, drawPoints
	default:
		return fmt.Errorf("book: unknown result %q", result)
	}
	pos := *start
	for ply, m := range moves {
		if bd.MaxPly > 0 && ply >= bd.MaxPly {
			break
		}
		pts := white
		if pos.SideToMove() == chess.Black {
			pts = black
		}
		k := bookKey{pos.Key(), Encode(m)}
		bd.points[k] += pts
		pos.MakeMove(m)
	}
	return nil
}

// Len returns the number of entries the book will have.
func (bd *Builder) Len() int {
	n := 0
	for _, p := range bd.points {
		if p > 0 {
			n++
		}
	}
	return n
}

// WriteTo writes the book: entries sorted by key, then by weight (highest
// first, so a reader that takes a position's first entry takes its best
// move, as Polyglot's own books are laid out), then by move.
func (bd *Builder) WriteTo(w io.Writer) (int64, error) {
	entries := make([]rawEntry, 0, len(bd.points))
	for k, p := range bd.points {
		if p > 0 {
			entries = append(entries, rawEntry{key: k.key, move: k.move, weight: 0})
			entries[len(entries)-1].learn = uint32(p) // points until scaled below
		}
	}
	slices.SortFunc(entries, func(a, b rawEntry) int {
		// The points sit in learn until they are scaled into weight.
		a.weight, b.weight = uint16(min(a.learn, maxWeight)), uint16(min(b.learn, maxWeight))
		return compareEntries(a, b)
	})
	// Scale each position's points into 16 bits when they do not fit.
	for i := 0; i < len(entries); {
		j, top := i, entries[i].learn // sorted: the first is the largest
		for j < len(entries) && entries[j].key == entries[i].key {
			p := entries[j].learn
			if top > maxWeight {
				p = max(1, uint32(uint64(p)*maxWeight/uint64(top)))
			}
			entries[j].weight, entries[j].learn = uint16(p), 0
			j++
		}
		i = j
	}
	bw := bufio.NewWriter(w)
	var buf [EntrySize]byte
	var n int64
	for _, e := range entries {
		putEntry(buf[:], e)
		k, err := bw.Write(buf[:])
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, bw.Flush()
}

// WriteFile writes the book to the file name, whole or not at all
// (atomicfile): a book killed half-written would mislead every engine
// that reads it.
func (bd *Builder) WriteFile(name string) error {
	return atomicfile.Write(name, func(w io.Writer) error {
		_, err := bd.WriteTo(w)
		return err
	})
}

// compareEntries orders entries as ox88 writes them: by key, then weight
// (highest first), then move.
func compareEntries(a, b rawEntry) int {
	if c := cmp.Compare(a.key, b.key); c != 0 {
		return c
	}
	if c := cmp.Compare(b.weight, a.weight); c != 0 {
		return c
	}
	return cmp.Compare(a.move, b.move)
}
