package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"ox88/chess"
	"ox88/internal/atomicfile"
)

// TrainConfig is one training run.
type TrainConfig struct {
	Epochs    int     // passes over the training positions (default 10)
	BatchSize int     // positions per step (default 16384)
	LR        float64 // Adam's step size at the start (default 0.001)
	FinalLR   float64 // the step size at the end (default LR/20; see Schedule)
	// Schedule is how the step size goes from LR to FinalLR:
	//   "geometric" (the default): by a constant factor each epoch, LR in
	//     the first, FinalLR in the last;
	//   "cosine": along half a cosine over every step of the run;
	//   "step": LR times StepGamma after every StepEpochs epochs.
	// Warmup steps first rise linearly from LR/Warmup to the schedule's.
	Schedule   string
	Warmup     int     // optimiser steps of warm-up (0: none)
	StepEpochs int     // "step": epochs between drops (default Epochs/3, at least 1)
	StepGamma  float64 // "step": the factor of each drop (default 0.3)
	WDL        float64 // weight of the game result in the target, 0..1 (0: the search score alone); the rest is the search score
	ValFrac    float64 // share of positions held out for validation, the last ones (later games; default 0.02)
	Threads    int     // workers (default 1)
	// Hidden is the width of each perspective's accumulator (default
	// Hidden, 256; a multiple of HiddenStep up to MaxHidden).
	Hidden int
	// KingBuckets is the number of king buckets (1, the default, 4 or
	// 8; more than one needs KingMirror): see Net.
	KingBuckets int
	// Mirror trains on each position without castling rights mirrored
	// left to right (files a and h swapped) in half of the epochs, chosen
	// per position: the same game, seen twice as often.
	Mirror bool
	// KingMirror trains a king-mirrored net (Net.Mirrored): each
	// perspective sees the board mirrored left to right while its own king
	// is on files e to h.
	KingMirror bool
	// Buckets trains a bucketed net (Net.Buckets) when it is
	// OutputBuckets; any other value trains one output layer.
	Buckets int
	Seed    uint64 // shuffles and initial weights
	// ShuffleBuffer is how many records the trainer holds at once
	// (default 4 Mi, 128 MiB): see Train.
	ShuffleBuffer int
	// Checkpoint, when set, is written after every epoch and, within an
	// epoch, after the first shuffle buffer that ends CheckpointEvery
	// (default 10 minutes) after the last one written (float weights,
	// Adam's moments and the place in the epoch, so training can resume;
	// see Resume).
	Checkpoint      string
	CheckpointEvery time.Duration
	// Out, when set, receives the quantised net after every epoch, or,
	// with KeepBest, only after an epoch whose validation loss is the
	// lowest so far: a net trained on too few games starts to learn them
	// by heart, and its later epochs play worse.
	Out      string
	KeepBest bool
	Progress io.Writer // progress lines; nil: none
	// Stop, when closed, ends the run after the shuffle buffer in hand:
	// the checkpoint is written (when set) and TrainOn returns ErrStopped.
	Stop <-chan struct{}
}

// ErrStopped is returned by TrainOn when TrainConfig.Stop ended the run.
var ErrStopped = errors.New("nnue: training stopped; resume from the checkpoint")

// EpochStats is one epoch's losses (mean squared error on the expected
// score, 0..1).
type EpochStats struct {
	Epoch        int
	TrainLoss    float64
	ValLoss      float64
	Positions    int
	Elapsed      time.Duration
	LearningRate float64 // the step size of the epoch's last step
	Saved        bool    // the quantised net of this epoch was written to Out
}

// Clipping keeps the float weights where quantisation can hold them.
const weightClip = 1.98

// chunkRecords is the size of the chunks Train reads its data in: 4096
// records, 128 KiB, about fifty games of datagen's.
const chunkRecords = 4096

// Trainer holds a float network and Adam's state.
type Trainer struct {
	cfg    TrainConfig
	hidden int
	params []float32 // FT weights, FT bias, output weights (one row per bucket), output biases
	m, v   []float32 // Adam's moments
	offFTB int       // where the first layer's biases start in params
	offOW  int       // where the output weights start
	offOB  int       // where the output biases start (they end params)
	step   int
	epoch  int     // epochs done
	best   float64 // the lowest validation loss so far (KeepBest)
	// The place within the epoch: the chunks trained (of epochChunks'
	// order), and the loss summed and the positions trained over them.
	fill      int
	fillLoss  float64
	fillCount int64
	// heldRecords is the most records this trainer has held in memory at
	// once (for tests: at most ShuffleBuffer).
	heldRecords int
}

