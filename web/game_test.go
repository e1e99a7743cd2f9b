package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"ox88/engine"
	"ox88/game"
	"ox88/search"
	"ox88/web/internal/webtest"
	"ox88/web/internal/wire"
)

// TestPlayers goes through the four ways to play: who is to move decides
// whether the engine is, take back steps to a person's turn, the PGN names
// the players, resigning loses the person's side.
func TestPlayers(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	sid := `{"sid":"` + testSid + `"`
	call := func(path, body string) stateJSON {
		t.Helper()
		var st stateJSON
		if code := webtest.Call(t, ts, "POST", path, sid+body+`}`, &st); code != 200 {
			t.Fatalf("%s %s: %d", path, body, code)
		}
		return st
	}
	st := call("/api/settings", "")
	if st.Human != "white" || st.Players != "you (White) v ox88" {
		t.Fatalf("a new tab: %q, %q", st.Human, st.Players)
	}
	// Two people: the engine never has the move; take back is one ply.
	st = call("/api/settings", `,"human":"both"`)
	if st.Human != "both" || st.Players != "human v human" || st.Engine {
		t.Fatalf("two people: %q %q engine %v", st.Human, st.Players, st.Engine)
	}
	for _, m := range []string{"e2e4", "e5", "Nf3"} {
		if st = call("/api/move", `,"move":"`+m+`"`); st.Engine {
			t.Fatalf("two people: the engine to move after %s", m)
		}
	}
	if st = call("/api/undo", ""); st.Ply != 2 {
		t.Fatalf("two people: take back to ply %d, want 2", st.Ply)
	}
	if !strings.Contains(st.PGN, `[White "Human"]`) || !strings.Contains(st.PGN, `[Black "Human"]`) {
		t.Errorf("two people's PGN: %s", st.PGN)
	}
	// ox88 against itself: the engine is to move on both sides, one ply
	// back at a time.
	st = call("/api/settings", `,"human":"none"`)
	if !st.Engine || st.Players != "ox88 v ox88" {
		t.Fatalf("ox88 against itself: engine %v, %q", st.Engine, st.Players)
	}
	if st = call("/api/undo", ""); st.Ply != 1 || !st.Engine {
		t.Fatalf("ox88 against itself: take back to ply %d (engine %v), want 1", st.Ply, st.Engine)
	}
	// You play Black: White's move is the engine's; take back returns to
	// Black's turn two plies at a time.
	st = call("/api/settings", `,"human":"black","level":3`)
	if st.Engine || st.Players != "ox88 v you (Black)" || st.Ply != 1 {
		t.Fatalf("you Black at ply 1: engine %v %q", st.Engine, st.Players)
	}
	st = call("/api/move", `,"move":"c5"`)
	st = call("/api/move", `,"move":"Nf3"`)
	if st = call("/api/undo", ""); st.Ply != 1 || st.Turn != "b" {
		t.Fatalf("you Black: take back to ply %d turn %s, want 1 b", st.Ply, st.Turn)
	}
	// The PGN names who made the moves: people made all of them here
	// (playtest's scripts name ox88 where it moved).
	if !strings.Contains(st.PGN, `[White "Human"]`) || !strings.Contains(st.PGN, `[Black "Human"]`) {
		t.Errorf("you Black's PGN: %s", st.PGN)
	}
	if st = call("/api/resign", ""); st.Outcome.Text != "White wins by resignation" {
		t.Errorf("you Black resign: %q", st.Outcome.Text)
	}
	// A bad name changes nothing.
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "POST", "/api/settings", sid+`,"human":"martians"}`, &e); code != 400 ||
		e.Error != `who plays "martians": want white or black (your side against ox88), both (two people) or none (ox88 against itself)` {
		t.Errorf("bad players: %d %q", code, e.Error)
	}
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if st.Human != "black" || st.Ply != 1 || !st.Outcome.Over {
		t.Errorf("after a bad request: %q ply %d over %v", st.Human, st.Ply, st.Outcome.Over)
	}
}

// TestTypedMoves plays moves as a person types them, UCI and SAN, and
// checks the errors the page shows as they are.
func TestTypedMoves(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/import", `{"sid":"`+testSid+`","fen":"4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1"}`, &st)
	for _, tc := range []struct{ name, move, msg string }{
		{"SAN without promotion", "a8", `move "a8": a pawn reaching the last rank must promote (e.g. a8=Q)`},
		{"UCI without promotion", "a7a8", `move "a7a8": a pawn reaching the last rank must promote (e.g. a7a8=Q)`},
		{"illegal SAN", "Nf3", `move "Nf3" is not legal in this position`},
		{"illegal UCI", "e2e4", `move "e2e4" is not legal in this position`},
		{"empty", "", `empty move`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e wire.ErrorBody
			if code := webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"`+tc.move+`"}`, &e); code != 400 || e.Error != tc.msg {
				t.Errorf("%q: %d %q, want 400 %q", tc.move, code, e.Error, tc.msg)
			}
		})
	}
	for i, m := range []string{"O-O", "Kd7", " a8=N ", "d7c6"} {
		if code := webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"`+m+`"}`, &st); code != 200 || st.Ply != i+1 {
			t.Fatalf("%q: %d at ply %d", m, code, st.Ply)
		}
	}
	if got := strings.Join(st.Moves, " "); got != "O-O Kd7 a8=N Kc6" {
		t.Errorf("moves %q", got)
	}
}

