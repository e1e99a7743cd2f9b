package search

import (
	"strings"
	"testing"

	"ox88/chess"
)

// traceSearch searches fen to depth (or within nodes) from a fresh table
// with a Trace of budget nodes attached.
func traceSearch(t *testing.T, fen string, lim Limits, budget int) (*Trace, Result) {
	t.Helper()
	return traceSearchWith(t, DefaultOptions(), fen, lim, budget)
}

// traceSearchWith is traceSearch with the options o.
func traceSearchWith(t *testing.T, o Options, fen string, lim Limits, budget int) (*Trace, Result) {
	t.Helper()
	pos := chess.MustParseFEN(fen)
	s := NewSearcher(16)
	s.SetOptions(o)
	tr := NewTrace(pos, budget)
	s.SetRecorder(tr)
	return tr, s.Search(pos, nil, lim, nil, nil)
}

// traceWhole traces a search of fen to depth with options o and fails
// the test unless the trace holds the whole tree and counts exactly the
// nodes the search counted.
func traceWhole(t *testing.T, o Options, fen string, depth int) (*Trace, Result) {
	t.Helper()
	tr, res := traceSearchWith(t, o, fen, Limits{Depth: depth}, 1<<22)
	if tr.Count != res.Nodes || tr.Truncated() {
		t.Fatalf("trace counted %d nodes, the search %d (truncated: %v)", tr.Count, res.Nodes, tr.Truncated())
	}
	return tr, res
}

// traceFENs are positions with checks, captures, promotions and mates.
var traceFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
}

// TestTraceCountsEveryNode: the trace sees exactly the nodes the search
// counts (Result.Nodes), numbered 1, 2, 3 ... in order, properly nested,
// every one returned; and attaching it does not change the search.
func TestTraceCountsEveryNode(t *testing.T) {
	for _, fen := range traceFENs {
		for _, depth := range []int{1, 4, 7} {
			tr, res := traceSearch(t, fen, Limits{Depth: depth}, 1<<20)
			plain := NewSearcher(16).Search(chess.MustParseFEN(fen), nil, Limits{Depth: depth}, nil, nil)
			if tr.Count != res.Nodes || res.Nodes != plain.Nodes || res.Move != plain.Move || res.Score != plain.Score {
				t.Fatalf("%s depth %d: trace counted %d, search %d (%s %d), without a recorder %d (%s %d)",
					fen, depth, tr.Count, res.Nodes, res.Move, res.Score, plain.Nodes, plain.Move, plain.Score)
			}
			roots, number := 0, uint64(0)
			for i := 0; i < tr.Len(); i++ {
				n := tr.Node(i)
				if n.Ended == StepNone {
					t.Fatalf("%s depth %d: node %d never returned", fen, depth, i)
				}
				if n.Kind == NodeRoot {
					roots++
					if n.Parent != -1 || n.Ply != 0 || n.Number != number {
						t.Fatalf("%s depth %d: root %d: %+v", fen, depth, i, n)
					}
					continue
				}
				number++
				if j, ok := tr.Index(number); n.Number != number || !ok || j != i || n.Ply != tr.Node(n.Parent).Ply+1 {
					t.Fatalf("%s depth %d: node %d: %+v (parent %d, index of %d: %d)", fen, depth, i, n, n.Parent, number, j)
				}
			}
			if number != res.Nodes || roots < depth || tr.Truncated() {
				t.Fatalf("%s depth %d: %d nodes and %d roots recorded, search %d nodes", fen, depth, number, roots, res.Nodes)
			}
			last := tr.Node(tr.Stack(tr.Len() - 1)[0])
			if last.Depth != depth || last.Score != res.Score {
				t.Errorf("%s depth %d: last root %s scored %d, search %d", fen, depth, last.DepthText(), last.Score, res.Score)
			}
		}
	}
}

// TestTraceBudget: a trace keeps its first budget nodes and counts on; a
// node budget that stops the search is counted exactly too.
func TestTraceBudget(t *testing.T) {
	tr, res := traceSearch(t, traceFENs[2], Limits{Depth: 6}, 100)
	if tr.Len() != 100 || tr.Count != res.Nodes || !tr.Truncated() {
		t.Fatalf("budget 100: %d recorded, %d counted, search %d", tr.Len(), tr.Count, res.Nodes)
	}
	for _, nodes := range []uint64{1, 2, 77, 5000} {
		tr, res := traceSearch(t, traceFENs[1], Limits{Nodes: nodes}, 1<<20)
		if tr.Count != res.Nodes || res.Nodes != nodes {
			t.Errorf("node budget %d: trace counted %d, search %d", nodes, tr.Count, res.Nodes)
		}
	}
}

