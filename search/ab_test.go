package search

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"ox88/chess"
	"ox88/eval"
)

// TestAB is the in-process A/B harness: it plays the engine with all
// features (A) against the engine with one feature switched off (B) at a
// fixed node budget per move, two games per opening with colours swapped,
// and prints the result with an Elo estimate for the feature. It runs only
// when OX88_AB names the feature:
//
//	OX88_AB=eval:mobility OX88_AB_GAMES=200 OX88_AB_NODES=8000 go test ./search -run TestAB -v -timeout 0
//
// Features: eval:<term> for eval.ParseTerm names, search:<name> for the
// switches in features.go (nullmove rfp futility lmp lmr iir aspiration
// qspruning checkext). Fixed nodes make the result independent of the
// machine's load.
func TestAB(t *testing.T) {
	feature := os.Getenv("OX88_AB")
	if feature == "" {
		t.Skip("set OX88_AB to run the A/B harness")
	}
	games := envInt("OX88_AB_GAMES", 200)
	nodes := uint64(envInt("OX88_AB_NODES", 8000))
	toggle, err := featureSwitch(feature)
	if err != nil {
		t.Fatal(err)
	}
	openings := readOpenings(t, "../../shared/data/openings-2moves_v1.epd", (games+1)/2)
	var w, d, l int // from A's point of view
	a, b := NewSearcher(16), NewSearcher(16)
	for g := 0; g < games; g++ {
		aWhite := g%2 == 0
		res := playABGame(openings[g/2], a, b, aWhite, nodes, toggle)
		switch {
		case res == 0:
			d++
		case (res > 0) == aWhite:
			w++
		default:
			l++
		}
		if (g+1)%20 == 0 {
			t.Logf("%d games: +%d =%d -%d", g+1, w, d, l)
		}
	}
	elo, margin := eloEstimate(w, d, l)
	t.Logf("%s at %d nodes/move, %d games: with +%d =%d -%d without: %+.0f +- %.0f Elo for the feature", feature, nodes, games, w, d, l, elo, margin)
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// featureSwitch returns a function that turns the named feature on or off.
func featureSwitch(name string) (func(on bool), error) {
	kind, what, _ := strings.Cut(name, ":")
	if kind == "eval" {
		term, ok := eval.ParseTerm(what)
		if !ok {
			return nil, fmt.Errorf("no eval term %q", what)
		}
		return func(on bool) { eval.SetTerm(term, on) }, nil
	}
	flags := map[string]*bool{"nullmove": &useNullMove, "rfp": &useRFP, "futility": &useFutility,
		"lmp": &useLMP, "lmr": &useLMR, "iir": &useIIR, "aspiration": &useAspiration,
		"qspruning": &useQSPruning, "checkext": &useCheckExtend}
	if f, ok := flags[what]; ok && kind == "search" {
		return func(on bool) { *f = on }, nil
	}
	return nil, fmt.Errorf("unknown feature %q", name)
}

// readOpenings reads n positions spread evenly over the file.
func readOpenings(t *testing.T, name string, n int) []*chess.Position {
	f, err := os.Open(name)
	if err != nil {
		t.Skip("openings not available:", err)
	}
	defer f.Close()
	var all []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		all = append(all, sc.Text())
	}
	var out []*chess.Position
	for i := 0; i < n; i++ {
		line := all[i*len(all)/n]
		fields := strings.Fields(line)
		pos, err := chess.ParseFEN(strings.Join(fields[:min(len(fields), 6)], " "))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pos)
	}
	return out
}

// Adjudication of the A/B games.
const (
	abMaxPlies      = 300  // then a draw
	abResignScore   = 1000 // both sides agree on this margin...
	abResignPlies   = 4    // ... for this many plies in a row: decided
	abRepetitionMax = 3    // threefold repetition
)

// playABGame plays one game from start; A has the feature on, B off. It
// returns +1 for a White win, -1 for a Black win, 0 for a draw.
func playABGame(start *chess.Position, a, b *Searcher, aWhite bool, nodes uint64, toggle func(bool)) int {
	defer toggle(true)
	a.Clear()
	b.Clear()
	return playFixedNodeGame(start, nodes, func(pos *chess.Position) *Searcher {
		aToMove := (pos.SideToMove() == chess.White) == aWhite
		toggle(aToMove)
		if aToMove {
			return a
		}
		return b
	}, nil)
}

// playFixedNodeGame plays one game from start at nodes per move. mover
// says which searcher moves in each position; visit, if not nil, sees each
// position with its search result before the move is made. It returns +1
// for a White win, -1 for a Black win, 0 for a draw, adjudicated by the
// constants above.
func playFixedNodeGame(start *chess.Position, nodes uint64, mover func(*chess.Position) *Searcher, visit func(*chess.Position, Result)) int {
	pos := *start
	var hist []uint64
	decided := 0
	lastSign := 0
	for ply := 0; ply < abMaxPlies; ply++ {
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if ml.N == 0 {
			if pos.InCheck() {
				if pos.SideToMove() == chess.White {
					return -1
				}
				return 1
			}
			return 0
		}
		if pos.HalfmoveClock() >= 100 || insufficientMaterial(&pos) {
			return 0
		}
		reps := 0
		for _, k := range hist {
			if k == pos.Key() {
				reps++
			}
		}
		if reps+1 >= abRepetitionMax {
			return 0
		}
		r := mover(&pos).Search(&pos, hist, Limits{Nodes: nodes}, nil, nil)
		if visit != nil {
			visit(&pos, r)
		}
		// White's view of the score, for adjudication.
		score := r.Score
		if pos.SideToMove() == chess.Black {
			score = -score
		}
		sign := 0
		if score >= abResignScore {
			sign = 1
		} else if score <= -abResignScore {
			sign = -1
		}
		if sign != 0 && sign == lastSign {
			decided++
			if decided >= abResignPlies {
				return sign
			}
		} else {
			decided = 0
		}
		lastSign = sign
		hist = append(hist, pos.Key())
		pos.MakeMove(r.Move)
	}
	return 0
}

// eloEstimate returns the Elo difference for a score of w wins, d draws and
// l losses, with a 95% error margin.
func eloEstimate(w, d, l int) (elo, margin float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0, 0
	}
	p := (float64(w) + float64(d)/2) / n
	toElo := func(p float64) float64 {
		p = math.Min(math.Max(p, 1e-3), 1-1e-3)
		return -400 * math.Log10(1/p-1)
	}
	variance := (float64(w)*math.Pow(1-p, 2) + float64(d)*math.Pow(0.5-p, 2) + float64(l)*math.Pow(p, 2)) / n
	se := math.Sqrt(variance / n)
	return toElo(p), (toElo(p+1.96*se) - toElo(p-1.96*se)) / 2
}
