package main

import (
	"fmt"
	"os"

	"golang.org/x/term"

	"ox88/clock"
	"ox88/engine"
	"ox88/tui"
)

func init() {
	commands["play"] = command{"the terminal game (the default on a terminal)", runPlay}
	defaultCommand = runDefault
}

// runDefault is bare ox88: the terminal game when a person is at a
// terminal, the UCI server when a program talks through a pipe.
func runDefault() int {
	if stdinIsTerminal() {
		return runPlay(nil)
	}
	if uci, ok := commands["uci"]; ok {
		return uci.run(nil)
	}
	usage(os.Stdout)
	return 0
}

// stdinIsTerminal reports whether standard input is a terminal rather
// than a pipe, a file or another character device such as /dev/null: it
// asks for the terminal's settings, which only a terminal has.
func stdinIsTerminal() bool {
	return term.IsTerminal(int(os.Stdin.Fd()))
}

func runPlay(args []string) int {
	fs := newFlagSet("play", "usage: ox88 play [flags]\n\nPlay chess against ox88 on the terminal (? in the game lists the keys).\n\nflags:")
	level := fs.Int("level", tui.DefaultLevel, fmt.Sprintf("ox88's skill level, 1 to %d", engine.MaxSkill))
	fen := fs.String("fen", "", "start from this position (FEN)")
	pgn := fs.String("pgn", "", "load the first game of this PGN file")
	color := fs.String("color", "white", "your side: white, black, both (two people) or none (watch ox88 play itself)")
	ascii := fs.Bool("ascii", false, "draw pieces as letters instead of Unicode chess glyphs")
	tc := fs.String("tc", "none", "clocks, such as 5m+3s (5 minutes, 3 seconds a move) or 40/90m+30s (none: no clocks)")
	bookFile := fs.String("book", "", "a Polyglot opening book for ox88 (ox88 book make writes one)")
	seed := fs.Uint64("seed", 0, "makes a weak level's and the book's choices reproducible (0: from the clock)")
	threads := fs.Int("threads", tui.DefaultThreads(), "ox88's search threads (the default leaves one core to the rest of the machine)")
	tables := fs.String("syzygy", "", "Syzygy endgame tables for ox88: directories, separated by "+string(os.PathListSeparator))
	var c960 chess960Flag
	fs.Var(&c960, "960", "play Chess960 from start position `N` (0-959; 518 is the standard array); --960 alone: a random one")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	start960, n960, err := c960.start(fs)
	if err != nil {
		return badUsage("play", "%v", err)
	}
	if start960 != "" {
		if *fen != "" || *pgn != "" {
			return badUsage("play", "--960 and --fen or --pgn exclude each other")
		}
		*fen = start960
		defer fmt.Printf("Chess960 start position %d: %s\n", n960, start960)
	}
	if fs.NArg() > 0 {
		return badUsage("play", "unexpected argument %q", fs.Arg(0))
	}
	if *threads < 1 {
		return badUsage("play", "--threads must be at least 1, got %d", *threads)
	}
	control, err := clock.ParseForPlay(*tc)
	if err != nil {
		return badUsage("play", "%v", err)
	}
	opts := tui.Options{Level: *level, FEN: *fen, PGN: *pgn, Color: *color, ASCII: *ascii, TC: control, Book: *bookFile, Threads: *threads, Seed: *seed, Syzygy: *tables}
	if err := tui.Run(opts); err != nil {
		return runError("play", err)
	}
	return 0
}
