package eval

import (
	"fmt"
	"io"
	"math"
	"time"

	"ox88/chess"
)

// Tuner fits the evaluation's weights to game results (Texel's method): it
// finds the weights that best predict, through a logistic curve, the
// results of the games its positions came from. ox88 tune drives it.
//
// The evaluation is linear in its weights (tapered by phase), so each
// position is reduced once, by Add, to its features: how many of each
// weight it counts for White minus for Black. Material and piece-square
// features are read off the board; the other terms' features are measured
// by nudging each weight by one and watching terms() change, so the tuner
// cannot drift from the evaluation it tunes. Add checks that the features
// rebuild the position's score exactly.
//
// A Tuner works on its own copy of the evaluation's weights (Add nudges
// the copy while it measures), so the package's evaluation never changes
// and a search may run in the same process meanwhile.
type Tuner struct {
	w            *weights    // the copy
	params       []tuneParam // w's
	train, valid []tunePos
	added        int // positions kept, for the hold-out
}

// NewTuner returns a tuner with no positions.
func NewTuner() *Tuner {
	w := defaultWeights
	return &Tuner{w: &w, params: tuneParams(&w)}
}

// Add reduces pos to its features, with the result of its game for White
// (1, 0.5 or 0). Every tenth position kept is held out to watch for
// overfitting. Positions the linear model does not describe (a bare king,
// the drawish scale) are skipped: kept reports whether pos was taken. An
// error means that the features do not rebuild the evaluation (a term the
// tuner does not know).
func (t *Tuner) Add(pos *chess.Position, result float64) (kept bool, err error) {
	if pos.PieceCount(chess.White) == 1 || pos.PieceCount(chess.Black) == 1 {
		return false, nil // the mop-up is not a tuned term
	}
	feats, err := checkedFeatures(t.w, pos, t.params)
	if err != nil {
		return false, err
	}
	s := unblended(t.w, pos)
	ph := Phase(pos)
	if v := (s.MG()*ph + s.EG()*(totalPhase-ph)) / totalPhase; scaleDrawish(pos, v) != v {
		return false, nil
	}
	p := tunePos{result: result, phase: float64(ph) / totalPhase, feats: feats}
	if t.added++; t.added%10 == 0 {
		t.valid = append(t.valid, p)
	} else {
		t.train = append(t.train, p)
	}
	return true, nil
}

// Positions returns the number of training and of held-out positions.
func (t *Tuner) Positions() (train, valid int) { return len(t.train), len(t.valid) }

// DefaultL2 is the L2 penalty that pulls every weight toward its starting
// value, so that a weight the data says little about (a piece on a square
// it rarely reaches) stays where a person put it instead of fitting the
// noise of a few games. docs/ENGINE.md Part II §7 chose it by games.
const DefaultL2 = 1e-7

// TuneConfig says how Fit runs.
type TuneConfig struct {
	Epochs        int       // full-batch Adam steps (default 3000)
	L2            float64   // the pull toward the starting weights (DefaultL2; 0: none)
	Progress      io.Writer // a line every ProgressEvery epochs with an ETA; nil: none
	ProgressEvery int       // default 250
}

// Tuned is what Fit found.
type Tuned struct {
	K                   float64 // the logistic scale fitted to the starting weights
	TrainLoss, HeldLoss [2]float64
	start               weights // the starting weights
	w                   [][2]float64
	positions           int
}

