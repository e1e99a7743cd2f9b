package search

import (
	"flag"
	"fmt"
	"math"
	"os"
	"testing"

	"ox88/chess"
	"ox88/eval"
	"ox88/nnue"
)

// TestWDL pins the model's promises: the three chances sum to 1000, the
// win grows and the loss shrinks with the score, a score and its negation
// swap win and loss, a mate is certain, and an even score is mostly a draw
// with material on the board.
func TestWDL(t *testing.T) {
	for m := 0; m <= 80; m++ {
		prevWin, prevLoss := -1, 1001
		for s := -3000; s <= 3000; s++ {
			w, d, l := WDL(s, m)
			if w+d+l != 1000 || w < 0 || d < 0 || l < 0 {
				t.Fatalf("WDL(%d, %d) = %d %d %d", s, m, w, d, l)
			}
			if w < prevWin || l > prevLoss {
				t.Fatalf("WDL(%d, %d) = %d %d %d: not monotone after win %d loss %d", s, m, w, d, l, prevWin, prevLoss)
			}
			prevWin, prevLoss = w, l
			if w2, d2, l2 := WDL(-s, m); w2 != l || d2 != d || l2 != w {
				t.Fatalf("WDL(%d, %d) = %d %d %d but WDL(%d) = %d %d %d", s, m, w, d, l, -s, w2, d2, l2)
			}
		}
	}
	for _, tc := range []struct{ score, material, win, draw, loss int }{
		{Mate - 3, 40, 1000, 0, 0},
		{3 - Mate, 40, 0, 0, 1000},
		{20000, 78, 1000, 0, 0}, // beyond the scale but not a mate
	} {
		t.Run(fmt.Sprintf("%+v", tc), func(t *testing.T) {
			if w, d, l := WDL(tc.score, tc.material); w != tc.win || d != tc.draw || l != tc.loss {
				t.Errorf("WDL(%d, %d) = %d %d %d, want %d %d %d", tc.score, tc.material, w, d, l, tc.win, tc.draw, tc.loss)
			}
		})
	}
	for m := 0; m <= 80; m += 8 {
		w, d, l := WDL(0, m)
		for s := 1; s < 2000; s += 37 {
			if _, d2, _ := WDL(s, m); d2 > d+1 { // +1: rounding
				t.Errorf("material %d: draw %d at score %d, more than %d at 0", m, d2, s, d)
			}
		}
		if w != l || d == 0 {
			t.Errorf("material %d, even score: %d %d %d", m, w, d, l)
		}
	}
	if w, _, _ := WDL(300, 78); w < 800 {
		t.Errorf("a piece up in the middlegame: win %d per mille", w)
	}
	if w, _, _ := WDL(150, 8); w > 250 {
		t.Errorf("a pawn and a half up with 8 pawns' worth of material: win %d per mille", w)
	}
}

func TestMaterialCount(t *testing.T) {
	for fen, want := range map[string]int{
		chess.StartFEN:                      78,
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1":     0,
		"8/8/4k3/8/7q/R2K4/5P2/8 w - - 0 1": 15,
	} {
		t.Run(fen, func(t *testing.T) {
			pos, err := chess.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := MaterialCount(pos); got != want {
				t.Errorf("%s: %d, want %d", fen, got, want)
			}
		})
	}
}

// wdlData is the training file TestFitWDL refits the model on.
var wdlData = flag.String("wdl.data", "", "TestFitWDL: a file of nnue.Record values (ox88 datagen output) to refit the WDL model on")

// wdlSample is one position of the fit: White's score, its game's result
// for White (0 lost, 1 drawn, 2 won), and where its material falls between
// the knots: knot j and the share t of the way to knot j+1.
type wdlSample struct {
	score float64
	res   uint8
	j     int
	t     float64
}

