package main

import (
	"os"

	"ox88/book"
	"ox88/engine"
	"ox88/xboard"
)

func init() {
	commands["xboard"] = command{"the xboard/WinBoard protocol (CECP v2) on stdin/stdout", runXboard}
}

func runXboard(args []string) int {
	fs := newFlagSet("xboard", "usage: ox88 xboard [--book FILE.bin]\n\nSpeaks CECP (xboard protocol version 2) on stdin and stdout until quit or end of input.")
	bookPath := fs.String("book", "", "Polyglot book (.bin) to play the engine's moves from while it has them")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	eng := engine.New()
	if *bookPath != "" {
		b, err := book.Open(*bookPath)
		if err != nil {
			return runError("xboard", err)
		}
		eng.SetBook(b)
	}
	srv := xboard.NewServer(eng, os.Stdout)
	if err := srv.Serve(os.Stdin); err != nil {
		return runError("xboard", err)
	}
	return 0
}
