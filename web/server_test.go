package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"ox88/web/internal/webtest"
	"ox88/web/internal/wire"
)

const testSid = "test-session-1"

func newTestServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, ts
}

func TestPlayFlow(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var st stateJSON
	if code := webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st); code != 200 {
		t.Fatalf("state: %d", code)
	}
	if len(st.Legal) != 20 || st.Turn != "w" || st.Board[4] != "wK" || st.Board[60] != "bK" {
		t.Fatalf("start state wrong: %d legal, turn %s, e1 %q e8 %q", len(st.Legal), st.Turn, st.Board[4], st.Board[60])
	}
	// e4 is attacked by nobody, f3 by the g1 knight and the e2 and g2 pawns.
	if got := len(st.Attacks[0][21]); got != 3 {
		t.Errorf("White attackers of f3 = %d, want 3", got)
	}
	code := webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e2e4"}`, &st)
	if code != 200 || st.Turn != "b" || len(st.Moves) != 1 || st.Moves[0] != "e4" || !st.Engine {
		t.Fatalf("after e4: code %d turn %s moves %v engine %v", code, st.Turn, st.Moves, st.Engine)
	}
	if strings.Join(st.Last, "") != "e2e4" {
		t.Errorf("last move %v", st.Last)
	}
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e5"}`, &st)
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"Qh5"}`, &st)
	if st.Ply != 3 || st.Moves[2] != "Qh5" {
		t.Fatalf("SAN moves: %v", st.Moves)
	}
	// Take back: the person plays White, so it goes back to White's move.
	webtest.Call(t, ts, "POST", "/api/undo", `{"sid":"`+testSid+`"}`, &st)
	if st.Ply != 2 || len(st.Moves) != 3 {
		t.Fatalf("undo: ply %d moves %v", st.Ply, st.Moves)
	}
	webtest.Call(t, ts, "POST", "/api/redo", `{"sid":"`+testSid+`"}`, &st)
	if st.Ply != 3 {
		t.Fatalf("redo: ply %d", st.Ply)
	}
	webtest.Call(t, ts, "POST", "/api/goto", `{"sid":"`+testSid+`","ply":1}`, &st)
	if st.Ply != 1 || st.Turn != "b" {
		t.Fatalf("goto 1: ply %d turn %s", st.Ply, st.Turn)
	}
	// Another tab has its own game.
	var other stateJSON
	webtest.Call(t, ts, "GET", "/api/state?sid=other-tab-2", "", &other)
	if other.Ply != 0 || len(other.Moves) != 0 {
		t.Fatalf("second tab shares the game: %v", other.Moves)
	}
}

func TestFoolsMateOutcome(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var st stateJSON
	for _, m := range []string{"f3", "e5", "g4", "Qh4"} {
		webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"`+m+`"}`, &st)
	}
	if !st.Outcome.Over || st.Outcome.Result != "0-1" || st.Outcome.Text != "Black wins by checkmate" || st.Check != "e1" {
		t.Fatalf("outcome %+v check %q", st.Outcome, st.Check)
	}
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"a3"}`, &e); code != 400 || !strings.Contains(e.Error, "over") {
		t.Fatalf("move after mate: %d %q", code, e.Error)
	}
	// A person made Black's moves too (the API lets one move for ox88):
	// the PGN names who moved.
	if !strings.Contains(st.PGN, "0-1") || !strings.Contains(st.PGN, "Qh4#") || !strings.Contains(st.PGN, `[White "Human"]`) ||
		!strings.Contains(st.PGN, `[Black "Human"]`) {
		t.Fatalf("PGN: %s", st.PGN)
	}
}

func TestImport(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var st stateJSON
	fen := "8/8/8/8/8/5k2/8/4K2R w K - 0 1"
	if code := webtest.Call(t, ts, "POST", "/api/import", `{"sid":"`+testSid+`","fen":"`+fen+`"}`, &st); code != 200 || st.FEN != fen {
		t.Fatalf("FEN import: %d %s", code, st.FEN)
	}
	pgn := `[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 *`
	if code := webtest.Call(t, ts, "POST", "/api/import", `{"sid":"`+testSid+`","pgn":"`+pgn+`"}`, &st); code != 200 || len(st.Moves) != 4 || st.Moves[3] != "Nc6" {
		t.Fatalf("PGN import: %d %v", code, st.Moves)
	}
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "POST", "/api/import", `{"sid":"`+testSid+`","fen":"not a fen"}`, &e); code != 400 || !strings.HasPrefix(e.Error, "FEN") {
		t.Fatalf("bad FEN: %d %q", code, e.Error)
	}
	// A failed import leaves the game alone.
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if len(st.Moves) != 4 {
		t.Fatalf("bad import changed the game: %v", st.Moves)
	}
}

// TestChess960Game: a new game from a Chess960 start position by number,
// and castling offered both as the king's move and as the king on its rook.
func TestChess960Game(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var st stateJSON
	if code := webtest.Call(t, ts, "POST", "/api/new", `{"sid":"`+testSid+`","chess960":0}`, &st); code != 200 ||
		st.FEN != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" || !strings.Contains(st.PGN, `[Variant "Chess960"]`) {
		t.Fatalf("new Chess960 game 0: %d %s\n%s", code, st.FEN, st.PGN)
	}
	if code := webtest.Call(t, ts, "POST", "/api/new", `{"sid":"`+testSid+`","chess960":960}`, nil); code != 400 {
		t.Errorf("start position 960: %d", code)
	}
	// King b1, rook a1: O-O-O is b1c1 (the king's move) and b1a1 (onto the rook).
	webtest.Call(t, ts, "POST", "/api/import", `{"sid":"`+testSid+`","fen":"4k3/8/8/8/8/8/8/RK6 w A - 0 1"}`, &st)
	var castles []string
	for _, l := range st.Legal {
		if l.SAN == "O-O-O" {
			castles = append(castles, l.To+" "+l.UCI)
		}
	}
	if strings.Join(castles, ", ") != "c1 b1c1, a1 b1a1" {
		t.Fatalf("castling entries %q", castles)
	}
	if code := webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"b1a1"}`, &st); code != 200 || st.Moves[0] != "O-O-O" {
		t.Errorf("b1a1: %d %v", code, st.Moves)
	}
}

