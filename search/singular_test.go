package search

import (
	"testing"

	"ox88/chess"
)

// TestSingularForcedRecapture: after 1.Qxe5+ the knight's recapture is
// the only move that does not lose the queen. Searched deep enough for
// step 10b (depth 10), the node after Qxe5+ finds it singular, and the
// recapture's node is searched one or two plies deeper than the others.
// The trace of that search counts exactly the nodes the search counts,
// properly nested, and the recorder changes nothing: the singular search
// is the same node again, not a node of its own.
func TestSingularForcedRecapture(t *testing.T) {
	const fen = "r1b1kbnr/pppp1ppp/2n5/4q3/4Q3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1"
	pos := chess.MustParseFEN(fen)
	qxe5 := uci(t, pos, "e4e5")
	after := chess.MustParseFEN(fen)
	after.MakeMove(qxe5)
	nxe5 := uci(t, after, "c6e5")

	lim := Limits{Depth: 10}
	s := NewSearcher(16)
	tr := NewTrace(pos, 1<<22)
	s.SetRecorder(tr)
	res := s.Search(pos, nil, lim, nil, nil)
	plain := NewSearcher(16)
	want := plain.Search(pos, nil, lim, nil, nil)
	if tr.Count != res.Nodes || res.Nodes != want.Nodes || res.Move != want.Move || res.Score != want.Score || tr.Truncated() {
		t.Fatalf("trace counted %d, search %d (%s %d), without a recorder %d (%s %d)",
			tr.Count, res.Nodes, res.Move, res.Score, want.Nodes, want.Move, want.Score)
	}
	extended := 0
	for i := 0; i < tr.Len(); i++ {
		n := tr.Node(i)
		if n.Ended == StepNone {
			t.Fatalf("node %d never returned", i)
		}
		if n.Kind != NodeRoot && n.Ply != tr.Node(n.Parent).Ply+1 {
			t.Fatalf("node %d at ply %d under a node at ply %d", i, n.Ply, tr.Node(n.Parent).Ply)
		}
		if n.Ply != 1 || n.Move != qxe5 {
			continue
		}
		depth := n.Depth // after the check extension, as step 10b sees it
		for _, nt := range tr.Notes(i, tr.Len()) {
			if nt.Step == StepCheckExtension {
				depth = nt.Value
			}
			if nt.Step != StepSingular || depth < singularMinDepth {
				continue
			}
			if nt.Move != nxe5 || nt.Value < 1 {
				t.Fatalf("after Qxe5+ at depth %d: %s extended by %d, want Nxe5 by 1 or 2", depth, nt.Move, nt.Value)
			}
			// The recapture (left out of the singular search) is searched
			// next, nt.Value plies deeper.
			child := -1
			for _, j := range tr.Children(i, tr.Len()) {
				if child < 0 && tr.Node(j).Move == nxe5 {
					child = j
				}
			}
			if child < 0 || tr.Node(child).Depth != depth-1+nt.Value {
				t.Fatalf("after Qxe5+ at depth %d, extension %d: Nxe5 searched as node %d (%+v)", depth, nt.Value, child, tr.Node(max(child, 0)))
			}
			extended++
		}
	}
	if extended == 0 {
		t.Fatal("no singular test after Qxe5+")
	}
}

// TestSingularMates: with step 10b, the mates are still found, with
// their distance, searched to 12 plies; step 10b runs on the way to the
// longest (its tests come before the mate is seen, at non-mate scores).
func TestSingularMates(t *testing.T) {
	checkMates(t, DefaultOptions(), 12)
	pos := chess.MustParseFEN(kqkMateIn6)
	s := NewSearcher(8)
	tr := NewTrace(pos, 1<<20)
	s.SetRecorder(tr)
	s.Search(pos, nil, Limits{Depth: 12}, nil, nil)
	tests := 0
	for i := 0; i < tr.Len(); i++ {
		for _, nt := range tr.Notes(i, tr.Len()) {
			if nt.Step == StepSingular {
				tests++
			}
		}
	}
	if tests == 0 || tr.Truncated() {
		t.Errorf("%s: %d singular tests in %d nodes", kqkMateIn6, tests, tr.Count)
	}
}
