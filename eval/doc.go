// Package eval says what a position is worth, in centipawns, for the side
// to move.
//
// The value has two parts. The first is material plus piece-square tables
// (tables.go): every piece on every square has a packed middlegame/endgame
// chess.Score, in one table this package builds from its weights
// (weights.go), summed over the position's piece lists at each call. The
// second part (terms.go): pawn structure and passed pawns, mobility,
// attacks next to the enemy king, the king's pawn shield, the bishop pair,
// rooks on open files, and the mop-up that drives a bare king to the edge.
// Nothing outside this package holds or installs its weights.
//
//	Evaluate = blend(pieceSquareTotal + terms + tempo, phase)   (White's view)
//	           negated when Black is to move
//
// The phase counts the pieces left (knight and bishop 1, rook 2, queen 4;
// 24 at the start): the middlegame half weighs phase/24, the endgame half
// the rest, so the king walks to the centre only when the queens are off.
package eval
