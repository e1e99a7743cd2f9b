package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"ox88/game"
	"ox88/match/referee"
)

// stockfishBinary judges legality with a move generator that is not ours.
const stockfishBinary = referee.DefaultStockfish

// selfPlayOverheadMS is the Move Overhead the soak test sets: a reserve
// against time the engine cannot see. On the shared 2-core machine (load
// average 6 to 12) the time from "go" to the engine's first line was 1 ms
// at the median, 31 ms at the 99th percentile and up to 277 ms: scheduling,
// not search. Neither this reserve nor the default 10 ms saved every game
// from such stalls there (docs/ENGINE.md, Part IV, section 5, has the
// runs); a quiet machine is the real remedy.
const selfPlayOverheadMS = 100

// TestSelfPlayLegal is the soak test of the protocol issue: ox88 against
// itself through "ox88 match" over UCI at 1 s + 0.01 s per move, then every
// move of every game checked by Stockfish ("go perft 1" lists the legal
// moves). It needs OX88_SELFPLAY_GAMES (e.g. 200) and takes minutes;
// scripts/selfplay-legal.sh runs it.
func TestSelfPlayLegal(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("OX88_SELFPLAY_GAMES"))
	if n <= 0 {
		t.Skip("set OX88_SELFPLAY_GAMES=N to play N self-play games at 1+0.01")
	}
	if _, err := os.Stat(stockfishBinary); err != nil {
		t.Skipf("%s not found (Debian package stockfish): %v", stockfishBinary, err)
	}
	tc := os.Getenv("OX88_SELFPLAY_TC")
	if tc == "" {
		tc = "1+0.01"
	}
	// Move Overhead is the engine's reserve against time it does not see:
	// pipes, the match runner, and on a shared machine the scheduler.
	// OX88_SELFPLAY_OVERHEAD=default keeps the option's default.
	overhead := os.Getenv("OX88_SELFPLAY_OVERHEAD")
	if overhead == "" {
		overhead = strconv.Itoa(selfPlayOverheadMS)
	}
	bin := buildOx88(t)
	pgn := filepath.Join(t.TempDir(), "selfplay.pgn")
	if keep := os.Getenv("OX88_SELFPLAY_PGN"); keep != "" {
		pgn = keep
		os.Remove(pgn)
		os.Remove(pgn + ".journal") // a new match, not the rest of an old one
	}
	start := time.Now()
	args := []string{"match",
		"--engine", "cmd=" + bin, "args=uci", "name=ox88-a",
		"--engine", "cmd=" + bin, "args=uci", "name=ox88-b",
		"--tc", tc, "--games", strconv.Itoa(n), "--openings", "../../testdata/openings-200.pgn",
		"--pgnout", pgn, "--quiet"}
	if overhead != "default" {
		args = append(args, "--each", "option.Move Overhead="+overhead)
	}
	out, err := exec.Command(bin, args...).CombinedOutput()
	t.Logf("ox88 match: %d games at %s, Move Overhead %s, in %v\n%s", n, tc, overhead, time.Since(start).Round(time.Second), out)
	if err != nil {
		t.Fatalf("ox88 match: %v", err)
	}
	faults := regexp.MustCompile(`faults: (\d+) illegal moves, (\d+) crashes, (\d+) stalls, (\d+) time losses`)
	for _, m := range faults.FindAllStringSubmatch(string(out), -1) {
		if m[1] != "0" || m[2] != "0" || m[3] != "0" || m[4] != "0" {
			t.Errorf("faults: %s", m[0])
		}
	}

	games, err := game.ReadPGNFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != n {
		t.Errorf("%d games in the PGN, want %d", len(games), n)
	}
	ref, err := referee.Start(stockfishBinary)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	for gi, g := range games {
		if term := g.Tag("Termination"); term != "normal" && term != "adjudication" {
			t.Errorf("game %d: Termination %q", gi+1, term)
		}
	}
	rep, err := ref.Check(games)
	if err != nil {
		t.Fatal(err)
	}
	for _, il := range rep.Illegal {
		t.Errorf("not legal for Stockfish: %s", il)
	}
	t.Log(rep)
}

// TestChess960MatchLegal plays Chess960 through "ox88 match": ox88 over
// UCI (UCI_Chess960, king-takes-rook) against ox88 over xboard (variant
// fischerandom, O-O), from the first positions of the Chess960 perft
// suite at depth 2, and has Stockfish check every move.
func TestChess960MatchLegal(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games: not in -short")
	}
	if _, err := os.Stat(stockfishBinary); err != nil {
		t.Skipf("%s not found (Debian package stockfish): %v", stockfishBinary, err)
	}
	bin := buildOx88(t)
	book := filepath.Join(t.TempDir(), "chess960.epd")
	data, err := os.ReadFile("../../testdata/chess960.epd")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(book, []byte(strings.Join(strings.SplitAfterN(string(data), "\n", 4)[:3], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	pgn := filepath.Join(t.TempDir(), "chess960.pgn")
	out, err := exec.Command(bin, "match",
		"--engine", "cmd="+bin, "args=uci", "name=ox88-uci",
		"--engine", "cmd="+bin, "args=xboard", "proto=xboard", "name=ox88-xboard",
		"--depth", "2", "--games", "6", "--maxmoves", "60", "--openings", book, "--pgnout", pgn, "--quiet").CombinedOutput()
	if err != nil {
		t.Fatalf("ox88 match: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "faults: 0 illegal moves, 0 crashes, 0 stalls, 0 time losses") {
		t.Errorf("ox88 match:\n%s", out)
	}
	games, err := game.ReadPGNFile(pgn)
	if err != nil || len(games) != 6 {
		t.Fatalf("%d games in the PGN: %v", len(games), err)
	}
	castles := 0
	for _, g := range games {
		if start := g.Start(); !start.Chess960() {
			t.Errorf("not a Chess960 game:\n%s", g.PGN())
		}
		for _, m := range g.AllMoves() {
			if m.IsCastle() {
				castles++
			}
		}
	}
	ref, err := referee.Start(stockfishBinary)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	rep, err := ref.Check(games)
	if err != nil {
		t.Fatal(err)
	}
	for _, il := range rep.Illegal {
		t.Errorf("not legal for Stockfish: %s", il)
	}
	t.Logf("%s; %d castles", rep, castles)
}
