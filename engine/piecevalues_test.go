package engine

import (
	"testing"

	"ox88/chess"
)

// TestPieceValues values every piece but the kings with both evaluations:
// in the start position the 30 pieces, a queen above a pawn above nothing
// (and by the hand-written evaluation a knight between them; the network
// makes less of a queen among all the pieces); and a board where taking a
// piece off leaves the side not to move in check is still valued.
func TestPieceValues(t *testing.T) {
	sq := func(s string) chess.Square { q, _ := chess.ParseSquare(s); return q }
	for _, useNet := range []bool{false, true} {
		start := chess.StartPosition()
		white, values := PieceValues(start, useNet)
		if len(values) != 30 {
			t.Fatalf("net %v: %d values in the start position, want 30", useNet, len(values))
		}
		by := map[chess.Square]int{}
		for _, v := range values {
			if v.Piece != start.At(v.Square) || v.Piece.Kind() == chess.King {
				t.Errorf("net %v: %v on %v is not the board's piece", useNet, v.Piece, v.Square)
			}
			by[v.Square] = v.Value
		}
		queen, knight, pawn := by[sq("d1")], by[sq("b1")], by[sq("e2")]
		if !(queen > pawn && pawn > 0) || !useNet && !(queen > knight && knight > pawn) {
			t.Errorf("net %v: queen %d, knight %d, pawn %d", useNet, queen, knight, pawn)
		}
		t.Logf("net %v: start %+d, queen %d, knight %d, pawn e2 %d", useNet, white, queen, knight, pawn)

		// Without the bishop on e7, Black's king stands in the rook's check
		// with White to move.
		pinned := chess.MustParseFEN("4k3/4b3/8/8/8/8/8/4RK2 w - - 0 1")
		if _, values := PieceValues(pinned, useNet); len(values) != 2 {
			t.Errorf("net %v: %d values with the pin, want 2", useNet, len(values))
		}
	}
}
