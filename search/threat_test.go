package search

import (
	"testing"

	"ox88/chess"
)

// TestThreatScore: the knight on e4 stands in the d5 pawn's attack, so its
// moves to safe squares are tried earlier and those into the e7 pawn's
// attack later; the bishop is safe on b5, so only Bc4 (into d5's attack)
// moves; the king is left to the history.
func TestThreatScore(t *testing.T) {
	pos := chess.MustParseFEN("7k/4p3/8/1B1p4/4N3/8/8/4K3 w - - 0 1")
	for _, c := range []struct {
		move string
		want int
	}{
		{"e4c3", threatBonus}, {"e4g5", threatBonus}, {"e4d6", -threatBonus}, {"e4f6", -threatBonus},
		{"b5c4", -threatBonus}, {"b5a4", 0}, {"e1e2", 0},
	} {
		t.Run(c.move, func(t *testing.T) {
			m, err := pos.ParseUCI(c.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := threatScore(pawnAttacks(pos, pos.SideToMove()^1), pos.At(m.From()), m); got != c.want {
				t.Errorf("%s: %d, want %d", c.move, got, c.want)
			}
		})
	}
	// Black's view: a black knight on d4 that
	// a white pawn on e3 attacks gains by leaving for b5.
	pos = chess.MustParseFEN("4k3/8/8/8/3n4/4P3/8/4K3 b - - 0 1")
	if m, _ := pos.ParseUCI("d4b5"); threatScore(pawnAttacks(pos, pos.SideToMove()^1), pos.At(m.From()), m) != threatBonus {
		t.Errorf("black d4b5: %d, want %d", threatScore(pawnAttacks(pos, pos.SideToMove()^1), pos.At(m.From()), m), threatBonus)
	}
	if m, _ := pos.ParseUCI("d4f3"); threatScore(pawnAttacks(pos, pos.SideToMove()^1), pos.At(m.From()), m) != threatBonus {
		t.Errorf("black d4f3: %d, want %d", threatScore(pawnAttacks(pos, pos.SideToMove()^1), pos.At(m.From()), m), threatBonus)
	}
}

// TestPawnAttacks: pawnAttacks holds exactly the squares
// Position.AttackedByPawn says a side's pawns attack, on every square of
// positions with pawns on the edge files and both sides to move.
func TestPawnAttacks(t *testing.T) {
	for _, fen := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"4k3/P6p/1p4P1/7P/p7/P6p/1P5P/4K3 b - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1",
	} {
		pos := chess.MustParseFEN(fen)
		for by := chess.White; by <= chess.Black; by++ {
			att := pawnAttacks(pos, by)
			for i := range 64 {
				sq := chess.SquareFrom64(i)
				if got, want := att&bit64(sq) != 0, pos.AttackedByPawn(sq, by); got != want {
					t.Errorf("%s: %v's pawns on %s: %v, AttackedByPawn says %v", fen, by, sq, got, want)
				}
			}
		}
	}
}