// newTrainer returns a trainer with zero weights.
func newTrainer(cfg TrainConfig) *Trainer {
	cfg.defaults()
	h := cfg.Hidden
	offFTB := cfg.KingBuckets * Inputs * h
	offOW := offFTB + h
	offOB := offOW + cfg.Buckets*2*h
	n := offOB + cfg.Buckets
	return &Trainer{cfg: cfg, hidden: h, params: make([]float32, n), m: make([]float32, n), v: make([]float32, n),
		offFTB: offFTB, offOW: offOW, offOB: offOB, best: math.Inf(1)}
}

// NewTrainer returns a trainer with fresh random weights. It panics on a
// shape ValidArch refuses (check cfg with cfg.Check first).
// NewTrainerFrom returns a trainer that starts from net's weights instead
// of random ones: training goes on from a net already made (fine-tuning on
// new data), with fresh optimiser moments. When net's shape is cfg's
// (hidden width, king buckets, output layers and king mirroring), Quantise
// of the new trainer gives back net's weights exactly.
//
// A net may also grow into a larger shape (see Grows): a wider accumulator,
// king buckets, output layers by material or king mirroring. The new
// accumulator lanes start with small random input weights and zero output
// weights, so they add nothing until training gives them a use; every king
// bucket and every output layer starts as a copy of the net's one. The
// grown net evaluates as net did wherever both perspectives see the board
// as net did (always, unless king mirroring is new: then with both kings on
// files a to d), so training starts from what net knows instead of from
// nothing.
func NewTrainerFrom(cfg TrainConfig, net *Net) (*Trainer, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	t := newTrainer(cfg)
	if err := Grows(net, t.hidden, t.cfg.KingBuckets, t.cfg.Buckets, t.cfg.KingMirror); err != nil {
		return nil, err
	}
	h, nh := t.hidden, net.Hidden
	p := t.params
	rng := rand.New(rand.NewPCG(t.cfg.Seed, 89))
	for kb := 0; kb < t.cfg.KingBuckets; kb++ {
		from := kb % net.KingBuckets // the same bucket, or net's only one
		for f := 0; f < Inputs; f++ {
			dst := p[(kb*Inputs+f)*h : (kb*Inputs+f+1)*h]
			src := net.FTWeights[(from*Inputs+f)*nh : (from*Inputs+f+1)*nh]
			for j, w := range src {
				dst[j] = float32(float64(w) / QA)
			}
			for j := nh; j < h; j++ {
				dst[j] = float32((rng.Float64()*2 - 1) / math.Sqrt(30))
			}
		}
	}
	for j, b := range net.FTBias {
		p[t.offFTB+j] = float32(float64(b) / QA)
	}
	for b := 0; b < t.cfg.Buckets; b++ {
		from := b % int(net.Buckets)
		src := net.OutWeights[from*2*nh : (from+1)*2*nh]
		dst := p[t.offOW+b*2*h : t.offOW+(b+1)*2*h]
		for side := 0; side < 2; side++ { // the side to move's half, then the other's
			for j := 0; j < nh; j++ {
				dst[side*h+j] = float32(float64(src[side*nh+j]) / float64(net.QB))
			}
		}
		p[t.offOB+b] = float32(float64(net.OutBias[from]) / (QA * float64(net.QB)))
	}
	return t, nil
}

// Grows reports whether net can start the training of a net hidden wide
// with kingBuckets king buckets, buckets output layers and king mirroring
// mirrored (NewTrainerFrom), and why not: each of them must be net's own
// or grow from it (a wider accumulator; king buckets from none; output
// layers by material from one; mirroring from none).
func Grows(net *Net, hidden, kingBuckets, buckets int, mirrored bool) error {
	if buckets != OutputBuckets {
		buckets = 1
	}
	if hidden < net.Hidden || (kingBuckets != net.KingBuckets && net.KingBuckets != 1) ||
		(buckets != int(net.Buckets) && net.Buckets != 1) || (net.Mirrored && !mirrored) {
		return fmt.Errorf("the net is %dx%d -> %d (king-mirrored %v) and cannot grow into the training's %dx%d -> %d (king-mirrored %v)",
			net.KingBuckets, net.Hidden, net.Buckets, net.Mirrored, kingBuckets, hidden, buckets, mirrored)
	}
	return nil
}

// SameShape reports whether net has exactly the shape of a training with
// cfg, so that NewTrainerFrom gives it back unchanged.
func (c TrainConfig) SameShape(net *Net) bool {
	c.defaults()
	return net.Hidden == c.Hidden && net.KingBuckets == c.KingBuckets && int(net.Buckets) == c.Buckets && net.Mirrored == c.KingMirror
}

