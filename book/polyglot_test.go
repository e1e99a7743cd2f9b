package book

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"ox88/chess"
)

// The Debian files these tests compare against (packages polyglot and
// gnuchess). The tests skip without them.
const (
	polyglotBinary = "/usr/games/polyglot"
	gnuchessBook   = "/usr/share/games/gnuchess/book.bin"
)

// dumpPlies is how deep into each dumped line the tests check.
const dumpPlies = 10

func needFile(t *testing.T, path, pkg string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not found (Debian package %s): %v", path, pkg, err)
	}
}

// dumpBook runs "polyglot dump-book" on the book at path for color and
// returns the dump's path.
func dumpBook(t *testing.T, path, color string) string {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, color+".txt")
	cmd := exec.Command(polyglotBinary, "dump-book", "-bin", path, "-color", color, "-out", out)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("polyglot dump-book: %v\n%s", err, msg)
	}
	return out
}

// dumpNotes matches the dump's annotations that are not moves.
var dumpNotes = regexp.MustCompile(`\{(trans|cycle):[^}]*\}`)

// checkDump reads a dump-book file and checks that every book move (a move
// with a {NN%} share) in the first dumpPlies plies of every line is in b
// for that position with the same share of the position's total weight,
// rounded as Polyglot prints it. It returns the number of distinct
// (position, move) pairs checked.
func checkDump(t *testing.T, b *Book, dump string) map[[2]uint64]bool {
	t.Helper()
	f, err := os.Open(dump)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[[2]uint64]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lines, failures := 0, 0
	for sc.Scan() {
		line := sc.Text()
		colon := strings.Index(line, ": ")
		if colon < 0 || strings.HasPrefix(line, "Dump of") {
			continue
		}
		lines++
		pos := chess.StartPosition()
		ply := 0
		for _, tok := range strings.Fields(dumpNotes.ReplaceAllString(line[colon+2:], "")) {
			if ply >= dumpPlies {
				break
			}
			if strings.HasSuffix(tok, ".") {
				continue
			}
			san, pct := tok, -1
			if i := strings.IndexByte(tok, '{'); i >= 0 {
				san = tok[:i]
				pct, err = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(tok[i:], "{"), "%}"))
				if err != nil {
					t.Fatalf("line %d: bad share %q", lines, tok)
				}
			}
			m, err := pos.ParseSAN(san)
			if err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			if pct >= 0 {
				k := [2]uint64{pos.Key(), uint64(m)}
				if !seen[k] {
					seen[k] = true
					if got, ok := share(b, pos, m); !ok || got != pct {
						failures++
						if failures <= 10 {
							t.Errorf("%s %s: ox88 finds share %d%% (found %v), polyglot %d%%", pos.FEN(), san, got, ok, pct)
						}
					}
				}
			}
			pos.MakeMove(m)
			ply++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines == 0 {
		t.Fatalf("%s: no lines", dump)
	}
	t.Logf("%s: %d lines, %d book moves checked, %d mismatches", filepath.Base(dump), lines, len(seen), failures)
	return seen
}

// share returns m's weight as a rounded percentage of the total weight of
// pos's entries, the way dump-book prints it.
func share(b *Book, pos *chess.Position, m chess.Move) (int, bool) {
	total, w, found := 0, 0, false
	for _, e := range b.Entries(pos) {
		total += int(e.Weight)
		if e.Move == m {
			w, found = int(e.Weight), true
		}
	}
	if !found || total == 0 {
		return 0, found
	}
	// dump-book prints weight/total*100 with "%.0f": the division comes
	// first (46/80 is a hair under 0.575) and halves round to even.
	return int(math.RoundToEven(float64(w) / float64(total) * 100)), true
}

