package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
)

func init() {
	commands["perft"] = command{"count leaf nodes of the move tree (move generator proof and speed)", runPerft}
}

func runPerft(args []string) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fen := fs.String("fen", chess.StartFEN, "position to count from")
	depth := fs.Int("depth", 5, "depth in plies")
	divide := fs.Bool("divide", false, "print the count below each root move")
	suite := fs.String("suite", "", "EPD file with ;Dn counts to check")
	maxNodes := fs.Uint64("max-nodes", 0, "with --suite: skip expected counts above this (0: no limit)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: ox88 perft [--fen FEN] [--depth N] [--divide]\n       ox88 perft --suite FILE.epd [--max-nodes N]\n\nThe last ply is counted in bulk: its moves are generated, not made.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *suite != "" {
		return perftSuite(*suite, *maxNodes)
	}
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ox88 perft:", err)
		return 1
	}
	if *depth < 1 {
		fmt.Fprintln(os.Stderr, "ox88 perft: depth must be at least 1")
		return 2
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		for _, e := range pos.Divide(*depth) {
			fmt.Printf("%s: %d\n", e.Move, e.Nodes)
			nodes += e.Nodes
		}
	} else {
		nodes = pos.Perft(*depth)
	}
	el := time.Since(start).Seconds()
	fmt.Printf("nodes %d time %.3f nps %.0f\n", nodes, el, float64(nodes)/max(el, 1e-9))
	return 0
}

// perftSuite checks every ";Dn count" of every line of an EPD file.
func perftSuite(path string, maxNodes uint64) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ox88 perft:", err)
		return 1
	}
	defer f.Close()
	passed, failed, skipped := 0, 0, 0
	var total uint64
	start := time.Now()
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		pos, err := chess.ParseFEN(parts[0])
		if err != nil {
			fmt.Printf("line %d: bad FEN: %v\n", line, err)
			failed++
			continue
		}
		for _, part := range parts[1:] {
			fields := strings.Fields(part)
			if len(fields) != 2 || !strings.HasPrefix(fields[0], "D") {
				continue
			}
			depth, err1 := strconv.Atoi(fields[0][1:])
			want, err2 := strconv.ParseUint(fields[1], 10, 64)
			if err1 != nil || err2 != nil {
				fmt.Printf("line %d: bad entry %q\n", line, part)
				failed++
				continue
			}
			if maxNodes > 0 && want > maxNodes {
				skipped++
				continue
			}
			got := pos.Perft(depth)
			total += got
			if got != want {
				fmt.Printf("line %d: %s depth %d: got %d, want %d\n", line, strings.TrimSpace(parts[0]), depth, got, want)
				failed++
			} else {
				passed++
			}
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "ox88 perft:", err)
		return 1
	}
	el := time.Since(start).Seconds()
	fmt.Printf("nodes %d time %.3f nps %.0f (last ply counted in bulk; %d entries skipped by --max-nodes)\n", total, el, float64(total)/max(el, 1e-9), skipped)
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
