package syzygy

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"ox88/chess"
)

// fathomPath is Debian's fathom, the reference prober (apt-get install fathom).
const fathomPath = "/usr/games/fathom"

// fathomResult is what fathom prints for a position: the WDL under the
// fifty-move rule from the FEN's halfmove clock, the DTZ (signed here: fathom
// prints its absolute value) and the legal moves in SAN by result.
type fathomResult struct {
	wdl              WDL
	dtz              int
	win, draw, loses []string
}

// runFathom probes fen with fathom.
func runFathom(fen string) (fathomResult, error) {
	var r fathomResult
	out, err := exec.Command(fathomPath, "--path="+testTables, fen).Output()
	if err != nil {
		return r, fmt.Errorf("fathom %q: %v", fen, err)
	}
	tags := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if name, value, ok := strings.Cut(line, " \""); ok && strings.HasPrefix(name, "[") {
			tags[name[1:]] = strings.TrimSuffix(value, "\"]")
		}
	}
	names := map[string]WDL{"Loss": Loss, "BlessedLoss": BlessedLoss, "Draw": Draw, "CursedWin": CursedWin, "Win": Win}
	w, ok := names[tags["WDL"]]
	dtz, err := strconv.Atoi(tags["DTZ"])
	if !ok || err != nil {
		return r, fmt.Errorf("fathom %q: no WDL or DTZ in\n%s", fen, out)
	}
	if w < 0 {
		dtz = -dtz
	}
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, ", ")
	}
	return fathomResult{w, dtz, split(tags["WinningMoves"]), split(tags["DrawingMoves"]), split(tags["LosingMoves"])}, nil
}

// testMaterials returns the materials of the test tables, as "KQvKR".
func testMaterials(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join(testTables, "*"+wdlSuffix))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tables in %s: %v", testTables, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), wdlSuffix))
	}
	sort.Strings(names)
	return names
}

// randomPosition places the pieces of white and black (letters after the
// king, as in table names) on random squares, pawns on ranks 2 to 7, with
// stm to move. It returns false for illegal positions and checkmates
// (fathom's command line reports a mate as a win for the mated side).
func randomPosition(rng *rand.Rand, white, black string, stm chess.Color, clock int) (*chess.Position, bool) {
	var board [64]byte
	place := func(piece byte) {
		for {
			sq := rng.IntN(64)
			if piece == 'P' || piece == 'p' {
				sq = 8 + rng.IntN(48)
			}
			if board[sq] == 0 {
				board[sq] = piece
				return
			}
		}
	}
	place('K')
	place('k')
	for i := 0; i < len(white); i++ {
		place(white[i])
	}
	for i := 0; i < len(black); i++ {
		place(black[i] + 'a' - 'A')
	}
	return boardPosition(&board, stm, "-", clock)
}

// enPassantPosition returns a position with a king and pawn each, where the
// side not to move has just pushed a pawn two squares past an enemy pawn.
func enPassantPosition(rng *rand.Rand, stm chess.Color) (*chess.Position, bool) {
	var board [64]byte
	file := rng.IntN(8)
	side := 1
	if file == 7 || file > 0 && rng.IntN(2) == 0 {
		side = -1
	}
	pusher, taker, row, epRow, fromRow := byte('p'), byte('P'), 4, 5, 6
	if stm == chess.Black {
		pusher, taker, row, epRow, fromRow = 'P', 'p', 3, 2, 1
	}
	board[row*8+file] = pusher
	board[row*8+file+side] = taker
	for _, k := range []byte{'K', 'k'} {
		for {
			sq := rng.IntN(64)
			if board[sq] == 0 && sq != epRow*8+file && sq != fromRow*8+file {
				board[sq] = k
				break
			}
		}
	}
	ep := chess.NewSquare(file, epRow).String()
	return boardPosition(&board, stm, ep, 0)
}

