package search

import (
	"fmt"
	"testing"
)

// TestHindsight pins step 7c's rule: a ply more after a reduction of 3 or
// more when the move cost its mover nothing by the two evaluations, a ply
// less after one of 2 or more when it cost over hindsightMargin and the
// node has depth 2 or more, and nothing otherwise (no reduction, or the
// parent in check, whose evaluation is -Infinity).
func TestHindsight(t *testing.T) {
	for _, c := range []struct {
		reduction, parentEval, eval, depth, want int
	}{
		{0, 50, -50, 5, 0},         // not reduced
		{3, 50, -50, 5, 1},         // reduced 3, cost nothing
		{4, 50, -80, 5, 1},         // reduced 4, the move gained
		{2, 50, -50, 5, 0},         // reduced 2: too little for a ply more
		{3, 50, -49, 5, 0},         // cost 1 centipawn: neither
		{2, 50, 126, 5, -1},        // cost 176: a ply less
		{2, 50, 125, 5, 0},         // cost 175: not more than the margin
		{1, 50, 300, 5, 0},         // reduced 1: left alone
		{3, 50, 300, 1, 0},         // depth 1: nothing to spare
		{3, -Infinity, -400, 5, 0}, // the parent was in check
	} {
		t.Run(fmt.Sprintf("%+v", c), func(t *testing.T) {
			parent := plyData{reduction: c.reduction, staticEval: c.parentEval}
			if got := hindsight(c.depth, c.eval, &parent); got != c.want {
				t.Errorf("reduction %d, evaluations %d and %d, depth %d: %+d, want %+d",
					c.reduction, c.parentEval, c.eval, c.depth, got, c.want)
			}
		})
	}
}
