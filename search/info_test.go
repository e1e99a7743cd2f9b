package search

import (
	"fmt"
	"testing"
	"time"

	"ox88/chess"
)

// TestScoreHelpers pins the helpers the front ends format with: the mate
// distance, the positional part, White's view and nodes per second.
func TestScoreHelpers(t *testing.T) {
	for _, tc := range []struct {
		score, material    int
		side               chess.Color
		mateIn, positional int
		white, whiteMateIn int
	}{
		{35, 100, chess.White, 0, -65, 35, 0},
		{35, 100, chess.Black, 0, -65, -35, 0},
		{Mate - 1, 0, chess.White, 1, 0, Mate - 1, 1},    // mates with its move
		{Mate - 5, 300, chess.Black, 3, 0, 5 - Mate, -3}, // Black mates in 3
		{6 - Mate, 0, chess.White, -3, 0, 6 - Mate, -3},  // mated after the third reply
		{6 - Mate, 0, chess.Black, -3, 0, Mate - 6, 3},
	} {
		t.Run(fmt.Sprintf("%+v", tc), func(t *testing.T) {
			inf := Info{Score: tc.score, Material: tc.material}
			white := WhiteScore(tc.score, tc.side)
			if inf.MateIn() != tc.mateIn || inf.Positional() != tc.positional || white != tc.white || MateIn(white) != tc.whiteMateIn {
				t.Errorf("%+v: mate in %d, positional %d, white %d (mate in %d)", tc, inf.MateIn(), inf.Positional(), white, MateIn(white))
			}
		})
	}
	if n := NPS(1500, 2*time.Second); n != 750 {
		t.Errorf("NPS(1500, 2s) = %d, want 750", n)
	}
	if n := NPS(1500, 0); n != 0 {
		t.Errorf("NPS(1500, 0) = %d, want 0", n)
	}
}

// TestReports: every report the search sends fills NPS from its own nodes
// and time, and a finished line is BoundExact.
func TestReports(t *testing.T) {
	pos := chess.StartPosition()
	n := 0
	r := NewSearcher(1).Search(pos, nil, Limits{Depth: 4}, nil, func(inf Info) {
		if inf.NPS != NPS(inf.Nodes, inf.Time) {
			t.Errorf("report %+v", inf)
		}
		if inf.CurrMove != chess.NoMove {
			return // a currmove report, on a machine slow enough
		}
		n++
		if inf.Bound != BoundExact || len(inf.PV) == 0 {
			t.Errorf("report %+v", inf)
		}
	})
	if n != 4 || r.Info.Bound != BoundExact || r.Info.NPS != NPS(r.Info.Nodes, r.Info.Time) {
		t.Errorf("%d reports, result %+v", n, r.Info)
	}
}

// TestHashFullReported: the table's fill reaches every report and the
// search's result (it is read there, not at each iteration's result).
func TestHashFullReported(t *testing.T) {
	s := NewSearcher(1)
	var reports []Info
	r := s.Search(chess.MustParseFEN(chess.StartFEN), nil, Limits{Depth: 9}, nil, func(i Info) { reports = append(reports, i) })
	if r.Info.HashFull <= 0 || r.Info.HashFull != s.tt.HashFull() {
		t.Errorf("result's hashfull %d, the table's %d", r.Info.HashFull, s.tt.HashFull())
	}
	if len(reports) == 0 {
		t.Fatal("no reports")
	}
	if last := reports[len(reports)-1]; last.HashFull <= 0 {
		t.Errorf("last report's hashfull %d", last.HashFull)
	}
}
