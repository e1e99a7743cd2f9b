package selfplay

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/game"
	"ox88/match/stats"
	"ox88/search"
)

// ABConfig is an A/B match: the engine with options A against the engine
// with options B, in one process, at a fixed node count per move or at
// equal time on a clock. Games come in pairs: both start from the same
// position, A with White in the first, B in the second.
type ABConfig struct {
	A, B  search.Options
	Nodes uint64 // nodes per move (default 5000), when TimeControl has no clock
	// TimeControl, when it has a clock, replaces Nodes: each side plays on
	// its own clock (Play). Such a match depends on the machine's load.
	TimeControl clock.TimeControl
	Games       int               // games to play, rounded up to pairs (default 200)
	Openings    []*chess.Position // pair i starts from Openings[i mod len]; nil: the standard start
	RandomPlies int               // random moves played from the opening, different in each pair
	Seed        uint64            // the random moves' seed
	Workers     int               // pairs played at once (default 1)
	HashMB      int               // each searcher's table (default 16)
	Progress    io.Writer         // progress lines with the Elo so far and an ETA; nil: none
	// ProgressInterval paces the progress lines (default 10 s).
	ProgressInterval time.Duration
}

// ABResult is an A/B match's result from A's side, with the pentanomial
// counts of the pairs, and the games each side lost on time.
type ABResult struct {
	stats.Tally
	TimeLosses [2]int // games lost on time by A ([0]) and by B ([1])
}

// Defaults fills in the settings that a run of games (AB, datagen.Run)
// leaves at zero: 5000 nodes per move, one worker, a table of
// search.DefaultHashMB and a progress line every 10 s.
func Defaults(nodes *uint64, workers, hashMB *int, progressInterval *time.Duration) {
	if *nodes == 0 {
		*nodes = 5000
	}
	*workers = max(*workers, 1)
	if *hashMB <= 0 {
		*hashMB = search.DefaultHashMB
	}
	if *progressInterval <= 0 {
		*progressInterval = 10 * time.Second
	}
}

// AB plays the match and returns its result. Each game starts with
// cleared searchers, so at fixed nodes the result depends on the
// configuration only, not on the number of workers. When ctx ends, the
// pairs finished so far are returned with ctx's error.
func AB(ctx context.Context, cfg ABConfig) (ABResult, error) {
	if cfg.Games <= 0 {
		cfg.Games = 200
	}
	if cfg.RandomPlies < 0 {
		return ABResult{}, fmt.Errorf("selfplay: random plies must not be negative")
	}
	if tc := cfg.TimeControl; tc.MoveTime > 0 && !tc.HasClock() {
		return ABResult{}, fmt.Errorf("selfplay: time control %s: give a clock, such as 10+0.1", tc)
	}
	Defaults(&cfg.Nodes, &cfg.Workers, &cfg.HashMB, &cfg.ProgressInterval)
	for i, o := range cfg.Openings {
		var ml chess.MoveList
		if o.GenerateMoves(&ml); ml.N == 0 {
			return ABResult{}, fmt.Errorf("selfplay: opening %d (%s) has no legal move", i+1, o.FEN())
		}
	}
	pairs := (cfg.Games + 1) / 2
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()

	var mu sync.Mutex
	var t ABResult
	start, lastReport := time.Now(), time.Now()
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, b := search.NewSearcher(cfg.HashMB), search.NewSearcher(cfg.HashMB)
			a.SetOptions(cfg.A)
			b.SetOptions(cfg.B)
			for {
				i := int(next.Add(1) - 1)
				if i >= pairs || ctx.Err() != nil {
					return
				}
				points, flags, ok := playPair(&cfg, i, a, b, &stop)
				if !ok {
					return
				}
				mu.Lock()
				t.Add(points[0])
				t.Add(points[1])
				t.Penta[int(2*(points[0]+points[1]))]++
				t.TimeLosses[0] += flags[0]
				t.TimeLosses[1] += flags[1]
				if now := time.Now(); cfg.Progress != nil && now.Sub(lastReport) >= cfg.ProgressInterval {
					lastReport = now
					fmt.Fprintln(cfg.Progress, abProgress(t.Tally, 2*pairs, now.Sub(start)))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if cfg.Progress != nil {
		fmt.Fprintln(cfg.Progress, abProgress(t.Tally, 2*pairs, time.Since(start)))
	}
	return t, ctx.Err()
}

// playPair plays pair i and returns A's points in its two games (A with
// White first) and the games A and B lost on time. ok is false when the
// match was stopped.
func playPair(cfg *ABConfig, i int, a, b *search.Searcher, stop *atomic.Bool) (points [2]float64, flags [2]int, ok bool) {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	var pos chess.Position
	for {
		pos = *chess.StartPosition()
		if len(cfg.Openings) > 0 {
			pos = *cfg.Openings[i%len(cfg.Openings)]
		}
		if RandomPlies(&pos, rng, cfg.RandomPlies) {
			break // AB checked that the openings themselves have moves
		}
	}
	for g, players := range [2][2]*search.Searcher{{a, b}, {b, a}} {
		a.Clear()
		b.Clear()
		out, ok := Play(&pos, players, cfg.Nodes, cfg.TimeControl, stop, nil)
		if !ok {
			return points, flags, false
		}
		points[g] = 0.5
		if winner, won := out.Result.Winner(); won {
			loser := 0 // A
			points[g] = 0
			if (winner == chess.White) == (g == 0) {
				loser, points[g] = 1, 1
			}
			if out.Reason == game.Timeout {
				flags[loser]++
			}
		}
	}
	return points, flags, true
}

// abProgress is one progress line: the score, the Elo so far with its 95%
// interval (once the interval is finite), and the time left.
func abProgress(t stats.Tally, games int, el time.Duration) string {
	line := fmt.Sprintf("ab: %d/%d games, A vs B +%d =%d -%d", t.Games(), games, t.Wins, t.Draws, t.Losses)
	if elo, margin, ok := t.PentaElo(); ok && !math.IsNaN(margin) && !math.IsInf(margin, 0) {
		line += fmt.Sprintf(" | Elo %+.1f +/- %.1f", elo, margin)
	}
	if n := t.Games(); n > 0 && n < games {
		left := time.Duration(float64(games-n) / float64(n) * float64(el))
		line += fmt.Sprintf(" | ETA %s", left.Round(time.Second))
	}
	return line
}