// TestFlagFall: with a one-second clock, the side to move loses on time
// once it runs out; the state says so, moves are refused, and the PGN
// carries the time control.
func TestFlagFall(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","human":"both","tc":"1s"}`, &st)
	if st.TC.Text != "1s" || !strings.Contains(st.PGN, `[TimeControl "1"]`) {
		t.Fatalf("time control %+v, PGN %s", st.TC, st.PGN)
	}
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e4"}`, &st)
	if st.Clock.Running != "b" || st.Outcome.Over {
		t.Fatalf("after 1. e4: clock %+v outcome %+v", st.Clock, st.Outcome)
	}
	time.Sleep(1100 * time.Millisecond)
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if st.Outcome.Text != "White wins on time" || st.Clock.Black != 0 || st.Clock.Running != "" {
		t.Fatalf("after Black's second: outcome %+v clock %+v", st.Outcome, st.Clock)
	}
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"e5"}`, &e); code != 400 ||
		e.Error != "the game is over: White wins on time" {
		t.Errorf("a move after the flag: %d %q", code, e.Error)
	}
}

// TestLoadedGameIsForLooking: a game read from a PGN is played on by two
// people until the page says who plays, as in the terminal game.
func TestLoadedGameIsForLooking(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/import", `{"sid":"`+testSid+`","pgn":"1. e4 e5 2. Nf3 *"}`, &st)
	if st.Human != "both" || st.Engine || st.Ply != 3 {
		t.Fatalf("loaded: %q engine %v ply %d", st.Human, st.Engine, st.Ply)
	}
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","human":"white"}`, &st)
	if !st.Engine || st.Ply != 3 {
		t.Fatalf("play on as White: engine %v ply %d", st.Engine, st.Ply)
	}
}

// TestValues asks for the heat map of the start position with both
// evaluations and refuses a bad one.
func TestValues(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, which := range []string{"", "&eval=network", "&eval=hand-written"} {
		var v valuesJSON
		if code := webtest.Call(t, ts, "GET", "/api/values?sid="+testSid+which, "", &v); code != 200 {
			t.Fatalf("%q: %d", which, code)
		}
		want := strings.TrimPrefix(which, "&eval=")
		if want == "" {
			want = evalNetwork
		}
		if v.Evaluation != want || len(v.Pieces) != 30 || v.FEN != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
			t.Fatalf("%q: %s, %d pieces, %s", which, v.Evaluation, len(v.Pieces), v.FEN)
		}
		by := map[string]pieceValueJSON{}
		for _, p := range v.Pieces {
			by[p.Square] = p
		}
		if by["d1"].Piece != "wQ" || by["e7"].Piece != "bP" || by["e1"].Piece != "" || !(by["d1"].Value > by["e2"].Value && by["e2"].Value > 0) {
			t.Errorf("%q: d1 %+v, e2 %+v, e7 %+v, e1 %+v", which, by["d1"], by["e2"], by["e7"], by["e1"])
		}
	}
	for _, tc := range []struct{ name, query, msg string }{
		{"unknown evaluation", "sid=" + testSid + "&eval=psqt", `eval "psqt": want network or hand-written`},
		{"bad session", "sid=x", "missing or bad session id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e wire.ErrorBody
			if code := webtest.Call(t, ts, "GET", "/api/values?"+tc.query, "", &e); code != 400 || !strings.HasPrefix(e.Error, tc.msg) {
				t.Errorf("%s: %d %q", tc.query, code, e.Error)
			}
		})
	}
}

// fakeReview is a reviewer that searches nothing: each position is a
// progress report, and the move of ply 2 a blunder.
func fakeReview(ctx context.Context, e *engine.Engine, g *game.Game, lim search.Limits, progress func(done, total int)) (*reviewJSON, error) {
	n, start := g.Len()+1, g.Start()
	r := &reviewJSON{Budget: "fake", Start: start.FEN(), Points: make([]scorePoint, n), Win: make([]float64, n)}
	for i := range n {
		progress(i+1, n)
		if i > 0 {
			r.Moves = append(r.Moves, g.SANAt(i))
		}
	}
	r.Marks = []reviewMarkJSON{{Ply: 2, Side: "black", Judgement: "blunder", Symbol: "??"}}
	return r, ctx.Err()
}

