package search

import (
	"strings"
	"testing"

	"ox88/chess"
	"ox88/eval"
)

// TestParseOptions: names switch the experiment, the network and the
// evaluation terms on and off ("no" prefix); unknown names and an
// experiment value that is not a number are errors.
func TestParseOptions(t *testing.T) {
	def := DefaultOptions()
	hce := def
	hce.Net = nil
	noMobility := def
	noMobility.Eval = eval.AllTerms.With(eval.TermMobility, false)
	experiment, experiment3 := def, def
	experiment.Experiment, experiment3.Experiment = 1, 3
	for _, tc := range []struct {
		list string
		want Options
		err  string
	}{
		{"", def, ""},
		{"nonnue", hce, ""},
		{" nonnue , nnue ,", def, ""},
		{"nomobility", noMobility, ""},
		{"nomobility,mobility", def, ""},
		{"experiment", experiment, ""},
		{"experiment=3", experiment3, ""},
		{"experiment=3,noexperiment", def, ""},
		{"experiment=x", def, `the experiment's value must be an integer`},
		{"nofoo", def, `unknown search option "foo"`},
		{"nnue,bar", def, `unknown search option "bar"`},
		{"nolmr", def, `unknown search option "lmr"`}, // the steps are plain code
	} {
		t.Run(tc.list, func(t *testing.T) {
			got, err := ParseOptions(tc.list)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("ParseOptions(%q): error %v, want %q", tc.list, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("ParseOptions(%q) = %+v, %v; want %+v", tc.list, got, err, tc.want)
			}
		})
	}
	// Every name OptionHelp lists is accepted, and switching each off
	// changes the options (or, for the experiment, off by default,
	// switching it on).
	help := OptionHelp()
	lines := strings.Split(strings.TrimSpace(help), "\n")
	if len(lines) != 2+int(eval.NumTerms) { // experiment, nnue, the terms
		t.Fatalf("OptionHelp has %d lines:\n%s", len(lines), help)
	}
	for _, l := range lines {
		name := strings.Fields(l)[0]
		o, err := ParseOptions("no" + name)
		if err == nil && o == def { // off by default
			o, err = ParseOptions(name)
		}
		if err != nil || o == def {
			t.Errorf("no%s: %+v, %v", name, o, err)
		}
	}
}

// TestOptionsReachTheSearch: a searcher with the hand-written evaluation,
// or with one of its terms off, searches another tree, and one set back
// to the defaults searches the default tree.
func TestOptionsReachTheSearch(t *testing.T) {
	pos := chess.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	nodes := func(s *Searcher, o Options) uint64 {
		s.SetOptions(o)
		s.Clear()
		return s.Search(pos, nil, Limits{Depth: 7}, nil, nil).Nodes
	}
	if got := NewSearcher(1).Options(); got != DefaultOptions() {
		t.Errorf("a new searcher has options %+v", got)
	}
	count := func(list string) uint64 {
		o, err := ParseOptions(list)
		if err != nil {
			t.Fatal(err)
		}
		return nodes(NewSearcher(1), o)
	}
	def := count("")
	hce := count("nonnue")
	if hce == def {
		t.Errorf("nonnue: %d nodes, as many as the defaults", hce)
	}
	// A term of the hand-written evaluation reaches the search when the
	// network is off.
	if n := count("nonnue,nomobility"); n == hce {
		t.Errorf("nonnue,nomobility: %d nodes, as many as nonnue", n)
	}
	// Switched back, the same searcher searches the default tree again.
	s := NewSearcher(1)
	o, _ := ParseOptions("nonnue")
	nodes(s, o)
	if n := nodes(s, DefaultOptions()); n != def {
		t.Errorf("back to the defaults: %d nodes, want %d", n, def)
	}
}
