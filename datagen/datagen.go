// Package datagen makes training data for the network evaluation: it plays
// self-play games at a fixed node count from varied openings and keeps the
// quiet positions, each with the search score and the game's result, as
// nnue.Record values (marlinformat).
//
// A run is reproducible: game i of a run with seed S always starts from the
// same opening and, because each game starts with a cleared searcher,
// plays the same moves, whatever the number of workers. Runs with
// different seeds make different games, so several machines can each make
// a shard and the files simply concatenate.
//
// A run can be stopped at any moment and resumed: games are written whole,
// in game order, synced, and only then counted in a small journal beside
// the output (OUT.journal). On resume the output is cut back to what the
// journal counts, so a torn tail from a crash is dropped, and the run
// continues with the next game.
package datagen

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/game"
	"ox88/internal/atomicfile"
	"ox88/nnue"
	"ox88/search"
	"ox88/selfplay"
)

// Config is one data-generation run.
type Config struct {
	Out              string            // output file of nnue.Record values
	Games            int               // games to play in all (resumed runs count what is done); 0: until stopped
	Nodes            uint64            // nodes per move (default 5000)
	Workers          int               // games played at once (default 1)
	Seed             uint64            // the run's seed: the shard
	RandomPlies      int               // random moves played from each opening (default 8)
	Openings         []*chess.Position // start positions; nil: the standard start
	HashMB           int               // each worker's table (default DefaultHashMB)
	Progress         io.Writer         // progress lines; nil: none
	ProgressInterval time.Duration     // default 10 s
	SyncInterval     time.Duration     // how often the file is synced and the journal written (default 2 s)
	// NewSearcher makes each worker's searcher (default search.NewSearcher):
	// the place to plug in another evaluation.
	NewSearcher func(hashMB int) *search.Searcher
}

// Stats is what a run did.
type Stats struct {
	Games, Positions            int // totals in the file, earlier runs that wrote it included
	NewGames, NewPositions      int // made by this call
	WhiteWins, Draws, BlackWins int // of NewGames
}

// DefaultHashMB is a worker's table unless asked otherwise: 4 MiB, 262,144
// entries. A game of about 100 moves at 2,000 nodes searches some 200,000
// nodes, so the game's whole search fits, and the table spans a thousand
// 4 KiB pages, which the processor's address cache holds, where a 16 MiB
// one (the engine's default) makes most probes walk the page tables. Timed
// on 2026-12-06 (60 games from the same seed, one worker, idle machine,
// six pairs A B A B): 0.91 of the time of 16 MiB, and 3,758 positions
// against 3,759 (the games hardly change); 1 MiB was 0.97 of 4 MiB's time,
// too close to call.
const DefaultHashMB = 4

// openingMaxScore: openings the search scores beyond this are thrown away
// (the games are adjudicated by selfplay.Play).
const openingMaxScore = 400

// journal is the resumable state kept in OUT.journal.
type journal struct {
	seed               uint64
	games, records     int
	white, draw, black int
}

func (j journal) String() string {
	return fmt.Sprintf("ox88 datagen journal\nseed %d\ngames %d\nrecords %d\nwhite %d\ndraws %d\nblack %d\n",
		j.seed, j.games, j.records, j.white, j.draw, j.black)
}

func readJournal(name string) (journal, error) {
	var j journal
	data, err := os.ReadFile(name)
	if err != nil {
		return j, err
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) == 0 || lines[0] != "ox88 datagen journal" {
		return j, fmt.Errorf("%s: not an ox88 datagen journal", name)
	}
	fields := map[string]*int{"games": &j.games, "records": &j.records, "white": &j.white, "draws": &j.draw, "black": &j.black}
	for _, l := range lines[1:] {
		k, v, ok := strings.Cut(l, " ")
		if !ok {
			return j, fmt.Errorf("%s: bad line %q", name, l)
		}
		if k == "seed" {
			if j.seed, err = strconv.ParseUint(v, 10, 64); err != nil {
				return j, fmt.Errorf("%s: bad seed %q", name, v)
			}
			continue
		}
		if p := fields[k]; p != nil {
			if *p, err = strconv.Atoi(v); err != nil || *p < 0 {
				return j, fmt.Errorf("%s: bad %s %q", name, k, v)
			}
		}
	}
	return j, nil
}