func NewTrainer(cfg TrainConfig) *Trainer {
	if err := cfg.Check(); err != nil {
		panic("nnue: " + err.Error())
	}
	t := newTrainer(cfg)
	rng := rand.New(rand.NewPCG(t.cfg.Seed, 88))
	// About 30 of the inputs are on at once: scale the first layer so the
	// sums start near unit size.
	for i := 0; i < t.offFTB; i++ {
		t.params[i] = float32((rng.Float64()*2 - 1) / math.Sqrt(30))
	}
	for i := t.offOW; i < t.offOB; i++ {
		t.params[i] = float32((rng.Float64()*2 - 1) / math.Sqrt(float64(2*t.hidden)))
	}
	return t
}

// Check reports a configuration whose net cannot be built or whose
// schedule is unknown.
func (c TrainConfig) Check() error {
	c.defaults()
	if err := ValidArch(c.Hidden, c.KingBuckets, c.KingMirror); err != nil {
		return err
	}
	switch c.Schedule {
	case "geometric", "cosine", "step":
	default:
		return fmt.Errorf("learning-rate schedule %q: want geometric, cosine or step", c.Schedule)
	}
	return nil
}

func (c *TrainConfig) defaults() {
	if c.Epochs <= 0 {
		c.Epochs = 10
	}
	if c.BatchSize <= 0 {
		c.BatchSize = 16384
	}
	if c.LR <= 0 {
		c.LR = 0.001
	}
	if c.FinalLR <= 0 {
		c.FinalLR = c.LR / 20
	}
	if c.Schedule == "" {
		c.Schedule = "geometric"
	}
	if c.StepEpochs <= 0 {
		c.StepEpochs = max(1, c.Epochs/3)
	}
	if c.StepGamma <= 0 {
		c.StepGamma = 0.3
	}
	if c.WDL < 0 || c.WDL > 1 {
		c.WDL = 0
	}
	if c.ValFrac <= 0 || c.ValFrac >= 0.5 {
		c.ValFrac = 0.02
	}
	if c.Threads <= 0 {
		c.Threads = 1
	}
	if c.Buckets != OutputBuckets {
		c.Buckets = 1
	}
	if c.Hidden == 0 {
		c.Hidden = Hidden
	}
	if c.KingBuckets == 0 {
		c.KingBuckets = 1
	}
	if c.ShuffleBuffer <= 0 {
		c.ShuffleBuffer = 4 << 20
	}
	if c.CheckpointEvery <= 0 {
		c.CheckpointEvery = 10 * time.Minute
	}
}

// LearningRate returns the step size of optimiser step step (counted from
// 0 over the whole run), taken in epoch epoch (from 0) after done of the
// epoch's perEpoch training positions.
func (c *TrainConfig) LearningRate(step, epoch int, done, perEpoch int64) float64 {
	var lr float64
	switch c.Schedule {
	case "cosine":
		p := (float64(epoch) + float64(done)/float64(max(perEpoch, 1))) / float64(c.Epochs)
		lr = c.FinalLR + (c.LR-c.FinalLR)*(1+math.Cos(math.Pi*min(p, 1)))/2
	case "step":
		lr = c.LR * math.Pow(c.StepGamma, float64(epoch/c.StepEpochs))
	default: // geometric
		lr = c.LR * math.Pow(c.FinalLR/c.LR, float64(epoch)/float64(max(1, c.Epochs-1)))
	}
	if step < c.Warmup {
		lr *= float64(step+1) / float64(c.Warmup)
	}
	return lr
}

// sample is one position prepared for training: its active inputs from
// the side to move's perspective and the other's, and the target.
type sample struct {
	us, them [32]uint16
	n        int
	bucket   int // the output layer
	target   float32
}

// prepare decodes a record into a sample for a net of kingBuckets king
// buckets (1: none). wdl is the weight of the result; mirror swaps files
// a and h (for a record without castling rights).
func prepare(r *Record, wdl float64, s *sample, mirror, kingMirror bool, buckets, kingBuckets int) {
	flip := 0
	if mirror {
		flip = 7 // sq^7 swaps the file and keeps the rank
	}
	stm := chess.White
	if r.BlackToMove() {
		stm = chess.Black
	}
	s.n = 0
	var kingSq [2]int
	r.Pieces(func(sq int, k chess.Kind, c chess.Color) {
		if s.n < 32 {
			sq ^= flip
			s.us[s.n] = uint16(featureIndex(stm, c, k, sq))
			s.them[s.n] = uint16(featureIndex(stm^1, c, k, sq))
			s.n++
			if k == chess.King {
				kingSq[c&1] = sq
			}
		}
	})
	if kingMirror {
		// As Net.kingView: a perspective whose king is on files e-h sees
		// the board mirrored, which XORs 7 into each of its indices, and
		// its king's bucket picks its block of inputs.
		n := Net{Mirrored: true, KingBuckets: kingBuckets}
		for side, f := range [2]*[32]uint16{&s.us, &s.them} {
			persp := stm
			if side == 1 {
				persp = stm ^ 1
			}
			v := n.kingViewIndex(persp, kingSq[persp&1])
			for i := 0; i < s.n; i++ {
				f[i] = uint16(int(v.base) + (int(f[i]) ^ int(v.flip)))
			}
		}
	}
	score := float64(r.Score())
	result := float64(r.Result()) / 2 // White's view
	if stm == chess.Black {
		score, result = -score, 1-result
	}
	s.target = float32(wdl*result + (1-wdl)*sigmoid(score/Scale))
	s.bucket = 0
	if buckets > 1 {
		s.bucket = min(max((s.n-2)/4, 0), OutputBuckets-1) // as Net.Bucket
	}
}

