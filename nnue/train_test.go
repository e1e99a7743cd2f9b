package nnue

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"ox88/chess"
)

// materialRecords makes n records from random games, each labelled with
// its material balance: a target a small net can learn quickly. They come
// shuffled, so the trainer's validation share (the last records) is a
// sample of every game rather than the last few games.
func materialRecords(n int, seed uint64) []Record {
	rng := rand.New(rand.NewPCG(seed, 5))
	value := [7]int{0, 100, 300, 300, 500, 900, 0}
	var recs []Record
	for len(recs) < n {
		pos := chess.StartPosition()
		for ply := 0; ply < 120 && len(recs) < n; ply++ {
			var ml chess.MoveList
			pos.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			pos.MakeMove(ml.Moves[rng.IntN(ml.N)])
			if ply < 6 || pos.InCheck() {
				continue
			}
			bal := 0
			for pc := chess.WPawn; pc <= chess.BKing; pc++ {
				if k := pc.Kind(); k == chess.NoKind || k > chess.King {
					continue
				}
				sign := 1
				if pc.Color() == chess.Black {
					sign = -1
				}
				bal += sign * value[pc.Kind()&7] * pos.Count(pc)
			}
			result := uint8(Drawn)
			if bal > 150 {
				result = WhiteWon
			} else if bal < -150 {
				result = BlackWon
			}
			recs = append(recs, Pack(pos, bal, result))
		}
	}
	rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	return recs
}

// smallTrainConfig is the training the tests run: a few epochs of small
// batches on two threads, with a checkpoint and the net in a temporary
// directory.
func smallTrainConfig(t *testing.T, epochs int, seed uint64) TrainConfig {
	dir := t.TempDir()
	return TrainConfig{Epochs: epochs, BatchSize: 256, LR: 0.005, WDL: 0.2, ValFrac: 0.1, Threads: 2, Seed: seed,
		Checkpoint: filepath.Join(dir, "ckpt"), Out: filepath.Join(dir, "net.bin")}
}

// TestTrainLossFalls trains a net on a few thousand labelled positions:
// the validation loss falls, a checkpoint resumes, and the quantised net
// evaluates within a stated tolerance of the float one.
func TestTrainLossFalls(t *testing.T) {
	recs := materialRecords(3000, 1)
	cfg := smallTrainConfig(t, 4, 3)
	tr := NewTrainer(cfg)
	stats, err := tr.Train(recs)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stats {
		t.Logf("epoch %d train %.5f validation %.5f", s.Epoch, s.TrainLoss, s.ValLoss)
	}
	if first, last := stats[0].ValLoss, stats[len(stats)-1].ValLoss; !(last < first*0.8) {
		t.Errorf("validation loss went from %.5f to %.5f", first, last)
	}

	// Resume two more epochs from the checkpoint.
	cfg.Epochs = 6
	tr2, err := Resume(cfg.Checkpoint, cfg)
	if err != nil {
		t.Fatal(err)
	}
	more, err := tr2.Train(recs)
	if err != nil {
		t.Fatal(err)
	}
	if len(more) != 2 || more[1].ValLoss > stats[len(stats)-1].ValLoss {
		t.Errorf("resumed training: %+v", more)
	}

	// The saved net is the quantised one, and it agrees with the floats.
	net, err := Load(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !net.Equal(tr2.Quantise()) {
		t.Error("saved net differs from the trainer's quantised weights")
	}
	// Tolerance: the mean difference at most 3 cp and none above 15 cp.
	// Rounding the feature weights to 1/QA is now the main error (the
	// output weights' 1/QB was, while QB was 64).
	worst, total := 0.0, 0.0
	for i := 0; i < 300; i++ {
		r := &recs[i]
		fen, _ := r.FEN()
		d := math.Abs(float64(net.Evaluate(chess.MustParseFEN(fen))) - tr2.EvaluateFloat(r))
		worst, total = max(worst, d), total+d
	}
	if worst > 15 || total/300 > 3 {
		t.Errorf("quantised net differs from the float one by %.1f cp on average, %.1f at most", total/300, worst)
	}
	t.Logf("quantisation error: mean %.1f cp, largest %.1f cp", total/300, worst)
}

// TestMirrorSample checks the trainer's left-right mirroring: a record
// without castling rights, prepared mirrored, has exactly the features and
// target of the position with files a and h swapped, packed on its own;
// records with a castling right say so and are never mirrored.
func TestMirrorSample(t *testing.T) {
	for _, c := range []struct{ fen, flipped string }{
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
			"r2k3r/1bpqpp1p/1pnp2nb/3NP3/3P2p1/p1Q2N2/PPPBBPPP/R2K3R w - - 0 1"},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1", "8/5p2/4p3/r5PK/k1p3R1/8/1P1P4/8 b - - 0 1"},
	} {
		t.Run(c.fen, func(t *testing.T) {
			a, b := packFEN(t, c.fen, 37), packFEN(t, c.flipped, 37)
			if a.MayCastle() || b.MayCastle() {
				t.Fatalf("%s: MayCastle true without castling rights", c.fen)
			}
			var sa, sb sample
			prepare(&a, 0.3, &sa, true, false, 1, 1)
			prepare(&b, 0.3, &sb, false, false, 1, 1)
			if sa.target != sb.target || !sameFeatures(sa, sb) {
				t.Errorf("%s mirrored: features %v %v, target %v; want those of %s: %v %v, %v",
					c.fen, sa.us[:sa.n], sa.them[:sa.n], sa.target, c.flipped, sb.us[:sb.n], sb.them[:sb.n], sb.target)
			}
			prepare(&a, 0.3, &sa, false, false, 1, 1)
			if sameFeatures(sa, sb) {
				t.Errorf("%s: unmirrored features equal the mirrored position's", c.fen)
			}
		})
	}
	if r := packFEN(t, chess.StartFEN, 0); !r.MayCastle() {
		t.Error("start position: MayCastle false")
	}
	if r := packFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", 0); !r.MayCastle() {
		t.Error("4k3/8/8/8/8/8/8/4K2R w K: MayCastle false")
	}
}

