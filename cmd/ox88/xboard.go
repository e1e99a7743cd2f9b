package main

import (
	"flag"
	"fmt"
	"os"

	"ox88/book"
	"ox88/engine"
	"ox88/xboard"
)

func init() {
	commands["xboard"] = command{"the xboard/WinBoard protocol (CECP v2) on stdin/stdout", runXboard}
}

func runXboard(args []string) int {
	fs := flag.NewFlagSet("xboard", flag.ContinueOnError)
	bookPath := fs.String("book", "", "Polyglot book (.bin) to play the engine's moves from while it has them")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: ox88 xboard [--book FILE.bin]\n\nSpeaks CECP (xboard protocol version 2) on stdin and stdout until quit or end of input.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	eng := engine.New()
	if *bookPath != "" {
		b, err := book.Open(*bookPath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ox88 xboard:", err)
			return 1
		}
		eng.SetBook(b)
	}
	srv := xboard.NewServer(eng, os.Stdout)
	if err := srv.Serve(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "ox88 xboard:", err)
		return 1
	}
	return 0
}
