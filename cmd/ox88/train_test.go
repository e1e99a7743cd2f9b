package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"ox88/datagen"
)

// TestTrainCompare: --compare prints the validation loss of a given net
// (the embedded one by name) before training, and a net that cannot be
// read is refused before any work.
func TestTrainCompare(t *testing.T) {
	dir, data := trainData(t)
	net := filepath.Join(dir, "net.nnue")
	out, code := capture(t, &os.Stderr, func() int {
		return runTrain([]string{"--out", net, "--epochs", "1", "--threads", "1", "--compare", "embedded", data})
	})
	if code != 0 || !regexp.MustCompile(`validation loss of embedded's static score: 0\.\d{5}\n`).MatchString(out) {
		t.Errorf("exit %d\n%s", code, out)
	}
	out, code = capture(t, &os.Stderr, func() int {
		return runTrain([]string{"--out", net, "--epochs", "1", "--compare", filepath.Join(dir, "none.nnue"), data})
	})
	if code != 1 || !strings.Contains(out, "none.nnue") || strings.Contains(out, "yardstick") {
		t.Errorf("a missing net: exit %d\n%s", code, out)
	}
}

// TestTrainInit: --init starts from a net's weights (the embedded one by
// name) and refuses a net of another shape than the one asked for.
func TestTrainInit(t *testing.T) {
	dir, data := trainData(t)
	net := filepath.Join(dir, "net.nnue")
	out, code := capture(t, &os.Stderr, func() int {
		return runTrain([]string{"--out", net, "--epochs", "1", "--threads", "1", "--buckets", "8", "--init", "embedded", data})
	})
	if code != 0 || !strings.Contains(out, "starting from the weights of embedded") {
		t.Errorf("exit %d\n%s", code, out)
	}
	out, code = capture(t, &os.Stderr, func() int {
		return runTrain([]string{"--out", net, "--epochs", "1", "--init", "embedded", data})
	})
	if code != 1 || !strings.Contains(out, "--init embedded: the net is") {
		t.Errorf("another shape: exit %d\n%s", code, out)
	}
}

// trainData writes two short datagen games to a file in a new temporary
// folder and returns the folder and the file.
func trainData(t *testing.T) (dir, data string) {
	t.Helper()
	dir = t.TempDir()
	data = filepath.Join(dir, "games.bin")
	if _, err := datagen.Run(context.Background(), datagen.Config{Out: data, Games: 2, Nodes: 300, Seed: 1, HashMB: 1}); err != nil {
		t.Fatal(err)
	}
	return dir, data
}
