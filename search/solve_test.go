package search

import (
	"strings"
	"testing"

	"ox88/chess"
)

func TestSolveSuite(t *testing.T) {
	suite, err := chess.ReadEPD(strings.NewReader("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"mate\";\n" +
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Kf1; id \"impossible\";\n" +
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - am Rd8#; id \"avoid\";\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	solved, err := SolveSuite(suite, Limits{Nodes: 2000}, 1, func(r SolveResult) {
		got = append(got, r.Test.ID+" "+r.Test.Pos.SAN(r.Result.Move)+" "+map[bool]string{true: "solved", false: "failed"}[r.Solved])
	})
	if want := "mate Rd8# solved,impossible Rd8# failed,avoid Rd8# failed"; err != nil || solved != 1 || strings.Join(got, ",") != want {
		t.Errorf("solved %d, %v: %q, want %q", solved, err, got, want)
	}
	suite[0].Best = nil
	if _, err := SolveSuite(suite, Limits{Nodes: 2000}, 1, nil); err == nil || err.Error() != "line 1: no bm or am operation" {
		t.Errorf("a position without bm or am: %v", err)
	}
}
