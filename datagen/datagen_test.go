package datagen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"ox88/chess"
	"ox88/nnue"
)

func tinyConfig(out string, games, workers int) Config {
	return Config{Out: out, Games: games, Nodes: 300, Workers: workers, Seed: 7, RandomPlies: 8, HashMB: 1}
}

// TestRunDeterministicAndResumable: the same seed gives the same bytes with
// one worker or two, and a run cut short (with a torn record at the end)
// resumes to the same bytes as a run that was never stopped.
func TestRunDeterministicAndResumable(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.bin")
	st, err := Run(context.Background(), tinyConfig(one, 4, 1))
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 4 || st.Positions == 0 || st.WhiteWins+st.Draws+st.BlackWins != 4 {
		t.Fatalf("stats %+v", st)
	}
	want, _ := os.ReadFile(one)
	if len(want) != st.Positions*nnue.RecordSize {
		t.Fatalf("file has %d bytes for %d positions", len(want), st.Positions)
	}

	two := filepath.Join(dir, "two.bin")
	if _, err := Run(context.Background(), tinyConfig(two, 4, 2)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(two); !bytes.Equal(got, want) {
		t.Fatal("two workers wrote other bytes than one")
	}

	part := filepath.Join(dir, "part.bin")
	if _, err := Run(context.Background(), tinyConfig(part, 2, 2)); err != nil {
		t.Fatal(err)
	}
	f, _ := os.OpenFile(part, os.O_APPEND|os.O_WRONLY, 0)
	f.Write([]byte("torn record")) // a crash in the middle of a write
	f.Close()
	st, err = Run(context.Background(), tinyConfig(part, 4, 2))
	if err != nil {
		t.Fatal(err)
	}
	if st.NewGames != 2 || st.Games != 4 {
		t.Fatalf("resume played %d games to %d", st.NewGames, st.Games)
	}
	if got, _ := os.ReadFile(part); !bytes.Equal(got, want) {
		t.Fatal("resumed run differs from the uninterrupted one")
	}

	// Every record decodes to a legal position that is not in check.
	for i := 0; i+nnue.RecordSize <= len(want); i += nnue.RecordSize {
		var r nnue.Record
		copy(r[:], want[i:])
		fen, err := r.FEN()
		if err != nil {
			t.Fatal(err)
		}
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if pos.InCheck() {
			t.Errorf("kept a position in check: %s", fen)
		}
	}

	// Another seed with the same output is refused, not mixed in.
	cfg := tinyConfig(part, 6, 1)
	cfg.Seed = 8
	if _, err := Run(context.Background(), cfg); err == nil {
		t.Error("a different seed was accepted for an existing output")
	}
}
