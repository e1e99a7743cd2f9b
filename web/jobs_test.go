package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/search"
)

func TestPerftPositionsMatchTestdata(t *testing.T) {
	want, err := os.ReadFile("../testdata/perft-standard.epd")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != perftStandardEPD {
		t.Fatal("web/perft-standard.epd differs from testdata/perft-standard.epd; copy it again")
	}
	if len(perftPositions) != 7 || perftPositions[0].Counts[4] != 4865609 || perftPositions[1].Name != "Kiwipete" {
		t.Fatalf("parsed set: %d positions, %+v", len(perftPositions), perftPositions[0])
	}
}

func TestPerftStream(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	resp, err := ts.Client().Get(ts.URL + "/api/perft?pos=1&depth=3")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	evs := readEvents(t, resp.Body, "done")
	if len(evs) != 49 || evs[48].name != "done" {
		t.Fatalf("want 48 progress events and done, got %d", len(evs))
	}
	var res perftResult
	if err := json.Unmarshal([]byte(evs[48].data), &res); err != nil {
		t.Fatal(err)
	}
	if res.Nodes != 97862 || res.Expected != 97862 || !res.Match || len(res.Divide) != 48 {
		t.Fatalf("Kiwipete perft 3: %+v", res)
	}
	var p perftProgress
	json.Unmarshal([]byte(evs[47].data), &p)
	if p.Done != 48 || p.Total != 48 || p.Nodes != 97862 {
		t.Fatalf("last progress: %+v", p)
	}
}

func TestPerftStartDepth5(t *testing.T) {
	pos := chess.StartPosition()
	res, ok := runPerft(context.Background(), pos, 5, func(perftProgress) bool { return true })
	if !ok || res.Nodes != 4865609 {
		t.Fatalf("perft 5 = %d (ok %v), want 4865609", res.Nodes, ok)
	}
	if pos.FEN() != chess.StartFEN {
		t.Fatalf("perft changed the position: %s", pos.FEN())
	}
}

func TestPerftCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, ok := runPerft(ctx, chess.StartPosition(), 7, func(perftProgress) bool { return true })
	if ok {
		t.Fatal("cancelled perft finished")
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("cancel took %v", el)
	}
	stops := 0
	if _, ok := runPerft(context.Background(), chess.StartPosition(), 3, func(perftProgress) bool { stops++; return false }); ok || stops != 1 {
		t.Fatal("perft went on after its progress function said stop")
	}
}

func TestTree(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var tr treeJSON
	if code := call(t, ts, "POST", "/api/tree", `{"depth":3,"maxNodes":50000}`, &tr); code != 200 {
		t.Fatalf("tree: %d", code)
	}
	if tr.Root.Alpha != "-inf" || tr.Root.Beta != "+inf" || !tr.Root.PV || len(tr.Root.Children) != 20 {
		t.Fatalf("root: %+v", tr.Root)
	}
	// Walk the PV to depth 3: one PV child at each level, a move in SAN.
	n, line := tr.Root, []string{}
	for ply := 1; ply <= 3; ply++ {
		var next *treeNodeJSON
		for _, c := range n.Children {
			if c.PV {
				if next != nil {
					t.Fatalf("two PV children at ply %d", ply)
				}
				next = c
			}
			if c.Ply != ply || c.SAN == "" {
				t.Fatalf("child at ply %d: %+v", ply, c)
			}
		}
		if next == nil {
			t.Fatalf("no PV child at ply %d", ply)
		}
		line = append(line, next.SAN)
		n = next
	}
	if n.Depth != 0 || len(line) != 3 {
		t.Fatalf("PV leaf depth %d line %v", n.Depth, line)
	}
	cut := false
	var count func(*treeNodeJSON) int
	count = func(n *treeNodeJSON) int {
		cut = cut || n.Cutoff
		c := 1
		for _, k := range n.Children {
			c += count(k)
		}
		return c
	}
	if got := count(tr.Root); got != tr.Nodes {
		t.Fatalf("nodes: counted %d, reported %d", got, tr.Nodes)
	}
	if !cut {
		t.Error("no cutoff in a depth-3 alpha-beta tree")
	}
	if code := call(t, ts, "POST", "/api/tree", `{"depth":3,"maxNodes":30}`, &tr); code != 200 || tr.Nodes != 30 {
		t.Fatalf("node cap 30: %d nodes", tr.Nodes)
	}
}

