package eval

import "ox88/chess"

// Material values, middlegame and endgame halves, in centipawns. Pawns are
// worth more in the endgame (they promote), rooks gain as the board empties,
// the minor pieces lose a little.
var (
	pawnValue   = chess.S(85, 110)
	knightValue = chess.S(330, 300)
	bishopValue = chess.S(345, 315)
	rookValue   = chess.S(470, 530)
	queenValue  = chess.S(1000, 980)
)

// The piece-square tables below are written as a player sees the board from
// White's side: the first row is rank 8, the last rank 1. Black uses the
// same tables mirrored top to bottom. Values are in centipawns and come on
// top of the material value. Each piece has a middlegame (Mg) and an endgame
// (Eg) table; the evaluation blends them by phase.

var pawnMg = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	60, 70, 60, 70, 70, 60, 70, 60, // about to promote
	20, 25, 30, 40, 40, 30, 25, 20,
	5, 10, 15, 30, 30, 15, 10, 5,
	0, 0, 10, 25, 25, 5, 0, -5,
	0, 0, 5, 10, 10, -5, 0, 0,
	0, 5, 5, -15, -15, 10, 10, 0, // keep the king's pawns, free the centre
	0, 0, 0, 0, 0, 0, 0, 0,
}

var pawnEg = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	120, 115, 110, 100, 100, 110, 115, 120,
	70, 65, 55, 50, 50, 55, 65, 70,
	35, 30, 25, 20, 20, 25, 30, 35,
	15, 12, 8, 5, 5, 8, 12, 15,
	5, 5, 0, 0, 0, 0, 5, 5,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
}

var knightMg = [64]int{
	-60, -30, -20, -15, -15, -20, -30, -60,
	-30, -15, 5, 10, 10, 5, -15, -30,
	-15, 10, 20, 30, 30, 20, 10, -15,
	-10, 5, 20, 30, 30, 20, 5, -10,
	-15, 0, 15, 20, 20, 15, 0, -15,
	-20, 0, 10, 10, 10, 10, 0, -20,
	-30, -20, -5, 0, 0, -5, -20, -30,
	-50, -25, -25, -20, -20, -25, -25, -50,
}

var knightEg = [64]int{
	-50, -30, -20, -15, -15, -20, -30, -50,
	-30, -15, 0, 5, 5, 0, -15, -30,
	-20, 0, 10, 15, 15, 10, 0, -20,
	-15, 5, 15, 20, 20, 15, 5, -15,
	-15, 5, 15, 20, 20, 15, 5, -15,
	-20, 0, 10, 15, 15, 10, 0, -20,
	-30, -15, 0, 5, 5, 0, -15, -30,
	-50, -30, -20, -15, -15, -20, -30, -50,
}

var bishopMg = [64]int{
	-20, -10, -10, -10, -10, -10, -10, -20,
	-10, 0, 0, 0, 0, 0, 0, -10,
	-10, 5, 5, 10, 10, 5, 5, -10,
	-10, 5, 10, 15, 15, 10, 5, -10,
	-5, 5, 10, 15, 15, 10, 5, -5,
	-5, 10, 10, 10, 10, 10, 10, -5,
	-5, 15, 5, 5, 5, 5, 15, -5, // the long diagonals from b2 and g2
	-20, -10, -15, -10, -10, -15, -10, -20,
}

var bishopEg = [64]int{
	-15, -10, -10, -5, -5, -10, -10, -15,
	-10, -5, 0, 0, 0, 0, -5, -10,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-5, 0, 5, 10, 10, 5, 0, -5,
	-5, 0, 5, 10, 10, 5, 0, -5,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-10, -5, 0, 0, 0, 0, -5, -10,
	-15, -10, -10, -5, -5, -10, -10, -15,
}

