package chess

// Perft counts the leaf nodes of the legal move tree to the given depth.
// Its counts are published for many positions, so any difference from them
// proves a bug in generation or make/unmake. The last ply is counted in bulk:
// at depth 1 the number of legal moves is the number of leaves, so those
// moves are counted by CountMoves, neither listed nor made.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One move list per ply, allocated once: a MoveList declared inside the
	// recursion would be zeroed (1 KB) at every node.
	lists := make([]MoveList, depth)
	return p.perft(lists)
}

func (p *Position) perft(lists []MoveList) uint64 {
	if len(lists) == 1 {
		return uint64(p.CountMoves())
	}
	ml := &lists[0]
	p.GenerateMoves(ml)
	var nodes uint64
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		u := p.MakeMove(m)
		nodes += p.perft(lists[1:])
		p.UnmakeMove(m, u)
	}
	return nodes
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for every legal root move, the perft count below it: the
// tool for finding which move a wrong total hides in.
func (p *Position) Divide(depth int) []DivideEntry {
	var ml MoveList
	p.GenerateMoves(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Slice() {
		u := p.MakeMove(m)
		out = append(out, DivideEntry{m, p.Perft(depth - 1)})
		p.UnmakeMove(m, u)
	}
	return out
}
