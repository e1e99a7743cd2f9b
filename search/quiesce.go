package search

import "ox88/chess"

// Quiesce searches captures (and promotions) only until the position is
// quiet, so that the evaluation is never asked about a position in the
// middle of an exchange. The side to move may stand pat: take the static
// evaluation instead of capturing. In check, all moves are searched for the
// first qsMaxCheckEvasions plies so that mates by capture are seen.
func (s *Searcher) Quiesce(ply, alpha, beta, qply int) int {
	st := &s.stack[ply]
	st.pvLen = 0
	if s.rec != nil && !s.stopped {
		s.enter(NodeQuiesce, ply, -qply, alpha, beta, false)
	}
	if s.countNode() {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	if ply >= MaxPly-2 {
		return s.leave(StepMaxPly, s.evaluate(), chess.NoMove)
	}
	if insufficientMaterial(&s.pos) {
		return s.leave(StepDraw, 0, chess.NoMove)
	}
	key := s.pos.Key()
	entry, hit := s.tt.probe(key)
	if hit {
		s.ttHits++
		ttScore := scoreFromTT(int(entry.score), ply)
		b := entry.bound()
		if b == BoundExact || (b == BoundLower && ttScore >= beta) || (b == BoundUpper && ttScore <= alpha) {
			return s.leave(StepTTCutoff, ttScore, entry.move)
		}
	}
	inCheck := qply < qsMaxCheckEvasions && s.inCheckAt(ply)
	best := -Infinity
	rawEval, staticEval := 0, 0
	if !inCheck {
		if hit {
			rawEval = int(entry.eval)
		} else {
			rawEval = s.evaluate()
		}
		staticEval = s.correctedEval(rawEval) // corrhist.go; rawEval when it is off
		// A searched score from the table that says
		// the position is better than the evaluation (a lower bound above
		// it) or worse (an upper bound below it) is the better guess for
		// standing pat.
		if hit {
			staticEval = refinedEval(&entry, ply, staticEval)
		}
		s.note(StepStaticEval, chess.NoMove, staticEval)
		if staticEval >= beta {
			return s.leave(StepStandPat, staticEval, chess.NoMove)
		}
		alpha = max(alpha, staticEval)
		best = staticEval
		s.pos.GenerateCaptures(&st.moves)
	} else {
		s.pos.GenerateMoves(&st.moves)
		if st.moves.N == 0 {
			return s.leave(StepMated, -Mate+ply, chess.NoMove)
		}
	}
	s.scoreMoves(ply, chess.NoMove)
	// Ask for every child's hash-table line at once: the loads overlap
	// one another and the first move's ordering and pruning, where one
	// asked as each move is made would mostly be waited for.
	for _, m := range st.moves.Moves[:st.moves.N] {
		s.tt.prefetch(s.pos.KeyAfter(m))
	}
	prune := !inCheck
	best, bestMove := s.quiesceMoves(ply, qply, alpha, beta, best, staticEval, prune)
	if s.stopped {
		return 0
	}
	bound := BoundUpper
	switch {
	case best >= beta:
		bound = BoundLower
	case best > alpha:
		bound = BoundExact
	}
	s.tt.store(key, bestMove, scoreToTT(best, ply), rawEval, 0, bound)
	return s.leave(StepSearched, best, bestMove)
}

// quiesceMoves is the move loop of the quiescence node at ply, qply plies
// into quiescence: it searches the scored moves of the node's list
// (captures, or every legal move in check), beginning from best (the
// stand-pat score, or -Infinity in check) in the window alpha..beta. When
// prune is set, captures that lose material by SEE or cannot reach alpha
// (from staticEval) are not searched. It returns the best score and the
// move that raised alpha (NoMove if none). When the search stops it
// returns 0 and the caller must look at s.stopped.
func (s *Searcher) quiesceMoves(ply, qply, alpha, beta, best, staticEval int, prune bool) (int, chess.Move) {
	st := &s.stack[ply]
	bestMove := chess.NoMove
	for i := 0; i < st.moves.N; i++ {
		m := s.pickMove(ply, i)
		if prune {
			// Captures that lose material (by SEE) cannot raise alpha
			// when standing pat is allowed; nor can captures that would
			// not reach alpha even if the victim came free.
			if st.scores[i] < scoreGoodCapture {
				s.note(StepSEE, m, 0)
				break // the rest are losing captures and underpromotions
			}
			gain := seeValue[m.Promotion()]
			if !m.IsEnPassant() {
				gain += pieceValue(&s.pos, m.To())
			} else {
				gain += 100
			}
			if staticEval+gain+qsDeltaMargin <= alpha {
				s.note(StepDelta, m, staticEval+gain+qsDeltaMargin)
				continue
			}
		}
		st.move, st.piece = m, s.pos.At(m.From())
		u := s.makeMove(m)
		s.stack[ply+1].checkKnown = false
		score := -s.Quiesce(ply+1, -beta, -alpha, qply+1)
		s.unmakeMove(m, u)
		if s.stopped {
			return 0, chess.NoMove
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				bestMove = m
				child := &s.stack[ply+1]
				st.pv[0] = m
				st.pvLen = 1 + copy(st.pv[1:], child.pv[:child.pvLen])
				if alpha >= beta {
					s.note(StepCutoff, m, i+1)
					break
				}
			}
		}
	}
	return best, bestMove
}
