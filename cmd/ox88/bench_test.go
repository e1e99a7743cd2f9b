package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ox88/chess"
)

// TestBenchSignature runs the bench twice at a small depth: same code, same
// node count.
func TestBenchSignature(t *testing.T) {
	for _, fen := range benchFENs {
		if _, err := chess.ParseFEN(fen); err != nil {
			t.Fatalf("bench position %s: %v", fen, err)
		}
	}
	a, _ := bench(6, nil)
	b, _ := bench(6, nil)
	if a != b || a == 0 {
		t.Errorf("two bench runs: %d and %d nodes", a, b)
	}
}

func TestParseEPDTest(t *testing.T) {
	tc, err := parseEPDTest(`r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - bm Bxc6 Qd4; id "test";`)
	if err != nil || len(tc.best) != 2 || tc.id != "test" {
		t.Fatalf("got %+v, %v", tc, err)
	}
	tc, err = parseEPDTest(`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - am Rd7; id "x";`)
	if err != nil || len(tc.avoid) != 1 || tc.solved(tc.avoid[0]) {
		t.Fatalf("am: got %+v, %v", tc, err)
	}
	for _, bad := range []string{"", "8/8/8/8 w", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Qd8;", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - id \"no op\";"} {
		if _, err := parseEPDTest(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestSolve runs the command on a two-position suite and reads its last line.
func TestSolve(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.epd")
	suite := "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"mate\";\n" +
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Kf1; id \"impossible\";\n"
	if err := os.WriteFile(file, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := captureStdout(t, func() int { return runSolve([]string{file, "--nodes", "2000"}) })
	if last := lastLine(out); code != 0 || last != "solved 1 of 2" {
		t.Errorf("exit %d, last line %q", code, last)
	}
	if !strings.Contains(out, "FAIL impossible") {
		t.Errorf("failure not printed:\n%s", out)
	}
}

// FuzzParseEPDTest feeds arbitrary lines to the EPD test parser: it must
// return an error or a test with a position and at least one move, never
// panic.
func FuzzParseEPDTest(f *testing.F) {
	f.Add(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	f.Add(`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - am Rd7 Kf1; bm Rd8#;`)
	f.Add(`8/8/8/8 w - - bm`)
	f.Fuzz(func(t *testing.T, line string) {
		tc, err := parseEPDTest(line)
		if err == nil && (tc.pos == nil || len(tc.best)+len(tc.avoid) == 0) {
			t.Fatalf("%q: no error but %+v", line, tc)
		}
	})
}