func TestBadRequests(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	s.mux.HandleFunc("GET /api/test-panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	s.cfg.Logger.SetOutput(io.Discard)
	defer s.cfg.Logger.SetOutput(os.Stderr)
	big := `{"sid":"` + testSid + `","pgn":"` + strings.Repeat("x", maxBodyBytes) + `"}`
	for _, tc := range []struct {
		name, method, path, body string
		code                     int
		msg                      string
	}{
		{"bad JSON", "POST", "/api/move", `{"sid":`, 400, "bad JSON"},
		{"not JSON", "POST", "/api/move", `e2e4`, 400, "bad JSON"},
		{"unknown field", "POST", "/api/move", `{"sid":"` + testSid + `","mvoe":"e4"}`, 400, "unknown field"},
		{"trailing data", "POST", "/api/move", `{"sid":"` + testSid + `","move":"e4"} {}`, 400, "unexpected data"},
		{"illegal move", "POST", "/api/move", `{"sid":"` + testSid + `","move":"e2e5"}`, 400, "not legal"},
		{"nonsense move", "POST", "/api/move", `{"sid":"` + testSid + `","move":"zz"}`, 400, ""},
		{"no session", "POST", "/api/move", `{"move":"e4"}`, 400, "session"},
		{"bad session", "GET", "/api/state?sid=../../etc", ``, 400, "session"},
		{"oversized body", "POST", "/api/import", big, 413, "over"},
		{"unknown route", "GET", "/api/nothing", ``, 404, "no such API route"},
		{"wrong method", "GET", "/api/move", ``, 404, "no such API route"},
		{"unknown page", "GET", "/favicon.ico", ``, 404, "not found"},
		{"bad level", "POST", "/api/settings", `{"sid":"` + testSid + `","level":99}`, 400, "level"},
		{"bare minutes", "POST", "/api/settings", `{"sid":"` + testSid + `","tc":"5+3"}`, 400, "so this is 5s+3s; write 5m+3s for minutes"},
		{"bad unit", "POST", "/api/settings", `{"sid":"` + testSid + `","tc":"5x"}`, 400, `bad time "5x": want seconds`},
		{"bad players", "POST", "/api/new", `{"sid":"` + testSid + `","human":"green"}`, 400, `who plays "green"`},
		{"bad goto", "POST", "/api/goto", `{"sid":"` + testSid + `","ply":5}`, 400, "outside"},
		{"bad perft depth", "GET", "/api/perft?pos=0&depth=99", ``, 400, "depth"},
		{"bad perft pos", "GET", "/api/perft?pos=77&depth=2", ``, 400, "pos"},
		{"bad perft fen", "GET", "/api/perft?fen=xx&depth=2", ``, 400, "FEN"},
		{"bad tree depth", "POST", "/api/tree", `{"depth":0}`, 400, "depth"},
		{"bad tree node", "POST", "/api/tree", `{"depth":2,"node":999999}`, 400, "node: the search counted"},
		{"bad tree break", "POST", "/api/tree", `{"depth":2,"breakOn":"move=e2"}`, 400, "not a move in UCI notation"},
		{"bad profile time", "POST", "/api/profile", `{"seconds":500}`, 400, "seconds"},
		{"bad bench depth", "GET", "/api/bench?depth=x", ``, 400, "depth"},
		{"panic", "GET", "/api/test-panic", ``, 500, "internal error"},
		{"think for the wrong side", "GET", "/api/think?sid=" + testSid + "&turn=b", ``, 409, "not b's move"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e wire.ErrorBody
			code := webtest.Call(t, ts, tc.method, tc.path, tc.body, &e)
			if code != tc.code || !strings.Contains(e.Error, tc.msg) || e.Error == "" {
				t.Errorf("%s: got %d %q, want %d containing %q", tc.name, code, e.Error, tc.code, tc.msg)
			}
		})
	}
	// The server still works.
	var st stateJSON
	if code := webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st); code != 200 || st.Ply != 0 {
		t.Fatalf("after bad requests: %d ply %d", code, st.Ply)
	}
}

