package book

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"ox88/chess"
)

func TestEncodeDecode(t *testing.T) {
	tests := []struct {
		fen  string
		uci  string
		code uint16
	}{
		// e2e4: to e4 = 4 | 3<<3, from e2 = 4<<6 | 1<<9.
		{chess.StartFEN, "e2e4", 4 | 3<<3 | 4<<6 | 1<<9},
		{chess.StartFEN, "g1f3", 5 | 2<<3 | 6<<6 | 0<<9},
		// Castling is stored as king takes rook.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 7 | 0<<3 | 4<<6 | 0<<9},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 0 | 0<<3 | 4<<6 | 0<<9},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", 7 | 7<<3 | 4<<6 | 7<<9},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", 0 | 7<<3 | 4<<6 | 7<<9},
		// Promotions: 1 knight, 2 bishop, 3 rook, 4 queen.
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n", 0 | 7<<3 | 0<<6 | 6<<9 | 1<<12},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8b", 0 | 7<<3 | 0<<6 | 6<<9 | 2<<12},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8r", 0 | 7<<3 | 0<<6 | 6<<9 | 3<<12},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q", 0 | 7<<3 | 0<<6 | 6<<9 | 4<<12},
	}
	for _, tc := range tests {
		t.Run(tc.fen, func(t *testing.T) {
			pos := chess.MustParseFEN(tc.fen)
			m, err := pos.ParseUCI(tc.uci)
			if err != nil {
				t.Fatal(err)
			}
			if got := Encode(m); got != tc.code {
				t.Errorf("%s: Encode(%s) = %#04x, want %#04x", tc.fen, tc.uci, got, tc.code)
			}
			if got, ok := Decode(pos, tc.code); !ok || got != m {
				t.Errorf("%s: Decode(%#04x) = %v %v, want %v", tc.fen, tc.code, got, ok, m)
			}
		})
	}
	// A move that is not legal decodes to nothing.
	if m, ok := Decode(chess.StartPosition(), 4|4<<3|4<<6|1<<9); ok { // e2e5
		t.Errorf("Decode(e2e5) = %v, want no move", m)
	}
}

// readMovetext plays the movetext of each game in a simple PGN file (tags,
// move numbers, SAN, a result; no comments or variations) and returns the
// games' moves. It is enough for the test data, not a PGN reader.
func readMovetext(t testing.TB, path string) [][]chess.Move {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var games [][]chess.Move
	var pos *chess.Position
	var moves []chess.Move
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "[Event ") {
			pos, moves = chess.StartPosition(), nil
			continue
		}
		if strings.HasPrefix(line, "[") || pos == nil {
			continue
		}
		for _, tok := range strings.Fields(line) {
			switch {
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
				games = append(games, moves)
				pos = nil
			case strings.HasSuffix(tok, "."):
			default:
				m, err := pos.ParseSAN(tok)
				if err != nil {
					t.Fatalf("game %d: %v", len(games)+1, err)
				}
				moves = append(moves, m)
				pos.MakeMove(m)
			}
			if pos == nil {
				break
			}
		}
	}
	return games
}

// testResults gives the test games varied results, so that weights differ.
var testResults = []string{"1-0", "1/2-1/2", "0-1", "1-0", "*"}

func buildTestBook(t testing.TB, maxPly int) ([]byte, [][]chess.Move) {
	games := readMovetext(t, "../testdata/openings-200.pgn")
	if len(games) != 200 {
		t.Fatalf("read %d games, want 200", len(games))
	}
	bd := NewBuilder(maxPly)
	for i, g := range games {
		if err := bd.Add(chess.StartPosition(), g, testResults[i%len(testResults)]); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	n, err := bd.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) || buf.Len() != bd.Len()*EntrySize {
		t.Fatalf("WriteTo = %d, %v; buffer %d bytes, Len %d", n, err, buf.Len(), bd.Len())
	}
	return buf.Bytes(), games
}