// prepare is the package's prepare with the trainer's settings.
func (t *Trainer) prepare(r *Record, s *sample, mirror bool, wdl float64) {
	prepare(r, wdl, s, mirror, t.cfg.KingMirror, t.cfg.Buckets, t.cfg.KingBuckets)
}

// mirrorThisEpoch decides, by a hash of the position's index and the
// epoch, whether a position is trained mirrored: about half the epochs
// each, the same whatever the number of workers.
func mirrorThisEpoch(i int64, epoch int) bool {
	h := (uint64(i)+1)*0x9e3779b97f4a7c15 ^ (uint64(epoch)+1)*0xbf58476d1ce4e5b9
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	return h>>63 != 0
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// scratch is one worker's room for the two accumulators and their
// gradients.
type scratch struct{ us, them, gu, gt []float32 }

func (t *Trainer) newScratch() *scratch {
	h := t.hidden
	b := make([]float32, 4*h)
	return &scratch{b[:h], b[h : 2*h], b[2*h : 3*h], b[3*h:]}
}

// forward computes the output logit of one sample with the float weights
// and leaves the two accumulators in sc.us and sc.them.
func (t *Trainer) forward(s *sample, sc *scratch) float32 {
	p, h := t.params, t.hidden
	us, them := sc.us, sc.them
	copy(us, p[t.offFTB:t.offOW])
	copy(them, p[t.offFTB:t.offOW])
	for k := 0; k < s.n; k++ {
		rowU := p[int(s.us[k])*h : int(s.us[k])*h+h]
		rowT := p[int(s.them[k])*h : int(s.them[k])*h+h]
		for j := range us {
			us[j] += rowU[j]
			them[j] += rowT[j]
		}
	}
	ow := p[t.offOW+s.bucket*2*h : t.offOW+(s.bucket+1)*2*h]
	out := p[t.offOB+s.bucket]
	for j := 0; j < h; j++ {
		x := min(max(us[j], 0), 1)
		y := min(max(them[j], 0), 1)
		out += x*x*ow[j] + y*y*ow[h+j]
	}
	return out
}

// backward adds the gradient of one sample's squared error to grad and
// returns its loss.
func (t *Trainer) backward(s *sample, grad []float32, sc *scratch) float64 {
	h := t.hidden
	out := t.forward(s, sc)
	pred := float32(sigmoid(float64(out)))
	diff := pred - s.target
	g := 2 * diff * pred * (1 - pred)
	lo, hi := t.offOW+s.bucket*2*h, t.offOW+(s.bucket+1)*2*h
	ow := t.params[lo:hi]
	gOW := grad[lo:hi]
	gB := grad[t.offFTB:t.offOW]
	us, them, gu, gt := sc.us, sc.them, sc.gu, sc.gt
	for j := 0; j < h; j++ {
		x := min(max(us[j], 0), 1)
		y := min(max(them[j], 0), 1)
		gOW[j] += g * x * x
		gOW[h+j] += g * y * y
		gu[j], gt[j] = 0, 0
		if x > 0 && x < 1 {
			gu[j] = g * ow[j] * 2 * x
		}
		if y > 0 && y < 1 {
			gt[j] = g * ow[h+j] * 2 * y
		}
		gB[j] += gu[j] + gt[j]
	}
	grad[t.offOB+s.bucket] += g
	for k := 0; k < s.n; k++ {
		rowU := grad[int(s.us[k])*h : int(s.us[k])*h+h]
		rowT := grad[int(s.them[k])*h : int(s.them[k])*h+h]
		for j := range gu {
			rowU[j] += gu[j]
			rowT[j] += gt[j]
		}
	}
	return float64(diff * diff)
}

// lossSum returns the summed squared error over recs without training.
func (t *Trainer) lossSum(recs []Record) float64 {
	var total float64
	var mu sync.Mutex
	parallel(t.cfg.Threads, len(recs), func(_, lo, hi int) {
		var s sample
		sc := t.newScratch()
		sum := 0.0
		for i := lo; i < hi; i++ {
			t.prepare(&recs[i], &s, false, t.cfg.WDL)
			d := float64(sigmoid(float64(t.forward(&s, sc)))) - float64(s.target)
			sum += d * d
		}
		mu.Lock()
		total += sum
		mu.Unlock()
	})
	return total
}

// parallel splits [0, n) into one range per worker.
func parallel(workers, n int, f func(w, lo, hi int)) {
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := n*w/workers, n*(w+1)/workers
		if lo == hi {
			continue
		}
		wg.Add(1)
		go func() { defer wg.Done(); f(w, lo, hi) }()
	}
	wg.Wait()
}

