package search

import (
	"math"

	"ox88/chess"
)

// lmrTable[depth][moveNumber] is the late move reduction,
// lmrBase + ln(d)*ln(n)/lmrDivisor, rounded down.
var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int(lmrBase + math.Log(float64(d))*math.Log(float64(n))/lmrDivisor)
		}
	}
}

// hindsight returns the change of depth at step 7c of a node whose static
// evaluation is staticEval, reached from parent by a move the parent
// reduced. The two evaluations are from opposite sides, so their sum is
// what the move cost its mover by the evaluation: about 0 for a move that
// keeps the balance, large when it gave something away. +1 when the
// reduction was at least hindsightDeeper plies and the move cost nothing
// (sum <= 0): a heavy reduction of a move that holds its own may hide its
// point. -1 when the reduction was at least hindsightShallower plies, the
// node has depth to spare and the move cost more than hindsightMargin:
// the reduction was right, and a ply less will do.
func hindsight(depth, staticEval int, parent *plyData) int {
	r := parent.reduction
	if r == 0 || parent.staticEval == -Infinity {
		return 0
	}
	sum := staticEval + parent.staticEval
	if r >= hindsightDeeper && sum <= 0 {
		return 1
	}
	if r >= hindsightShallower && depth >= hindsightMinDepth && sum > hindsightMargin {
		return -1
	}
	return 0
}

// isDraw reports whether the position at ply is drawn by the fifty-move
// rule or by repetition of a position in the game or the search path (one
// repetition is enough: if it was good once, it is good again).
func (s *Searcher) isDraw() bool {
	hm := s.pos.HalfmoveClock()
	if hm >= 100 {
		return true
	}
	key := s.pos.Key()
	// Only positions with the same side to move since the last irreversible
	// move can repeat: every second key, back at most hm plies.
	stop := max(s.nKeys-hm, 0)
	for i := s.nKeys - 4; i >= stop; i -= 2 {
		if s.keys[i] == key {
			return true
		}
	}
	return false
}

// insufficientMaterial reports bare kings or king and one minor piece
// against a bare king: no mate is possible.
func insufficientMaterial(pos *chess.Position) bool {
	w, b := pos.PieceCount(chess.White), pos.PieceCount(chess.Black)
	if w+b > 3 {
		return false
	}
	minors := pos.Count(chess.WKnight) + pos.Count(chess.BKnight) + pos.Count(chess.WBishop) + pos.Count(chess.BBishop)
	return w+b == 2 || minors == 1
}

// hasNonPawns reports whether the side to move has a piece besides king and
// pawns (null-move pruning is unsound in pawn endings: zugzwang).
func hasNonPawns(pos *chess.Position) bool {
	c := pos.SideToMove()
	return pos.PieceCount(c) > 1+pos.Count(chess.MakePiece(c, chess.Pawn))
}