// writeJournal replaces the journal atomically (package atomicfile): a
// crash leaves the old or the new one, never half of one.
func writeJournal(name string, j journal) error {
	return atomicfile.WriteFile(name, []byte(j.String()))
}

// gameResult is one finished game, waiting for its turn to be written.
type gameResult struct {
	index   int
	records []nnue.Record
	result  uint8
}

// Run plays games until cfg.Games are done or ctx is cancelled, appending
// to cfg.Out. An existing output is resumed when its journal has the same
// seed; an output without a journal is an error (nothing is overwritten).
func Run(ctx context.Context, cfg Config) (Stats, error) {
	if cfg.RandomPlies < 0 {
		return Stats{}, errors.New("datagen: random plies must not be negative")
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = DefaultHashMB
	}
	selfplay.Defaults(&cfg.Nodes, &cfg.Workers, &cfg.HashMB, &cfg.ProgressInterval)
	if cfg.SyncInterval <= 0 {
		cfg.SyncInterval = 2 * time.Second
	}
	if cfg.NewSearcher == nil {
		cfg.NewSearcher = search.NewSearcher
	}
	jname := cfg.Out + ".journal"
	j := journal{seed: cfg.Seed}
	if st, err := os.Stat(cfg.Out); err == nil {
		old, jerr := readJournal(jname)
		if jerr != nil {
			return Stats{}, fmt.Errorf("datagen: %s exists but its journal cannot be read (%v); choose another output", cfg.Out, jerr)
		}
		if old.seed != cfg.Seed {
			return Stats{}, fmt.Errorf("datagen: %s was made with seed %d, not %d", cfg.Out, old.seed, cfg.Seed)
		}
		if st.Size() < int64(old.records)*nnue.RecordSize {
			return Stats{}, fmt.Errorf("datagen: %s is shorter than its journal says (%d bytes, %d records)", cfg.Out, st.Size(), old.records)
		}
		j = old
	}
	f, err := os.OpenFile(cfg.Out, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return Stats{}, fmt.Errorf("datagen: %w", err)
	}
	defer f.Close()
	// Drop a torn tail: whatever was written after the journal's last count.
	if err := f.Truncate(int64(j.records) * nnue.RecordSize); err != nil {
		return Stats{}, fmt.Errorf("datagen: %w", err)
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		return Stats{}, fmt.Errorf("datagen: %w", err)
	}
	if err := writeJournal(jname, j); err != nil {
		return Stats{}, fmt.Errorf("datagen: %w", err)
	}
	stats := Stats{Games: j.games, Positions: j.records}
	if cfg.Games > 0 && j.games >= cfg.Games {
		return stats, nil
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	next.Store(int64(j.games))
	results := make(chan gameResult, cfg.Workers)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := cfg.NewSearcher(cfg.HashMB)
			var stop atomic.Bool
			go func() { <-ctx.Done(); stop.Store(true) }()
			for {
				i := int(next.Add(1) - 1)
				if cfg.Games > 0 && i >= cfg.Games {
					return
				}
				recs, res, ok := playGame(&cfg, s, i, &stop)
				if !ok {
					return
				}
				select {
				case results <- gameResult{i, recs, res}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	bw := bufio.NewWriterSize(f, 1<<16)
	pending := map[int]gameResult{}
	start := time.Now()
	lastReport, lastSync := start, start
	var werr error
	flush := func() error {
		if err := bw.Flush(); err != nil {
			return err
		}
		if err := f.Sync(); err != nil {
			return err
		}
		return writeJournal(jname, j)
	}
	for r := range results {
		if werr != nil {
			continue
		}
		pending[r.index] = r
		for {
			g, ok := pending[j.games]
			if !ok {
				break
			}
			delete(pending, j.games)
			for _, rec := range g.records {
				if _, err := bw.Write(rec[:]); err != nil {
					werr = err
				}
			}
			j.games++
			j.records += len(g.records)
			stats.NewGames++
			stats.NewPositions += len(g.records)
			switch g.result {
			case nnue.WhiteWon:
				j.white++
				stats.WhiteWins++
			case nnue.BlackWon:
				j.black++
				stats.BlackWins++
			default:
				j.draw++
				stats.Draws++
			}
		}
		now := time.Now()
		if werr == nil && now.Sub(lastSync) >= cfg.SyncInterval {
			werr = flush()
			lastSync = now
		}
		if werr != nil {
			cancel()
		}
		if cfg.Progress != nil && now.Sub(lastReport) >= cfg.ProgressInterval {
			lastReport = now
			report(cfg, j, stats, now.Sub(start))
		}
	}
	if werr == nil {
		werr = flush()
	}
	stats.Games, stats.Positions = j.games, j.records
	if cfg.Progress != nil {
		report(cfg, j, stats, time.Since(start))
	}
	if werr != nil {
		return stats, fmt.Errorf("datagen: %w", werr)
	}
	return stats, nil
}

// report prints one progress line: totals, this run's rate and the time
// left when the run has a game target.
func report(cfg Config, j journal, s Stats, el time.Duration) {
	secs := max(el.Seconds(), 1e-9)
	line := fmt.Sprintf("datagen: %d games, %d positions (W %d D %d B %d) | %.1f games/s, %.0f positions/s",
		j.games, j.records, j.white, j.draw, j.black, float64(s.NewGames)/secs, float64(s.NewPositions)/secs)
	if cfg.Games > 0 && s.NewGames > 0 {
		left := time.Duration(float64(cfg.Games-j.games) / float64(s.NewGames) * float64(el))
		line += fmt.Sprintf(" | %d/%d, ETA %s", j.games, cfg.Games, left.Round(time.Second))
	}
	fmt.Fprintln(cfg.Progress, line)
}

// playGame plays game i of the run and returns its kept positions and the
// result. ok is false when the run was stopped in the middle of the game.
func playGame(cfg *Config, s *search.Searcher, i int, stop *atomic.Bool) (recs []nnue.Record, result uint8, ok bool) {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	s.Clear()
	var pos chess.Position
	for {
		if stop.Load() {
			return nil, 0, false
		}
		p, good := opening(cfg, rng)
		if !good {
			continue
		}
		r := s.Search(&p, nil, search.Limits{Nodes: cfg.Nodes}, stop, nil)
		if stop.Load() {
			return nil, 0, false
		}
		if r.Score > openingMaxScore || r.Score < -openingMaxScore {
			continue
		}
		pos = p
		break
	}
	s.Clear()

	// A position is kept when it is quiet: the side to move is not in
	// check, the move played is quiet and the score is not a mate.
	var kept []chess.Position
	var scores []int
	res, ok := selfplay.Play(&pos, [2]*search.Searcher{s, s}, cfg.Nodes, clock.TimeControl{}, stop, func(p *chess.Position, r search.Result) {
		if !p.InCheck() && r.Move.IsQuiet() && !search.IsMate(r.Score) {
			white := r.Score
			if p.SideToMove() == chess.Black {
				white = -white
			}
			kept = append(kept, *p)
			scores = append(scores, white)
		}
	})
	if !ok {
		return nil, 0, false
	}
	result = nnue.Drawn
	switch res.Result {
	case game.WhiteWins:
		result = nnue.WhiteWon
	case game.BlackWins:
		result = nnue.BlackWon
	}
	recs = make([]nnue.Record, len(kept))
	for k := range kept {
		recs[k] = nnue.Pack(&kept[k], scores[k], result)
	}
	return recs, result, true
}

// opening picks a start position and plays cfg.RandomPlies random legal
// moves from it. It fails when the game ends on the way.
func opening(cfg *Config, rng *rand.Rand) (chess.Position, bool) {
	var pos chess.Position
	if len(cfg.Openings) > 0 {
		pos = *cfg.Openings[rng.IntN(len(cfg.Openings))]
	} else {
		pos = *chess.StartPosition()
	}
	return pos, selfplay.RandomPlies(&pos, rng, cfg.RandomPlies)
}
