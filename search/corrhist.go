package search

import "ox88/chess"

// Correction history. The static evaluation is wrong in
// ways that repeat: a pawn structure it misjudges is misjudged at every node
// that has it, and so is a material balance (a bishop pair against a rook,
// say). The search finds out: at the end of a node it knows a result that
// is better informed than the static evaluation it started from. So each
// thread keeps two small tables of the average error, one indexed by the
// side to move and the pawn structure (Position.PawnKey), one by the side
// to move and the material (Position.MaterialKey), and at step 7 of
// negamax adds both entries to the static evaluation before the pruning
// steps (reverse futility, null move, futility) and the improving test
// read it; Quiesce stands pat on the corrected evaluation too. At step 17
// the node's result teaches both entries, weighted by its depth: deeper
// results are trusted more.
//
// An entry learns the error that remains after the correction (the result
// less the corrected evaluation), so the two tables together converge on
// the whole error instead of each learning it and the sum doubling it.
// The table stores the raw evaluation (entries stay valid whatever the
// tables learn); the correction is added each time it is read.
//
// What it was worth is in docs/STRENGTH.md; its rates are in params.go.

// Correction history sizes (the rates are in params.go).
const (
	corrHistSize  = 16384                           // entries per side to move per table (a power of two: keys are masked)
	corrHistGrain = 256                             // an entry holds the correction in 1/corrHistGrain centipawns
	corrHistLimit = corrHistLimitCp * corrHistGrain // an entry's bound in its own unit
	// corrEvalLimit bounds a corrected evaluation: never a mate score nor
	// an endgame-table result (IsTBWin is beyond it).
	corrEvalLimit = TBWin - MaxPly
)

// corrTable is one correction table: an entry per side to move and key
// slot, in 1/corrHistGrain centipawns.
type corrTable [2][corrHistSize]int16

// entry returns the slot of key for side.
func (t *corrTable) entry(side chess.Color, key uint64) *int16 {
	return &t[side&1][key&(corrHistSize-1)]
}

// corrHist is a thread's correction history: by pawn structure and by
// material. Clear empties it; a search does not age it.
type corrHist struct {
	pawn, material corrTable
}

// entries returns the two entries of the current position.
func (s *Searcher) corrEntries() (pawn, material *int16) {
	side := s.pos.SideToMove()
	return s.corr.pawn.entry(side, s.pos.PawnKey()), s.corr.material.entry(side, s.pos.MaterialKey())
}

// correctedEval returns raw, the static evaluation of the current
// position, plus the correction history's two entries for it, within
// ±corrEvalLimit. It returns raw unchanged in check (-Infinity), and for a
// mate or endgame-table score.
func (s *Searcher) correctedEval(raw int) int {
	if raw == -Infinity || IsMate(raw) || IsTBWin(raw) {
		return raw
	}
	pawn, material := s.corrEntries()
	corrected := raw + (int(*pawn)+int(*material))/corrHistGrain
	return max(-corrEvalLimit, min(corrected, corrEvalLimit))
}

// updateCorrHist teaches the correction history the result best of the
// current node, searched depth plies deep with bound, whose corrected
// static evaluation was staticEval (-Infinity in check) and whose best move
// was bestMove. Only a result that says something about the evaluation
// teaches: not in check, a quiet best move or none (a capture's gain is
// the search's, not the position's), no mate or table score, and a bound
// on the right side (a result above the evaluation only when it is not an
// upper bound, below only when it is not a lower bound).
func (s *Searcher) updateCorrHist(best, staticEval, depth int, bound Bound, bestMove chess.Move) {
	if staticEval == -Infinity || bestMove != chess.NoMove && !bestMove.IsQuiet() ||
		IsMate(best) || IsTBWin(best) ||
		best > staticEval && bound == BoundUpper || best < staticEval && bound == BoundLower {
		return
	}
	pawn, material := s.corrEntries()
	updateCorrection(pawn, best-staticEval, depth)
	updateCorrection(material, best-staticEval, depth)
}

// updateCorrection moves entry e toward diff centipawns by a share
// min(depth+1, corrHistMaxWeight)/corrHistWeightScale of the distance, an
// average that forgets old errors slowly, and keeps it within
// ±corrHistLimit.
func updateCorrection(e *int16, diff, depth int) {
	w := min(depth+1, corrHistMaxWeight)
	v := (int(*e)*(corrHistWeightScale-w) + diff*corrHistGrain*w) / corrHistWeightScale
	*e = int16(max(-corrHistLimit, min(v, corrHistLimit)))
}