// TestReviewRequests runs the review endpoint with a fake reviewer: its
// progress and result as events, bad budgets and an empty game refused
// with clear messages, the game left as it was.
func TestReviewRequests(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	s.review = fakeReview
	var st stateJSON
	for _, m := range []string{"e4", "e5", "Qh5"} {
		webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"`+m+`"}`, &st)
	}
	webtest.Call(t, ts, "POST", "/api/goto", `{"sid":"`+testSid+`","ply":1}`, &st)
	for _, tc := range []struct {
		name  string
		query string
		code  int
		msg   string
	}{
		{"no nodes", "nodes=0", 400, `nodes "0": want 1 to 50000000 per position`},
		{"nodes not a number", "nodes=many", 400, `nodes "many": want 1 to 50000000 per position`},
		{"movetime too short", "movetime=5", 400, `movetime "5": want 10 to 60000 milliseconds per position`},
		{"nodes and movetime", "nodes=10&movetime=100", 400, "give nodes or movetime, not both"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e wire.ErrorBody
			if code := webtest.Call(t, ts, "GET", "/api/review?sid="+testSid+"&"+tc.query, "", &e); code != tc.code || e.Error != tc.msg {
				t.Errorf("%s: %d %q, want %d %q", tc.query, code, e.Error, tc.code, tc.msg)
			}
		})
	}
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "GET", "/api/review?sid=empty-game-1", "", &e); code != 400 || e.Error != "no moves to review: play or load a game first" {
		t.Errorf("empty game: %d %q", code, e.Error)
	}
	evs := webtest.Events(t, ts, "/api/review?sid="+testSid+"&nodes=1000", "done", "fail")
	if len(evs) != 5 || evs[3].Data != `{"done":4,"total":4}` || evs[4].Name != "done" {
		t.Fatalf("events %v", evs)
	}
	var rv reviewJSON
	if err := json.Unmarshal([]byte(evs[4].Data), &rv); err != nil {
		t.Fatal(err)
	}
	if strings.Join(rv.Moves, " ") != "e4 e5 Qh5" || len(rv.Marks) != 1 {
		t.Errorf("review %+v", rv)
	}
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if st.Ply != 1 || len(st.Moves) != 3 {
		t.Errorf("the review moved the game: ply %d of %v", st.Ply, st.Moves)
	}
	waitIdle(t, s)
}

// TestReviewBlunder reviews 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#
// with package review through the server: Nf6 is the blunder, with a
// better move; the graph ends at White's mate; the PGN is annotated.
func TestReviewBlunder(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/import", `{"sid":"`+testSid+`","pgn":"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"}`, &st)
	evs := webtest.Events(t, ts, "/api/review?sid="+testSid+"&nodes=20000", "done", "fail")
	last := evs[len(evs)-1]
	if last.Name != "done" || len(evs) != 9 {
		t.Fatalf("%d events, the last %s: %s", len(evs), last.Name, last.Data)
	}
	var rv reviewJSON
	if err := json.Unmarshal([]byte(last.Data), &rv); err != nil {
		t.Fatal(err)
	}
	var blunder *reviewMarkJSON
	for i, m := range rv.Marks {
		if m.Ply == 6 {
			blunder = &rv.Marks[i]
		}
	}
	if blunder == nil || blunder.Move != "3... Nf6" || blunder.Judgement != "blunder" || blunder.Symbol != "??" ||
		blunder.Side != "black" || blunder.Better == "" || blunder.Better == "Nf6" || !strings.HasPrefix(blunder.Line, "3... "+blunder.Better) {
		t.Fatalf("the blunder: %+v (marks %+v)", blunder, rv.Marks)
	}
	if len(rv.Points) != 8 || len(rv.Win) != 8 || rv.Points[6].Mate != 1 || rv.Points[7].CP != mateCP || rv.Win[7] < 90 || rv.Budget != "20000 nodes" {
		t.Errorf("graph: %+v, win %v, budget %q", rv.Points, rv.Win, rv.Budget)
	}
	if rv.Accuracy[0] <= rv.Accuracy[1] || rv.Counts[1][2] < 1 {
		t.Errorf("accuracy %v, counts %v", rv.Accuracy, rv.Counts)
	}
	if pgn := strings.Join(strings.Fields(rv.PGN), " "); !strings.Contains(pgn, "3... Nf6 $4 {[%eval #1] Blunder.") {
		t.Errorf("annotated PGN:\n%s", rv.PGN)
	}
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if st.Ply != 7 || st.PGN == rv.PGN {
		t.Errorf("the review changed the tab's game: ply %d", st.Ply)
	}
	waitIdle(t, s)
}
