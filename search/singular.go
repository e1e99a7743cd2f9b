package search

import "ox88/chess"

// Singular extensions (step 10b, Options.Singular).
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
//     beta, the hash move is not the only way to beat beta: with
//     Options.SingularNeg (on) it is searched one ply shallower (a
//     negative extension);
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
// Elo: +16.1 +/- 17.1 at 2+0.02 with net 4a (800 games: +13.9 +/- 23.8 on
// testdata/openings-200.pgn, +18.3 +/- 24.6 on the 8-move book;
// docs/STRENGTH.md §15): on by default. At 10,000 nodes a move (400
// games, §6) it measured -4.3 +/- 27.5: few nodes there are deep enough
// for the test (singularMinDepth, 8 then). Testing from depth 6 gained
// +22.2 +/- 17.6 more (800 games at 2+0.02, §15); depth 6 without the
// negative extension scored +4.3 +/- 21.9 against depth 8 with it (400
// games), so the negative extension stays, behind its own switch
// (Options.SingularNeg). It costs plies on a winning line, where many
// moves clear singularBeta: the mate tests (checkMates) search a mate in
// n to 2n+4 plies for it, two more than before.
const (
	singularMinDepth      = 6  // test the hash move from this depth on ...
	singularTTDepthMargin = 3  // ... when the table searched it at least depth-this deep
	singularMarginPerPly  = 2  // singularBeta = ttScore - singularMarginPerPly*depth (centipawns)
	doubleExtensionMargin = 20 // extend twice when the other moves stay this far below singularBeta ...
	maxDoubleExtensions   = 6  // ... and fewer than this many double extensions are on the path
)

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
	case ttScore >= beta && s.opt.SingularNeg:
		ext = -1
	}
	s.note(StepSingular, hashMove, ext)
	return ext, 0, false
}
