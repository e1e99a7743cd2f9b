package engine

import (
	"fmt"
	"strings"

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
	var n *nnue.Net
	if useNet {
		n = nnue.Default()
	}
	return PieceValuesOf(pos, n)
}

// PieceValuesOf is PieceValues with the network n evaluating, or the
// hand-written evaluation when n is nil (UCI's eval command asks with
// the network EvalFile loaded).
func PieceValuesOf(pos *chess.Position, n *nnue.Net) (white int, values []PieceValue) {
	evaluate := eval.AllTerms.Evaluate
	if n != nil {
		evaluate = n.Evaluate
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

// FormatPieceValues draws values on a board, rank 8 first, each piece's
// letter over its value in pawns for its own side, under a heading that
// names the evaluation (which): the eval command of UCI and xboard.
func FormatPieceValues(values []PieceValue, which string) string {
	var at [64]*PieceValue
	for i := range values {
		at[values[i].Square.Index64()] = &values[i]
	}
	const rule = "+-------+-------+-------+-------+-------+-------+-------+-------+\n"
	var b strings.Builder
	fmt.Fprintf(&b, "\n Piece values (%s): the evaluation with the piece less without it,\n", which)
	b.WriteString(" in pawns for the piece's own side; kings are not valued.\n")
	b.WriteString(rule)
	for rank := 7; rank >= 0; rank-- {
		var letters, worth strings.Builder
		for file := range 8 {
			letter, value := "", ""
			if v := at[rank*8+file]; v != nil {
				letter = v.Piece.String()
				value = fmt.Sprintf("%+.2f", float64(v.Value)/100)
			}
			fmt.Fprintf(&letters, "|   %-1s   ", letter)
			fmt.Fprintf(&worth, "| %5s ", value)
		}
		b.WriteString(letters.String() + "|\n")
		b.WriteString(worth.String() + "|\n")
		b.WriteString(rule)
	}
	b.WriteString("\n")
	return b.String()
}
