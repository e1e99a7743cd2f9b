package search

import (
	"fmt"
	"testing"

	"ox88/chess"
)

// TestUpdateCorrection: the update is a weighted average toward the error,
// weighted by depth up to corrHistMaxWeight, rounded toward zero, clamped.
func TestUpdateCorrection(t *testing.T) {
	for _, c := range []struct {
		entry, diff, depth int
		want               int16
	}{
		{0, 100, 0, 100},       // weight 1: 100*256*1/256
		{0, 100, 3, 400},       // weight 4
		{0, 100, 15, 1600},     // weight 16 = corrHistMaxWeight ...
		{0, 100, 40, 1600},     // ... however deep
		{0, -100, 15, -1600},   // errors below the evaluation likewise
		{1000, 0, 15, 937},     // 1000*240/256 = 937.5, toward zero
		{-1000, 0, 15, -937},   //
		{8000, 1000, 15, 8192}, // clamped to corrHistLimit
		{-8000, -1000, 15, -8192},
	} {
		t.Run(fmt.Sprintf("%+v", c), func(t *testing.T) {
			e := int16(c.entry)
			updateCorrection(&e, c.diff, c.depth)
			if e != c.want {
				t.Errorf("entry %d, diff %d, depth %d: %d, want %d", c.entry, c.diff, c.depth, e, c.want)
			}
		})
	}
	// Many updates with the same error converge on it, short by what the
	// rounding toward zero loses: 5105/256 = 19 cp of 20.
	var e int16
	for range 1000 {
		updateCorrection(&e, 20, 15)
	}
	if e != 5105 {
		t.Errorf("after 1000 updates toward 20 cp: entry %d, want 5105", e)
	}
}

// TestCorrectionMovesTowardResult: a node whose search result is above its
// static evaluation raises the corrected evaluation of every position with
// the same side to move and the same pawns or material, by the exact
// amount of the update; results that must not teach leave it alone.
func TestCorrectionMovesTowardResult(t *testing.T) {
	const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	s := NewSearcher(1)
	s.pos = *chess.MustParseFEN(fen)
	raw := s.evaluate()
	if got := s.correctedEval(raw); got != raw {
		t.Fatalf("empty history: corrected %d, raw %d", got, raw)
	}
	quiet, capture := chess.NoMove, chess.NoMove
	var ml chess.MoveList
	s.pos.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if m.IsQuiet() {
			quiet = m
		} else if m.IsCapture() {
			capture = m
		}
	}
	// Results that teach nothing: in check, a capture, a mate, a table
	// win, a fail low above the evaluation, a fail high below it.
	for _, c := range []struct {
		name       string
		best, eval int
		bound      Bound
		move       chess.Move
	}{
		{"in check", raw + 200, -Infinity, BoundExact, quiet},
		{"capture", raw + 200, raw, BoundExact, capture},
		{"mate", Mate - 10, raw, BoundExact, quiet},
		{"table win", TBWin - 10, raw, BoundExact, quiet},
		{"upper bound above", raw + 200, raw, BoundUpper, quiet},
		{"lower bound below", raw - 200, raw, BoundLower, quiet},
	} {
		s.updateCorrHist(c.best, c.eval, 15, c.bound, c.move)
		if got := s.correctedEval(raw); got != raw {
			t.Errorf("%s: corrected %d, raw %d: it taught the history", c.name, got, raw)
		}
	}
	// An exact result 200 cp above, at depth 15: each table's entry
	// becomes 200*256*16/256 = 3200, and the correction (3200+3200)/256 = 25.
	s.updateCorrHist(raw+200, raw, 15, BoundExact, quiet)
	if got, want := s.correctedEval(raw), raw+25; got != want {
		t.Errorf("after a result 200 cp above: corrected %d, want %d", got, want)
	}
	// A lower bound above the (corrected) evaluation and no best move
	// also teach: the error left is 175, each entry becomes
	// (3200*240 + 175*256*16)/256 = 5800, the correction 11600/256 = 45.
	s.updateCorrHist(raw+200, raw+25, 15, BoundLower, chess.NoMove)
	if got, want := s.correctedEval(raw), raw+45; got != want {
		t.Errorf("after a fail high 175 cp above: corrected %d, want %d", got, want)
	}
	// Black to move in the same position has its own entries; a mate
	// score is never corrected.
	black := *chess.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4")
	white := s.pos
	s.pos = black
	if got := s.correctedEval(raw); got != raw {
		t.Errorf("other side to move: corrected %d, raw %d", got, raw)
	}
	s.pos = white
	if got := s.correctedEval(Mate - 5); got != Mate-5 {
		t.Errorf("a mate score corrected to %d", got)
	}
	// Clear: the history is forgotten.
	s.Clear()
	if got := s.correctedEval(raw); got != raw {
		t.Errorf("after Clear: corrected %d, raw %d", got, raw)
	}
}

// TestCorrectedEvalBounds: however large the entries, a corrected
// evaluation stays below the table and mate scores.
func TestCorrectedEvalBounds(t *testing.T) {
	s := NewSearcher(1)
	s.pos = *chess.MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	pawn, material := s.corrEntries()
	*pawn, *material = corrHistLimit, corrHistLimit
	if got := s.correctedEval(corrEvalLimit - 10); got != corrEvalLimit || IsTBWin(got) || IsMate(got) {
		t.Errorf("corrected %d, want %d (not a table or mate score)", got, corrEvalLimit)
	}
	*pawn, *material = -corrHistLimit, -corrHistLimit
	if got := s.correctedEval(-corrEvalLimit + 10); got != -corrEvalLimit {
		t.Errorf("corrected %d, want %d", got, -corrEvalLimit)
	}
}
