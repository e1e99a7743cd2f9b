package search

import (
	"testing"

	"ox88/chess"
)

func countNodes(n *TreeNode) int {
	c := 1
	for _, ch := range n.Children {
		c += countNodes(ch)
	}
	return c
}

func TestRecordTree(t *testing.T) {
	pos := chess.StartPosition()
	root := RecordTree(pos, 3, 500)
	if n := countNodes(root); n > 500 || n < 100 {
		t.Errorf("recorded %d nodes, want 100..500", n)
	}
	if len(root.Children) != 20 || !root.PV {
		t.Errorf("root has %d children (want 20), PV %v", len(root.Children), root.PV)
	}
	pvLen := 0
	for n := root; ; {
		var next *TreeNode
		for _, c := range n.Children {
			if c.PV {
				next = c
			}
		}
		if next == nil {
			break
		}
		pvLen++
		n = next
	}
	if pvLen == 0 {
		t.Error("no PV recorded")
	}
	// Mate in one: the recorded root score says so.
	pos, _ = chess.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	root = RecordTree(pos, 2, 1000)
	if root.Score != Mate-1 {
		t.Errorf("back-rank mate scores %d, want %d", root.Score, Mate-1)
	}
}
