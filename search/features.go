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
	ContHist    bool       // move ordering: continuation histories one and two plies back (+27.9 +/- 28.1 Elo, 400 games at 10k nodes, hand-written evaluation; -3.5 +/- 25.2 at 20k nodes with net 4a, 400 games)
	NodeTime    bool       // time: the best move's share of the nodes scales the soft budget (-4.3 +/- 23.3 Elo at 2+0.02, 400 games, net 4a: off)
	CorrHist    bool       // step 7: correction history of the static evaluation (+7.8 +/- 27.6 Elo at 10k nodes, hand-written evaluation, LOS 71%; +4.3 +/- 27.3 with the quiescence stand-pat corrected too; with net 4a at 20k nodes, 800 games, +28.3 +/- 17.9 on openings 801-1200, +5.6 +/- 18.2 on 1201-1600, +17.0 +/- 12.8 pentanomial over 1600 games: on; at 10+0.1 alone +45.4 +/- 25.8, 200 games, and with the other kept steps +61.4 +/- 22.1 against f1ff1f0's search, 400 games)
	Singular    bool       // step 10b: singular and double extensions, multi-cut (+16.1 +/- 17.1 Elo at 2+0.02, 800 games, net 4a, LOS 97%: on; -4.3 +/- 27.5 at 10k nodes, which few nodes deep enough reach)
	SingularNeg bool       // step 10b: the negative extension (singular from depth 6 with it, against depth 8: +22.2 +/- 17.6 at 2+0.02, 800 games; without it +4.3 +/- 21.9, 400 games: on)
	CutNode     bool       // step 14: a late quiet move at an expected cut node is reduced a ply more (+13.0 +/- 26.2 at 20k nodes, 400 games; +20.9 +/- 19.0 on openings 201-600, 800 games; +2.6 +/- 22.9 at 2+0.02, 400 games; at 10+0.1 the kept steps with it +51.6 +/- 20.7 against f1ff1f0's search, then +21.7 +/- 21.4 on other openings, +36.6 +/- 14.9 over 800 games; without it +21.7 +/- 19.9, 400 games: on)
	FutilityLMR bool       // step 13: futility asks the depth late move reductions would leave the move, not the node's (+19.6 +/- 18.7 at 20k nodes, net 4a, 800 games, openings 1201-1600; +21.7 +/- 44.4 in 144 games on openings 801-1200; at 10+0.1 the kept steps with it +48.1 +/- 20.8 against f1ff1f0's search, 400 games, against +36.6 +/- 14.9 without: on)
	CutCount    bool       // step 14: a late quiet move is reduced a ply more when the replies to this node's earlier moves have cut off more than 3 times (+20.0 +/- 19.1 at 20k nodes, net 4a, 800 games, openings 801-1200, in a first form that never cleared the count at ply 2; +7.4 +/- 18.5 on openings 1201-1600; +13.7 +/- 12.8 pentanomial over 1600 games; at 10+0.1 the kept steps with it and QSTTStand +29.6 +/- 22.0 against f1ff1f0's search, 400 games: on)
	QSTTStand   bool       // quiescence: a table score on the right side of the static evaluation (a lower bound above it, an upper bound below it) replaces it for standing pat (+14.3 +/- 18.1 at 20k nodes, net 4a, 800 games, openings 801-1200; +9.6 +/- 18.4 on openings 1201-1600; +11.9 +/- 12.3 over 1600 games; at 10+0.1, with CutCount, see CutCount: on)
	Threat      bool       // move ordering: a quiet piece move out of a pawn's attack earlier, one into a pawn's attack later (+16.1 +/- 17.5 at 20k nodes, net 4a, 800 games, openings 801-1200; +15.2 +/- 19.1 on openings 1201-1600; +15.6 +/- 12.9 pentanomial over 1600 games; at 10+0.1, with CapFut and the other kept steps, +25.2 +/- 20.6 against f1ff1f0's search, 400 games: on)
	Hindsight   bool       // step 7c: a ply more after a parent reduction of 3 or more when the move cost nothing by the evaluations, a ply less after one of 2 or more when it cost over 175 (+28.3 +/- 16.9 at 20k nodes, net 4a, 800 games, openings 801-1200; +0.9 +/- 18.5 on openings 1201-1600; +14.6 +/- 12.5 pentanomial over 1600 games: on; at 10+0.1 alone -3.5 +/- 25.1, 200 games)
	CapFut      bool       // step 13: futility pruning of late captures at non-PV nodes up to depth 6 (+6.5 +/- 18.6 at 20k nodes, net 4a, 800 games, openings 801-1200; +13.5 +/- 18.8 on openings 1201-1600; +10.0 +/- 12.7 pentanomial over 1600 games; at 10+0.1, see Threat: on)
	Eval        eval.Terms // the evaluation's terms
	// Net, when set, evaluates instead of the hand-written terms (which
	// still answer with a bare king on the board; see evaluate).
	Net *nnue.Net
}

// DefaultOptions returns the options of a new Searcher: the steps that
// paid in a match on, the others off.
func DefaultOptions() Options {
	return Options{NullMove: true, RFP: true, Futility: true, LMP: true, LMR: true, IIR: true,
		Aspiration: true, QSPruning: true, CheckExtend: true, ContHist: true, Singular: true, SingularNeg: true, CutNode: true, FutilityLMR: true, QSTTStand: true, CutCount: true, CapFut: true, Threat: true, CorrHist: true, Hindsight: true, Eval: eval.AllTerms, Net: nnue.Default()}
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
	{"conthist", "continuation histories (one and two plies back) in quiet-move ordering", func(o *Options) *bool { return &o.ContHist }},
	{"tmnodes", "time: scale the budget by the best move's share of the nodes", func(o *Options) *bool { return &o.NodeTime }},
	{"corrhist", "correction history of the static evaluation by pawns and material (steps 7, 17)", func(o *Options) *bool { return &o.CorrHist }},
	{"singular", "singular extensions, their double form, and multi-cut (step 10b)", func(o *Options) *bool { return &o.Singular }},
	{"singularneg", "singular extensions' negative form: a hash move that is not the only one to beat beta is searched a ply shallower (step 10b)", func(o *Options) *bool { return &o.SingularNeg }},
	{"cutnode", "late move reductions a ply deeper at expected cut nodes (step 14)", func(o *Options) *bool { return &o.CutNode }},
	{"futilitylmr", "futility pruning at the depth late move reductions would leave the move (step 13)", func(o *Options) *bool { return &o.FutilityLMR }},
	{"cutcount", "late move reductions a ply deeper when the children have cut off more than 3 times (step 14)", func(o *Options) *bool { return &o.CutCount }},
	{"qsttstand", "quiescence: a table score that bounds the static evaluation on the right side replaces it for standing pat", func(o *Options) *bool { return &o.QSTTStand }},
	{"threat", "move ordering: quiet piece moves out of a pawn's attack earlier, into one later", func(o *Options) *bool { return &o.Threat }},
	{"hindsight", "the parent's late move reduction revisited: a ply more or less by the two static evaluations (step 7c)", func(o *Options) *bool { return &o.Hindsight }},
	{"capfut", "futility pruning of late captures that cannot bring the evaluation near alpha (step 13)", func(o *Options) *bool { return &o.CapFut }},
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
