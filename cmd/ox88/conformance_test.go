package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"ox88/game"
	"ox88/match/referee"
)

// TestPolyglotAdapterMatch: Debian's polyglot, the UCI-to-xboard adapter
// that nobody here wrote, drives ox88's UCI side in a match against
// fairymax (xboard), run by ox88 match; the games finish without faults
// and Stockfish finds every move legal.
func TestPolyglotAdapterMatch(t *testing.T) {
	for _, p := range []string{"/usr/games/polyglot", "/usr/games/fairymax", referee.DefaultStockfish} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not found (Debian packages polyglot, fairymax, stockfish): %v", p, err)
		}
	}
	bin := buildOx88(t)
	dir := t.TempDir()
	ini := filepath.Join(dir, "ox88.ini")
	os.WriteFile(ini, []byte("[PolyGlot]\nEngineCommand = "+bin+" uci\nEngineDir = "+dir+"\nBook = false\n[Engine]\nHash = 16\n"), 0o644)
	pgn := filepath.Join(dir, "games.pgn")
	out, err := exec.Command(bin, "match",
		"--engine", "cmd=/usr/games/polyglot", "args="+ini, "proto=xboard", "name=ox88-polyglot",
		"--engine", "cmd=/usr/games/fairymax", "proto=xboard", "name=fairymax",
		"--tc", "3+0.03", "--games", "2", "--openings", "../../testdata/openings-200.pgn",
		"--pgnout", pgn, "--quiet").CombinedOutput()
	if err != nil {
		t.Fatalf("ox88 match: %v\n%s", err, out)
	}
	for _, m := range regexp.MustCompile(`faults: (\d+) illegal moves, (\d+) crashes, (\d+) stalls, (\d+) time losses`).FindAllStringSubmatch(string(out), -1) {
		if m[1] != "0" || m[2] != "0" || m[3] != "0" || m[4] != "0" {
			t.Errorf("%s\n%s", m[0], out)
		}
	}
	games, err := game.ReadPGNFile(pgn)
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	ref, err := referee.Start(referee.DefaultStockfish)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	rep, err := ref.Check(games)
	if err != nil || len(rep.Illegal) > 0 {
		t.Errorf("%v %v %v", rep, rep.Illegal, err)
	}
	t.Log(rep)
}
