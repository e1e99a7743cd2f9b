package main

import (
	"fmt"
	"time"

	"ox88/chess"
)

func init() {
	commands["perft"] = command{"count leaf nodes of the move tree (move generator proof and speed)", runPerft}
}

func runPerft(args []string) int {
	fs := newFlagSet("perft", "usage: ox88 perft [--fen FEN] [--depth N] [--divide]\n       ox88 perft --suite FILE.epd [--max-nodes N]\n\nThe last ply is counted in bulk: its moves are generated, not made.")
	fen := fs.String("fen", chess.StartFEN, "position to count from")
	depth := fs.Int("depth", 5, "depth in plies")
	divide := fs.Bool("divide", false, "print the count below each root move")
	suite := fs.String("suite", "", "EPD file with ;Dn counts to check")
	maxNodes := fs.Uint64("max-nodes", 0, "with --suite: skip expected counts above this (0: no limit)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *suite != "" {
		return perftSuite(*suite, *maxNodes)
	}
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		return runError("perft", err)
	}
	if *depth < 1 {
		return badUsage("perft", "depth must be at least 1")
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		for _, e := range pos.Divide(*depth) {
			fmt.Printf("%s: %d\n", pos.UCI(e.Move), e.Nodes)
			nodes += e.Nodes
		}
	} else {
		nodes = pos.Perft(*depth)
	}
	el := time.Since(start).Seconds()
	fmt.Printf("nodes %d time %.3f nps %.0f\n", nodes, el, float64(nodes)/max(el, 1e-9))
	return 0
}

// perftSuite checks every ";Dn count" of every line of an EPD file.
func perftSuite(path string, maxNodes uint64) int {
	suite, err := chess.ReadEPDFile(path)
	if err != nil {
		return runError("perft", err)
	}
	start := time.Now()
	r := chess.CheckPerftSuite(suite, maxNodes, func(e *chess.EPD, want chess.PerftCount, got uint64) {
		fmt.Printf("line %d: %s depth %d: got %d, want %d\n", e.Line, e.Pos.FEN(), want.Depth, got, want.Nodes)
	})
	el := time.Since(start).Seconds()
	fmt.Printf("nodes %d time %.3f nps %.0f (last ply counted in bulk; %d entries skipped by --max-nodes)\n", r.Nodes, el, float64(r.Nodes)/max(el, 1e-9), r.Skipped)
	fmt.Println(r)
	if r.Failed > 0 {
		return 1
	}
	return 0
}
