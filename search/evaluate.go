package search

import (
	"ox88/chess"
	"ox88/nnue"
)

// The search evaluates a position with the network when Options.Net is
// set, else with the hand-written evaluation (package eval). The network's
// accumulators follow the search through makeMove and unmakeMove, one
// stack per thread; the hand-written evaluation needs nothing from them
// (it reads the position's piece lists).

// evaluate returns the static evaluation of the current position for the
// side to move. With a bare king on the board the hand-written evaluation
// answers even when a network is set: its mop-up term drives the lone
// king to the edge, which a network trained on games seldom learns.
func (s *Searcher) evaluate() int {
	if s.acc != nil && s.pos.PieceCount(chess.White) > 1 && s.pos.PieceCount(chess.Black) > 1 {
		return s.acc.Evaluate(&s.pos)
	}
	return s.opt.Eval.Evaluate(&s.pos)
}

// makeMove plays m on the search's position, telling the accumulators.
func (s *Searcher) makeMove(m chess.Move) chess.Undo {
	if s.acc != nil {
		s.acc.Push(&s.pos, m)
	}
	return s.pos.MakeMove(m)
}

// unmakeMove takes m back.
func (s *Searcher) unmakeMove(m chess.Move, u chess.Undo) {
	s.pos.UnmakeMove(m, u)
	if s.acc != nil {
		s.acc.Pop()
	}
}

// makeNullMove passes the move (null-move pruning).
func (s *Searcher) makeNullMove() chess.Undo {
	if s.acc != nil {
		s.acc.Push(&s.pos, chess.NoMove)
	}
	return s.pos.MakeNullMove()
}

// unmakeNullMove takes the pass back.
func (s *Searcher) unmakeNullMove(u chess.Undo) {
	s.pos.UnmakeNullMove(u)
	if s.acc != nil {
		s.acc.Pop()
	}
}

// resetAccumulators sets the accumulators up for a search of the current
// position: from scratch, once per search (nil when no network is set).
func (s *Searcher) resetAccumulators() {
	if s.opt.Net == nil {
		s.acc = nil
		return
	}
	if s.acc == nil || s.acc.Net() != s.opt.Net {
		s.acc = nnue.NewStack(s.opt.Net)
	}
	s.acc.Reset(&s.pos)
}
