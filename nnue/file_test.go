package nnue

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ox88/chess"
)

// TestReadTextRecords reads the same two positions from a text file as
// ReadRecords reads from a record file, and rejects a bad text line.
func TestReadTextRecords(t *testing.T) {
	dir := t.TempDir()
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	a, b := Pack(chess.StartPosition(), 15, Drawn), Pack(chess.MustParseFEN(kiwi), -40, BlackWon)
	bin := filepath.Join(dir, "data.bin")
	os.WriteFile(bin, append(a[:], b[:]...), 0o644)
	txt := filepath.Join(dir, "data.txt")
	os.WriteFile(txt, []byte(chess.StartFEN+";0.5\n"+kiwi+";0\n"), 0o644)
	want := []string{chess.StartFEN + " 1", kiwi + " 0"}
	for name, read := range map[string]func(string) ([]Record, error){bin: ReadRecords, txt: ReadTextRecords} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			recs, err := read(name)
			var got []string
			for i := range recs {
				pos, perr := recs[i].Position()
				if perr != nil {
					t.Fatal(perr)
				}
				got = append(got, pos.FEN()+" "+string(rune('0'+recs[i].Result())))
			}
			if err != nil || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s: %q, %v", name, got, err)
			}
		})
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte(chess.StartFEN+";1\n"+kiwi+";1-0\n"), 0o644)
	if _, err := ReadTextRecords(bad); err == nil || !strings.Contains(err.Error(), `bad.txt:2: want "FEN;result" with the result 1, 0.5 or 0`) {
		t.Errorf("a bad line: error %v", err)
	}
}
