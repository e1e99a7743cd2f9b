// Package stats is the arithmetic of a match between two players, from
// the first player's point of view: a Tally of results and game pairs, Elo
// with its 95% interval, LOS, and a sequential test (SPRT). The formulas
// follow cutechess-cli (Elo, interval, LOS, draw ratio) so that its two
// summary lines read the same, and fishtest (normalised Elo, pentanomial
// counts, the generalised SPRT) for the sequential test. It belongs to the
// match runner (package match), which alone imports it.
package stats

import (
	"fmt"
	"math"
)

// z975 is the 97.5% quantile of the standard normal distribution: a 95%
// interval spans ±z975 standard errors.
const z975 = 1.959963984540054

// nEloPerT converts a t-value (score excess over its standard deviation per
// game) to normalised Elo: 800/ln 10, fishtest's nelo_divided_by_nt.
const nEloPerT = 800 / math.Ln10

// emptyBinCount stands in for a count of zero when fitting the SPRT's
// distributions, so that no outcome has probability zero (fishtest's
// regularisation).
const emptyBinCount = 1e-3

// Tally is the outcome count of a pairing from the first player's side.
type Tally struct {
	Wins, Losses, Draws int
	// Penta counts game pairs (the same opening with colours swapped) by
	// their total score for the first player: index 0 is 0 points (LL),
	// 1 is ½ (LD), 2 is 1 (WL or DD), 3 is 1½ (WD), 4 is 2 (WW).
	Penta [5]int
}

// Add counts one game in which the first player scored points (1, ½ or 0).
func (t *Tally) Add(points float64) {
	switch points {
	case 1:
		t.Wins++
	case 0:
		t.Losses++
	default:
		t.Draws++
	}
}

// Games returns the number of games.
func (t Tally) Games() int { return t.Wins + t.Losses + t.Draws }

// Score returns the first player's points per game, or 0.5 with no games.
func (t Tally) Score() float64 {
	n := t.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(n)
}

// DrawRatio returns the fraction of games drawn.
func (t Tally) DrawRatio() float64 {
	if t.Games() == 0 {
		return 0
	}
	return float64(t.Draws) / float64(t.Games())
}

// EloFromScore converts a score fraction to a logistic Elo difference. A
// score of 0 or 1 gives an infinite difference.
func EloFromScore(s float64) float64 {
	return -400 * math.Log10(1/s-1)
}

// Elo returns the Elo difference implied by the score and the half-width of
// its 95% interval, as cutechess-cli computes them: the standard error of
// the per-game score, mapped through EloFromScore at both ends of the
// interval. With no games, or a score of 0 or 1, the results are NaN or
// infinite, as they are in cutechess-cli.
func (t Tally) Elo() (elo, margin float64) {
	n := float64(t.Games())
	mu := t.Score()
	w, l, d := float64(t.Wins)/n, float64(t.Losses)/n, float64(t.Draws)/n
	dev := w*(1-mu)*(1-mu) + l*mu*mu + d*(0.5-mu)*(0.5-mu)
	se := math.Sqrt(dev) / math.Sqrt(n)
	lo, hi := mu-z975*se, mu+z975*se
	return EloFromScore(mu), (EloFromScore(hi) - EloFromScore(lo)) / 2
}

// LOS returns the likelihood of superiority: the probability that the first
// player is the stronger, from wins and losses only (draws carry no
// information on it). With no decisive game it is 0.5.
func (t Tally) LOS() float64 {
	if t.Wins+t.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(t.Wins-t.Losses)/math.Sqrt(2*float64(t.Wins+t.Losses))))
}

// Pairs returns the number of complete game pairs.
func (t Tally) Pairs() int {
	n := 0
	for _, c := range t.Penta {
		n += c
	}
	return n
}

// PentaElo returns the Elo difference and its 95% half-width estimated from
// the game pairs: the variance of a pair's score is measured directly, so
// the correlation between the two games of an opening is accounted for (the
// interval is usually narrower than the per-game one). ok is false when
// there are no pairs.
func (t Tally) PentaElo() (elo, margin float64, ok bool) {
	n := t.Pairs()
	if n == 0 {
		return 0, 0, false
	}
	mu, v := pdfStats(t.pentaPDF(0))
	se := math.Sqrt(v) / math.Sqrt(float64(n))
	lo, hi := mu-z975*se, mu+z975*se
	return EloFromScore(mu), (EloFromScore(hi) - EloFromScore(lo)) / 2, true
}

// NormalizedElo returns fishtest's normalised Elo from the game pairs:
// (score - ½) divided by the per-game standard deviation, times 800/ln 10.
// ok is false when it is undefined (no pairs, or every pair scored alike).
func (t Tally) NormalizedElo() (nelo float64, ok bool) {
	if t.Pairs() == 0 {
		return 0, false
	}
	mu, v := pdfStats(t.pentaPDF(0))
	if v == 0 {
		return 0, false
	}
	// A pair's score is the mean of two games: its variance per game is
	// twice the pair's variance.
	return (mu - 0.5) / math.Sqrt(2*v) * nEloPerT, true
}

// outcome is one value of a discrete distribution and its probability.
type outcome struct{ value, prob float64 }

// pentaPDF returns the pair scores (0, ¼, ½, ¾, 1 per game) with their
// frequencies; empty bins get the count floor (0 for no regularisation).
func (t Tally) pentaPDF(floor float64) []outcome {
	pdf := make([]outcome, 5)
	total := 0.0
	for i, c := range t.Penta {
		x := max(float64(c), floor)
		pdf[i] = outcome{float64(i) / 4, x}
		total += x
	}
	for i := range pdf {
		pdf[i].prob /= total
	}
	return pdf
}

