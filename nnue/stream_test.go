package nnue

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"ox88/chess"
)

// countingReader is a ReaderAt that records each read (offset and size)
// and fails once it has served failAfter reads (0: never).
type countingReader struct {
	r         io.ReaderAt
	mu        sync.Mutex
	reads     [][2]int64
	failAfter int
}

var errInterrupted = errors.New("interrupted")

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failAfter > 0 && len(c.reads) >= c.failAfter {
		return 0, errInterrupted
	}
	c.reads = append(c.reads, [2]int64{off, int64(len(p))})
	return c.r.ReadAt(p, off)
}

// countedDataset returns recs as a dataset read through one
// countingReader, in two parts (as two shard files would be) when split.
func countedDataset(recs []Record, failAfter int, split bool) (*Dataset, *countingReader) {
	all := DatasetOf(recs)
	c := &countingReader{r: all.parts[0], failAfter: failAfter}
	if !split {
		d := &Dataset{starts: []int64{0}}
		d.add(c, int64(len(recs)))
		return d, c
	}
	half := int64(len(recs) / 3)
	d := &Dataset{starts: []int64{0}}
	d.add(c, half)
	d.add(offsetReader{c, half * RecordSize}, int64(len(recs))-half)
	return d, c
}

type offsetReader struct {
	r   io.ReaderAt
	off int64
}

func (o offsetReader) ReadAt(p []byte, off int64) (int, error) { return o.r.ReadAt(p, off+o.off) }

// tiled returns n records: recs repeated.
func tiled(recs []Record, n int) []Record {
	out := make([]Record, n)
	for i := range out {
		out[i] = recs[i%len(recs)]
	}
	return out
}

// TestTrainStreams: the trainer holds at most ShuffleBuffer records and
// reads the data from the dataset in pieces no larger than that, each
// epoch every training chunk once, in an order far from the file's (so a
// batch never holds a run of consecutive positions), and the validation
// tail once.
func TestTrainStreams(t *testing.T) {
	const n = 10*chunkRecords + 1000
	recs := tiled(materialRecords(3000, 11), n)
	ds, c := countedDataset(recs, 0, true)
	cfg := TrainConfig{Epochs: 2, BatchSize: 512, ValFrac: 0.05, Threads: 2, Seed: 1, Hidden: HiddenStep,
		ShuffleBuffer: 3 * chunkRecords}
	tr := NewTrainer(cfg)
	if _, err := tr.TrainOn(ds); err != nil {
		t.Fatal(err)
	}
	if tr.heldRecords > cfg.ShuffleBuffer {
		t.Errorf("held %d records, the buffer is %d", tr.heldRecords, cfg.ShuffleBuffer)
	}
	nVal := tr.validationSize(n)
	nTrain := n - nVal
	var total int64
	var starts []int64
	for _, r := range c.reads {
		if r[1] > int64(cfg.ShuffleBuffer)*RecordSize {
			t.Fatalf("one read of %d bytes", r[1])
		}
		total += r[1]
		if r[0] < nTrain*RecordSize && r[0]%(chunkRecords*RecordSize) == 0 {
			starts = append(starts, r[0]/(chunkRecords*RecordSize))
		}
	}
	if total != 2*n*RecordSize {
		t.Errorf("read %d bytes in 2 epochs of %d records", total, n)
	}
	chunks := int((nTrain + chunkRecords - 1) / chunkRecords)
	if len(starts) != 2*chunks {
		t.Fatalf("%d chunk reads, want %d", len(starts), 2*chunks)
	}
	for e := range 2 {
		got := slices.Clone(starts[e*chunks : (e+1)*chunks])
		adjacent := 0
		for i := 1; i < len(got); i++ {
			if got[i] == got[i-1]+1 {
				adjacent++
			}
		}
		if adjacent > chunks/3 {
			t.Errorf("epoch %d: chunks read in order %v", e, got)
		}
		slices.Sort(got)
		for i, x := range got {
			if x != int64(i) {
				t.Fatalf("epoch %d: chunks %v, want each of 0..%d once", e, got, chunks-1)
			}
		}
	}
}

