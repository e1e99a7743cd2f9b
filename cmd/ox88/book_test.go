package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"ox88/book"
)

// TestBookCommands makes a book from the test PGN and probes it.
func TestBookCommands(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.bin")
	text, code := captureStdout(t, func() int {
		return runBook([]string{"make", "--pgn", "../../testdata/openings-200.pgn", "--out", out, "--max-ply", "10"})
	})
	if code != 0 || strings.TrimSpace(text) != "200 games, 1145 entries written to "+out {
		t.Fatalf("book make: exit %d, %q", code, text)
	}
	b, err := book.Open(out)
	if err != nil || b.Len() != 1145 {
		t.Fatalf("reading the book back: %v (%d entries)", err, b.Len())
	}
	text, code = captureStdout(t, func() int {
		return runBook([]string{"probe", "--book", out, "--fen", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"})
	})
	want := "g8f6   Nf6     weight    44   64.7%\n" +
		"d7d5   d5      weight    10   14.7%\n" +
		"e7e6   e6      weight     6    8.8%\n" +
		"d7d6   d6      weight     5    7.4%\n" +
		"g7g6   g6      weight     3    4.4%\n" +
		"5 moves, key 830eb9b20758d1de\n"
	if code != 0 || text != want {
		t.Errorf("book probe: exit %d\n%s\nwant\n%s", code, text, want)
	}
	// Errors: a missing file, a bad FEN, a missing flag.
	for _, args := range [][]string{
		{"probe", "--book", "/nonexistent.bin"},
		{"probe", "--book", out, "--fen", "nonsense"},
		{"make", "--pgn", "../../testdata/openings-200.pgn"},
		{"make", "--pgn", "/nonexistent.pgn", "--out", out},
		{"frobnicate"},
	} {
		devnull, _ := os.Open(os.DevNull)
		old := os.Stderr
		os.Stderr = devnull
		_, code := captureStdout(t, func() int { return runBook(args) })
		os.Stderr = old
		devnull.Close()
		if code == 0 {
			t.Errorf("ox88 book %v: exit 0, want an error", args)
		}
	}
}

// TestBookMakeKeepsWinnersMoves: a game's result decides whose moves earn
// points. The loser's moves are left out, and the winner's weigh 2, as
// Polyglot's make-book counts them (this failed when the result was read
// from a tag the PGN reader does not keep).
func TestBookMakeKeepsWinnersMoves(t *testing.T) {
	dir := t.TempDir()
	pgn, out := filepath.Join(dir, "b.pgn"), filepath.Join(dir, "b.bin")
	os.WriteFile(pgn, []byte("[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n"), 0o644)
	if _, code := captureStdout(t, func() int { return runBook([]string{"make", "--pgn", pgn, "--out", out}) }); code != 0 {
		t.Fatal("book make failed")
	}
	text, _ := captureStdout(t, func() int { return runBook([]string{"probe", "--book", out}) })
	if want := "e2e4   e4      weight     2  100.0%\n1 moves, key 463b96181691fc9c\n"; text != want {
		t.Errorf("start position:\n%s\nwant\n%s", text, want)
	}
	text, _ = captureStdout(t, func() int {
		return runBook([]string{"probe", "--book", out, "--fen", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"})
	})
	if !strings.HasPrefix(text, "d7d5   d5      weight     2") {
		t.Errorf("after 1. d4 (Black won):\n%s", text)
	}
}

// TestBookMakeAgreesWithPolyglot: on games with all three results, the
// book ox88 makes holds exactly the entries and weights of Debian's
// "polyglot make-book" (the order of equal-weight moves of one position
// may differ; Polyglot's readers do not depend on it).
func TestBookMakeAgreesWithPolyglot(t *testing.T) {
	const polyglot = "/usr/games/polyglot"
	if _, err := os.Stat(polyglot); err != nil {
		t.Skipf("%s not found (Debian package polyglot): %v", polyglot, err)
	}
	data, err := os.ReadFile("../../testdata/openings-200.pgn")
	if err != nil {
		t.Fatal(err)
	}
	// Give the games results in turn: 1-0, 0-1, 1/2-1/2.
	results := []string{"1-0", "0-1", "1/2-1/2"}
	var b strings.Builder
	for i, g := range strings.Split(strings.TrimSpace(string(data)), "\n\n[") {
		if i > 0 {
			g = "[" + g
		}
		r := results[i%3]
		g = regexp.MustCompile(`\[Result "[^"]*"\]`).ReplaceAllString(g, `[Result "`+r+`"]`)
		g = regexp.MustCompile(`(1-0|0-1|1/2-1/2|\*)\s*$`).ReplaceAllString(strings.TrimSpace(g), r)
		b.WriteString(g + "\n\n")
	}
	dir := t.TempDir()
	pgn, ours, theirs := filepath.Join(dir, "g.pgn"), filepath.Join(dir, "ox88.bin"), filepath.Join(dir, "pg.bin")
	os.WriteFile(pgn, []byte(b.String()), 0o644)
	if _, code := captureStdout(t, func() int {
		return runBook([]string{"make", "--pgn", pgn, "--out", ours, "--max-ply", "10"})
	}); code != 0 {
		t.Fatal("ox88 book make failed")
	}
	if out, err := exec.Command(polyglot, "make-book", "-pgn", pgn, "-bin", theirs, "-max-ply", "10", "-min-game", "1").CombinedOutput(); err != nil {
		t.Fatalf("polyglot make-book: %v\n%s", err, out)
	}
	entries := func(name string) []string {
		d, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var e []string
		for i := 0; i+16 <= len(d); i += 16 {
			e = append(e, fmt.Sprintf("%x", d[i:i+12])) // key, move, weight (not the learn field)
		}
		sort.Strings(e)
		return e
	}
	a, p := entries(ours), entries(theirs)
	if len(a) != len(p) || strings.Join(a, ",") != strings.Join(p, ",") {
		t.Errorf("ox88 wrote %d entries, polyglot %d; they differ", len(a), len(p))
	}
}
