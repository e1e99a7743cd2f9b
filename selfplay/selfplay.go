// Package selfplay plays the engine against itself in one process, at a
// fixed node count per move or on a clock: one game (Play), which package
// datagen uses to make training data, and the A/B match of two option sets
// (AB), which measures what a search experiment or an evaluation term is
// worth (ox88 ab).
//
// Fixed nodes make a game independent of the machine's load: the same
// searchers, cleared, from the same position, play the same moves. A clock
// measures what nodes cannot (a term that costs time); its games depend on
// the load.
package selfplay

import (
	"math/rand/v2"
	"sync/atomic"
	"time"

	"ox88/chess"
	"ox88/clock"
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

// Play plays one game from start, players[c] playing colour c (the same
// searcher may play both sides), and returns how it ended: mate,
// stalemate, the fifty-move rule, threefold repetition, insufficient
// material, the adjudication above, or a flag fall. Without a clock in tc
// each move searches nodes; with one, each side's searches spend its own
// clock (search.TimeBudget plans each move, as for a clock in UCI's "go"),
// and a side whose move takes longer than its time left loses on time.
// visit, when not nil, sees each position with its search result before
// the move is made. ok is false when stop (which may be nil) was set
// during the game.
func Play(start *chess.Position, players [2]*search.Searcher, nodes uint64, tc clock.TimeControl, stop *atomic.Bool,
	visit func(*chess.Position, search.Result)) (outcome game.Outcome, ok bool) {
	pos := *start
	clk := clock.New(tc)
	var keys []uint64
	winRun, winSign, drawRun := 0, 0, 0
	for ply := 0; ply < maxPlies; ply++ {
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if ml.N == 0 {
			if pos.InCheck() {
				return game.NewOutcome(game.WinFor(pos.SideToMove().Other()), game.Checkmate), true
			}
			return game.NewOutcome(game.Draw, game.Stalemate), true
		}
		switch {
		case pos.HalfmoveClock() >= 100:
			return game.NewOutcome(game.Draw, game.FiftyMoves), true
		case game.InsufficientMaterialOnBoard(&pos):
			return game.NewOutcome(game.Draw, game.InsufficientMaterial), true
		case repetitions(keys, pos.Key(), pos.HalfmoveClock()) >= 3:
			return game.NewOutcome(game.Draw, game.Threefold), true
		}
		side := pos.SideToMove()
		lim := search.Limits{Nodes: nodes}
		if tc.HasClock() {
			clim := search.ClockLimits(clk.Times(side, time.Now()))
			lim = search.Limits{}
			lim.SoftTime, lim.HardTime = clim.ClockBudget(side, search.DefaultMoveOverhead)
		}
		began := time.Now()
		r := players[side].Search(&pos, keys, lim, stop, nil)
		if stop != nil && stop.Load() {
			return game.NewOutcome(game.NoResult, game.NoReason), false
		}
		if !clk.Spend(side, time.Since(began)) {
			return game.New(&pos).TimeoutOutcome(side), true
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
			winner := chess.White
			if sign < 0 {
				winner = chess.Black
			}
			return game.NewOutcome(game.WinFor(winner), game.Adjudication), true
		}
		if white <= drawScore && white >= -drawScore {
			drawRun++
		} else {
			drawRun = 0
		}
		if ply >= drawAfterPly && drawRun >= drawPlies {
			return game.NewOutcome(game.Draw, game.Adjudication), true
		}
		keys = append(keys, pos.Key())
		pos.MakeMove(r.Move)
	}
	return game.NewOutcome(game.Draw, game.Adjudication), true
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