func TestStaticFiles(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, p := range []string{"/", "/static/app.js", "/static/values.js", "/static/review.js", "/static/tabs.js", "/static/pieces.js", "/static/style.css"} {
		resp := webtest.Get(t, ts, p)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) < 100 {
			t.Errorf("%s: %d, %d bytes", p, resp.StatusCode, len(body))
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.HasPrefix(csp, "default-src 'self'") {
			t.Errorf("%s: Content-Security-Policy %q", p, csp)
		}
		if strings.Contains(string(body), "http://") || strings.Contains(string(body), "https://") {
			t.Errorf("%s refers to another site", p)
		}
	}
}

func TestThink(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","level":1,"tc":"5m+3s"}`, &st)
	if st.TC != (tcJSON{300, 3, "5m+3s"}) || st.Clock.White != 300000 || st.Clock.Running != "" {
		t.Fatalf("clocks %+v %+v", st.TC, st.Clock)
	}
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e4"}`, &st)
	if st.Clock.White != 303000 || st.Clock.Running != "b" {
		t.Fatalf("clocks after 1. e4: %+v", st.Clock)
	}
	resp := webtest.Get(t, ts, "/api/think?sid="+testSid)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	evs := webtest.ReadEvents(t, resp.Body, "done", "fail")
	last := evs[len(evs)-1]
	if last.Name != "done" {
		t.Fatalf("think ended with %s: %s", last.Name, last.Data)
	}
	var sawPV bool
	for _, e := range evs {
		if e.Name == "info" {
			var inf infoJSON
			if err := json.Unmarshal([]byte(e.Data), &inf); err != nil {
				t.Fatal(err)
			}
			sawPV = sawPV || len(inf.PV) > 0 && inf.PV[0] != "" && len(inf.Best) == 2
		}
	}
	if !sawPV {
		t.Errorf("no info event with a PV in %v", evs)
	}
	var done struct {
		Move  string    `json:"move"`
		State stateJSON `json:"state"`
	}
	if err := json.Unmarshal([]byte(last.Data), &done); err != nil {
		t.Fatal(err)
	}
	if done.State.Ply != 2 || done.State.Turn != "w" || done.State.Moves[1] != done.Move {
		t.Fatalf("after the engine's move: ply %d turn %s moves %v move %s", done.State.Ply, done.State.Turn, done.State.Moves, done.Move)
	}
	if len(done.State.Scores) != 3 || done.State.Scores[2] == nil {
		t.Errorf("score of the engine's move not recorded: %v", done.State.Scores)
	}
	waitIdle(t, s)
}

