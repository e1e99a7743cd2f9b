package search

import (
	"strings"
	"testing"
)

// TestRazorMargin: the margins the doc comment promises.
func TestRazorMargin(t *testing.T) {
	for depth, want := range map[int]int{1: 320, 2: 680, 3: 1280} {
		if got := razorMargin(depth); got != want {
			t.Errorf("razorMargin(%d) = %d, want %d", depth, got, want)
		}
	}
}

// TestRazoring: with step 8b on, every node that razoring ends is a
// non-PV node within razorMaxDepth whose evaluation plus the margin is
// below alpha, and it returns at most alpha; its children are captures,
// promotions and checks, searched in quiescence one ply down. Where
// razoring fails, the node notes the score that beat alpha and is searched
// in full. The trace counts the nodes the search counts: razoring enters
// no node of its own.
func TestRazoring(t *testing.T) {
	o := DefaultOptions()
	o.Razoring = true
	tr, _ := traceWhole(t, o, sharpFENs[2], 7)
	razored, checks, failed := 0, 0, 0
	for i := 0; i < tr.Len(); i++ {
		n := tr.Node(i)
		for _, nt := range tr.Notes(i, tr.Len()) {
			if nt.Step != StepRazor {
				continue
			}
			failed++
			if nt.Value <= n.Alpha || n.Ended == StepRazor || !strings.Contains(tr.What(i, tr.Len()), "razoring's captures and checks reach "+ScoreText(nt.Value)) {
				t.Fatalf("node %d %+v: razoring reached %d: %s", i, n, nt.Value, tr.What(i, tr.Len()))
			}
		}
		if n.Ended != StepRazor {
			continue
		}
		razored++
		if n.Kind != NodeMain || n.PV || n.Depth > razorMaxDepth || n.Eval+razorMargin(n.Depth) >= n.Alpha || n.Score > n.Alpha {
			t.Fatalf("razored node %d: %+v", i, n)
		}
		for _, c := range tr.Children(i, tr.Len()) {
			child, after := tr.Node(c), tr.Position(c)
			if child.Kind != NodeQuiesce || child.Depth != -1 || child.Ply != n.Ply+1 || child.Move.IsQuiet() && !after.InCheck() {
				t.Fatalf("razored node %d: child %d %+v", i, c, child)
			}
			if child.Move.IsQuiet() {
				checks++
			}
		}
	}
	if razored == 0 || checks == 0 || failed == 0 {
		t.Fatalf("%d nodes razored, %d quiet checks searched by razoring, %d razorings failed", razored, checks, failed)
	}
}

// TestRazoringMates: with razoring, every mate test is found at its least
// depth, with its distance. (TestSwitchesSearch checks the rest.)
func TestRazoringMates(t *testing.T) {
	o := DefaultOptions()
	o.Razoring = true
	checkMates(t, o, 0)
}
