package tui

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/creack/pty"

	"ox88/chess"
	"ox88/internal/linetest"
)

// ansi matches terminal control sequences: CSI, OSC and charset choices.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]`)

// screen collects what the program writes to its terminal.
type screen struct{ linetest.SyncBuffer }

// text returns everything written so far with the control sequences
// removed.
func (s *screen) text() string { return ansi.ReplaceAllString(s.String(), "\n") }

// waitFor waits until re matches the screen text and returns the match.
func (s *screen) waitFor(t *testing.T, re *regexp.Regexp, timeout time.Duration) []string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(s.text()); m != nil {
			return m
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("waited %v for %q; the screen said:\n%s\nraw %q", timeout, re, s.text(), s.String())
	return nil
}

// playTerminal is "ox88 play" running in a pseudo-terminal, and the
// screen it writes.
type playTerminal struct {
	cmd *exec.Cmd
	tty *os.File
	scr screen
}

// startPlay builds ox88 and runs "ox88 play" with args in a
// pseudo-terminal of 30 rows and 100 columns that answers none of the
// questions a terminal may be asked. It waits until the board is shown.
func startPlay(t *testing.T, args ...string) *playTerminal {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ox88")
	build := exec.Command("go", "build", "-o", bin, "../cmd/ox88")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, append([]string{"play"}, args...)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	cmd.Dir = t.TempDir()
	start := time.Now()
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: 100})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		tty.Close()
	})
	p := &playTerminal{cmd: cmd, tty: tty}
	go func() { _, _ = io.Copy(&p.scr, tty) }() // a terminal that answers no query
	p.scr.waitFor(t, regexp.MustCompile(`a +b +c +d +e +f +g +h`), 5*time.Second)
	t.Logf("board shown after %v", time.Since(start).Round(time.Millisecond))
	return p
}

// press types keys on the terminal.
func (p *playTerminal) press(t *testing.T, keys string) {
	t.Helper()
	if _, err := p.tty.Write([]byte(keys)); err != nil {
		t.Fatal(err)
	}
}

// waitExit waits until ox88 ends, successfully, within timeout, after what
// the test did to end it (what).
func (p *playTerminal) waitExit(t *testing.T, timeout time.Duration, what string) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ox88 play exited with %v", err)
		}
	case <-time.After(timeout):
		t.Fatalf("ox88 play did not quit on %s", what)
	}
}

// TestEndToEnd builds ox88, runs "ox88 play" in a pseudo-terminal, types
// e2e4 and reads ox88's reply from the screen, then takes it back and
// quits. The pseudo-terminal answers none of the questions Bubble Tea asks
// (synchronized output, the keyboard protocol): the game must not wait for
// them.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	start := time.Now()
	p := startPlay(t, "--level", "1", "--ascii")
	scr := &p.scr

	p.press(t, "e2e4\r")
	m := scr.waitFor(t, regexp.MustCompile(`ox88 played 1\.\.\. ([A-Za-z0-9=+#-]+)\.`), 10*time.Second)
	pos := chess.StartPosition()
	e4, _ := pos.ParseMove("e2e4")
	pos.MakeMove(e4)
	if _, err := pos.ParseSAN(m[1]); err != nil {
		t.Fatalf("ox88 replied %q: %v", m[1], err)
	}
	t.Logf("ox88 replied 1... %s after %v", m[1], time.Since(start).Round(time.Millisecond))
	// The renderer sends only what changed, so the move list's line may
	// reach the terminal in pieces; a resize makes it repaint the screen
	// whole, and the line must then be there.
	if err := pty.Setsize(p.tty, &pty.Winsize{Rows: 30, Cols: 101}); err != nil {
		t.Fatal(err)
	}
	scr.waitFor(t, regexp.MustCompile(`1\. e4 +<`+regexp.QuoteMeta(m[1])+`>`), 3*time.Second)

	p.press(t, "u")
	scr.waitFor(t, regexp.MustCompile(`Took back to move 1, white to move`), 2*time.Second)
	p.press(t, "q")
	scr.waitFor(t, regexp.MustCompile(`Press q again`), 2*time.Second)
	p.press(t, "q")
	p.waitExit(t, 5*time.Second, "q q")
}

// TestAnalysisEndToEnd runs "ox88 play" for two people in a
// pseudo-terminal, presses z and reads three lines of analysis of the
// start position from the screen, plays e4 and reads the lines of the
// position after it (Black's moves), then L for four lines, and z off.
func TestAnalysisEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	p := startPlay(t, "--color", "both", "--threads", "1", "--ascii")
	scr := &p.scr

	// waitLines waits for re, making the program repaint its whole screen
	// now and then (the renderer otherwise sends only the cells that
	// changed, and a line may reach the terminal in pieces).
	cols := uint16(100)
	waitLines := func(re *regexp.Regexp) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			if re.MatchString(scr.text()) {
				return
			}
			cols = 201 - cols
			if err := pty.Setsize(p.tty, &pty.Winsize{Rows: 30, Cols: cols}); err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
		}
		t.Fatalf("waited for %q; the screen said:\n%s", re, scr.text())
	}
	p.press(t, "z")
	scr.waitFor(t, regexp.MustCompile(`Analysis on: 3 lines`), 3*time.Second)
	for n := 1; n <= 3; n++ {
		waitLines(regexp.MustCompile(`(?m)^.*` + string(rune('0'+n)) + ` [+-]\d+\.\d\d d\d+ 1\. [A-Za-z]`))
	}
	p.press(t, "e2e4\r")
	waitLines(regexp.MustCompile(`(?m)^.*1 [+-]\d+\.\d\d d\d+ 1\.\.\. [A-Za-z]`))
	p.press(t, "L")
	waitLines(regexp.MustCompile(`Analysis, 4 lines`))
	waitLines(regexp.MustCompile(`(?m)^.*4 [+-]\d+\.\d\d d\d+ 1\.\.\. [A-Za-z]`))
	p.press(t, "z")
	waitLines(regexp.MustCompile(`Analysis off\.`))
	p.press(t, "\x03") // ctrl+c
	p.waitExit(t, 10*time.Second, "ctrl+c during the analysis")
}
