package search

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"ox88/chess"
)

// Trace is the Recorder of the search tree debugger (the browser's tree
// tab, ox88 trace): it keeps the first budget nodes of a search, in the
// order the search entered them, each with its window, static evaluation,
// the decisions of the numbered steps and its result.
//
// The trace is read at a cursor: cursor c is the instant just before node
// c+1 was entered (for the last node, the end of the search), so node c
// has done all it did before the search moved on. Stepping node by node
// is moving the cursor by one; Find moves it to the next node or event a
// Break names; Stack gives the path from the root to the cursor's node.
type Trace struct {
	Root  chess.Position // the position searched
	Count uint64         // nodes the search counted, recorded or not (roots are not counted)

	nodes   []record
	notes   []note
	counted []int32 // counted[n-1] is the index of the search's node n
	open    []int32 // the nodes entered and not yet left
	budget  int
	full    bool // a node beyond the budget was entered: nothing more is recorded
}

// TraceNode is one recorded node.
type TraceNode struct {
	NodeEntry
	// Number is the search's node count at this node: its number, which
	// Result.Nodes counts; at a root, the nodes counted before it.
	Number uint64
	Parent int // index of the parent node, -1 at a root
	// Eval is the static evaluation, -Infinity when none was taken (in
	// check, or the node ended before step 7).
	Eval  int
	Score int
	Best  chess.Move
	// Ended is why the node returned: StepNone when it had not returned
	// by the end of the trace (the search stopped, or the budget ran out).
	Ended Step
}

// TraceNote is one decision of a step at a node.
type TraceNote struct {
	Step  Step
	Move  chess.Move
	Value int
	Node  int // the index of the node that decided
}

// record is a TraceNode as a Trace keeps it, in 52 bytes rather than 96:
// a trace holds up to hundreds of thousands of them.
type record struct {
	move, best               chess.Move
	alpha, beta, eval, score int32
	number                   uint32
	parent                   int32
	left                     int32 // nodes recorded when it returned
	first, last              int32 // its first and last note, -1 when none
	ply, depth               int16
	kind                     NodeKind
	ended                    Step
	pv                       bool
}

// note is a TraceNote as a Trace keeps it.
type note struct {
	move  chess.Move
	value int32
	node  int32
	at    int32 // nodes recorded when it was made: it precedes node at
	next  int32 // the node's next note, -1
	step  Step
}

// maxTraceBudget keeps node numbers and indexes within 32 bits.
const maxTraceBudget = 1 << 30

// NewTrace returns a Trace for a search of root that keeps its first
// budget nodes (1 to 2^30); the search counts on beyond them.
func NewTrace(root *chess.Position, budget int) *Trace {
	budget = min(max(budget, 1), maxTraceBudget)
	return &Trace{Root: *root, budget: budget, nodes: make([]record, 0, min(budget, 1<<12))}
}

// Enter records the node the search enters, while the budget lasts.
func (t *Trace) Enter(n NodeEntry) {
	if n.Kind != NodeRoot {
		t.Count++
	}
	if t.full || len(t.nodes) >= t.budget {
		t.full = true
		return
	}
	parent := int32(-1)
	if n.Kind == NodeRoot {
		t.open = t.open[:0]
	} else if len(t.open) > 0 {
		parent = t.open[len(t.open)-1]
	}
	i := int32(len(t.nodes))
	t.nodes = append(t.nodes, record{move: n.Move, alpha: int32(n.Alpha), beta: int32(n.Beta), eval: -Infinity,
		number: uint32(t.Count), parent: parent, first: -1, last: -1, ply: int16(n.Ply), depth: int16(n.Depth), kind: n.Kind, pv: n.PV})
	if n.Kind != NodeRoot {
		t.counted = append(t.counted, i)
	}
	t.open = append(t.open, i)
}