// TestBuilderRoundTrip writes a book and reads every weight back, checked
// against points counted here independently.
func TestBuilderRoundTrip(t *testing.T) {
	const maxPly = 10
	data, games := buildTestBook(t, maxPly)
	b, err := FromBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	// Positions are told apart by key, as the book does: transpositions
	// with different move counters are one position.
	want := map[uint64]map[chess.Move]int{} // key -> move -> points
	sample := map[uint64]chess.Position{}
	for i, g := range games {
		res := testResults[i%len(testResults)]
		pos := chess.StartPosition()
		for _, m := range g[:maxPly] {
			pts := map[string][2]int{"1-0": {2, 0}, "0-1": {0, 2}, "1/2-1/2": {1, 1}, "*": {1, 1}}[res][pos.SideToMove()]
			k := pos.Key()
			if want[k] == nil {
				want[k] = map[chess.Move]int{}
				sample[k] = *pos
			}
			want[k][m] += pts
			pos.MakeMove(m)
		}
	}
	entries := 0
	for k, moves := range want {
		pos := sample[k]
		fen := pos.FEN()
		got := map[chess.Move]int{}
		last := 1 << 30
		for _, e := range b.Entries(&pos) {
			got[e.Move] = int(e.Weight)
			if int(e.Weight) > last {
				t.Errorf("%s: weights not in descending order", fen)
			}
			last = int(e.Weight)
			entries++
		}
		for m, w := range moves {
			if w == 0 {
				if _, ok := got[m]; ok {
					t.Errorf("%s %v: a move with no points is in the book", fen, m)
				}
				continue
			}
			if got[m] != w {
				t.Errorf("%s %v: weight %d, want %d", fen, m, got[m], w)
			}
		}
	}
	if entries != b.Len() {
		t.Errorf("found %d entries by position, book has %d", entries, b.Len())
	}
	// The start position: every game starts there, and 1.e4/1.d4 etc. were
	// counted above; Best is the heaviest.
	start := chess.StartPosition()
	bm, ok := b.Best(start)
	es := b.Entries(start)
	if !ok || bm != es[0].Move {
		t.Errorf("Best = %v %v, want the first entry %v", bm, ok, es[0].Move)
	}
}

// TestProbeWeighted checks that Probe's choices follow the weights and
// that a seed repeats them.
func TestProbeWeighted(t *testing.T) {
	data, _ := buildTestBook(t, 4)
	b, _ := FromBytes(data)
	start := chess.StartPosition()
	es := b.Entries(start)
	total := 0
	for _, e := range es {
		total += int(e.Weight)
	}
	const draws = 20000
	b.Seed(7)
	count := map[chess.Move]int{}
	var first []chess.Move
	for i := 0; i < draws; i++ {
		m, ok := b.Probe(start)
		if !ok {
			t.Fatal("Probe found no move in the start position")
		}
		count[m]++
		if i < 20 {
			first = append(first, m)
		}
	}
	for _, e := range es {
		want := float64(draws) * float64(e.Weight) / float64(total)
		// Four standard deviations of a binomial count, plus one.
		if d := float64(count[e.Move]) - want; d*d > 16*want+1 {
			t.Errorf("%v: drawn %d times, expected about %.0f", e.Move, count[e.Move], want)
		}
	}
	b.Seed(7)
	for i, m := range first {
		if got, _ := b.Probe(start); got != m {
			t.Fatalf("after the same seed, draw %d = %v, want %v", i, got, m)
		}
	}
	b.SetBestOnly(true)
	if m, _ := b.Probe(start); m != es[0].Move {
		t.Errorf("best-only Probe = %v, want %v", m, es[0].Move)
	}
	// A position the book does not hold.
	if m, ok := b.Probe(chess.MustParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")); ok {
		t.Errorf("Probe of an unknown position = %v", m)
	}
}

func TestFromBytesRejects(t *testing.T) {
	if _, err := FromBytes(make([]byte, 17)); err == nil {
		t.Error("17 bytes accepted")
	}
	bad := make([]byte, 32)
	putEntry(bad[0:], rawEntry{key: 2})
	putEntry(bad[16:], rawEntry{key: 1})
	if _, err := FromBytes(bad); err == nil {
		t.Error("unsorted keys accepted")
	}
	if _, err := Open("/nonexistent/book.bin"); err == nil {
		t.Error("missing file accepted")
	}
	b, err := FromBytes(nil)
	if err != nil || b.Len() != 0 {
		t.Fatalf("empty book: %v", err)
	}
	if _, ok := b.Probe(chess.StartPosition()); ok {
		t.Error("empty book found a move")
	}
}

// FuzzBook feeds arbitrary bytes as a book and probes the start position:
// it must never panic, and every move it returns must be legal.
func FuzzBook(f *testing.F) {
	seed := make([]byte, 32)
	putEntry(seed, rawEntry{key: chess.StartPosition().Key(), move: 4 | 3<<3 | 4<<6 | 1<<9, weight: 5})
	f.Add(seed)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := FromBytes(data)
		if err != nil {
			return
		}
		pos := chess.StartPosition()
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		for _, e := range b.Entries(pos) {
			if !ml.Contains(e.Move) {
				t.Fatalf("entry %v is not legal", e.Move)
			}
		}
		b.Probe(pos)
	})
}