func TestScoreText(t *testing.T) {
	for _, tc := range []struct {
		v    int
		want string
	}{{0, "+0.00"}, {35, "+0.35"}, {-7, "-0.07"}, {-250, "-2.50"}, {32000, "+inf"}, {-32000, "-inf"}, {30999, "M1"}, {-30998, "-M1"}} {
		if got := scoreText(tc.v); got != tc.want {
			t.Errorf("scoreText(%d) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		stack [][]string
		want  string
	}{
		{[][]string{{"ox88/chess.(*Position).genSlider", "ox88/chess.(*Position).generate"}}, compGeneration},
		{[][]string{{"ox88/chess.(*Position).IsAttacked"}, {"ox88/chess.(*Position).generate"}}, compAttack},
		{[][]string{{"runtime.memmove"}, {"ox88/chess.(*Position).MakeMove"}}, compMakeUnmake},
		{[][]string{{"ox88/chess.(*Position).At"}, {"ox88/eval.pieces", "ox88/eval.Evaluate"}}, compEval},
		{[][]string{{"ox88/search.(*TranspositionTable).probe"}}, compTT},
		{[][]string{{"ox88/search.(*Searcher).pickMove"}}, compOrdering},
		{[][]string{{"ox88/search.(*Searcher).see.func1"}}, compOrdering},
		{[][]string{{"ox88/search.(*Searcher).negamax"}}, compOther},
		{[][]string{{"runtime.gcBgMarkWorker"}}, compOther},
		{[][]string{{"ox88/chess.(*Position).generateX"}}, compOther},
	} {
		if got, _ := classifySample(tc.stack); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.stack, got, tc.want)
		}
	}
}

//go:noinline
func busyWork(n int) int {
	x := 0
	for i := 0; i < n; i++ {
		x = x*31 + i
	}
	return x
}

func TestParseProfile(t *testing.T) {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		t.Skip("profiler busy:", err)
	}
	ctx := pprof.WithLabels(context.Background(), pprof.Labels(profileLabel, "t1"))
	pprof.SetGoroutineLabels(ctx)
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		busyWork(1 << 16)
	}
	pprof.SetGoroutineLabels(context.Background())
	pprof.StopCPUProfile()
	prof, err := parseProfile(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if prof.Period != 10_000_000 || len(prof.Samples) == 0 {
		t.Fatalf("period %d, %d samples", prof.Period, len(prof.Samples))
	}
	found := false
	for _, s := range prof.Samples {
		for _, f := range s.Stack {
			for _, name := range f {
				found = found || name == "ox88/web.busyWork" && s.Labels[profileLabel] == "t1"
			}
		}
	}
	if !found {
		t.Fatal("no labelled sample in busyWork")
	}
	sum := summarizeProfile(prof, "t1")
	if !sum.Labelled || sum.Samples == 0 || len(sum.Components) != len(componentOrder) {
		t.Fatalf("summary: %+v", sum)
	}
	if _, err := parseProfile([]byte{0x1f, 0x8b, 1, 2}); err == nil {
		t.Fatal("broken gzip accepted")
	}
}

func FuzzParseProfile(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0x12, 0x04, 0x0a, 0x02, 0x01, 0x02})
	f.Add([]byte{0x32, 0x03, 'a', 'b', 'c', 0x60, 0x80, 0x80, 0x01})
	f.Add([]byte{0x22, 0x06, 0x08, 0x01, 0x22, 0x02, 0x08, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := parseProfile(data)
		if err == nil {
			summarizeProfile(p, "x")
		}
	})
}

func TestProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("profiles a one-second search")
	}
	_, ts := newTestServer(t, Config{})
	var out profileJSON
	if code := call(t, ts, "POST", "/api/profile", `{"seconds":1}`, &out); code != 200 {
		t.Fatalf("profile: %d", code)
	}
	if out.Samples == 0 || out.Nodes == 0 || len(out.Components) != 7 || len(out.Rules) == 0 {
		t.Fatalf("profile: %+v", out)
	}
	total := 0.0
	for _, c := range out.Components {
		total += c.Share
	}
	if total < 0.999 || total > 1.001 {
		t.Fatalf("shares add to %v", total)
	}
	if out.Components[0].Name != compGeneration || !out.Labelled {
		t.Errorf("first component %q, labelled %v", out.Components[0].Name, out.Labelled)
	}
	t.Logf("%d samples: %s", out.Samples, strings.TrimSpace(shareLine(out)))
}

func shareLine(p profileJSON) string {
	var b strings.Builder
	for _, c := range p.Components {
		b.WriteString(c.Name + " " + strings.TrimRight(strings.TrimRight(jsonFloat(c.Share*100), "0"), ".") + "% ")
	}
	return b.String()
}

func jsonFloat(f float64) string { b, _ := json.Marshal(float64(int(f*10)) / 10); return string(b) }

// TestBench runs the page's bench at depth 2: one progress event per
// position, then the node count of search.Bench, `ox88 bench`'s signature.
func TestBench(t *testing.T) {
	want, _ := search.Bench(2, nil)
	_, ts := newTestServer(t, Config{})
	resp, err := ts.Client().Get(ts.URL + "/api/bench?depth=2")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	evs := readEvents(t, resp.Body, "done")
	var res benchResult
	json.Unmarshal([]byte(evs[len(evs)-1].data), &res)
	if len(evs) != len(search.BenchPositions)+1 || res.Nodes != want || !strings.HasPrefix(res.Line, fmt.Sprint(want, " nodes ")) {
		t.Fatalf("bench: %d events, %+v; search.Bench counts %d", len(evs), res, want)
	}
}
