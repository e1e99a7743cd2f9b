package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"ox88/book"
	"ox88/chess"
	"ox88/game"
	"ox88/syzygy"
	"ox88/web/internal/webtest"
)

// analysisLines opens the analysis stream of sid with query and reads its
// lines until each of want lines has reached depth, then closes it.
func analysisLines(t *testing.T, url, query string, want, depth int) []lineJSON {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/analyse?"+query, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		var e struct{ Error string }
		_ = json.NewDecoder(resp.Body).Decode(&e)
		t.Fatalf("analyse: %d %s", resp.StatusCode, e.Error)
	}
	lines := make([]lineJSON, want)
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var l lineJSON
		if err := json.Unmarshal([]byte(data), &l); err != nil || l.MultiPV < 1 || l.MultiPV > want {
			t.Fatalf("line %q: %v", data, err)
		}
		lines[l.MultiPV-1] = l
		done := true
		for _, l := range lines {
			done = done && l.Depth >= depth
		}
		if done {
			return lines
		}
	}
	t.Fatalf("the stream ended before %d lines reached depth %d: %+v", want, depth, lines)
	return nil
}

// TestAnalysisBoard: the analysis board plays moves into the tree, shows a
// variation's position, names the opening, analyses in three lines with
// WDL, plays a line up to a move, exports the tree, and refuses bad input
// with the reason, the game unchanged.
func TestAnalysisBoard(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	sid := "analysis-board-1"
	var st stateJSON
	call := func(path, body string, code int) {
		t.Helper()
		st = stateJSON{}
		var out json.RawMessage
		if got := webtest.Call(t, ts, "POST", path, `{"sid":"`+sid+`"`+body+`}`, &out); got != code {
			t.Fatalf("%s %s: %d %s, want %d", path, body, got, out, code)
		}
		_ = json.Unmarshal(out, &st)
	}
	call("/api/settings", `,"analysis":true`, 200)
	if !st.Analysis || st.Human != "both" || st.TC.Base != 0 {
		t.Fatalf("analysis on: %v %s %v", st.Analysis, st.Human, st.TC)
	}
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5"} {
		call("/api/move", `,"move":"`+m+`"`, 200)
	}
	if st.Opening == nil || st.Opening.ECO != "C60" || !strings.HasPrefix(st.Opening.Name, "Ruy Lopez") {
		t.Fatalf("opening after 3. Bb5: %+v", st.Opening)
	}
	// From after 1. e4, 1... c5 is a variation; the main line stays.
	call("/api/goto", `,"path":[1]`, 200)
	call("/api/move", `,"move":"c5"`, 200)
	if game.Path(st.Path).String() != "2.0.1" || len(st.Moves) != 5 || st.Opening == nil || st.Opening.ECO != "B20" {
		t.Fatalf("variation: path %v, %d moves, opening %+v", st.Path, len(st.Moves), st.Opening)
	}
	if st.FEN != "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2" || len(st.Legal) != 30 {
		t.Fatalf("the variation's position: %s, %d legal", st.FEN, len(st.Legal))
	}
	// The engine analyses it in three lines, each with its WDL.
	// Another table size: that engine leaves the pool after the analysis.
	analysisLines(t, ts.URL, "sid="+sid+"&lines=1&hash=32", 1, 2)
	waitIdle(t, s)
	lines := analysisLines(t, ts.URL, "sid="+sid+"&lines=3&wdl=1&threads=1&hash=16", 3, 4)
	pos, _ := chess.ParseFEN(st.FEN)
	for i, l := range lines {
		if l.FEN != st.FEN || len(l.PV) == 0 || len(l.UCI) != len(l.PV) || len(l.WDL) != 3 || l.WDL[0]+l.WDL[1]+l.WDL[2] != 1000 {
			t.Fatalf("line %d: %+v", i+1, l)
		}
		if san := pos.SANLine(mustMoves(t, *pos, l.UCI)); strings.Join(san, " ") != strings.Join(l.PV, " ") {
			t.Fatalf("line %d: UCI %v is not SAN %v", i+1, l.UCI, l.PV)
		}
	}
	if lines[0].PV[0] == lines[1].PV[0] || lines[1].PV[0] == lines[2].PV[0] {
		t.Fatalf("three lines, not three first moves: %v %v %v", lines[0].PV, lines[1].PV, lines[2].PV)
	}
	waitIdle(t, s)
	// A line played to its second move goes on in the variation.
	two := lines[0].UCI[:2]
	body, _ := json.Marshal(two)
	call("/api/move", `,"path":[2,0,1],"line":`+string(body), 200)
	if game.Path(st.Path).String() != "2.0.3" {
		t.Fatalf("after the line %v: path %v", two, st.Path)
	}
	want := "1. e4 e5 (1... c5 2. " + lines[0].PV[0] + " " + lines[0].PV[1] + ") 2. Nf3 Nc6 3. Bb5"
	if !strings.Contains(strings.Join(strings.Fields(st.PGN), " "), want) {
		t.Fatalf("PGN without %q:\n%s", want, st.PGN)
	}
	// Back and forward through the variation (the arrow keys): from its
	// first move back to the main line's 1. e4, and forward along the main
	// line; forward at a variation's end is refused.
	for _, step := range []struct{ route, want string }{
		{"undo", "2.0.2"}, {"undo", "2.0.1"}, {"redo", "2.0.2"}, {"redo", "2.0.3"},
		{"redo", ""}, {"undo", "2.0.2"}, {"undo", "2.0.1"}, {"undo", "1"}, {"redo", "2"},
	} {
		var e struct{ Error string }
		if step.want == "" {
			if code := webtest.Call(t, ts, "POST", "/api/"+step.route, `{"sid":"`+sid+`"}`, &e); code != 400 || !strings.Contains(e.Error, "the variation ends here") {
				t.Fatalf("redo at the variation's end: %d %q", code, e.Error)
			}
			continue
		}
		call("/api/"+step.route, "", 200)
		if got := game.Path(st.Path).String(); got != step.want {
			t.Fatalf("%s: path %s, want %s", step.route, got, step.want)
		}
	}
	call("/api/goto", `,"path":[2,0,3]`, 200)
	// Bad input: the reason, and the game as it was.
	before := st.PGN
	for _, tt := range []struct{ name, body, want string }{
		{"illegal move", `,"move":"Ke8"`, `"Ke8" is not legal`},
		{"bad line", `,"line":["d4","zz"]`, `"zz"`},
		{"ply outside", `,"path":[9],"move":"e4"`, "ply 9 is outside its line"},
		{"no such variation", `,"path":[2,3,1],"move":"e4"`, "move 2 has no variation 3"},
		{"even path", `,"path":[2,0],"move":"e4"`, "want an odd count"},
		{"no move", `,"path":[2]`, "give a move"},
		{"long line", `,"line":[` + strings.Repeat(`"e4",`, 64) + `"e4"]`, "65 moves: at most 64"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var e struct{ Error string }
			if code := webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+sid+`"`+tt.body+`}`, &e); code != 400 || !strings.Contains(e.Error, tt.want) {
				t.Errorf("move %s: %d %q, want 400 %q", tt.body, code, e.Error, tt.want)
			}
		})
	}
	var e struct{ Error string }
	if code := webtest.Call(t, ts, "POST", "/api/goto", `{"sid":"`+sid+`","path":[2,0,9]}`, &e); code != 400 || !strings.Contains(e.Error, "ply 9 is outside its line (1 to 3)") {
		t.Errorf("goto: %d %q", code, e.Error)
	}
	for _, q := range []string{"lines=0", "lines=6", "wdl=2", "threads=999", "hash=100000", "hash=x"} {
		if code := webtest.Call(t, ts, "GET", "/api/analyse?sid="+sid+"&"+q, "", &e); code != 400 || !strings.Contains(e.Error, "want a number") {
			t.Errorf("analyse %s: %d %q", q, code, e.Error)
		}
	}
	// The door counts the analysis as a job and a stream, and refuses a
	// stranger's page.
	if !jobRoutes["/api/analyse"] {
		t.Error("the analysis stream is not counted as a job stream")
	}
	req, _ := http.NewRequest("GET", ts.URL+"/api/analyse?sid="+sid, nil)
	req.Header.Set("Origin", "http://evil.example")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 403 {
		t.Errorf("analyse from another origin: %v %v", resp.StatusCode, err)
	} else {
		resp.Body.Close()
	}
	webtest.Call(t, ts, "GET", "/api/state?sid="+sid, "", &st)
	if st.PGN != before {
		t.Fatalf("the game changed:\n%s", st.PGN)
	}
	// Engine move and resignation are not for the analysis board; off, the
	// board is back on the main line.
	if code := webtest.Call(t, ts, "GET", "/api/think?sid="+sid, "", &e); code != 409 || !strings.Contains(e.Error, "analysis board") {
		t.Errorf("think: %d %q", code, e.Error)
	}
	// The engine that analysed with one thread and the server's table went
	// back to the pool as the server made it.
	select {
	case eng := <-s.engines:
		if eng.Threads() != s.cfg.Threads {
			t.Errorf("pooled engine has %d threads, want %d", eng.Threads(), s.cfg.Threads)
		}
		s.engines <- eng
	default:
		t.Error("the analysis engine with the server's table left the pool")
	}
	call("/api/settings", `,"analysis":false`, 200)
	if code := webtest.Call(t, ts, "POST", "/api/goto", `{"sid":"`+sid+`","path":[2,0,1]}`, &e); code != 400 || !strings.Contains(e.Error, "analysis board") {
		t.Errorf("goto into a variation with the board off: %d %q", code, e.Error)
	}
	if len(st.Path) != 1 || st.Analysis {
		t.Fatalf("analysis off: path %v", st.Path)
	}
	if code := webtest.Call(t, ts, "GET", "/api/analyse?sid="+sid, "", &e); code != 409 {
		t.Errorf("analyse with the board off: %d %q", code, e.Error)
	}
	// The PGN with its variation reads back into the tree.
	call("/api/import", `,"pgn":`+mustJSON(before), 200)
	if len(st.Tree) != 5 || len(st.Tree[1].Vars) != 1 || len(st.Tree[1].Vars[0]) != 3 {
		t.Fatalf("the imported tree: %+v", st.Tree)
	}
}

