package main

import (
	"bytes"
	"flag"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"ox88/chess"
	"ox88/internal/linetest"
)

// TestBareOx88OnAPipeIsUCI checks the default command: with standard input
// not a terminal, bare ox88 speaks UCI (the terminal game itself is tested
// in a pseudo-terminal by package tui).
func TestBareOx88OnAPipeIsUCI(t *testing.T) {
	bin := buildOx88(t)
	p := startEngine(t, bin)
	p.Send("uci")
	p.Expect("uciok", 2*time.Second)
	p.Send("quit")
}

// quickly bounds how long a subcommand may take to start and answer on a
// terminal that answers no query. A program that asks the terminal for its
// background colour waits 5 s for the answer (Bubble Tea v1 did, in every
// subcommand).
const quickly = 3 * time.Second

// startInPty runs bin with args in a pseudo-terminal that answers nothing,
// collecting its output until it exits.
func startInPty(t *testing.T, bin string, args ...string) (*exec.Cmd, *linetest.SyncBuffer, func([]byte), <-chan error) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); tty.Close() })
	out := &linetest.SyncBuffer{}
	copied := make(chan struct{})
	go func() {
		defer close(copied)
		b := make([]byte, 4096)
		for {
			n, err := tty.Read(b)
			out.Write(b[:n])
			if err != nil {
				return
			}
		}
	}()
	done := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		select { // the last output, before the terminal closes
		case <-copied:
		case <-time.After(time.Second):
		}
		done <- err
	}()
	write := func(b []byte) {
		if _, err := tty.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	return cmd, out, write, done
}

// TestNoTerminalQueries checks that no subcommand but the game talks to the
// terminal before it is asked to: on a terminal that answers nothing,
// "ox88 perft --help" prints its help at once and no control sequence at
// all (no OSC 11 background colour query, no DA1, no keyboard protocol
// query), and a "uci" typed at once to "ox88 uci" is read and answered.
func TestNoTerminalQueries(t *testing.T) {
	bin := buildOx88(t)
	t.Run("perft --help", func(t *testing.T) {
		start := time.Now()
		_, out, _, done := startInPty(t, bin, "perft", "--help")
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("ox88 perft --help: %v\n%q", err, out)
			}
		case <-time.After(quickly):
			t.Fatalf("ox88 perft --help took over %v; it wrote %q", quickly, out)
		}
		text := out.String()
		if !strings.HasPrefix(text, "usage: ox88 perft") || strings.Contains(text, "\x1b") {
			t.Fatalf("ox88 perft --help wrote %q after %v; want its usage and no escape sequence", text, time.Since(start))
		}
	})
	t.Run("uci typed at once", func(t *testing.T) {
		_, out, write, done := startInPty(t, bin, "uci")
		write([]byte("uci\n"))
		deadline := time.Now().Add(quickly)
		for !strings.Contains(out.String(), "uciok") {
			if time.Now().After(deadline) {
				t.Fatalf("no uciok %v after typing uci; the terminal shows %q", quickly, out)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if text := out.String(); strings.Contains(text, "\x1b") {
			t.Fatalf("ox88 uci wrote an escape sequence: %q", text)
		}
		write([]byte("quit\n"))
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("ox88 uci: %v", err)
			}
		case <-time.After(quickly):
			t.Fatal("ox88 uci did not quit")
		}
	})
}

// TestBareOx88OnDevNull checks that /dev/null, a character device but no
// terminal, is not taken for one: bare ox88 speaks UCI, reads the end of
// its input at once and exits cleanly, printing nothing.
func TestBareOx88OnDevNull(t *testing.T) {
	bin := buildOx88(t)
	cmd := exec.Command(bin) // a nil Stdin is /dev/null
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil || stdout.Len() > 0 || stderr.Len() > 0 {
			t.Fatalf("ox88 </dev/null: %v, stdout %q, stderr %q; want a clean exit and no output", err, stdout.String(), stderr.String())
		}
	case <-time.After(quickly):
		cmd.Process.Kill()
		t.Fatalf("ox88 </dev/null still ran after %v", quickly)
	}
}

func TestPlayFlags(t *testing.T) {
	bin := buildOx88(t)
	tests := []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"play", "-h"}, 0, "-level"},
		{[]string{"play", "-h"}, 0, "-threads int\n    \tox88's search threads"},
		{[]string{"play", "--level", "99"}, 1, "level must be 1 to 10"},
		{[]string{"play", "--threads", "0"}, 2, "--threads must be at least 1, got 0"},
		{[]string{"play", "--threads", "1000"}, 1, "threads must be 1 to 256, got 1000"},
		{[]string{"play", "--color", "green"}, 1, "color must be white, black, both or none"},
		{[]string{"play", "--tc", "fast"}, 2, "time control \"fast\""},
		{[]string{"play", "--tc", "5+3"}, 2, "so this is 5s+3s; write 5m+3s for minutes"},
		{[]string{"play", "--fen", "8/8/8 w - -"}, 1, "--fen: "},
		{[]string{"play", "--pgn", "/no/such/file.pgn"}, 1, "no such file"},
		{[]string{"play", "extra"}, 2, "unexpected argument"},
		{[]string{"play", "--book", "/no/such/book.bin"}, 1, "book: "},
		{[]string{"play", "--960", "960"}, 2, "--960 960: want a start position number from 0 to 959"},
		{[]string{"play", "--960=-1"}, 2, "want a start position number"},
		{[]string{"play", "--960", "5", "--fen", "8/8/8 w - -"}, 2, "--960 and --fen or --pgn exclude each other"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			cmd := exec.Command(bin, tt.args...)
			out, err := cmd.CombinedOutput()
			status := 0
			if ee, ok := err.(*exec.ExitError); ok {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != tt.status || !strings.Contains(string(out), tt.stderr) {
				t.Errorf("ox88 %s: status %d, output %q; want %d and %q", strings.Join(tt.args, " "), status, out, tt.status, tt.stderr)
			}
		})
	}
}

// TestPlayNeedsATerminal: ox88 play without a terminal (stdin /dev/null,
// no controlling terminal) says it needs one, not the library's TTY error.
func TestPlayNeedsATerminal(t *testing.T) {
	bin := buildOx88(t)
	cmd := exec.Command(bin, "play")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no controlling terminal
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "ox88 play: the terminal game needs a terminal") ||
		strings.Contains(string(out), "TTY") {
		t.Fatalf("%v: %q", err, out)
	}
}

// TestChess960Flag: --960 N with a space, with "=", and alone (random).
func TestChess960Flag(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		n     int // -1: any
		level int
	}{
		{[]string{"--960", "5", "--level", "3"}, 5, 3},
		{[]string{"--level", "4", "--960=959"}, 959, 4},
		{[]string{"--960"}, -1, 0},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			fs := flag.NewFlagSet("play", flag.ContinueOnError)
			var f chess960Flag
			fs.Var(&f, "960", "")
			level := fs.Int("level", 0, "")
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			fen, n, err := f.start(fs)
			if err != nil || tc.n >= 0 && n != tc.n || n < 0 || n >= chess.Chess960Positions ||
				fen != chess.Chess960Start(n).FEN() || *level != tc.level || fs.NArg() != 0 {
				t.Errorf("%v: %q %d %v, level %d", tc.args, fen, n, err, *level)
			}
		})
	}
}
