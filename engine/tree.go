package engine

import "ox88/search"

// SearchTree searches the current position to depth plies with a plain
// alpha-beta that records its tree, keeping at most maxNodes nodes, for the
// search tree debugger. It does not disturb a running search.
func (e *Engine) SearchTree(depth, maxNodes int) *search.TreeNode {
	pos := e.Position()
	return search.RecordTree(&pos, depth, maxNodes)
}
