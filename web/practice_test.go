package web

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"ox88/web/internal/webtest"
	"ox88/web/internal/wire"
)

// TestPractice reviews the Scholar's mate (review/testdata) through the
// server and practises its one exercise, Black's 3... Nf6??: the game's
// move is refused, the engine's move and 3... g6 and 3... Qe7 accepted,
// 3... a6 (mate in one follows) refused; no review yet, no such exercise,
// an illegal move and a bad body each get a 400 with the reason; the
// tab's game stays as it was.
func TestPractice(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	pgn, err := os.ReadFile("../review/testdata/scholars-mate.pgn")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"sid": testSid, "pgn": string(pgn)})
	var st stateJSON
	if code := webtest.Call(t, ts, "POST", "/api/import", string(body), &st); code != 200 {
		t.Fatalf("import: %d", code)
	}
	try := func(exercise int, move string, out any) int {
		t.Helper()
		b, _ := json.Marshal(practiceRequest{Sid: testSid, Exercise: exercise, Move: move})
		return webtest.Call(t, ts, "POST", "/api/practice", string(b), out)
	}
	var e wire.ErrorBody
	if code := try(0, "g6", &e); code != 400 || e.Error != "no exercises: review the game first" {
		t.Errorf("before a review: %d %q", code, e.Error)
	}
	evs := webtest.Events(t, ts, "/api/review?sid="+testSid+"&nodes=20000", "done", "fail")
	last := evs[len(evs)-1]
	var rv reviewJSON
	if last.Name != "done" || json.Unmarshal([]byte(last.Data), &rv) != nil {
		t.Fatalf("review: %s %s", last.Name, last.Data)
	}
	if len(rv.Exercises) != 1 {
		t.Fatalf("exercises %+v, want one", rv.Exercises)
	}
	x := rv.Exercises[0]
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
	if x.Ply != 6 || x.Side != "black" || x.FEN != fen || x.Played != "3... Nf6" || x.Symbol != "??" ||
		x.Judgement != "blunder" || x.Best == "" || x.Best == "Nf6" || x.Line[:len("3... "+x.Best)] != "3... "+x.Best {
		t.Fatalf("the exercise: %+v", x)
	}
	for _, tc := range []struct {
		move     string
		san      string
		accepted bool
	}{
		{"g8f6", "Nf6", false}, // the game's move, in UCI
		{x.Best, x.Best, true},
		{"g6", "g6", true},
		{"Qe7", "Qe7", true},
		{"a6", "a6", false},
	} {
		t.Run(tc.san, func(t *testing.T) {
			var a answerJSON
			best := tc.san == x.Best
			if code := try(0, tc.move, &a); code != 200 || a.Move != tc.san || a.Accepted != tc.accepted || a.Best != best ||
				a.Played != (tc.san == "Nf6") || a.Exercise != 0 {
				t.Fatalf("%s: %d %+v", tc.move, code, a)
			}
			if tc.san == "a6" && (a.Score.Mate != 1 || a.Drop < 30) {
				t.Errorf("a6: %+v, want White's mate in one", a)
			}
			if best && a.Drop != 0 {
				t.Errorf("the best move lost %v", a.Drop)
			}
		})
	}
	for _, tc := range []struct {
		exercise int
		move     string
		msg      string
	}{
		{1, "g6", "exercise 1: the review has 1 (0 to 0)"},
		{-1, "g6", "exercise -1: the review has 1 (0 to 0)"},
		{0, "e2e4", `move "e2e4" is not legal in this position`},
		{0, "", "empty move"},
	} {
		t.Run("bad "+strconv.Itoa(tc.exercise)+" "+tc.move, func(t *testing.T) {
			var e wire.ErrorBody
			if code := try(tc.exercise, tc.move, &e); code != 400 || e.Error != tc.msg {
				t.Errorf("%d %q, want 400 %q", code, e.Error, tc.msg)
			}
		})
	}
	if code := webtest.Call(t, ts, "POST", "/api/practice", `{"sid":"`+testSid+`","exercise":"one"}`, &e); code != 400 {
		t.Errorf("a bad body: %d %q", code, e.Error)
	}
	webtest.Call(t, ts, "GET", "/api/state?sid="+testSid, "", &st)
	if st.Ply != 7 || len(st.Moves) != 7 {
		t.Errorf("practice moved the game: ply %d of %v", st.Ply, st.Moves)
	}
	waitIdle(t, s)
}
