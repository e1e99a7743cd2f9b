package search

import "ox88/chess"

// Quiet checks in the quiescence search (Options.QSChecks).
//
// The quiescence search looks at captures only, so a mate or a win that
// begins with a quiet check (a rook swinging to the back rank, a queen
// move that forks king and rook) is invisible at the horizon: the side to
// move stands pat on its evaluation and never sees the check. Quiesce
// already answers a check with every legal move, and scores having none as
// mate (its first qsMaxCheckEvasions plies). With this switch, at the
// first qsCheckPlies plies of quiescence, after the captures have failed
// to reach beta, the quiet moves that give check are searched too, those
// that do not lose material by SEE (at least qsCheckMinSEE); the side in
// check answers with all its moves at the next ply, so a mate by a quiet
// check is seen with its distance.
//
// Only at the first ply, because checks breed checks: deeper, the
// quiescence search would no longer settle the captures on the board but
// start looking for attacks, at a price in nodes.
//
// Elo: +31.4 +/- 27.6 at 10,000 nodes a move (400 games, LOS 98.7%), but
// -15.9 +/- 30.8 at equal time, 2+0.02 (240 games; docs/STRENGTH.md §6):
// the checks make each quiescence search larger. Off.
const (
	qsCheckPlies  = 1 // quiet checks at the quiescence search's first plies, this many
	qsCheckMinSEE = 0 // ... when the checking piece does not lose more than this by SEE
)

// quietChecks replaces the move list at ply with the legal quiet moves
// that give check and whose SEE is at least qsCheckMinSEE, scored by
// history for pickMove.
func (s *Searcher) quietChecks(ply int) {
	st := &s.stack[ply]
	s.pos.GenerateMoves(&st.moves)
	n := 0
	for _, m := range st.moves.Moves[:st.moves.N] {
		if !m.IsQuiet() || s.see(m) < qsCheckMinSEE {
			continue
		}
		// Whether a move gives check is asked the way the search asks it
		// elsewhere: play it, look, take it back.
		u := s.pos.MakeMove(m)
		check := s.pos.InCheck()
		s.pos.UnmakeMove(m, u)
		if check {
			st.moves.Moves[n] = m
			n++
		}
	}
	st.moves.N = n
	s.scoreMoves(ply, chess.NoMove)
}
