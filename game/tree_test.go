package game

import (
	"fmt"
	"strings"
	"testing"
)

// playPath plays moves (SAN) one after another from path p with PlayAt and
// returns the path reached.
func playPath(t *testing.T, g *Game, p Path, sans ...string) Path {
	t.Helper()
	for _, s := range sans {
		pos, err := g.PositionAtPath(p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = g.PlayAt(p, m); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestPlayAtBuildsTheTree plays moves from earlier positions and checks
// that each becomes a variation (or follows one already there), paths,
// positions, the tree and the PGN, exactly.
func TestPlayAtBuildsTheTree(t *testing.T) {
	g := New(nil)
	end := playPath(t, g, Path{0}, "e4", "e5", "Nf3", "Nc6", "Bb5")
	if end.String() != "5" || g.Len() != 5 || g.Ply() != 5 {
		t.Fatalf("main line: path %v, %d moves at ply %d", end, g.Len(), g.Ply())
	}
	// From after 1. e4: 1... c5 starts a variation of move 2; it goes on.
	v := playPath(t, g, Path{1}, "c5", "Nf3", "d6")
	if v.String() != "2.0.3" {
		t.Fatalf("variation path %v, want 2.0.3", v)
	}
	// The same first move again follows the variation, a new one branches
	// inside it, and the main line's own next move stays on the main line.
	if p := playPath(t, g, Path{1}, "c5"); p.String() != "2.0.1" {
		t.Fatalf("c5 again: %v", p)
	}
	sub := playPath(t, g, Path{2, 0, 1}, "c3")
	if sub.String() != "2.0.2.0.1" {
		t.Fatalf("nested: %v", sub)
	}
	if p := playPath(t, g, Path{1}, "e5"); p.String() != "2" {
		t.Fatalf("e5 again: %v", p)
	}
	second := playPath(t, g, Path{1}, "e6")
	if second.String() != "2.1.1" {
		t.Fatalf("second variation: %v", second)
	}
	if g.Len() != 5 || g.Ply() != 5 {
		t.Fatalf("the main line changed: %d moves at ply %d", g.Len(), g.Ply())
	}
	pos, err := g.PositionAtPath(sub)
	if err != nil || pos.FEN() != "rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b KQkq - 0 2" {
		t.Fatalf("position at %v: %s %v", sub, pos.FEN(), err)
	}
	moves, _ := g.MovesTo(v)
	if got := NumberedSAN(g.Start(), moves); got != "1. e4 c5 2. Nf3 d6" {
		t.Fatalf("moves to %v: %s", v, got)
	}
	g.SetComment(1, "King's pawn.")
	want := "1. e4 {King's pawn.} 1... e5 (1... c5 2. Nf3 (2. c3) 2... d6) (1... e6) 2. Nf3\nNc6 3. Bb5 *\n"
	if _, movetext, _ := strings.Cut(g.PGN(), "\n\n"); movetext != want {
		t.Fatalf("PGN movetext\n%s\nwant\n%s", movetext, want)
	}
	var b strings.Builder
	var walk func(nodes []Node, depth int)
	walk = func(nodes []Node, depth int) {
		for _, n := range nodes {
			dots := "."
			if !n.White {
				dots = "..."
			}
			fmt.Fprintf(&b, "%s%d%s%s@%v ", strings.Repeat(">", depth), n.Number, dots, n.SAN, n.Path)
			for _, v := range n.Variations {
				walk(v, depth+1)
			}
		}
	}
	walk(g.Tree(), 0)
	wantTree := "1.e4@1 1...e5@2 >1...c5@2.0.1 >2.Nf3@2.0.2 >>2.c3@2.0.2.0.1 >2...d6@2.0.3 >1...e6@2.1.1 " +
		"2.Nf3@3 2...Nc6@4 3.Bb5@5 "
	if b.String() != wantTree {
		t.Fatalf("tree\n%s\nwant\n%s", b.String(), wantTree)
	}
	// Extending the main line from its end moves the game there.
	_ = g.GoTo(2)
	if p := playPath(t, g, Path{5}, "a6"); p.String() != "6" || g.Ply() != 6 || g.Len() != 6 {
		t.Fatalf("main line extended: %v, ply %d of %d", p, g.Ply(), g.Len())
	}
	// A clone shares no line with the game.
	c := g.Clone()
	playPath(t, c, Path{2, 0, 3}, "d4")
	if len(g.Variations(2)[0]) != 3 || len(c.Variations(2)[0]) != 4 {
		t.Fatalf("clone shares a variation: %v %v", g.Variations(2), c.Variations(2))
	}
}

// TestPathErrors: a bad path is refused with the reason, and so is an
// illegal move; the tree is unchanged.
func TestPathErrors(t *testing.T) {
	g := New(nil)
	playPath(t, g, Path{0}, "e4", "e5")
	playPath(t, g, Path{1}, "c5")
	before := g.PGN()
	for _, tt := range []struct {
		name string
		p    Path
		want string
	}{
		{"empty", Path{}, "want an odd count"},
		{"even", Path{1, 0}, "want an odd count"},
		{"past the end", Path{3}, "ply 3 is outside its line (0 to 2)"},
		{"negative ply", Path{-1}, "ply -1 is outside"},
		{"no such move", Path{3, 0, 1}, "the line has no move 3"},
		{"no such variation", Path{2, 1, 1}, "move 2 has no variation 1"},
		{"before the variation", Path{2, 0, 0}, "ply 0 is outside its line (1 to 1)"},
		{"past the variation", Path{2, 0, 2}, "ply 2 is outside its line (1 to 1)"},
		{"too deep", make(Path, 2*maxVariationDepth+3), "want an odd count"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := g.PositionAtPath(tt.p); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("path %v: %v, want %q", tt.p, err, tt.want)
			}
		})
	}
	pos := g.PositionAt(1)
	m, _ := pos.ParseMove("e5")
	if _, err := g.PlayAt(Path{2, 0, 1}, m); err == nil || !strings.Contains(err.Error(), "not legal") {
		t.Errorf("1... e5 after 1. e4 c5: %v", err)
	}
	if g.PGN() != before {
		t.Errorf("the game changed:\n%s", g.PGN())
	}
}

// TestVariationsRoundTrip reads a PGN with nested variations, comments
// before and inside them and NAGs, and writes exactly the same text.
func TestVariationsRoundTrip(t *testing.T) {
	text := `[Event "Variations"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

{Before.} 1. e4 $1 {Best by test.} (1. d4 d5 (1... Nf6 {Indian} 2. c4 e6 (2...
g6 3. Nc3 Bg7) 3. Nc3) 2. c4) ({Or} 1. c4 $5) 1... c5 2. Nf3 (2. c3 d5 3. exd5
Qxd5 (3... Nf6)) 2... d6 *
`
	games, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	if got := g.PGN(); got != text {
		t.Fatalf("written back\n%s\nwant\n%s", got, text)
	}
	if vs := g.Variations(1); len(vs) != 2 || NumberedSAN(g.Start(), vs[0]) != "1. d4 d5 2. c4" {
		t.Fatalf("variations of move 1: %v", vs)
	}
	p := Path{1, 0, 2, 0, 3, 0, 1}
	pos, err := g.PositionAtPath(p)
	if err != nil || pos.FEN() != "rnbqkb1r/pppppp1p/5np1/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3" {
		t.Fatalf("position at %v: %s %v", p, pos.FEN(), err)
	}
	if c := g.Tree()[0].Variations[0][1].Variations[0][0].Comment; c != "Indian" {
		t.Fatalf("comment in a nested variation: %q", c)
	}
}

// TestWholePGN writes the moves after the current one too, and leaves
// the game where it was.
func TestWholePGN(t *testing.T) {
	g := New(nil)
	playPath(t, g, Path{0}, "e4", "e5", "Nf3")
	playPath(t, g, Path{1}, "c5")
	_ = g.GoTo(1)
	if _, mt, _ := strings.Cut(g.WholePGN(), "\n\n"); mt != "1. e4 e5 (1... c5) 2. Nf3 *\n" {
		t.Fatalf("WholePGN: %q", mt)
	}
	if _, mt, _ := strings.Cut(g.PGN(), "\n\n"); mt != "1. e4 *\n" || g.Ply() != 1 {
		t.Fatalf("PGN: %q at ply %d", mt, g.Ply())
	}
}
