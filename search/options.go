package search

import (
	"fmt"
	"strconv"
	"strings"

	"ox88/eval"
	"ox88/nnue"
)

// Options are what may differ between two searchers of one process: the
// evaluation, and the experiment a new idea is tried behind. Every step of
// the search is plain code; DefaultOptions is the engine as it plays.
type Options struct {
	// Eval are the terms of the hand-written evaluation.
	Eval eval.Terms
	// Net, when set, evaluates instead of the hand-written terms (which
	// still answer with a bare king on the board; see evaluate).
	Net *nnue.Net
	// Experiment switches the idea under test on: 0 is the engine as it
	// plays. A new idea enters the search in one place, guarded by
	// `if s.opt.Experiment != 0`, and ox88 ab measures it with
	// `--b experiment` against the defaults (a value other than 1, given
	// as experiment=N, may choose among variants or be a margin). Kept,
	// the idea becomes plain code and its guard goes; rejected, it is
	// deleted. With no experiment in the code nothing reads the field and
	// it costs the search nothing.
	Experiment int
}

// DefaultOptions returns the options of a new Searcher: every term of the
// hand-written evaluation, the embedded network evaluating, no experiment.
func DefaultOptions() Options {
	return Options{Eval: eval.AllTerms, Net: nnue.Default()}
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

// Set switches the option called name on, or off when name has the prefix
// "no" ("nonnue", "nomobility"). The names are those OptionHelp lists:
// experiment (experiment=N sets a value), nnue, then the eval.Term names.
func (o *Options) Set(name string) error {
	if v, ok := strings.CutPrefix(name, "experiment="); ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("search option %q: the experiment's value must be an integer", name)
		}
		o.Experiment = n
		return nil
	}
	on := true
	if n, ok := strings.CutPrefix(name, "no"); ok {
		name, on = n, false
	}
	switch name {
	case "experiment":
		o.Experiment = 0
		if on {
			o.Experiment = 1
		}
		return nil
	case "nnue":
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
// names for Options.Set ("nonnue,nomobility"); an empty list changes
// nothing.
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
	fmt.Fprintf(&b, "  %-11s search: the idea under test (Options.Experiment; experiment=N gives it a value)\n", "experiment")
	fmt.Fprintf(&b, "  %-11s evaluation: the embedded network instead of the hand-written terms\n", "nnue")
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		fmt.Fprintf(&b, "  %-11s evaluation: %s\n", t, t.Doc())
	}
	return b.String()
}
