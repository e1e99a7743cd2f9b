package syzygy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"ox88/chess"
)

// copyTables copies the named test files into a new directory, changed by
// edit when it is not nil, and returns the directory.
func copyTables(t *testing.T, edit func(name string, data []byte) []byte, names ...string) string {
	dir := t.TempDir()
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(testTables, name))
		if err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			data = edit(name, data)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// kqk is a KQvK position, White to move, that KQvK.rtbw and .rtbz answer.
const kqk = "8/8/8/8/8/8/4k3/K6Q w - - 0 1"

func TestOpenErrors(t *testing.T) {
	if _, err := Open(filepath.Join(t.TempDir(), "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing directory: got %v, want an error naming it", err)
	}
	tests := []struct {
		name string
		edit func(string, []byte) []byte
		want string
	}{
		{"truncated", func(_ string, b []byte) []byte { return b[:len(b)-10] }, "truncated"},
		{"bad magic", func(_ string, b []byte) []byte { b[0] ^= 1; return b }, "magic number"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTables(t, tc.edit, "KQvK.rtbw")
			tb, err := Open(dir)
			if err != nil {
				t.Fatalf("%s: Open: %v", tc.name, err)
			}
			r := tb.Refused()
			if len(r) != 1 || filepath.Base(r[0].Path) != "KQvK.rtbw" || !errors.Is(r[0].Err, ErrCorrupt) || !strings.Contains(r[0].Err.Error(), tc.want) {
				t.Errorf("%s: refused %v, want KQvK.rtbw refused as corrupt, saying %q", tc.name, r, tc.want)
			}
			if s := tb.Summary(); len(s) != 2 || s[0] != "no Syzygy tables (*.rtbw files) found" || !strings.HasPrefix(s[1], "refused ") {
				t.Errorf("%s: summary %q", tc.name, s)
			}
		})
	}
	tb, err := Open("")
	if err != nil || tb.MaxPieces() != 0 {
		t.Fatalf("Open(\"\") = %v, %v; want an empty set", tb, err)
	}
	if _, err := tb.ProbeWDL(chess.MustParseFEN(kqk)); !errors.Is(err, ErrTooManyPieces) {
		t.Errorf("probing an empty set: got %v, want ErrTooManyPieces", err)
	}
}

// TestCorruptTables damages headers in ways the size check at Open cannot
// see: the first probe must fail with ErrCorrupt, and so must every later
// one, never returning a value.
func TestCorruptTables(t *testing.T) {
	tests := []struct {
		name, file string
		edit       func([]byte) []byte
		want       string
	}{
		// KRPvK.rtbz is 12944 bytes: 64 fewer keep the size pattern.
		{"truncated by 64 bytes", "KRPvK.rtbz", func(b []byte) []byte { return b[:len(b)-64] }, "file too short"},
		{"pawn flag", "KQvK.rtbw", func(b []byte) []byte { b[4] ^= headerHasPawns; return b }, "pawn flag"},
		{"piece list", "KQvK.rtbw", func(b []byte) []byte { b[6] = 0x55; return b }, "piece list"},
		// KQvK.rtbw: the header of Black to move's data starts at byte 12.
		{"code lengths", "KQvK.rtbw", func(b []byte) []byte { b[12+9] = 0; return b }, "compression header"},
		{"block count", "KQvK.rtbw", func(b []byte) []byte { b[12+5] = 0x7f; return b }, "too short"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTables(t, func(name string, b []byte) []byte {
				if name == tc.file {
					return tc.edit(b)
				}
				return b
			}, "KQvK.rtbw", "KQvK.rtbz", "KRPvK.rtbw", "KRPvK.rtbz", "KRvK.rtbw", "KPvK.rtbw")
			tb, err := Open(dir)
			if err != nil {
				t.Fatalf("%s: Open: %v", tc.name, err)
			}
			r := tb.Refused()
			if len(r) != 1 || filepath.Base(r[0].Path) != tc.file || !errors.Is(r[0].Err, ErrCorrupt) || !strings.Contains(r[0].Err.Error(), tc.want) {
				t.Errorf("%s: refused %v, want %s refused as corrupt, saying %q", tc.name, r, tc.file, tc.want)
			}
			fen := kqk
			if strings.HasPrefix(tc.file, "KRP") {
				fen = "8/8/8/3k4/8/1R6/1P6/K7 w - - 0 1" // no pawn move: DTZ from the table
			}
			pos := chess.MustParseFEN(fen)
			for range 2 {
				var err error
				if strings.HasSuffix(tc.file, dtzSuffix) {
					_, err = tb.ProbeDTZ(pos)
				} else {
					_, err = tb.ProbeWDL(pos)
				}
				if err == nil || !errors.Is(err, ErrMissingTable) {
					t.Errorf("%s: a probe of the refused table: %v, want ErrMissingTable", tc.name, err)
				}
			}
		})
	}
}

