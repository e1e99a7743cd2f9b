package main

import (
	"fmt"

	"ox88/game"
	"ox88/match/referee"
)

func init() {
	commands["referee"] = command{"check every move of a PGN with Stockfish's move generator", runReferee}
}

func runReferee(args []string) int {
	fs := newFlagSet("referee", `usage: ox88 referee [--stockfish PATH] GAMES.pgn ...

Replays every game and asks Stockfish ("go perft 1") for the legal moves of
every position: a move generator that is not ox88's. Each illegal move is
printed; the last line is "N games, M moves checked by Stockfish's perft 1:
K illegal", and the exit status is 1 when K > 0.`)
	sf := fs.String("stockfish", referee.DefaultStockfish, "the Stockfish binary that judges")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() == 0 {
		return usageError(fs)
	}
	ref, err := referee.Start(*sf)
	if err != nil {
		return runError("referee", err)
	}
	defer ref.Close()
	// The games are read one at a time and checked as they come.
	var rep referee.Report
	for _, name := range fs.Args() {
		err := game.EachPGNGame(name, func(_ int, g *game.Game) error { return ref.CheckGame(&rep, g) })
		if err != nil {
			return runError("referee", err)
		}
	}
	for _, il := range rep.Illegal {
		fmt.Println("illegal:", il)
	}
	fmt.Println(rep)
	if len(rep.Illegal) > 0 {
		return 1
	}
	return 0
}
