package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// newFlagSet returns the flag set of subcommand name. Its errors are
// returned, not fatal, and its usage (on -h and after a bad flag) is the
// text usage and then the flags.
func newFlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses a subcommand's args with fs. When ok is false the
// subcommand returns status at once: 0 after -h, 2 after a bad flag (the
// flag package has printed what was wrong and the usage).
func parseFlags(fs *flag.FlagSet, args []string) (status int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

// parseFileArgs parses a subcommand's flags around its one file argument,
// which may stand before or after the flags. It returns the file, and the
// exit status to return at once when ok is false (0 after -h, 2 for a
// usage error, the usage printed).
func parseFileArgs(fs *flag.FlagSet, args []string) (file string, status int, ok bool) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	if status, ok := parseFlags(fs, args); !ok {
		return "", status, false
	}
	if file == "" && fs.NArg() == 1 {
		file = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return "", usageError(fs), false
	}
	if file == "" {
		return "", usageError(fs), false
	}
	return file, 0, true
}

// usageError prints fs's usage for a command line that lacks something or
// has too much, and returns the exit status of a usage error, 2.
func usageError(fs *flag.FlagSet) int {
	fs.Usage()
	return 2
}

// badUsage prints "ox88 NAME: " and the formatted message on standard
// error for a command line subcommand name cannot run, and returns the
// exit status of a usage error, 2.
func badUsage(name, format string, a ...any) int {
	fmt.Fprintf(os.Stderr, "ox88 %s: %s\n", name, fmt.Sprintf(format, a...))
	return 2
}

// runError prints err as subcommand name's error on standard error ("ox88
// NAME: err") and returns the exit status of a run that failed, 1.
func runError(name string, err error) int {
	fmt.Fprintf(os.Stderr, "ox88 %s: %v\n", name, err)
	return 1
}

// budgetFlags are the search budget per position of the subcommands that
// search many positions (solve, analyze): --movetime MS or --nodes N.
type budgetFlags struct {
	movetime *int
	nodes    *uint64
}

// addBudgetFlags declares --movetime and --nodes on fs, with their usage
// texts.
func addBudgetFlags(fs *flag.FlagSet, movetimeUsage, nodesUsage string) budgetFlags {
	return budgetFlags{
		movetime: fs.Int("movetime", 0, movetimeUsage),
		nodes:    fs.Uint64("nodes", 0, nodesUsage),
	}
}

// check refuses both budgets at once and a negative time for subcommand
// name: it prints why and returns the exit status of a usage error, 2, or
// returns 0 when the budget is good.
func (b budgetFlags) check(name string) int {
	if *b.movetime > 0 && *b.nodes > 0 {
		return badUsage(name, "give --movetime or --nodes, not both")
	}
	if *b.movetime < 0 {
		return badUsage(name, "--movetime must not be negative")
	}
	return 0
}