func packFEN(t *testing.T, fen string, score int) Record {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return Pack(pos, score, Drawn)
}

// sameFeatures compares two samples' feature sets, in any order.
func sameFeatures(a, b sample) bool {
	if a.n != b.n {
		return false
	}
	count := map[[2]uint16]int{}
	for i := 0; i < a.n; i++ {
		count[[2]uint16{a.us[i], a.them[i]}]++
		count[[2]uint16{b.us[i], b.them[i]}]--
	}
	for _, v := range count {
		if v != 0 {
			return false
		}
	}
	return true
}

// TestTrainKingMirror trains a king-mirrored net: the saved net says so,
// evaluates within the tolerance of TestTrainLossFalls of the float one,
// and its checkpoint refuses to resume as a plain net.
func TestTrainKingMirror(t *testing.T) {
	recs := materialRecords(2000, 2)
	cfg := smallTrainConfig(t, 3, 4)
	cfg.KingMirror = true
	tr := NewTrainer(cfg)
	if _, err := tr.Train(recs); err != nil {
		t.Fatal(err)
	}
	net, err := Load(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !net.Mirrored {
		t.Fatal("the saved net is not king-mirrored")
	}
	total := 0.0
	for i := 0; i < 300; i++ {
		fen, _ := recs[i].FEN()
		total += math.Abs(float64(net.Evaluate(chess.MustParseFEN(fen))) - tr.EvaluateFloat(&recs[i]))
	}
	if total/300 > 15 {
		t.Errorf("quantised king-mirrored net differs from the float one by %.1f cp on average", total/300)
	}
	cfg.KingMirror = false
	if _, err := Resume(cfg.Checkpoint, cfg); err == nil {
		t.Error("a king-mirrored checkpoint resumed as a plain net")
	}
}

// TestValidationIsTail: the validation loss is the loss on the last ValFrac
// of the records (datagen's latest games), and the training never sees
// them.
func TestValidationIsTail(t *testing.T) {
	recs := materialRecords(1000, 3)
	tr := NewTrainer(TrainConfig{Epochs: 1, BatchSize: 128, ValFrac: 0.2, Threads: 2, Seed: 5})
	stats, err := tr.Train(recs)
	if err != nil {
		t.Fatal(err)
	}
	// (The workers' partial sums may add up in either order: equal to
	// rounding.)
	if got := tr.lossSum(recs[800:]) / 200; math.Abs(got-stats[0].ValLoss) > 1e-12 {
		t.Errorf("validation loss %v, loss on the last 200 records %v", stats[0].ValLoss, got)
	}
	if stats[0].Positions != 800 {
		t.Errorf("trained on %d positions, want 800", stats[0].Positions)
	}
}

// TestStaticLoss: the yardstick scores the validation tail with the same
// target as Train. An evaluation that returns each record's own search
// score has no error when the target is the score alone; with the result
// alone its error is the mean squared gap to the result, by hand; a
// position left out does not count.
func TestStaticLoss(t *testing.T) {
	recs := materialRecords(500, 4)
	own := func(r *Record) (int, bool) {
		if r.BlackToMove() {
			return -r.Score(), true
		}
		return r.Score(), true
	}
	score := NewTrainer(TrainConfig{WDL: 0, ValFrac: 0.1})
	if got := staticLoss(score, recs, own); got > 1e-12 {
		t.Errorf("loss of the targets' own scores %v, want 0", got)
	}
	result := NewTrainer(TrainConfig{WDL: 1, ValFrac: 0.1})
	want := 0.0
	for _, r := range recs[450:] {
		d := sigmoid(float64(r.Score())/Scale) - float64(r.Result())/2 // White's view both
		want += d * d
	}
	want /= 50
	if got := staticLoss(result, recs, own); math.Abs(got-want) > 1e-9 {
		t.Errorf("loss against the results %v, want %v", got, want)
	}
	skipFirst := func(r *Record) (int, bool) {
		if *r == recs[450] {
			return 0, false
		}
		return own(r)
	}
	want = 0
	for _, r := range recs[451:] {
		d := sigmoid(float64(r.Score())/Scale) - float64(r.Result())/2
		want += d * d
	}
	want /= 49
	if got := staticLoss(result, recs, skipFirst); math.Abs(got-want) > 1e-9 {
		t.Errorf("loss without the first validation position %v, want %v", got, want)
	}
}

// TestKeepBest: with KeepBest, an epoch's net is saved exactly when its
// validation loss is the lowest so far, and the file holds the net of the
// last such epoch. The step size is large enough that the loss rises in
// some epochs (the run is deterministic; the test checks that it does).
func TestKeepBest(t *testing.T) {
	recs := materialRecords(2000, 6)
	out := filepath.Join(t.TempDir(), "net.bin")
	tr := NewTrainer(TrainConfig{Epochs: 1, BatchSize: 64, LR: 0.05, FinalLR: 0.05, ValFrac: 0.1, Threads: 2, Seed: 9,
		Out: out, KeepBest: true})
	best, skipped := math.Inf(1), 0
	var want *Net
	for epoch := 1; epoch <= 8; epoch++ {
		tr.cfg.Epochs = epoch
		stats, err := tr.Train(recs)
		if err != nil || len(stats) != 1 {
			t.Fatal(stats, err)
		}
		s := stats[0]
		if s.Saved != (s.ValLoss < best) {
			t.Errorf("epoch %d: validation %.5f, best before %.5f, saved %v", epoch, s.ValLoss, best, s.Saved)
		}
		if s.Saved {
			want = tr.Quantise()
		} else {
			skipped++
		}
		best = min(best, s.ValLoss)
	}
	if skipped == 0 {
		t.Fatal("the validation loss fell in every epoch: the test no longer sees an epoch that is not kept")
	}
	got, err := Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) {
		t.Error("the saved net is not that of the best epoch")
	}
}

