package match

import (
	"testing"

	"ox88/chess"
	"ox88/game"
)

// playScores plays the first legal move for each score (the mover's view)
// and returns the ply at which the adjudicator ended the game, its result
// and text (ply 0: never).
func playScores(t *testing.T, rules adjudicationRules, scores []int) (int, game.Result, string) {
	t.Helper()
	g := game.New(nil)
	a := adjudicator{rules: rules}
	for i, s := range scores {
		pos := g.Position()
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		mover := pos.SideToMove()
		if err := g.Play(ml.Moves[0]); err != nil {
			t.Fatal(err)
		}
		info := searchInfo{hasScore: s != noScore, score: s}
		if o, text, done := a.update(g, mover, info); done {
			return i + 1, o.Result, text
		}
	}
	return 0, "", ""
}

// noScore stands for a move without a reported score.
const noScore = -1 << 30

func TestAdjudication(t *testing.T) {
	draw := adjudicationRules{DrawMoveNumber: 3, DrawMoveCount: 2, DrawScore: 10}
	// Four plies within ±10 and move 3 reached: drawn after ply 5 (move 3
	// by White), since plies 2..5 are the last four.
	if ply, res, _ := playScores(t, draw, []int{50, 5, -5, 10, -10, 0}); ply != 5 || res != game.Draw {
		t.Errorf("draw: ply %d result %q, want 5 1/2-1/2", ply, res)
	}
	// A score outside the band, or a move without a score, restarts the run.
	if ply, _, _ := playScores(t, draw, []int{0, 0, 0, 11, 0, noScore, 0, 0, 0, 0}); ply != 10 {
		t.Errorf("draw after interruptions: ply %d, want 10", ply)
	}
	resign := adjudicationRules{ResignMoveCount: 2, ResignScore: 500}
	// Black (plies 2, 4) reports -600 twice: White wins after ply 4.
	if ply, res, text := playScores(t, resign, []int{0, -600, 0, -700}); ply != 4 || res != game.WhiteWins || text != "White wins by adjudication" {
		t.Errorf("resign: ply %d %q %q", ply, res, text)
	}
	// Two-sided: White's own scores must agree.
	two := resign
	two.ResignTwoSided = true
	if ply, _, _ := playScores(t, two, []int{0, -600, 0, -700}); ply != 0 {
		t.Errorf("two-sided resign without agreement ended at ply %d", ply)
	}
	if ply, res, _ := playScores(t, two, []int{600, -600, 650, -700}); ply != 4 || res != game.WhiteWins {
		t.Errorf("two-sided resign: ply %d %q", ply, res)
	}
	if ply, res, _ := playScores(t, adjudicationRules{MaxMoves: 3}, []int{0, 0, 0, 0, 0, 0, 0}); ply != 6 || res != game.Draw {
		t.Errorf("max moves: ply %d %q, want 6", ply, res)
	}
}
