package search

import (
	"testing"

	"ox88/chess"
)

// TestQuietChecks: the quiescence search of a back-rank mate in one
// (1.Rd8#, a quiet move). Without quiet checks it stands pat on the
// static evaluation, its only node; with them it searches Rd8, finds the
// reply mated and scores mate in one from the root. With the back rank
// guarded (Rd8+ Rxd8 loses the rook by SEE) or past the first ply, it
// stands pat with or without them.
func TestQuietChecks(t *testing.T) {
	const mateIn1, guarded = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
	on := DefaultOptions()
	on.QSChecks = true
	for _, c := range []struct {
		fen      string
		qply     int
		opt      Options
		mate     bool   // else the static evaluation
		wantNode uint64 // nodes searched
	}{
		{mateIn1, 0, DefaultOptions(), false, 1},
		{mateIn1, 0, on, true, 2},
		{mateIn1, 1, on, false, 1},
		{guarded, 0, on, false, 1},
	} {
		s := NewSearcher(1)
		s.SetOptions(c.opt)
		s.prepare(chess.MustParseFEN(c.fen), nil, Limits{}, nil, nil)
		want := s.evaluate()
		if c.mate {
			want = Mate - 1
		}
		if got := s.Quiesce(0, -Infinity, Infinity, c.qply); got != want || s.nodes != c.wantNode {
			t.Errorf("%s qply %d checks %v: %d in %d nodes, want %d in %d", c.fen, c.qply, c.opt.QSChecks, got, s.nodes, want, c.wantNode)
		}
	}
}

// TestQSChecksMates: with quiet checks, every mate test is found at its
// least depth, with its distance. (TestSwitchesSearch checks the rest.)
func TestQSChecksMates(t *testing.T) {
	o := DefaultOptions()
	o.QSChecks = true
	checkMates(t, o, 0)
}
