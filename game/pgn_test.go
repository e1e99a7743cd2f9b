package game

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"ox88/chess"
)

func TestPGNWrite(t *testing.T) {
	g := New(nil)
	g.SetTag("White", "Ann \"the Rook\"")
	g.SetTag("Event", "Club night")
	g.SetTag("TimeControl", "300+2")
	g.SetComment(0, "A short one.")
	playAll(t, g, "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6")
	g.SetComment(5, "Threatens mate {on f7}.")
	g.SetComment(6, "Oops.")
	playAll(t, g, "Qxf7#")
	want := `[Event "Club night"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ann \"the Rook\""]
[Black "?"]
[Result "1-0"]
[TimeControl "300+2"]

{A short one.} 1. e4 e5 2. Bc4 Nc6 3. Qh5 {Threatens mate {on f7).} 3... Nf6
{Oops.} 4. Qxf7# 1-0
`
	if got := g.PGN(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestPGNWriteFromFEN(t *testing.T) {
	fen := "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"
	g, err := NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "Kd7", "e4")
	g.SetOutcome(NewOutcome(Draw, Agreement))
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"]

40... Kd7 41. e4 1/2-1/2
`
	if got := g.PGN(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestPGNChess960 writes a Chess960 game with its Variant tag and X-FEN,
// castling in SAN, and reads it back as Chess960, also from the standard
// array, where only the tag tells.
func TestPGNChess960(t *testing.T) {
	for _, start := range []*chess.Position{chess.Chess960Start(chess.Chess960StandardNumber), chess.MustParseFEN("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1")} {
		g := New(start)
		if start.FEN() == chess.StartFEN {
			playAll(t, g, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O")
		} else {
			playAll(t, g, "O-O", "O-O-O")
		}
		text := g.PGN()
		if !strings.Contains(text, `[Variant "Chess960"]`) || !strings.Contains(text, "O-O") || strings.Contains(text, "[FEN") == (start.FEN() == chess.StartFEN) {
			t.Fatalf("%s:\n%s", start.FEN(), text)
		}
		games, err := ParsePGN(text)
		if err != nil {
			t.Fatal(err)
		}
		if again := games[0].Start(); !again.Chess960() || games[0].PGN() != text {
			t.Errorf("%s: read back as %v\n%s", start.FEN(), again.Chess960(), games[0].PGN())
		}
	}
}

func TestPGNWrapsAt80(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	g := New(nil)
	playRandom(t, g, rng, 200)
	g.SetComment(3, strings.Repeat("a long comment that must be wrapped ", 10))
	for i, line := range strings.Split(g.PGN(), "\n") {
		if len(line) > pgnLineWidth {
			t.Fatalf("line %d is %d long: %s", i+1, len(line), line)
		}
	}
}

// sameGame fails unless a and b have the same start, moves, comments,
// tags and outcome.
func sameGame(t *testing.T, a, b *Game) {
	t.Helper()
	sa, sb := a.Start(), b.Start()
	if sa.FEN() != sb.FEN() {
		t.Fatalf("start %s != %s", sa.FEN(), sb.FEN())
	}
	if !slices.Equal(a.Moves(), b.Moves()) {
		t.Fatalf("moves differ:\n%v\n%v", a.SANMoves(), b.SANMoves())
	}
	for i := 0; i <= a.Len(); i++ {
		if a.Comment(i) != b.Comment(i) {
			t.Fatalf("comment %d: %q != %q", i, a.Comment(i), b.Comment(i))
		}
	}
	if a.Outcome().Result != b.Outcome().Result {
		t.Fatalf("result %v != %v", a.Outcome(), b.Outcome())
	}
	if a.Tag("White") != b.Tag("White") || a.Tag("Event") != b.Tag("Event") {
		t.Fatal("tags differ")
	}
}

func TestPGNRoundTripOfPlayedGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var all strings.Builder
	var played []*Game
	for i := range 40 {
		var g *Game
		if i%4 == 3 {
			var err error
			if g, err = NewFromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1"); err != nil {
				t.Fatal(err)
			}
		} else {
			g = New(nil)
		}
		g.SetTag("White", "random")
		g.SetTag("Event", "round trip "+string(rune('A'+i%26)))
		n := playRandom(t, g, rng, 400)
		for k := 0; k <= n; k += 1 + rng.IntN(30) {
			g.SetComment(k, "note"+strings.Repeat(" x", rng.IntN(5)))
		}
		if !g.Outcome().Over() && i%2 == 0 {
			g.SetOutcome(NewOutcome(BlackWins, Resignation))
		}
		text := g.PGN()
		back, err := ParsePGN(text)
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, text)
		}
		if len(back) != 1 {
			t.Fatalf("game %d: read %d games", i, len(back))
		}
		sameGame(t, g, back[0])
		if again := back[0].PGN(); again != text {
			t.Fatalf("game %d: second write differs:\n%s\n%s", i, text, again)
		}
		all.WriteString(text + "\n")
		played = append(played, g)
	}
	back, err := ReadPGN(strings.NewReader(all.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(played) {
		t.Fatalf("read %d games of %d", len(back), len(played))
	}
	for i := range back {
		sameGame(t, played[i], back[i])
	}
}

func TestParsePGNLenient(t *testing.T) {
	text := "% an escape line\n" + `[Event "Lenient"]
[White "A"] [Black "B"]
[Result "0-1"]

{Before.} 1.e4 e5 $1 2.Nf3!? (2. f4 exf4 (2... d5) 3. Nf3 {in a variation}) Nc6?!
; a rest-of-line comment
3. Bb5 a6 4. 0-0 { two } {comments} 4... Nf6 5.d4 exd4 6.e5 Ne4 0-1

1. d4 d5 *
[Event "No result"]
1. c4`
	games, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	g := games[0]
	want := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "Nf6", "d4", "exd4", "e5", "Ne4"}
	if !slices.Equal(g.SANMoves(), want) {
		t.Fatalf("moves %v", g.SANMoves())
	}
	if g.Comment(0) != "Before." || g.Comment(4) != "a rest-of-line comment" || g.Comment(7) != "two comments" {
		t.Fatalf("comments %q %q %q", g.Comment(0), g.Comment(4), g.Comment(7))
	}
	if g.Tag("Black") != "B" || g.Outcome().Text != "Black wins" {
		t.Fatalf("tags or outcome: %q %v", g.Tag("Black"), g.Outcome())
	}
	if games[1].Len() != 2 || games[1].Outcome().Over() {
		t.Fatal("second game")
	}
	if games[2].Tag("Event") != "No result" || games[2].Len() != 1 {
		t.Fatal("third game")
	}
}

func TestParsePGNOutcomeFromBoardAndTermination(t *testing.T) {
	games, err := ParsePGN(`[Termination "time forfeit"]
1. e4 e5 1-0

1. f3 e5 2. g4 Qh4# 0-1

1. e4 e5 1/2-1/2`)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"White wins on time", "Black wins by checkmate", "Draw"} {
		if got := games[i].Outcome().Text; got != want {
			t.Errorf("game %d: %q, want %q", i+1, got, want)
		}
	}
}

func TestParsePGNErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"no game", "", "no game found"},
		{"illegal move", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *", "PGN line 3: move 2. Ke3: move \"Ke3\" is not legal"},
		{"open comment", "1. e4\n{ never closed\n", "PGN line 2: comment { has no closing }"},
		{"open variation", "1. e4 (1. d4\n\n e5 *", "PGN line 1: variation ( is never closed"},
		{"variation at the result", "1. e4 e5 (1... Nf6 1-0", "PGN line 1: variation not closed before the result 1-0"},
		{"illegal variation move", "1. e4 e5 (2. Nf3) *", "PGN line 1: variation move 1... Nf3: move \"Nf3\" is not legal"},
		{"variation before a move", "(1. d4) 1. e4 *", "PGN line 1: a variation ( must follow the move it is played instead of"},
		{"empty variation", "1. e4 (\n) *", "PGN line 1: an empty variation ()"},
		{"variation at a variation's start", "1. e4 (1. d4 ((1... d5) *", "PGN line 1: a variation ( must follow"},
		{"deep variations", "1. e4 " + strings.Repeat("(1. d4 ", 65) + "*", "PGN line 1: variations nest deeper than 64"},
		{"stray close", "1. e4 ) e5", "PGN line 1: unexpected ) with no variation open"},
		{"tag without closing quote", "[Event \"x]\n1. e4", "PGN line 1: tag Event: the value has no closing quote"},
		{"tag without quotes", "[Event x]\n1. e4", "PGN line 1: tag Event: the value must be in double quotes"},
		{"tag without bracket", "[Event \"x\"\n1. e4", "PGN line 1: tag Event: missing ]"},
		{"bad FEN tag", "[FEN \"8/8/8 w - -\"]\n1. e4", "PGN line 1: bad FEN tag"},
		{"stray character", "\n\n1. e4 <e5>", "PGN line 3: unexpected character '<'"},
		{"bare dollar", "1. e4 $ e5", "PGN line 1: $ must be followed by a number"},
		{"pawn to the last rank", "1. e4 e5 2. e8=Q", "PGN line 1: move 2. e8=Q"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParsePGN(tt.text)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%q: error %v, want %q", tt.text, err, tt.want)
			}
		})
	}
}

// TestParseOpeningBook reads 100 games of a real PGN file and checks each
// final position against the FEN list made from the same games.
func TestParseOpeningBook(t *testing.T) {
	games, err := ReadPGNFile("../testdata/openings-8moves-100.pgn")
	if err != nil {
		t.Fatal(err)
	}
	fens, err := os.Open("../testdata/openings-8moves-100.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer fens.Close()
	sc := bufio.NewScanner(fens)
	i := 0
	for sc.Scan() {
		if i >= len(games) {
			t.Fatalf("only %d games", len(games))
		}
		g := games[i]
		pos := g.Position()
		// The list writes an en-passant square only when a capture is
		// possible; chess.FEN writes it after every double push. The
		// Polyglot key agrees with both.
		want, err := chess.ParseFEN(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		if g.Len() != 16 || pos.Key() != want.Key() || pos.HalfmoveClock() != want.HalfmoveClock() {
			t.Fatalf("game %d: %d plies, %s, want %s", i+1, g.Len(), pos.FEN(), sc.Text())
		}
		if g.Outcome().Result != Draw || g.Tag("Eco") == "" {
			t.Fatalf("game %d: %v, Eco %q", i+1, g.Outcome(), g.Tag("Eco"))
		}
		i++
	}
	if i != 100 || len(games) != 100 {
		t.Fatalf("%d FENs, %d games", i, len(games))
	}
}

func FuzzParsePGN(f *testing.F) {
	f.Add("1. e4 e5 2. Nf3 Nc6 *")
	f.Add("[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 {c} (1. e3 ; x\n) Kd7 $2 1-0")
	f.Add("1.e4 e5 2.Nf3!? (2. f4 (2. d4)) 0-1\n\n[Event \"y\"]\n1. d4 1/2-1/2")
	f.Add("{unclosed")
	f.Add("% esc\n[A \"\\\"\"] 1. O-O")
	f.Add("1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 $1 d5) d6 (2... Nc6 {a} 3. d4) ; end\n) 2. Nf3 !? *")
	f.Add("1. d4 ({before} 1. e4 e5 (1... e6 2. d4 (2. Nf3)) 2. f4) 1... d5 2. c4 *")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ParsePGN(text)
		if err != nil {
			return
		}
		for _, g := range games {
			// What was read must write and read back to the same moves.
			back, err := ParsePGN(g.PGN())
			if err != nil {
				t.Fatalf("rereading %q: %v\n%s", text, err, g.PGN())
			}
			if len(back) != 1 || !slices.Equal(back[0].Moves(), g.Moves()) {
				t.Fatalf("round trip of %q changed the moves", text)
			}
			s1, s2 := g.Start(), back[0].Start()
			if s1.FEN() != s2.FEN() {
				t.Fatalf("round trip of %q changed the start", text)
			}
			// The tree too: variations, comments and NAGs write back the same.
			if again := back[0].PGN(); again != g.PGN() {
				t.Fatalf("round trip of %q changed the text:\n%s\nthen\n%s", text, g.PGN(), again)
			}
		}
	})
}

// TestParseBigPGN reads a whole PGN file named by OX88_PGN and, when
// OX88_EPD names the list of its games' final positions, checks each one.
// go test ./game -run BigPGN with
// OX88_PGN=../../shared/data/openings-8moves_v3.pgn
// OX88_EPD=../../shared/data/openings-8moves_v3.epd checks all 34,700.
func TestParseBigPGN(t *testing.T) {
	name := os.Getenv("OX88_PGN")
	if name == "" {
		t.Skip("set OX88_PGN to a PGN file")
	}
	games, err := ReadPGNFile(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games", len(games))
	epd := os.Getenv("OX88_EPD")
	if epd == "" {
		return
	}
	data, err := os.ReadFile(epd)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != len(games) {
		t.Fatalf("%d positions for %d games", len(lines), len(games))
	}
	for i, line := range lines {
		want, err := chess.ParseFEN(line)
		if err != nil {
			t.Fatal(err)
		}
		if pos := games[i].Position(); pos.Key() != want.Key() {
			t.Fatalf("game %d ends at %s, want %s", i+1, pos.FEN(), line)
		}
	}
}

func BenchmarkParsePGN(b *testing.B) {
	data, err := os.ReadFile("../testdata/openings-8moves-100.pgn")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParsePGN(string(data)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlayAndOutcome(b *testing.B) {
	g := New(nil)
	for b.Loop() {
		if g.Len() >= 200 || g.Outcome().Over() {
			g = New(nil)
		}
		pos := g.Position()
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		_ = g.Play(ml.Moves[g.Len()%ml.N])
	}
}

// TestReadPGNFile: a missing file and a file that is not PGN are errors
// that name the file.
func TestReadPGNFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.pgn")
	if err := os.WriteFile(bad, []byte("1. e4 e5 2. Ke3 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{filepath.Join(t.TempDir(), "none.pgn"), bad} {
		if _, err := ReadPGNFile(name); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %v, want one naming the file", name, err)
		}
	}
}