// TestTrainDeterministic: the same seed, data and workers give the same
// net; another seed another.
func TestTrainDeterministic(t *testing.T) {
	recs := materialRecords(3000, 12)
	run := func(seed uint64) *Trainer {
		tr := NewTrainer(TrainConfig{Epochs: 2, BatchSize: 256, ValFrac: 0.1, Threads: 2, Seed: seed, Mirror: true,
			Hidden: HiddenStep, ShuffleBuffer: chunkRecords})
		if _, err := tr.Train(recs); err != nil {
			t.Fatal(err)
		}
		return tr
	}
	a, b, c := run(1), run(1), run(2)
	if !slices.Equal(a.params, b.params) || !slices.Equal(a.v, b.v) {
		t.Error("two runs with the same seed differ")
	}
	if slices.Equal(a.params, c.params) {
		t.Error("two seeds gave the same net")
	}
}

// TestTrainResumeMidEpoch: a run interrupted between two fills of an
// epoch and resumed from its checkpoint ends with exactly the weights of
// a run never interrupted.
func TestTrainResumeMidEpoch(t *testing.T) {
	recs := tiled(materialRecords(3000, 13), 5*chunkRecords+500)
	dir := t.TempDir()
	cfg := TrainConfig{Epochs: 2, BatchSize: 1024, ValFrac: 0.05, Threads: 2, Seed: 7, Hidden: HiddenStep,
		Schedule: "cosine", Warmup: 5, ShuffleBuffer: 2 * chunkRecords,
		Checkpoint: filepath.Join(dir, "ckpt"), CheckpointEvery: 1}
	whole := NewTrainer(cfg)
	ds, _ := countedDataset(recs, 0, false)
	if _, err := whole.TrainOn(ds); err != nil {
		t.Fatal(err)
	}
	// Interrupted in epoch 2: after the first epoch's 5 chunk reads and
	// the validation's one, the second epoch reads 2 chunks and fails on
	// the fourth, within its second fill.
	cut := NewTrainer(cfg)
	ds, _ = countedDataset(recs, 5+1+3, false)
	if _, err := cut.TrainOn(ds); !errors.Is(err, errInterrupted) {
		t.Fatalf("interrupted run: %v", err)
	}
	resumed, err := Resume(cfg.Checkpoint, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.epoch != 1 || resumed.fill != 2 {
		t.Fatalf("resumed at epoch %d, chunk %d; want 1, 2", resumed.epoch, resumed.fill)
	}
	ds, _ = countedDataset(recs, 0, false)
	stats, err := resumed.TrainOn(ds)
	if err != nil {
		t.Fatal(err)
	}
	if len(stats) != 1 || !slices.Equal(resumed.params, whole.params) || resumed.step != whole.step {
		t.Errorf("resumed run: %d epochs, step %d (want %d), same weights %v", len(stats), resumed.step, whole.step,
			slices.Equal(resumed.params, whole.params))
	}
}

// TestLearningRate checks each schedule's step sizes, warm-up included.
func TestLearningRate(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	c := TrainConfig{Epochs: 4, LR: 0.01, FinalLR: 0.001}
	c.defaults()
	for e, want := range []float64{0.01, 0.01 * math.Pow(0.1, 1.0/3), 0.01 * math.Pow(0.1, 2.0/3), 0.001} {
		if got := c.LearningRate(100, e, 50, 100); !near(got, want) {
			t.Errorf("geometric, epoch %d: %v, want %v", e, got, want)
		}
	}
	c.Schedule = "cosine"
	for _, x := range []struct {
		epoch int
		done  int64
		want  float64
	}{{0, 0, 0.01}, {2, 0, 0.0055}, {1, 50, 0.001 + 0.009*(1+math.Cos(math.Pi*1.5/4))/2}, {4, 0, 0.001}} {
		t.Run(fmt.Sprintf("cosine, epoch %d + %d%%", x.epoch, x.done), func(t *testing.T) {
			if got := c.LearningRate(100, x.epoch, x.done, 100); !near(got, x.want) {
				t.Errorf("cosine, epoch %d + %d%%: %v, want %v", x.epoch, x.done, got, x.want)
			}
		})
	}
	c.Schedule, c.StepEpochs, c.StepGamma = "step", 2, 0.5
	for e, want := range []float64{0.01, 0.01, 0.005, 0.005} {
		if got := c.LearningRate(100, e, 0, 100); !near(got, want) {
			t.Errorf("step, epoch %d: %v, want %v", e, got, want)
		}
	}
	c.Warmup = 10
	if got := c.LearningRate(4, 0, 0, 100); !near(got, 0.005) {
		t.Errorf("warm-up step 4 of 10: %v, want 0.005", got)
	}
	if err := (TrainConfig{Schedule: "linear"}).Check(); err == nil {
		t.Error("an unknown schedule was accepted")
	}
}

// TestTrainShapes trains nets of other widths and with king buckets: the
// loss falls, the saved net has the shape and agrees with the floats, and
// its checkpoint resumes only with the same shape.
func TestTrainShapes(t *testing.T) {
	recs := materialRecords(3000, 14)
	for _, c := range []struct{ hidden, kb int }{{128, 1}, {HiddenStep, 4}, {HiddenStep, 8}} {
		t.Run(fmt.Sprintf("%+v", c), func(t *testing.T) {
			dir := t.TempDir()
			cfg := TrainConfig{Epochs: 3, BatchSize: 256, LR: 0.005, WDL: 0.2, ValFrac: 0.1, Threads: 2, Seed: 3,
				Hidden: c.hidden, KingBuckets: c.kb, KingMirror: c.kb > 1, Schedule: "cosine", Warmup: 10,
				Checkpoint: filepath.Join(dir, "ckpt"), Out: filepath.Join(dir, "net.nnue")}
			tr := NewTrainer(cfg)
			stats, err := tr.Train(recs)
			if err != nil {
				t.Fatal(err)
			}
			if first, last := stats[0].ValLoss, stats[len(stats)-1].ValLoss; !(last < first) {
				t.Errorf("hidden %d, %d king buckets: validation loss went from %.5f to %.5f", c.hidden, c.kb, first, last)
			}
			net, err := Load(cfg.Out)
			if err != nil {
				t.Fatal(err)
			}
			if net.Hidden != c.hidden || net.KingBuckets != c.kb || !net.Equal(tr.Quantise()) {
				t.Fatalf("saved net: hidden %d, %d king buckets, or not the trainer's", net.Hidden, net.KingBuckets)
			}
			total := 0.0
			for i := 0; i < 300; i++ {
				fen, _ := recs[i].FEN()
				total += math.Abs(float64(net.Evaluate(mustFEN(fen))) - tr.EvaluateFloat(&recs[i]))
			}
			if total/300 > 3 {
				t.Errorf("hidden %d, %d king buckets: quantised net differs from the float one by %.1f cp on average", c.hidden, c.kb, total/300)
			}
			other := cfg
			other.Hidden += HiddenStep
			if _, err := Resume(cfg.Checkpoint, other); err == nil {
				t.Error("a checkpoint resumed with another hidden width")
			}
			if _, err := Resume(cfg.Checkpoint, cfg); err != nil {
				t.Error(err)
			}
		})
	}
}

func mustFEN(fen string) *chess.Position { return chess.MustParseFEN(fen) }

// TestTrainStop: a closed Stop ends the run after the first shuffle
// buffer, with a checkpoint that resumes after it.
func TestTrainStop(t *testing.T) {
	recs := tiled(materialRecords(1000, 15), 3*chunkRecords)
	stop := make(chan struct{})
	close(stop)
	cfg := TrainConfig{Epochs: 2, BatchSize: 1024, Threads: 2, Hidden: HiddenStep, ShuffleBuffer: chunkRecords,
		Checkpoint: filepath.Join(t.TempDir(), "ckpt"), Stop: stop}
	if _, err := NewTrainer(cfg).Train(recs); !errors.Is(err, ErrStopped) {
		t.Fatalf("got %v, want ErrStopped", err)
	}
	tr, err := Resume(cfg.Checkpoint, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if e, p := tr.Place(); e != 0 || p != chunkRecords {
		t.Errorf("stopped after %d epochs and %d positions, want 0 and %d", e, p, chunkRecords)
	}
}
