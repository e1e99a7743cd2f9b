package game

import (
	"slices"
	"strings"
	"testing"

	"ox88/chess"
)

// uciLine parses UCI moves played one after another from pos.
func uciLine(t *testing.T, pos chess.Position, moves ...string) []chess.Move {
	t.Helper()
	var line []chess.Move
	for _, s := range moves {
		m, err := pos.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
		line = append(line, m)
	}
	return line
}

// TestPGNWritesNAGsAndVariations writes an annotated Scholar's mate and
// reads it back: moves, comments, NAGs and variations survive, and the
// text written again is the same.
func TestPGNWritesNAGsAndVariations(t *testing.T) {
	g := New(nil)
	g.SetTag("Event", "Annotated")
	g.SetTag("White", "Ann")
	playAll(t, g, "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")
	if err := g.AddNAG(6, NAGBlunder); err != nil {
		t.Fatal(err)
	}
	g.SetComment(6, "[%eval #1] Blunder. g6 was best.")
	if err := g.AddVariation(6, uciLine(t, g.PositionAt(5), "g7g6", "h5f3", "g8f6")); err != nil {
		t.Fatal(err)
	}
	if err := g.AddVariation(6, uciLine(t, g.PositionAt(5), "d8e7")); err != nil {
		t.Fatal(err)
	}
	if err := g.AddNAG(3, NAGInteresting); err != nil {
		t.Fatal(err)
	}
	if err := g.AddNAG(3, 14); err != nil { // two NAGs on one move
		t.Fatal(err)
	}
	if err := g.AddVariation(1, uciLine(t, g.PositionAt(0), "d2d4")); err != nil {
		t.Fatal(err)
	}
	want := "1. e4 (1. d4) 1... e5 2. Bc4 $5 $14 Nc6 3. Qh5 Nf6 $4\n" +
		"{[%eval #1] Blunder. g6 was best.} (3... g6 4. Qf3 Nf6) (3... Qe7) 4. Qxf7# 1-0\n"
	text := g.PGN()
	if _, movetext, _ := strings.Cut(text, "\n\n"); movetext != want {
		t.Fatalf("got\n%s\nwant\n%s", movetext, want)
	}
	back, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	b := back[0]
	sameGame(t, g, b)
	for ply := 1; ply <= g.Len(); ply++ {
		if !slices.Equal(b.NAGs(ply), g.NAGs(ply)) {
			t.Errorf("ply %d: NAGs %v read back as %v", ply, g.NAGs(ply), b.NAGs(ply))
		}
		if !slices.EqualFunc(b.Variations(ply), g.Variations(ply), slices.Equal) {
			t.Errorf("ply %d: variations %v read back as %v", ply, g.Variations(ply), b.Variations(ply))
		}
	}
	if again := b.PGN(); again != text {
		t.Errorf("written again:\n%s\nwant\n%s", again, text)
	}
	if s := NumberedSAN(g.PositionAt(5), g.Variations(6)[0]); s != "3... g6 4. Qf3 Nf6" {
		t.Errorf("NumberedSAN = %q", s)
	}
	if vs := g.Variations(6); len(vs) != 2 || len(vs[0]) != 3 || vs[1][0].String() != "d8e7" {
		t.Errorf("Variations(6) = %v", vs)
	}
}

// TestParsePGNSuffixMarks reads the six suffixes as their NAGs and drops
// runs that are none of them.
func TestParsePGNSuffixMarks(t *testing.T) {
	games, err := ParsePGN("1. e4!? e5?! 2. Nf3!! Nc6?? 3. Bb5! a6? 4. Ba4!!! $1 (4. Bxc6 $4) *")
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	want := [][]int{nil, {NAGInteresting}, {NAGDubious}, {NAGBrilliant}, {NAGBlunder}, {NAGGood}, {NAGMistake}, {NAGGood}}
	for ply := 1; ply < len(want); ply++ {
		if got := g.NAGs(ply); !slices.Equal(got, want[ply]) {
			t.Errorf("ply %d: NAGs %v, want %v", ply, got, want[ply])
		}
	}
}

// TestAnnotationErrors: annotations need a move, a NAG fits a byte, and a
// variation must be legal from the position before the move.
func TestAnnotationErrors(t *testing.T) {
	g := New(nil)
	playAll(t, g, "e4", "e5")
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"NAG before the first move", g.AddNAG(0, 1), "ply 0 has no move (1 to 2)"},
		{"NAG after the last move", g.AddNAG(3, 1), "ply 3 has no move (1 to 2)"},
		{"NAG over a byte", g.AddNAG(1, 256), "NAG 256 is outside 0 to 255"},
		{"empty variation", g.AddVariation(2, nil), "an empty variation"},
		{"illegal variation", g.AddVariation(2, uciLine(t, g.PositionAt(0), "d2d4")),
			"variation move d2d4 is not legal in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.err == nil || c.err.Error() != c.want {
				t.Errorf("error %v, want %q", c.err, c.want)
			}
		})
	}
}

// TestPlayDropsTheTailsAnnotations: a new move after Undo drops the NAGs
// and variations of the moves it replaces, and ClearAnnotations drops all.
func TestPlayDropsTheTailsAnnotations(t *testing.T) {
	g := New(nil)
	playAll(t, g, "e4", "e5")
	g.AddNAG(1, NAGGood)
	g.AddNAG(2, NAGMistake)
	g.AddVariation(2, uciLine(t, g.PositionAt(1), "c7c5"))
	g.Undo()
	playAll(t, g, "d5")
	if len(g.NAGs(2)) != 0 || len(g.Variations(2)) != 0 || !slices.Equal(g.NAGs(1), []int{NAGGood}) {
		t.Fatalf("after a new move: NAGs %v %v, variations %v", g.NAGs(1), g.NAGs(2), g.Variations(2))
	}
	g.SetComment(1, "x")
	g.ClearAnnotations()
	if len(g.NAGs(1)) != 0 || g.Comment(1) != "" {
		t.Fatal("ClearAnnotations left something")
	}
}
