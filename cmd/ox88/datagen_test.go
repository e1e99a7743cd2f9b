package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"ox88/nnue"
)

// TestDatagenEvalFile: `ox88 datagen --eval-file NET` plays with the
// network even after --options nonnue (so the same seed gives other
// records than the hand-written evaluation), and a file that is no net, or
// an unknown search option, is refused before any game.
func TestDatagenEvalFile(t *testing.T) {
	dir := t.TempDir()
	net := filepath.Join(dir, "net.nnue")
	if err := nnue.Default().Save(net); err != nil {
		t.Fatal(err)
	}
	run := func(name string, extra ...string) []byte {
		out := filepath.Join(dir, name)
		args := append([]string{"--out", out, "--games", "2", "--nodes", "300", "--workers", "1", "--hash", "1"}, extra...)
		if _, code := captureStdout(t, func() int { return runDatagen(args) }); code != 0 {
			t.Fatalf("datagen %v: exit %d", args, code)
		}
		b, err := os.ReadFile(out)
		if err != nil || len(b) == 0 || len(b)%nnue.RecordSize != 0 {
			t.Fatalf("%s: %d bytes, %v", out, len(b), err)
		}
		return b
	}
	hce, withNet := run("hce.bin", "--options", "nonnue"), run("net.bin", "--options", "nonnue", "--eval-file", net)
	if bytes.Equal(hce, withNet) {
		t.Error("--eval-file made the same records as the hand-written evaluation")
	}
	if code := runDatagen([]string{"--out", filepath.Join(dir, "x.bin"), "--eval-file", filepath.Join(dir, "hce.bin")}); code == 0 {
		t.Error("a data file was accepted as a net")
	}
	if code := runDatagen([]string{"--out", filepath.Join(dir, "x.bin"), "--options", "nosuchstep"}); code != 2 {
		t.Errorf("an unknown --options name: exit %d, want 2", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.bin")); err == nil {
		t.Error("a run with a bad net or bad options wrote its output file")
	}
}
