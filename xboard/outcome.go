package xboard

import (
	"ox88/chess"
	"ox88/game"
)

// fiftyMovePlies is the fifty-move rule in plies.
const fiftyMovePlies = 100

// outcome tells whether the game is over in pos (reached through the
// positions whose keys are in history, oldest first) and, if so, returns
// the claim xboard expects: a result and a reason in braces.
func outcome(pos *chess.Position, history []uint64) (string, bool) {
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	switch {
	case ml.N == 0 && pos.InCheck() && pos.SideToMove() == chess.White:
		return "0-1 {Black mates}", true
	case ml.N == 0 && pos.InCheck():
		return "1-0 {White mates}", true
	case ml.N == 0:
		return "1/2-1/2 {Stalemate}", true
	case game.InsufficientMaterialOnBoard(pos):
		return "1/2-1/2 {Draw by insufficient material}", true
	case pos.HalfmoveClock() >= fiftyMovePlies:
		return "1/2-1/2 {Draw by fifty move rule}", true
	case repetitions(pos, history) >= 3:
		return "1/2-1/2 {Draw by repetition}", true
	}
	return "", false
}

// repetitions counts how often pos has occurred, itself included, looking
// back only as far as the last capture or pawn move.
func repetitions(pos *chess.Position, history []uint64) int {
	n := 1
	key := pos.Key()
	for i := len(history) - 1; i >= 0 && i >= len(history)-pos.HalfmoveClock(); i-- {
		if history[i] == key {
			n++
		}
	}
	return n
}