// TestDamagedContents: files of the right size and magic number whose
// data was damaged (bytes flipped after the headers, a zeroed second
// half) used to be accepted, and every probe then failed without a word
// (tbhits 0). Open now refuses them, names them with the reason, and
// keeps the good tables; a directory without tables says so.
func TestDamagedContents(t *testing.T) {
	damages := map[string]func([]byte) []byte{
		"flipped": func(b []byte) []byte {
			for i := len(b) / 3; i < len(b)-checksumSize; i += 7 {
				b[i] ^= 0x5a
			}
			return b
		},
		"zeroed": func(b []byte) []byte {
			clear(b[len(b)/2 : len(b)-checksumSize])
			return b
		},
	}
	// Flipping every seventh byte of KRPvK's last two thirds changed no
	// value of 2,000 random positions (probes and their moves agreed), so
	// only zeroing is a damage there.
	files := map[string][]string{"flipped": {"KRvK.rtbw", "KQvKR.rtbw"}, "zeroed": {"KRvK.rtbw", "KRPvK.rtbw", "KQvKR.rtbw", "KRPvK.rtbz"}}
	for what, damage := range damages {
		for _, file := range files[what] {
			dir := copyTables(t, func(name string, b []byte) []byte {
				if name == file {
					return damage(b)
				}
				return b
			}, "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KPvK.rtbw", "KPvK.rtbz", "KRPvK.rtbw", "KRPvK.rtbz", "KQvKR.rtbw")
			tb, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			r := tb.Refused()
			if len(r) == 0 || filepath.Base(r[0].Path) != file || !errors.Is(r[0].Err, ErrCorrupt) {
				t.Errorf("%s %s: refused %v", what, file, r)
				continue
			}
			if w, err := tb.ProbeWDL(chess.MustParseFEN(kqk)); w != Win || err != nil {
				t.Errorf("%s %s: the good KQvK: %v %v", what, file, w, err)
			}
		}
	}
	tb, err := Open(t.TempDir())
	if s := tb.Summary(); err != nil || len(s) != 1 || s[0] != "no Syzygy tables (*.rtbw files) found" {
		t.Errorf("an empty directory: %q, %v", s, err)
	}
	tb = openTestTables(t)
	if n, dtz := tb.Count(); len(tb.Refused()) != 0 || n != dtz || n < 30 {
		t.Errorf("the test tables: %d (%d with DTZ), refused %v", n, dtz, tb.Refused())
	}
}

