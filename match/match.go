package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"ox88/chess"
	"ox88/match/stats"
)

// Tournament kinds.
const (
	gauntlet   = "gauntlet"    // the first engine plays each of the others
	roundRobin = "round-robin" // every engine plays every other
)

// config is a whole match.
type config struct {
	Engines      []engineConfig
	Tournament   string // gauntlet or roundRobin (the same for two engines)
	Openings     []Opening
	Chess960     bool // variant fischerandom: set by validate when an opening is a Chess960 position
	RandomOrder  bool
	Seed         uint64
	SeedGiven    bool          // --seed was given; a resumed match otherwise takes the journal's
	Margin       time.Duration // how far past its clock an engine may go
	HangTimeout  time.Duration // without a clock or move time: longest wait for a move
	StartTimeout time.Duration // for an engine's handshake and readiness
	Concurrency  int
	Games        int // games per pairing
	Adjudication adjudicationRules
	SPRT         *stats.SPRT // nil: no test
	Telemetry    bool
	Event        string
	PGN          io.Writer // finished games in PGN when PGNPath is "" (tests), or nil
	PGNPath      string    // --pgnout: each finished game appended and synced
	JournalPath  string    // --journal: the match's state, for --resume; "" for none
	Resume       bool      // continue the match of JournalPath
	EngineLog    io.Writer // every engine line in and out, a Write each from any engine's goroutine, or nil
	Out          io.Writer // the match's lines: per finished game (unless Quiet), notes
	Progress     io.Writer // a live status line (a terminal), or nil
	Quiet        bool      // no line per finished game

	debugPath      string // --debug, opened by Main
	openingsFile   string // --openings, loaded by validate
	openingsFormat string // "epd", "pgn", or "" to go by the file's name
	openingPlies   int    // --plies
}

// Defaults for the runner's timing.
const (
	// defaultMargin lets an engine overstep its clock this much before it
	// loses on time: pipes and a busy machine add latency the engine
	// cannot see.
	defaultMargin = 100 * time.Millisecond
	// defaultHangTimeout is how long a move at fixed nodes or depth may
	// take before the engine is declared stalled.
	defaultHangTimeout = 60 * time.Second
	// defaultStartTimeout bounds an engine's start-up handshake.
	defaultStartTimeout = 15 * time.Second
)

// validate checks the configuration and fills in defaults.
func (c *config) validate() error {
	if len(c.Engines) < 2 {
		return errors.New("a match needs at least two engines")
	}
	for i := range c.Engines {
		if err := c.Engines[i].finish(); err != nil {
			return err
		}
	}
	if c.Tournament == "" {
		c.Tournament = roundRobin
	}
	if c.Tournament != gauntlet && c.Tournament != roundRobin {
		return fmt.Errorf("tournament %q: want %s or %s", c.Tournament, gauntlet, roundRobin)
	}
	if c.Concurrency < 1 {
		c.Concurrency = 1
	}
	if c.Games < 1 {
		c.Games = 2
	}
	if c.Margin == 0 {
		c.Margin = defaultMargin
	}
	if c.HangTimeout == 0 {
		c.HangTimeout = defaultHangTimeout
	}
	if c.StartTimeout == 0 {
		c.StartTimeout = defaultStartTimeout
	}
	if c.SPRT != nil && len(c.Engines) != 2 {
		return errors.New("an SPRT needs exactly two engines")
	}
	if c.Resume && c.JournalPath == "" {
		return errors.New("--resume needs the match's journal: give --pgnout or --journal as before")
	}
	for i := range c.Engines {
		if err := c.Engines[i].findProgram(); err != nil {
			return err
		}
	}
	if c.Out == nil {
		c.Out = io.Discard
	}
	if c.openingsFile != "" && c.Openings == nil {
		book, err := loadOpenings(c.openingsFile, c.openingsFormat, c.openingPlies)
		if err != nil {
			return err
		}
		c.Openings = book
	}
	for _, o := range c.Openings {
		if pos, err := chess.ParseFEN(o.FEN); err == nil && pos.Chess960() {
			c.Chess960 = true
		}
	}
	for i := range c.Engines {
		c.Engines[i].setChess960(c.Chess960)
	}
	return nil
}

