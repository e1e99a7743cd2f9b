package main

import (
	"fmt"
	"os"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
)

func init() {
	commands["trace"] = command{"print the engine's own search tree, node by node, with a break and its stack", runTrace}
}

// traceMaxLines is how many lines of the tree ox88 trace prints by default.
const traceMaxLines = 400

func runTrace(args []string) int {
	fs := newFlagSet("trace", "usage: ox88 trace --fen F --depth D [--nodes N] [--break-on move=e2e4|depth=3|cutoff=tt] [--max-lines N]\n\n"+
		"Searches with the engine's own search (one thread, a fresh table) and prints its tree, one line per\n"+
		"node: the move (SAN), the node's number, the depth left (qN in quiescence), the window, the static\n"+
		"evaluation, what the steps did, and the score with its bound, from the side to move's view.\n"+
		"With --nodes or --break-on it stops there and prints the stack: every ply from the root to the node.")
	fen := fs.String("fen", chess.StartFEN, "the position to search")
	depth := fs.Int("depth", 3, "search depth in plies")
	nodes := fs.Uint64("nodes", 0, "run to the search's node N: the tree up to it and the stack there")
	breakOn := fs.String("break-on", "", "stop at the first node (after --nodes) where this holds: move=e2e4, depth=3, ply=2, node=N, cutoff=tt (tb, null, rfp, futility, lmp, lmr, check, beta, standpat, delta, see ...)")
	maxLines := fs.Int("max-lines", traceMaxLines, "print at most this many lines of the tree")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return badUsage("trace", "unexpected argument %q", fs.Arg(0))
	}
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		return badUsage("trace", "--fen: %v", err)
	}
	if *depth < 1 || *depth > search.MaxPly-8 {
		return badUsage("trace", "--depth must be 1 to %d", search.MaxPly-8)
	}
	if *nodes > engine.MaxTraceNodes {
		return badUsage("trace", "--nodes: at most %d nodes are recorded", engine.MaxTraceNodes)
	}
	if *maxLines < 1 {
		return badUsage("trace", "--max-lines must be at least 1")
	}
	var brk search.Break
	if *breakOn != "" {
		if brk, err = search.ParseBreak(*breakOn); err != nil {
			return badUsage("trace", "--break-on: %v", err)
		}
	}
	eng := engine.New()
	eng.SetPosition(pos, nil)
	tr, res := eng.Trace(*depth, engine.MaxTraceNodes)
	if tr.Len() == 0 {
		fmt.Printf("%s: no legal move, nothing to search\n", pos.FEN())
		return 0
	}
	fmt.Printf("%s, depth %d: %d nodes (the search counted %d), best %s %s\n",
		pos.FEN(), *depth, tr.Count, res.Nodes, pos.SAN(res.Move), search.ScoreText(res.Score))
	cursor, stopped := tr.Len()-1, false
	if *nodes > 0 {
		i, ok := tr.Index(*nodes)
		if !ok {
			return badUsage("trace", "--nodes %d: the search counted %d nodes", *nodes, tr.Count)
		}
		cursor, stopped = i, true
	}
	if *breakOn != "" {
		from := -1
		if stopped {
			from = cursor
		}
		i, ok := tr.Find(from, brk)
		if !ok {
			for _, l := range tr.TreeLines(tr.Len()-1, *maxLines) {
				fmt.Println(l)
			}
			fmt.Fprintf(os.Stderr, "ox88 trace: --break-on %s: no such node in the %d recorded\n", brk, tr.Len())
			return 1
		}
		cursor, stopped = i, true
	}
	if !stopped {
		for _, l := range tr.TreeLines(cursor, *maxLines) {
			fmt.Println(l)
		}
		return 0
	}
	for _, l := range tr.TreeLinesBefore(cursor, *maxLines) {
		fmt.Println(l)
	}
	n := tr.Node(cursor)
	fmt.Printf("\nstopped at node #%d (%s) of %d; the stack:\n", n.Number, stopReason(*nodes, brk, *breakOn), tr.Count)
	for _, l := range tr.StackLines(cursor) {
		fmt.Println("  " + l)
	}
	return 0
}

// stopReason says why ox88 trace stopped where it did.
func stopReason(nodes uint64, brk search.Break, breakOn string) string {
	if breakOn != "" {
		return "break on " + brk.String()
	}
	return fmt.Sprintf("--nodes %d", nodes)
}
