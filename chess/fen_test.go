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
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", "repeats"},
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
		_, err := ParseFEN(c.fen)
		if err == nil {
			t.Errorf("ParseFEN(%q) accepted a bad FEN", c.fen)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFEN(%q) error %q does not mention %q", c.fen, err, c.want)
		}
	}
}

func TestFENCastlingDropped(t *testing.T) {
	pos, notes, err := ParseFENNotes("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if pos.Castling() != WhiteOO|BlackOOO {
		t.Errorf("rights %v, want Kq", pos.Castling())
	}
	if len(notes) != 2 || !strings.Contains(notes[0], "no white rook on a1") || !strings.Contains(notes[1], "no black rook on h8") {
		t.Errorf("notes %q", notes)
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
		if again.FEN() != out || again.Key() != pos.Key() {
			t.Fatalf("%q -> %q -> %q", fen, out, again.FEN())
		}
		var ml MoveList
		pos.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			u := pos.MakeMove(m)
			pos.UnmakeMove(m, u)
		}
	})
}
