package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"ox88/chess"
	"ox88/game"
)

// Tournament kinds.
const (
	Gauntlet   = "gauntlet"    // the first engine plays each of the others
	RoundRobin = "round-robin" // every engine plays every other
)

// Config is a whole match.
type Config struct {
	Engines      []EngineConfig
	Tournament   string // Gauntlet or RoundRobin (the same for two engines)
	Openings     []Opening
	Chess960     bool // variant fischerandom: set by Validate when an opening is a Chess960 position
	RandomOrder  bool
	Seed         uint64
	Limits       GameLimits
	Margin       time.Duration // how far past its clock an engine may go
	HangTimeout  time.Duration // without a clock or move time: longest wait for a move
	StartTimeout time.Duration // for an engine's handshake and readiness
	Concurrency  int
	Games        int // games per pairing
	Adjudication Adjudication
	SPRT         *SPRT // nil: no test
	Telemetry    bool
	Event        string
	PGN          io.Writer // finished games in PGN, or nil
	EngineLog    io.Writer // every engine line in and out, or nil
	Out          io.Writer // one line per finished game, and the report
	Progress     io.Writer // a live status line (a terminal), or nil
	Quiet        bool      // no line per finished game

	openingsFile string // --openings, loaded by Validate
	openingPlies int    // --plies
}

// Defaults for the runner's timing.
const (
	// DefaultMargin lets an engine overstep its clock this much before it
	// loses on time: pipes and a busy machine add latency the engine
	// cannot see.
	DefaultMargin = 100 * time.Millisecond
	// DefaultHangTimeout is how long a move at fixed nodes or depth may
	// take before the engine is declared stalled.
	DefaultHangTimeout = 60 * time.Second
	// DefaultStartTimeout bounds an engine's start-up handshake.
	DefaultStartTimeout = 15 * time.Second
)

// PairingResult is the outcome of one pairing, from engine A's side.
type PairingResult struct {
	A, B         int // engine indices
	Tally        Tally
	WhiteTally   Tally          // A's results with White
	Terminations map[string]int // by result text, "White mates" and so on
	Faults       [2]FaultCount  // per engine: A then B
	pairs        map[int]*pairScore
	llr          float64
	decision     Decision
}

// FaultCount counts the ways an engine lost a game by its own fault.
type FaultCount struct {
	Illegal, Crash, Stall, Time int
}

// pairScore collects the two games of one opening.
type pairScore struct {
	points float64 // A's points so far
	games  int
}

// Result is a match's outcome.
type Result struct {
	Pairings    []*PairingResult
	Games       int    // games completed
	Interrupted bool   // stopped by the context (Ctrl-C)
	Stopped     string // why it stopped early (the SPRT's decision), or ""
	Restarts    int    // engines restarted after a fault
}