// pdfStats returns the mean and variance of a distribution.
func pdfStats(pdf []outcome) (mu, variance float64) {
	for _, o := range pdf {
		mu += o.value * o.prob
	}
	for _, o := range pdf {
		variance += o.prob * (o.value - mu) * (o.value - mu)
	}
	return mu, variance
}

// SPRT is a sequential probability ratio test between two hypotheses on
// the normalised Elo: H0 says it is Elo0, H1 says Elo1. Alpha is the chance
// of accepting H1 when H0 holds, Beta that of accepting H0 when H1 holds.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds returns the log-likelihood ratios at which the test accepts H0
// (lower) and H1 (upper).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR returns the generalised log-likelihood ratio of H1 against H0 for
// the pairs in t, as fishtest computes it for normalised Elo: for each
// hypothesis the pentanomial distribution closest to the observed one
// (maximum likelihood) with that normalised Elo is found, and the
// observations' log-likelihoods under the two are compared.
func (s SPRT) LLR(t Tally) float64 {
	n := t.Pairs()
	if n == 0 {
		return 0
	}
	pdf := t.pentaPDF(emptyBinCount)
	count := 0.0
	for _, c := range t.Penta {
		count += max(float64(c), emptyBinCount)
	}
	// Pairs: the t-value of a pair is √2 times that of a game.
	t0 := s.Elo0 / nEloPerT * math.Sqrt2
	t1 := s.Elo1 / nEloPerT * math.Sqrt2
	p0 := mleWithT(pdf, t0)
	p1 := mleWithT(pdf, t1)
	llr := 0.0
	for i, o := range pdf {
		llr += o.prob * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return count * llr
}

// Decision is the state of an SPRT.
type Decision int

// SPRT states.
const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide returns the test's state for t and its log-likelihood ratio.
func (s SPRT) Decide(t Tally) (Decision, float64) {
	llr := s.LLR(t)
	lo, hi := s.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1, llr
	case llr <= lo:
		return AcceptH0, llr
	}
	return Continue, llr
}

// String returns the test's settings in the --sprt flag's syntax.
func (s SPRT) String() string {
	return fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g", s.Elo0, s.Elo1, s.Alpha, s.Beta)
}

// mleIterations bounds the fixed-point iteration of mleWithT; it converges
// in a handful of steps.
const mleIterations = 20

// mleWithT returns the probabilities of the distribution on pdf's values
// that maximises the likelihood of pdf's frequencies subject to
// (mean - ½) / standard deviation = target (Van den Bergh's method, as in
// fishtest's MLE_t_value): a fixed-point iteration, each step solving a
// one-dimensional secular equation for the Lagrange multiplier.
func mleWithT(pdf []outcome, target float64) []float64 {
	n := len(pdf)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	a := make([]outcome, n)
	for range mleIterations {
		cur := make([]outcome, n)
		for i := range pdf {
			cur[i] = outcome{pdf[i].value, p[i]}
		}
		mu, v := pdfStats(cur)
		sigma := math.Sqrt(v)
		for i, o := range pdf {
			z := (mu - o.value) / sigma
			a[i] = outcome{o.value - 0.5 - target*sigma*(1+z*z)/2, o.prob}
		}
		x := secular(a)
		change := 0.0
		for i := range p {
			q := pdf[i].prob / (1 + x*a[i].value)
			change = max(change, math.Abs(q-p[i]))
			p[i] = q
		}
		if change < 1e-10 {
			break
		}
	}
	return p
}

// secular solves Σ pᵢaᵢ/(1+x·aᵢ) = 0 for x in the interval where every
// 1+x·aᵢ is positive, by bisection (the sum decreases in x there). It needs
// values of both signs among the aᵢ.
func secular(a []outcome) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, o := range a {
		if o.value > 0 {
			lo = max(lo, -1/o.value)
		} else if o.value < 0 {
			hi = min(hi, -1/o.value)
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return 0
	}
	f := func(x float64) float64 {
		s := 0.0
		for _, o := range a {
			s += o.prob * o.value / (1 + x*o.value)
		}
		return s
	}
	// Shrink the open interval's ends inward slightly: the sum is infinite
	// at them.
	const inset = 1e-12
	width := hi - lo
	l, h := lo+width*inset, hi-width*inset
	for range 200 {
		m := (l + h) / 2
		if f(m) > 0 {
			l = m
		} else {
			h = m
		}
		if h-l < 1e-15*max(1, math.Abs(m)) {
			break
		}
	}
	return (l + h) / 2
}

// FormatElo writes an Elo figure with one decimal, writing infinities and
// NaN as cutechess-cli does ("inf", "-inf", "nan").
func FormatElo(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	if x == 0 {
		x = 0 // no "-0.0"
	}
	return fmt.Sprintf("%.1f", x)
}

// ScoreLine returns cutechess-cli's first summary line:
// "Score of A vs B: W - L - D  [0.xxx] N".
func ScoreLine(a, b string, t Tally) string {
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d", a, b, t.Wins, t.Losses, t.Draws, t.Score(), t.Games())
}

// EloLine returns cutechess-cli's second summary line:
// "Elo difference: E +/- I, LOS: L %, DrawRatio: D %".
func EloLine(t Tally) string {
	elo, margin := t.Elo()
	return fmt.Sprintf("Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%",
		FormatElo(elo), FormatElo(margin), 100*t.LOS(), 100*t.DrawRatio())
}
