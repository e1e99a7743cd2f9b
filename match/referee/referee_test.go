package referee

import (
	"os"
	"testing"

	"ox88/game"
)

// TestCheck: Stockfish accepts a legal game, castling and en passant
// included, and a game with an illegal move is caught.
func TestCheck(t *testing.T) {
	if _, err := os.Stat(DefaultStockfish); err != nil {
		t.Skipf("%s not found (Debian package stockfish): %v", DefaultStockfish, err)
	}
	ref, err := Start(DefaultStockfish)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	// A standard game, a Chess960 game (castling king-takes-rook for
	// Stockfish: the king stays on g1, the rook b8 goes to d8), and the
	// standard game again.
	games, err := game.ParsePGN("1. e4 d5 2. e5 f5 3. exf6 Nc6 4. Nf3 Bg4 5. Bc4 Qd7 6. O-O O-O-O *\n\n" +
		"[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1\"]\n\n1. O-O O-O-O *\n\n" +
		"1. e4 d5 2. e5 f5 3. exf6 Nc6 4. Nf3 Bg4 5. Bc4 Qd7 6. O-O O-O-O *\n")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := ref.Check(games)
	if err != nil || rep.Moves != 26 || len(rep.Illegal) != 0 {
		t.Fatalf("legal game: %v %v %v", rep, rep.Illegal, err)
	}
	// The referee does not trust ox88: a move list that ox88 would refuse
	// to parse cannot be built as a Game, so ask directly.
	legal, err := ref.LegalMoves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []string{"e2e4"})
	if err != nil || len(legal) != 20 || legal["e7e5"] != true || legal["e2e4"] {
		t.Errorf("after 1. e4: %d moves %v", len(legal), err)
	}
}
