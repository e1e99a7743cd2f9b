package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
	"ox88/web/internal/webtest"
	"ox88/web/internal/wire"
)

// testTab is the one browser tab of testHost; its game is at tabFEN.
const (
	testTab = "test-tab-1"
	tabFEN  = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
)

// testHost is a Host of one job slot and one tab.
type testHost struct{ slot chan struct{} }

func (h *testHost) Acquire(w http.ResponseWriter, r *http.Request) (*engine.Engine, bool) {
	select {
	case h.slot <- struct{}{}:
		return engine.New(), true
	case <-r.Context().Done():
		return nil, false
	case <-time.After(30 * time.Millisecond):
		wire.Error(w, http.StatusServiceUnavailable, "busy")
		return nil, false
	}
}

func (h *testHost) Release(*engine.Engine) { <-h.slot }

func (h *testHost) TabPosition(w http.ResponseWriter, sid string) (*chess.Position, bool) {
	if sid != testTab {
		wire.Error(w, http.StatusBadRequest, "no tab "+sid)
		return nil, false
	}
	return chess.MustParseFEN(tabFEN), true
}

// waitIdle waits until the host's job slot is free again.
func (h *testHost) waitIdle(t *testing.T, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for len(h.slot) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the job slot is still taken after %v", within)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// newTestLab serves the lab alone on a test server.
func newTestLab(t *testing.T) (*testHost, *httptest.Server) {
	h := &testHost{slot: make(chan struct{}, 1)}
	mux := http.NewServeMux()
	Register(mux, h)
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return h, ts
}

func TestPerftPositionsMatchTestdata(t *testing.T) {
	want, err := os.ReadFile("../../testdata/perft-standard.epd")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != perftStandardEPD {
		t.Fatal("web/lab/perft-standard.epd differs from testdata/perft-standard.epd; copy it again")
	}
	if len(perftPositions) != 7 || perftPositions[0].Counts[4] != 4865609 || perftPositions[1].Name != "Kiwipete" {
		t.Fatalf("parsed set: %d positions, %+v", len(perftPositions), perftPositions[0])
	}
}

func TestPerftStream(t *testing.T) {
	_, ts := newTestLab(t)
	resp, err := ts.Client().Get(ts.URL + "/api/perft?pos=1&depth=3")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	evs := webtest.ReadEvents(t, resp.Body, "done")
	if len(evs) != 49 || evs[48].Name != "done" {
		t.Fatalf("want 48 progress events and done, got %d", len(evs))
	}
	var res perftResult
	if err := json.Unmarshal([]byte(evs[48].Data), &res); err != nil {
		t.Fatal(err)
	}
	if res.Nodes != 97862 || res.Expected != 97862 || !res.Match || len(res.Divide) != 48 {
		t.Fatalf("Kiwipete perft 3: %+v", res)
	}
	var p perftProgress
	json.Unmarshal([]byte(evs[47].Data), &p)
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
	_, ts := newTestLab(t)
	var tr treeJSON
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"depth":3,"maxNodes":50000}`, &tr); code != 200 {
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
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"depth":3,"maxNodes":30}`, &tr); code != 200 || tr.Nodes != 30 {
		t.Fatalf("node cap 30: %d nodes", tr.Nodes)
	}
	// From a tab's game, and from a tab the host does not know.
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"sid":"`+testTab+`","depth":1}`, &tr); code != 200 || tr.FEN != tabFEN || tr.Nodes != 21 {
		t.Fatalf("the tab's tree: %d, %s, %d nodes", code, tr.FEN, tr.Nodes)
	}
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"sid":"other-tab","depth":1}`, &e); code != 400 || e.Error != "no tab other-tab" {
		t.Fatalf("an unknown tab: %d %q", code, e.Error)
	}
}

func TestPosition(t *testing.T) {
	_, ts := newTestLab(t)
	var p positionJSON
	if code := webtest.Call(t, ts, "GET", "/api/position?moves=f2f3,e7e5,g2g4,d8h4", "", &p); code != 200 {
		t.Fatalf("position: %d", code)
	}
	if p.Check != "e1" || p.Board[31] != "bQ" || strings.Join(p.Last, "") != "d8h4" ||
		p.FEN != "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" {
		t.Fatalf("after fool's mate: %+v", p)
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

// TestBench runs the page's bench at depth 2: one progress event per
// position, then the node count of search.Bench, `ox88 bench`'s signature.
func TestBench(t *testing.T) {
	want, _ := search.Bench(2, nil, nil)
	h, ts := newTestLab(t)
	resp, err := ts.Client().Get(ts.URL + "/api/bench?depth=2")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	evs := webtest.ReadEvents(t, resp.Body, "done")
	var res benchResult
	json.Unmarshal([]byte(evs[len(evs)-1].Data), &res)
	if len(evs) != len(search.BenchPositions)+1 || res.Nodes != want || !strings.HasPrefix(res.Line, fmt.Sprint(want, " nodes ")) {
		t.Fatalf("bench: %d events, %+v; search.Bench counts %d", len(evs), res, want)
	}
	h.waitIdle(t, time.Second)
}

// TestBenchPageGone starts the deepest bench the page may ask for and goes
// away: the bench stops and its job slot is free again at once.
func TestBenchPageGone(t *testing.T) {
	h, ts := newTestLab(t)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/bench?depth="+fmt.Sprint(maxBenchDepth), nil)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if len(h.slot) != 1 {
		t.Fatal("the bench holds no job slot")
	}
	time.Sleep(100 * time.Millisecond)
	cancel()
	h.waitIdle(t, 2*time.Second)
}