// Train runs the remaining epochs over recs, held in memory (see TrainOn).
func (t *Trainer) Train(recs []Record) ([]EpochStats, error) {
	return t.TrainOn(DatasetOf(recs))
}

// TrainOn runs the remaining epochs over the dataset and returns each
// epoch's losses.
//
// The validation positions are the last ValFrac of the data: datagen
// writes whole games in order, so they come from games the training never
// sees. (A random share would hold positions of the training's own games,
// about 86 a game with the same result, which a net can learn by heart:
// its validation loss would read too low and keep falling as the net
// memorises.)
//
// The data streams from disk: memory holds at most ShuffleBuffer records,
// whatever the data's size. The training positions are cut into chunks of
// chunkRecords consecutive records; each epoch takes the chunks in a
// random order (epochChunks), fills the buffer with as many as it holds,
// shuffles the buffer's records and trains on them, and so on. A batch
// thus draws from hundreds of chunks spread over the whole data, never
// from a run of consecutive positions of a few games. Every order comes
// from Seed, the epoch and the chunks done, so a run resumed from a
// checkpoint taken between fills (with the same ShuffleBuffer) continues
// exactly as it would have.
func (t *Trainer) TrainOn(ds *Dataset) ([]EpochStats, error) {
	cfg := t.cfg
	n := ds.Len()
	if n < 2 {
		return nil, errors.New("nnue: too few training positions")
	}
	if n > math.MaxInt32*int64(chunkRecords) {
		return nil, fmt.Errorf("nnue: %d positions, more than this trainer indexes", n)
	}
	nVal := t.validationSize(n)
	nTrain := n - nVal
	capacity := max(chunkRecords, cfg.ShuffleBuffer/chunkRecords*chunkRecords)
	capacity = int(min(int64(capacity), (nTrain+chunkRecords-1)/chunkRecords*chunkRecords))
	buf := make([]Record, capacity)
	t.heldRecords = max(t.heldRecords, len(buf))
	slot := make([]int32, capacity/chunkRecords) // the chunk in each slot of buf
	order := make([]int32, 0, capacity)          // positions in buf, shuffled
	grads := make([][]float32, cfg.Threads)
	for i := range grads {
		grads[i] = make([]float32, len(t.params))
	}
	scr := make([]*scratch, cfg.Threads)
	for i := range scr {
		scr[i] = t.newScratch()
	}
	chunksPerFill := capacity / chunkRecords
	runStart := time.Now()
	var runDone int64 // positions trained by this call
	todo := int64(cfg.Epochs-t.epoch)*nTrain - t.fillCount
	lastReport, lastCkpt := runStart, runStart
	var stats []EpochStats
	for t.epoch < cfg.Epochs {
		start := time.Now()
		chunks := epochChunks(nTrain, cfg.Seed, t.epoch)
		lr := 0.0
		for t.fill < len(chunks) {
			mine := chunks[t.fill:min(t.fill+chunksPerFill, len(chunks))]
			order = order[:0]
			for k, c := range mine {
				lo := int64(c) * chunkRecords
				hi := min(lo+chunkRecords, nTrain)
				if err := ds.ReadAt(buf[k*chunkRecords:k*chunkRecords+int(hi-lo)], lo); err != nil {
					return stats, err
				}
				slot[k] = c
				for i := range int32(hi - lo) {
					order = append(order, int32(k*chunkRecords)+i)
				}
			}
			frng := rand.New(rand.NewPCG(cfg.Seed^0x5eed, uint64(t.epoch)<<32|uint64(t.fill)))
			t.fill += len(mine)
			frng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			for b := 0; b < len(order); b += cfg.BatchSize {
				batch := order[b:min(b+cfg.BatchSize, len(order))]
				lr = cfg.LearningRate(t.step, t.epoch, t.fillCount, nTrain)
				losses := make([]float64, cfg.Threads)
				parallel(cfg.Threads, len(batch), func(w, lo, hi int) {
					g := grads[w]
					clear(g)
					var s sample
					for _, p := range batch[lo:hi] {
						r := &buf[p]
						idx := int64(slot[p/chunkRecords])*chunkRecords + int64(p%chunkRecords)
						t.prepare(r, &s, cfg.Mirror && mirrorThisEpoch(idx, t.epoch) && !r.MayCastle(), cfg.WDL)
						losses[w] += t.backward(&s, g, scr[w])
					}
				})
				parallel(cfg.Threads, len(t.params), func(_, lo, hi int) {
					for w := 1; w < cfg.Threads; w++ {
						if len(batch)*(w+1)/cfg.Threads > len(batch)*w/cfg.Threads {
							addInto(grads[0][lo:hi], grads[w][lo:hi])
						}
					}
				})
				for _, l := range losses {
					t.fillLoss += l
				}
				t.adam(grads[0], float32(lr), float32(1/float64(len(batch))))
				t.fillCount += int64(len(batch))
				runDone += int64(len(batch))
				if cfg.Progress != nil && time.Since(lastReport) >= 10*time.Second {
					lastReport = time.Now()
					el := time.Since(runStart).Seconds()
					rate := float64(runDone) / el
					epochLeft := time.Duration(float64(nTrain-t.fillCount) / rate * 1e9)
					runLeft := time.Duration(float64(todo-runDone) / rate * 1e9)
					fmt.Fprintf(cfg.Progress, "train: epoch %d/%d  %d/%d positions  loss %.5f  lr %.6f  %.0f pos/s  epoch ETA %s  run ETA %s\n",
						t.epoch+1, cfg.Epochs, t.fillCount, nTrain, t.fillLoss/float64(t.fillCount), lr, rate,
						epochLeft.Round(time.Second), runLeft.Round(time.Second))
				}
			}
			stopping := false
			select {
			case <-cfg.Stop:
				stopping = true
			default:
			}
			if stopping && t.fill < len(chunks) {
				if cfg.Checkpoint != "" {
					if err := t.SaveCheckpoint(cfg.Checkpoint); err != nil {
						return stats, err
					}
				}
				return stats, ErrStopped
			}
			if cfg.Checkpoint != "" && t.fill < len(chunks) && time.Since(lastCkpt) >= cfg.CheckpointEvery {
				if err := t.SaveCheckpoint(cfg.Checkpoint); err != nil {
					return stats, err
				}
				lastCkpt = time.Now()
			}
		}
		valSum, err := t.streamLoss(ds, nTrain, n, buf)
		if err != nil {
			return stats, err
		}
		es := EpochStats{Epoch: t.epoch + 1, TrainLoss: t.fillLoss / float64(max(t.fillCount, 1)), ValLoss: valSum / float64(nVal),
			Positions: int(nTrain), Elapsed: time.Since(start), LearningRate: lr}
		es.Saved = cfg.Out != "" && (!cfg.KeepBest || es.ValLoss < t.best)
		t.best = min(t.best, es.ValLoss)
		stats = append(stats, es)
		if cfg.Progress != nil {
			saved := ""
			if es.Saved {
				saved = "  saved"
			}
			fmt.Fprintf(cfg.Progress, "train: epoch %d/%d  train loss %.5f  validation loss %.5f  lr %.6f  %s%s\n",
				es.Epoch, cfg.Epochs, es.TrainLoss, es.ValLoss, lr, es.Elapsed.Round(time.Second), saved)
		}
		t.epoch++
		t.fill, t.fillLoss, t.fillCount = 0, 0, 0
		if cfg.Checkpoint != "" {
			if err := t.SaveCheckpoint(cfg.Checkpoint); err != nil {
				return stats, err
			}
			lastCkpt = time.Now()
		}
		if es.Saved {
			if err := t.Quantise().Save(cfg.Out); err != nil {
				return stats, err
			}
		}
		select {
		case <-cfg.Stop:
			if t.epoch < cfg.Epochs {
				return stats, ErrStopped
			}
		default:
		}
	}
	return stats, nil
}

