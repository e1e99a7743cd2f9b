package chess

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// epdSummary prints everything ParseEPD decoded, for exact comparison.
func epdSummary(e *EPD) string {
	return fmt.Sprintf("%s|id=%q|bm=%v|am=%v|perft=%v|ops=%v", e.Pos.FEN(), e.ID, e.Best, e.Avoid, e.Perft, e.Ops)
}

func TestParseEPD(t *testing.T) {
	cases := []struct{ line, want string }{
		{`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
			`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1|id="WAC.001"|bm=[g3g6]|am=[]|perft=[]|ops=[{bm [Qg6]} {id [WAC.001]}]`},
		// the perft suites: six FEN fields, each operation after its ";"
		{StartFEN + " ;D1 20 ;D2 400 ;D6 119060324",
			StartFEN + `|id=""|bm=[]|am=[]|perft=[{1 20} {2 400} {6 119060324}]|ops=[{D1 [20]} {D2 [400]} {D6 [119060324]}]`},
		{"8/8/8/8/8/8/8/K6k b - - 12 40;D1 3",
			`8/8/8/8/8/8/8/K6k b - - 12 40|id=""|bm=[]|am=[]|perft=[{1 3}]|ops=[{D1 [3]}]`},
		// several moves, a comma between them, am before bm, a quoted
		// operand with a semicolon, an unknown opcode, no final ";"
		{`1rb1r1k1/p1p2ppp/5n2/2pP4/5P2/2QB4/qNP3PP/2KRB2R b - - am Qa1+; bm Bg4, Re2; c0 "Bg4 wins; Re2 is better" ; id WAC.252`,
			`1rb1r1k1/p1p2ppp/5n2/2pP4/5P2/2QB4/qNP3PP/2KRB2R b - - 0 1|id="WAC.252"|bm=[c8g4 e8e2]|am=[a2a1]|perft=[]|ops=[{am [Qa1+]} {bm [Bg4, Re2]} {c0 [Bg4 wins; Re2 is better]} {id [WAC.252]}]`},
		// a bare position (match openings) and an operation without operands
		{"8/8/8/8/8/8/8/K6k w - -", `8/8/8/8/8/8/8/K6k w - - 0 1|id=""|bm=[]|am=[]|perft=[]|ops=[]`},
		{"8/8/8/8/8/8/8/K6k w - - noop;", `8/8/8/8/8/8/8/K6k w - - 0 1|id=""|bm=[]|am=[]|perft=[]|ops=[{noop []}]`},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			e, err := ParseEPD(c.line)
			if err != nil {
				t.Errorf("%q: %v", c.line, err)
				return
			}
			if got := epdSummary(e); got != c.want {
				t.Errorf("%q:\n got %s\nwant %s", c.line, got, c.want)
			}
		})
	}
}

func TestParseEPDErrors(t *testing.T) {
	const k = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - "
	cases := []struct{ line, want string }{
		{"", "an EPD line starts with a FEN's four fields (board, side, castling, en passant), got 0"},
		{"8/8/8/8 w - ;D1 2", "an EPD line starts with a FEN's four fields (board, side, castling, en passant), got 3"},
		{"8/8/8/8/8/8/8/K6k x - -", `side to move must be "w" or "b", got "x"`},
		{k + "12 bm Rd8#", `"12" is not an opcode (a letter, then letters, digits or _)`},
		{k + `"bm" Rd8#`, `"bm" is not an opcode (a letter, then letters, digits or _)`},
		{k + "bm Rd8#; bm Kf1;", "opcode bm is given twice"},
		{k + "bm;", "bm needs at least one move"},
		{k + "am Qd8;", `am: move "Qd8" is not legal in this position`},
		{k + `id "a" "b";`, "id needs one operand, got 2"},
		{k + `id "open;`, "the quoted operand at column 38 is never closed"},
		{k + ";D0 1", "D0: the perft depth must be 1 to 32"},
		{k + ";D33 1", "D33: the perft depth must be 1 to 32"},
		{k + ";D1 20 30", "D1 needs one count, got 2 operands"},
		{k + ";D1 -5", `D1: the count "-5" is not a number`},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			_, err := ParseEPD(c.line)
			if err == nil || err.Error() != c.want {
				t.Errorf("%q: error %v, want %q", c.line, err, c.want)
			}
		})
	}
}

func TestReadEPD(t *testing.T) {
	text := "# a comment\n\n" + StartFEN + " ;D1 20\n  8/8/8/8/8/8/8/K6k w - - id \"bare\";\n"
	epds, err := ReadEPD(strings.NewReader(text))
	if err != nil || len(epds) != 2 || epds[0].Line != 3 || epds[1].Line != 4 || epds[1].ID != "bare" {
		t.Fatalf("got %d lines, %v", len(epds), err)
	}
	_, err = ReadEPD(strings.NewReader(text + "8/8/8/8/8/8/8/K6k w - - bm Ka2 Kb9;\n"))
	if want := `line 5: bm: move "Kb9": bad destination square`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if _, err := ReadEPDFile("testdata/none.epd"); err == nil || !strings.Contains(err.Error(), "none.epd") {
		t.Errorf("missing file: %v", err)
	}
}

// FuzzParseEPD feeds arbitrary lines to ParseEPD: it returns an error or an
// EPD whose decoded fields agree with its operations, never panics.
func FuzzParseEPD(f *testing.F) {
	f.Add(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	f.Add(StartFEN + " ;D1 20 ;D2 400")
	f.Add(`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - am Rd7 Kf1; bm Rd8#; c0 "a;b"`)
	f.Add(`8/8/8/8 w - - bm`)
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEPD(line)
		if err != nil {
			return
		}
		var legal MoveList
		e.Pos.GenerateMoves(&legal)
		for _, m := range slices.Concat(e.Best, e.Avoid) {
			if !slices.Contains(legal.Slice(), m) {
				t.Fatalf("%q: %s is not legal", line, m)
			}
		}
		counts := 0
		for _, op := range e.Ops {
			if !isOpcode(op.Opcode) {
				t.Fatalf("%q: opcode %q", line, op.Opcode)
			}
			if op.Opcode[0] == 'D' && isDigits(op.Opcode[1:]) {
				counts++
			}
		}
		if counts != len(e.Perft) {
			t.Fatalf("%q: %d Dn operations, %d counts", line, counts, len(e.Perft))
		}
	})
}