// pairings lists the engine pairs the tournament plays.
func (c *config) pairings() [][2]int {
	var out [][2]int
	n := len(c.Engines)
	if c.Tournament == gauntlet {
		for j := 1; j < n; j++ {
			out = append(out, [2]int{0, j})
		}
		return out
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// schedule lists every game of the match, game k (1-based) at index k-1:
// pair by pair across the pairings, so that a gauntlet stopped early has
// met every opponent about equally often; each pair is one opening played
// twice with the colours swapped. The same configuration and seed give
// the same schedule, which is what lets a journal name a game by its
// number alone.
func (c *config) schedule() []*gameSetup {
	pairs := c.pairings()
	picker := newOpeningPicker(c.Openings, c.RandomOrder, c.Seed)
	var jobs []*gameSetup
	for k := 0; 2*k < c.Games; k++ {
		for pi, p := range pairs {
			for swap := 0; swap < 2 && 2*k+swap < c.Games; swap++ {
				w, b := p[0], p[1]
				if swap == 1 {
					w, b = b, w
				}
				jobs = append(jobs, &gameSetup{
					number: len(jobs) + 1, pair: k, pairing: pi, white: w, black: b,
					opening: picker.forPair(k), limits: [2]gameLimits{c.Engines[w].Limits, c.Engines[b].Limits},
					margin: c.Margin, hangTimeout: c.HangTimeout, adjudication: c.Adjudication, telemetry: c.Telemetry,
					chess960: c.Chess960,
				})
			}
		}
	}
	return jobs
}

// run plays the match. It returns when every game is played, the SPRT has
// decided, or ctx is cancelled (Ctrl-C); in every case the result so far is
// returned and every engine process has been killed. With a journal, the
// games a resumed match already played are counted first and only the
// others are played; each finished game reaches the PGN file and the
// journal before the result counts it.
func run(ctx context.Context, cfg *config) (*matchResult, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	out, done, err := openOutput(cfg)
	if err != nil {
		return nil, err
	}
	defer out.close()
	if cfg.RandomOrder {
		fmt.Fprintf(cfg.Out, "Openings in random order, seed %d\n", cfg.Seed)
	}
	jobs := cfg.schedule()
	res := newResult(cfg)
	var todo []*gameSetup
	for _, s := range jobs {
		if rec := done[s.number]; rec != nil {
			rec.fromSetup(s)
			res.add(cfg, rec)
		} else {
			todo = append(todo, s)
		}
	}
	if len(done) > 0 {
		fmt.Fprintf(cfg.Out, "Resuming the match of %s: %d of %d games played\n", cfg.JournalPath, len(done), len(jobs))
	}
	if res.Stopped != "" {
		todo = nil
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobCh := make(chan *gameSetup)
	results := make(chan workerMsg)
	var wg sync.WaitGroup
	for range min(cfg.Concurrency, len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{cfg: cfg, cache: map[int]player{}}
			w.run(runCtx, jobCh, results)
		}()
	}
	go func() {
		defer close(jobCh)
		for _, j := range todo {
			select {
			case jobCh <- j:
			case <-runCtx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	started := time.Now()
	var fatal error
	fail := func(err error) {
		if fatal == nil {
			fatal = err
		}
		cancel()
	}
	for msg := range results {
		if msg.err != nil {
			res.Restarts += msg.restarts
			fail(msg.err)
			continue
		}
		rec := msg.rec
		rec.restarts = msg.restarts
		if rec.aborted || runCtx.Err() != nil && rec.outcome.Result == "" {
			res.Restarts += msg.restarts
			continue
		}
		if err := out.write(cfg, rec); err != nil {
			fail(err)
			continue
		}
		res.add(cfg, rec)
		clearProgress(cfg)
		if !cfg.Quiet {
			fmt.Fprintf(cfg.Out, "Finished game %d (%s vs %s): %s {%s}\n", rec.number,
				cfg.Engines[rec.white].Name, cfg.Engines[rec.black].Name, rec.outcome.Result, rec.text)
			if cfg.Telemetry {
				for side, idx := range [2]int{rec.white, rec.black} {
					fmt.Fprintf(cfg.Out, "  %s %s: %s\n", chess.Color(side).Title(), cfg.Engines[idx].Name, rec.stats[side])
				}
			}
		}
		if res.Stopped != "" {
			cancel()
		}
		showProgress(cfg, res, len(jobs), time.Since(started))
	}
	clearProgress(cfg)
	if ctx.Err() != nil {
		res.Interrupted = true
	}
	if fatal == nil && !res.Interrupted {
		ending := res.Stopped
		if ending == "" {
			ending = "all games played"
		}
		if err := out.end(ending); err != nil {
			fatal = err
		}
	}
	return res, fatal
}
