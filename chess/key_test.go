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
