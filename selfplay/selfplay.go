// Package selfplay plays the engine against itself in one process at a
// fixed node count per move: one game (Play), which package datagen uses
// to make training data, and the A/B match of two option sets (AB), which
// measures what a search step or an evaluation term is worth (ox88 ab).
//
// Fixed nodes make a game independent of the machine's load: the same
// searchers, cleared, from the same position, play the same moves.
package selfplay

import (
	"math/rand/v2"
	"sync/atomic"

	"ox88/chess"
	"ox88/game"
	"ox88/search"
)

// Adjudication: a game that both sides' searches agree is decided, or dead
// level for long enough, ends early, so that no time is spent playing out
// what is already known.
const (
	maxPlies     = 400  // a game this long is a draw
	winScore     = 1000 // the searches agree on this margin...
	winPlies     = 6    // ... for this many plies in a row: decided
	drawScore    = 10   // |score| at most this ...
	drawPlies    = 12   // ... for this many plies in a row ...
	drawAfterPly = 80   // ... after this ply: a draw
)

// Play plays one game from start, players[c] searching nodes per move for
// colour c (the same searcher may play both sides), and returns its result:
// mate, stalemate, the fifty-move rule, threefold repetition, insufficient
// material, or the adjudication above. visit, when not nil, sees each
// position with its search result before the move is made. ok is false
// when stop (which may be nil) was set during the game.
func Play(start *chess.Position, players [2]*search.Searcher, nodes uint64, stop *atomic.Bool,
	visit func(*chess.Position, search.Result)) (result game.Result, ok bool) {
	pos := *start
	var keys []uint64
	winRun, winSign, drawRun := 0, 0, 0
	for ply := 0; ply < maxPlies; ply++ {
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if ml.N == 0 {
			if pos.InCheck() {
				if pos.SideToMove() == chess.White {
					return game.BlackWins, true
				}
				return game.WhiteWins, true
			}
			return game.Draw, true
		}
		if pos.HalfmoveClock() >= 100 || game.InsufficientMaterialOnBoard(&pos) || repetitions(keys, pos.Key(), pos.HalfmoveClock()) >= 3 {
			return game.Draw, true
		}
		r := players[pos.SideToMove()].Search(&pos, keys, search.Limits{Nodes: nodes}, stop, nil)
		if stop != nil && stop.Load() {
			return game.NoResult, false
		}
		if visit != nil {
			visit(&pos, r)
		}
		white := r.Score
		if pos.SideToMove() == chess.Black {
			white = -white
		}
		sign := 0
		if white >= winScore {
			sign = 1
		} else if white <= -winScore {
			sign = -1
		}
		if sign != 0 && sign == winSign {
			winRun++
		} else {
			winRun = 1
		}
		winSign = sign
		if sign != 0 && winRun >= winPlies {
			if sign < 0 {
				return game.BlackWins, true
			}
			return game.WhiteWins, true
		}
		if white <= drawScore && white >= -drawScore {
			drawRun++
		} else {
			drawRun = 0
		}
		if ply >= drawAfterPly && drawRun >= drawPlies {
			return game.Draw, true
		}
		keys = append(keys, pos.Key())
		pos.MakeMove(r.Move)
	}
	return game.Draw, true
}

// repetitions counts how often key occurs among the reversible tail of
// keys (the positions before the current one), the current one included.
func repetitions(keys []uint64, key uint64, halfmove int) int {
	n := 1
	for i := len(keys) - 2; i >= 0 && i >= len(keys)-halfmove; i -= 2 {
		if keys[i] == key {
			n++
		}
	}
	return n
}

// RandomPlies plays plies random legal moves on pos, drawn from rng. It
// reports false when the game ends on the way or at the end (no legal
// move left), so the position is no start for a game.
func RandomPlies(pos *chess.Position, rng *rand.Rand, plies int) bool {
	var ml chess.MoveList
	for k := 0; k < plies; k++ {
		pos.GenerateMoves(&ml)
		if ml.N == 0 {
			return false
		}
		pos.MakeMove(ml.Moves[rng.IntN(ml.N)])
	}
	pos.GenerateMoves(&ml)
	return ml.N > 0
}
