package chess

import (
	"fmt"
	"testing"
)

// The test keys published with the Polyglot book format.
var polyglotKeys = []struct {
	moves string
	fen   string
	key   uint64
}{
	{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
	{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
	{"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4", 0x5c3f9b829b279560},
}

func TestPolyglotKeys(t *testing.T) {
	pos := StartPosition()
	played := 0
	for _, c := range polyglotKeys {
		// Play the moves that this entry adds to the previous one.
		moves := splitMoves(c.moves)
		if len(moves) < played {
			pos = StartPosition()
			played = 0
		}
		for _, s := range moves[played:] {
			m, err := pos.ParseUCI(s)
			if err != nil {
				t.Fatal(err)
			}
			pos.MakeMove(m)
		}
		played = len(moves)
		if pos.Key() != c.key {
			t.Errorf("after %q: key %016x, want %016x", c.moves, pos.Key(), c.key)
		}
		if pos.FEN() != c.fen {
			t.Errorf("after %q: FEN %q, want %q", c.moves, pos.FEN(), c.fen)
		}
		fromFEN, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if fromFEN.Key() != c.key {
			t.Errorf("FEN %q: key %016x, want %016x", c.fen, fromFEN.Key(), c.key)
		}
	}
}

func splitMoves(s string) []string {
	var out []string
	var cur string
	for _, r := range s + " " {
		if r == ' ' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	return out
}

func TestNullMoveKey(t *testing.T) {
	pos, _ := ParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	before := *pos
	u := pos.MakeNullMove()
	if pos.SideToMove() != White || pos.EnPassant() != NoSquare || pos.Key() != pos.ComputeKey() {
		t.Errorf("null move: side %v ep %v key ok %v", pos.SideToMove(), pos.EnPassant(), pos.Key() == pos.ComputeKey())
	}
	pos.UnmakeNullMove(u)
	if !samePosition(pos, &before) {
		t.Error("unmake null move did not restore the position")
	}
}

func ExamplePosition_Key() {
	pos := StartPosition()
	fmt.Printf("%016x\n", pos.Key())
	// Output: 463b96181691fc9c
}

// pawnKeyFromBoard is PawnKey computed by scanning the 64 squares.
func pawnKeyFromBoard(p *Position) uint64 {
	var k uint64
	for i := 0; i < 64; i++ {
		if sq := SquareFrom64(i); p.board[sq].Kind() == Pawn {
			k ^= pieceKeys[p.board[sq]][sq]
		}
	}
	return k
}

// materialKeyFromBoard is MaterialKey computed by counting the pieces on
// the 64 squares.
func materialKeyFromBoard(p *Position) uint64 {
	var n [16]int
	for i := 0; i < 64; i++ {
		n[p.board[SquareFrom64(i)]]++
	}
	var k uint64
	for pc := WPawn; pc <= BQueen; pc++ {
		if kind := pc.Kind(); kind >= Pawn && kind <= Queen {
			k ^= pieceKeys[pc][SquareFrom64(n[pc])]
		}
	}
	return k
}

// TestPawnAndMaterialKeys: the pawn key depends on the pawns alone and the
// material key on the numbers of pieces alone.
func TestPawnAndMaterialKeys(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, c := range []struct {
		a, b               string
		samePawns, sameMat bool
	}{
		// Knights out, castling lost, the other side to move: same pawns, same material.
		{start, "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b - - 4 3", true, true},
		// One pawn pushed: other pawns, same material.
		{start, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, true},
		// A knight fewer: same pawns, other material.
		{start, "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, false},
		// A knight turned into a bishop: same pawns, other material.
		{start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RBBQKBNR w KQkq - 0 1", true, false},
		// White's pawn against Black's: the colour of a pawn counts in both keys.
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", false, false},
		// Bare kings on other squares.
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "8/8/3k4/8/8/5K2/8/8 b - - 0 1", true, true},
	} {
		t.Run(c.a, func(t *testing.T) {
			a, b := MustParseFEN(c.a), MustParseFEN(c.b)
			if got := a.PawnKey() == b.PawnKey(); got != c.samePawns {
				t.Errorf("%s / %s: same pawn key %v, want %v", c.a, c.b, got, c.samePawns)
			}
			if got := a.MaterialKey() == b.MaterialKey(); got != c.sameMat {
				t.Errorf("%s / %s: same material key %v, want %v", c.a, c.b, got, c.sameMat)
			}
		})
	}
	if k := MustParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1").PawnKey(); k != 0 {
		t.Errorf("no pawns: pawn key %016x, want 0", k)
	}
	if k, want := MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").PawnKey(), pieceKeys[WPawn][SquareFrom64(12)]; k != want {
		t.Errorf("one pawn on e2: pawn key %016x, want %016x", k, want)
	}
}
