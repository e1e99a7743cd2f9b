package search

import "ox88/chess"

// A Recorder hears the engine's own search node by node: rootSearch,
// negamax and Quiesce tell it when they enter a node, what each numbered
// step decided there, and what the node returned. Trace (tree.go) is the
// Recorder that keeps the tree for the search tree debugger.
//
// Calls nest: Enter, then the node's Decide calls interleaved with the
// Enter ... Leave of its children, then its Leave. When the search stops
// (a node budget, the clock, Stop) the nodes still open never hear Leave,
// and nothing more is entered. Only the main thread records; a recorded
// search is meant to run on one thread, where the nodes entered (roots
// aside) are exactly the nodes counted in Result.Nodes.
//
// With no recorder attached the search pays one nil test of a field at
// each hook, nothing else (BenchmarkSearch shows no difference).
type Recorder interface {
	// Enter: the search enters a node.
	Enter(n NodeEntry)
	// Decide: a step at the current node decided something about move m
	// (NoMove: about the node itself); what value means is listed with
	// each Step.
	Decide(step Step, m chess.Move, value int)
	// Leave: the current node returns score, because of step why, with
	// best as its best move (NoMove when it has none).
	Leave(why Step, score int, best chess.Move)
}

// NodeKind tells which function a recorded node is.
type NodeKind uint8

// The kinds of node.
const (
	NodeRoot    NodeKind = iota // rootSearch: one per iteration and aspiration window; not counted
	NodeMain                    // negamax
	NodeQuiesce                 // Quiesce
)

// NodeEntry is a node as the search enters it. The window and the scores
// are from the point of view of the side to move at the node.
type NodeEntry struct {
	Kind NodeKind
	Ply  int
	// Depth is the depth left: the iteration's depth at a root, -qply in
	// quiescence (0 at its first ply).
	Depth       int
	Alpha, Beta int
	Move        chess.Move // the move that led here: NoMove at a root and after a null move
	PV          bool       // searched as a PV node (full window)
}

// Step names what the search did at a node: a numbered step of negamax
// (search/doc.go), one of quiescence, or how a node ended.
type Step uint8

// The steps. A Decide's value and a Leave's reason are listed with each.
const (
	StepNone           Step = iota
	StepSearched            // Leave: the move loop ran to its end or to a cutoff
	StepDraw                // Leave (step 3): fifty moves, repetition, bare kings
	StepMaxPly              // Leave: too deep, the static evaluation
	StepMateDistance        // Leave (step 4): the window closed by mate distance pruning
	StepTTCutoff            // Leave (step 5): the table's result answers the node
	StepTBCutoff            // Leave (step 5b): the endgame tables' result answers it
	StepCheckExtension      // Decide (step 6): in check, value the depth now
	StepStaticEval          // Decide (step 7): value the static evaluation (-Infinity in check)
	StepRFP                 // Leave (step 8): reverse futility pruning
	StepNullMove            // Leave (step 9): the null move failed high
	StepIIR                 // Decide (step 10): no hash move, value the depth now
	StepSingular            // Decide (step 10b): the hash move m is extended by value plies (2, 1, 0 or -1)
	StepMultiCut            // Leave (step 10b): a move besides the hash move beats beta too
	StepMated               // Leave (step 11): no legal move in check
	StepStalemate           // Leave (step 11): no legal move
	StepFutility            // Decide (step 13): m pruned, value eval+margin (below alpha)
	StepLMP                 // Decide (step 13): m pruned, value the quiet moves tried
	StepLMR                 // Decide (step 14): m reduced by value plies (0: not after all)
	StepResearch            // Decide (step 14): reduced m beat alpha, searched again at value depth
	StepPVSResearch         // Decide (step 15): m beat alpha in a null window, searched again in the full one
	StepCutoff              // Decide (step 16): m failed high, the value-th move searched
	StepStandPat            // Leave (quiescence): the static evaluation reaches beta
	StepSEE                 // Decide (quiescence): m and the captures after it lose material, not searched
	StepDelta               // Decide (quiescence): m cannot reach alpha, value eval+gain+margin
	numSteps
)

// stepNames are each step's short name (ParseBreak's cutoff=NAME) and its
// description for people.
var stepNames = [numSteps]struct{ name, text string }{
	StepNone:           {"", ""},
	StepSearched:       {"searched", "searched"},
	StepDraw:           {"draw", "draw (step 3)"},
	StepMaxPly:         {"maxply", "too deep: static evaluation"},
	StepMateDistance:   {"mdp", "mate distance pruning (step 4)"},
	StepTTCutoff:       {"tt", "TT cutoff (step 5)"},
	StepTBCutoff:       {"tb", "tablebase cutoff (step 5b)"},
	StepCheckExtension: {"check", "check extension (step 6)"},
	StepStaticEval:     {"eval", "static evaluation (step 7)"},
	StepRFP:            {"rfp", "reverse futility pruning (step 8)"},
	StepNullMove:       {"null", "null-move cutoff (step 9)"},
	StepIIR:            {"iir", "internal iterative reduction (step 10)"},
	StepSingular:       {"singular", "singular extension test (step 10b)"},
	StepMultiCut:       {"multicut", "multi-cut (step 10b)"},
	StepMated:          {"mated", "checkmated (step 11)"},
	StepStalemate:      {"stalemate", "stalemate (step 11)"},
	StepFutility:       {"futility", "futility pruning (step 13)"},
	StepLMP:            {"lmp", "late-move pruning (step 13)"},
	StepLMR:            {"lmr", "late move reduction (step 14)"},
	StepResearch:       {"research", "re-searched at full depth (step 14)"},
	StepPVSResearch:    {"pvs", "re-searched with the full window (step 15)"},
	StepCutoff:         {"beta", "beta cutoff (step 16)"},
	StepStandPat:       {"standpat", "stand pat (quiescence)"},
	StepSEE:            {"see", "losing captures skipped by SEE (quiescence)"},
	StepDelta:          {"delta", "delta pruning (quiescence)"},
}

// Name returns the step's short name, as ParseBreak reads it.
func (st Step) Name() string {
	if st >= numSteps {
		return ""
	}
	return stepNames[st].name
}

// String describes the step for people, with its number in search/doc.go.
func (st Step) String() string {
	if st >= numSteps {
		return "step?"
	}
	return stepNames[st].text
}

// SetRecorder attaches r to the searches to come (nil: none). Only the
// main thread records. No search may be running.
func (s *Searcher) SetRecorder(r Recorder) { s.rec = r }

// enter tells the recorder (s.rec must be set) that the search enters a
// node at ply; the move that led here is on the stack one ply up.
func (s *Searcher) enter(kind NodeKind, ply, depth, alpha, beta int, pv bool) {
	m := chess.NoMove
	if ply > 0 {
		m = s.stack[ply-1].move
	}
	s.rec.Enter(NodeEntry{Kind: kind, Ply: ply, Depth: depth, Alpha: alpha, Beta: beta, Move: m, PV: pv})
}

// note tells the recorder, if one is attached, what step decided at the
// current node.
func (s *Searcher) note(step Step, m chess.Move, value int) {
	if s.rec != nil {
		s.rec.Decide(step, m, value)
	}
}

// leave tells the recorder, if one is attached, that the current node
// returns score because of step why, and returns score.
func (s *Searcher) leave(why Step, score int, best chess.Move) int {
	if s.rec != nil {
		s.rec.Leave(why, score, best)
	}
	return score
}
