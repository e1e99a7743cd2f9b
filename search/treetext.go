package search

import (
	"strconv"
	"strings"

	"ox88/chess"
)

// The Trace written for people: ox88 trace prints these lines, and the
// browser's tree tab shows the same words. Moves are in SAN; scores and
// windows are from the side to move's point of view at each node.

// ScoreText writes a score for people: "+0.35", "M3" (mates in 3), "-M2"
// (is mated in 2), and "+inf"/"-inf" for an open window's bounds.
func ScoreText(v int) string {
	switch {
	case v >= Infinity:
		return "+inf"
	case v <= -Infinity:
		return "-inf"
	case MateIn(v) < 0:
		return "-M" + strconv.Itoa(-MateIn(v))
	case MateIn(v) > 0:
		return "M" + strconv.Itoa(MateIn(v))
	}
	sign := "+"
	if v < 0 {
		sign, v = "-", -v
	}
	return sign + strconv.Itoa(v/100) + "." + strconv.Itoa(v%100/10) + strconv.Itoa(v%10)
}

// DepthText writes a node's depth: "iteration 3" at a root, "d3" in the
// main search, "q0", "q1" ... at quiescence plies.
func (n TraceNode) DepthText() string {
	switch n.Kind {
	case NodeRoot:
		return "iteration " + strconv.Itoa(n.Depth)
	case NodeQuiesce:
		return "q" + strconv.Itoa(-n.Depth)
	}
	return "d" + strconv.Itoa(n.Depth)
}

// WindowText writes the node's window, "[-0.20, +0.35]".
func (n TraceNode) WindowText() string {
	return "[" + ScoreText(n.Alpha) + ", " + ScoreText(n.Beta) + "]"
}

// EvalText writes the static evaluation, "none" when none was taken.
func (n TraceNode) EvalText() string {
	if n.Eval == -Infinity {
		return "none"
	}
	return ScoreText(n.Eval)
}

// BoundText tells how the score relates to the window the node was
// entered with: "fail low", "fail high" or "exact".
func (n TraceNode) BoundText() string {
	switch {
	case n.Score <= n.Alpha:
		return "fail low"
	case n.Score >= n.Beta:
		return "fail high"
	}
	return "exact"
}

// moveText writes m in SAN at pos, "null" for the null move.
func moveText(pos *chess.Position, m chess.Move) string {
	if m == chess.NoMove {
		return "null"
	}
	return pos.SAN(m)
}

// MoveText returns the move that led to node i in SAN: "null" after a
// null move, "" at a root.
func (t *Trace) MoveText(i int) string {
	n := t.Node(i)
	if n.Kind == NodeRoot {
		return ""
	}
	pos := t.Position(n.Parent)
	return moveText(&pos, n.Move)
}

// Line returns node i at cursor c as one line: its move, number, depth,
// window, static evaluation and what happened (What).
func (t *Trace) Line(i, c int) string {
	pos := t.Position(i)
	var parent chess.Position
	if p := t.Node(i).Parent; p >= 0 {
		parent = t.Position(p)
	}
	return t.line(i, c, &parent, &pos, true)
}

// What describes node i at cursor c: how its parent searched it (a
// reduction, a re-search), what its steps decided (extensions, pruned
// moves, the move that cut off) and, once it has returned, its score, the
// score's bound and the reason.
func (t *Trace) What(i, c int) string {
	pos := t.Position(i)
	return t.what(i, c, &pos, true)
}

// line writes node i (at pos, its parent at parent) at cursor c.
func (t *Trace) line(i, c int, parent, pos *chess.Position, pruned bool) string {
	n := t.Node(i)
	var b strings.Builder
	if n.Kind == NodeRoot {
		b.WriteString("root")
	} else {
		b.WriteString(moveText(parent, n.Move))
		b.WriteString(" #" + strconv.FormatUint(n.Number, 10))
	}
	b.WriteString(" " + n.DepthText())
	if n.PV && n.Kind != NodeRoot {
		b.WriteString(" pv")
	}
	b.WriteString(" " + n.WindowText() + " eval " + n.EvalText())
	if w := t.what(i, c, pos, pruned); w != "" {
		b.WriteString(": " + w)
	}
	return b.String()
}

// what is What with node i's position at hand; pruned moves are listed
// only when pruned is set (TreeLines gives them lines of their own).
func (t *Trace) what(i, c int, pos *chess.Position, pruned bool) string {
	n := t.Node(i)
	var parts []string
	if p := n.Parent; p >= 0 {
		for k := t.nodes[p].first; k >= 0; k = t.notes[k].next {
			if nt := &t.notes[k]; int(nt.at) == i && nt.move == n.Move && (nt.step == StepLMR || nt.step == StepResearch || nt.step == StepPVSResearch) {
				parts = append(parts, searchedText(nt.step, int(nt.value)))
			}
		}
	}
	cut := ""
	for k := t.nodes[i].first; k >= 0 && int(t.notes[k].at) <= c+1; k = t.notes[k].next {
		nt := &t.notes[k]
		switch nt.step {
		case StepCheckExtension:
			parts = append(parts, "check extension to d"+strconv.Itoa(int(nt.value)))
		case StepIIR:
			parts = append(parts, "IIR to d"+strconv.Itoa(int(nt.value)))
		case StepSingular:
			parts = append(parts, "singular test of "+moveText(pos, nt.move)+": extension "+strconv.Itoa(int(nt.value)))
		case StepCutoff:
			cut = "cut by " + moveText(pos, nt.move) + " (move " + strconv.Itoa(int(nt.value)) + ")"
		case StepFutility, StepLMP, StepDelta, StepSEE:
			// Consecutive moves pruned by one step make one part.
			head := prunedBy[nt.step]
			switch {
			case !pruned:
			case len(parts) > 0 && strings.HasPrefix(parts[len(parts)-1], head):
				parts[len(parts)-1] += " " + moveText(pos, nt.move)
			default:
				parts = append(parts, head+" "+moveText(pos, nt.move))
			}
		case StepLMR, StepResearch, StepPVSResearch:
			if int(nt.at) == c+1 { // decided, the child not yet entered
				parts = append(parts, "next "+moveText(pos, nt.move)+" "+searchedText(nt.step, int(nt.value)))
			}
		}
	}
	if cut != "" {
		parts = append(parts, cut)
	}
	if t.Returned(i, c) {
		r := "→ " + ScoreText(n.Score) + " " + n.BoundText()
		switch {
		case n.Ended != StepSearched:
			r += ", " + n.Ended.String()
		case cut == "" && n.Best != chess.NoMove:
			r += ", best " + moveText(pos, n.Best)
		}
		parts = append(parts, r)
	}
	return strings.Join(parts, "; ")
}

