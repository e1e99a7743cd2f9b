package search

import (
	"fmt"
	"strings"

	"ox88/eval"
	"ox88/nnue"
)

// Options switches the pruning and reduction steps of a Searcher and the
// terms of its evaluation. DefaultOptions, every step and term on, is the
// engine as it plays; the A/B command (ox88 ab) turns some off for one
// side of a match to measure what they are worth. A Searcher reads its
// options as plain fields, so switching costs the hot path nothing.
type Options struct {
	NullMove    bool       // step 9
	RFP         bool       // step 8
	Futility    bool       // step 13, futility part
	LMP         bool       // step 13, late-move pruning part
	LMR         bool       // step 14
	IIR         bool       // step 10
	Aspiration  bool       // aspirate
	QSPruning   bool       // SEE and delta pruning in Quiesce
	CheckExtend bool       // step 6 (without it -9.1 +/- 18.5 at 20k nodes, net 4a, 800 games: on)
	SEEPrune    bool       // step 12b: SEE pruning of losing moves near the horizon (+20.9 +/- 28.8 Elo at 10k nodes, LOS 92%; -7.8 +/- 24.3 at 2+0.02, 400 games, net 4a: off)
	ContHist    bool       // move ordering: continuation histories one and two plies back (+27.9 +/- 28.1 Elo, 400 games at 10k nodes, hand-written evaluation; -3.5 +/- 25.2 at 20k nodes with net 4a, 400 games)
	NodeTime    bool       // time: the best move's share of the nodes scales the soft budget (-4.3 +/- 23.3 Elo at 2+0.02, 400 games, net 4a: off)
	CorrHist    bool       // step 7: correction history of the static evaluation (+7.8 +/- 27.6 Elo at 10k nodes, LOS 71%; +4.3 +/- 27.3 with the quiescence stand-pat corrected too: off)
	Singular    bool       // step 10b: singular and double extensions, multi-cut (+16.1 +/- 17.1 Elo at 2+0.02, 800 games, net 4a, LOS 97%: on; -4.3 +/- 27.5 at 10k nodes, which few nodes deep enough reach)
	SingularNeg bool       // step 10b: the negative extension (singular from depth 6 with it, against depth 8: +22.2 +/- 17.6 at 2+0.02, 800 games; without it +4.3 +/- 21.9, 400 games: on)
	CaptHist    bool       // move ordering: capture history beside MVV-LVA, learnt at step 16 (-12.2 +/- 27.1 at 10k nodes, 400 games; -3.5 +/- 28.0 with the quiet-cutoff malus: off)
	HistPrune   bool       // step 13: history pruning of late quiet moves (+3.5 +/- 27.0 at 10k nodes, 400 games; it seldom fires: off)
	HistLMR     bool       // step 14: the combined history adjusts late move reductions by up to two plies (-13.0 +/- 26.7 at 10k nodes, 400 games, hand-written evaluation; +16.1 +/- 18.0 at 20k nodes, net 4a, 800 games: off until a clock confirms it)
	TTRefine    bool       // step 5: a transposition-table cutoff by a quiet hash move teaches killers and histories (-3.5 +/- 28.1 at 10k nodes, 400 games: off)
	AspFail     bool       // aspiration: after a fail high the root searches a ply shallower, two after two (-16.5 +/- 26.9 at 10k nodes, 400 games: off)
	Razoring    bool       // step 8b: razoring, captures, promotions and checks alone decide a node far below alpha (+31.4 +/- 27.7 at 10k nodes, 400 games, LOS 98.7%; -13.9 +/- 23.5 at 2+0.02, 400 games, net 4a: off)
	ProbCut     bool       // step 9b: ProbCut, a good capture beating beta by a margin in a shallower search (+2.6 +/- 27.0 at 10k nodes, 400 games: off)
	QSChecks    bool       // quiescence: quiet checks at its first ply (+31.4 +/- 27.6 Elo at 10k nodes, but -15.9 +/- 30.8 at 2+0.02, 240 games: off)
	TTEval      bool       // step 7b: a table score that bounds the static evaluation on the right side replaces it in steps 8b to 9 (+4.8 +/- 18.6 at 20k nodes, 800 games: off; with step 8 too, +19.1 +/- 23.5, but mates missed at their depths)
	NullDyn     bool       // step 9: the null move's reduction grows with depth/3 and with how far the evaluation is above beta (-11.3 +/- 27.7 at 10k nodes, 400 games; -2.2 +/- 18.3 at 20k nodes, net 4a, 800 games: off)
	ImpPrune    bool       // steps 8 and 13: reverse futility's margin a ply smaller when improving, late-move pruning's count halved when not (-35.7 +/- 28.3 at 10k nodes, 400 games: off)
	CutNode     bool       // step 14: a late quiet move at an expected cut node is reduced a ply more (+13.0 +/- 26.2 at 20k nodes, 400 games; +20.9 +/- 19.0 on openings 201-600, 800 games; +2.6 +/- 22.9 at 2+0.02, 400 games: off)
	QSHashMove  bool       // quiescence: the table's move is searched first when it is among the node's moves (-7.8 +/- 24.9 at 20k nodes, 400 games: off)
	LMRCapture  bool       // step 14: a losing capture (by SEE) late in the list is reduced a ply (+5.2 +/- 26.1 at 20k nodes, 400 games: off)
	TimeMore    bool       // time: the soft budget times 1.4 while deepening, the hard limit unchanged (-21.7 +/- 23.2 at 2+0.02, 400 games: off)
	LMRCheck    bool       // step 14: a late quiet move that gives check is reduced too, a ply less than the others (-3.9 +/- 18.8 at 20k nodes, 800 games: off)
	TTCapture   bool       // step 14: a late quiet move is reduced a ply more when the hash move is a capture (-0.9 +/- 18.2 at 20k nodes, 800 games: off)
	TimeStable  bool       // time: the soft budget shrinks to half while the best move stays the same (-37.0 +/- 30.5 at 2+0.02, stopped at 226 games: off)
	HistBonus   bool       // step 16: a history bonus of 32*depth² (at most historyMax/2) instead of depth² (+35.7 +/- 24.5 at 20k nodes, then +0.9 +/- 26.0 and -0.9 +/- 18.2 on other openings, 1600 games in all: off)
	Eval        eval.Terms // the evaluation's terms
	// Net, when set, evaluates instead of the hand-written terms (which
	// still answer with a bare king on the board; see evaluate).
	Net *nnue.Net
}