// waitIdle waits until every job slot is free again.
func waitIdle(t *testing.T, s *Server) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for len(s.slots) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d job slots still taken", len(s.slots))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestThinkClientGone(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","level":10}`, &st) // 5 s per move
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e4"}`, &st)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/think?sid="+testSid, nil)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	cancel()
	resp.Body.Close()
	waitIdle(t, s)
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("search went on %v after the client left", el)
	}
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if st.Thinking || st.Ply != 1 {
		t.Fatalf("after the client left: thinking %v ply %d", st.Thinking, st.Ply)
	}
}

func TestThinkStoppedByPersonsAction(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","level":10}`, &st)
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e4"}`, &st)
	resp := webtest.Get(t, ts, "/api/think?sid="+testSid)
	// Taking back stops the search and wins.
	if code := webtest.Call(t, ts, "POST", "/api/undo", `{"sid":"`+testSid+`"}`, &st); code != 200 || st.Ply != 0 {
		t.Fatalf("undo while thinking: %d ply %d", code, st.Ply)
	}
	evs := webtest.ReadEvents(t, resp.Body, "done", "fail")
	if len(evs) > 0 && evs[len(evs)-1].Name == "done" {
		t.Fatalf("the stopped search still played: %v", evs[len(evs)-1])
	}
	waitIdle(t, s)
}

// TestBusy holds the only job slot: the game's and the lab's jobs get 503,
// and go through once it is free.
func TestBusy(t *testing.T) {
	s, ts := newTestServer(t, Config{MaxSearches: 1, SlotWait: 30 * time.Millisecond})
	eng, ok := s.acquire(httptest.NewRecorder(), context.Background())
	if !ok {
		t.Fatal("no slot")
	}
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "GET", "/api/think?sid="+testSid, "", &e); code != 503 || !strings.Contains(e.Error, "busy") {
		t.Fatalf("think with no free slot: %d %q", code, e.Error)
	}
	if code := webtest.Call(t, ts, "GET", "/api/perft?pos=0&depth=2", "", &e); code != 503 || !strings.Contains(e.Error, "busy") {
		t.Fatalf("perft with no free slot: %d %q", code, e.Error)
	}
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"depth":1}`, &e); code != 503 {
		t.Fatalf("tree with no free slot: %d %q", code, e.Error)
	}
	s.release(eng)
	var tr struct{ Nodes int }
	if code := webtest.Call(t, ts, "POST", "/api/tree", `{"depth":1}`, &tr); code != 200 || tr.Nodes != 20 {
		t.Fatalf("tree after release: %d, %d nodes", code, tr.Nodes)
	}
	waitIdle(t, s)
}

// TestThreads checks that the engines of the server search with
// Config.Threads threads, by default the cores shared among the jobs.
func TestThreads(t *testing.T) {
	for _, tc := range []struct{ searches, threads, want int }{
		{1, 3, 3}, {2, 0, max(1, runtime.NumCPU()/2)}, {1, 0, runtime.NumCPU()},
	} {
		t.Run(fmt.Sprintf("searches %d threads %d", tc.searches, tc.threads), func(t *testing.T) {
			s := New(Config{MaxSearches: tc.searches, Threads: tc.threads})
			eng, ok := s.acquire(httptest.NewRecorder(), context.Background())
			if !ok || eng.Threads() != tc.want {
				t.Errorf("MaxSearches %d, Threads %d: an engine of %d threads, want %d", tc.searches, tc.threads, eng.Threads(), tc.want)
			}
			s.release(eng)
			s.Close()
		})
	}
}

func TestThinkReplacedByNewPage(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","level":10}`, &st)
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e4"}`, &st)
	first := webtest.Get(t, ts, "/api/think?sid="+testSid+"&turn=b")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/think?sid="+testSid+"&turn=b", nil)
	second, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Body.Close()
	if second.StatusCode != 200 {
		t.Fatalf("second think: %d", second.StatusCode)
	}
	// The first stream ends without playing.
	for _, e := range webtest.ReadEvents(t, first.Body, "done") {
		if e.Name == "done" {
			t.Fatal("the replaced search played its move")
		}
	}
	cancel()
	waitIdle(t, s)
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if st.Ply != 1 || st.Thinking {
		t.Fatalf("after both searches: ply %d thinking %v", st.Ply, st.Thinking)
	}
}

