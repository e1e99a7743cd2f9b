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

// tbScore turns a table result at ply into a score and the bound it is:
// a win is at least TBWin-ply (a shorter win may be found), a loss at most
// its negation, a draw exact (a cursed win or blessed loss, drawn by the
// fifty-move rule, a point either side of 0).
func tbScore(wdl syzygy.WDL, ply int) (int, Bound) {
	switch {
	case wdl == syzygy.Win:
		return TBWin - ply, BoundLower
	case wdl == syzygy.Loss:
		return -TBWin + ply, BoundUpper
	}
	return int(wdl), BoundExact
}
