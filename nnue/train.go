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
	FinalLR   float64 // the step size of the last epoch; it decays geometrically (default LR/20)
	WDL       float64 // weight of the game result in the target, 0..1 (0: the search score alone); the rest is the search score
	ValFrac   float64 // share of positions held out for validation, the last ones (later games; default 0.02)
	Threads   int     // workers (default 1)
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
	// Checkpoint, when set, is written after every epoch (float weights
	// and Adam's moments, so training can resume; see Resume).
	Checkpoint string
	// Out, when set, receives the quantised net after every epoch, or,
	// with KeepBest, only after an epoch whose validation loss is the
	// lowest so far (of this Trainer's epochs; a resumed one starts
	// afresh): a net trained on too few games starts to learn them by
	// heart, and its later epochs play worse.
	Out      string
	KeepBest bool
	Progress io.Writer // progress lines; nil: none
}

// EpochStats is one epoch's losses (mean squared error on the expected
// score, 0..1).
type EpochStats struct {
	Epoch        int
	TrainLoss    float64
	ValLoss      float64
	Positions    int
	Elapsed      time.Duration
	LearningRate float64
	Saved        bool // the quantised net of this epoch was written to Out
}

// Clipping keeps the float weights where quantisation can hold them.
const weightClip = 1.98

// Trainer holds a float network and Adam's state.
type Trainer struct {
	cfg    TrainConfig
	params []float32 // FT weights, FT bias, output weights (one row per bucket), output biases
	m, v   []float32 // Adam's moments
	offOB  int       // where the output biases start in params (they end it)
	step   int
	epoch  int     // epochs done
	best   float64 // the lowest validation loss of this trainer's epochs (KeepBest)
}

// Offsets into Trainer.params: the first layer's weights and biases, then
// the output layers' weights, 2*Hidden for each bucket, at offOW.
const (
	offFTB = Inputs * Hidden
	offOW  = offFTB + Hidden
)

// newTrainer returns a trainer with zero weights.
func newTrainer(cfg TrainConfig) *Trainer {
	cfg.defaults()
	offOB := offOW + cfg.Buckets*2*Hidden
	n := offOB + cfg.Buckets
	return &Trainer{cfg: cfg, params: make([]float32, n), m: make([]float32, n), v: make([]float32, n),
		offOB: offOB, best: math.Inf(1)}
}

// NewTrainer returns a trainer with fresh random weights.
func NewTrainer(cfg TrainConfig) *Trainer {
	t := newTrainer(cfg)
	rng := rand.New(rand.NewPCG(t.cfg.Seed, 88))
	// About 30 of the 768 inputs are on at once: scale the first layer so
	// the sums start near unit size.
	for i := 0; i < offFTB; i++ {
		t.params[i] = float32((rng.Float64()*2 - 1) / math.Sqrt(30))
	}
	for i := offOW; i < t.offOB; i++ {
		t.params[i] = float32((rng.Float64()*2 - 1) / math.Sqrt(2*Hidden))
	}
	return t
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
}

// sample is one position prepared for training: its active features from
// the side to move's perspective and the other's, and the target.
type sample struct {
	us, them [32]uint16
	n        int
	bucket   int // the output layer
	target   float32
}

