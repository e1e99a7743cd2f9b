package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"ox88/chess"
	"ox88/engine"
)

// TestTraceCommand prints a traced search: its node count is the engine's,
// there is a line per node, and --nodes and --break-on stop at the node
// they name and print the stack.
func TestTraceCommand(t *testing.T) {
	eng := engine.New()
	tr, res := eng.Trace(3, engine.MaxTraceNodes)
	out, code := captureStdout(t, func() int { return runTrace([]string{"--depth", "3", "--max-lines", "100000"}) })
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := fmt.Sprintf("%s, depth 3: %d nodes (the search counted %d), best %s", chess.StartFEN, tr.Count, res.Nodes, chess.StartPosition().SAN(res.Move))
	if code != 0 || !strings.HasPrefix(lines[0], want) || strings.Count(out, "\nroot iteration ") != 3 {
		t.Fatalf("exit %d, first line %q, want %q...; %d iterations", code, lines[0], want, strings.Count(out, "\nroot iteration "))
	}
	nodeLines := 0
	for _, l := range lines[1:] {
		if strings.Contains(l, " #") {
			nodeLines++
		}
	}
	if nodeLines != int(tr.Count) {
		t.Errorf("%d node lines for %d nodes", nodeLines, tr.Count)
	}
	out, code = captureStdout(t, func() int { return runTrace([]string{"--depth", "3", "--nodes", "30", "--max-lines", "5"}) })
	if !strings.Contains(out, "\nstopped at node #30 (--nodes 30) of "+fmt.Sprint(tr.Count)+"; the stack:\n  ply 0 (open): root iteration ") ||
		!strings.Contains(lastLine(out), " #30 ") || code != 0 {
		t.Errorf("--nodes 30: exit %d\n%s", code, out)
	}
	out, code = captureStdout(t, func() int { return runTrace([]string{"--depth", "3", "--break-on", "move=e7e5"}) })
	if !strings.Contains(out, "(break on move=e7e5)") || !strings.HasPrefix(lastLine(out), "  ply 2 (returned): e5 #") || code != 0 {
		t.Errorf("break on e7e5: exit %d\n%s", code, out)
	}
	for _, c := range []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"depth 0", []string{"--depth", "0"}, 2, "ox88 trace: --depth must be 1 to 120\n"},
		{"bad FEN", []string{"--fen", "8/8/8"}, 2, "ox88 trace: --fen: "},
		{"unknown step", []string{"--break-on", "cutoff=fast"}, 2, `ox88 trace: --break-on: break "cutoff=fast": no step "fast"`},
		{"too many nodes", []string{"--nodes", "900000"}, 2, "ox88 trace: --nodes: at most 200000 nodes are recorded\n"},
		{"node past the search", []string{"--depth", "1", "--nodes", "21"}, 2, "ox88 trace: --nodes 21: the search counted 20 nodes\n"},
		{"break never met", []string{"--depth", "2", "--break-on", "cutoff=tb"}, 1, "ox88 trace: --break-on cutoff=tb: no such node in the "},
		{"stray argument", []string{"e2e4"}, 2, `ox88 trace: unexpected argument "e2e4"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var code int
			msg, _ := capture(t, &os.Stderr, func() int {
				_, code = captureStdout(t, func() int { return runTrace(c.args) })
				return code
			})
			if code != c.code || !strings.HasPrefix(msg, c.err) {
				t.Errorf("%v: exit %d, %q; want %d, %q", c.args, code, msg, c.code, c.err)
			}
		})
	}
}
