package search

import "ox88/chess"

// Singular extensions (step 10b).
//
// At most nodes several moves hold the position, but at some only one
// does: a recapture, the one defence against a threat, the one move that
// keeps an attack going. Such a move is singular, and the line behind it
// deserves more depth than the others: with no second move to fall back
// on, a mistake that the horizon hides further down that line decides the
// game.
//
// The transposition table says which move was best here and what it
// scored (ttScore). To find out whether that hash move is singular,
// negamax searches the node again at about half the depth with every move
// but the hash move, in a null window at singularBeta, ttScore less a
// margin per ply of depth. Then:
//
//   - if every other move fails low (stays below singularBeta), the hash
//     move is singular and is searched one ply deeper; two plies deeper
//     at a non-PV node where the others fell short by a wide margin, at
//     most maxDoubleExtensions times on one path from the root, so that
//     the search cannot run away;
//   - if another move reaches singularBeta and singularBeta is at or
//     above beta, two moves beat beta: the node fails high at once and
//     returns singularBeta (multi-cut);
//   - if another move reaches singularBeta and ttScore is at or above
//     beta, the hash move is not the only way to beat beta: it is
//     searched one ply shallower (a negative extension);
//   - otherwise it is searched at the usual depth.
//
// The search without the hash move (plyData.excluded set) is the same node
// again, not a new one: it is not counted and a Recorder does not see it
// enter or leave (its children are counted and shown, as children of the
// node); it neither reads nor writes the node's table entry, which is about
// the position with all its moves; it reuses the node's static evaluation;
// it skips the node's draw and endgame-table answers, its check extension,
// reverse futility and null-move pruning, and a singular test of its own.
//
// The negative extension costs plies on a winning line, where many moves
// clear singularBeta: the mate tests (checkMates) search a mate in n to
// 2n+4 plies for it. The margins and depths are in params.go; what each
// form of the step was worth is in docs/STRENGTH.md.

// singularExtension is step 10b at the node at ply, searched to depth with
// beta, whose table entry is entry. It returns the extension in plies of
// the hash move (2, 1, 0 or -1), or cut set and the node's score when the
// node fails high by multi-cut. When the search stops it returns 0 and
// the caller must look at s.stopped.
func (s *Searcher) singularExtension(entry *ttEntry, depth, ply, beta int, pvNode, cutNode bool) (ext, score int, cut bool) {
	hashMove := entry.move
	ttScore := scoreFromTT(int(entry.score), ply)
	if hashMove == chess.NoMove || entry.bound()&BoundLower == 0 || int(entry.depth) < depth-singularTTDepthMargin || IsMate(ttScore) {
		return 0, 0, false
	}
	singularBeta := max(ttScore-singularMarginPerPly*depth, -MateBound) // a window mate distance pruning leaves alone
	st := &s.stack[ply]
	st.excluded = hashMove
	score = s.negamax((depth-1)/2, ply, singularBeta-1, singularBeta, false, cutNode)
	st.excluded = chess.NoMove
	switch {
	case s.stopped:
		return 0, 0, false
	case score < singularBeta:
		ext = 1
		if !pvNode && score < singularBeta-doubleExtensionMargin && s.stack[ply-1].doubleExts < maxDoubleExtensions {
			ext = 2
		}
	case singularBeta >= beta:
		return 0, singularBeta, true
	case ttScore >= beta:
		ext = -1
	}
	s.note(StepSingular, hashMove, ext)
	return ext, 0, false
}
