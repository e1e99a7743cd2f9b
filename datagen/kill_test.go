package datagen

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const childEnv = "OX88_DATAGEN_CHILD"

// killConfig is the run the killed child makes: syncing often, so a kill
// lands after some games were counted and in the middle of others.
func killConfig(out string) Config {
	cfg := tinyConfig(out, 40, 2)
	cfg.SyncInterval = 20 * time.Millisecond
	return cfg
}

// TestMain lets the test binary be the datagen run that is killed.
func TestMain(m *testing.M) {
	if out := os.Getenv(childEnv); out != "" {
		if _, err := Run(context.Background(), killConfig(out)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestKilledAndResumed kills a datagen process with SIGKILL at random
// instants, three times, resuming the run each time, and finishes it: the
// file is byte for byte the one a run never stopped writes.
func TestKilledAndResumed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts datagen processes")
	}
	dir := t.TempDir()
	want := filepath.Join(dir, "whole.bin")
	if _, err := Run(context.Background(), killConfig(want)); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "killed.bin")
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+out)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(100+rng.IntN(300)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		t.Logf("kill %d: %s", i+1, strings.Join(strings.Fields(journalLine(out)), " "))
	}
	st, err := Run(context.Background(), killConfig(out))
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 40 {
		t.Fatalf("the resumed run ends with %d games", st.Games)
	}
	a, _ := os.ReadFile(want)
	b, _ := os.ReadFile(out)
	if !bytes.Equal(a, b) {
		t.Fatalf("killed and resumed: %d bytes; never stopped: %d bytes; they differ", len(b), len(a))
	}
}

// journalLine is the journal's text, for the log.
func journalLine(out string) string {
	j, err := os.ReadFile(out + ".journal")
	if err != nil {
		return err.Error()
	}
	return string(bytes.TrimSpace(j))
}