// prepare decodes a record into a sample. wdl is the weight of the result;
// mirror swaps files a and h (for a record without castling rights).
func prepare(r *Record, wdl float64, s *sample, mirror, kingMirror bool, buckets int) {
	flip := 0
	if mirror {
		flip = 7 // sq^7 swaps the file and keeps the rank
	}
	stm := chess.White
	if r.BlackToMove() {
		stm = chess.Black
	}
	s.n = 0
	var kingFile [2]int
	r.Pieces(func(sq int, k chess.Kind, c chess.Color) {
		if s.n < 32 {
			sq ^= flip
			s.us[s.n] = uint16(featureIndex(stm, c, k, sq))
			s.them[s.n] = uint16(featureIndex(stm^1, c, k, sq))
			s.n++
			if k == chess.King {
				kingFile[c&1] = sq & 7
			}
		}
	})
	if kingMirror {
		// As Net.kingFlip: a perspective whose king is on files e-h sees
		// the board mirrored, which XORs 7 into each of its indices.
		for side, f := range [2]*[32]uint16{&s.us, &s.them} {
			persp := stm
			if side == 1 {
				persp = stm ^ 1
			}
			if kingFile[persp&1] >= 4 {
				for i := 0; i < s.n; i++ {
					f[i] ^= 7
				}
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

// mirrorThisEpoch decides, by a hash of the position's index and the
// epoch, whether a position is trained mirrored: about half the epochs
// each, the same whatever the number of workers.
func mirrorThisEpoch(i, epoch int) bool {
	h := (uint64(i)+1)*0x9e3779b97f4a7c15 ^ (uint64(epoch)+1)*0xbf58476d1ce4e5b9
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	return h>>63 != 0
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// forward computes the output logit of one sample with the float weights
// and leaves the two accumulators in us and them.
func (t *Trainer) forward(s *sample, us, them *[Hidden]float32) float32 {
	p := t.params
	copy(us[:], p[offFTB:offOW])
	copy(them[:], p[offFTB:offOW])
	for k := 0; k < s.n; k++ {
		rowU := p[int(s.us[k])*Hidden : int(s.us[k])*Hidden+Hidden]
		rowT := p[int(s.them[k])*Hidden : int(s.them[k])*Hidden+Hidden]
		for j := range us {
			us[j] += rowU[j]
			them[j] += rowT[j]
		}
	}
	ow := p[offOW+s.bucket*2*Hidden : offOW+(s.bucket+1)*2*Hidden]
	out := p[t.offOB+s.bucket]
	for j := 0; j < Hidden; j++ {
		x := min(max(us[j], 0), 1)
		y := min(max(them[j], 0), 1)
		out += x*x*ow[j] + y*y*ow[Hidden+j]
	}
	return out
}

// backward adds the gradient of one sample's squared error to grad and
// returns its loss.
func (t *Trainer) backward(s *sample, grad []float32, us, them *[Hidden]float32) float64 {
	out := t.forward(s, us, them)
	pred := float32(sigmoid(float64(out)))
	diff := pred - s.target
	g := 2 * diff * pred * (1 - pred)
	lo, hi := offOW+s.bucket*2*Hidden, offOW+(s.bucket+1)*2*Hidden
	ow := t.params[lo:hi]
	gOW := grad[lo:hi]
	gB := grad[offFTB:offOW]
	var gu, gt [Hidden]float32
	for j := 0; j < Hidden; j++ {
		x := min(max(us[j], 0), 1)
		y := min(max(them[j], 0), 1)
		gOW[j] += g * x * x
		gOW[Hidden+j] += g * y * y
		if x > 0 && x < 1 {
			gu[j] = g * ow[j] * 2 * x
		}
		if y > 0 && y < 1 {
			gt[j] = g * ow[Hidden+j] * 2 * y
		}
		gB[j] += gu[j] + gt[j]
	}
	grad[t.offOB+s.bucket] += g
	for k := 0; k < s.n; k++ {
		rowU := grad[int(s.us[k])*Hidden : int(s.us[k])*Hidden+Hidden]
		rowT := grad[int(s.them[k])*Hidden : int(s.them[k])*Hidden+Hidden]
		for j := range gu {
			rowU[j] += gu[j]
			rowT[j] += gt[j]
		}
	}
	return float64(diff * diff)
}

// loss returns the mean squared error over records without training.
func (t *Trainer) loss(recs []Record, idx []int) float64 {
	if len(idx) == 0 {
		return 0
	}
	var total float64
	var mu sync.Mutex
	parallel(t.cfg.Threads, len(idx), func(_, lo, hi int) {
		var s sample
		var us, them [Hidden]float32
		sum := 0.0
		for _, i := range idx[lo:hi] {
			prepare(&recs[i], t.cfg.WDL, &s, false, t.cfg.KingMirror, t.cfg.Buckets)
			d := float64(sigmoid(float64(t.forward(&s, &us, &them)))) - float64(s.target)
			sum += d * d
		}
		mu.Lock()
		total += sum
		mu.Unlock()
	})
	return total / float64(len(idx))
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

// Train runs the remaining epochs over recs and returns each epoch's
// losses. The validation positions are the last ValFrac of recs: datagen
// writes whole games in order, so they come from games the training never
// sees. (A random share would hold positions of the training's own games,
// about 86 a game with the same result, which a net can learn by heart:
// its validation loss would read too low and keep falling as the net
// memorises.)
func (t *Trainer) Train(recs []Record) ([]EpochStats, error) {
	cfg := t.cfg
	if len(recs) < 2 {
		return nil, errors.New("nnue: too few training positions")
	}
	nVal := t.validationSize(len(recs))
	order := make([]int, len(recs))
	for i := range order {
		order[i] = i
	}
	train, val := order[:len(recs)-nVal], order[len(recs)-nVal:]
	grads := make([][]float32, cfg.Threads)
	for i := range grads {
		grads[i] = make([]float32, len(t.params))
	}
	var stats []EpochStats
	for t.epoch < cfg.Epochs {
		start := time.Now()
		lr := cfg.LR * math.Pow(cfg.FinalLR/cfg.LR, float64(t.epoch)/float64(max(1, cfg.Epochs-1)))
		erng := rand.New(rand.NewPCG(cfg.Seed, uint64(t.epoch)+2))
		erng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		var sum float64
		lastReport := start
		for b := 0; b < len(train); b += cfg.BatchSize {
			batch := train[b:min(b+cfg.BatchSize, len(train))]
			losses := make([]float64, cfg.Threads)
			parallel(cfg.Threads, len(batch), func(w, lo, hi int) {
				g := grads[w]
				clear(g)
				var s sample
				var us, them [Hidden]float32
				for _, i := range batch[lo:hi] {
					prepare(&recs[i], cfg.WDL, &s, cfg.Mirror && mirrorThisEpoch(i, t.epoch) && !recs[i].MayCastle(), cfg.KingMirror, cfg.Buckets)
					losses[w] += t.backward(&s, g, &us, &them)
				}
			})
			for w := 1; w < cfg.Threads; w++ {
				if len(batch)*(w+1)/cfg.Threads > len(batch)*w/cfg.Threads {
					addInto(grads[0], grads[w])
				}
			}
			for _, l := range losses {
				sum += l
			}
			t.adam(grads[0], float32(lr), float32(1/float64(len(batch))))
			if cfg.Progress != nil && time.Since(lastReport) >= 10*time.Second {
				lastReport = time.Now()
				done := b + len(batch)
				el := time.Since(start)
				left := time.Duration(float64(el) / float64(done) * float64(len(train)-done))
				fmt.Fprintf(cfg.Progress, "train: epoch %d/%d  %d/%d positions  loss %.5f  %.0f pos/s  epoch ETA %s\n",
					t.epoch+1, cfg.Epochs, done, len(train), sum/float64(done), float64(done)/el.Seconds(), left.Round(time.Second))
			}
		}
		es := EpochStats{Epoch: t.epoch + 1, TrainLoss: sum / float64(len(train)), ValLoss: t.loss(recs, val),
			Positions: len(train), Elapsed: time.Since(start), LearningRate: lr}
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
		if cfg.Checkpoint != "" {
			if err := t.SaveCheckpoint(cfg.Checkpoint); err != nil {
				return stats, err
			}
		}
		if es.Saved {
			if err := t.Quantise().Save(cfg.Out); err != nil {
				return stats, err
			}
		}
	}
	return stats, nil
}

// validationSize is how many of n records, the last ones, Train holds out.
func (t *Trainer) validationSize(n int) int { return max(1, int(float64(n)*t.cfg.ValFrac)) }

// StaticLoss returns the loss that eval, a static evaluation in
// centipawns for the side to move, scores on the positions Train
// validates on (the same target and squared error). It is the yardstick
// for a net: the hand-written evaluation's static score, say, which a
// net trained on enough games beats. Positions eval cannot judge (ok
// false) are left out.
func (t *Trainer) StaticLoss(recs []Record, eval func(r *Record) (cp int, ok bool)) float64 {
	if len(recs) < 2 {
		return 0
	}
	var s sample
	sum, n := 0.0, 0
	for i := len(recs) - t.validationSize(len(recs)); i < len(recs); i++ {
		cp, ok := eval(&recs[i])
		if !ok {
			continue
		}
		prepare(&recs[i], t.cfg.WDL, &s, false, false, 1)
		d := sigmoid(float64(cp)/Scale) - float64(s.target)
		sum += d * d
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
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
// mean) and clips the weights to what quantisation holds.
func (t *Trainer) adam(g []float32, lr, scale float32) {
	t.step++
	c1 := float32(1 - math.Pow(adamBeta1, float64(t.step)))
	c2 := float32(1 - math.Pow(adamBeta2, float64(t.step)))
	p, m, v := t.params, t.m, t.v
	for i := range p {
		gi := g[i] * scale
		if gi == 0 && m[i] == 0 {
			continue // an input never seen yet: nothing to move
		}
		m[i] = adamBeta1*m[i] + (1-adamBeta1)*gi
		v[i] = adamBeta2*v[i] + (1-adamBeta2)*gi*gi
		p[i] -= lr * (m[i] / c1) / (float32(math.Sqrt(float64(v[i]/c2))) + adamEps)
		if i < t.offOB {
			p[i] = min(max(p[i], -weightClip), weightClip)
		}
	}
}

// Quantise returns the integer net of the current float weights.
func (t *Trainer) Quantise() *Net {
	n := new(Net)
	p := t.params
	for i := 0; i < Inputs; i++ {
		for j := 0; j < Hidden; j++ {
			n.FTWeights[i][j] = int16(math.Round(float64(p[i*Hidden+j]) * QA))
		}
	}
	for j := 0; j < Hidden; j++ {
		n.FTBias[j] = int16(math.Round(float64(p[offFTB+j]) * QA))
	}
	for b := 0; b < t.cfg.Buckets; b++ {
		for j := 0; j < 2*Hidden; j++ {
			n.OutWeights[b][j] = int16(math.Round(float64(p[offOW+b*2*Hidden+j]) * QB))
		}
		n.OutBias[b] = int32(math.Round(float64(p[t.offOB+b]) * QA * QB))
	}
	n.QB = QB
	n.Buckets = int32(t.cfg.Buckets)
	n.Mirrored = t.cfg.KingMirror
	return n
}

// EvaluateFloat returns the float network's value of r's position in
// centipawns for the side to move (to compare with the quantised net).
func (t *Trainer) EvaluateFloat(r *Record) float64 {
	var s sample
	var us, them [Hidden]float32
	prepare(r, 0, &s, false, t.cfg.KingMirror, t.cfg.Buckets)
	return float64(t.forward(&s, &us, &them)) * Scale
}

// The checkpoint file: "OX88CKP2", the number of parameters, the epoch
// and Adam step counts, the flags (bit 0: a king-mirrored net; bit 1: a
// bucketed one), then the
// parameters and both moments as float32, little-endian. The first
// version, "OX88CKPT", had no flags word.
const (
	ckptMagic   = "OX88CKP2"
	ckptMagicV1 = "OX88CKPT"
)

// SaveCheckpoint writes the float weights and Adam's state (whole or not
// at all: package atomicfile).
func (t *Trainer) SaveCheckpoint(name string) error {
	return atomicfile.Write(name, func(w io.Writer) error {
		if _, err := io.WriteString(w, ckptMagic); err != nil {
			return err
		}
		flags := uint32(0)
		if t.cfg.KingMirror {
			flags = 1
		}
		if t.cfg.Buckets > 1 {
			flags |= 2
		}
		for _, x := range []any{uint32(len(t.params)), uint32(t.epoch), uint64(t.step), flags, t.params, t.m, t.v} {
			if err := binary.Write(w, binary.LittleEndian, x); err != nil {
				return err
			}
		}
		return nil
	})
}

// Resume returns a trainer that continues from a checkpoint with cfg's
// schedule. cfg.KingMirror and cfg.Buckets must be the checkpoint's.
func Resume(name string, cfg TrainConfig) (*Trainer, error) {
	cfg.defaults()
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	magic := make([]byte, len(ckptMagic))
	var n, epoch, flags uint32
	var step uint64
	if _, err := io.ReadFull(f, magic); err != nil || string(magic) != ckptMagic && string(magic) != ckptMagicV1 {
		return nil, fmt.Errorf("%s: not an ox88 training checkpoint", name)
	}
	fields := []any{&n, &epoch, &step, &flags}
	if string(magic) == ckptMagicV1 {
		fields = fields[:3]
	}
	for _, x := range fields {
		if err := binary.Read(f, binary.LittleEndian, x); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if mirrored := flags&1 != 0; mirrored != cfg.KingMirror {
		return nil, fmt.Errorf("%s: the checkpoint's net has king mirroring %v; resume with the same setting", name, mirrored)
	}
	if bucketed := flags&2 != 0; bucketed != (cfg.Buckets > 1) {
		return nil, fmt.Errorf("%s: the checkpoint's net has output buckets %v; resume with the same setting", name, bucketed)
	}
	t := newTrainer(cfg)
	if int(n) != len(t.params) {
		return nil, fmt.Errorf("%s: %d parameters, this build's net has %d", name, n, len(t.params))
	}
	t.step, t.epoch = int(step), int(epoch)
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