// Validate checks the configuration and fills in defaults.
func (c *Config) Validate() error {
	if len(c.Engines) < 2 {
		return errors.New("a match needs at least two engines")
	}
	for i := range c.Engines {
		if err := c.Engines[i].finish(); err != nil {
			return err
		}
		if c.Limits.Nodes > 0 && c.Engines[i].Proto == ProtoXboard {
			return fmt.Errorf("engine %s: xboard has no node limit; use --tc, --st or --depth", c.Engines[i].Name)
		}
	}
	if c.Tournament == "" {
		c.Tournament = RoundRobin
	}
	if c.Tournament != Gauntlet && c.Tournament != RoundRobin {
		return fmt.Errorf("tournament %q: want %s or %s", c.Tournament, Gauntlet, RoundRobin)
	}
	l := c.Limits
	if !l.HasClock() && l.MoveTime == 0 && l.Nodes == 0 && l.Depth == 0 {
		return errors.New("no limit: give --tc, --st, --nodes or --depth")
	}
	if l.HasClock() && l.MoveTime > 0 {
		return errors.New("--tc and --st exclude each other (as in cutechess-cli)")
	}
	if c.Concurrency < 1 {
		c.Concurrency = 1
	}
	if c.Games < 1 {
		c.Games = 2
	}
	if c.Margin == 0 {
		c.Margin = DefaultMargin
	}
	if c.HangTimeout == 0 {
		c.HangTimeout = DefaultHangTimeout
	}
	if c.StartTimeout == 0 {
		c.StartTimeout = DefaultStartTimeout
	}
	if c.SPRT != nil && len(c.Engines) != 2 {
		return errors.New("an SPRT needs exactly two engines")
	}
	if c.Out == nil {
		c.Out = io.Discard
	}
	if c.openingsFile != "" && c.Openings == nil {
		book, err := LoadOpenings(c.openingsFile, c.openingPlies)
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
func (c *Config) pairings() [][2]int {
	var out [][2]int
	n := len(c.Engines)
	if c.Tournament == Gauntlet {
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

// Run plays the match. It returns when every game is played, the SPRT has
// decided, or ctx is cancelled (Ctrl-C); in every case the result so far is
// returned and every engine process has been killed.
func Run(ctx context.Context, cfg *Config) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	pairs := cfg.pairings()
	res := &Result{}
	for _, p := range pairs {
		res.Pairings = append(res.Pairings, &PairingResult{A: p[0], B: p[1], Terminations: map[string]int{}, pairs: map[int]*pairScore{}})
	}
	picker := newOpeningPicker(cfg.Openings, cfg.RandomOrder, cfg.Seed)

	// The schedule: pair by pair across the pairings, so that a gauntlet
	// stopped early has met every opponent about equally often.
	var jobs []*gameSetup
	number := 0
	for k := 0; 2*k < cfg.Games; k++ {
		for pi, p := range pairs {
			for swap := 0; swap < 2 && 2*k+swap < cfg.Games; swap++ {
				number++
				w, b := p[0], p[1]
				if swap == 1 {
					w, b = b, w
				}
				jobs = append(jobs, &gameSetup{
					number: number, pair: k, pairing: pi, white: w, black: b,
					opening: picker.forPair(k), limits: cfg.Limits, margin: cfg.Margin,
					hangTimeout: cfg.HangTimeout, adjudication: cfg.Adjudication, telemetry: cfg.Telemetry,
					chess960: cfg.Chess960,
				})
			}
		}
	}
	total := len(jobs)

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobCh := make(chan *gameSetup)
	results := make(chan workerMsg)
	var wg sync.WaitGroup
	for range min(cfg.Concurrency, total) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{cfg: cfg, cache: map[int]player{}}
			w.run(runCtx, jobCh, results)
		}()
	}
	go func() {
		defer close(jobCh)
		for _, j := range jobs {
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
	for msg := range results {
		res.Restarts += msg.restarts
		if msg.err != nil {
			if fatal == nil {
				fatal = msg.err
			}
			cancel()
			continue
		}
		rec := msg.rec
		if rec == nil || rec.aborted || runCtx.Err() != nil && rec.outcome.Result == "" {
			continue
		}
		res.Games++
		pr := res.Pairings[rec.pairing]
		pr.add(cfg, rec)
		if cfg.PGN != nil {
			writePGN(cfg, rec)
		}
		clearProgress(cfg)
		fmt.Fprintf(cfg.Out, "Finished game %d (%s vs %s): %s {%s}\n", rec.number,
			cfg.Engines[rec.white].Name, cfg.Engines[rec.black].Name, rec.outcome.Result, rec.text)
		if cfg.SPRT != nil && res.Stopped == "" {
			pr.decision, pr.llr = cfg.SPRT.Decide(pr.Tally)
			if pr.decision != Continue {
				res.Stopped = "SPRT: " + pr.decision.String()
				cancel()
			}
		}
		showProgress(cfg, res, total, time.Since(started))
	}
	clearProgress(cfg)
	if ctx.Err() != nil {
		res.Interrupted = true
	}
	return res, fatal
}

// add counts a finished game in the pairing.
func (pr *PairingResult) add(cfg *Config, rec *gameRecord) {
	var aPoints float64
	aWhite := rec.white == pr.A
	switch rec.outcome.Result {
	case game.WhiteWins:
		if aWhite {
			aPoints = 1
		}
	case game.BlackWins:
		if !aWhite {
			aPoints = 1
		}
	default:
		aPoints = 0.5
	}
	pr.Tally.Add(aPoints)
	if aWhite {
		pr.WhiteTally.Add(aPoints)
	}
	pr.Terminations[rec.text]++
	if rec.fault != "" {
		f := &pr.Faults[0]
		if rec.faulty == pr.B {
			f = &pr.Faults[1]
		}
		switch rec.fault {
		case "illegal":
			f.Illegal++
		case "crash":
			f.Crash++
		case "stall":
			f.Stall++
		case "time":
			f.Time++
		}
	}
	ps := pr.pairs[rec.pair]
	if ps == nil {
		ps = &pairScore{}
		pr.pairs[rec.pair] = ps
	}
	ps.points += aPoints
	ps.games++
	if ps.games == 2 {
		pr.Tally.Penta[int(ps.points*2)]++
		delete(pr.pairs, rec.pair)
	}
}

// writePGN writes a finished game with cutechess-cli's tags.
func writePGN(cfg *Config, rec *gameRecord) {
	g := rec.g
	event := cfg.Event
	if event == "" {
		event = "ox88 match"
	}
	g.SetTag("Event", event)
	g.SetTag("Site", "?")
	g.SetTag("Date", time.Now().Format("2006.01.02"))
	g.SetTag("Round", fmt.Sprint(rec.pair+1))
	g.SetTag("White", cfg.Engines[rec.white].Name)
	g.SetTag("Black", cfg.Engines[rec.black].Name)
	g.SetTag("PlyCount", fmt.Sprint(g.Len()))
	g.SetTag("Termination", rec.termination)
	g.SetTag("TimeControl", cfg.Limits.PGN())
	io.WriteString(cfg.PGN, g.PGN()+"\n")
}

// workerMsg is a worker's report of one game (or of a fatal error).
type workerMsg struct {
	rec      *gameRecord
	err      error
	restarts int
}

// worker plays games one after another, keeping the engine processes it
// started for the next game and restarting those that failed.
type worker struct {
	cfg   *Config
	cache map[int]player
}

func (w *worker) run(ctx context.Context, jobs <-chan *gameSetup, out chan<- workerMsg) {
	defer w.closeAll()
	for s := range jobs {
		if ctx.Err() != nil {
			return
		}
		// Engines this game does not need are closed: a gauntlet moves on
		// to the next opponent.
		for idx, p := range w.cache {
			if idx != s.white && idx != s.black {
				p.quit()
				delete(w.cache, idx)
			}
		}
		msg := workerMsg{}
		var players [2]player
		for i, idx := range [2]int{s.white, s.black} {
			p, restarted, err := w.engine(ctx, idx)
			if restarted {
				msg.restarts++
			}
			if err != nil {
				if ctx.Err() != nil {
					return
				}
				out <- workerMsg{err: err, restarts: msg.restarts}
				return
			}
			players[i] = p
		}
		if s.white == s.black {
			// One engine cannot play itself in one process.
			out <- workerMsg{err: errors.New("an engine cannot play itself: give it twice under two names")}
			return
		}
		rec, err := playGame(ctx, s, players)
		if err == nil && rec != nil && !rec.aborted {
			for _, p := range players {
				p.gameOver(string(rec.outcome.Result), rec.text)
			}
		}
		msg.rec, msg.err = rec, err
		out <- msg // the collector reads until every worker has finished
		if err != nil {
			return
		}
	}
}

// engine returns a started engine for index idx, starting (or restarting
// one that failed) as needed.
func (w *worker) engine(ctx context.Context, idx int) (player, bool, error) {
	restarted := false
	if p := w.cache[idx]; p != nil {
		if p.alive() {
			return p, false, nil
		}
		p.quit()
		delete(w.cache, idx)
		restarted = true
	}
	cfg := &w.cfg.Engines[idx]
	var p player
	var err error
	switch cfg.Proto {
	case ProtoXboard:
		p, err = startXboard(ctx, cfg, w.cfg.StartTimeout, w.cfg.EngineLog)
	default:
		p, err = startUCI(ctx, cfg, w.cfg.StartTimeout, w.cfg.EngineLog)
	}
	if err != nil {
		return nil, restarted, err
	}
	w.cache[idx] = p
	return p, restarted, nil
}

// closeAll quits every engine the worker started.
func (w *worker) closeAll() {
	for idx, p := range w.cache {
		p.quit()
		delete(w.cache, idx)
	}
}
