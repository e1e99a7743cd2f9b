// Package opening names the opening of a position or a game: its ECO code
// and name, from lichess's CC0 table of named opening lines (eco/, see
// eco/SOURCE.txt).
//
// The table is read by position, not by move order. Every line of the table
// is played out from the start, and each position it reaches is stored by
// its Zobrist key, so a game that reaches the Ruy Lopez by an unusual order
// of the same moves is named the Ruy Lopez too. Two sets come out of it:
//
//   - named positions: the position at the end of each line, with the line's
//     code and name (when several lines end in the same position, the one
//     with the fewest moves names it, as its canonical order);
//   - known positions: every position on any line, named or not. A game is
//     in theory while its positions are known; the move after the last
//     known position is where it left theory.
//
// The table is parsed once, on first use (about 3,800 lines, some 14,000
// positions).
package opening

import (
	"bufio"
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	"ox88/chess"
)

//go:embed eco/*.tsv
var tables embed.FS

// Opening is a named line of the table.
type Opening struct {
	ECO  string // the code, "A00" to "E99"
	Name string // "Ruy Lopez: Morphy Defense", family before the colon
	PGN  string // the line's moves from the start, as the table gives them
}

// String formats the opening as "C65 Ruy Lopez: Berlin Defense".
func (o Opening) String() string { return o.ECO + " " + o.Name }

// Family is the name before the first colon: "Ruy Lopez" for
// "Ruy Lopez: Morphy Defense".
func (o Opening) Family() string {
	if i := strings.IndexByte(o.Name, ':'); i >= 0 {
		return o.Name[:i]
	}
	return o.Name
}

type entry struct {
	op    Opening
	plies int
}

var (
	once     sync.Once
	named    map[uint64]entry    // positions at the end of a line
	known    map[uint64]struct{} // positions on any line
	maxPlies int                 // the longest line's length
	err      error
)

func load() {
	named = make(map[uint64]entry, 4096)
	known = make(map[uint64]struct{}, 16384)
	err = fs.WalkDir(tables, "eco", func(path string, d fs.DirEntry, e error) error {
		if e != nil || d.IsDir() {
			return e
		}
		f, e := tables.Open(path)
		if e != nil {
			return e
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			if n == 1 {
				continue // the header: eco, name, pgn
			}
			if e := add(sc.Text()); e != nil {
				return fmt.Errorf("%s:%d: %w", path, n, e)
			}
		}
		return sc.Err()
	})
}

// add plays one row of the table out from the start.
func add(row string) error {
	cols := strings.Split(row, "\t")
	if len(cols) != 3 {
		return fmt.Errorf("want 3 columns, have %d", len(cols))
	}
	pos := chess.StartPosition()
	known[pos.Key()] = struct{}{}
	plies := 0
	for _, tok := range strings.Fields(cols[2]) {
		if strings.HasSuffix(tok, ".") {
			continue // a move number
		}
		m, err := pos.ParseSAN(tok)
		if err != nil {
			return err
		}
		pos.MakeMove(m)
		plies++
		known[pos.Key()] = struct{}{}
	}
	maxPlies = max(maxPlies, plies)
	op := Opening{ECO: cols[0], Name: cols[1], PGN: cols[2]}
	if e, ok := named[pos.Key()]; !ok || plies < e.plies {
		named[pos.Key()] = entry{op, plies}
	}
	return nil
}

func tablesReady() {
	once.Do(load)
	if err != nil {
		panic("opening: the embedded table is damaged: " + err.Error())
	}
}

// Lookup returns the opening named by the position itself, if the table
// names it: the end of some line of the table, reached by any move order.
func Lookup(pos *chess.Position) (Opening, bool) {
	tablesReady()
	e, ok := named[pos.Key()]
	return e.op, ok
}

// Known reports whether the position lies on some line of the table, named
// or not: whether a game that reaches it is still in theory.
func Known(pos *chess.Position) bool {
	tablesReady()
	_, ok := known[pos.Key()]
	return ok
}

// Result is what Classify finds in a game.
type Result struct {
	Opening Opening // the latest named position the game reached
	Ply     int     // the ply of that position (0 = the start, 1 = after White's first move)
	// LeftAt is the ply of the move after the game's last known position:
	// the move that left theory for good. It is 0 when the game never left
	// it, and when it never entered it (a game from a position outside the
	// table that never reaches one inside it).
	LeftAt int
}

// Named reports whether Classify found a name.
func (r Result) Named() bool { return r.Opening.ECO != "" }

// Classify names the opening of a game played from start: the named position
// latest in the game, and the move that left theory. Positions count, not
// move orders, and a game may step off the table's lines and back on: 1. Nf3
// Nf6 2. e4 e5 3. Bb5 Nc6 is named the Berlin Defense of the Ruy Lopez,
// whose position it reaches, although 2. e4 is on no line. Only the first
// plies are looked at, as many as the table's longest line: no later
// position can be on it. A game from a position that is on no line and
// never reaches one (a Chess960 start, a composed position) gets no name.
func Classify(start *chess.Position, moves []chess.Move) Result {
	tablesReady()
	var r Result
	pos := *start
	last := -1 // the ply of the last known position
	for ply := 0; ; ply++ {
		if _, ok := known[pos.Key()]; ok {
			last = ply
			if e, ok := named[pos.Key()]; ok {
				r.Opening, r.Ply = e.op, ply
			}
		}
		if ply == len(moves) || ply == maxPlies {
			break
		}
		pos.MakeMove(moves[ply])
	}
	if last >= 0 && last < len(moves) {
		r.LeftAt = last + 1
	}
	return r
}

// Tags are a game's PGN tags (package game's Game has them).
type Tags interface {
	Tag(name string) string
	SetTag(name, value string)
}

// SetTags writes r's opening into g's ECO and Opening tags, unless g
// already names its opening in either (an empty tag or "?" names
// nothing): a game read from a file, or played from an opening suite,
// keeps the names it came with. It does nothing when r has no name.
func (r Result) SetTags(g Tags) {
	given := func(name string) bool { v := g.Tag(name); return v != "" && v != "?" }
	if !r.Named() || given("ECO") || given("Opening") {
		return
	}
	g.SetTag("ECO", r.Opening.ECO)
	g.SetTag("Opening", r.Opening.Name)
}
