package search

import (
	"bufio"
	"math/rand"
	"os"
	"strings"
	"testing"

	"ox88/chess"
)

// TestSeeGE holds the threshold exchange evaluation to the full one where
// the move ordering asks it: for every capture and promotion of the bench
// and perft-suite positions and of random games from them, seeGE(m, 0)
// must equal see(m) >= 0. (Only the sign: see's values can differ from
// the exchange's, since it stops early where the victim is worth at least
// the capturer, and its cut "neither side can gain" drops the last
// capture's option; neither changes the sign.)
func TestSeeGE(t *testing.T) {
	fens := orderingFENs(t)
	rng := rand.New(rand.NewSource(1))
	thresholds := []int{0}
	s := NewSearcher(1)
	var ml chess.MoveList
	checked := 0
	for _, fen := range fens {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		for game := 0; game < 4; game++ {
			p := *pos
			for ply := 0; ply < 60; ply++ {
				p.GenerateMoves(&ml)
				if ml.N == 0 {
					break
				}
				s.pos = p
				for _, m := range ml.Moves[:ml.N] {
					if !m.IsCapture() && !m.IsPromotion() {
						continue
					}
					v := s.see(m)
					for _, th := range thresholds {
						if got := s.seeGE(m, th); got != (v >= th) {
							t.Fatalf("%s %v: seeGE(%d) = %v, see = %d", p.FEN(), m, th, got, v)
						}
					}
					checked++
				}
				p.MakeMove(ml.Moves[rng.Intn(ml.N)])
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d captures checked", checked)
	}
	t.Logf("%d captures checked", checked)
}

// orderingFENs returns the bench positions and those of the perft suite,
// the positions the move-ordering tests start their random games from.
func orderingFENs(t *testing.T) []string {
	t.Helper()
	fens := append([]string(nil), BenchPositions...)
	f, err := os.Open("../testdata/perftsuite.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fen, _, ok := strings.Cut(sc.Text(), ";"); ok {
			fens = append(fens, strings.TrimSpace(fen))
		}
	}
	return fens
}
