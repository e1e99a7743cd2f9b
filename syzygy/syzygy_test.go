package syzygy

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"ox88/chess"
)

// The test tables (every 3- and 4-piece table) and the golden results.
const (
	testTables = "../testdata/syzygy"
	goldenFile = "../testdata/syzygy-golden.txt"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite "+goldenFile+" from "+fathomPath)

var (
	testTB     *Tablebases
	testTBErr  error
	testTBOnce sync.Once
)

// openTestTables opens the test tables once for all tests.
func openTestTables(t testing.TB) *Tablebases {
	testTBOnce.Do(func() { testTB, testTBErr = Open(testTables) })
	if testTBErr != nil {
		t.Fatal(testTBErr)
	}
	return testTB
}

// The golden file's positions: per table, colour orientation and side to
// move, goldenPerSide random positions; goldenEnPassant en-passant positions
// per side to move; all from goldenSeed.
const (
	goldenPerSide   = 20
	goldenEnPassant = 150
	goldenSeed      = 14
)

// writeGolden probes the golden positions with fathom and writes
// FEN;wdl;dtz lines.
func writeGolden(t *testing.T) {
	positions := testPositions(t, rand.New(rand.NewPCG(goldenSeed, 0)), goldenPerSide, goldenEnPassant, 0)
	var b strings.Builder
	for _, pos := range positions {
		r, err := runFathom(pos.FEN())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s;%d;%d\n", pos.FEN(), r.wdl, r.dtz)
	}
	if err := os.WriteFile(goldenFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d positions to %s", len(positions), goldenFile)
}

// TestGolden compares ProbeWDL, ProbeDTZ and ProbeRoot with fathom's
// results stored in the golden file: every line must match exactly.
func TestGolden(t *testing.T) {
	if *updateGolden {
		writeGolden(t)
	}
	tb := openTestTables(t)
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines, mismatches := 0, 0
	tables := map[string]bool{}
	for sc.Scan() {
		lines++
		fields := strings.Split(sc.Text(), ";")
		if len(fields) != 3 {
			t.Fatalf("line %d: want FEN;wdl;dtz, got %q", lines, sc.Text())
		}
		pos, err := chess.ParseFEN(fields[0])
		wantWDL, err1 := strconv.Atoi(fields[1])
		wantDTZ, err2 := strconv.Atoi(fields[2])
		if err != nil || err1 != nil || err2 != nil {
			t.Fatalf("line %d: %q: %v %v %v", lines, sc.Text(), err, err1, err2)
		}
		tables[canonicalName(positionSignature(pos))] = true
		wdl, err := tb.ProbeWDL(pos)
		if err != nil {
			t.Fatalf("line %d: %s: %v", lines, fields[0], err)
		}
		dtz, err := tb.ProbeDTZ(pos)
		if err != nil {
			t.Fatalf("line %d: %s: %v", lines, fields[0], err)
		}
		_, rootWDL, rootDTZ, err := tb.ProbeRoot(pos)
		if err != nil {
			t.Fatalf("line %d: %s: %v", lines, fields[0], err)
		}
		if int(wdl) != wantWDL || dtz != wantDTZ || int(rootWDL) != wantWDL || rootDTZ != wantDTZ {
			mismatches++
			if mismatches <= 20 {
				t.Errorf("line %d: %s: wdl %d dtz %d (root %d %d), fathom %d %d", lines, fields[0], wdl, dtz, rootWDL, rootDTZ, wantWDL, wantDTZ)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines < 2000 {
		t.Errorf("only %d golden positions", lines)
	}
	if n := len(testMaterials(t)); len(tables) != n {
		t.Errorf("golden positions cover %d tables, want all %d", len(tables), n)
	}
	t.Logf("%d positions of %d tables compared with fathom's results, %d mismatches", lines, len(tables), mismatches)
}
