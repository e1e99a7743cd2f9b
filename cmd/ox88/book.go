package main

import (
	"fmt"
	"os"

	"ox88/book"
	"ox88/chess"
	"ox88/game"
)

// defaultBookPlies is how deep into each game "book make" records moves:
// twelve moves a side is past most opening theory in ordinary game
// collections, and deeper lines are mostly single games.
const defaultBookPlies = 24

func init() {
	commands["book"] = command{"Polyglot opening books: make one from PGN, or list a position's moves", runBook}
}

// bookUsage is the usage of ox88 book and of its subcommands.
const bookUsage = `usage: ox88 book make --pgn FILE.pgn --out FILE.bin [--max-ply N]
       ox88 book probe --book FILE.bin [--fen FEN]

make   counts the moves of the games' first N plies; a move's weight is
       2 per game its side won and 1 per draw (or unfinished game), as
       Polyglot's make-book counts; moves only ever played in lost games
       are left out
probe  lists the book's moves for a position (default: the start) with
       their weights and shares, heaviest first`

func runBook(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, bookUsage)
		return 2
	}
	switch args[0] {
	case "make":
		return bookMake(args[1:])
	case "probe":
		return bookProbe(args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Println(bookUsage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "ox88 book: unknown subcommand %q\n", args[0])
	fmt.Fprintln(os.Stderr, bookUsage)
	return 2
}

func bookMake(args []string) int {
	fs := newFlagSet("book make", bookUsage)
	pgn := fs.String("pgn", "", "PGN file with the games")
	out := fs.String("out", "", "book file to write")
	maxPly := fs.Int("max-ply", defaultBookPlies, "plies of each game to record (0: all)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *pgn == "" || *out == "" || *maxPly < 0 || fs.NArg() > 0 {
		return usageError(fs)
	}
	bd := book.NewBuilder(*maxPly)
	n := 0
	err := game.EachPGNGame(*pgn, func(i int, g *game.Game) error {
		result := string(g.Result()) // "*" for an unfinished game
		start := g.Start()
		if err := bd.Add(&start, g.AllMoves(), result); err != nil {
			return fmt.Errorf("game %d: %v", i+1, err)
		}
		n++
		return nil
	})
	if err != nil {
		return runError("book make", err)
	}
	if err := bd.WriteFile(*out); err != nil {
		return runError("book make", err)
	}
	fmt.Printf("%d games, %d entries written to %s\n", n, bd.Len(), *out)
	return 0
}

func bookProbe(args []string) int {
	fs := newFlagSet("book probe", bookUsage)
	path := fs.String("book", "", "Polyglot book file")
	fen := fs.String("fen", chess.StartFEN, "position to look up")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *path == "" || fs.NArg() > 0 {
		return usageError(fs)
	}
	b, err := book.Open(*path)
	if err != nil {
		return runError("book probe", err)
	}
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		return runError("book probe", err)
	}
	entries := b.Entries(pos)
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	for _, e := range entries {
		share := 0.0
		if total > 0 {
			share = 100 * float64(e.Weight) / float64(total)
		}
		fmt.Printf("%-6s %-7s weight %5d  %5.1f%%\n", e.Move, pos.SAN(e.Move), e.Weight, share)
	}
	fmt.Printf("%d moves, key %016x\n", len(entries), pos.Key())
	return 0
}
