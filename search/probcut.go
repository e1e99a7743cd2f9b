package search

import "ox88/chess"

// ProbCut (step 9b, Options.ProbCut).
//
// A capture that wins a lot of material usually still wins it when the
// search looks deeper: a shallow search is a good prediction of a deep
// one. So at a non-PV node deep enough to be worth it, before the full
// search, ProbCut tries the good captures against a raised bar,
// probBeta = beta + probCutMargin. For each capture whose exchange on its
// square (SEE) wins at least probBeta - staticEval, it first asks the
// quiescence search, which is cheap, whether the capture reaches probBeta;
// only if it does, it confirms with a search probCutReduction plies
// shallower, in a null window at probBeta. A capture that still reaches
// probBeta there is taken as proof that the full search would beat beta:
// the node returns that score at once, and the table keeps it as a lower
// bound of a search probCutReduction-1 plies shallower than the node's.
//
// The exchange is judged by see, which answers a capture by a lesser
// piece at once with its worst case (the capturer lost): such a capture
// qualifies on that alone, so ProbCut errs on the side of not trying.
//
// It is not tried where its answer would mean nothing or is known: in
// check, at PV nodes, when beta is a mate or endgame-table score, in step
// 10b's search without the hash move, or when the table already says, from
// a search at least depth-probCutTTDepthMargin deep, that the node stays
// below probBeta.
//
// Elo: +2.6 +/- 27.0 at 10k nodes, 400 games: off (docs/STRENGTH.md §6).
const (
	probCutMinDepth       = 5   // ProbCut from this depth ...
	probCutMargin         = 150 // ... against beta plus this (centipawns)
	probCutReduction      = 4   // the confirming search is this many plies shallower
	probCutTTDepthMargin  = 3   // a table entry this deep or deeper that says "below probBeta" skips it
	probCutStoreDepthLess = 3   // the result is stored as a lower bound this much shallower than the node
)

// probCut is step 9b at the node at ply, searched to depth with beta,
// whose static evaluation is staticEval (raw: rawEval, for the table) and
// whose table entry, when hit, is entry. It reports whether a capture
// proved the node fails high, and its score. When the search stops it
// returns false and the caller must look at s.stopped.
func (s *Searcher) probCut(entry *ttEntry, hit bool, depth, ply, beta, staticEval, rawEval int, cutNode bool) (int, bool) {
	probBeta := beta + probCutMargin
	if hit && int(entry.depth) >= depth-probCutTTDepthMargin && entry.bound()&BoundUpper != 0 &&
		scoreFromTT(int(entry.score), ply) < probBeta {
		return 0, false
	}
	hashMove := chess.NoMove
	if hit {
		hashMove = entry.move
	}
	st := &s.stack[ply]
	s.pos.GenerateCaptures(&st.moves)
	s.scoreMoves(ply, hashMove) // the hash move first if it is a capture
	threshold := max(probBeta-staticEval, 0)
	for i := 0; i < st.moves.N; i++ {
		m := s.pickMove(ply, i)
		if st.scores[i] < scoreGoodCapture {
			break // the rest lose material or underpromote
		}
		if s.see(m) < threshold {
			continue
		}
		st.move, st.piece, st.doubleExts = m, s.pos.At(m.From()), s.stack[ply-1].doubleExts
		u := s.makeMove(m)
		score := -s.Quiesce(ply+1, -probBeta, -probBeta+1, 0)
		if score >= probBeta && !s.stopped {
			score = -s.negamax(depth-probCutReduction, ply+1, -probBeta, -probBeta+1, false, !cutNode)
		}
		s.unmakeMove(m, u)
		if s.stopped {
			return 0, false
		}
		if score >= probBeta {
			s.tt.store(s.pos.Key(), m, scoreToTT(score, ply), rawEval, depth-probCutStoreDepthLess, BoundLower)
			return score, true
		}
	}
	return 0, false
}
