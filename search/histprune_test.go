package search

import (
	"slices"
	"testing"

	"ox88/chess"
)

// TestHistoryPrunes: the condition's edges, at -histPruneMargin per ply of
// depth up to histPruneMaxDepth, with the continuation histories when
// Options.ContHist is on; never a killer.
func TestHistoryPrunes(t *testing.T) {
	s, m, hist, cont := historyFixture(t)
	st := &s.stack[1]
	for _, c := range []struct {
		hist, cont    int
		contHist      bool
		depth         int
		killer        bool
		want          bool
		wantHistValue int
	}{
		{-32, 0, true, 1, false, false, -32}, {-33, 0, true, 1, false, true, -33},
		{-20, -13, true, 1, false, true, -33}, {-20, -13, false, 1, false, false, -20},
		{-64, 0, true, 2, false, false, -64}, {-65, 0, true, 2, false, true, -65},
		{-96, 0, true, 3, false, false, -96}, {-97, 0, true, 3, false, true, -97},
		{-historyMax, -historyMax, true, 4, false, false, 0}, // too deep
		{-historyMax, -historyMax, true, 1, true, false, 0},  // a killer
		{historyMax, 0, true, 1, false, false, historyMax},
	} {
		*hist, *cont = int32(c.hist), int16(c.cont)
		s.opt.ContHist = c.contHist
		st.killers[0] = chess.NoMove
		if c.killer {
			st.killers[0] = m
		}
		if prune, h := s.historyPrunes(1, c.depth, m); prune != c.want || h != c.wantHistValue {
			t.Errorf("%+v: historyPrunes %v, history %d", c, prune, h)
		}
	}
}

// TestHistoryPruning: with a history that condemns every quiet move
// (seeded at -historyMax before the search, which halves it), step 13
// prunes by history, and only where it may: a quiet move, at a non-PV node
// not in check, at depth histPruneMaxDepth or less (after internal
// iterative reduction), with its combined history below the margin. The
// trace counts the search's nodes, and the recorder changes nothing.
func TestHistoryPruning(t *testing.T) {
	pos := chess.MustParseFEN("r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10")
	o := DefaultOptions()
	o.HistPrune = true
	search := func(rec Recorder) Result {
		s := NewSearcher(4)
		s.SetOptions(o)
		for i := range s.history {
			for j := range s.history[i] {
				s.history[i][j] = -historyMax
			}
		}
		if rec != nil {
			s.SetRecorder(rec)
		}
		return s.Search(pos, nil, Limits{Depth: 7}, nil, nil)
	}
	tr := NewTrace(pos, 1<<20)
	res, plain := search(tr), search(nil)
	if tr.Count != res.Nodes || res.Nodes != plain.Nodes || res.Move != plain.Move || tr.Truncated() {
		t.Fatalf("trace counted %d, search %d (%s), without a recorder %d (%s)", tr.Count, res.Nodes, res.Move, plain.Nodes, plain.Move)
	}
	pruned := 0
	for i := 0; i < tr.Len(); i++ {
		n := tr.Node(i)
		notes := tr.Notes(i, tr.Len())
		// A node that ran step 10b's singular test searched itself again
		// first, without the hash move, at non-PV and (depth-1)/2: the
		// notes before its StepSingular note are that search's. (A node
		// with a hash move has no IIR of its own.)
		depth, pv := n.Depth, n.PV
		if slices.ContainsFunc(notes, func(nt TraceNote) bool { return nt.Step == StepSingular }) {
			depth, pv = (n.Depth-1)/2, false
		}
		for _, nt := range notes {
			switch nt.Step {
			case StepIIR:
				depth = nt.Value
			case StepSingular:
				depth, pv = n.Depth, n.PV
			case StepHistPrune:
				if n.Kind != NodeMain || pv || n.Eval == -Infinity || depth > histPruneMaxDepth || !nt.Move.IsQuiet() || nt.Value >= -histPruneMargin*depth {
					t.Fatalf("node %d (%+v, depth %d after IIR, PV %v): %s pruned by history %d", i, n, depth, pv, nt.Move, nt.Value)
				}
				pruned++
			}
		}
	}
	if pruned == 0 {
		t.Errorf("no move pruned by history in %d nodes", tr.Count)
	}
}

// TestHistoryReduction: step 14's history term with Options.HistLMR, a ply
// per histLMRDivisor of combined history (rounded toward zero), at most
// histLMRMax either way, with the continuation histories when
// Options.ContHist is on.
func TestHistoryReduction(t *testing.T) {
	s, m, hist, cont := historyFixture(t)
	for _, c := range []struct {
		hist, cont int
		contHist   bool
		want       int
	}{
		{0, 0, true, 0}, {63, 0, true, 0}, {64, 0, true, 1}, {-63, 0, true, 0}, {-64, 0, true, -1},
		{100, 40, true, 2}, {100, 40, false, 1}, {-100, -40, true, -2},
		{historyMax, historyMax, true, histLMRMax}, {-historyMax, -historyMax, true, -histLMRMax},
	} {
		*hist, *cont = int32(c.hist), int16(c.cont)
		s.opt.ContHist = c.contHist
		if got := s.historyReduction(1, m); got != c.want {
			t.Errorf("%+v: historyReduction %d", c, got)
		}
	}
}

// historyFixture is a searcher at ply 1 after h2h3, about to judge the
// quiet move Nc6-b4 (returned), with pointers to that move's history and
// its continuation history one ply back, for the tests to set.
func historyFixture(t *testing.T) (s *Searcher, m chess.Move, hist *int32, cont *int16) {
	s = NewSearcher(1)
	s.pos = *chess.MustParseFEN("r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10")
	prev := uci(t, &s.pos, "h2h3") // the move one ply back, for the continuation history
	s.pos.MakeMove(prev)
	m = uci(t, &s.pos, "c6b4")
	s.stack[0].move, s.stack[0].piece = prev, chess.WPawn
	s.stack[1].piece = chess.BKnight
	hist = &s.history[chess.BKnight][m.To()]
	cont = &s.contHist[0][chess.WPawn][prev.To().Index64()][chess.BKnight][m.To().Index64()]
	return s, m, hist, cont
}