// TestTraceSteps: the numbered steps of the engine's search all show up in
// the trace of a few ordinary searches.
func TestTraceSteps(t *testing.T) {
	seen := map[Step]int{}
	for _, fen := range traceFENs {
		tr, _ := traceSearch(t, fen, Limits{Depth: 8}, 1<<20)
		for i := 0; i < tr.Len(); i++ {
			seen[tr.Node(i).Ended]++
			for _, nt := range tr.Notes(i, tr.Len()) {
				seen[nt.Step]++
			}
		}
	}
	for _, st := range []Step{StepSearched, StepTTCutoff, StepCheckExtension, StepRFP, StepNullMove, StepIIR, StepMated,
		StepFutility, StepLMP, StepLMR, StepResearch, StepPVSResearch, StepCutoff, StepStandPat, StepSEE, StepDelta} {
		if seen[st] == 0 {
			t.Errorf("no %s (%s) in the traces", st.Name(), st)
		}
	}
	if seen[StepStaticEval] != 0 {
		t.Error("static evaluations are kept as notes; want them in TraceNode.Eval")
	}
}

func TestParseBreak(t *testing.T) {
	for _, c := range []struct{ spec, err string }{
		{"move=e2e4", ""},
		{"move=e7e8q", ""},
		{"move=null", ""},
		{"depth=3", ""},
		{"depth=0", ""},
		{"ply=2", ""},
		{"node=100", ""},
		{"cutoff=tt", ""},
		{"cutoff=lmr", ""},
		{"move=e9e4", `break "move=e9e4": "e9e4" is not a move in UCI notation (e2e4, e7e8q) or null`},
		{"node=0", `break "node=0": "0" is not a valid node`},
		{"ply=x", `break "ply=x": "x" is not a valid ply`},
		{"cutoff=magic", `break "cutoff=magic": no step "magic"; the steps: searched, draw, maxply, mdp, tt, tb, check, eval, rfp, null, iir, singular, multicut, mated, stalemate, futility, lmp, lmr, research, pvs, beta, standpat, see, delta`},
		{"colour=white", `break "colour=white": no break on "colour": want node, move, depth, ply or cutoff`},
		{"e2e4", `break "e2e4": want node=N, move=UCI, depth=D, ply=P or cutoff=NAME`},
	} {
		t.Run(c.spec, func(t *testing.T) {
			b, err := ParseBreak(c.spec)
			switch {
			case c.err == "" && (err != nil || b.String() != c.spec):
				t.Errorf("ParseBreak(%q) = %v, %v", c.spec, b, err)
			case c.err != "" && (err == nil || err.Error() != c.err):
				t.Errorf("ParseBreak(%q): error %v, want %s", c.spec, err, c.err)
			}
		})
	}
}

