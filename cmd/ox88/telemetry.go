package main

import (
	"bytes"
	"fmt"
	"os"
	"slices"

	"ox88/internal/atomicfile"
	"ox88/match/telemetry"
)

func init() {
	commands["telemetry"] = command{"read the telemetry of ox88 match's PGN: a table, or an SVG chart per game", runTelemetry}
}

func runTelemetry(args []string) int {
	fs := newFlagSet("telemetry", "usage: ox88 telemetry GAMES.pgn [--svg OUT.svg]\n\n"+
		"Reads the move comments ox88 match writes ({book}, {+0.31/12 0.52s}, and with\n"+
		"--telemetry {d= nodes= score= tt= bal= diff= time}) and prints a table per game,\n"+
		"or draws per game the score and the material balance, and each engine's depth\n"+
		"and nodes per move, as an SVG a browser opens.")
	svg := fs.String("svg", "", "write the charts to FILE.svg (crash-safe) instead of the table")
	file, status, ok := parseFileArgs(fs, args)
	if !ok {
		return status
	}
	f, err := os.Open(file)
	if err != nil {
		return runError("telemetry", err)
	}
	games, err := telemetry.Read(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(os.Stderr, "ox88 telemetry: %s: %v\n", file, err)
		return 1
	}
	if !slices.ContainsFunc(games, func(g telemetry.Game) bool { return g.HasTelemetry() }) {
		// An empty table and exit 0 read as "it worked"; it did not.
		fmt.Fprintf(os.Stderr, "ox88 telemetry: %s: none of its %d games has telemetry: no move comment "+
			"such as {book}, {+0.31/12 0.52s} or {d=12 nodes=... 0.52s}, as ox88 match (--telemetry) "+
			"and cutechess-cli write them\n", file, len(games))
		return 1
	}
	if *svg == "" {
		telemetry.WriteTable(os.Stdout, games)
		return 0
	}
	var b bytes.Buffer
	telemetry.WriteSVG(&b, games)
	if err := atomicfile.WriteFile(*svg, b.Bytes()); err != nil {
		return runError("telemetry", err)
	}
	fmt.Fprintf(os.Stderr, "%s: %d games\n", *svg, len(games))
	return 0
}