var rookMg = [64]int{
	5, 5, 10, 10, 10, 10, 5, 5,
	20, 25, 25, 25, 25, 25, 25, 20, // the seventh rank
	-5, 0, 0, 5, 5, 0, 0, -5,
	-5, 0, 0, 5, 5, 0, 0, -5,
	-5, 0, 0, 5, 5, 0, 0, -5,
	-5, 0, 0, 5, 5, 0, 0, -5,
	-10, -5, 0, 5, 5, 0, -5, -10,
	-5, -5, 0, 10, 10, 5, -5, -5, // d1/e1/f1 after castling
}

var rookEg = [64]int{
	5, 5, 5, 5, 5, 5, 5, 5,
	15, 15, 15, 15, 15, 15, 15, 15,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
}

var queenMg = [64]int{
	-20, -10, -10, -5, -5, -10, -10, -20,
	-10, -5, 0, 0, 0, 0, -5, -10,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-5, 0, 5, 5, 5, 5, 0, -5,
	-5, 0, 5, 5, 5, 5, 0, -5,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-10, 0, 5, 5, 5, 0, 0, -10,
	-20, -10, -10, 0, -5, -10, -10, -20,
}

var queenEg = [64]int{
	-20, -10, -10, -5, -5, -10, -10, -20,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-10, 5, 10, 10, 10, 10, 5, -10,
	-5, 5, 10, 15, 15, 10, 5, -5,
	-5, 5, 10, 15, 15, 10, 5, -5,
	-10, 5, 10, 10, 10, 10, 5, -10,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-20, -10, -10, -5, -5, -10, -10, -20,
}

var kingMg = [64]int{
	-40, -50, -50, -60, -60, -50, -50, -40,
	-40, -50, -50, -60, -60, -50, -50, -40,
	-40, -50, -50, -60, -60, -50, -50, -40,
	-40, -50, -50, -60, -60, -50, -50, -40,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-20, -30, -30, -40, -40, -30, -30, -20,
	10, 10, -10, -20, -20, -10, 10, 10,
	20, 35, 15, -10, 0, -5, 35, 20, // castled kings on b1/g1
}

var kingEg = [64]int{
	-50, -35, -25, -20, -20, -25, -35, -50,
	-30, -15, -5, 0, 0, -5, -15, -30,
	-25, -5, 15, 20, 20, 15, -5, -25,
	-20, 0, 20, 30, 30, 20, 0, -20,
	-20, 0, 20, 30, 30, 20, 0, -20,
	-25, -5, 10, 15, 15, 10, -5, -25,
	-30, -20, -5, 0, 0, -5, -20, -30,
	-50, -35, -25, -20, -20, -25, -35, -50,
}

// pieceSquareTable is the table installed into package chess: material plus
// placement for every piece on every square, White positive, Black negative.
var pieceSquareTable [16][128]chess.Score

// buildTable fills pieceSquareTable from the readable tables above.
func buildTable() {
	type entry struct {
		value  chess.Score
		mg, eg *[64]int
	}
	kinds := [7]entry{
		chess.Pawn:   {pawnValue, &pawnMg, &pawnEg},
		chess.Knight: {knightValue, &knightMg, &knightEg},
		chess.Bishop: {bishopValue, &bishopMg, &bishopEg},
		chess.Rook:   {rookValue, &rookMg, &rookEg},
		chess.Queen:  {queenValue, &queenMg, &queenEg},
		chess.King:   {0, &kingMg, &kingEg},
	}
	for k := chess.Pawn; k <= chess.King; k++ {
		e := kinds[k]
		for i := 0; i < 64; i++ {
			sq := chess.SquareFrom64(i)
			// Row 0 of a written table is rank 8: index (7-rank)*8+file.
			t := (7-sq.Rank())*8 + sq.File()
			v := e.value + chess.S(e.mg[t], e.eg[t])
			pieceSquareTable[chess.MakePiece(chess.White, k)][sq] = v
			pieceSquareTable[chess.MakePiece(chess.Black, k)][sq.Mirror()] = -v
		}
	}
}

func init() {
	buildTable()
	chess.SetPieceSquareTable(&pieceSquareTable)
}
