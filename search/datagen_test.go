package search

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"

	"ox88/chess"
)

// TestGenerateTuningData plays fixed-node self-play games and writes quiet
// positions labelled with the game's result, the training data of the
// evaluation tuner (eval/tune_test.go). It runs only when OX88_DATAGEN
// names the output file:
//
//	OX88_DATAGEN=/tmp/tune.txt OX88_DATAGEN_GAMES=4000 OX88_DATAGEN_NODES=6000 \
//	    go test ./search -run TestGenerateTuningData -v -timeout 0
//
// Each game starts from a different position of openings-8moves_v3.epd and
// is played by two searchers on two goroutines at once. A position is kept
// when the side to move is not in check, the move played from it is quiet
// (so the position is not in the middle of an exchange) and the search
// score is not a mate. Each output line is "FEN;result", the result 1, 0.5
// or 0 from White's point of view.
func TestGenerateTuningData(t *testing.T) {
	out := os.Getenv("OX88_DATAGEN")
	if out == "" {
		t.Skip("set OX88_DATAGEN to generate tuning data")
	}
	games := envInt("OX88_DATAGEN_GAMES", 1000)
	nodes := uint64(envInt("OX88_DATAGEN_NODES", 6000))
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()

	openings := readOpenings(t, "../../shared/data/openings-8moves_v3.epd", 34000)
	rng := rand.New(rand.NewPCG(88, uint64(games)))
	rng.Shuffle(len(openings), func(i, j int) { openings[i], openings[j] = openings[j], openings[i] })

	var mu sync.Mutex
	next, positions := 0, 0
	var wg sync.WaitGroup
	for worker := 0; worker < 2; worker++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSearcher(16)
			for {
				mu.Lock()
				g := next
				next++
				mu.Unlock()
				if g >= games {
					return
				}
				fens, result := playDataGame(openings[g%len(openings)], s, nodes)
				mu.Lock()
				for _, fen := range fens {
					fmt.Fprintf(w, "%s;%s\n", fen, result)
				}
				positions += len(fens)
				if (g+1)%100 == 0 {
					w.Flush()
					t.Logf("%d games, %d positions", g+1, positions)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("%d games, %d positions in %s", games, positions, out)
}

// playDataGame plays one self-play game from start and returns the quiet
// positions met and the result ("1", "0.5", "0").
func playDataGame(start *chess.Position, s *Searcher, nodes uint64) ([]string, string) {
	s.Clear()
	var fens []string
	res := playFixedNodeGame(start, nodes, func(*chess.Position) *Searcher { return s },
		func(pos *chess.Position, r Result) {
			if !pos.InCheck() && r.Move.IsQuiet() && !IsMate(r.Score) {
				fens = append(fens, strings.Join(strings.Fields(pos.FEN())[:4], " "))
			}
		})
	return fens, map[int]string{1: "1", 0: "0.5", -1: "0"}[res]
}