// boardPosition builds and checks the position of a board of FEN letters.
func boardPosition(board *[64]byte, stm chess.Color, ep string, clock int) (*chess.Position, bool) {
	side := "w"
	if stm == chess.Black {
		side = "b"
	}
	pos, err := chess.ParseFEN(fmt.Sprintf("%s %s - %s %d 1", chess.Placement(board), side, ep, clock))
	if err != nil || pos.InCheck() && pos.CountMoves() == 0 {
		return nil, false
	}
	return pos, true
}

// testPositions returns perSide random positions for every table, in both
// colour orientations (one for symmetric material) and with either side
// to move, then epPerSide en-passant positions for each side to move. A
// clock above 0 draws random halfmove clocks below it.
func testPositions(t testing.TB, rng *rand.Rand, perSide, epPerSide, clock int) []*chess.Position {
	var out []*chess.Position
	for _, name := range testMaterials(t) {
		white, black, _ := strings.Cut(name, "v")
		white, black = white[1:], black[1:]
		orientations := [][2]string{{white, black}, {black, white}}
		if white == black {
			orientations = orientations[:1]
		}
		for _, o := range orientations {
			for _, stm := range []chess.Color{chess.White, chess.Black} {
				for n := 0; n < perSide; {
					c := 0
					if clock > 0 {
						c = rng.IntN(clock)
					}
					if pos, ok := randomPosition(rng, o[0], o[1], stm, c); ok {
						out = append(out, pos)
						n++
					}
				}
			}
		}
	}
	for _, stm := range []chess.Color{chess.White, chess.Black} {
		for n := 0; n < epPerSide; {
			if pos, ok := enPassantPosition(rng, stm); ok {
				out = append(out, pos)
				n++
			}
		}
	}
	return out
}

// TestAgainstFathom compares a fresh random sample, with random halfmove
// clocks, with fathom run live: the WDL under the fifty-move rule, the DTZ,
// and which root moves win, draw and lose.
func TestAgainstFathom(t *testing.T) {
	if _, err := os.Stat(fathomPath); err != nil {
		t.Skipf("%s is missing (apt-get install fathom): %v", fathomPath, err)
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	perSide, epPerSide := 2, 20
	if testing.Short() {
		perSide, epPerSide = 1, 5
	}
	tb := openTestTables(t)
	positions := testPositions(t, rand.New(rand.NewPCG(seed, 0)), perSide, epPerSide, 100)
	mismatches := 0
	for _, pos := range positions {
		want, err := runFathom(pos.FEN())
		if err != nil {
			t.Fatal(err)
		}
		moves, wdl, dtz, err := tb.ProbeRoot(pos)
		if err != nil {
			t.Fatalf("%s: %v", pos.FEN(), err)
		}
		var win, draw, lose []string
		for _, m := range moves {
			san := normalSAN(pos.SAN(m.Move))
			switch {
			case m.WDL == Win:
				win = append(win, san)
			case m.WDL == Loss:
				lose = append(lose, san)
			default:
				draw = append(draw, san)
			}
		}
		same := func(a, b []string) bool {
			for i := range b {
				b[i] = normalSAN(b[i])
			}
			sort.Strings(a)
			sort.Strings(b)
			return strings.Join(a, " ") == strings.Join(b, " ")
		}
		if wdl != want.wdl || dtz != want.dtz || !same(win, want.win) || !same(draw, want.draw) || !same(lose, want.loses) {
			mismatches++
			t.Errorf("%s: ox88 %v %d win %v draw %v lose %v; fathom %v %d win %v draw %v lose %v",
				pos.FEN(), wdl, dtz, win, draw, lose, want.wdl, want.dtz, want.win, want.draw, want.loses)
		}
	}
	t.Logf("%d positions compared with fathom, %d mismatches", len(positions), mismatches)
}

// normalSAN drops from a SAN move the check sign and, for pieces, the
// disambiguation and capture sign: fathom's command line disambiguates by
// the wrong file at times ("B5f4" for two bishops on e5 and h2).
func normalSAN(san string) string {
	san = strings.TrimRight(san, "+#")
	if len(san) > 3 && strings.ContainsRune("KQRBN", rune(san[0])) {
		return san[:1] + san[len(san)-2:]
	}
	return san
}