// TestGnuchessBook checks ox88's reader against Polyglot's own on Debian's
// GNU Chess book: every book move dump-book lists in the first 10 plies of
// its lines, for both colours, with the same share.
func TestGnuchessBook(t *testing.T) {
	needFile(t, polyglotBinary, "polyglot")
	needFile(t, gnuchessBook, "gnuchess")
	b, err := Open(gnuchessBook)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 180358 {
		t.Errorf("book has %d entries, want 180358", b.Len())
	}
	// The start position's entries, exactly (weights read with xxd).
	var got []string
	for _, e := range b.Entries(chess.StartPosition()) {
		got = append(got, e.Move.String()+":"+strconv.Itoa(int(e.Weight)))
	}
	want := "e2e4:12135 d2d4:11257 g1f3:3745 c2c4:3294 g2g3:243 b2b3:38 f2f4:35 b1c3:16 b2b4:16 e2e3:7 d2d3:5 g2g4:4 a2a3:2"
	if strings.Join(got, " ") != want {
		t.Errorf("start position entries:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	for _, color := range []string{"white", "black"} {
		checkDump(t, b, dumpBook(t, gnuchessBook, color))
	}
}

// TestPolyglotReadsOurBook writes a book from PGN games and has Polyglot's
// dump-book read it back: every book move it lists must be ours, with the
// same share, and it must list every entry we wrote for positions on its
// lines.
func TestPolyglotReadsOurBook(t *testing.T) {
	needFile(t, polyglotBinary, "polyglot")
	data, _ := buildTestBook(t, dumpPlies)
	path := filepath.Join(t.TempDir(), "ox88.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	b, _ := FromBytes(data)
	seen := map[[2]uint64]bool{}
	for _, color := range []string{"white", "black"} {
		for k := range checkDump(t, b, dumpBook(t, path, color)) {
			seen[k] = true
		}
	}
	if len(seen) != b.Len() {
		t.Errorf("polyglot listed %d distinct book moves, the book has %d entries", len(seen), b.Len())
	}
}

// TestSameAsPolyglotMakeBook builds a book from the same PGN with ox88
// and with "polyglot make-book -min-game 1" and compares the files.
func TestSameAsPolyglotMakeBook(t *testing.T) {
	needFile(t, polyglotBinary, "polyglot")
	games := readMovetext(t, "../testdata/openings-200.pgn")
	bd := NewBuilder(dumpPlies)
	for _, g := range games {
		bd.Add(chess.StartPosition(), g, "1/2-1/2") // the file's results
	}
	var ours bytes.Buffer
	bd.WriteTo(&ours)
	dir := t.TempDir()
	pgn, _ := filepath.Abs("../testdata/openings-200.pgn")
	cmd := exec.Command(polyglotBinary, "make-book", "-pgn", pgn, "-bin", "pg.bin",
		"-min-game", "1", "-max-ply", strconv.Itoa(dumpPlies))
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("polyglot make-book: %v\n%s", err, msg)
	}
	theirs, err := os.ReadFile(filepath.Join(dir, "pg.bin"))
	if err != nil {
		t.Fatal(err)
	}
	// Polyglot leaves moves of equal weight in no particular order (its
	// sort is not stable); ox88 orders them by move. Compare entry sets.
	sortEntries(theirs)
	if !bytes.Equal(ours.Bytes(), theirs) {
		t.Errorf("books differ: ox88 %d bytes, polyglot %d bytes", ours.Len(), len(theirs))
		for i := 0; i+EntrySize <= min(ours.Len(), len(theirs)); i += EntrySize {
			a, b := getEntry(ours.Bytes()[i:]), getEntry(theirs[i:])
			if a != b {
				t.Errorf("first difference at entry %d: ox88 %+v, polyglot %+v", i/EntrySize, a, b)
				break
			}
		}
	}
}

// sortEntries sorts a book's bytes in ox88's order: key, weight (highest
// first), move.
func sortEntries(data []byte) {
	es := make([]rawEntry, len(data)/EntrySize)
	for i := range es {
		es[i] = getEntry(data[i*EntrySize:])
	}
	slices.SortFunc(es, compareEntries)
	for i, e := range es {
		putEntry(data[i*EntrySize:], e)
	}
}
