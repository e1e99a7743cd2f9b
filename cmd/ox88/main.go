// Command ox88 is a chess engine and chess program on a 0x88 board.
//
// Each subcommand lives in its own file of this directory and registers
// itself in commands; main only picks one and runs it.
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"ox88/internal/version"
)

// command is one subcommand: a one-line summary and a function that runs it
// with the arguments after the subcommand's name and returns the exit status.
type command struct {
	summary string
	run     func(args []string) int
}

// commands is filled by the init functions of the subcommand files.
var commands = map[string]command{}

// defaultCommand runs when ox88 is started with no subcommand. The terminal
// game replaces it when it exists (play on a terminal, UCI otherwise).
var defaultCommand = func() int {
	usage(os.Stdout)
	return 0
}

func usage(w *os.File) {
	fmt.Fprintln(w, "ox88: a chess engine and chess program on a 0x88 board")
	fmt.Fprintln(w, "\nusage: ox88 <command> [flags]   (ox88 <command> -h for its flags; ox88 --version)")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
}

func main() {
	if len(os.Args) < 2 {
		os.Exit(defaultCommand())
	}
	name := os.Args[1]
	switch name {
	case "-h", "-help", "--help", "help":
		usage(os.Stdout)
		return
	case "-version", "--version", "version":
		fmt.Println(version.Line())
		return
	}
	cmd, ok := commands[strings.TrimPrefix(name, "--")]
	if !ok {
		fmt.Fprintf(os.Stderr, "ox88: unknown command %q\n", name)
		usage(os.Stderr)
		os.Exit(2)
	}
	os.Exit(cmd.run(os.Args[2:]))
}
