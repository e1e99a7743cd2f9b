package docs

import (
	"slices"
	"testing"

	"ox88/chess"
	"ox88/eval"
)

// The guide's worked example (Part III, "How a chess program thinks"):
// plain minimax against plain alpha-beta, in negamax form, with the static
// evaluation at the leaves and nothing else (no quiescence, no table, no
// pruning). The engine's own search is search.Searcher.negamax; these are
// the textbook versions it refines.

// exampleMate scores a mated side to move; nothing reaches it at the
// example's depth, but the functions are complete.
const exampleMate = 30000

// nodeCounter counts the positions a search visits, the root included.
type nodeCounter struct{ nodes int }

// minimax returns the value of pos for the side to move, searched depth
// plies deep: the best of the negated values of its children.
func (c *nodeCounter) minimax(pos *chess.Position, depth int) int {
	c.nodes++
	if depth == 0 {
		return eval.Evaluate(pos)
	}
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if ml.N == 0 {
		return noMoveScore(pos)
	}
	best := -exampleMate - 1
	for _, m := range ml.Slice() {
		u := pos.MakeMove(m)
		best = max(best, -c.minimax(pos, depth-1))
		pos.UnmakeMove(m, u)
	}
	return best
}

// alphaBeta returns what minimax returns when the value lies inside
// (alpha, beta), and a bound beyond it otherwise. order arranges each
// node's moves before they are tried.
func (c *nodeCounter) alphaBeta(pos *chess.Position, depth, alpha, beta int, order func(*chess.Position, []chess.Move)) int {
	c.nodes++
	if depth == 0 {
		return eval.Evaluate(pos)
	}
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if ml.N == 0 {
		return noMoveScore(pos)
	}
	order(pos, ml.Slice())
	for _, m := range ml.Slice() {
		u := pos.MakeMove(m)
		score := -c.alphaBeta(pos, depth-1, -beta, -alpha, order)
		pos.UnmakeMove(m, u)
		if score >= beta {
			return score // the opponent will not allow this position: stop
		}
		alpha = max(alpha, score)
	}
	return alpha
}

// noMoveScore is the value of a position without a legal move.
func noMoveScore(pos *chess.Position) int {
	if pos.InCheck() {
		return -exampleMate
	}
	return 0
}

// byGuess orders moves by the static evaluation of the position after
// each, best for the mover first (worst first when worst is true).
func byGuess(worst bool) func(*chess.Position, []chess.Move) {
	return func(pos *chess.Position, moves []chess.Move) {
		guess := map[chess.Move]int{}
		for _, m := range moves {
			u := pos.MakeMove(m)
			guess[m] = -eval.Evaluate(pos)
			pos.UnmakeMove(m, u)
		}
		slices.SortStableFunc(moves, func(a, b chess.Move) int {
			if worst {
				return guess[a] - guess[b]
			}
			return guess[b] - guess[a]
		})
	}
}

// TestAlphaBetaExample searches the start position four plies deep with
// minimax and with alpha-beta in three move orders, and checks what the
// guide says of them: minimax visits every node of the tree (the perft
// counts of depths 0 to 4), alpha-beta finds the same value with fewer
// nodes, and the better the order the fewer. go test ./docs -run
// TestAlphaBetaExample -v prints the counts the guide quotes.
func TestAlphaBetaExample(t *testing.T) {
	const depth = 4
	pos, err := chess.ParseFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	tree := 0
	for d := range depth + 1 {
		tree += int(pos.Perft(d))
	}
	var mm nodeCounter
	want := mm.minimax(pos, depth)
	if mm.nodes != tree {
		t.Fatalf("minimax visited %d nodes; the tree has %d", mm.nodes, tree)
	}
	t.Logf("minimax: %d nodes, value %d", mm.nodes, want)
	orders := []struct {
		name  string
		order func(*chess.Position, []chess.Move)
	}{
		{"worst guess first", byGuess(true)},
		{"as generated", func(*chess.Position, []chess.Move) {}},
		{"best guess first", byGuess(false)},
	}
	last := mm.nodes
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			var ab nodeCounter
			if got := ab.alphaBeta(pos, depth, -exampleMate-1, exampleMate+1, o.order); got != want {
				t.Errorf("alpha-beta, %s: value %d, minimax %d", o.name, got, want)
			}
			if ab.nodes >= last {
				t.Errorf("alpha-beta, %s: %d nodes, not fewer than %d", o.name, ab.nodes, last)
			}
			last = ab.nodes
			t.Logf("alpha-beta, %s: %d nodes (%.1f%% of minimax)", o.name, ab.nodes, 100*float64(ab.nodes)/float64(mm.nodes))
		})
	}
}
