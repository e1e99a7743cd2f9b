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
	evs := webtest.Events(t, ts, "/api/perft?pos=1&depth=3", "done")
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

// TestTree steps the engine's traced search: the node counts are the
// engine's own, the cursor moves by node number, by one and by a break,
// and the stack leads from the root to the cursor's node.
func TestTree(t *testing.T) {
	_, ts := newTestLab(t)
	fresh := engine.New()
	want := fresh.Think(search.Limits{Depth: 4}).Info.Nodes
	var tr treeJSON
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"depth":4}`, &tr); code != 200 {
		t.Fatalf("tree: %d", code)
	}
	last := tr.Stack[len(tr.Stack)-1]
	if tr.Nodes != want || tr.Truncated || tr.Cursor != tr.Recorded-1 || last.Index != tr.Cursor || !tr.Stack[0].Root || tr.Best == "" {
		t.Fatalf("depth 4: %d nodes (the engine's search: %d), cursor %d of %d, stack %+v", tr.Nodes, want, tr.Cursor, tr.Recorded, tr.Stack)
	}
	// Run to node 100, then step to the next one.
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"depth":4,"node":100}`, &tr); code != 200 || tr.Number != 100 {
		t.Fatalf("node 100: %d, at node %d", code, tr.Number)
	}
	pos := chess.StartPosition()
	for k, f := range tr.Stack {
		if f.Ply != k || k > 0 && f.SAN == "" || k > 0 && len(tr.Stack[k-1].Children) == 0 {
			t.Fatalf("stack entry %d: %+v", k, f)
		}
		if k > 0 {
			m, err := pos.ParseMove(f.SAN)
			if err != nil {
				t.Fatalf("stack entry %d: %v", k, err)
			}
			pos.MakeMove(m)
		}
	}
	if tr.Board.FEN != pos.FEN() || tr.Stack[len(tr.Stack)-1].Number != 100 {
		t.Fatalf("the board at node 100: %s, want %s", tr.Board.FEN, pos.FEN())
	}
	at := tr.Cursor + 1
	if code := webtest.Call(t, ts, "POST", "/api/tree", fmt.Sprintf(`{"depth":4,"at":%d}`, at), &tr); code != 200 || tr.Cursor != at || tr.Number != 101 {
		t.Fatalf("one step: %d, cursor %d, node %d", code, tr.Cursor, tr.Number)
	}
	// Break on a transposition table cutoff, then on the next one.
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"depth":4,"breakOn":"cutoff=tt"}`, &tr); code != 200 || tr.Message != "" {
		t.Fatalf("break on a TT cutoff: %d %q", code, tr.Message)
	}
	first := tr.Cursor
	if w := tr.Stack[len(tr.Stack)-1].What; !strings.HasSuffix(w, ", TT cutoff (step 5)") {
		t.Fatalf("at the TT cutoff: %q", w)
	}
	if webtest.Call(t, ts, "POST", "/api/tree", fmt.Sprintf(`{"depth":4,"breakOn":"cutoff=tt","after":%d}`, first), &tr); tr.Cursor <= first {
		t.Fatalf("the next TT cutoff at %d, the first at %d", tr.Cursor, first)
	}
	if webtest.Call(t, ts, "POST", "/api/tree", `{"depth":4,"breakOn":"move=g1f3"}`, &tr); tr.Stack[len(tr.Stack)-1].SAN != "Nf3" {
		t.Fatalf("break on g1f3: %+v", tr.Stack[len(tr.Stack)-1])
	}
	if webtest.Call(t, ts, "POST", "/api/tree", `{"depth":4,"breakOn":"cutoff=tb"}`, &tr); tr.Message != "no node after this one where cutoff=tb" {
		t.Fatalf("a break that never holds: %q", tr.Message)
	}
	// Checkmate: nothing to search, the board shows the mate.
	mated := "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"fen":"`+mated+`","depth":2}`, &tr); code != 200 ||
		tr.Message != "no legal move: nothing to search" || tr.Nodes != 0 || tr.Board.FEN != mated || tr.Board.Check != "e1" || tr.Board.Board[31] != "bQ" {
		t.Fatalf("fool's mate: %d %+v", code, tr)
	}
	// From a tab's game, and bad requests.
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"sid":"`+testTab+`","depth":1}`, &tr); code != 200 || tr.FEN != tabFEN || tr.Nodes != 20 {
		t.Fatalf("the tab's tree: %d, %s, %d nodes", code, tr.FEN, tr.Nodes)
	}
	for _, c := range []struct{ name, body, err string }{
		{"unknown tab", `{"sid":"other-tab","depth":1}`, "no tab other-tab"},
		{"too deep", `{"depth":9}`, "depth: want 1 to 8"},
		{"node past the search", `{"depth":1,"node":21}`, "node: the search counted 20 nodes"},
		{"at past the search", `{"depth":1,"at":22}`, "at: want 0 to 20"},
		{"unknown step", `{"depth":1,"breakOn":"cutoff=magic"}`, `break "cutoff=magic": no step "magic"; the steps: ` +
			`searched, draw, maxply, mdp, tt, tb, check, eval, rfp, null, iir, singular, multicut, mated, stalemate, futility, lmp, lmr, research, pvs, beta, standpat, see, delta`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var e wire.ErrorBody
			if code := webtest.Call(t, ts, "POST", "/api/tree", c.body, &e); code != 400 || e.Error != c.err {
				t.Errorf("%s: %d %q, want 400 %q", c.body, code, e.Error, c.err)
			}
		})
	}
}

// TestBench runs the page's bench at depth 2: one progress event per
// position, then the node count of search.Bench, `ox88 bench`'s signature,
// and the move-ordering statistic of `ox88 bench -v`.
func TestBench(t *testing.T) {
	var ord search.OrderingStats
	want, _ := search.Bench(2, nil, func(_ int, r search.Result, _ []uint64) { ord.Add(r.Ordering) })
	h, ts := newTestLab(t)
	evs := webtest.Events(t, ts, "/api/bench?depth=2", "done")
	var res benchResult
	json.Unmarshal([]byte(evs[len(evs)-1].Data), &res)
	if len(evs) != len(search.BenchPositions)+1 || res.Nodes != want || !strings.HasPrefix(res.Line, fmt.Sprint(want, " nodes ")) {
		t.Fatalf("bench: %d events, %+v; search.Bench counts %d", len(evs), res, want)
	}
	if res.Cutoffs != ord.Cutoffs || res.FirstMovePct != 100*ord.FirstMoveRate() || res.MovesPerCutoff != ord.MovesPerCutoff() {
		t.Fatalf("bench ordering: %+v; search.Bench: %v", res, ord)
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
