package search

import (
	"ox88/chess"
	"ox88/eval"
)

// TreeNode is one node of a recorded search tree, for the browser's search
// tree debugger. Move is the move that led here (NoMove at the root); Alpha
// and Beta are the window the node was searched with and Score what it
// returned, all from the point of view of the side to move at the node.
// Cutoff reports whether the node failed high (a child refuted the move
// that led here); PV whether the node lies on the principal variation.
type TreeNode struct {
	Move                           chess.Move
	Depth, Ply, Alpha, Beta, Score int
	Cutoff, PV                     bool
	Children                       []*TreeNode
}

// RecordTree searches pos to depth plies with a plain alpha-beta (captures
// first, no pruning beyond the window, a capture-only quiescence at the
// leaves that is not recorded) and returns the tree it walked, at most
// maxNodes nodes, kept breadth-first (every root move before deep lines). It is a teaching aid; the engine's search is Searcher.
// The nodes along the best line have PV set.
func RecordTree(pos *chess.Position, depth, maxNodes int) *TreeNode {
	r := treeRecorder{pos: *pos, best: map[*TreeNode]*TreeNode{}}
	root := &TreeNode{Depth: depth}
	r.count = 1
	r.search(root, depth, 0, -Infinity, Infinity)
	for n := root; n != nil; n = r.best[n] {
		n.PV = true
	}
	trimTree(root, max(maxNodes, 1))
	return root
}

// recordLimit bounds the nodes recorded before trimming, so that a deep
// request cannot exhaust memory; nodes past it are searched, not recorded.
const recordLimit = 1 << 20

// trimTree keeps the first maxNodes nodes in breadth-first order, so that
// a small budget shows every root move before any deep line.
func trimTree(root *TreeNode, maxNodes int) {
	queue := []*TreeNode{root}
	kept := 1
	for i := 0; i < len(queue); i++ {
		n := queue[i]
		keep := min(len(n.Children), maxNodes-kept)
		n.Children = n.Children[:keep:keep]
		kept += keep
		queue = append(queue, n.Children...)
	}
}

type treeRecorder struct {
	pos   chess.Position
	count int
	best  map[*TreeNode]*TreeNode // the child that gave each node its score
}

func (r *treeRecorder) search(n *TreeNode, depth, ply, alpha, beta int) int {
	n.Alpha, n.Beta, n.Depth, n.Ply = alpha, beta, depth, ply
	var ml chess.MoveList
	r.pos.GenerateMoves(&ml)
	if ml.N == 0 {
		if r.pos.InCheck() {
			n.Score = -Mate + ply
		} else {
			n.Score = 0
		}
		return n.Score
	}
	if depth <= 0 {
		n.Score = r.quiesce(alpha, beta, 0)
		return n.Score
	}
	// Captures first, by the value of the victim.
	moves := ml.Slice()
	for i := range moves {
		best := i
		for j := i + 1; j < len(moves); j++ {
			if treeOrder(&r.pos, moves[j]) > treeOrder(&r.pos, moves[best]) {
				best = j
			}
		}
		moves[i], moves[best] = moves[best], moves[i]
	}
	best := -Infinity
	for _, m := range moves {
		child := &TreeNode{Move: m}
		if r.count < recordLimit {
			r.count++
			n.Children = append(n.Children, child)
		}
		u := r.pos.MakeMove(m)
		s := -r.search(child, depth-1, ply+1, -beta, -alpha)
		r.pos.UnmakeMove(m, u)
		if s > best {
			best = s
			r.best[n] = child
		}
		if s > alpha {
			alpha = s
		}
		if alpha >= beta {
			n.Cutoff = true
			break
		}
	}
	n.Score = best
	return best
}

func treeOrder(pos *chess.Position, m chess.Move) int {
	if !m.IsCapture() && !m.IsPromotion() {
		return 0
	}
	return 10*eval.PieceValue(pos.At(m.To()).Kind()) + eval.PieceValue(m.Promotion()) - eval.PieceValue(pos.At(m.From()).Kind())/10 + 1000
}

// quiesce is a small capture search that is not recorded.
func (r *treeRecorder) quiesce(alpha, beta, qply int) int {
	stand := eval.Evaluate(&r.pos)
	if stand >= beta || qply >= 8 {
		return stand
	}
	alpha = max(alpha, stand)
	var ml chess.MoveList
	r.pos.GenerateCaptures(&ml)
	for _, m := range ml.Slice() {
		u := r.pos.MakeMove(m)
		s := -r.quiesce(-beta, -alpha, qply+1)
		r.pos.UnmakeMove(m, u)
		if s > alpha {
			alpha = s
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}
