package game

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// sameGames reports how two games differ ("" if they do not): moves,
// start, tags, comments and outcome.
func sameGames(a, b *Game) string {
	sa, sb := a.Start(), b.Start()
	switch {
	case !slices.Equal(a.Moves(), b.Moves()):
		return "moves"
	case sa.FEN() != sb.FEN():
		return "start"
	case a.PGN() != b.PGN():
		return "PGN:\n" + a.PGN() + "\n" + b.PGN()
	}
	return ""
}

// readAll reads every game of text with a PGNReader.
func readAll(text string) ([]*Game, error) {
	r := NewPGNReader(strings.NewReader(text))
	var games []*Game
	for g, err := range r.Games() {
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
	return games, nil
}

// TestPGNReaderMatchesParsePGN: the reader gives the games ParsePGN
// gives, for the repository's PGN files and for texts whose comments,
// escapes and tag-less games test where it cuts, and the same errors
// with the same line numbers.
func TestPGNReaderMatchesParsePGN(t *testing.T) {
	texts := []string{
		"1. e4 e5 2. Nf3 Nc6 *",
		"[Event \"a\"]\n1. e4 {a comment\n[that looks like a tag]\n} e5 1-0\n[Event \"b\"]\n\n1. d4 d5 0-1\n",
		"[Event \"a {\"]\n1. e4 ; a { line comment\n[Event \"b\"]\n1. d4 *",
		"1. e4 * 1. d4 *\n1. c4 *",
		"\ufeff[Event \"bom\"]\n%escape [\n1. e4 (1. d4 {x}) e5 1/2-1/2\n\n\n[Event \"c\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e3 *",
		"[Event \"tags only\"]\n[Event \"then a game\"]\n1. e4 *",
	}
	for _, name := range []string{"openings-200.pgn", "openings-8moves-100.pgn"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	for _, text := range texts {
		want, err := ParsePGN(text)
		if err != nil {
			t.Fatalf("%.40q: %v", text, err)
		}
		got, err := readAll(text)
		if err != nil || len(got) != len(want) {
			t.Fatalf("%.40q: %d games (%v), ParsePGN %d", text, len(got), err, len(want))
		}
		for i := range want {
			if d := sameGames(got[i], want[i]); d != "" {
				t.Fatalf("%.40q game %d: %s", text, i+1, d)
			}
		}
	}
	for _, text := range []string{
		"1. e4 e5 *\n\n[Event \"x\"]\n1. e4 e5 2. Ke3 *",
		"[Event \"x\"]\n1. e4 (1. d4\n[Event \"y\"]\n1. e4 *",
		"1. e4 {never closed\n\n[Event \"y\"]\n1. e4 *",
		"",
		"  \n% only an escape\n",
	} {
		_, want := ParsePGN(text)
		_, got := readAll(text)
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("%q: reader %v, ParsePGN %v", text, got, want)
		}
	}
}

// manyGames writes n short games, as a match writes them.
type manyGames struct {
	n, i int
	buf  []byte
}

func (m *manyGames) Read(p []byte) (int, error) {
	for len(m.buf) == 0 {
		if m.i == m.n {
			return 0, io.EOF
		}
		m.i++
		m.buf = fmt.Appendf(nil, "[Event \"test\"]\n[Round \"%d\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"+
			"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 {a blunder} 4. Qxf7# 1-0\n\n", m.i)
	}
	n := copy(p, m.buf)
	m.buf = m.buf[n:]
	return n, nil
}

// liveHeap is the heap still in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestPGNReaderMemory: 20,000 games (3.2 MB of text, which ReadPGN held
// as 870 MB of games) read one at a time keep the live heap within a
// megabyte whatever their number, and every game is read.
func TestPGNReaderMemory(t *testing.T) {
	const n = 20000
	before := liveHeap()
	r := NewPGNReader(&manyGames{n: n})
	count, peak := 0, uint64(0)
	for g, err := range r.Games() {
		if err != nil {
			t.Fatal(err)
		}
		if g.Len() != 7 || g.Tag("Round") != fmt.Sprint(count+1) {
			t.Fatalf("game %d: %d plies, round %s", count+1, g.Len(), g.Tag("Round"))
		}
		count++
		if count%2000 == 0 {
			peak = max(peak, liveHeap())
		}
	}
	if count != n {
		t.Fatalf("%d games, want %d", count, n)
	}
	if grew := int64(peak) - int64(before); grew > 1<<20 {
		t.Errorf("reading %d games one at a time: the live heap grew %d KB", n, grew>>10)
	}
	runtime.KeepAlive(r)
}

// TestPGNReaderStreams: the first game is returned while the rest of the
// stream is still to come (ox88 analyze starts on it at once).
func TestPGNReaderStreams(t *testing.T) {
	pr, pw := io.Pipe()
	go pw.Write([]byte("[Event \"1\"]\n1. e4 e5 *\n\n[Event \"2\"]\n"))
	r := NewPGNReader(pr)
	g, err := r.Next()
	if err != nil || g.Tag("Event") != "1" || g.Len() != 2 {
		t.Fatalf("first game: %v %v", g, err)
	}
	go func() {
		pw.Write([]byte("1. d4 *\n"))
		pw.Close()
	}()
	if g, err := r.Next(); err != nil || g.Tag("Event") != "2" {
		t.Fatalf("second game: %v %v", g, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last: %v", err)
	}
}

// FuzzPGNReader: where ParsePGN reads a text, the reader reads the same
// games from it; where ParsePGN refuses it, the reader ends in an error
// too (after the games before the bad one).
func FuzzPGNReader(f *testing.F) {
	f.Add("1. e4 e5 2. Nf3 Nc6 *")
	f.Add("[Event \"a\"]\n1. e4 {c\n[x]\n} e5 1-0\n[Event \"b\"]\n1. d4 *")
	f.Add("1.e4 e5 2.Nf3!? (2. f4 (2. d4)) 0-1\n\n[Event \"y\"]\n1. d4 1/2-1/2")
	f.Add("{unclosed\n[Event \"z\"]\n1. e4")
	f.Add("% esc\n[A \"\\\"\"] 1. O-O\n;x\n[B \"\"]\n1. e4 *")
	f.Fuzz(func(t *testing.T, text string) {
		want, werr := ParsePGN(text)
		got, gerr := readAll(text)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%q: ParsePGN %v, reader %v", text, werr, gerr)
		}
		if werr != nil {
			return
		}
		if len(got) != len(want) {
			t.Fatalf("%q: reader %d games, ParsePGN %d", text, len(got), len(want))
		}
		for i := range want {
			if d := sameGames(got[i], want[i]); d != "" {
				t.Fatalf("%q game %d: %s", text, i+1, d)
			}
		}
	})
}

// TestPGNReaderGameBound: a game whose text passes maxGameBytes (here
// 100,000 tag lines and no moves) is an error naming the line it starts
// on, not a game held whole; the games before it are read.
func TestPGNReaderGameBound(t *testing.T) {
	tags := strings.Repeat("[Event \""+strings.Repeat("x", 100)+"\"]\n", 100000)
	r := NewPGNReader(strings.NewReader("1. e4 *\n\n" + tags))
	if g, err := r.Next(); err != nil || g.Len() != 1 {
		t.Fatalf("first game: %v", err)
	}
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "PGN line 3: a game's text is larger than 8 MB") {
		t.Fatalf("a 10 MB game: %v", err)
	}
}
