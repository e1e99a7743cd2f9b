package chess

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestFENCastlingRights(t *testing.T) {
	cases := []struct {
		fen      string
		rights   CastleRights
		chess960 bool
		xfen     string // FEN()'s castling field
		shredder string // ShredderFEN()'s
		notes    []string
	}{
		{StartFEN, AllCastle, false, "KQkq", "HAha", nil},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", AllCastle, false, "KQkq", "HAha", nil},
		{"r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", WhiteOO | BlackOOO, false, "Kq", "Ha", []string{
			"castling right Q dropped: no white rook on the queen side of e1",
			"castling right k dropped: no black rook on the king side of e8"}},
		// Chess960: Shredder-FEN in, X-FEN out (both rooks outermost).
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1", AllCastle, true, "KQkq", "HFhf", nil},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1", AllCastle, true, "KQkq", "HFhf", nil},
		// An inner rook is named by its file in X-FEN too.
		{"4k3/8/8/8/8/8/8/R1R1K2R w C - 0 1", WhiteOOO, true, "C", "C", nil},
		{"4k3/8/8/8/8/8/8/R1R1K2R w Q - 0 1", WhiteOOO, false, "Q", "A", nil},
		{"1r2k1r1/8/8/8/8/8/8/4K3 b gb - 0 1", BlackOO | BlackOOO, true, "kq", "gb", nil},
		{"rr2k1rr/8/8/8/8/8/8/4K3 b gb - 0 1", BlackOO | BlackOOO, true, "gb", "gb", nil},
		// Rights that cannot be held are dropped with a note.
		{"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", NoCastle, false, "-", "-", []string{
			"castling right K dropped: the white king is not on rank 1",
			"castling right Q dropped: the white king is not on rank 1"}},
		{"4k3/8/8/8/8/8/8/R3K2R w EB - 0 1", NoCastle, false, "-", "-", []string{
			"castling right E dropped: no white rook on e1",
			"castling right B dropped: no white rook on b1"}},
	}
	for _, c := range cases {
		t.Run(c.fen, func(t *testing.T) {
			pos, notes, err := ParseFENNotes(c.fen)
			if err != nil {
				t.Errorf("%s: %v", c.fen, err)
				return
			}
			if pos.Castling() != c.rights || pos.Chess960() != c.chess960 {
				t.Errorf("%s: rights %v chess960 %v, want %v %v", c.fen, pos.Castling(), pos.Chess960(), c.rights, c.chess960)
			}
			if got := strings.Fields(pos.FEN())[2]; got != c.xfen {
				t.Errorf("%s: FEN writes castling %q, want %q", c.fen, got, c.xfen)
			}
			if got := strings.Fields(pos.ShredderFEN())[2]; got != c.shredder {
				t.Errorf("%s: ShredderFEN writes castling %q, want %q", c.fen, got, c.shredder)
			}
			if !slices.Equal(notes, c.notes) {
				t.Errorf("%s: notes %q, want %q", c.fen, notes, c.notes)
			}
			for _, out := range []string{pos.FEN(), pos.ShredderFEN()} {
				again := MustParseFEN(out)
				if again.Key() != pos.Key() || again.ShredderFEN() != pos.ShredderFEN() {
					t.Errorf("%s: %q reads back as %q", c.fen, out, again.ShredderFEN())
				}
			}
		})
	}
}

// TestFENRoundTripChess960 reads every position of the Chess960 suite in
// Shredder-FEN, writes it back exactly, and reads its X-FEN to the same
// position.
func TestFENRoundTripChess960(t *testing.T) {
	data, err := os.ReadFile("../testdata/chess960.epd")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != Chess960Positions {
		t.Fatalf("%d lines", len(lines))
	}
	for i, line := range lines {
		fen := strings.Join(strings.Fields(line)[:4], " ") + " 0 1"
		pos, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("line %d: %v", i+1, err)
			continue
		}
		if got := pos.ShredderFEN(); got != fen {
			t.Errorf("line %d: %q written back as %q", i+1, fen, got)
		}
		again := MustParseFEN(pos.FEN())
		if again.ShredderFEN() != fen || again.Key() != pos.Key() {
			t.Errorf("line %d: X-FEN %q reads back as %q", i+1, pos.FEN(), again.ShredderFEN())
		}
	}
}

