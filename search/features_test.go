package search

import (
	"strings"
	"testing"

	"ox88/chess"
	"ox88/eval"
)

// TestParseOptions: names switch steps and evaluation terms off ("no"
// prefix) and on again; unknown names are errors.
func TestParseOptions(t *testing.T) {
	def := DefaultOptions()
	noLMRNull := def
	noLMRNull.LMR, noLMRNull.NullMove = false, false
	noMobility := def
	noMobility.Eval = eval.AllTerms.With(eval.TermMobility, false)
	for _, tc := range []struct {
		list string
		want Options
		err  string
	}{
		{"", def, ""},
		{"nolmr,nonull", noLMRNull, ""},
		{" nolmr , nonull ,", noLMRNull, ""},
		{"nomobility", noMobility, ""},
		{"nomobility,mobility,nolmr,lmr", def, ""},
		{"nofoo", def, `unknown search option "foo"`},
		{"lmr,bar", def, `unknown search option "bar"`},
	} {
		got, err := ParseOptions(tc.list)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseOptions(%q): error %v, want %q", tc.list, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseOptions(%q) = %+v, %v; want %+v", tc.list, got, err, tc.want)
		}
	}
	// Every name OptionHelp lists is accepted, and switching each off
	// changes the options (or, for those off by default, switching it on).
	help := OptionHelp()
	lines := strings.Split(strings.TrimSpace(help), "\n")
	if len(lines) != len(stepSwitches)+1+int(eval.NumTerms) { // the steps, nnue, the terms
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

// TestOptionsReachTheSearch: a searcher with a step off searches another
// tree, and one set back to the defaults searches the default tree.
func TestOptionsReachTheSearch(t *testing.T) {
	pos := chess.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	nodes := func(o Options) uint64 {
		s := NewSearcher(1)
		s.SetOptions(o)
		return s.Search(pos, nil, Limits{Depth: 7}, nil, nil).Nodes
	}
	def := nodes(DefaultOptions())
	if got := NewSearcher(1).Options(); got != DefaultOptions() {
		t.Errorf("a new searcher has options %+v", got)
	}
	for _, list := range []string{"nolmr", "nonull", "nomobility"} {
		o, err := ParseOptions(list)
		if err != nil {
			t.Fatal(err)
		}
		if n := nodes(o); n == def {
			t.Errorf("%s: %d nodes, as many as the defaults", list, n)
		}
	}
}
