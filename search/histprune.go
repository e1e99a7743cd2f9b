package search

import "ox88/chess"

// History pruning (step 13, Options.HistPrune).
//
// The history tables (order.go: updateHistory) remember how quiet moves
// fared: a move that was often tried, and failed, before another move cut
// off gathers a negative score. Near the horizon, at a node where no exact
// score is needed, such a move is unlikely to be the one that cuts off,
// and searching it costs a subtree for little. So at non-PV nodes, not in
// check, a late quiet move (not the first move, not a killer, not a check)
// at depth histPruneMaxDepth or less is skipped when its combined history
// (quietScore: the history, plus with Options.ContHist the continuation
// histories one and two plies back) is below −histPruneMargin per ply of
// depth: the deeper the node, the worse the record must be. Futility and
// late-move pruning ask what the position promises; this asks what the
// move has done before.
//
// The histories move by depth² per cutoff, so their values are small near
// the horizon: in the bench at depth 11, about one candidate move in a
// hundred is below −histPruneMargin·depth.
//
// Elo: +3.5 +/- 27.0 at 10k nodes, 400 games (157 of 200 pairs scored
// one point each: it seldom fires): off (docs/STRENGTH.md §6).
const (
	histPruneMaxDepth = 3  // prune by history up to this depth ...
	histPruneMargin   = 32 // ... a move whose combined history is below −histPruneMargin·depth
)

// historyPrunes reports whether step 13 skips the late quiet move m at
// ply, searched to depth, by history, and returns m's combined history
// (the other conditions, non-PV, not in check, not the first move, no
// check given, are negamax's). st.piece must be the piece m moves.
func (s *Searcher) historyPrunes(ply, depth int, m chess.Move) (prune bool, hist int) {
	st := &s.stack[ply]
	if depth > histPruneMaxDepth || m == st.killers[0] || m == st.killers[1] {
		return false, 0
	}
	hist = s.quietScore(ply, st.piece, m)
	return hist < -histPruneMargin*depth, hist
}

// History-based reductions (step 14, Options.HistLMR).
//
// Late move reductions take a quiet move's history into account: a move
// with a good record is reduced less, one with a bad record more. Without
// the switch, step 14 takes the plain history over lmrHistoryDivisor
// (8192) off the reduction; but the histories grow by depth² per cutoff and
// fade as they saturate (withBonus), so at the nodes LMR reduces they stay
// small: over the bench at depth 11 the combined history (quietScore) of a
// reduced move lies between −190 and +90 for nine moves in ten, and the
// division leaves 0 for all but a handful. With the switch the reduction
// changes by the combined history over histLMRDivisor, at most
// histLMRMax plies either way: about one reduced move in ten is reduced
// a ply more, and one in twenty a ply less.
//
// Elo: -13.0 +/- 26.7 at 10k nodes, 400 games (docs/STRENGTH.md §6): off.
const (
	histLMRDivisor = 64 // a ply of reduction per this much combined history ...
	histLMRMax     = 2  // ... and at most this many plies either way
)

// historyReduction returns how many plies less (negative: more) step 14
// reduces the quiet move m at ply, by its combined history. st.piece must
// be the piece m moves.
func (s *Searcher) historyReduction(ply int, m chess.Move) int {
	h := s.quietScore(ply, s.stack[ply].piece, m) / histLMRDivisor
	return max(-histLMRMax, min(h, histLMRMax))
}
