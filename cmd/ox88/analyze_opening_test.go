package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ox88/game"
)

// ruyLopezGames are a Berlin Ruy Lopez by its usual move order, the same
// game by a transposed order (1. Nf3 Nc6 2. e4 e5), and the usual order
// with tags of its own; each leaves known theory at 5. c3.
const ruyLopezGames = `[Event "usual order"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. d3 Bc5 5. c3 O-O 6. O-O d6 7. h3 a6 *

[Event "transposed"]
[Result "*"]

1. Nf3 Nc6 2. e4 e5 3. Bb5 Nf6 4. d3 Bc5 5. c3 O-O 6. O-O d6 7. h3 a6 *

[Event "named already"]
[Result "*"]
[ECO "C60"]
[Opening "Spanish Game"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. d3 Bc5 5. c3 O-O 6. O-O d6 7. h3 a6 *
`

// TestAnalyzeNamesTheOpening: ox88 analyze writes the ECO and Opening
// tags of a Ruy Lopez, the same for a transposed move order, keeps the
// tags a game has, and comments the move that left theory.
func TestAnalyzeNamesTheOpening(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "ruy.pgn"), filepath.Join(dir, "reviewed.pgn")
	if err := os.WriteFile(in, []byte(ruyLopezGames), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, code := captureStdout(t, func() int { return runAnalyze([]string{in, "--nodes", "2000", "--out", out}) }); code != 0 {
		t.Fatalf("exit %d", code)
	}
	games, err := game.ReadPGNFile(out)
	if err != nil || len(games) != 3 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	const berlin = "Ruy Lopez: Berlin Defense, Anti-Berlin Variation"
	for i, want := range [][2]string{{"C65", berlin}, {"C65", berlin}, {"C60", "Spanish Game"}} {
		g := games[i]
		if eco, name := g.Tag("ECO"), g.Tag("Opening"); eco != want[0] || name != want[1] {
			t.Errorf("%s: [ECO %q] [Opening %q], want %q %q", g.Tag("Event"), eco, name, want[0], want[1])
		}
		if c := g.Comment(9); !strings.HasSuffix(c, "Out of known theory (C65 "+berlin+").") {
			t.Errorf("%s: 5. c3's comment %q", g.Tag("Event"), c)
		}
	}
}
