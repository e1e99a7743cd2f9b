package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"ox88/match"
)

func init() {
	commands["match"] = command{"play engines against each other: Elo, LOS, SPRT, PGN", runMatch}
}

// runMatch runs the match runner. The first Ctrl-C (or SIGTERM) ends the
// match and prints the result so far; the engines are killed either way,
// and the journal keeps the match for --resume.
func runMatch(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var progress io.Writer
	if fi, err := os.Stderr.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		progress = os.Stderr
	}
	return match.Main(ctx, args, os.Stdout, os.Stderr, progress)
}
