package chess

import (
	"flag"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
)

var perftAll = flag.Bool("perft-all", false, "check every perft count of the suites, however large (hours)")

// perftCap keeps go test ./... to seconds; -perft-all, or `ox88 perft
// --suite`, runs the rest.
func perftCap() uint64 {
	switch {
	case *perftAll:
		return 0
	case testing.Short():
		return 200_000
	}
	return 2_000_000
}

// TestPerftStop: PerftStop counts what Perft counts when left alone,
// and gives up at once, with false, when its flag is set.
func TestPerftStop(t *testing.T) {
	pos := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var stop atomic.Bool
	for depth := range 6 {
		if n, ok := pos.PerftStop(depth, &stop); !ok || n != pos.Perft(depth) {
			t.Errorf("depth %d: %d %v, Perft %d", depth, n, ok, pos.Perft(depth))
		}
	}
	stop.Store(true)
	if n, ok := pos.PerftStop(9, &stop); ok || n != 0 {
		t.Errorf("stopped: %d %v", n, ok)
	}
}

// TestPerftSuites checks the standard suites and the 960 Chess960
// positions. Of the Chess960 counts, -short checks depths 1 to 3 of every
// position (and 17 at depth 4), the default depth 4 too (all but 2), and
// -perft-all depths 5 and 6 as well.
func TestPerftSuites(t *testing.T) {
	for _, file := range []string{"../testdata/perftsuite.epd", "../testdata/perft-standard.epd", "../testdata/chess960.epd"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			suite, err := ReadEPDFile(file)
			if err != nil {
				t.Fatal(err)
			}
			r := CheckPerftSuite(suite, perftCap(), func(e *EPD, want PerftCount, got uint64) {
				t.Errorf("%s:%d %s depth %d: got %d, want %d", file, e.Line, e.Pos.FEN(), want.Depth, got, want.Nodes)
			})
			if r.Passed < 100 && file == "../testdata/perftsuite.epd" || r.Passed < 3*960 && file == "../testdata/chess960.epd" {
				t.Errorf("%s: only %d entries ran", file, r.Passed)
			}
		})
	}
}

// checkTree walks the legal move tree to depth and checks at every node that
// the incremental state (and the pawn and material keys read from the
// piece lists) equals a recount, that the captures-only list is
// the exact ordered subsequence of the full list, that CountMoves counts the
// full list, that KeyAfter foretells each move's key, and that unmake restores the position exactly. It returns the number of nodes visited.
func checkTree(t *testing.T, p *Position, depth int) int {
	if got, want := p.Key(), p.ComputeKey(); got != want {
		t.Fatalf("%s: key %016x, recomputed %016x", p.FEN(), got, want)
	}
	if got, want := p.PawnKey(), pawnKeyFromBoard(p); got != want {
		t.Fatalf("%s: pawn key %016x, from the board %016x", p.FEN(), got, want)
	}
	if got, want := p.MaterialKey(), materialKeyFromBoard(p); got != want {
		t.Fatalf("%s: material key %016x, from the board %016x", p.FEN(), got, want)
	}
	var all, caps MoveList
	p.GenerateMoves(&all)
	p.GenerateCaptures(&caps)
	j := 0
	for _, m := range all.Slice() {
		if m.IsCapture() || m.IsPromotion() {
			if j >= caps.N || caps.Moves[j] != m {
				t.Fatalf("%s: captures list %v is not the ordered subsequence of %v", p.FEN(), caps.Slice(), all.Slice())
			}
			j++
		}
	}
	if j != caps.N {
		t.Fatalf("%s: captures list has %d extra moves", p.FEN(), caps.N-j)
	}
	if n := p.CountMoves(); n != all.N {
		t.Fatalf("%s: CountMoves says %d, GenerateMoves lists %d", p.FEN(), n, all.N)
	}
	if depth == 0 {
		return 1
	}
	nodes := 1
	for _, m := range all.Slice() {
		before := *p
		after := p.KeyAfter(m)
		u := p.MakeMove(m)
		if p.IsAttacked(p.KingSquare(p.SideToMove()^1), p.SideToMove()) {
			t.Fatalf("%s: %s leaves the king in check", before.FEN(), m)
		}
		if p.Key() != after {
			t.Fatalf("%s: %s: KeyAfter %016x, the key after the move %016x", before.FEN(), m, after, p.Key())
		}
		nodes += checkTree(t, p, depth-1)
		p.UnmakeMove(m, u)
		if !samePosition(p, &before) {
			t.Fatalf("%s: unmake of %s did not restore the position, got %s", before.FEN(), m, p.FEN())
		}
	}
	return nodes
}

func TestIncrementalStateOverPerftTrees(t *testing.T) {
	budget := 3_000_000
	if testing.Short() {
		budget = 300_000
	}
	visited := 0
	for _, file := range []string{"../testdata/perft-standard.epd", "../testdata/perftsuite.epd"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			suite, err := ReadEPDFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range suite {
				if visited <= budget && slices.ContainsFunc(e.Perft, func(c PerftCount) bool { return c.Depth == 3 }) {
					visited += checkTree(t, e.Pos, 3)
				}
			}
		})
	}
	if visited < 100_000 && !testing.Short() {
		t.Errorf("only %d nodes checked", visited)
	}
	// Chess960: every position to depth 2 (every 8th with -short), so
	// castling of every kind is made and unmade.
	suite, err := ReadEPDFile("../testdata/chess960.epd")
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range suite {
		if i%8 == 0 || !testing.Short() {
			checkTree(t, e.Pos, 2)
		}
	}
}

// samePosition reports whether a and b hold the same position in every
// meaningful field, piece-list order included. Slots past a list's count and
// index entries of empty squares are scratch and are not compared.
func samePosition(a, b *Position) bool {
	if a.board != b.board || a.count != b.count || a.pieces != b.pieces || a.side != b.side ||
		a.castle != b.castle || a.ep != b.ep || a.halfmove != b.halfmove || a.fullmove != b.fullmove ||
		a.key != b.key || a.pawnKey != b.pawnKey || a.materialKey != b.materialKey || a.castlePlans != b.castlePlans || a.castleMask != b.castleMask || a.chess960 != b.chess960 {
		return false
	}
	for pc := range a.list {
		for i := 0; i < int(a.pieces[pc]); i++ {
			if a.list[pc][i] != b.list[pc][i] || a.index[a.list[pc][i]] != b.index[b.list[pc][i]] {
				return false
			}
		}
	}
	return true
}
