package search

import (
	"math/rand"
	"slices"
	"testing"

	"ox88/chess"
)

// TestNextMoveOrder holds the staged move picker (nextMove) to the
// ordering of the whole list (scoreMoves, then pickMove): over the bench
// and perft-suite positions and random games from them, with random
// histories, killers (legal here or not) and hash moves (legal, foreign or
// none), nextMove gives every legal move once, and in the same order up to
// the order among moves of equal score: the moves pickMove gives in a run
// of equal scores are the moves nextMove gives in the same places.
func TestNextMoveOrder(t *testing.T) {
	fens := orderingFENs(t)
	rng := rand.New(rand.NewSource(1))
	s := NewSearcher(1)
	const ply = 1
	st := &s.stack[ply]
	var ml chess.MoveList
	var foreign []chess.Move // moves of earlier positions
	checked := 0
	for _, fen := range fens {
		pos := chess.MustParseFEN(fen)
		for step := 0; step < 12; step++ {
			s.pos = *pos
			pos.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			legal := slices.Clone(ml.Slice())
			pick := func() chess.Move {
				switch r := rng.Intn(4); {
				case r == 0 && len(foreign) > 0:
					return foreign[rng.Intn(len(foreign))]
				case r == 1:
					return chess.NoMove
				}
				return legal[rng.Intn(len(legal))]
			}
			for i := range s.history {
				for j := range s.history[i] {
					s.history[i][j] = 0
					if rng.Intn(3) == 0 {
						s.history[i][j] = int32(rng.Intn(2*historyMax+1) - historyMax)
					}
				}
			}
			hashMove := pick()
			st.killers = [2]chess.Move{pick(), pick()}
			if st.killers[0] == st.killers[1] {
				st.killers[1] = chess.NoMove
			}

			// The whole list, scored and picked.
			st.moves = ml
			s.scoreMoves(ply, hashMove)
			var want []chess.Move
			var scores []int32
			for i := 0; i < st.moves.N; i++ {
				want = append(want, s.pickMove(ply, i))
				scores = append(scores, st.scores[i])
			}
			// In stages.
			s.startMoves(ply, hashMove)
			var got []chess.Move
			for m := s.nextMove(ply); m != chess.NoMove; m = s.nextMove(ply) {
				got = append(got, m)
			}
			if s.pos.FEN() != pos.FEN() {
				t.Fatalf("%s: the staged picker changed the position to %s", pos.FEN(), s.pos.FEN())
			}
			if len(got) != len(want) {
				t.Fatalf("%s (hash %s, killers %s %s): nextMove gave %d moves %v, the list has %d %v",
					pos.FEN(), hashMove, st.killers[0], st.killers[1], len(got), got, len(want), want)
			}
			for a := 0; a < len(want); {
				b := a + 1
				for b < len(want) && scores[b] == scores[a] {
					b++
				}
				w, g := slices.Clone(want[a:b]), slices.Clone(got[a:b])
				slices.Sort(w)
				slices.Sort(g)
				if !slices.Equal(w, g) {
					t.Fatalf("%s (hash %s, killers %s %s): moves %d..%d are %v in stages, %v by the whole list (score %d)\nstaged %v\nlist   %v",
						pos.FEN(), hashMove, st.killers[0], st.killers[1], a, b-1, got[a:b], want[a:b], scores[a], got, want)
				}
				a = b
			}
			checked++
			foreign = append(foreign, legal...)
			m := legal[rng.Intn(len(legal))]
			pos.MakeMove(m)
		}
	}
	if checked < 500 {
		t.Errorf("only %d positions checked", checked)
	}
}