// TestCastling960 checks the castling rules where Chess960 tests them
// hardest: the rook on the king's target, the king already on its target,
// attacked and blocked paths, and a rook that shields the king's path. The
// moves are written king-takes-rook.
func TestCastling960(t *testing.T) {
	cases := []struct {
		name, fen string
		want      []string // the castling moves, in generation order
		after     []string // the position after each, in X-FEN
	}{
		{"rook on the king's target", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
			[]string{"f1g1"}, []string{"4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"king already on its target", "4k3/8/8/8/8/8/8/6KR w H - 0 1",
			[]string{"g1h1"}, []string{"4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"king on the queen-side target", "4k3/8/8/8/8/8/8/1RK5 w B - 0 1",
			[]string{"c1b1"}, []string{"4k3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"the castling rook shields the king", "4k3/8/8/8/8/8/8/qRK5 w B - 0 1", nil, nil},
		{"the castling rook shields the path", "4k3/8/8/8/8/8/8/qR1K4 w B - 0 1", nil, nil},
		{"king and rook swap", "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",
			[]string{"d1c1"}, []string{"4k3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"both sides", "1r4kr/8/8/8/8/8/8/1R4KR b HBhb - 0 1",
			[]string{"g8h8", "g8b8"}, []string{"1r3rk1/8/8/8/8/8/8/1R4KR w KQ - 1 2", "2kr3r/8/8/8/8/8/8/1R4KR w KQ - 1 2"}},
		{"long walk", "4k3/8/8/8/8/8/8/1K4R1 w G - 0 1",
			[]string{"b1g1"}, []string{"4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"attacked path", "3rk3/8/8/8/8/8/8/1K4R1 w G - 0 1", nil, nil},
		{"attacked target", "4k1r1/8/8/8/8/8/8/1K4R1 w G - 0 1", nil, nil},
		{"attacked rook square only", "1r2k3/8/8/8/8/8/8/1R1K4 w B - 0 1",
			[]string{"d1b1"}, []string{"1r2k3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"the other rook blocks", "4k3/8/8/8/8/8/8/RKR5 w AC - 0 1",
			[]string{"b1c1"}, []string{"4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"}},
		{"only the rook's target attacked", "3rk3/8/8/8/8/8/8/RK6 w A - 0 1",
			[]string{"b1a1"}, []string{"3rk3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"blocked rook target", "4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", nil, nil},
		{"blocked king path", "4k3/8/8/8/8/8/8/1K2N1R1 w G - 0 1", nil, nil},
		{"in check", "4k3/8/8/8/8/8/1r6/1K4R1 w G - 0 1", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := MustParseFEN(c.fen)
			var ml MoveList
			pos.GenerateMoves(&ml)
			var got []string
			var castles []Move
			for _, m := range ml.Slice() {
				if m.IsCastle() {
					got = append(got, pos.UCI(m))
					castles = append(castles, m)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s (%s): castling %v, want %v", c.name, c.fen, got, c.want)
				return
			}
			if n := pos.CountMoves(); n != ml.N {
				t.Errorf("%s: CountMoves %d, GenerateMoves %d", c.name, n, ml.N)
			}
			for i, m := range castles {
				if p, err := pos.ParseUCI(c.want[i]); p != m || err != nil {
					t.Errorf("%s: ParseUCI(%q) = %v, %v", c.name, c.want[i], p, err)
				}
				before := *pos
				u := pos.MakeMove(m)
				if got := pos.FEN(); got != c.after[i] {
					t.Errorf("%s: after %s: %s, want %s", c.name, c.want[i], got, c.after[i])
				}
				if pos.Key() != pos.ComputeKey() {
					t.Errorf("%s: after %s the key is not the recomputed one", c.name, c.want[i])
				}
				pos.UnmakeMove(m, u)
				if !samePosition(pos, &before) {
					t.Errorf("%s: unmaking %s gives %s", c.name, c.want[i], pos.FEN())
				}
			}
		})
	}
}

// TestCastlingNotation checks both ways of writing castling in both modes,
// and that a king's step is not taken for castling.
func TestCastlingNotation(t *testing.T) {
	std := StartPosition()
	for _, s := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"} {
		m, err := std.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		std.MakeMove(m)
	}
	oo, err := std.ParseUCI("e1g1")
	if err != nil || !oo.IsCastle() {
		t.Fatalf("e1g1: %v %v", oo, err)
	}
	if m, err := std.ParseUCI("e1h1"); m != oo || err != nil {
		t.Errorf("e1h1 reads as %v, %v", m, err)
	}
	if std.UCI(oo) != "e1g1" || std.SAN(oo) != "O-O" {
		t.Errorf("standard: %s %s", std.UCI(oo), std.SAN(oo))
	}
	std.SetChess960(true)
	if std.UCI(oo) != "e1h1" {
		t.Errorf("Chess960 mode writes %s", std.UCI(oo))
	}
	if m, err := std.ParseUCI("e1g1"); m != oo || err != nil {
		t.Errorf("Chess960 mode reads e1g1 as %v, %v", m, err)
	}

	// Each string read in a Chess960 position, and what it means in SAN.
	cases := []struct{ fen, move, san string }{
		{"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", "O-O-O"},
		{"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1c1", "Kc1"}, // the king's step, not its castling move
		{"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "O-O-O", "O-O-O"},
		{"4k3/8/8/8/8/8/8/RKR5 w AC - 0 1", "b1c1", "O-O"}, // king takes rook
		{"4k3/8/8/8/8/8/8/RKR5 w AC - 0 1", "b1g1", "O-O"},
		{"4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1g1", "Kg1"},
		{"4k3/8/8/8/8/8/8/5K1R w H - 0 1", "Kg1", "Kg1"},
		{"4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1h1", "O-O"},
		{"4k3/8/8/8/8/8/8/5K1R w H - 0 1", "O-O", "O-O"},
		{"4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1g1", "O-O"}, // the king's "move" onto its own square
	}
	for _, c := range cases {
		pos := MustParseFEN(c.fen)
		m, err := pos.ParseMove(c.move)
		if err != nil || pos.SAN(m) != c.san {
			t.Errorf("%s: %s reads as %v (%v), want %s", c.fen, c.move, m, err, c.san)
		}
	}
}

func TestChess960Start(t *testing.T) {
	known := map[int]string{
		0:   "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
		1:   "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w KQkq - 0 1",
		518: StartFEN,
		959: "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
	}
	for n, want := range known {
		pos := Chess960Start(n)
		if pos.FEN() != want || !pos.Chess960() {
			t.Errorf("Chess960Start(%d) = %s (chess960 %v), want %s", n, pos.FEN(), pos.Chess960(), want)
		}
	}
	seen := map[string]bool{}
	for n := 0; n < Chess960Positions; n++ {
		rank, err := chess960BackRank(n)
		if err != nil {
			t.Fatal(err)
		}
		b1, b2 := strings.IndexByte(rank, 'B'), strings.LastIndexByte(rank, 'B')
		r1, k, r2 := strings.IndexByte(rank, 'R'), strings.IndexByte(rank, 'K'), strings.LastIndexByte(rank, 'R')
		if seen[rank] || (b1+b2)%2 == 0 || !(r1 < k && k < r2) || strings.Count(rank, "N") != 2 || strings.Count(rank, "Q") != 1 {
			t.Errorf("%d: %s", n, rank)
		}
		seen[rank] = true
	}
	for _, n := range []int{-1, Chess960Positions} {
		if _, err := chess960BackRank(n); err == nil {
			t.Errorf("%d accepted", n)
		}
	}
}