// Decide records a decision at the current node. A late move reduction
// of zero plies (considered, not applied) is not kept.
func (t *Trace) Decide(step Step, m chess.Move, value int) {
	if t.full || len(t.open) == 0 {
		return
	}
	i := t.open[len(t.open)-1]
	r := &t.nodes[i]
	switch {
	case step == StepStaticEval:
		r.eval = int32(value)
		return
	case step == StepLMR && value == 0:
		return
	}
	k := int32(len(t.notes))
	t.notes = append(t.notes, note{step: step, move: m, value: int32(value), node: i, at: int32(len(t.nodes)), next: -1})
	if r.last >= 0 {
		t.notes[r.last].next = k
	} else {
		r.first = k
	}
	r.last = k
}

// Leave records the result of the current node.
func (t *Trace) Leave(why Step, score int, best chess.Move) {
	if t.full || len(t.open) == 0 {
		return
	}
	i := t.open[len(t.open)-1]
	t.open = t.open[:len(t.open)-1]
	r := &t.nodes[i]
	r.ended, r.score, r.best, r.left = why, int32(score), best, int32(len(t.nodes))
}

// Len returns the number of nodes recorded, roots included.
func (t *Trace) Len() int { return len(t.nodes) }

// Node returns the recorded node i.
func (t *Trace) Node(i int) TraceNode {
	r := &t.nodes[i]
	return TraceNode{
		NodeEntry: NodeEntry{Kind: r.kind, Ply: int(r.ply), Depth: int(r.depth), Alpha: int(r.alpha), Beta: int(r.beta), Move: r.move, PV: r.pv},
		Number:    uint64(r.number), Parent: int(r.parent), Eval: int(r.eval), Score: int(r.score), Best: r.best, Ended: r.ended,
	}
}

// Truncated reports whether the search counted nodes beyond the budget.
func (t *Trace) Truncated() bool { return t.full }

// Index returns the index of the search's node number n (1 is the first
// node counted), and false when it was not recorded.
func (t *Trace) Index(n uint64) (int, bool) {
	if n < 1 || n > uint64(len(t.counted)) {
		return 0, false
	}
	return int(t.counted[n-1]), true
}

// Returned reports whether node i had returned at cursor c.
func (t *Trace) Returned(i, c int) bool {
	r := &t.nodes[i]
	return r.ended != StepNone && int(r.left) <= c+1
}

// Notes returns the decisions node i had made at cursor c.
func (t *Trace) Notes(i, c int) []TraceNote {
	var out []TraceNote
	for k := t.nodes[i].first; k >= 0 && int(t.notes[k].at) <= c+1; k = t.notes[k].next {
		nt := &t.notes[k]
		out = append(out, TraceNote{Step: nt.step, Move: nt.move, Value: int(nt.value), Node: int(nt.node)})
	}
	return out
}

// Stack returns the path from the root to node c, root first.
func (t *Trace) Stack(c int) []int {
	var path []int
	for i := c; i >= 0; i = int(t.nodes[i].parent) {
		path = append(path, i)
	}
	slices.Reverse(path)
	return path
}

// Children returns the children of node i entered by cursor c, in order.
// A move searched again (a reduction or a null window that failed) is a
// child each time.
func (t *Trace) Children(i, c int) []int {
	var out []int
	for j := i + 1; j <= c && j < len(t.nodes) && t.nodes[j].ply > t.nodes[i].ply; j++ {
		if int(t.nodes[j].parent) == i {
			out = append(out, j)
		}
	}
	return out
}

// Position returns the position at node i.
func (t *Trace) Position(i int) chess.Position {
	pos := t.Root
	for _, j := range t.Stack(i)[1:] {
		play(&pos, t.nodes[j].move)
	}
	return pos
}

// play makes m on pos, NoMove as a null move.
func play(pos *chess.Position, m chess.Move) {
	if m == chess.NoMove {
		pos.MakeNullMove()
	} else {
		pos.MakeMove(m)
	}
}

// Break names where Find stops: a node by its number, the move that led
// to it, its depth or ply, or an event (a step's decision or a node's
// end). ParseBreak reads one.
type Break struct {
	kind string // "node", "move", "depth", "ply" or "cutoff"
	move string // UCI, or "null"
	n    int
	step Step
}