// DefaultOptions returns the options of a new Searcher: the steps that
// paid in a match on, the others off.
func DefaultOptions() Options {
	return Options{NullMove: true, RFP: true, Futility: true, LMP: true, LMR: true, IIR: true,
		Aspiration: true, QSPruning: true, CheckExtend: true, ContHist: true, Singular: true, SingularNeg: true, Eval: eval.AllTerms, Net: nnue.Default()}
}

// SetOptions sets the options of the searches to come, for every thread.
// It must not be called while a search runs.
func (s *Searcher) SetOptions(o Options) {
	s.opt = o
	for _, h := range s.helpers {
		h.opt = o
	}
}

// Options returns the searcher's options.
func (s *Searcher) Options() Options { return s.opt }

// stepSwitches names the search steps for Options.Set, in the order of
// Options' fields.
var stepSwitches = []struct {
	name, doc string
	field     func(*Options) *bool
}{
	{"null", "null-move pruning (step 9)", func(o *Options) *bool { return &o.NullMove }},
	{"rfp", "reverse futility pruning (step 8)", func(o *Options) *bool { return &o.RFP }},
	{"futility", "futility pruning of quiet moves (step 13)", func(o *Options) *bool { return &o.Futility }},
	{"lmp", "late-move pruning (step 13)", func(o *Options) *bool { return &o.LMP }},
	{"lmr", "late move reductions (step 14)", func(o *Options) *bool { return &o.LMR }},
	{"iir", "internal iterative reduction (step 10)", func(o *Options) *bool { return &o.IIR }},
	{"aspiration", "aspiration windows at the root", func(o *Options) *bool { return &o.Aspiration }},
	{"qspruning", "SEE and delta pruning in the quiescence search", func(o *Options) *bool { return &o.QSPruning }},
	{"checkext", "check extension (step 6)", func(o *Options) *bool { return &o.CheckExtend }},
	{"seeprune", "SEE pruning of losing quiet moves and captures near the horizon (step 12b)", func(o *Options) *bool { return &o.SEEPrune }},
	{"conthist", "continuation histories (one and two plies back) in quiet-move ordering", func(o *Options) *bool { return &o.ContHist }},
	{"tmnodes", "time: scale the budget by the best move's share of the nodes", func(o *Options) *bool { return &o.NodeTime }},
	{"corrhist", "correction history of the static evaluation by pawns and material (steps 7, 17)", func(o *Options) *bool { return &o.CorrHist }},
	{"singular", "singular extensions, their double form, and multi-cut (step 10b)", func(o *Options) *bool { return &o.Singular }},
	{"singularneg", "singular extensions' negative form: a hash move that is not the only one to beat beta is searched a ply shallower (step 10b)", func(o *Options) *bool { return &o.SingularNeg }},
	{"capthist", "capture history beside MVV-LVA in capture ordering (step 16 teaches it)", func(o *Options) *bool { return &o.CaptHist }},
	{"histprune", "history pruning of late quiet moves at shallow depth (step 13)", func(o *Options) *bool { return &o.HistPrune }},
	{"histlmr", "history-based reductions: the combined history adjusts LMR by up to two plies (step 14)", func(o *Options) *bool { return &o.HistLMR }},
	{"ttrefine", "a table cutoff by a quiet hash move teaches killers and histories (step 5)", func(o *Options) *bool { return &o.TTRefine }},
	{"aspfail", "aspiration: after a fail high search the root a ply shallower (at most aspFailMax)", func(o *Options) *bool { return &o.AspFail }},
	{"razoring", "razoring: a node far below alpha near the horizon searches only captures, promotions and checks (step 8b)", func(o *Options) *bool { return &o.Razoring }},
	{"probcut", "ProbCut: a good capture that beats beta by a margin, searched shallower, cuts (step 9b)", func(o *Options) *bool { return &o.ProbCut }},
	{"qschecks", "quiet checks at the first ply of the quiescence search", func(o *Options) *bool { return &o.QSChecks }},
	{"tteval", "a table score bounding the static evaluation on the right side replaces it for steps 8b to 9 (step 7b)", func(o *Options) *bool { return &o.TTEval }},
	{"nulldyn", "null move: a reduction of 3 + depth/3 + (evaluation - beta)/200, at most 3 of that last (step 9)", func(o *Options) *bool { return &o.NullDyn }},
	{"impprune", "improving: reverse futility's margin a ply smaller when improving, late-move pruning's count halved when not (steps 8, 13)", func(o *Options) *bool { return &o.ImpPrune }},
	{"cutnode", "late move reductions a ply deeper at expected cut nodes (step 14)", func(o *Options) *bool { return &o.CutNode }},
	{"qshash", "quiescence: the table's move first when it is a capture (or, in check, any move)", func(o *Options) *bool { return &o.QSHashMove }},
	{"lmrcapture", "late move reductions: a losing capture late in the list is reduced a ply (step 14)", func(o *Options) *bool { return &o.LMRCapture }},
	{"tmmore", "time: iterative deepening aims at 1.4 times the soft budget (the hard limit unchanged)", func(o *Options) *bool { return &o.TimeMore }},
	{"lmrcheck", "late move reductions for quiet checks too, a ply less than for other moves (step 14)", func(o *Options) *bool { return &o.LMRCheck }},
	{"ttcapture", "late move reductions a ply deeper when the hash move is a capture or promotion (step 14)", func(o *Options) *bool { return &o.TTCapture }},
	{"tmstable", "time: the soft budget shrinks by a tenth per iteration with the same best move, down to half (not below the budget without it)", func(o *Options) *bool { return &o.TimeStable }},
	{"histbonus", "history: a bonus of 32*depth² at a cutoff instead of depth² (step 16)", func(o *Options) *bool { return &o.HistBonus }},
}

