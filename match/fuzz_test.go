package match

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ox88/chess"
)

// FuzzJournal: any bytes as a match journal are read or refused with an
// error, never a panic, and what is read holds only finished games.
func FuzzJournal(f *testing.F) {
	f.Add([]byte(`{"header":{"journal":"ox88 match journal","version":1}}` + "\n" +
		`{"game":{"number":1,"result":"1-0","text":"White mates","termination":"normal"}}` + "\n"))
	f.Add([]byte(`{"header":{"journal":"ox88 match journal","version":1}}` + "\n" + `{"end":"sprt"}` + "\n" + `{"game":`))
	f.Add([]byte("not json\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "j")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		j, err := readJournal(path)
		if err != nil || j == nil {
			return
		}
		for _, g := range j.games {
			if !validResult(g.Result) {
				t.Fatalf("a game with result %q was kept", g.Result)
			}
			g.record() // must not panic
		}
	})
}

// FuzzPGNOpenings: any text as a PGN opening book gives openings whose
// FEN parses and whose moves are legal, or an error.
func FuzzPGNOpenings(f *testing.F) {
	f.Add("1. e4 e5 2. Nf3 *\n\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e3 *", 2)
	f.Add("[Event \"x\"]\n1. d4 {c\n[not a tag]\n} d5 1-0\n", 0)
	f.Add("{unclosed\n", 8)
	f.Fuzz(func(t *testing.T, text string, plies int) {
		ops, err := readPGNOpenings(bufio.NewReader(strings.NewReader(text)), plies)
		if err != nil {
			return
		}
		for _, o := range ops {
			pos, err := chess.ParseFEN(o.FEN)
			if err != nil {
				t.Fatalf("opening FEN %q: %v", o.FEN, err)
			}
			if plies > 0 && len(o.Moves) > plies {
				t.Fatalf("%d moves, plies %d", len(o.Moves), plies)
			}
			for _, m := range o.Moves {
				mv, err := pos.ParseUCI(m)
				if err != nil {
					t.Fatalf("%s in %s: %v", m, pos.FEN(), err)
				}
				pos.MakeMove(mv)
			}
		}
	})
}
