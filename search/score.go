package search

import (
	"ox88/chess"
	"ox88/syzygy"
)

// Score bounds. A mate found ply plies from the root scores Mate-ply for
// the winner, so a shorter mate is worth more and a longer defence less.
const (
	Infinity = 32000 // above every score
	Mate     = 31000 // mate at the root (never reached: mate needs a move)
	// MateBound: scores beyond it (in absolute value) are mates.
	MateBound = Mate - MaxPly
)

// MaxPly bounds the search depth from the root, extensions included.
const MaxPly = 128

// IsMate reports whether score is a mate score (for either side).
func IsMate(score int) bool { return score > MateBound || score < -MateBound }

// MateIn converts a mate score to moves: positive when the side to move
// mates, negative when it is mated, 0 for other scores.
func MateIn(score int) int {
	switch {
	case score > MateBound:
		return (Mate - score + 1) / 2
	case score < -MateBound:
		return -(Mate + score + 1) / 2
	}
	return 0
}

// WhiteScore turns a score for side (the side to move) into White's point
// of view; mate scores keep their distance, so MateIn of the result is
// positive when White mates.
func WhiteScore(score int, side chess.Color) int {
	if side == chess.Black {
		return -score
	}
	return score
}

// TBWin is the score of a position the endgame tables call won, less the
// plies from the root (the sooner the better): above every evaluation,
// below every mate, so a mate the search finds still ranks above it.
const TBWin = 20000

// IsTBWin reports whether score is an endgame-table result (either side).
func IsTBWin(score int) bool {
	return !IsMate(score) && (score > TBWin-MaxPly || score < -TBWin+MaxPly)
}

// tbScore turns a table result at ply into a score and the bound it is,
// on the scale of the root's (tbRootScore): a win is at least TBWin-ply
// (a shorter win may be found), a loss at most its negation, a draw exact.
// A cursed win or blessed loss, drawn by the fifty-move rule, is a point
// either side of 0 (Stockfish's VALUE_DRAW +- 2 of its units) when rule50
// is on (Syzygy50MoveRule), and a win or loss when it is off.
func tbScore(wdl syzygy.WDL, ply int, rule50 bool) (int, Bound) {
	switch verdictOf(wdl, rule50) {
	case VerdictWin:
		return TBWin - ply, BoundLower
	case VerdictLoss:
		return -TBWin + ply, BoundUpper
	}
	return int(wdl), BoundExact
}