// ParseBreak reads a break: node=N, move=e2e4 (or move=null), depth=D,
// ply=P, or cutoff=NAME with NAME a Step's Name (tt, tb, null, rfp,
// futility, lmp, lmr, check, iir, beta, standpat, delta, see, ...).
func ParseBreak(spec string) (Break, error) {
	kind, val, ok := strings.Cut(strings.TrimSpace(spec), "=")
	b := Break{kind: kind}
	switch {
	case !ok:
		return b, fmt.Errorf("break %q: want node=N, move=UCI, depth=D, ply=P or cutoff=NAME", spec)
	case kind == "move":
		if val != "null" && !isUCIMove(val) {
			return b, fmt.Errorf("break %q: %q is not a move in UCI notation (e2e4, e7e8q) or null", spec, val)
		}
		b.move = val
		return b, nil
	case kind == "cutoff":
		for st := StepSearched; st < numSteps; st++ {
			if st.Name() == val {
				b.step = st
				return b, nil
			}
		}
		names := make([]string, 0, numSteps)
		for st := StepSearched; st < numSteps; st++ {
			names = append(names, st.Name())
		}
		return b, fmt.Errorf("break %q: no step %q; the steps: %s", spec, val, strings.Join(names, ", "))
	case kind == "node" || kind == "depth" || kind == "ply":
		n, err := strconv.Atoi(val)
		if err != nil || kind == "node" && n < 1 || kind == "ply" && (n < 1 || n > MaxPly) || kind == "depth" && (n < -MaxPly || n > MaxPly) {
			return b, fmt.Errorf("break %q: %q is not a valid %s", spec, val, kind)
		}
		b.n = n
		return b, nil
	}
	return b, fmt.Errorf("break %q: no break on %q: want node, move, depth, ply or cutoff", spec, kind)
}

// isUCIMove reports whether s has the shape of a move in UCI notation.
func isUCIMove(s string) bool {
	sq := func(f, r byte) bool { return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' }
	return (len(s) == 4 || len(s) == 5 && strings.IndexByte("nbrq", s[4]) >= 0) && sq(s[0], s[1]) && sq(s[2], s[3])
}

// String returns the break as ParseBreak reads it.
func (b Break) String() string {
	switch b.kind {
	case "move":
		return "move=" + b.move
	case "cutoff":
		return "cutoff=" + b.step.Name()
	}
	return b.kind + "=" + strconv.Itoa(b.n)
}

// Find returns the first cursor after from at which b holds: the node it
// names was entered, or the event it names has happened (a decision just
// made, a node just returned). A reduction or a re-search is seen at the
// child it concerns, entered next. It returns false when none is recorded.
func (t *Trace) Find(from int, b Break) (int, bool) {
	if b.kind == "cutoff" {
		best := -1
		for k := range t.notes {
			nt := &t.notes[k]
			c := int(nt.at) - 1
			if (nt.step == StepLMR || nt.step == StepResearch || nt.step == StepPVSResearch) && int(nt.at) < len(t.nodes) {
				c++
			}
			if nt.step == b.step && c > from {
				best = c
				break
			}
		}
		for i := range t.nodes {
			r := &t.nodes[i]
			if c := int(r.left) - 1; r.ended == b.step && c > from && (best < 0 || c < best) {
				best = c
			}
		}
		return best, best >= 0
	}
	for i := max(from+1, 0); i < len(t.nodes); i++ {
		r := &t.nodes[i]
		if r.kind == NodeRoot {
			continue
		}
		switch {
		case b.kind == "node" && uint64(r.number) == uint64(b.n),
			b.kind == "depth" && int(r.depth) == b.n,
			b.kind == "ply" && int(r.ply) == b.n,
			b.kind == "move" && (r.move.String() == b.move || b.move == "null" && r.move == chess.NoMove):
			return i, true
		}
	}
	return -1, false
}
