package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ox88/datagen"
)

// TestTuneCommand tunes a few epochs on two datagen games and writes the
// weights; bad arguments and unusable data are refused.
func TestTuneCommand(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "games.bin")
	if _, err := datagen.Run(context.Background(), datagen.Config{Out: data, Games: 2, Nodes: 300, Seed: 1, HashMB: 1}); err != nil {
		t.Fatal(err)
	}
	weights := filepath.Join(dir, "weights.go")
	out, code := captureStdout(t, func() int { return runTune([]string{"--out", weights, "--epochs", "3", data}) })
	src, _ := os.ReadFile(weights)
	if code != 0 || !strings.Contains(out, "weights in "+weights) || !strings.Contains(string(src), "var pawnMg = [64]int{") {
		t.Errorf("exit %d\n%s\n%s", code, out, src)
	}
	if _, code := captureStdout(t, func() int { return runTune([]string{data}) }); code != 2 {
		t.Errorf("no --out: exit %d, want 2", code)
	}
	os.WriteFile(filepath.Join(dir, "short.bin"), []byte("short"), 0o644)
	if _, code := captureStdout(t, func() int { return runTune([]string{"--out", weights, filepath.Join(dir, "short.bin")}) }); code != 1 {
		t.Errorf("no whole record: exit %d, want 1", code)
	}
	os.WriteFile(filepath.Join(dir, "bad.txt"), []byte("8/8 w;1\n"), 0o644)
	if _, code := captureStdout(t, func() int { return runTune([]string{"--out", weights, filepath.Join(dir, "bad.txt")}) }); code != 1 {
		t.Errorf("a bad FEN: exit %d, want 1", code)
	}
}