// TestTrainBuckets trains a bucketed net: the loss falls, the saved net is
// bucketed and agrees with the floats, and a checkpoint resumes only with
// the same setting.
func TestTrainBuckets(t *testing.T) {
	recs := materialRecords(3000, 7)
	cfg := smallTrainConfig(t, 4, 3)
	cfg.Buckets = OutputBuckets
	tr := NewTrainer(cfg)
	stats, err := tr.Train(recs)
	if err != nil {
		t.Fatal(err)
	}
	if first, last := stats[0].ValLoss, stats[len(stats)-1].ValLoss; !(last < first*0.8) {
		t.Errorf("validation loss went from %.5f to %.5f", first, last)
	}
	net, err := Load(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	if net.Buckets != OutputBuckets || !net.Equal(tr.Quantise()) {
		t.Fatalf("saved net: %d output layers, or not the trainer's", net.Buckets)
	}
	layers := map[int]bool{}
	total := 0.0
	for i := 0; i < 300; i++ {
		fen, _ := recs[i].FEN()
		pos := chess.MustParseFEN(fen)
		layers[net.Bucket(pieceCount(pos))] = true
		total += math.Abs(float64(net.Evaluate(pos)) - tr.EvaluateFloat(&recs[i]))
	}
	if total/300 > 3 || len(layers) < 3 {
		t.Errorf("quantised net differs from the float one by %.1f cp on average; layers used %v", total/300, layers)
	}
	plain := cfg
	plain.Buckets = 1
	if _, err := Resume(cfg.Checkpoint, plain); err == nil {
		t.Error("a bucketed checkpoint resumed as a net of one output layer")
	}
	if _, err := Resume(cfg.Checkpoint, cfg); err != nil {
		t.Error(err)
	}
}

// staticLoss is t.StaticLoss on records in memory.
func staticLoss(t *Trainer, recs []Record, eval func(r *Record) (int, bool)) float64 {
	l, err := t.StaticLoss(DatasetOf(recs), eval)
	if err != nil {
		panic(err)
	}
	return l
}

// TestTrainerFrom: a trainer started from a net quantises back to that net
// exactly, and a net of another shape is refused.
func TestTrainerFrom(t *testing.T) {
	net := Default()
	cfg := TrainConfig{Epochs: 1, Buckets: int(net.Buckets), KingMirror: net.Mirrored, Hidden: net.Hidden, KingBuckets: net.KingBuckets}
	tr, err := NewTrainerFrom(cfg, net)
	if err != nil {
		t.Fatal(err)
	}
	q := tr.Quantise()
	if !slices.Equal(q.FTWeights, net.FTWeights) || !slices.Equal(q.FTBias, net.FTBias) ||
		!slices.Equal(q.OutBias, net.OutBias) || q.QB != QB || net.QB != QB || !slices.Equal(q.OutWeights, net.OutWeights) {
		t.Error("the net did not come back from the trainer")
	}
	pos := chess.MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if got, want := q.Evaluate(pos), net.Evaluate(pos); got != want {
		t.Errorf("evaluation %d, want %d", got, want)
	}
	cfg.Hidden = net.Hidden - HiddenStep
	if _, err := NewTrainerFrom(cfg, net); err == nil {
		t.Error("a net was taken by a narrower training")
	}
}

// TestTrainerGrown: a net grown into a wider, king-bucketed, king-mirrored
// shape evaluates as it did wherever both kings stand on files a to d (the
// board seen as before), and the new lanes have input weights to learn with.
func TestTrainerGrown(t *testing.T) {
	net := Default()
	if net.Mirrored || net.KingBuckets != 1 {
		t.Skip("the embedded net is already king-mirrored or bucketed")
	}
	for _, shape := range []struct {
		hidden, kingBuckets int
		mirror              bool
	}{{2 * net.Hidden, 1, false}, {net.Hidden, 4, true}, {net.Hidden + HiddenStep, 8, true}} {
		cfg := TrainConfig{Epochs: 1, Buckets: int(net.Buckets), Hidden: shape.hidden, KingBuckets: shape.kingBuckets, KingMirror: shape.mirror}
		if cfg.SameShape(net) {
			t.Fatalf("%+v: the same shape as the net", shape)
		}
		tr, err := NewTrainerFrom(cfg, net)
		if err != nil {
			t.Fatalf("%+v: %v", shape, err)
		}
		q := tr.Quantise()
		if q.Hidden != shape.hidden || q.KingBuckets != shape.kingBuckets || q.Mirrored != shape.mirror {
			t.Fatalf("%+v: the trainer made a %dx%d net (mirrored %v)", shape, q.KingBuckets, q.Hidden, q.Mirrored)
		}
		for _, fen := range []string{
			"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", // kings on e1 and e8
			"2kr3r/ppp2ppp/2n5/3q4/3P4/2P2N2/PP3PPP/R2QK2R b KQ - 0 12",
			"8/5pk1/6p1/8/3K4/8/5PP1/8 w - - 0 50",
			"r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 4 10",
			"2kr1b1r/ppp2ppp/2n5/8/4q3/2N5/PPP2PPP/1K1R1B1R w - - 0 12", // kings on b1 and c8
			"8/8/1p6/2k5/8/1PK5/8/8 b - - 3 60",
		} {
			pos := chess.MustParseFEN(fen)
			wk, bk := pos.KingSquare(chess.White).Index64()&7, pos.KingSquare(chess.Black).Index64()&7
			got, want := q.Evaluate(pos), net.Evaluate(pos)
			if seenAsBefore := !shape.mirror || (wk < 4 && bk < 4); seenAsBefore && got != want {
				t.Errorf("%+v %s: evaluation %d, want %d", shape, fen, got, want)
			}
		}
		if shape.hidden > net.Hidden {
			nonzero := 0
			for f := 0; f < Inputs; f++ {
				for _, w := range q.row(f)[net.Hidden:] {
					if w != 0 {
						nonzero++
					}
				}
			}
			if nonzero == 0 {
				t.Errorf("%+v: the new lanes have no input weights", shape)
			}
		}
	}
}
