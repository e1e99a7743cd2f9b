package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"ox88/chess"
	"ox88/datagen"
	"ox88/match"
	"ox88/nnue"
	"ox88/search"
)

func init() {
	commands["datagen"] = command{"self-play training data for the network (marlinformat records)", runDatagen}
}

func runDatagen(args []string) int {
	fs := newFlagSet("datagen", `usage: ox88 datagen --out FILE [--games N] [--nodes N] [--workers N] [--seed S] [--eval-file NET]

Plays self-play games at a fixed node count and appends their quiet positions,
each with the search score and the game's result, to FILE as marlinformat
records (see nnue.Record). Progress and an ETA go to stderr. Ctrl-C stops
cleanly; the same command resumes where it stopped.`)
	out := fs.String("out", "", "output file of 32-byte records (appended; resumed when its journal matches)")
	games := fs.Int("games", 0, "stop after this many games in the file (0: until Ctrl-C)")
	nodes := fs.Uint64("nodes", 5000, "nodes searched per move")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	seed := fs.Uint64("seed", 1, "the run's seed: runs with different seeds make different games (shards)")
	plies := fs.Int("random-plies", 8, "random moves played from each start position")
	openings := fs.String("openings", "", "start positions (EPD or PGN); default: the standard start")
	hash := fs.Int("hash", datagen.DefaultHashMB, "transposition table per worker, MiB")
	optList := fs.String("options", "", "search options as ox88 ab names them (\"nonnue\": the hand-written evaluation instead of the network)")
	evalFile := fs.String("eval-file", "", "a network file that evaluates instead of the embedded one, whatever --options says (data from net N trains net N+1)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *out == "" || fs.NArg() > 0 {
		return usageError(fs)
	}
	opt, err := search.ParseOptions(*optList)
	if err != nil {
		return badUsage("datagen", "%v", err)
	}
	if *evalFile != "" {
		if opt.Net, err = nnue.Load(*evalFile); err != nil {
			return runError("datagen", err)
		}
	}
	cfg := datagen.Config{Out: *out, Games: *games, Nodes: *nodes, Workers: *workers, Seed: *seed,
		RandomPlies: *plies, HashMB: *hash, Progress: os.Stderr,
		NewSearcher: func(hashMB int) *search.Searcher {
			s := search.NewSearcher(hashMB)
			s.SetOptions(opt)
			return s
		}}
	if *openings != "" {
		if cfg.Openings, err = loadStartPositions(*openings); err != nil {
			return runError("datagen", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := datagen.Run(ctx, cfg)
	if err != nil {
		return runError("datagen", err)
	}
	fmt.Printf("%d games, %d positions in %s (this run: %d games, %d positions)\n",
		st.Games, st.Positions, *out, st.NewGames, st.NewPositions)
	return 0
}

// loadStartPositions reads an opening book (EPD or PGN, as ox88 match
// reads them) and returns each opening's position after its moves.
func loadStartPositions(path string) ([]*chess.Position, error) {
	ops, err := match.LoadOpenings(path, 0)
	if err != nil {
		return nil, err
	}
	out := make([]*chess.Position, 0, len(ops))
	for _, o := range ops {
		pos, err := chess.ParseFEN(o.FEN)
		if err != nil {
			return nil, err
		}
		for _, s := range o.Moves {
			m, err := pos.ParseUCI(s)
			if err != nil {
				return nil, err
			}
			pos.MakeMove(m)
		}
		out = append(out, pos)
	}
	return out, nil
}
