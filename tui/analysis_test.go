package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
)

// line is a report of line n (1-based) of an analysis of the position pos,
// with its moves in SAN and a score for the side to move.
func line(t *testing.T, pos chess.Position, n, depth, score int, sans ...string) search.Info {
	t.Helper()
	inf := search.Info{MultiPV: n, Depth: depth, Score: score, Bound: search.BoundExact, Nodes: 1000 * uint64(n)}
	for _, s := range sans {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		inf.PV = append(inf.PV, m)
		pos.MakeMove(m)
	}
	return inf
}

// TestAnalysisKey: z starts a search of the position shown without limit
// and with 3 lines; its lines show in the panel with score, depth and
// moves; a move starts it again on the new position (the old search's
// reports are ignored), L changes the count, z stops it.
func TestAnalysisKey(t *testing.T) {
	h := newHarness(t, Options{ASCII: true, Color: "both"}, 100, 30)
	if len(h.eng.reqs) != 0 {
		t.Fatalf("a search before z: %+v", h.eng.reqs)
	}
	h.typeText("z")
	req := h.eng.last(t)
	if !req.Limits.Infinite || req.Limits.MultiPV != 3 || req.Skill != engine.MaxSkill || len(req.Moves) != 0 {
		t.Fatalf("the analysis request: %+v", req)
	}
	if v := h.m.screen(); !strings.Contains(v, "Analysis, 3 lines (z off, L lines)") || !strings.Contains(v, "starting...") {
		t.Fatalf("no analysis in the panel:\n%s", v)
	}
	start := h.m.game().Position()
	h.send(infoMsg{ID: req.ID, Info: line(t, start, 1, 12, 31, "e4", "e5", "Nf3")})
	h.send(infoMsg{ID: req.ID, Info: line(t, start, 2, 12, 25, "d4", "Nf6")})
	h.send(infoMsg{ID: req.ID, Info: line(t, start, 3, 11, -5, "b4")})
	bound := line(t, start, 1, 13, 90, "e4")
	bound.Bound = search.BoundLower
	h.send(infoMsg{ID: req.ID, Info: bound}) // not shown
	v := h.m.screen()
	for _, want := range []string{"depth 12  nodes 3000", "1 +0.31 d12 1. e4 e5 2. Nf3", "2 +0.25 d12 1. d4 Nf6", "3 -0.05 d11 1. b4"} {
		if !strings.Contains(v, want) {
			t.Errorf("the panel lacks %q:\n%s", want, v)
		}
	}

	// A move: the analysis starts again after it, Black's scores shown
	// from White's point of view.
	h.typeText("e4\r")
	if h.eng.cancels != 1 {
		t.Errorf("%d cancels after the move, want 1", h.eng.cancels)
	}
	req2 := h.eng.last(t)
	if req2.ID == req.ID || len(req2.Moves) != 1 || req2.Limits.MultiPV != 3 {
		t.Fatalf("after e4: %+v", req2)
	}
	h.send(infoMsg{ID: req.ID, Info: line(t, start, 1, 20, 50, "d4")}) // stale
	if v := h.m.screen(); !strings.Contains(v, "starting...") || strings.Contains(v, "d20") {
		t.Fatalf("a stale report shown:\n%s", v)
	}
	after := h.m.game().Position()
	h.send(infoMsg{ID: req2.ID, Info: line(t, after, 1, 9, -40, "c5", "Nf3")})
	if v := h.m.screen(); !strings.Contains(v, "1 +0.40 d9 1... c5 2. Nf3") {
		t.Fatalf("the line after e4:\n%s", v)
	}

	// L: four lines, a new search; the search ending by itself keeps its
	// lines and is not started again until the position changes.
	h.typeText("L")
	req3 := h.eng.last(t)
	if req3.ID == req2.ID || req3.Limits.MultiPV != 4 || h.m.ui.message != "Analysis shows 4 lines (L changes it, 1 to 5)." {
		t.Fatalf("after L: %+v, %q", req3, h.m.ui.message)
	}
	h.send(infoMsg{ID: req3.ID, Info: line(t, after, 1, 30, search.Mate-3, "e5")})
	h.send(bestMsg{ID: req3.ID, Result: engine.Result{Move: h.m.an.infos[0].PV[0]}})
	if h.m.analysing || !strings.Contains(h.m.screen(), "(done)") || !strings.Contains(h.m.screen(), "1 #-2 d30 1... e5") {
		t.Fatalf("after the search ended: analysing %v\n%s", h.m.analysing, h.m.screen())
	}
	h.typeText("v") // no change of position: no new search
	if n := len(h.eng.reqs); n != 3 {
		t.Fatalf("%d requests, want 3", n)
	}
	h.wantMoves("e4")

	h.typeText("z")
	if h.m.an.on || h.m.analysing || strings.Contains(h.m.screen(), "Analysis,") {
		t.Fatalf("z did not stop the analysis:\n%s", h.m.screen())
	}
	h.typeText("u")
	if n := len(h.eng.reqs); n != 3 {
		t.Fatalf("a search with the analysis off: %+v", h.eng.last(t))
	}
}

