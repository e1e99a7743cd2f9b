package search

import "ox88/chess"

// Two refinements of old steps, each behind its own switch.
//
// Transposition-table cutoffs (step 5, Options.TTRefine). A node cut off
// by the table returns before its moves are generated, so the quiet move
// that refuted it last time, the hash move, is not rewarded again: the
// killers and histories forget a refutation just as it proves itself once
// more. With the switch, a cutoff by a lower bound at or above beta whose
// hash move is quiet gives that move what a cutoff in the move loop gives
// it (step 16): the first killer's place and the history bonus, depth²,
// in the history and, with Options.ContHist, the continuation histories.
// The moves it was not tried against lose nothing: none were tried.
//
// Aspiration after a fail high (Options.AspFail). When the root's score
// rises above the aspiration window, the window widens and the iteration
// is searched again at the same depth: as deep a search as the one that
// just failed, only to learn how much better the move is. With the switch
// each fail high in a row makes the search again one ply shallower, at
// most aspFailMax plies (the table keeps the deeper results, and a fail
// low restores the full depth). A sudden gain is usually real; confirming
// its size is the part that can be cheaper.
//
// Elo, at 10k nodes, 400 games each (docs/STRENGTH.md §6): TTRefine -3.5
// +/- 28.1, AspFail -16.5 +/- 26.9. Both off.

// aspFailMax bounds how many plies the root gives up after fail highs.
const aspFailMax = 2

// aspirationDepthAfter returns the depth of the root search after
// failedHigh fail highs in a row at depth (never below 1).
func aspirationDepthAfter(depth, failedHigh int) int {
	return max(1, depth-min(failedHigh, aspFailMax))
}

// rewardHashMove gives the quiet hash move m that cut off the node at ply
// from the table, at depth, a cutoff's killer place and history bonus
// (updateHistory with m the only move tried). A capture or promotion
// gains nothing here.
func (s *Searcher) rewardHashMove(ply, depth int, m chess.Move) {
	if m == chess.NoMove || !m.IsQuiet() {
		return
	}
	st := &s.stack[ply]
	st.moves.Moves[0], st.moves.N = m, 1
	s.updateHistory(ply, depth, m, 1)
}