// Set switches the step or evaluation term called name on, or off when
// name has the prefix "no" ("nolmr", "nomobility"). The names are those
// OptionHelp lists: the steps, then the eval.Term names.
func (o *Options) Set(name string) error {
	on := true
	if n, ok := strings.CutPrefix(name, "no"); ok {
		name, on = n, false
	}
	for _, sw := range stepSwitches {
		if sw.name == name {
			*sw.field(o) = on
			return nil
		}
	}
	if name == "nnue" {
		o.Net = nil
		if on {
			o.Net = nnue.Default()
		}
		return nil
	}
	if t, ok := eval.ParseTerm(name); ok {
		o.Eval = o.Eval.With(t, on)
		return nil
	}
	return fmt.Errorf("unknown search option %q (ox88 ab --list names them)", name)
}

// ParseOptions returns DefaultOptions changed by a comma-separated list of
// names for Options.Set ("nolmr,nonull"); an empty list changes nothing.
func ParseOptions(list string) (Options, error) {
	o := DefaultOptions()
	for _, name := range strings.Split(list, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		if err := o.Set(name); err != nil {
			return o, err
		}
	}
	return o, nil
}

// OptionHelp lists every name Options.Set accepts (without "no"), one a
// line, with what it switches.
func OptionHelp() string {
	var b strings.Builder
	for _, sw := range stepSwitches {
		fmt.Fprintf(&b, "  %-11s %s\n", sw.name, sw.doc)
	}
	fmt.Fprintf(&b, "  %-11s evaluation: the embedded network instead of the hand-written terms\n", "nnue")
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		fmt.Fprintf(&b, "  %-11s evaluation: %s\n", t, t.Doc())
	}
	return b.String()
}