// TestAnalysisAgainstOx88: with analysis on in a game against ox88, the
// analysis runs on the person's turn only; ox88's own search replaces it
// and the analysis comes back after ox88's move.
func TestAnalysisAgainstOx88(t *testing.T) {
	h := newHarness(t, Options{ASCII: true, Color: "white"}, 100, 30)
	h.typeText("z")
	if req := h.eng.last(t); !req.Limits.Infinite {
		t.Fatalf("no analysis on your turn: %+v", req)
	}
	h.typeText("e4\r")
	req := h.eng.last(t)
	if req.Limits.Infinite || req.Limits.MoveTime == 0 || h.m.analysing || !h.m.thinking {
		t.Fatalf("ox88's turn: %+v, analysing %v", req, h.m.analysing)
	}
	if v := h.m.screen(); !strings.Contains(v, "paused while ox88 thinks") {
		t.Fatalf("the panel while ox88 thinks:\n%s", v)
	}
	h.reply("e5")
	if req := h.eng.last(t); !req.Limits.Infinite || len(req.Moves) != 2 || !h.m.analysing {
		t.Fatalf("after ox88's move: %+v", req)
	}
	// A hint stops the analysis; it comes back after the hint.
	h.typeText("i")
	hint := h.eng.last(t)
	if hint.Limits.Infinite || h.m.analysing {
		t.Fatalf("the hint: %+v", hint)
	}
	h.reply("Nf3")
	if req := h.eng.last(t); !req.Limits.Infinite || req.ID == hint.ID {
		t.Fatalf("after the hint: %+v", req)
	}
}

// TestOpeningName: the panel names the opening of the position shown, by
// position: the Ruy Lopez by its usual order and by another, none for a
// Chess960 start.
func TestOpeningName(t *testing.T) {
	for _, tc := range []struct{ name, moves, want string }{
		{"none yet", "", ""},
		{"ruy lopez", "e4 e5 Nf3 Nc6 Bb5 ", "C60 Ruy Lopez"},
		{"transposed", "Nf3 Nc6 e4 e5 Bb5 ", "C60 Ruy Lopez"},
		{"sicilian", "e4 c5 ", "B20 Sicilian Defense"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, Options{ASCII: true, Color: "both"}, 100, 30)
			h.typeText(strings.ReplaceAll(tc.moves, " ", "\r"))
			if got := h.m.openingLine(); got != tc.want {
				t.Fatalf("opening %q, want %q (%s)", got, tc.want, h.m.ui.message)
			}
			if tc.want != "" && !strings.Contains(h.m.screen(), tc.want) {
				t.Fatalf("not on the screen:\n%s", h.m.screen())
			}
		})
	}
	start := chess.Chess960Start(0)
	h := newHarness(t, Options{ASCII: true, Color: "both", FEN: start.FEN()}, 100, 30)
	h.typeText("e4\re5\r")
	if got := h.m.openingLine(); got != "" {
		t.Fatalf("a Chess960 game named %q", got)
	}
}

// TestHelpFits: the whole help shows on a 30-row terminal, its last key
// (quit) included, the analysis keys among them.
func TestHelpFits(t *testing.T) {
	h := newHarness(t, Options{ASCII: true}, 100, 30)
	h.typeText("?")
	v := h.m.screen()
	if !strings.Contains(v, "z / L ") || !strings.Contains(v, "q q ") {
		t.Fatalf("the help is cut:\n%s", v)
	}
}

// TestLineScore: a line the endgame tables decided shows their verdict,
// named for the side that wins.
func TestLineScore(t *testing.T) {
	for _, tc := range []struct {
		name string
		tb   search.TBVerdict
		side chess.Color
		want string
	}{
		{"no verdict", search.NoVerdict, chess.Black, "-0.25"},
		{"white wins", search.VerdictWin, chess.White, "tablebase win for White"},
		{"black wins", search.VerdictWin, chess.Black, "tablebase win for Black"},
		{"black loses", search.VerdictLoss, chess.Black, "tablebase win for White"},
		{"cursed win", search.VerdictCursedWin, chess.White, "tablebase cursed win for White"},
		{"blessed loss", search.VerdictBlessedLoss, chess.White, "tablebase cursed win for Black"},
		{"draw", search.VerdictDraw, chess.White, "tablebase draw"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lineScore(search.Info{Score: 25, TB: tc.tb}, tc.side); got != tc.want {
				t.Errorf("%v, %v to move: %q, want %q", tc.tb, tc.side, got, tc.want)
			}
		})
	}
}

// TestAnalysisTablebase: with --syzygy, the analysis of KRvK (the real
// engine) says "tablebase win for White".
func TestAnalysisTablebase(t *testing.T) {
	if _, err := NewModel(Options{Syzygy: "no/such/dir"}); err == nil {
		t.Fatal("a missing tables directory accepted")
	}
	m, err := NewModel(Options{Syzygy: "../testdata/syzygy", FEN: "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Color: "both", Threads: 1, ASCII: true})
	if err != nil {
		t.Fatal(err)
	}
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(typed('z'))
	defer m.quit()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(m.screen(), "1 tablebase win for White d") {
		msgs := make(chan tea.Msg, 1)
		go func() { msgs <- m.thinker.Listen()() }()
		select {
		case msg := <-msgs:
			m.Update(msg)
		case <-time.After(time.Until(deadline)):
			t.Fatalf("no verdict:\n%s", m.screen())
		}
	}
}
