package eval

import "ox88/chess"

// Material values, middlegame and endgame halves, in centipawns. Pawns are
// worth more in the endgame (they promote), rooks gain as the board empties,
// the minor pieces lose a little.
var (
	pawnValue   = chess.S(83, 103)
	knightValue = chess.S(332, 300)
	bishopValue = chess.S(349, 318)
	rookValue   = chess.S(469, 537)
	queenValue  = chess.S(1003, 983)
)

// The piece-square tables below are written as a player sees the board from
// White's side: the first row is rank 8, the last rank 1. Black uses the
// same tables mirrored top to bottom. Values are in centipawns and come on
// top of the material value. Each piece has a middlegame (Mg) and an endgame
// (Eg) table; the evaluation blends them by phase.
//
// The numbers were first written by hand (pawns advance, knights and
// bishops centralise, the king hides, then walks out in the endgame) and
// then tuned, with every other weight in this package, on the results of
// 8,000 self-play games (ox88 tune, eval/tune.go, docs/ENGINE.md Part II §7),
// held near the hand values by a penalty so that squares a piece rarely
// reaches keep them.

var pawnMg = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	59, 70, 60, 69, 70, 60, 69, 60,
	18, 26, 30, 37, 39, 29, 26, 20,
	3, 10, 13, 18, 26, 16, 6, 4,
	5, 1, 12, 19, 15, 1, -4, -7,
	1, 0, 9, 10, 15, 1, 9, 4,
	4, 2, 3, -15, -6, 17, 14, -1,
	0, 0, 0, 0, 0, 0, 0, 0,
}

var pawnEg = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	113, 113, 110, 97, 99, 109, 113, 117,
	67, 66, 57, 44, 48, 51, 64, 67,
	40, 26, 21, 10, 16, 21, 26, 28,
	17, 16, 4, 2, 0, 7, 12, 11,
	15, 6, 2, 2, 1, 2, 2, 14,
	15, 10, 1, -1, 4, 7, 8, 5,
	0, 0, 0, 0, 0, 0, 0, 0,
}

var knightMg = [64]int{
	-60, -30, -20, -15, -15, -20, -30, -60,
	-30, -15, 5, 10, 10, 6, -15, -30,
	-15, 10, 21, 32, 31, 21, 11, -14,
	-9, 4, 21, 34, 25, 22, 3, -10,
	-12, 0, 16, 15, 21, 13, 0, -13,
	-21, 0, 6, 13, 9, 13, -4, -22,
	-30, -20, -5, 3, -6, -5, -20, -30,
	-50, -23, -25, -21, -20, -25, -26, -50,
}

var knightEg = [64]int{
	-50, -30, -20, -15, -15, -20, -30, -50,
	-29, -14, 0, 5, 5, 0, -15, -30,
	-19, 1, 11, 17, 15, 11, 0, -20,
	-15, 4, 17, 21, 20, 17, 6, -14,
	-13, 5, 15, 18, 20, 15, 4, -14,
	-22, -1, 8, 16, 14, 8, -1, -20,
	-30, -15, -1, 4, 3, 0, -15, -30,
	-50, -30, -21, -15, -16, -20, -31, -50,
}

var bishopMg = [64]int{
	-20, -10, -10, -10, -10, -10, -10, -20,
	-11, 0, 0, 0, 0, 0, 0, -11,
	-9, 5, 5, 11, 11, 6, 5, -8,
	-9, 3, 10, 17, 15, 11, 3, -9,
	-4, 5, 12, 16, 14, 10, 6, -4,
	-7, 9, 12, 6, 9, 9, 11, -3,
	-5, 14, 4, -1, -3, 4, 21, -4,
	-20, -9, -13, -11, -9, -13, -10, -20,
}

var bishopEg = [64]int{
	-15, -10, -9, -5, -4, -10, -10, -15,
	-11, -4, 1, 1, 0, 0, -5, -10,
	-9, 1, 6, 6, 5, 7, 1, -10,
	-4, 1, 5, 9, 9, 6, -1, -4,
	-4, 1, 6, 8, 8, 3, 1, -5,
	-10, 0, 7, 5, 1, 4, 0, -9,
	-10, -10, 0, -2, -1, -1, -5, -9,
	-15, -10, -10, -5, -5, -9, -10, -15,
}

var rookMg = [64]int{
	5, 5, 10, 10, 10, 10, 5, 5,
	19, 25, 25, 26, 26, 25, 25, 21,
	-5, 1, 1, 5, 6, 1, 0, -5,
	-4, 1, 2, 5, 5, 2, 0, -5,
	-6, -1, -1, 6, 5, 0, 0, -5,
	-7, -3, -1, 4, 0, 2, -1, -5,
	-12, -6, 1, 4, 4, 2, -4, -11,
	-3, -6, 3, 8, 4, 8, -3, -5,
}

var rookEg = [64]int{
	4, 4, 5, 5, 6, 5, 5, 6,
	16, 16, 15, 15, 16, 16, 14, 17,
	2, 2, 3, 1, 1, 2, 0, 1,
	3, 2, 3, 0, 0, 2, 0, 1,
	1, 0, 1, 2, -1, 1, 0, 1,
	0, -2, 0, -1, -3, 1, -1, -1,
	-1, -2, 1, -2, -2, 0, 0, -1,
	-1, -3, 0, -1, -3, 2, -1, -3,
}

var queenMg = [64]int{
	-20, -10, -10, -5, -5, -10, -10, -20,
	-10, -5, 1, 0, 0, 1, -5, -9,
	-10, 1, 4, 5, 5, 7, 1, -9,
	-4, 0, 5, 5, 6, 5, -1, -3,
	-3, 0, 6, 5, 6, 6, 1, -5,
	-9, 1, 5, 3, 2, 2, 2, -9,
	-10, 0, 5, 4, 3, -1, -2, -10,
	-20, -11, -11, 1, -7, -10, -10, -20,
}

var queenEg = [64]int{
	-20, -10, -10, -5, -5, -10, -10, -20,
	-10, 0, 6, 5, 5, 5, 0, -10,
	-10, 5, 11, 10, 10, 11, 5, -10,
	-5, 5, 10, 15, 16, 10, 5, -4,
	-4, 5, 11, 15, 15, 11, 5, -5,
	-10, 5, 10, 10, 9, 10, 5, -10,
	-10, 0, 4, 4, 4, 5, -1, -10,
	-20, -11, -10, -5, -6, -10, -10, -20,
}

var kingMg = [64]int{
	-40, -50, -50, -60, -60, -50, -50, -40,
	-40, -50, -50, -60, -60, -50, -50, -40,
	-40, -50, -50, -60, -60, -50, -50, -40,
	-40, -50, -50, -61, -60, -50, -49, -39,
	-30, -40, -40, -51, -50, -40, -39, -30,
	-20, -30, -31, -40, -41, -29, -28, -20,
	10, 10, -11, -19, -21, -9, 13, 11,
	20, 30, 14, -13, 13, -8, 35, 15,
}

var kingEg = [64]int{
	-50, -35, -25, -20, -20, -25, -35, -50,
	-30, -15, -4, 0, 1, -4, -15, -30,
	-25, -4, 15, 20, 21, 16, -3, -24,
	-20, 2, 19, 30, 30, 22, 3, -17,
	-20, 1, 20, 27, 28, 20, 3, -19,
	-26, -4, 8, 10, 14, 8, -2, -23,
	-31, -21, -8, 0, -5, -3, -16, -29,
	-50, -38, -24, -22, -21, -25, -36, -54,
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
