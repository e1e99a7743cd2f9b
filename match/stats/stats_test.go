package stats

import (
	"fmt"
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// The expected values below were worked out by hand (and checked with a
// calculator): score s = (W + D/2)/N, Elo = -400·log10(1/s - 1); the
// per-game variance is w(1-s)² + l·s² + d(½-s)² with w, l, d the
// fractions; the interval maps s ± 1.96·σ/√N through the same formula and
// halves its width; LOS = ½(1 + erf((W-L)/√(2(W+L)))).
func TestTallyStatistics(t *testing.T) {
	tests := []struct {
		w, l, d                      int
		score, elo, margin, los, drr float64
	}{
		// s = 0.54; σ² = .45·.46² + .37·.54² + .18·.04² = 0.2034;
		// 0.54 ± 1.96·0.045100 = [0.45161, 0.62840] -> [-33.73, +91.26].
		{45, 37, 18, 0.54, 27.8544, 62.4966, 0.811504, 0.18},
		{99, 97, 104, 0.503333, 2.3163, 31.8676, 0.556798, 0.346667},
		// s = 0.5, σ = 0.5, se = 0.5/√20 = 0.1118; 0.5 ± 0.21913.
		{10, 10, 0, 0.5, 0, 163.3214, 0.5, 0},
		{30, 10, 60, 0.6, 70.4365, 42.8012, 0.999217, 0.6},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d-%d-%d", tc.w, tc.l, tc.d), func(t *testing.T) {
			tl := Tally{Wins: tc.w, Losses: tc.l, Draws: tc.d}
			near(t, "score", tl.Score(), tc.score, 1e-6)
			elo, margin := tl.Elo()
			near(t, "elo", elo, tc.elo, 1e-3)
			near(t, "margin", margin, tc.margin, 1e-3)
			near(t, "LOS", tl.LOS(), tc.los, 1e-6)
			near(t, "draw ratio", tl.DrawRatio(), tc.drr, 1e-6)
		})
	}
}

func TestCutechessLines(t *testing.T) {
	tl := Tally{Wins: 45, Losses: 37, Draws: 18}
	if got, want := ScoreLine("ox88", "fairymax", tl), "Score of ox88 vs fairymax: 45 - 37 - 18  [0.540] 100"; got != want {
		t.Errorf("score line\n got %q\nwant %q", got, want)
	}
	// cutechess-cli prints 62.4 here: it takes the 97.5% quantile from an
	// approximate inverse error function (1.9572 instead of 1.95996).
	if got, want := EloLine(tl), "Elo difference: 27.9 +/- 62.5, LOS: 81.2 %, DrawRatio: 18.0 %"; got != want {
		t.Errorf("elo line\n got %q\nwant %q", got, want)
	}
	all := Tally{Wins: 3}
	if got, want := EloLine(all), "Elo difference: inf +/- nan, LOS: 95.8 %, DrawRatio: 0.0 %"; got != want {
		t.Errorf("elo line for a clean sweep\n got %q\nwant %q", got, want)
	}
}

func TestPentanomial(t *testing.T) {
	// 100 pairs scoring 0, ½, 1, 1½, 2 points: 10, 20, 40, 25, 5.
	// Pair scores per game 0, .25, .5, .75, 1: mean 0.4875; Σp·x² =
	// 0.303125, so the variance is 0.303125 - 0.4875² = 0.06546875; the
	// per-game σ is √(2·0.06546875) = 0.361853, and the normalised Elo
	// (0.4875-0.5)/0.361853 · 800/ln 10 = -12.0020.
	tl := Tally{Penta: [5]int{10, 20, 40, 25, 5}}
	if tl.Pairs() != 100 {
		t.Fatalf("pairs = %d", tl.Pairs())
	}
	nelo, ok := tl.NormalizedElo()
	if !ok {
		t.Fatal("normalised Elo undefined")
	}
	near(t, "normalised Elo", nelo, -12.0020, 1e-3)
	elo, margin, ok := tl.PentaElo()
	if !ok {
		t.Fatal("pair Elo undefined")
	}
	// 0.4875 -> -400·log10(1.051282) = -8.6877; se = √0.06546875/10 =
	// 0.025587; ±1.96se = [0.437351, 0.537649] -> [-43.764, +26.211],
	// half-width 34.987.
	near(t, "pair Elo", elo, -8.6877, 1e-3)
	near(t, "pair margin", margin, 34.987, 1e-2)
}

// The reference LLRs come from a separate implementation of fishtest's
// LLR_normalized (Python, written from the method's description: the
// maximum-likelihood pentanomial with a given t-value, found by a
// fixed-point iteration on the secular equation, empty bins set to 1e-3).
func TestSPRTLLR(t *testing.T) {
	tests := []struct {
		penta      [5]int
		elo0, elo1 float64
		llr        float64
	}{
		{[5]int{10, 20, 40, 25, 5}, 0, 5, -0.120462},
		{[5]int{10, 20, 40, 25, 5}, -3, 1, -0.073214},
		{[5]int{5, 30, 100, 40, 8}, 0, 5, 0.360649},
		{[5]int{5, 30, 100, 40, 8}, -3, 1, 0.330661},
		{[5]int{0, 0, 50, 0, 0}, 0, 5, -0.017561},
		{[5]int{20, 0, 0, 0, 0}, 0, 5, -0.411167},
		{[5]int{1, 2, 3, 2, 1}, -3, 1, 0.000596},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%v elo %g to %g", tc.penta, tc.elo0, tc.elo1), func(t *testing.T) {
			s := SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.05}
			near(t, "LLR", s.LLR(Tally{Penta: tc.penta}), tc.llr, 1e-4)
		})
	}
	lo, hi := SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	near(t, "lower bound", lo, math.Log(0.05/0.95), 1e-12)
	near(t, "upper bound", hi, math.Log(0.95/0.05), 1e-12)
}

func TestSPRTDecides(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	// A strong, steady edge accepts H1; a steady deficit accepts H0.
	if d, llr := s.Decide(Tally{Penta: [5]int{100, 500, 1500, 900, 200}}); d != AcceptH1 {
		t.Errorf("winning tally: %v (LLR %.2f), want H1", d, llr)
	}
	if d, llr := s.Decide(Tally{Penta: [5]int{200, 900, 1500, 500, 100}}); d != AcceptH0 {
		t.Errorf("losing tally: %v (LLR %.2f), want H0", d, llr)
	}
	if d, _ := s.Decide(Tally{Penta: [5]int{1, 2, 3, 2, 1}}); d != Continue {
		t.Errorf("small tally: %v, want continue", d)
	}
}

func TestTallyAdd(t *testing.T) {
	var tl Tally
	for _, p := range []float64{1, 0.5, 0, 1} {
		tl.Add(p)
	}
	if tl.Wins != 2 || tl.Draws != 1 || tl.Losses != 1 {
		t.Errorf("after 1, ½, 0, 1: %+v", tl)
	}
}
