package search

import "ox88/chess"

// Razoring (step 8b, Options.Razoring).
//
// Close to the horizon, a static evaluation far below alpha means a quiet
// move will not save the node: one or two quiet moves rarely win back
// several pawns. What might save it is a capture, a promotion or a check.
// So at a non-PV node of depth at most razorMaxDepth, not in check, whose
// static evaluation plus razorMargin(depth) is still below alpha (and
// alpha is not a mate score), razoring searches only those moves, each
// followed by the quiescence search: every capture and promotion, losing
// ones too, then the quiet moves that give check (quietChecks), standing
// pat on the static evaluation (quiesceMoves). These are the moves
// futility pruning (step 13) would leave to a depth-1 search, so a mate in
// one is never razored away. If none lifts the score above alpha, the
// node fails low with that score, without its full search; if one does,
// the node is searched as usual.
//
// The moves are searched as the node's own: their nodes are the node's
// children (ply+1), as those of the full search that may follow are, and
// the node itself is not entered or counted again.
//
// Elo: +31.4 +/- 27.7 at 10k nodes, 400 games, LOS 98.7% (hand-written evaluation,
// docs/STRENGTH.md §6); -13.9 +/- 23.5 at 2+0.02, 400 games, with net 4a (§14): off.
const (
	razorMaxDepth   = 3   // razoring up to this depth ...
	razorBase       = 200 // ... when the evaluation is below alpha by this
	razorPerDepthSq = 120 // ... plus this times depth squared (centipawns)
)

// razorMargin is how far below alpha the static evaluation must be for
// razoring at depth: 320, 680 and 1280 centipawns at depths 1, 2 and 3.
func razorMargin(depth int) int { return razorBase + razorPerDepthSq*depth*depth }

// razor is step 8b's search at the node at ply (non-PV, not in check):
// the node's captures, promotions and quiet checks, each followed by the
// quiescence search, in the window alpha..beta, from staticEval. It
// returns their best score, or 0 when the search stops (the caller must
// look at s.stopped).
func (s *Searcher) razor(ply, alpha, beta, staticEval int) int {
	s.pos.GenerateCaptures(&s.stack[ply].moves)
	s.scoreMoves(ply, chess.NoMove)
	best, _ := s.quiesceMoves(ply, 0, alpha, beta, staticEval, staticEval, false, true)
	return best
}