// TestFitWDL refits wdlKnots by maximum likelihood on -wdl.data and prints
// them as Go source; without the flag it is skipped.
func TestFitWDL(t *testing.T) {
	if *wdlData == "" {
		t.Skip("refits the WDL model: go test ./search -run TestFitWDL -wdl.data FILE -v")
	}
	data, err := os.ReadFile(*wdlData)
	if err != nil {
		t.Fatal(err)
	}
	knots := make([]int, len(wdlKnots))
	for i, k := range wdlKnots {
		knots[i] = k.material
	}
	var recs []nnue.Record
	for i := 0; i+nnue.RecordSize <= len(data); i += nnue.RecordSize {
		recs = append(recs, nnue.Record(data[i:i+nnue.RecordSize]))
	}
	blind, blindLL, n := fitWDL(recs, []int{0})
	fitted, ll, _ := fitWDL(recs, knots)
	t.Logf("%d positions (mate scores left out)", n)
	t.Logf("material-blind: a %.0f b %.0f, log-likelihood per position %.4f", blind[0].a, blind[0].b, blindLL)
	t.Logf("by material: log-likelihood per position %.4f; the knots:", ll)
	for _, k := range fitted {
		t.Logf("\t{material: %d, a: %.0f, b: %.0f},", k.material, k.a, k.b)
	}
}

// fitWDL fits a and b at the given material knots to recs by maximum
// likelihood and returns the knots, the log-likelihood per position and
// the number of positions used. The search is coordinate-wise Newton: each
// parameter moves to the top of the parabola through three nearby values,
// and only the positions between its knot's neighbours are recounted.
func fitWDL(recs []nnue.Record, knots []int) ([]wdlKnot, float64, int) {
	groups := make([][]wdlSample, len(knots)) // group j: between knots j and j+1
	n := 0
	for i := range recs {
		r := &recs[i]
		if IsMate(r.Score()) {
			continue
		}
		m := 0
		r.Pieces(func(_ int, k chess.Kind, _ chess.Color) {
			m += eval.PieceValue(k) / eval.PieceValue(chess.Pawn) // as MaterialCount
		})
		s := wdlSample{score: float64(r.Score()), res: r.Result()}
		for s.j+1 < len(knots) && m > knots[s.j+1] {
			s.j++
		}
		if s.j+1 < len(knots) {
			s.t = min(max(float64(m-knots[s.j])/float64(knots[s.j+1]-knots[s.j]), 0), 1)
		}
		groups[s.j] = append(groups[s.j], s)
		n++
	}
	p := make([]float64, 2*len(knots)) // a at each knot, then b at each knot
	for i := range knots {
		p[i], p[len(knots)+i] = 150, 120
	}
	ll := func(from, to int) float64 { // log-likelihood of groups from..to
		sum := 0.0
		for j := max(from, 0); j <= min(to, len(knots)-1); j++ {
			for _, s := range groups[j] {
				a, b := p[j], p[len(knots)+j]
				if s.t > 0 {
					a += s.t * (p[j+1] - a)
					b += s.t * (p[len(knots)+j+1] - b)
				}
				if a < 0 || b < 1 {
					return math.Inf(-1)
				}
				win := 1 / (1 + math.Exp((a-s.score)/b))
				loss := 1 / (1 + math.Exp((a+s.score)/b))
				sum += math.Log(max([3]float64{loss, 1 - win - loss, win}[s.res], 1e-12))
			}
		}
		return sum
	}
	const h = 0.5 // centipawns: the spacing of the three points
	for sweep := 0; sweep < 100; sweep++ {
		moved := 0.0
		for i := range p {
			k := i % len(knots)
			f := func(v float64) float64 { old := p[i]; p[i] = v; r := ll(k-1, k); p[i] = old; return r }
			f0, fm, fp := f(p[i]), f(p[i]-h), f(p[i]+h)
			d1, d2 := (fp-fm)/(2*h), (fp-2*f0+fm)/(h*h)
			step := math.Copysign(4*h, d1)
			if d2 < 0 {
				step = min(max(-d1/d2, -50), 50)
			}
			for range 10 {
				if f(p[i]+step) > f0 {
					p[i] += step
					moved = max(moved, math.Abs(step))
					break
				}
				step /= 2
			}
		}
		if moved < 0.01 {
			break
		}
	}
	out := make([]wdlKnot, len(knots))
	for i, m := range knots {
		out[i] = wdlKnot{material: m, a: p[i], b: p[len(knots)+i]}
	}
	return out, ll(0, len(knots)-1) / float64(n), n
}
