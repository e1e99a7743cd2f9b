package engine

import (
	"testing"

	"ox88/chess"
	"ox88/search"
)

// TestTraceCountsTheEnginesNodes: a traced search counts the nodes of a
// new engine's Think to the same depth, game history included, and does
// not change the engine it traces.
func TestTraceCountsTheEnginesNodes(t *testing.T) {
	start := chess.MustParseFEN("r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10")
	var moves []chess.Move
	pos := *start
	for _, u := range []string{"f3g5", "h7h6", "g5f3", "h6h5"} {
		m, err := pos.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		pos.MakeMove(m)
	}
	for _, depth := range []int{1, 3, 6} {
		e := New()
		e.SetPosition(start, moves)
		tr, res := e.Trace(depth, 1<<20)
		fresh := New()
		fresh.SetPosition(start, moves)
		think := fresh.Think(search.Limits{Depth: depth})
		if tr.Count != res.Nodes || res.Nodes != think.Info.Nodes || res.Move != think.Move || tr.Truncated() {
			t.Errorf("depth %d: trace %d nodes, its search %d (%s), Think %d (%s)", depth, tr.Count, res.Nodes, res.Move, think.Info.Nodes, think.Move)
		}
		if got := tr.Root.FEN(); got != pos.FEN() {
			t.Errorf("traced %s, want %s", got, pos.FEN())
		}
	}
}
