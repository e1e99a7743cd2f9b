//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"ox88/game"
)

// TestAnalyzeStreams: analyze reviews the first game while the rest of
// the file is still to come (a FIFO held open), and --out has it, whole,
// before the next is read (it used to read every game first and write
// nothing until the end, so Ctrl-C lost all).
func TestAnalyzeStreams(t *testing.T) {
	dir := t.TempDir()
	fifo, out := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "out.pgn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	done := make(chan int)
	go func() {
		_, code := captureStdout(t, func() int { return runAnalyze([]string{fifo, "--nodes", "500", "--out", out}) })
		done <- code
	}()
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	w.WriteString("[Event \"one\"]\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"two\"]\n")
	deadline := time.Now().Add(30 * time.Second)
	var games []*game.Game
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(out); err == nil {
			if games, err = game.ParsePGN(string(data)); err == nil {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(games) != 1 || games[0].Tag("Event") != "one" || games[0].Tag("Annotator") == "" {
		t.Fatalf("while the file is open, --out has %d games", len(games))
	}
	w.WriteString("1. d4 d5 *\n")
	w.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
	data, _ := os.ReadFile(out)
	if games, err := game.ParsePGN(string(data)); err != nil || len(games) != 2 || games[1].Tag("Event") != "two" {
		t.Fatalf("at the end: %d games, %v", len(games), err)
	}
}
