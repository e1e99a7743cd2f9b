package search

import (
	"testing"

	"ox88/chess"
)

// TestProbCut: with step 9b on, every node that ProbCut ends is a non-PV
// node at least probCutMinDepth deep, not in check, whose score beats
// beta by probCutMargin; its last child is the confirming search of a
// capture or promotion, probCutReduction plies shallower in a null window
// at probBeta, after a quiescence search of the same move that reached
// probBeta. The trace counts the nodes the search counts.
func TestProbCut(t *testing.T) {
	o := DefaultOptions()
	o.ProbCut = true
	tr, _ := traceWhole(t, o, sharpFENs[0], 9)
	cuts := 0
	for i := 0; i < tr.Len(); i++ {
		n := tr.Node(i)
		if n.Ended != StepProbCut {
			continue
		}
		cuts++
		probBeta := n.Beta + probCutMargin
		kids := tr.Children(i, tr.Len())
		if n.Kind != NodeMain || n.PV || n.Depth < probCutMinDepth || n.Eval == -Infinity || n.Score < probBeta || len(kids) < 2 {
			t.Fatalf("ProbCut node %d: %+v, %d children", i, n, len(kids))
		}
		qs, confirm := tr.Node(kids[len(kids)-2]), tr.Node(kids[len(kids)-1])
		if confirm.Kind != NodeMain || confirm.Depth != n.Depth-probCutReduction || confirm.Alpha != -probBeta || confirm.Beta != -probBeta+1 ||
			-confirm.Score != n.Score || !confirm.Move.IsCapture() && !confirm.Move.IsPromotion() {
			t.Fatalf("ProbCut node %d %+v: confirmed by %+v", i, n, confirm)
		}
		if qs.Kind != NodeQuiesce || qs.Move != confirm.Move || qs.Alpha != -probBeta || -qs.Score < probBeta {
			t.Fatalf("ProbCut node %d %+v: %+v before the confirming search", i, n, qs)
		}
	}
	if cuts == 0 {
		t.Fatal("no ProbCut")
	}
}

// TestProbCutTable: pawn takes a loose queen, a capture that wins far more
// than ProbCut asks for. Without a table entry it cuts, returns at least
// probBeta and stores a lower bound probCutStoreDepthLess plies shallower,
// with the capture as its move. An entry that says the node stays below
// probBeta, from deep enough, skips it before a node is searched; a
// shallower one, a lower bound, or a score at probBeta do not.
func TestProbCutTable(t *testing.T) {
	pos := chess.MustParseFEN("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1")
	o := DefaultOptions()
	o.ProbCut = true
	s := NewSearcher(1)
	s.SetOptions(o)
	s.prepare(pos, nil, Limits{}, nil, nil)
	exd5 := uci(t, pos, "e4d5")
	const depth, ply = 6, 1
	staticEval := s.evaluate()
	beta := staticEval - probCutMargin + 100 // captures winning 100 or more qualify
	probBeta := beta + probCutMargin
	entry := func(score, draft int, b Bound) *ttEntry {
		return &ttEntry{score: int16(score), depth: int8(draft), genBound: uint8(b)}
	}
	for _, c := range []struct {
		entry *ttEntry // nil: no hit
		cut   bool
	}{
		{nil, true},
		{entry(probBeta-1, depth-probCutTTDepthMargin, BoundUpper), false},
		{entry(probBeta-1, depth+2, BoundExact), false},
		{entry(probBeta-1, depth-probCutTTDepthMargin-1, BoundUpper), true},
		{entry(probBeta-1, depth, BoundLower), true},
		{entry(probBeta, depth, BoundUpper), true},
	} {
		s.tt.Clear()
		s.nodes = 0
		e, hit := c.entry, c.entry != nil
		if !hit {
			e = &ttEntry{}
		}
		score, cut := s.probCut(e, hit, depth, ply, beta, staticEval, staticEval, true)
		stored, found := s.tt.probe(pos.Key())
		switch {
		case cut != c.cut:
			t.Errorf("entry %+v: cut %v, want %v", c.entry, cut, c.cut)
		case !cut && (s.nodes != 0 || found):
			t.Errorf("entry %+v: skipped after %d nodes, table entry %v", c.entry, s.nodes, found)
		case cut && (score < probBeta || stored.move != exd5 || stored.bound() != BoundLower || int(stored.depth) != depth-probCutStoreDepthLess ||
			int(stored.score) != score):
			t.Errorf("entry %+v: score %d (probBeta %d), stored %+v", c.entry, score, probBeta, stored)
		}
	}
}

// TestProbCutMates: with ProbCut, every mate test is found at its least
// depth, with its distance. (TestSwitchesSearch checks the rest.)
func TestProbCutMates(t *testing.T) {
	o := DefaultOptions()
	o.ProbCut = true
	checkMates(t, o, 0)
}
