package eval

import "ox88/chess"

// weights are every weight of the hand-written evaluation, with the
// piece-square table built from them. The evaluation reads defaultWeights,
// gathered once from the declarations in tables.go and eval.go, which are
// the written source (what ox88 tune's output replaces) and are read
// nowhere else; nothing changes defaultWeights after. The tuner (tune.go)
// works on copies, so it never touches what a running search reads.
type weights struct {
	material [chess.King]chess.Score    // by kind, pawn to queen ([0] unused)
	pst      [chess.King + 1][2][64]int // the written tables by kind, middlegame and endgame (row 0 is rank 8)

	doubledPawn, isolatedPawn, bishopPair, rookOpenFile, rookHalfOpen, shieldPawn, tempoBonus chess.Score
	knightMobility, bishopMobility, rookMobility, queenMobility                               chess.Score
	passedPawn                                                                                [8]chess.Score
	kingAttackWeight                                                                          [len(kingAttackWeight)]int

	// pieceSquare[p][sq] is the material plus placement value of piece p
	// on sq, White positive, Black negative: material and pst as one
	// table (build).
	pieceSquare [16][128]chess.Score
}

// defaultWeights are the evaluation's weights.
var defaultWeights = gatherWeights()

// gatherWeights collects the written weights and builds their table.
func gatherWeights() weights {
	w := weights{
		material: [chess.King]chess.Score{chess.Pawn: pawnValue, chess.Knight: knightValue,
			chess.Bishop: bishopValue, chess.Rook: rookValue, chess.Queen: queenValue},
		pst: [chess.King + 1][2][64]int{chess.Pawn: {pawnMg, pawnEg}, chess.Knight: {knightMg, knightEg},
			chess.Bishop: {bishopMg, bishopEg}, chess.Rook: {rookMg, rookEg}, chess.Queen: {queenMg, queenEg},
			chess.King: {kingMg, kingEg}},
		doubledPawn: doubledPawn, isolatedPawn: isolatedPawn, bishopPair: bishopPair,
		rookOpenFile: rookOpenFile, rookHalfOpen: rookHalfOpen, shieldPawn: shieldPawn, tempoBonus: tempoBonus,
		knightMobility: knightMobility, bishopMobility: bishopMobility, rookMobility: rookMobility,
		queenMobility: queenMobility, passedPawn: passedPawn, kingAttackWeight: kingAttackWeight,
	}
	w.build()
	return w
}

// build fills pieceSquare from material and pst.
func (w *weights) build() {
	for k := chess.Pawn; k <= chess.King; k++ {
		var value chess.Score
		if k < chess.King {
			value = w.material[k]
		}
		for i := 0; i < 64; i++ {
			sq := chess.SquareFrom64(i)
			// Row 0 of a written table is rank 8: index (7-rank)*8+file.
			t := (7-sq.Rank())*8 + sq.File()
			v := value + chess.S(w.pst[k][0][t], w.pst[k][1][t])
			w.pieceSquare[chess.MakePiece(chess.White, k)][sq] = v
			w.pieceSquare[chess.MakePiece(chess.Black, k)][sq.Mirror()] = -v
		}
	}
}

// pieceSquareTotal returns the material and placement of every piece on
// the board, for White, read through the piece lists.
func (w *weights) pieceSquareTotal(pos *chess.Position) chess.Score {
	var s chess.Score
	for c := chess.White; c <= chess.Black; c++ {
		for k := chess.Pawn; k <= chess.King; k++ {
			pc := chess.MakePiece(c, k)
			t := &w.pieceSquare[pc&15]
			for _, sq := range pos.PieceSquares(pc) {
				s += t[sq&0x7f]
			}
		}
	}
	return s
}