// Place returns where the run stands: the epochs done and the positions
// trained of the next one.
func (t *Trainer) Place() (epochs int, positions int64) { return t.epoch, t.fillCount }

// epochChunks returns the order in which an epoch takes the chunks of the
// nTrain training positions: a permutation of 0..ceil(nTrain/chunkRecords)-1
// drawn from seed and epoch.
func epochChunks(nTrain int64, seed uint64, epoch int) []int32 {
	chunks := make([]int32, (nTrain+chunkRecords-1)/chunkRecords)
	for i := range chunks {
		chunks[i] = int32(i)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(epoch)+2))
	rng.Shuffle(len(chunks), func(i, j int) { chunks[i], chunks[j] = chunks[j], chunks[i] })
	return chunks
}

// streamLoss returns the summed loss over records lo to hi of ds, read
// through buf a bufferful at a time.
func (t *Trainer) streamLoss(ds *Dataset, lo, hi int64, buf []Record) (float64, error) {
	sum := 0.0
	for at := lo; at < hi; {
		k := min(int64(len(buf)), hi-at)
		if err := ds.ReadAt(buf[:k], at); err != nil {
			return 0, err
		}
		sum += t.lossSum(buf[:k])
		at += k
	}
	return sum, nil
}

// validationSize is how many of n records, the last ones, Train holds out.
func (t *Trainer) validationSize(n int64) int64 { return max(1, int64(float64(n)*t.cfg.ValFrac)) }