// prunedBy heads the list of moves a step pruned at a node.
var prunedBy = map[Step]string{StepFutility: "futility prunes", StepLMP: "LMP prunes",
	StepDelta: "delta prunes", StepSEE: "SEE skips the losing captures from"}

// searchedText says how a parent searches a child: reduced, or again.
func searchedText(step Step, value int) string {
	switch step {
	case StepLMR:
		return "reduced " + strconv.Itoa(value) + " (LMR)"
	case StepResearch:
		return "re-searched at full depth"
	}
	return "re-searched with the full window"
}

// prunedLine writes a move a step pruned, at pos, for TreeLines.
func prunedLine(pos *chess.Position, nt *note) string {
	s := moveText(pos, nt.move) + " not searched: " + nt.step.String()
	switch nt.step {
	case StepFutility:
		s += ", eval+margin " + ScoreText(int(nt.value)) + " ≤ alpha"
	case StepLMP:
		s += ", after " + strconv.Itoa(int(nt.value)) + " quiet moves"
	case StepDelta:
		s += ", at most " + ScoreText(int(nt.value)) + " ≤ alpha"
	}
	return s
}

// TreeLines writes the tree up to cursor c: a line per node (Line),
// indented two spaces per ply, and a line for each move a step pruned
// instead of searching it; at most maxLines lines, then one that says how
// many nodes are left out.
func (t *Trace) TreeLines(c, maxLines int) []string {
	var out []string
	if left := t.walk(c, func(l string) bool { out = append(out, l); return len(out) < maxLines }); left > 0 {
		out = append(out, "... "+strconv.Itoa(left)+" more nodes (raise --max-lines)")
	}
	return out
}

// TreeLinesBefore writes the last maxLines lines of TreeLines(c, ...),
// the tree just before the cursor, after a line that says how many lines
// are left out.
func (t *Trace) TreeLinesBefore(c, maxLines int) []string {
	var out []string
	t.walk(c, func(l string) bool { out = append(out, l); return true })
	if n := len(out) - maxLines; n > 0 {
		out = append([]string{"... " + strconv.Itoa(n) + " earlier lines (raise --max-lines)"}, out[n:]...)
	}
	return out
}

// walk writes the lines of the tree up to cursor c to emit until emit
// returns false, and returns how many nodes it left out.
func (t *Trace) walk(c int, emit func(string) bool) int {
	c = min(c, len(t.nodes)-1)
	pos := make([]chess.Position, MaxPly+8) // pos[ply]: the last node entered at ply
	k := 0                                  // the next note to consider
	pruned := func(upTo int) bool {
		for ; k < len(t.notes) && int(t.notes[k].at) <= upTo; k++ {
			nt := &t.notes[k]
			switch nt.step {
			case StepFutility, StepLMP, StepDelta, StepSEE:
				ply := int(t.nodes[nt.node].ply)
				if !emit(strings.Repeat("  ", ply+1) + prunedLine(&pos[ply], nt)) {
					k++
					return false
				}
			}
		}
		return true
	}
	for i := 0; i <= c; i++ {
		if !pruned(i) {
			return c + 1 - i
		}
		ply := int(t.nodes[i].ply)
		var parent *chess.Position
		if ply == 0 {
			pos[0] = t.Root
		} else {
			parent = &pos[ply-1]
			pos[ply] = *parent
			play(&pos[ply], t.nodes[i].move)
		}
		if !emit(strings.Repeat("  ", ply) + t.line(i, c, parent, &pos[ply], false)) {
			return c - i
		}
	}
	pruned(c + 1)
	return 0
}

// StackLines writes the stack at cursor c, root first: a line per ply
// with the node's move, depth, window, evaluation, its decisions so far
// and, if it has returned, its result.
func (t *Trace) StackLines(c int) []string {
	var out []string
	pos, parent := t.Root, t.Root
	for _, i := range t.Stack(c) {
		n := t.Node(i)
		if n.Kind != NodeRoot {
			parent = pos
			play(&pos, n.Move)
		}
		state := "open"
		if t.Returned(i, c) {
			state = "returned"
		}
		out = append(out, "ply "+strconv.Itoa(n.Ply)+" ("+state+"): "+t.line(i, c, &parent, &pos, true))
	}
	return out
}
