package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ox88/internal/linetest"
)

// buildOx88 builds the binary once per test run into a temporary folder.
func buildOx88(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "ox88")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startEngine runs bin with args, a conversation over its standard input
// and output; it must exit within 5 s of the end of its input, and an
// Expect after it has exited fails at once.
func startEngine(t *testing.T, bin string, args ...string) *linetest.Conn {
	t.Helper()
	cmd := exec.Command(bin, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	p, out := linetest.NewConn(t, in)
	cmd.Stdout, cmd.Stderr = out, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done, exited := make(chan error, 1), make(chan struct{})
	go func() { done <- cmd.Wait(); close(exited) }()
	p.Exited = exited
	t.Cleanup(func() {
		in.Close()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			t.Error("the engine did not exit within 5s of the end of its input")
		}
	})
	return p
}

// TestUCIBinary drives the built "ox88 uci" as a GUI would: the measured
// bar of the protocol issue.
func TestUCIBinary(t *testing.T) {
	bin := buildOx88(t)
	p := startEngine(t, bin, "uci")
	p.Send("uci")
	p.Expect("uciok", 2*time.Second)
	p.Send("isready")
	p.Expect("readyok", 2*time.Second)

	// isready during go infinite: answered at once, each time.
	p.Send("position startpos moves e2e4", "go infinite")
	time.Sleep(100 * time.Millisecond)
	waits := p.ReadyWaits(9, 20*time.Millisecond)
	t.Logf("readyok during go infinite: median %v, max %v", waits[len(waits)/2], waits[len(waits)-1])
	if waits[len(waits)/2] > 50*time.Millisecond {
		t.Errorf("readyok during go infinite took %v (median), want under 50ms", waits[len(waits)/2])
	}
	start := time.Now()
	p.Send("stop")
	line, _ := p.Expect("bestmove", time.Second)
	t.Logf("stop -> %q in %v", line, time.Since(start))

	// Bad FEN and illegal move: reported, and the engine goes on.
	p.Send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1")
	if l, _ := p.Expect("info string", time.Second); !strings.HasPrefix(l, "info string error: bad FEN") {
		t.Errorf("bad FEN: %q", l)
	}
	p.Send("position startpos moves e2e4 e7e5 e1e2 e8e7 e2e4")
	if l, _ := p.Expect("info string", time.Second); !strings.HasPrefix(l, `info string error: move 5 "e2e4" is illegal`) {
		t.Errorf("illegal move: %q", l)
	}
	p.Send("isready")
	p.Expect("readyok", time.Second)
	p.Send("go depth 2")
	line, _ = p.Expect("bestmove", 5*time.Second)
	// The last good position was after 1.e4: Black moves.
	if f := strings.Fields(line); len(f) < 2 || !strings.ContainsAny(f[1][1:2], "78") {
		t.Errorf("after bad input the position should still be 1.e4 (Black to move): %q", line)
	}

	// A short clock: bestmove within the clock, plus slack for the pipe
	// and a busy machine.
	const slack = 50 * time.Millisecond
	for _, goCmd := range []string{"go wtime 100 btime 100", "go wtime 100 btime 100 winc 0 binc 0", "go wtime 50 btime 50"} {
		p.Send("position startpos moves d2d4 d7d5")
		start := time.Now()
		p.Send(goCmd)
		p.Expect("bestmove", 5*time.Second)
		d := time.Since(start)
		t.Logf("%s: bestmove in %v", goCmd, d)
		clock := 100 * time.Millisecond
		if strings.Contains(goCmd, "50") {
			clock = 50 * time.Millisecond
		}
		if d > clock+slack {
			t.Errorf("%s: bestmove after %v, want within %v", goCmd, d, clock+slack)
		}
	}
	p.Send("quit")
}

// TestXboardBinary plays a few moves through "ox88 xboard".
func TestXboardBinary(t *testing.T) {
	bin := buildOx88(t)
	p := startEngine(t, bin, "xboard")
	p.Send("xboard", "protover 2")
	p.Expect("feature", 2*time.Second)
	p.Send("new", "sd 2", "usermove e2e4")
	p.Expect("move ", 5*time.Second)
	p.Send("ping 3")
	p.Expect("pong 3", time.Second)
	p.Send("quit")
}
