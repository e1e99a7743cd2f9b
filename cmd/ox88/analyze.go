package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"ox88/engine"
	"ox88/game"
	"ox88/internal/atomicfile"
	"ox88/internal/version"
	"ox88/review"
	"ox88/search"
)

func init() {
	commands["analyze"] = command{"review games: mark inaccuracies, mistakes and blunders; annotated PGN out", runAnalyze}
}

// analyzeNodes is the default budget per position: a node count gives the
// same review on a busy machine as on an idle one.
const analyzeNodes = 200_000

func runAnalyze(args []string) int {
	fs := newFlagSet("analyze", "usage: ox88 analyze GAME.pgn [--movetime MS | --nodes N] [--out FILE] [--graph]\n\n"+
		"Evaluates every position of every game, marks inaccuracies (?!), mistakes (?) and\n"+
		"blunders (??) by the drop in winning chances, and writes the games as annotated PGN\n"+
		"(NAGs, [%eval] comments, the better line as a variation). Each side's accuracy and\n"+
		"marks go to standard error.")
	movetime := fs.Int("movetime", 0, "milliseconds per position")
	nodes := fs.Uint64("nodes", 0, fmt.Sprintf("nodes per position (default %d unless --movetime)", analyzeNodes))
	out := fs.String("out", "", "write the annotated PGN to FILE (crash-safe) instead of standard output")
	graph := fs.Bool("graph", false, "draw each game's evaluation graph on standard error")
	file, status, ok := parseFileArgs(fs, args)
	if !ok {
		return status
	}
	if *movetime > 0 && *nodes > 0 {
		return badUsage("analyze", "give --movetime or --nodes, not both")
	}
	if *movetime < 0 {
		return badUsage("analyze", "--movetime must be positive")
	}
	lim := search.Limits{Nodes: *nodes, MoveTime: time.Duration(*movetime) * time.Millisecond}
	if *movetime == 0 && *nodes == 0 {
		lim.Nodes = analyzeNodes
	}
	games, err := game.ReadPGNFile(file)
	if err != nil {
		return runError("analyze", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := engine.New()
	var pgn strings.Builder
	for i, g := range games {
		fmt.Fprintf(os.Stderr, "Game %d of %d: %s - %s, %s, %d plies\n", i+1, len(games),
			g.Tag("White"), g.Tag("Black"), g.Result(), g.Len())
		r, err := review.Analyze(ctx, e, g, lim, nil)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ox88 analyze: interrupted; nothing written")
			return 1
		}
		r.WriteSummary(os.Stderr)
		if *graph {
			fmt.Fprint(os.Stderr, r.Graph())
		}
		r.Annotate()
		g.SetTag("Annotator", version.Name())
		if i > 0 {
			pgn.WriteString("\n")
		}
		pgn.WriteString(g.PGN())
	}
	if *out == "" {
		fmt.Print(pgn.String())
		return 0
	}
	if err := atomicfile.WriteFile(*out, []byte(pgn.String())); err != nil {
		return runError("analyze", err)
	}
	return 0
}