// TestTraceFind: each kind of break stops where its condition first
// holds, and the stack there leads from a root to the cursor's node.
func TestTraceFind(t *testing.T) {
	tr, _ := traceSearch(t, traceFENs[2], Limits{Depth: 6}, 1<<20)
	find := func(spec string, from int) int {
		b, err := ParseBreak(spec)
		if err != nil {
			t.Fatal(err)
		}
		c, ok := tr.Find(from, b)
		if !ok || c <= from {
			t.Fatalf("%s after %d: %d, %v", spec, from, c, ok)
		}
		return c
	}
	c := find("node=500", -1)
	if j, _ := tr.Index(500); c != j {
		t.Errorf("node=500 stops at %d, the node is at %d", c, j)
	}
	c = find("move=f3e5", -1)
	if tr.Node(c).Move.String() != "f3e5" {
		t.Errorf("move=f3e5 stops at a node after %s", tr.Node(c).Move)
	}
	c2 := find("move=f3e5", c)
	if tr.Node(c2).Move.String() != "f3e5" || c2 <= c {
		t.Errorf("the next move=f3e5 stops at %d after %s", c2, tr.Node(c2).Move)
	}
	if c = find("depth=3", -1); tr.Node(c).Depth != 3 || tr.Node(c).Kind == NodeRoot {
		t.Errorf("depth=3 stops at %+v", tr.Node(c))
	}
	if c = find("ply=5", -1); tr.Node(c).Ply != 5 {
		t.Errorf("ply=5 stops at %+v", tr.Node(c))
	}
	// An event is visible at its cursor and not one node earlier.
	for _, name := range []string{"tt", "lmr", "null", "futility", "beta", "standpat"} {
		c := find("cutoff="+name, -1)
		seen := func(c int) bool {
			for _, i := range tr.Stack(c) {
				n := tr.Node(i)
				if n.Ended.Name() == name && tr.Returned(i, c) {
					return true
				}
				for _, nt := range tr.Notes(i, c) {
					if nt.Step.Name() == name {
						return true
					}
				}
			}
			return false
		}
		if name == "lmr" { // seen at the reduced child
			if w := tr.What(c, c); !strings.HasPrefix(w, "reduced ") || seen(c-2) {
				t.Errorf("cutoff=lmr stops at %d: %q", c, w)
			}
		} else if !seen(c) || c > 0 && seen(c-1) {
			t.Errorf("cutoff=%s stops at %d: seen there %v, one node earlier %v", name, c, seen(c), seen(c-1))
		}
		stack := tr.Stack(c)
		if tr.Node(stack[0]).Kind != NodeRoot || stack[len(stack)-1] != c {
			t.Errorf("cutoff=%s: stack %v", name, stack)
		}
		for k, i := range stack {
			if tr.Node(i).Ply != k {
				t.Errorf("cutoff=%s: stack entry %d at ply %d", name, k, tr.Node(i).Ply)
			}
		}
	}
	if _, ok := tr.Find(tr.Len()-1, Break{kind: "depth", n: 1}); ok {
		t.Error("a break found after the last node")
	}
}

// TestTraceText: the lines say what happened, in SAN, with scores for
// people.
func TestTraceText(t *testing.T) {
	tr, res := traceSearch(t, traceFENs[4], Limits{Depth: 2}, 1<<20)
	if res.Score != Mate-1 {
		t.Fatalf("back-rank mate scores %d", res.Score)
	}
	end := tr.Len() - 1
	lines := tr.TreeLines(end, 1<<20)
	root := tr.Stack(end)[0]
	want := "root iteration 2 [-inf, +inf] eval " + tr.Node(root).EvalText() + ": → M1 exact, best Rd8#"
	if got := tr.Line(root, end); got != want {
		t.Errorf("last root: %q, want %q", got, want)
	}
	found, nodeLines := false, 0
	for _, l := range lines {
		found = found || strings.HasPrefix(l, "  Rd8# #") && strings.HasSuffix(l, "→ -M1 exact, checkmated (step 11)")
		if !strings.Contains(l, " not searched: ") {
			nodeLines++
		}
	}
	if !found || nodeLines != tr.Len() {
		t.Errorf("%d node lines for %d nodes; Rd8# mating: %v\n%s", nodeLines, tr.Len(), found, strings.Join(lines, "\n"))
	}
	if short := tr.TreeLines(end, 3); len(short) != 4 || !strings.HasPrefix(short[3], "... ") || !strings.HasSuffix(short[3], " more nodes (raise --max-lines)") {
		t.Errorf("3 lines: %q", short)
	}
	stack := tr.StackLines(end)
	if len(stack) != tr.Node(end).Ply+1 || !strings.HasPrefix(stack[0], "ply 0 (returned): root iteration 2") {
		t.Errorf("stack: %q", stack)
	}
	for _, c := range []struct {
		v    int
		want string
	}{{35, "+0.35"}, {-5, "-0.05"}, {1234, "+12.34"}, {Mate - 3, "M2"}, {-Mate + 2, "-M1"}, {Infinity, "+inf"}, {-Infinity, "-inf"}} {
		if got := ScoreText(c.v); got != c.want {
			t.Errorf("ScoreText(%d) = %q, want %q", c.v, got, c.want)
		}
	}
}

// BenchmarkSearchTraced is BenchmarkSearch with a Trace attached: what
// recording costs (BenchmarkSearch, side by side, what it does not).
func BenchmarkSearchTraced(b *testing.B) {
	pos := chess.MustParseFEN("r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10")
	s := NewSearcher(16)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.Clear()
		s.SetRecorder(NewTrace(pos, 1<<20))
		s.Search(pos, nil, Limits{Depth: 6}, nil, nil)
	}
}
