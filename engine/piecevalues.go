package engine

import (
	"ox88/chess"
	"ox88/eval"
	"ox88/nnue"
	"ox88/search"
)

// PieceValue is what one piece is worth in a position, by the evaluation
// with it less the evaluation without it.
type PieceValue struct {
	Square chess.Square
	Piece  chess.Piece
	Value  int // centipawns for the piece's own side: negative when the side would be better off without it
}

// PieceValues evaluates pos as it stands and once without each piece but
// the kings (chess.Position.Without), with the embedded network when
// useNet is set (nnue.Default) or the hand-written evaluation otherwise.
// It returns pos's evaluation from White's point of view and each piece's
// value, in the order of the squares a1, b1 ... h8. The positions without
// a piece are evaluated as they are, even when the side not to move is
// then in check: the question is what the evaluation makes of the board.
func PieceValues(pos *chess.Position, useNet bool) (white int, values []PieceValue) {
	evaluate := eval.AllTerms.Evaluate
	if useNet {
		evaluate = nnue.Default().Evaluate
	}
	whiteView := func(p *chess.Position) int { return search.WhiteScore(evaluate(p), p.SideToMove()) }
	white = whiteView(pos)
	for i := range 64 {
		sq := chess.SquareFrom64(i)
		without, ok := pos.Without(sq)
		if !ok {
			continue
		}
		pc := pos.At(sq)
		v := white - whiteView(&without)
		if pc.Color() == chess.Black {
			v = -v
		}
		values = append(values, PieceValue{Square: sq, Piece: pc, Value: v})
	}
	return white, values
}
