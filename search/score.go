package search

import "ox88/chess"

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
