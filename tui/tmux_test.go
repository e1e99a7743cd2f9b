package tui

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestAnalysisTmux drives the built "ox88 play" for two people in a
// detached tmux session, as a person at a terminal would: it presses z and
// reads from tmux capture-pane (tmux's own rendering of the screen) three
// lines of analysis of the start position, each with its number, score,
// depth and moves, then presses z again and reads that analysis is off
// and the lines gone. It skips when tmux is not installed; it uses a
// tmux server of its own (a socket in a temporary folder), which it ends.
func TestAnalysisTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	tmuxPath, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux test skipped: tmux not found (apt-get install -y tmux)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ox88")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/ox88").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sock := filepath.Join(dir, "tmux.sock")
	tmux := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmuxPath, append([]string{"-S", sock}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	tmux("new-session", "-d", "-s", "ox88", "-x", "100", "-y", "30", "-c", dir,
		bin+" play --color both --threads 1 --ascii")
	t.Cleanup(func() { _ = exec.Command(tmuxPath, "-S", sock, "kill-server").Run() })

	screen := func() string { return tmux("capture-pane", "-p", "-t", "ox88") }
	waitFor := func(what string, ok func(string) bool) string {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			s := screen()
			if ok(s) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("waited for %s; the screen said:\n%s", what, s)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	matches := func(re *regexp.Regexp) func(string) bool { return re.MatchString }
	waitFor("the board", matches(regexp.MustCompile(`a +b +c +d +e +f +g +h`)))

	// A line of analysis: "1 +0.25 d12 1. e4 e5 ...".
	line := regexp.MustCompile(`(?m)^.*\b([1-5]) [+-]\d+\.\d\d d(\d+) 1\. [A-Za-z]`)
	tmux("send-keys", "-t", "ox88", "z")
	s := waitFor("three lines of analysis", func(s string) bool {
		n := map[string]bool{}
		for _, m := range line.FindAllStringSubmatch(s, -1) {
			n[m[1]] = true
		}
		return strings.Contains(s, "Analysis") && n["1"] && n["2"] && n["3"]
	})
	if got := len(line.FindAllString(s, -1)); got != 3 {
		t.Fatalf("%d lines of analysis, want 3; the screen said:\n%s", got, s)
	}
	for _, l := range line.FindAllString(s, -1) {
		t.Logf("analysis: %s", strings.TrimSpace(l))
	}
	tmux("send-keys", "-t", "ox88", "z")
	s = waitFor("analysis off", matches(regexp.MustCompile(`Analysis off\.`)))
	if line.MatchString(s) {
		t.Errorf("analysis lines after z turned it off; the screen said:\n%s", s)
	}
}