func TestProbeErrors(t *testing.T) {
	tb := openTestTables(t)
	if _, err := tb.ProbeWDL(chess.MustParseFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")); !errors.Is(err, ErrCastling) {
		t.Errorf("castling rights: got %v, want ErrCastling", err)
	}
	if _, err := tb.ProbeDTZ(chess.MustParseFEN("4k3/8/8/8/8/8/8/RN2K2R w - - 0 1")); !errors.Is(err, ErrTooManyPieces) {
		t.Errorf("five pieces: got %v, want ErrTooManyPieces", err)
	}
	// A directory with KQvKR alone: its captures lead to tables that are
	// not there, and it has no DTZ file.
	alone, err := Open(copyTables(t, nil, "KQvKR.rtbw", "KQvK.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	capture := chess.MustParseFEN("8/8/8/3k4/8/8/1r6/KQ6 b - - 0 1") // Rxb1 leaves KvKR
	if _, err := alone.ProbeWDL(capture); !errors.Is(err, ErrMissingTable) || !strings.Contains(err.Error(), "KRvK") {
		t.Errorf("a missing table after a capture: got %v, want ErrMissingTable naming KRvK", err)
	}
	if _, err := alone.ProbeDTZ(chess.MustParseFEN(kqk)); !errors.Is(err, ErrMissingTable) || !strings.Contains(err.Error(), "KQvK.rtbz") {
		t.Errorf("a missing DTZ file: got %v, want ErrMissingTable naming KQvK.rtbz", err)
	}
	if w, err := alone.ProbeWDL(chess.MustParseFEN(kqk)); w != Win || err != nil {
		t.Errorf("WDL without DTZ files: got %v, %v, want Win", w, err)
	}
}

// TestSpecialPositions checks the ends of the scale: mate, stalemate, bare
// kings, and a win that is only a draw under the fifty-move rule.
func TestSpecialPositions(t *testing.T) {
	tb := openTestTables(t)
	tests := []struct {
		fen  string
		wdl  WDL
		dtz  int
		root WDL // ProbeRoot's result, with the halfmove clock
	}{
		{"8/8/8/8/8/1k6/8/K1q5 w - - 0 1", Loss, -1, Loss}, // mated
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", Draw, 0, Draw},   // stalemate
		{"8/8/3k4/8/8/8/8/4K3 w - - 0 1", Draw, 0, Draw},   // bare kings
		{"8/8/8/8/8/8/4k3/K6Q w - - 99 1", Win, 13, CursedWin},
	}
	for _, tc := range tests {
		t.Run(tc.fen, func(t *testing.T) {
			pos := chess.MustParseFEN(tc.fen)
			wdl, err1 := tb.ProbeWDL(pos)
			dtz, err2 := tb.ProbeDTZ(pos)
			moves, root, rootDTZ, err3 := tb.ProbeRoot(pos)
			if err := errors.Join(err1, err2, err3); err != nil {
				t.Fatalf("%s: %v", tc.fen, err)
			}
			if wdl != tc.wdl || dtz != tc.dtz || root != tc.root || rootDTZ != tc.dtz {
				t.Errorf("%s: wdl %v dtz %d root %v %d, want %v %d root %v", tc.fen, wdl, dtz, root, rootDTZ, tc.wdl, tc.dtz, tc.root)
			}
			if pos.CountMoves() != len(moves) {
				t.Errorf("%s: %d root moves, want %d", tc.fen, len(moves), pos.CountMoves())
			}
		})
	}
}

// TestRootConverts plays KQvK out from the ProbeRoot ranking for both
// sides: the winner, always playing the first-ranked move, must mate
// before the fifty-move rule, and every move must keep the result.
func TestRootConverts(t *testing.T) {
	tb := openTestTables(t)
	pos := chess.MustParseFEN("8/8/8/3k4/8/8/8/KR6 w - - 0 1")
	for ply := 0; ; ply++ {
		moves, wdl, _, err := tb.ProbeRoot(pos)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) == 0 {
			if !pos.InCheck() || pos.SideToMove() != chess.Black {
				t.Fatalf("game ended without Black mated: %s", pos.FEN())
			}
			return
		}
		if want := map[chess.Color]WDL{chess.White: Win, chess.Black: Loss}[pos.SideToMove()]; wdl != want || moves[0].WDL != want {
			t.Fatalf("ply %d %s: %v, best move %v, want %v", ply, pos.FEN(), wdl, moves[0].WDL, want)
		}
		if pos.HalfmoveClock() >= 100 {
			t.Fatalf("fifty-move rule reached: %s", pos.FEN())
		}
		pos.MakeMove(moves[0].Move)
	}
}

// TestConcurrentProbes probes from several goroutines at once on a fresh
// set, so that the tables load while other probes wait (run with -race).
func TestConcurrentProbes(t *testing.T) {
	tb, err := Open(testTables)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	fens := []string{kqk, "8/8/3k4/8/2P5/8/1K2r3/8 w - - 0 1", "8/8/8/3pP3/8/4k3/8/K7 w - d6 0 1", "8/8/8/8/8/2k5/8/K1q5 w - - 0 1"}
	want := make([]int, len(fens))
	for i, fen := range fens {
		if want[i], err = openTestTables(t).ProbeDTZ(chess.MustParseFEN(fen)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range fens {
				i := (i + g) % len(fens)
				got, err := tb.ProbeDTZ(chess.MustParseFEN(fens[i]))
				if err != nil || got != want[i] {
					t.Errorf("%s: got %d, %v, want %d", fens[i], got, err, want[i])
				}
			}
		})
	}
	wg.Wait()
}

// TestProbeAllocations checks that probes, once the tables are loaded,
// allocate nothing: the search calls ProbeWDL at many nodes.
func TestProbeAllocations(t *testing.T) {
	tb := openTestTables(t)
	for _, fen := range []string{kqk, "8/8/3k4/8/2P5/8/1K6/7r b - - 0 1", "8/8/8/3pP3/8/4k3/8/K7 w - d6 0 1", "8/2k5/8/8/8/8/1K6/2BN4 w - - 0 1"} {
		pos := chess.MustParseFEN(fen)
		if _, err := tb.ProbeDTZ(pos); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(10, func() { tb.ProbeWDL(pos) }); n != 0 {
			t.Errorf("%s: ProbeWDL allocates %v times", fen, n)
		}
		if n := testing.AllocsPerRun(10, func() { tb.ProbeDTZ(pos) }); n != 0 {
			t.Errorf("%s: ProbeDTZ allocates %v times", fen, n)
		}
	}
}

// TestVerifyBudget: when the time for sampling runs out, the tables left
// are kept unchecked, Summary says how many, and they still probe.
func TestVerifyBudget(t *testing.T) {
	old := verifyBudget
	verifyBudget = 0
	defer func() { verifyBudget = old }()
	tb, err := Open(testTables)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := tb.Count()
	s := tb.Summary()
	if tb.unchecked != n || len(s) != 2 || !strings.HasPrefix(s[1], fmt.Sprintf("%d of them not sampled", n)) {
		t.Errorf("%d tables, %d unchecked, summary %q", n, tb.unchecked, s)
	}
	if w, err := tb.ProbeWDL(chess.MustParseFEN(kqk)); w != Win || err != nil {
		t.Errorf("an unchecked KQvK: %v %v", w, err)
	}
	if tb := openTestTables(t); tb.unchecked != 0 {
		t.Errorf("%d tables unchecked with the usual budget", tb.unchecked)
	}
}
