package main

import (
	"fmt"
	"os"
	"time"

	"ox88/chess"
	"ox88/search"
)

func init() {
	commands["solve"] = command{"run a bm/am test suite (EPD); last line: solved K of N", runSolve}
}

// solveHashMB is the table size used for each test position.
const solveHashMB = 64

func runSolve(args []string) int {
	fs := newFlagSet("solve", "usage: ox88 solve FILE.epd [--movetime MS | --nodes N]\n\nSearches every bm/am position; prints each failure; last line: solved K of N.")
	budget := addBudgetFlags(fs, "milliseconds per position (default 1000 unless --nodes)",
		"nodes per position (reproducible on a busy machine)")
	hash := fs.Int("hash", solveHashMB, "transposition table size in MiB")
	// The file may come before or after the flags.
	file, status, ok := parseFileArgs(fs, args)
	if !ok {
		return status
	}
	if status := budget.check("solve"); status != 0 {
		return status
	}
	movetime, nodes := *budget.movetime, *budget.nodes
	if movetime == 0 && nodes == 0 {
		movetime = 1000
	}
	if *hash < 1 {
		return badUsage("solve", "--hash must be at least 1")
	}
	suite, err := chess.ReadEPDFile(file)
	if err != nil {
		return runError("solve", err)
	}
	lim := search.Limits{Nodes: nodes}
	if movetime > 0 {
		lim.HardTime = time.Duration(movetime) * time.Millisecond
		lim.SoftTime = 10 * lim.HardTime // use the whole time: stop only at the hard limit
	}
	solved, err := search.SolveSuite(suite, lim, *hash, func(r search.SolveResult) {
		if r.Solved {
			return
		}
		t, id, want := r.Test, r.Test.ID, ""
		if id == "" {
			id = fmt.Sprintf("#%d", t.Line)
		}
		for _, b := range t.Best {
			want += " bm " + t.Pos.SAN(b)
		}
		for _, a := range t.Avoid {
			want += " am " + t.Pos.SAN(a)
		}
		fmt.Printf("FAIL %s (line %d): played %s, want%s (depth %d, score %d)\n",
			id, t.Line, t.Pos.SAN(r.Result.Move), want, r.Result.Depth, r.Result.Score)
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "ox88 solve: %s: %v\n", file, err)
		return 1
	}
	fmt.Printf("solved %d of %d\n", solved, len(suite))
	return 0
}