// StaticLoss returns the loss that eval, a static evaluation in
// centipawns for the side to move, scores on the positions Train
// validates on (the same target and squared error). It is the yardstick
// for a net: the hand-written evaluation's static score, say, which a
// net trained on enough games beats. Positions eval cannot judge (ok
// false) are left out.
func (t *Trainer) StaticLoss(ds *Dataset, eval func(r *Record) (cp int, ok bool)) (float64, error) {
	if ds.Len() < 2 {
		return 0, nil
	}
	var s sample
	sum, n := 0.0, 0
	buf := make([]Record, chunkRecords)
	for at := ds.Len() - t.validationSize(ds.Len()); at < ds.Len(); {
		k := min(int64(len(buf)), ds.Len()-at)
		if err := ds.ReadAt(buf[:k], at); err != nil {
			return 0, err
		}
		for i := range buf[:k] {
			cp, ok := eval(&buf[i])
			if !ok {
				continue
			}
			prepare(&buf[i], t.cfg.WDL, &s, false, false, 1, 1)
			d := sigmoid(float64(cp)/Scale) - float64(s.target)
			sum += d * d
			n++
		}
		at += k
	}
	if n == 0 {
		return 0, nil
	}
	return sum / float64(n), nil
}

func addInto(dst, src []float32) {
	for i := range dst {
		dst[i] += src[i]
	}
}

// Adam's constants.
const (
	adamBeta1 = 0.9
	adamBeta2 = 0.999
	adamEps   = 1e-8
)

// adam takes one step against the summed gradient g (scaled by scale to a
// mean) and clips the weights to what quantisation holds, on every
// worker.
func (t *Trainer) adam(g []float32, lr, scale float32) {
	t.step++
	c1 := float32(1 - math.Pow(adamBeta1, float64(t.step)))
	c2 := float32(1 - math.Pow(adamBeta2, float64(t.step)))
	parallel(t.cfg.Threads, len(t.params), func(_, lo, hi int) {
		p, m, v, g := t.params[lo:hi], t.m[lo:hi], t.v[lo:hi], g[lo:hi]
		for i := range p {
			gi := g[i] * scale
			if gi == 0 && m[i] == 0 {
				continue // an input never seen yet: nothing to move
			}
			m[i] = adamBeta1*m[i] + (1-adamBeta1)*gi
			v[i] = adamBeta2*v[i] + (1-adamBeta2)*gi*gi
			p[i] -= lr * (m[i] / c1) / (float32(math.Sqrt(float64(v[i]/c2))) + adamEps)
			if lo+i < t.offOB {
				p[i] = min(max(p[i], -weightClip), weightClip)
			}
		}
	})
}

// Quantise returns the integer net of the current float weights.
func (t *Trainer) Quantise() *Net {
	n := NewNet(t.hidden, t.cfg.KingBuckets, t.cfg.Buckets, t.cfg.KingMirror)
	p := t.params
	for i := range n.FTWeights {
		n.FTWeights[i] = int16(math.Round(float64(p[i]) * QA))
	}
	for j := range n.FTBias {
		n.FTBias[j] = int16(math.Round(float64(p[t.offFTB+j]) * QA))
	}
	for i := range n.OutWeights {
		n.OutWeights[i] = int16(math.Round(float64(p[t.offOW+i]) * QB))
	}
	for b := range n.OutBias {
		n.OutBias[b] = int32(math.Round(float64(p[t.offOB+b]) * QA * QB))
	}
	return n
}

// EvaluateFloat returns the float network's value of r's position in
// centipawns for the side to move (to compare with the quantised net).
func (t *Trainer) EvaluateFloat(r *Record) float64 {
	var s sample
	t.prepare(r, &s, false, 0)
	return float64(t.forward(&s, t.newScratch())) * Scale
}

