package chess

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestFENErrors(t *testing.T) {
	cases := []struct{ fen, want string }{
		{"", "fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "piece letter"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece letter"},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 squares"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has no king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "white has 2 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1", "first or last rank"},
		{"rnbqkbnp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "first or last rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", "repeats white's king-side right"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkha - 0 1", "repeats black's king-side right"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkI - 0 1", "rook's file"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ1 - 0 1", "rook's file"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "bad square"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "wrong rank"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "wrong rank"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", "no white pawn"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fullmove"},
		{"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move (black) is in check"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "9 pawns"},
	}
	for _, c := range cases {
		t.Run(c.fen, func(t *testing.T) {
			_, err := ParseFEN(c.fen)
			if err == nil {
				t.Errorf("ParseFEN(%q) accepted a bad FEN", c.fen)
				return
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("ParseFEN(%q) error %q does not mention %q", c.fen, err, c.want)
			}
		})
	}
}

// TestFENLongGameRoundTrip plays 208,000 plies of knight moves (the
// length of a move list that once printed a FEN its own parser refused)
// and reads back what FEN writes; counters past MaxFENCounter are written
// as MaxFENCounter and read back the same.
func TestFENLongGameRoundTrip(t *testing.T) {
	pos := MustParseFEN(StartFEN)
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for i := range 208000 {
		m, err := pos.ParseUCI(cycle[i%4])
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	if pos.HalfmoveClock() != 208000 || pos.FullmoveNumber() != 104001 {
		t.Fatalf("clock %d, move %d", pos.HalfmoveClock(), pos.FullmoveNumber())
	}
	fen := pos.FEN()
	again, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("FEN wrote %q, ParseFEN refuses it: %v", fen, err)
	}
	if again.FEN() != fen || again.HalfmoveClock() != 208000 {
		t.Fatalf("%q read back as %q", fen, again.FEN())
	}
	big := MustParseFEN(StartFEN)
	big.halfmove, big.fullmove = 999999999+5, 999999999+7
	want := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 999999999 999999999"
	if got := big.FEN(); got != want {
		t.Fatalf("counters past the bound: %q, want %q", got, want)
	}
	if _, err := ParseFEN(want); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000000000 1"); err == nil {
		t.Fatal("a halfmove clock past the bound parsed")
	}
}

func TestFENShortForm(t *testing.T) {
	pos, err := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	if err != nil {
		t.Fatal(err)
	}
	if pos.FEN() != StartFEN {
		t.Errorf("got %q", pos.FEN())
	}
}

// dataFENs returns the FEN part of every line of the repository's EPD files.
func dataFENs(t testing.TB) []string {
	var fens []string
	for _, file := range []string{"../testdata/perftsuite.epd", "../testdata/perft-standard.epd", "../testdata/wac.epd", "../testdata/bk.epd"} {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := strings.Split(sc.Text(), ";")[0]
			fields := strings.Fields(line)
			if len(fields) < 4 {
				continue
			}
			if strings.HasSuffix(file, "perftsuite.epd") || strings.HasSuffix(file, "perft-standard.epd") {
				fens = append(fens, strings.Join(fields, " "))
			} else {
				fens = append(fens, strings.Join(fields[:4], " "))
			}
		}
		f.Close()
	}
	return fens
}

func TestFENRoundTripDataFiles(t *testing.T) {
	for _, fen := range dataFENs(t) {
		pos, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("%q: %v", fen, err)
			continue
		}
		want := fen
		if len(strings.Fields(fen)) == 4 {
			want += " 0 1"
		}
		if got := pos.FEN(); got != want {
			t.Errorf("round trip %q -> %q", fen, got)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	f.Add("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	f.Add("8/8/8/8/8/8/8/K6k w - -")
	f.Add("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1")
	f.Add("1r4kr/8/8/8/8/8/8/RKR5 w ACh - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		pos, err := ParseFEN(fen)
		if err != nil {
			return
		}
		out := pos.FEN()
		again, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("%q parsed, printed as %q, which does not parse: %v", fen, out, err)
		}
		if again.FEN() != out || again.Key() != pos.Key() || again.ShredderFEN() != pos.ShredderFEN() {
			t.Fatalf("%q -> %q -> %q", fen, out, again.FEN())
		}
		if sh := MustParseFEN(pos.ShredderFEN()); sh.FEN() != out {
			t.Fatalf("%q -> Shredder-FEN %q -> %q", fen, pos.ShredderFEN(), sh.FEN())
		}
		var ml MoveList
		pos.GenerateMoves(&ml)
		if n := pos.CountMoves(); n != ml.N {
			t.Fatalf("%q: CountMoves %d, GenerateMoves %d", fen, n, ml.N)
		}
		for _, m := range ml.Slice() {
			before := *pos
			after := pos.KeyAfter(m)
			u := pos.MakeMove(m)
			if pos.Key() != pos.ComputeKey() || pos.Key() != after {
				t.Fatalf("%q: %s: key %016x, recomputed %016x, foretold %016x", fen, m, pos.Key(), pos.ComputeKey(), after)
			}
			pos.UnmakeMove(m, u)
			if !samePosition(pos, &before) {
				t.Fatalf("%q: unmaking %s gives %s", fen, m, pos.FEN())
			}
		}
	})
}
