package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"ox88/clock"
	"ox88/match/stats"
	"ox88/search"
	"ox88/selfplay"
)

func init() {
	commands["ab"] = command{"A/B match of two option sets of this engine, at fixed nodes or equal time", runAB}
}

func runAB(args []string) int {
	fs := newFlagSet("ab", abUsage)
	a := fs.String("a", "", "options of side A, comma-separated (default: the engine's defaults)")
	b := fs.String("b", "", "options of side B, e.g. \"experiment\" or \"nonnue,nomobility\"")
	nodes := fs.Uint64("nodes", 5000, "nodes searched per move")
	tc := fs.String("tc", "", "play on a clock instead: `BASE+INC` in seconds (0.2+0.01, 10+0.1) or with units (1m+1s)")
	games := fs.Int("games", 200, "games to play, rounded up to pairs (one opening, both colours)")
	openings := fs.String("openings", "", "start positions (EPD or PGN), one per pair in turn; default: the standard start")
	plies := fs.Int("random-plies", -1, "random moves played from each opening (default: 8 from the standard start, 0 with --openings)")
	workers := fs.Int("workers", runtime.NumCPU(), "pairs played at once")
	seed := fs.Uint64("seed", 1, "seed of the random moves")
	hash := fs.Int("hash", 16, "transposition table per searcher, MiB")
	list := fs.Bool("list", false, "list the option names and exit")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *list {
		fmt.Print(search.OptionHelp())
		return 0
	}
	if fs.NArg() > 0 {
		return badUsage("ab", "unexpected argument %q (options go in --a and --b)", fs.Arg(0))
	}
	cfg := selfplay.ABConfig{Nodes: *nodes, Games: *games, RandomPlies: *plies, Seed: *seed,
		Workers: *workers, HashMB: *hash, Progress: os.Stderr}
	var err error
	if *tc != "" {
		if cfg.TimeControl, err = clock.Parse(*tc); err == nil && !cfg.TimeControl.HasClock() {
			err = fmt.Errorf("time control %q: give a clock, such as 10+0.1", *tc)
		}
		if err != nil {
			return badUsage("ab", "--tc: %v", err)
		}
	}
	if cfg.A, err = search.ParseOptions(*a); err != nil {
		return badUsage("ab", "--a: %v", err)
	}
	if cfg.B, err = search.ParseOptions(*b); err != nil {
		return badUsage("ab", "--b: %v", err)
	}
	if *openings != "" {
		if cfg.Openings, err = loadStartPositions(*openings); err != nil {
			return runError("ab", err)
		}
	}
	if cfg.RandomPlies < 0 {
		cfg.RandomPlies = 8
		if *openings != "" {
			cfg.RandomPlies = 0
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	t, err := selfplay.AB(ctx, cfg)
	if err != nil && ctx.Err() == nil {
		return runError("ab", err)
	}
	if ctx.Err() != nil {
		fmt.Printf("Interrupted after %d games: the result so far.\n", t.Games())
	}
	if cfg.TimeControl.HasClock() {
		fmt.Printf("A (%s) vs B (%s), tc %s, time losses: A %d, B %d\n", orAll(*a), orAll(*b),
			cfg.TimeControl.PGN(), t.TimeLosses[0], t.TimeLosses[1])
	} else {
		fmt.Printf("A (%s) vs B (%s), %d nodes a move\n", orAll(*a), orAll(*b), cfg.Nodes)
	}
	fmt.Println(stats.ScoreLine("A", "B", t.Tally))
	fmt.Println(stats.EloLine(t.Tally))
	if elo, margin, ok := t.PentaElo(); ok {
		p := t.Penta
		fmt.Printf("Pairs (0, 1/2, 1, 3/2, 2 points): %d %d %d %d %d, Elo from pairs: %.1f +/- %.1f\n",
			p[0], p[1], p[2], p[3], p[4], elo, margin)
	}
	if ctx.Err() != nil {
		return 1
	}
	return 0
}

const abUsage = `usage: ox88 ab [--a OPTIONS] --b OPTIONS [--nodes N | --tc BASE+INC] [--games N] [--openings FILE] [--workers N]

Plays this engine with options A against itself with options B, in one
process, at a fixed node count per move, two games per opening with the
colours swapped, and prints the result from A's side with its Elo and
95% interval. Options name the experiment and the evaluation's parts; a
"no" prefix switches one off (--list names them). A new search idea is
tried behind search.Options.Experiment, read in one place in the code:
--b experiment (or experiment=N) plays it against the engine as it is.
Progress and an ETA go to stderr; Ctrl-C stops and prints the result so
far.

With --tc each side plays on its own clock at equal time, as in a real
game, and a side whose clock runs out loses on time (the result line
counts these). Equal time measures what fixed nodes cannot: a term that
makes each node slower. Timed games depend on the machine's load: run
timed A/Bs on an idle machine, with --workers at most the number of
cores.`

// orAll names an empty option list: the defaults (search.DefaultOptions).
func orAll(list string) string {
	if list == "" {
		return "defaults"
	}
	return list
}