// negamax is the main search: a fail-soft principal variation search of the
// node at ply to depth plies. The steps are numbered as in doc.go.
//
// pvNode says the node is searched with an open window (a PV node);
// cutNode that a null-window node is expected to fail high (a cut node),
// as opposed to an all node, where every move is expected to fail low.
// The expectation alternates along a line: the first move of a non-PV
// node, the null move and every full-depth null-window search lead to a
// node of the other kind; a reduced search of a late move is expected to
// fail high (that is why it was reduced). Step 14 reduces late moves more
// at cut nodes.
func (s *Searcher) negamax(depth, ply, alpha, beta int, pvNode, cutNode bool) int {
	st := &s.stack[ply]
	st.pvLen = 0
	// Step 1. Quiescence at the horizon.
	if depth <= 0 {
		return s.Quiesce(ply, alpha, beta, 0)
	}
	// excluded is set when this is step 10b's search of the node without
	// its hash move: the same node again, so steps 2 to 10 are mostly the
	// node's own and are skipped (singular.go).
	excluded := st.excluded
	// Step 2. Count the node, check the limits, keep the path for repetition.
	if excluded == chess.NoMove {
		if s.rec != nil && !s.stopped {
			s.enter(NodeMain, ply, depth, alpha, beta, pvNode)
		}
		if s.countNode() {
			return 0
		}
	}
	s.selDepth = max(s.selDepth, ply)
	s.keys[s.nKeys+ply] = s.pos.Key()
	// Step 3. Draws: fifty moves, repetition, bare kings.
	if s.isDrawAt(ply) || insufficientMaterial(&s.pos) {
		return s.leave(StepDraw, 0, chess.NoMove)
	}
	if ply >= MaxPly-8 {
		return s.leave(StepMaxPly, s.evaluate(), chess.NoMove)
	}
	// The cutoff count: the children's cutoffs are counted afresh under
	// each node, two plies down (step 14 reads them one ply down).
	if excluded == chess.NoMove {
		s.stack[ply+2].cutoffs = 0
	}
	// Step 4. Mate distance pruning: no line from here can beat a mate
	// already found nearer the root.
	alpha = max(alpha, -Mate+ply)
	beta = min(beta, Mate-ply-1)
	if alpha >= beta {
		return s.leave(StepMateDistance, alpha, chess.NoMove)
	}
	// Step 5. Transposition table: a deep enough result of this position
	// answers a non-PV node outright; any result gives the move to try first.
	key := s.pos.Key()
	entry, hit := s.tt.probe(key)
	hashMove := excluded // the singular search orders the excluded move first, to skip it
	if hit && excluded == chess.NoMove {
		s.ttHits++
		hashMove = entry.move
		ttScore := scoreFromTT(int(entry.score), ply)
		if !pvNode && int(entry.depth) >= depth {
			b := entry.bound()
			if b == BoundExact || (b == BoundLower && ttScore >= beta) || (b == BoundUpper && ttScore <= alpha) {
				return s.leave(StepTTCutoff, ttScore, hashMove)
			}
		}
	}
	// Step 5b. Endgame tables: with few pieces and no castling rights the
	// tables know the result. They are asked only right after a capture or
	// pawn move (halfmove clock 0), where the answer is exact whatever the
	// fifty-move counter says, as the reference engines do.
	// In a PV node that the bound does not cut, the table's result still
	// bounds what the search below may return.
	tbFloor, tbCeiling := -Infinity, Infinity
	if ply > 0 && excluded == chess.NoMove && s.pos.HalfmoveClock() == 0 && s.tbProbe(depth) {
		if wdl, err := s.tb.ProbeWDL(&s.pos); err == nil {
			s.tbHits++
			score, b := tbScore(wdl, ply, s.tbOpt.Rule50)
			if b == BoundExact || (b == BoundLower && score >= beta) || (b == BoundUpper && score <= alpha) {
				return s.leave(StepTBCutoff, score, chess.NoMove)
			}
			if b == BoundLower {
				tbFloor = score
			} else {
				tbCeiling = score
			}
		}
	}
	// Step 6. Check extension: a side in check has few replies, and cutting
	// the line here would miss the mates and wins they lead to.
	inCheck := s.inCheckAt(ply)
	if inCheck && excluded == chess.NoMove {
		depth++
		s.note(StepCheckExtension, chess.NoMove, depth)
	}
	// Step 7. Static evaluation (from the table when known), corrected by
	// what the search has learned about its errors (corrhist.go; the table
	// keeps the raw value).
	rawEval, staticEval := -Infinity, -Infinity
	if excluded != chess.NoMove {
		staticEval = st.staticEval // the node's own, taken before step 10b
	} else {
		if !inCheck {
			if hit {
				rawEval = int(entry.eval)
			} else {
				rawEval = s.evaluate()
			}
		}
		staticEval = s.correctedEval(rawEval)
	}
	st.staticEval = staticEval
	s.note(StepStaticEval, chess.NoMove, staticEval)
	// Step 7c. The parent's reduction in hindsight:
	// the move that led here was reduced by late move reductions, and the
	// two static evaluations say whether that was a mistake.
	if !pvNode && !inCheck && excluded == chess.NoMove && ply > 0 {
		depth += hindsight(depth, staticEval, &s.stack[ply-1])
	}
	// improving: the static evaluation is better than two plies ago, so
	// the side to move is making progress and its late quiet moves are
	// reduced less (step 14).
	improving := !inCheck && ply >= 2 && staticEval > s.stack[ply-2].staticEval
	if !pvNode && !inCheck && excluded == chess.NoMove {
		// Step 8. Reverse futility pruning: far above beta with little
		// depth left, the opponent will not catch up.
		if depth <= rfpMaxDepth && staticEval-rfpMargin*depth >= beta && !IsMate(beta) {
			return s.leave(StepRFP, staticEval, chess.NoMove)
		}
		// Step 9. Null-move pruning: if passing still fails high, a real
		// move will too. Not in check, not twice in a row, not with only
		// pawns (zugzwang).
		if depth >= nullMinDepth && staticEval >= beta && ply > 0 && s.stack[ply-1].move != chess.NoMove && hasNonPawns(&s.pos) {
			r := nullBaseReduction + depth/nullDepthDivisor
			st.move, st.doubleExts = chess.NoMove, s.stack[ply-1].doubleExts
			u := s.makeNullMove()
			s.stack[ply+1].checkKnown = false
			score := -s.negamax(depth-1-r, ply+1, -beta, -beta+1, false, !cutNode)
			s.unmakeNullMove(u)
			if s.stopped {
				return 0
			}
			if score >= beta {
				if IsMate(score) {
					score = beta
				}
				return s.leave(StepNullMove, score, chess.NoMove)
			}
		}
	}
	// Step 10. Internal iterative reduction: without a hash move the
	// ordering is poor, so search shallower first; the next iteration will
	// have a move from the table.
	if hashMove == chess.NoMove && depth >= iirMinDepth {
		depth--
		s.note(StepIIR, chess.NoMove, depth)
	}
	// Step 10b. Singular extensions (singular.go): is
	// the hash move the only good move here? Search the others, shallower,
	// below its score: if they all fail low, extend it; if they too beat
	// beta, cut off (multi-cut).
	hashExt := 0 // the hash move's extension
	if hit && excluded == chess.NoMove && depth >= singularMinDepth {
		ext, score, cut := s.singularExtension(&entry, depth, ply, beta, pvNode, cutNode)
		if s.stopped {
			return 0
		}
		if cut {
			return s.leave(StepMultiCut, score, chess.NoMove)
		}
		hashExt = ext
	}
	// Step 11. Generate and order the moves, in stages (order.go:
	// nextMove): the hash move, captures, killers, and only then the
	// quiet moves.
	s.startMoves(ply, hashMove)
	// Step 12. The move loop.
	best, bestMove := -Infinity, chess.NoMove
	origAlpha := alpha
	quiets := 0
	for i := 0; ; i++ {
		m := s.nextMove(ply)
		if m == chess.NoMove {
			if i == 0 && excluded == chess.NoMove { // no legal move
				if inCheck {
					return s.leave(StepMated, -Mate+ply, chess.NoMove)
				}
				return s.leave(StepStalemate, 0, chess.NoMove)
			}
			break
		}
		if m == excluded {
			continue
		}
		// Ask for the child's hash-table line now: it loads while the
		// move is weighed (steps 12 and 13) and made.
		s.tt.prefetch(s.pos.KeyAfter(m))
		quiet := m.IsQuiet()
		if quiet {
			st.tried[st.nTried] = m
			st.nTried++
		}
		// Futility of a late capture: even with its
		// victim won for nothing and a margin, it does not bring the
		// static evaluation near alpha.
		capFutile := false
		if !quiet && !pvNode && i > 0 && !inCheck && depth <= capFutMaxDepth && m.Promotion() == chess.NoKind && best > -MateBound {
			capFutile = staticEval+capFutBase+capFutPerDepth*depth+seeValue[victim(&s.pos, m)] <= alpha
		}
		st.move, st.piece = m, s.pos.At(m.From())
		// Only quiet moves are pruned or reduced, so only they (and a
		// capture that may be futile) need to know whether they give
		// check: chess.Position.GivesCheck answers before the move is
		// made, so a pruned move is never made. The child is told, so
		// that it does not ask again at its step 6.
		checkKnown := quiet || capFutile
		checks := checkKnown && s.pos.GivesCheck(m)
		if capFutile && !checks {
			s.note(StepFutility, m, staticEval+capFutBase+capFutPerDepth*depth)
			continue
		}
		givesCheck := quiet && checks
		if givesCheck {
			s.quietChecked(ply)
		}
		// Step 13. Pruning of late quiet moves near the horizon (never the
		// first move, never while in check or giving check, never when
		// mated scores are at stake): futility and late-move pruning.
		if quiet && i > 0 && !inCheck && !givesCheck && best > -MateBound {
			// Futility asks the depth the move would be searched to:
			// the node's, less the move's base
			// late move reduction (and a ply when not improving), at
			// least 1: from the seventh move on, a quiet move of a depth-6
			// node that is not improving (reduction 2+1) is judged as at
			// depth 3, while the first moves keep the node's depth.
			r := lmrTable[min(depth, 63)][min(i, 63)]
			if !improving {
				r++
			}
			fd := max(depth-r, 1)
			if fd <= futilityMaxDepth && staticEval+futilityBase+futilityPerDepth*(fd-1) <= alpha {
				s.note(StepFutility, m, staticEval+futilityBase+futilityPerDepth*(fd-1))
				quiets++
				i += s.skipPrunedQuiets(ply)
				continue
			}
			if !pvNode && depth <= lmpMaxDepth && quiets >= lmpBase+depth*depth {
				s.note(StepLMP, m, quiets)
				quiets++
				i += s.skipPrunedQuiets(ply)
				continue
			}
		}
		if quiet {
			quiets++
		}
		u := s.makeMove(m)
		s.stack[ply+1].checkKnown, s.stack[ply+1].checkGiven = checkKnown, checks
		newDepth := depth - 1
		st.doubleExts = s.stack[ply-1].doubleExts
		if m == hashMove {
			newDepth += hashExt
			if hashExt == 2 {
				st.doubleExts++
			}
		}
		var score int
		if i == 0 {
			score = -s.negamax(newDepth, ply+1, -beta, -alpha, pvNode, !pvNode && !cutNode)
		} else {
			// Step 14. Late move reductions: quiet moves ordered late are
			// rarely best; search them shallower and confirm any surprise.
			r := 0
			if depth >= lmrMinDepth && i >= lmrMinMoves && quiet && !inCheck && !givesCheck {
				r = lmrTable[min(depth, 63)][min(i, 63)]
				if pvNode {
					r--
				}
				if m == st.killers[0] || m == st.killers[1] {
					r--
				}
				if !improving {
					r++
				}
				if cutNode {
					r++
				}
				// The replies to this node's earlier moves cut off often:
				// its moves are being refuted, so a late one is likely
				// refuted too (the cutoff count).
				if s.stack[ply+1].cutoffs > cutCountMin {
					r++
				}
				r -= int(s.history[s.pos.At(m.To())&15][m.To()&0x7f]) / lmrHistoryDivisor
				r = max(0, min(r, newDepth-1))
				s.note(StepLMR, m, r)
			}
			// Step 15. PVS: a null window proves the move worse; only a
			// move that beats alpha is searched again with the full window.
			st.reduction = r
			score = -s.negamax(newDepth-r, ply+1, -alpha-1, -alpha, false, r > 0 || !cutNode)
			st.reduction = 0
			if r > 0 && score > alpha {
				s.note(StepResearch, m, newDepth)
				score = -s.negamax(newDepth, ply+1, -alpha-1, -alpha, false, !cutNode)
			}
			if pvNode && score > alpha && score < beta {
				s.note(StepPVSResearch, m, newDepth)
				score = -s.negamax(newDepth, ply+1, -beta, -alpha, true, false)
			}
		}
		s.unmakeMove(m, u)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					child := &s.stack[ply+1]
					st.pv[0] = m
					st.pvLen = 1 + copy(st.pv[1:], child.pv[:child.pvLen])
				}
				if alpha >= beta {
					st.cutoffs++
					// Step 16. A cutoff: remember the quiet move that caused
					// it.
					if excluded == chess.NoMove { // the singular search is no node of its own
						s.note(StepCutoff, m, i+1)
						s.ordering.count(i)
					}
					if quiet {
						s.updateHistory(ply, depth, m)
					}
					break
				}
			}
		}
	}
	best = min(max(best, tbFloor), tbCeiling)
	if excluded != chess.NoMove {
		return best // the singular search stores nothing: the entry is about all the moves
	}
	// Step 17. Store the result, and teach the correction history how far
	// the static evaluation was from it.
	bound := BoundUpper
	switch {
	case best >= beta:
		bound = BoundLower
	case best > origAlpha:
		bound = BoundExact
	}
	s.updateCorrHist(best, staticEval, depth, bound, bestMove)
	if rawEval == -Infinity {
		rawEval = 0
	}
	s.tt.store(key, bestMove, scoreToTT(best, ply), rawEval, depth, bound)
	return s.leave(StepSearched, best, bestMove)
}

// inCheckAt reports whether the side to move at the node at ply is in
// check: what the node's parent found out, when it did (plyData.checkKnown),
// or else an attack test.
func (s *Searcher) inCheckAt(ply int) bool {
	if st := &s.stack[ply]; st.checkKnown {
		return st.checkGiven
	}
	return s.pos.InCheck()
}

// isDrawAt is isDraw for a node at ply > 0 (the root is never a draw: a
// move must be chosen).
func (s *Searcher) isDrawAt(ply int) bool {
	if ply == 0 {
		return false
	}
	saved := s.nKeys
	s.nKeys += ply
	d := s.isDraw()
	s.nKeys = saved
	return d
}

// countNode counts a node and reports whether the search must stop: the
// node budget is spent, or (checked every nodeCheckInterval+1 nodes) the
// time is up or Stop was called.
func (s *Searcher) countNode() bool {
	if s.stopped {
		return true
	}
	s.nodes++
	if s.nodes&nodeCheckInterval == 0 {
		s.checkLimits()
	}
	if s.lim.Nodes > 0 && s.nodes+s.others >= s.lim.Nodes {
		s.stopped = true
	}
	return s.stopped
}