// mustMoves reads UCI moves played in turn from pos.
func mustMoves(t *testing.T, pos chess.Position, uci []string) []chess.Move {
	t.Helper()
	var out []chess.Move
	for _, u := range uci {
		m, err := pos.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
		out = append(out, m)
	}
	return out
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestOpeningExplorer lists a book's moves for the position shown with
// their weights and shares, and says when there is no book.
func TestOpeningExplorer(t *testing.T) {
	b := testBook(t)
	_, ts := newTestServer(t, Config{Book: b, BookName: "test.bin"})
	var out struct {
		Book  string
		Moves []bookMoveJSON
		Note  string
	}
	webtest.Call(t, ts, "GET", "/api/book?sid=explorer-tab-1", "", &out)
	start := chess.StartPosition()
	entries := b.Entries(start)
	total, sum := 0, 0.0
	for _, e := range entries {
		total += int(e.Weight)
	}
	if out.Book != "test.bin" || len(out.Moves) != len(entries) || len(out.Moves) < 2 {
		t.Fatalf("explorer: %+v, %d entries", out, len(entries))
	}
	for i, m := range out.Moves {
		if i > 0 && m.Weight > out.Moves[i-1].Weight {
			t.Fatalf("not by weight: %+v", out.Moves)
		}
		if m.Share != float64(m.Weight)/float64(total) {
			t.Fatalf("share of %s: %v, want %d/%d", m.SAN, m.Share, m.Weight, total)
		}
		sum += m.Share
	}
	if sum < 0.999 || sum > 1.001 {
		t.Fatalf("shares add to %v", sum)
	}
	_, bare := newTestServer(t, Config{})
	webtest.Call(t, bare, "GET", "/api/book?sid=explorer-tab-1", "", &out)
	if len(out.Moves) != 0 || !strings.Contains(out.Note, "--book") {
		t.Fatalf("no book: %+v", out)
	}
}

// testBook is a book of the 200 openings in testdata (16 plies each).
func testBook(t *testing.T) *book.Book {
	t.Helper()
	games, err := game.ReadPGNFile("../testdata/openings-200.pgn")
	if err != nil {
		t.Fatal(err)
	}
	bd := book.NewBuilder(16)
	for _, g := range games {
		start := g.Start()
		if err := bd.Add(&start, g.Moves(), "1/2-1/2"); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := bd.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	b, err := book.FromBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAnalysisTablebase: with Syzygy tables, the analysis of KRvK says
// "tablebase win" for the side with the rook, with certain chances, and
// "tablebase loss" with the other side to move.
func TestAnalysisTablebase(t *testing.T) {
	tb, err := syzygy.Open("../testdata/syzygy")
	if err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, Config{Tablebases: tb})
	for _, tt := range []struct{ name, fen, verdict string }{
		{"rook's side to move", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "tablebase win"},
		{"bare king to move", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1", "tablebase loss"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sid := "tablebase-tab-" + tt.fen[len(tt.fen)-9:len(tt.fen)-8]
			var st stateJSON
			webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+sid+`","analysis":true}`, &st)
			if code := webtest.Call(t, ts, "POST", "/api/import", `{"sid":"`+sid+`","fen":"`+tt.fen+`"}`, &st); code != 200 {
				t.Fatalf("import %s: %d", tt.fen, code)
			}
			l := analysisLines(t, ts.URL, "sid="+sid+"&lines=1&wdl=1", 1, 2)[0]
			certain := []int{1000, 0, 0}
			if tt.verdict == "tablebase loss" {
				certain = []int{0, 0, 1000}
			}
			if l.TB != tt.verdict || fmt.Sprint(l.WDL) != fmt.Sprint(certain) {
				t.Errorf("%s: verdict %q, WDL %v; want %q, %v", tt.fen, l.TB, l.WDL, tt.verdict, certain)
			}
		})
	}
}