// The checkpoint file: "OX88CKP3", the number of parameters, the epoch
// and Adam step counts, the flags (bit 0: a king-mirrored net; bit 1: a
// bucketed one), the hidden width and the king buckets, the place within
// the epoch (chunks done, the positions trained and their summed loss),
// the lowest validation loss so far, then the parameters and both moments
// as float32, little-endian. The versions before, "OX88CKP2" and (without
// the flags) "OX88CKPT", end their header after the flags, at epoch
// boundaries, for nets of hidden width 256 without king buckets.
const (
	ckptMagic   = "OX88CKP3"
	ckptMagicV2 = "OX88CKP2"
	ckptMagicV1 = "OX88CKPT"
)

// ckptHeader is a checkpoint's header after its magic.
type ckptHeader struct {
	N, Epoch    uint32
	Step        uint64
	Flags       uint32
	Hidden      uint32
	KingBuckets uint32
	Fill        uint32
	FillCount   int64
	FillLoss    float64
	Best        float64
}

// SaveCheckpoint writes the float weights, Adam's state and the place in
// the run (whole or not at all: package atomicfile).
func (t *Trainer) SaveCheckpoint(name string) error {
	return atomicfile.Write(name, func(w io.Writer) error {
		if _, err := io.WriteString(w, ckptMagic); err != nil {
			return err
		}
		h := ckptHeader{N: uint32(len(t.params)), Epoch: uint32(t.epoch), Step: uint64(t.step),
			Hidden: uint32(t.hidden), KingBuckets: uint32(t.cfg.KingBuckets),
			Fill: uint32(t.fill), FillCount: t.fillCount, FillLoss: t.fillLoss, Best: t.best}
		if t.cfg.KingMirror {
			h.Flags = 1
		}
		if t.cfg.Buckets > 1 {
			h.Flags |= 2
		}
		for _, x := range []any{h, t.params, t.m, t.v} {
			if err := binary.Write(w, binary.LittleEndian, x); err != nil {
				return err
			}
		}
		return nil
	})
}

// Resume returns a trainer that continues from a checkpoint with cfg's
// schedule. cfg's shape (KingMirror, Buckets, Hidden, KingBuckets) must
// be the checkpoint's.
func Resume(name string, cfg TrainConfig) (*Trainer, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	cfg.defaults()
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	magic := make([]byte, len(ckptMagic))
	if _, err := io.ReadFull(f, magic); err != nil {
		return nil, fmt.Errorf("%s: not an ox88 training checkpoint", name)
	}
	h := ckptHeader{Hidden: Hidden, KingBuckets: 1, Best: math.Inf(1)}
	var fields []any
	switch string(magic) {
	case ckptMagic:
		fields = []any{&h}
	case ckptMagicV2:
		fields = []any{&h.N, &h.Epoch, &h.Step, &h.Flags}
	case ckptMagicV1:
		fields = []any{&h.N, &h.Epoch, &h.Step}
	default:
		return nil, fmt.Errorf("%s: not an ox88 training checkpoint", name)
	}
	for _, x := range fields {
		if err := binary.Read(f, binary.LittleEndian, x); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if mirrored := h.Flags&1 != 0; mirrored != cfg.KingMirror {
		return nil, fmt.Errorf("%s: the checkpoint's net has king mirroring %v; resume with the same setting", name, mirrored)
	}
	if bucketed := h.Flags&2 != 0; bucketed != (cfg.Buckets > 1) {
		return nil, fmt.Errorf("%s: the checkpoint's net has output buckets %v; resume with the same setting", name, bucketed)
	}
	if int(h.Hidden) != cfg.Hidden || int(h.KingBuckets) != cfg.KingBuckets {
		return nil, fmt.Errorf("%s: the checkpoint's net has hidden width %d and %d king buckets; resume with the same settings",
			name, h.Hidden, h.KingBuckets)
	}
	t := newTrainer(cfg)
	if int(h.N) != len(t.params) {
		return nil, fmt.Errorf("%s: %d parameters, this build's net has %d", name, h.N, len(t.params))
	}
	t.step, t.epoch = int(h.Step), int(h.Epoch)
	t.fill, t.fillCount, t.fillLoss, t.best = int(h.Fill), h.FillCount, h.FillLoss, h.Best
	for _, x := range [][]float32{t.params, t.m, t.v} {
		if err := binary.Read(f, binary.LittleEndian, x); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return t, nil
}

// ReadRecords reads a file of training records; a torn last record is
// ignored.
func ReadRecords(name string) ([]Record, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	recs := make([]Record, len(data)/RecordSize)
	for i := range recs {
		copy(recs[i][:], data[i*RecordSize:])
	}
	return recs, nil
}