// Fit runs Adam over the training positions and returns the fitted
// weights; the package's own weights do not change. Weights seen in fewer
// than one training position in a thousand stay fixed.
func (t *Tuner) Fit(cfg TuneConfig) (*Tuned, error) {
	if len(t.train) == 0 {
		return nil, fmt.Errorf("eval: no training positions")
	}
	if cfg.Epochs <= 0 {
		cfg.Epochs = 3000
	}
	if cfg.ProgressEvery <= 0 {
		cfg.ProgressEvery = 250
	}
	params := t.params
	w := make([][2]float64, len(params))
	for i, p := range params {
		mg, eg := p.get()
		w[i] = [2]float64{float64(mg), float64(eg)}
	}
	w0 := append([][2]float64(nil), w...)
	seen := make([]int, len(params))
	for _, p := range t.train {
		for _, f := range p.feats {
			seen[f.index]++
		}
	}
	frozen := make([]bool, len(params))
	for i := range params {
		frozen[i] = seen[i] < len(t.train)/1000 || params[i].fixed
	}
	k := fitK(t.train, w)
	res := &Tuned{K: k, start: *t.w, w: w, positions: len(t.train) + len(t.valid)}
	res.TrainLoss[0], res.HeldLoss[0] = tuneLoss(t.train, w, k), tuneLoss(t.valid, w, k)

	const lr, beta1, beta2, eps = 1.0, 0.9, 0.999, 1e-8
	m := make([][2]float64, len(w))
	v := make([][2]float64, len(w))
	g := make([][2]float64, len(w))
	start := time.Now()
	for e := 1; e <= cfg.Epochs; e++ {
		tuneGradient(t.train, w, k, g)
		for i := range w {
			if frozen[i] {
				continue
			}
			for h := 0; h < 2; h++ {
				if h == 1 && params[i].mgOnly {
					continue
				}
				g[i][h] += 2 * cfg.L2 * (w[i][h] - w0[i][h])
				m[i][h] = beta1*m[i][h] + (1-beta1)*g[i][h]
				v[i][h] = beta2*v[i][h] + (1-beta2)*g[i][h]*g[i][h]
				mh := m[i][h] / (1 - math.Pow(beta1, float64(e)))
				vh := v[i][h] / (1 - math.Pow(beta2, float64(e)))
				w[i][h] -= lr * mh / (math.Sqrt(vh) + eps)
			}
		}
		if cfg.Progress != nil && (e%cfg.ProgressEvery == 0 || e == cfg.Epochs) {
			el := time.Since(start)
			eta := time.Duration(float64(el) / float64(e) * float64(cfg.Epochs-e))
			fmt.Fprintf(cfg.Progress, "tune: epoch %d/%d: loss %.6f / held out %.6f | ETA %s\n",
				e, cfg.Epochs, tuneLoss(t.train, w, k), tuneLoss(t.valid, w, k), eta.Round(time.Second))
		}
	}
	res.TrainLoss[1], res.HeldLoss[1] = tuneLoss(t.train, w, k), tuneLoss(t.valid, w, k)
	return res, nil
}

// Source returns the fitted weights, rounded, as Go declarations that
// replace those of the same names in eval/tables.go and eval/eval.go.
func (r *Tuned) Source() []byte {
	w := r.start
	for i, p := range tuneParams(&w) {
		p.set(int(math.Round(r.w[i][0])), int(math.Round(r.w[i][1])))
	}
	return tunedSource(&w, fmt.Sprintf("from %d positions, K=%.4f, loss %.6f -> %.6f, held out %.6f -> %.6f",
		r.positions, r.K, r.TrainLoss[0], r.TrainLoss[1], r.HeldLoss[0], r.HeldLoss[1]))
}

// tunePos is one training position reduced to its features.
type tunePos struct {
	result float64 // 1, 0.5, 0 for White
	phase  float64 // middlegame share, Phase/totalPhase
	feats  []tuneFeat
}

type tuneFeat struct {
	index int32
	coef  int32
}

// tuneEval is the model's White-view evaluation of p with weights w.
func tuneEval(p *tunePos, w [][2]float64) float64 {
	mg, eg := 0.0, 0.0
	for _, f := range p.feats {
		mg += float64(f.coef) * w[f.index][0]
		eg += float64(f.coef) * w[f.index][1]
	}
	return mg*p.phase + eg*(1-p.phase)
}

func sigmoid(k, e float64) float64 { return 1 / (1 + math.Pow(10, -k*e/400)) }

// tuneLoss is the mean squared error of the predicted results.
func tuneLoss(data []tunePos, w [][2]float64, k float64) float64 {
	if len(data) == 0 {
		return 0
	}
	sum := 0.0
	for i := range data {
		d := data[i].result - sigmoid(k, tuneEval(&data[i], w))
		sum += d * d
	}
	return sum / float64(len(data))
}

// tuneGradient fills g with the loss's gradient with respect to w.
func tuneGradient(data []tunePos, w [][2]float64, k float64, g [][2]float64) {
	for i := range g {
		g[i] = [2]float64{}
	}
	c := k * math.Ln10 / 400
	for i := range data {
		p := &data[i]
		s := sigmoid(k, tuneEval(p, w))
		d := -2 * (p.result - s) * s * (1 - s) * c / float64(len(data))
		for _, f := range p.feats {
			g[f.index][0] += d * float64(f.coef) * p.phase
			g[f.index][1] += d * float64(f.coef) * (1 - p.phase)
		}
	}
}

// fitK finds the logistic scale that best fits weights w, by ternary
// search.
func fitK(data []tunePos, w [][2]float64) float64 {
	lo, hi := 0.1, 3.0
	for range 60 {
		a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
		if tuneLoss(data, w, a) < tuneLoss(data, w, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}
