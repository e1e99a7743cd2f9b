package eval

import (
	"bytes"
	"go/format"
	"os"
	"strings"
	"testing"

	"ox88/chess"
)

// TestTuneFeatures runs in every go test: the tuner's features rebuild the
// evaluation of every data position exactly, so a new term or a changed
// one that the tuner does not know about fails here, not in a tuning run.
func TestTuneFeatures(t *testing.T) {
	w := defaultWeights
	params := tuneParams(&w)
	for _, pos := range dataPositions(t) {
		if pos.PieceCount(chess.White) == 1 || pos.PieceCount(chess.Black) == 1 {
			continue // the mop-up is not a tuned term; the tuner skips these too
		}
		if _, err := checkedFeatures(&w, pos, params); err != nil {
			t.Error(err)
		}
	}
}

// TestTune tunes on a tiny generated input, the test positions labelled
// with the side ahead in material as the winner: the loss falls, the
// package's weights are never written (the tuner works on a copy), and
// the weights come out as gofmt-clean Go declarations of every tuned name.
func TestTune(t *testing.T) {
	saved := defaultWeights
	before := Evaluate(chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"))
	tu := NewTuner()
	skipped := 0
	positions := dataPositions(t)
	for _, pos := range positions {
		result := 0.5
		if m := Material(pos); m != 0 {
			result = 0
			if (m > 0) == (pos.SideToMove() == chess.White) {
				result = 1
			}
		}
		kept, err := tu.Add(pos, result)
		if err != nil {
			t.Fatal(err)
		}
		if !kept {
			skipped++
		}
	}
	train, valid := tu.Positions()
	if train+valid+skipped != len(positions) || valid != (train+valid)/10 {
		t.Fatalf("%d training, %d held-out, %d skipped of %d", train, valid, skipped, len(positions))
	}
	var progress bytes.Buffer
	res, err := tu.Fit(TuneConfig{Epochs: 40, L2: DefaultL2, ProgressEvery: 20, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if res.TrainLoss[1] >= res.TrainLoss[0] {
		t.Errorf("training loss %.6f -> %.6f: did not fall", res.TrainLoss[0], res.TrainLoss[1])
	}
	if lines := strings.Count(progress.String(), "ETA"); lines != 2 || !strings.HasPrefix(progress.String(), "tune: epoch 20/40: loss ") {
		t.Errorf("progress:\n%s", progress.String())
	}
	src := res.Source()
	if after := Evaluate(chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")); after != before {
		t.Errorf("tuning changed the evaluation: %d, then %d", before, after)
	}
	if defaultWeights != saved {
		t.Error("tuning wrote to the evaluation's weights")
	}
	if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
		t.Fatalf("Source is not gofmt-clean Go (%v):\n%s", err, src)
	}
	for _, name := range []string{"pawnValue", "queenValue", "var pawnMg = [64]int{", "var kingEg", "doubledPawn",
		"queenMobility", "var passedPawn = [8]chess.Score{", "var kingAttackWeight = [...]int{0, 0, "} {
		if !bytes.Contains(src, []byte(name)) {
			t.Errorf("Source lacks %q", name)
		}
	}
	if _, err := NewTuner().Fit(TuneConfig{}); err == nil {
		t.Error("a tuner without positions fitted")
	}
}

// TestTunedSourceIsTheTables: with the weights unchanged, every written
// piece-square table is, byte for byte, the one in tables.go, so pasting
// the tuner's output back changes only what the tuner changed.
func TestTunedSourceIsTheTables(t *testing.T) {
	tables, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	w := defaultWeights
	blocks := strings.Split(string(tunedSource(&w, "test")), "\n\n")
	n := 0
	for _, b := range blocks {
		if strings.Contains(b, "[64]int{") {
			n++
			if !strings.Contains(string(tables), b) {
				t.Errorf("tables.go lacks\n%s", b)
			}
		}
	}
	if n != 12 {
		t.Errorf("%d tables written, want 12", n)
	}
}