// TestConcurrentTabs runs several tabs at once, each playing, letting the
// engine answer and taking back, with fewer job slots than tabs.
func TestConcurrentTabs(t *testing.T) {
	s, ts := newTestServer(t, Config{MaxSearches: 2})
	const tabs, rounds = 6, 3
	errs := make(chan error, tabs)
	for i := range tabs {
		go func() {
			sid := "concurrent-tab-" + string(rune('a'+i))
			post := func(path, body string) (int, stateJSON) {
				var st stateJSON
				resp, err := ts.Client().Post(ts.URL+path, "application/json", strings.NewReader(body))
				if err != nil {
					return 0, st
				}
				defer resp.Body.Close()
				json.NewDecoder(resp.Body).Decode(&st)
				return resp.StatusCode, st
			}
			post("/api/settings", `{"sid":"`+sid+`","level":1}`)
			for range rounds {
				if code, _ := post("/api/move", `{"sid":"`+sid+`","move":"d4"}`); code != 200 {
					errs <- fmt.Errorf("%s: move: %d", sid, code)
					return
				}
				resp, err := ts.Client().Get(ts.URL + "/api/think?sid=" + sid)
				if err != nil {
					errs <- err
					return
				}
				evs := webtest.ReadEvents(t, resp.Body, "done", "fail")
				resp.Body.Close()
				if len(evs) == 0 || evs[len(evs)-1].Name != "done" {
					errs <- fmt.Errorf("%s: think ended with %v", sid, evs)
					return
				}
				if code, st := post("/api/undo", `{"sid":"`+sid+`"}`); code != 200 || st.Ply != 0 {
					errs <- fmt.Errorf("%s: undo: %d ply %d", sid, code, st.Ply)
					return
				}
			}
			errs <- nil
		}()
	}
	for range tabs {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	waitIdle(t, s)
	if n := s.sessions.len(); n != tabs {
		t.Errorf("%d sessions, want %d", n, tabs)
	}
}

func TestMoveNow(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","level":10}`, &st) // 5 s per move
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e4"}`, &st)
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "POST", "/api/movenow", `{"sid":"`+testSid+`"}`, &e); code != 409 {
		t.Fatalf("move now with no search: %d", code)
	}
	resp := webtest.Get(t, ts, "/api/think?sid="+testSid)
	start := time.Now()
	for {
		var answer map[string]any // {"stopped": true} or {"error": ...}
		if code := webtest.Call(t, ts, "POST", "/api/movenow", `{"sid":"`+testSid+`"}`, &answer); code == 200 {
			break
		}
		if time.Since(start) > 3*time.Second {
			t.Fatal("the search never became stoppable")
		}
		time.Sleep(10 * time.Millisecond)
	}
	evs := webtest.ReadEvents(t, resp.Body, "done", "fail")
	if last := evs[len(evs)-1]; last.Name != "done" {
		t.Fatalf("move now: %v", last)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("move now took %v", el)
	}
	waitIdle(t, s)
}

// TestThinkChain lets the engine play several moves in a row, each think
// starting as soon as the last one's move is played, as the page does after
// Engine move.
func TestThinkChain(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","level":1}`, &st)
	for ply := 1; ply <= 6; ply++ {
		turn := "w"
		if ply%2 == 0 {
			turn = "b"
		}
		evs := webtest.Events(t, ts, "/api/think?sid="+testSid+"&turn="+turn, "done", "fail")
		if len(evs) == 0 || evs[len(evs)-1].Name != "done" {
			t.Fatalf("think %d: %v", ply, evs)
		}
	}
	waitIdle(t, s)
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if st.Ply != 6 || st.Thinking {
		t.Fatalf("after six engine moves: ply %d thinking %v", st.Ply, st.Thinking)
	}
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "POST", "/api/movenow", `{"sid":"`+testSid+`"}`, &e); code != 409 {
		t.Fatalf("move now after the searches: %d", code)
	}
}
