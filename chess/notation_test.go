package chess

import (
	"slices"
	"strings"
	"testing"
)

// TestEPDBestMovesSAN parses every bm and am move of the tactical suites and
// prints it back: the SAN must be identical, check marks included.
func TestEPDBestMovesSAN(t *testing.T) {
	n := 0
	for _, file := range []string{"../testdata/wac.epd", "../testdata/bk.epd"} {
		t.Run(strings.TrimPrefix(file, "../testdata/"), func(t *testing.T) {
			suite, err := ReadEPDFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range suite {
				for _, op := range e.Ops {
					moves := map[string][]Move{"bm": e.Best, "am": e.Avoid}[op.Opcode]
					for i, m := range moves {
						if got := e.Pos.SAN(m); got != op.Operands[i] {
							t.Errorf("%s: %q printed as %q", e.Pos.FEN(), op.Operands[i], got)
						}
						n++
					}
				}
			}
		})
	}
	if n < 324 {
		t.Errorf("only %d moves checked", n)
	}
}

func TestSAN(t *testing.T) {
	cases := []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"},
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q", "e8=Q+"},
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8n", "e8=N"},
		{"6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1", "e1e8", "Re8#"},
		{"k7/8/8/3N1N2/8/8/8/K7 w - - 0 1", "d5e7", "Nde7"},
		{"k7/8/8/3N4/8/3N4/8/K7 w - - 0 1", "d5f4", "N5f4"},
		{"k7/8/8/1N1N4/8/1N1N4/8/K7 w - - 0 1", "d5c3", "Ndc3"},
		{"4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a1b2", "Qa1b2"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
	}
	for _, c := range cases {
		t.Run(c.fen, func(t *testing.T) {
			pos, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := pos.ParseUCI(c.uci)
			if err != nil {
				t.Fatalf("%s %s: %v", c.fen, c.uci, err)
			}
			if got := pos.SAN(m); got != c.san {
				t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, got, c.san)
			}
			back, err := pos.ParseSAN(c.san)
			if err != nil || back != m {
				t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v", c.fen, c.san, back, err, m)
			}
		})
	}
}

// TestSANLine writes lines in SAN, check and mate marks included, stops at
// the first move that is not legal where it stands, and leaves the
// position as it was.
func TestSANLine(t *testing.T) {
	cases := []struct {
		fen  string
		line []string // UCI, each parsed after the ones before; "root:" in the root position, "raw:" in none
		want []string
	}{
		{StartFEN, []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"},
			[]string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", []string{"e8c8", "a1a8"}, []string{"O-O-O", "Ra8+"}},
		{StartFEN, []string{"e2e4", "e7e5", "root:e2e4", "root:g1f3"}, []string{"e4", "e5"}},
		{StartFEN, []string{"raw:e2e5", "e2e4"}, []string{}},
		{StartFEN, nil, []string{}},
	}
	for _, c := range cases {
		t.Run(c.fen, func(t *testing.T) {
			root, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			var line []Move
			pos := *root
			for _, s := range c.line {
				if u, ok := strings.CutPrefix(s, "root:"); ok {
					m, err := root.ParseUCI(u)
					if err != nil {
						t.Fatal(err)
					}
					line = append(line, m)
					continue
				}
				if u, ok := strings.CutPrefix(s, "raw:"); ok {
					from, _ := ParseSquare(u[:2])
					to, _ := ParseSquare(u[2:])
					line = append(line, NewMove(from, to, NoKind, 0))
					continue
				}
				m, err := pos.ParseUCI(s)
				if err != nil {
					t.Fatalf("%s %v: %v", c.fen, c.line, err)
				}
				line = append(line, m)
				pos.MakeMove(m)
			}
			got := root.SANLine(line)
			if !slices.Equal(got, c.want) {
				t.Errorf("%s %v: %q, want %q", c.fen, c.line, got, c.want)
			}
			if root.FEN() != c.fen {
				t.Errorf("%s: the position changed to %s", c.fen, root.FEN())
			}
		})
	}
}

func TestParseMoveErrors(t *testing.T) {
	pos := StartPosition()
	for _, s := range []string{"", "e2e5", "e9e4", "Ke2", "Nf6", "O-O", "Qxd7", "zz", "e7e8q", "Nbd2x"} {
		if m, err := pos.ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", s, m)
		}
	}
	for _, s := range []string{"e4", "e2e4", "Nf3", "g1f3", "Ng1-f3", "e2-e4", "Nf3!?"} {
		if _, err := pos.ParseMove(s); err != nil {
			t.Errorf("ParseMove(%q): %v", s, err)
		}
	}
}

// TestColorNames: String in a sentence's middle, Title at its start and in
// PGN tags.
func TestColorNames(t *testing.T) {
	for c, want := range map[Color][2]string{White: {"white", "White"}, Black: {"black", "Black"}} {
		if got := [2]string{c.String(), c.Title()}; got != want {
			t.Errorf("colour %d: String, Title = %q, want %q", c, got, want)
		}
	}
}
