package search

import (
	"testing"

	"ox88/chess"
)

// TestAspirationDepthAfter: a ply less per fail high in a row, at most
// aspFailMax, never below 1.
func TestAspirationDepthAfter(t *testing.T) {
	for _, c := range []struct{ depth, failed, want int }{
		{10, 0, 10}, {10, 1, 9}, {10, 2, 8}, {10, 3, 8}, {10, 9, 8}, {2, 2, 1}, {1, 1, 1},
	} {
		if got := aspirationDepthAfter(c.depth, c.failed); got != c.want {
			t.Errorf("aspirationDepthAfter(%d, %d) = %d, want %d", c.depth, c.failed, got, c.want)
		}
	}
}

// TestRewardHashMove: a quiet hash move becomes the first killer and gains
// depth² of history (and of continuation history with Options.ContHist);
// a capture changes nothing.
func TestRewardHashMove(t *testing.T) {
	s, m, hist, cont := historyFixture(t)
	killer := uci(t, &s.pos, "a7a6")
	s.stack[1].killers[0] = killer
	s.rewardHashMove(1, 5, m)
	st := &s.stack[1]
	if st.killers[0] != m || st.killers[1] != killer {
		t.Errorf("killers %s %s, want %s %s", st.killers[0], st.killers[1], m, killer)
	}
	if *hist != 25 || *cont != 25 {
		t.Errorf("history %d, continuation history %d, want 25 and 25", *hist, *cont)
	}
	s.pos = *chess.MustParseFEN("r1bq1rk1/pp2bppp/2n5/3p4/3Pn3/2NB1N2/PP3PP1/R1BQ1RK1 w - - 0 11")
	capture := uci(t, &s.pos, "d3e4")
	s.rewardHashMove(1, 5, capture)
	if st.killers[0] != m {
		t.Errorf("a capture became the killer: %s", st.killers[0])
	}
}
