package tui

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/game"
	"ox88/play"
	"ox88/search"
)

// fakeThinker records the model's requests; the tests answer them.
type fakeThinker struct {
	reqs           []SearchRequest
	stops, cancels int
}

func (f *fakeThinker) Start(req SearchRequest) { f.reqs = append(f.reqs, req) }
func (f *fakeThinker) Stop()                   { f.stops++ }
func (f *fakeThinker) Cancel()                 { f.cancels++ }
func (f *fakeThinker) Listen() tea.Cmd         { return nil }

// last returns the latest request.
func (f *fakeThinker) last(t *testing.T) SearchRequest {
	t.Helper()
	if len(f.reqs) == 0 {
		t.Fatal("the engine was never asked to think")
	}
	return f.reqs[len(f.reqs)-1]
}

// harness is a model with a fake engine, a settable clock, no colours and
// a fixed terminal size.
type harness struct {
	t   *testing.T
	m   *Model
	eng *fakeThinker
	now time.Time
}

func newHarness(t *testing.T, opts Options, width, height int) *harness {
	t.Helper()
	h := &harness{t: t, eng: &fakeThinker{}, now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	opts.Profile, opts.Thinker, opts.Now = colorprofile.ASCII, h.eng, func() time.Time { return h.now }
	m, err := NewModel(opts)
	if err != nil {
		t.Fatal(err)
	}
	h.m = m
	m.Init()
	h.send(tea.WindowSizeMsg{Width: width, Height: height})
	return h
}

func (h *harness) send(msg tea.Msg) { h.m.Update(msg) }

// typeText sends each character as a key press.
func (h *harness) typeText(s string) {
	for _, r := range s {
		if r == '\r' {
			h.send(tea.KeyPressMsg{Code: tea.KeyEnter})
			continue
		}
		h.send(typed(r))
	}
}

// typed is the key press of the character r.
func typed(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// press sends a named key.
func (h *harness) press(keys ...rune) {
	for _, k := range keys {
		h.send(tea.KeyPressMsg{Code: k})
	}
}

// reply answers the engine's latest request with move s.
func (h *harness) reply(s string) {
	h.t.Helper()
	req := h.eng.last(h.t)
	pos := h.m.game().Position()
	mv, err := pos.ParseMove(s)
	if err != nil {
		h.t.Fatal(err)
	}
	h.send(bestMsg{ID: req.ID, Result: engine.Result{Move: mv}})
}

func (h *harness) sans() string { return strings.Join(h.m.game().SANMoves(), " ") }

// wantMoves stops the test unless the game's moves are want, in SAN.
func (h *harness) wantMoves(want string) {
	h.t.Helper()
	if h.sans() != want {
		h.t.Fatalf("moves %q, want %q", h.sans(), want)
	}
}

// boardLines returns the first n lines of the view, right-trimmed and cut
// at width w (the board without the panel).
func (h *harness) boardLines(n, w int) []string {
	lines := strings.Split(h.m.screen(), "\n")[1 : n+1]
	for i, l := range lines {
		if len(l) > w {
			l = l[:w]
		}
		lines[i] = strings.TrimRight(l, " ")
	}
	return lines
}

func TestStartBoardText(t *testing.T) {
	h := newHarness(t, Options{ASCII: true}, 60, 20)
	want := []string{
		"8  r  n  b  q  k  b  n  r",
		"7  p  p  p  p  p  p  p  p",
		"6  .  .  .  .  .  .  .  .",
		"5  .  .  .  .  .  .  .  .",
		"4  .  .  .  .  .  .  .  .",
		"3  .  .  .  .  .  .  .  .",
		"2  P  P  P  P [P] P  P  P",
		"1  R  N  B  Q  K  B  N  R",
		"   a  b  c  d  e  f  g  h",
	}
	got := h.boardLines(9, 26)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(h.m.screen(), "White to move") {
		t.Fatal("no status")
	}
}

func TestTypedMoveAndEngineReply(t *testing.T) {
	h := newHarness(t, Options{ASCII: true, Level: 3}, 60, 20)
	h.typeText("e2e4")
	if !strings.Contains(h.m.screen(), "move> e2e4_") {
		t.Fatalf("input not shown:\n%s", h.m.screen())
	}
	h.press(tea.KeyEnter)
	h.wantMoves("e4")
	req := h.eng.last(t)
	if req.Skill != 3 || len(req.Moves) != 1 || req.Moves[0].String() != "e2e4" || req.Limits.MoveTime != play.ThinkTime(3) {
		t.Fatalf("request %+v", req)
	}
	if !strings.Contains(h.m.screen(), "ox88 is thinking") {
		t.Fatal("thinking not shown")
	}
	// Progress: depth, score (White's view), PV in SAN.
	pos := h.m.game().Position()
	e5, _ := pos.ParseMove("e5")
	pos.MakeMove(e5)
	nf3, _ := pos.ParseMove("Nf3")
	h.send(infoMsg{ID: req.ID, Info: search.Info{Depth: 6, Score: 25, Nodes: 123456, NPS: 2_500_000, Time: 49 * time.Millisecond, PV: []chess.Move{e5, nf3}}})
	h.send(infoMsg{ID: req.ID, Info: search.Info{CurrMove: e5, CurrMoveNumber: 3}})
	v := h.m.screen()
	for _, want := range []string{"depth 6", "score -0.25", "nodes 123.5k", "2.50M nps", "searching e5 (move 3)", "pv 1... e5 2. Nf3"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	h.reply("e7e5")
	h.wantMoves("e4 e5")
	v = h.m.screen()
	if !strings.Contains(v, "1. e4       <e5>") || !strings.Contains(v, "ox88 played 1... e5.") {
		t.Fatalf("reply not shown:\n%s", v)
	}
	lines := h.boardLines(9, 26)
	if lines[3] != "5  .  .  .  .  p  .  .  ." || lines[4] != "4  .  .  .  .  P  .  .  ." {
		t.Fatalf("board:\n%s", strings.Join(lines, "\n"))
	}
}

func TestBadInputGetsAMessage(t *testing.T) {
	h := newHarness(t, Options{}, 60, 20)
	for _, s := range []string{"e2e5", "Ke2", "e7e5", "Nf6", "yyy", "e2", "O-O", "cxd5"} {
		h.typeText(s + "\r")
		if h.m.game().Len() != 0 || !h.m.ui.isError || h.m.ui.message == "" {
			t.Fatalf("%q: len %d, message %q", s, h.m.game().Len(), h.m.ui.message)
		}
	}
	// Backspace and Esc edit the line.
	h.typeText("e2e3")
	h.press(tea.KeyBackspace)
	h.typeText("4\r")
	h.wantMoves("e4")
	// A move while ox88 is to move is refused.
	h.typeText("d4\r")
	if h.sans() != "e4" || !strings.Contains(h.m.ui.message, "ox88's turn") {
		t.Fatalf("moves %q, message %q", h.sans(), h.m.ui.message)
	}
}

func TestCursorAndEnter(t *testing.T) {
	h := newHarness(t, Options{ASCII: true}, 60, 20)
	// e2 -> g1 with the arrows, pick up the knight, l/k to f3, drop.
	h.press(tea.KeyRight, tea.KeyRight, tea.KeyDown, tea.KeyEnter)
	if h.m.ui.selected != chess.G1 {
		t.Fatalf("selected %v", h.m.ui.selected)
	}
	lines := h.boardLines(9, 26)
	if lines[5] != "3  .  .  .  .  .  *  .  *" || lines[7] != "1  R  N  B  Q  K  B [N] R" {
		t.Fatalf("destinations not shown:\n%s", strings.Join(lines, "\n"))
	}
	h.send(tea.KeyPressMsg{Code: tea.KeyLeft})
	h.typeText("kk\r")
	h.wantMoves("Nf3")
}

func TestMouseClicks(t *testing.T) {
	h := newHarness(t, Options{Color: "both"}, 60, 20)
	l := h.m.layout()
	click := func(sq chess.Square) {
		x := l.boardX + sq.File()*l.cellW + 1
		y := l.boardY + (7-sq.Rank())*l.cellH
		h.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	}
	d2, _ := chess.ParseSquare("d2")
	d4, _ := chess.ParseSquare("d4")
	click(d2)
	click(d4)
	h.wantMoves("d4")
	// Flipped, the same screen cell is the mirrored square.
	h.typeText("f")
	h.send(tea.KeyPressMsg{Code: tea.KeyEsc})
	if sq, _ := l.squareAt(l.boardX+1, l.boardY, true); sq != chess.H1 {
		t.Fatalf("top left flipped is %v", sq)
	}
}

func TestPromotionPicker(t *testing.T) {
	h := newHarness(t, Options{FEN: "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", Color: "both", ASCII: true}, 60, 20)
	e7, _ := chess.ParseSquare("e7")
	e8, _ := chess.ParseSquare("e8")
	h.m.pick(e7)
	h.m.pick(e8)
	if h.m.promo == nil || !strings.Contains(h.m.screen(), "[Q queen]") || !strings.Contains(h.m.screen(), " N knight") {
		t.Fatalf("no picker:\n%s", h.m.screen())
	}
	h.typeText("n")
	h.wantMoves("e8=N+")
	// The typed form must name the piece.
	h.m.game().Undo()
	h.typeText("e8\r")
	if !strings.Contains(h.m.ui.message, "must promote") {
		t.Fatalf("message %q", h.m.ui.message)
	}
}

// TestCastlingByRook: putting the king on its rook castles, which in
// Chess960 is the only way to point at a castle when the king already
// stands on its target (g1 here); the rook's square is marked.
func TestCastlingByRook(t *testing.T) {
	h := newHarness(t, Options{FEN: "r3k3/8/8/8/8/8/8/6KR w Hq - 0 1", Color: "both", ASCII: true}, 60, 20)
	h.m.pick(chess.G1)
	pos := h.m.game().Position()
	if marks := h.m.squareMarks(&pos); !marks[chess.H1.Index64()].dest {
		t.Error("h1 is not marked as a destination of the king")
	}
	h.m.pick(chess.H1)
	h.m.pick(chess.E8)
	h.m.pick(chess.A8)
	if got := h.sans(); got != "O-O O-O-O" {
		t.Fatalf("moves %q", got)
	}
	if pos := h.m.game().Position(); pos.FEN() != "2kr4/8/8/8/8/8/8/5RK1 w - - 2 2" {
		t.Errorf("after castling: %s", pos.FEN())
	}
}

func TestFileLetterKeysStillTypeMoves(t *testing.T) {
	for _, mv := range []string{"b4", "f3", "h3", "a4", "d4"} {
		h := newHarness(t, Options{Color: "both"}, 60, 20)
		h.typeText(mv)
		if h.m.ui.overlay || h.m.ui.flipped || h.m.ui.cursor != chess.NewSquare(4, 1) {
			t.Fatalf("%s: the command of %c stayed", mv, mv[0])
		}
		h.press(tea.KeyEnter)
		if h.sans() != mv {
			t.Fatalf("typed %s, moves %q", mv, h.sans())
		}
	}
}

func TestVisualizer(t *testing.T) {
	// The cursor on e5: attacked by Nf3, defended by the d6 pawn.
	h := newHarness(t, Options{FEN: "4k3/8/3p4/4p3/8/5N2/8/3RK3 w - - 0 1", ASCII: true}, 60, 20)
	e5, _ := chess.ParseSquare("e5")
	h.m.ui.cursor = e5
	h.typeText("a")
	if h.m.ui.message != "e5 is attacked by 1 white piece: Nf3." {
		t.Fatalf("a: %q", h.m.ui.message)
	}
	h.typeText("d")
	if h.m.ui.message != "e5 is defended by 1 black piece: Pd6." {
		t.Fatalf("d: %q", h.m.ui.message)
	}
	lines := h.boardLines(9, 26)
	if lines[2] != "6  .  .  . !p! .  .  .  ." {
		t.Fatalf("defender not marked:\n%s", strings.Join(lines, "\n"))
	}
	h.send(tea.KeyPressMsg{Code: tea.KeyEsc})
	h.typeText("b")
	// Each square: White's count, the piece, Black's count. The rook
	// sees d2..d6, the knight d2, d4, e5, g5...; Black's pawns and king
	// answer.
	got := strings.Join(h.boardLines(9, 26), "\n")
	want := strings.Join([]string{
		"8  .  .  . 0.1 k 0.1 .  .",
		"7  .  .  . 0.10.10.1 .  .",
		"6  .  .  . 1p0 .  .  .  .",
		"5  .  . 0.11.01p1 . 1.0 .",
		"4  .  .  . 2.1 . 0.1 . 1.0",
		"3  .  .  . 1.0 .  N  .  .",
		"2  .  .  . 3.01.01.0 . 1.0",
		"1 1.01.01.01R02K01.01.0 .",
		"   a  b  c  d  e  f  g  h",
	}, "\n")
	if got != want {
		t.Fatalf("overlay:\n%s\nwant\n%s", got, want)
	}
}

func TestUndoRedoAgainstEngine(t *testing.T) {
	h := newHarness(t, Options{ASCII: true}, 60, 20)
	h.typeText("e4\r")
	h.reply("e5")
	h.typeText("Nf3\r")
	h.reply("Nc6")
	h.typeText("u")
	if h.m.game().Ply() != 2 || h.m.ui.message != "Took back to move 2, white to move (r redoes)." {
		t.Fatalf("after u: ply %d, %q", h.m.game().Ply(), h.m.ui.message)
	}
	h.typeText("u")
	h.typeText("u")
	if h.m.game().Ply() != 0 || h.m.ui.message != "Nothing to take back." {
		t.Fatalf("ply %d, %q", h.m.game().Ply(), h.m.ui.message)
	}
	h.typeText("r")
	if h.m.game().Ply() != 2 {
		t.Fatalf("after r: ply %d", h.m.game().Ply())
	}
	// A new move from the middle drops the rest.
	h.typeText("d4\r")
	if h.sans() != "e4 e5 d4" || h.m.game().Len() != 3 {
		t.Fatalf("moves %q", h.sans())
	}
	// Taking back while ox88 thinks cancels its search; its late move is
	// ignored.
	req := h.eng.last(t)
	h.typeText("u")
	h.send(bestMsg{ID: req.ID, Result: engine.Result{Move: chess.NewMove(chess.E8, chess.E8-16, chess.NoKind, 0)}})
	if h.sans() != "e4 e5" || h.eng.cancels == 0 {
		t.Fatalf("moves %q, cancels %d", h.sans(), h.eng.cancels)
	}
}

func TestCheckmateShown(t *testing.T) {
	h := newHarness(t, Options{Color: "both"}, 60, 20)
	for _, mv := range []string{"f3", "e5", "g4", "Qh4"} {
		h.typeText(mv + "\r")
	}
	v := h.m.screen()
	if h.m.status() != "Game over: Black wins by checkmate" || !strings.Contains(v, "checkmate") {
		t.Fatalf("no outcome:\n%s", v)
	}
	h.typeText("a3\r")
	if !strings.Contains(h.m.ui.message, "The game is over") {
		t.Fatalf("a move after mate: %q", h.m.ui.message)
	}
	if pgn := h.m.game().PGN(); !strings.HasSuffix(pgn, "1. f3 e5 2. g4 Qh4# 0-1\n") {
		t.Fatalf("PGN %q", pgn)
	}
}

func TestClocksAndTimeout(t *testing.T) {
	h := newHarness(t, Options{TC: clock.TimeControl{Base: time.Minute, Inc: 2 * time.Second}}, 80, 24)
	if !strings.Contains(h.m.screen(), "White 1:00     Black 1:00") {
		t.Fatalf("clocks:\n%s", h.m.screen())
	}
	h.now = h.now.Add(5 * time.Second) // White's clock starts with the first move
	h.typeText("e4\r")
	h.now = h.now.Add(3 * time.Second)
	req := h.eng.last(t)
	if req.Limits.WTime != 62*time.Second || req.Limits.BTime != time.Minute || req.Limits.BInc != 2*time.Second {
		t.Fatalf("limits %+v", req.Limits)
	}
	if v := h.m.screen(); !strings.Contains(v, "White 1:02   ▶ Black 0:57") {
		t.Fatalf("clocks:\n%s", v)
	}
	h.now = h.now.Add(58 * time.Second)
	h.send(tickMsg(h.now))
	if o := h.m.game().Outcome(); o.Text != "White wins on time" {
		t.Fatalf("outcome %v", o)
	}
	if !strings.Contains(h.m.screen(), "1m+2s") {
		t.Fatalf("the title does not show the clocks as 1m+2s:\n%s", h.m.screen())
	}

	// A move that comes after the flag fell, before the next tick, is
	// not played: the game is lost on time.
	h = newHarness(t, Options{TC: clock.TimeControl{Base: time.Minute}}, 80, 24)
	h.typeText("e4\r")
	h.now = h.now.Add(61 * time.Second)
	h.reply("e5")
	if o := h.m.game().Outcome(); o.Text != "White wins on time" || h.sans() != "e4" {
		t.Fatalf("outcome %v after %s", o, h.sans())
	}
}

func TestMoveNowAndModes(t *testing.T) {
	h := newHarness(t, Options{}, 60, 20)
	h.typeText("m") // ox88 takes White; you play Black
	if h.m.p.Players() != youBlack || len(h.eng.reqs) != 1 || !h.m.ui.flipped {
		t.Fatalf("mode %v, %d requests", h.m.p.Players(), len(h.eng.reqs))
	}
	h.typeText("m")
	if h.eng.stops != 1 {
		t.Fatal("m while thinking did not stop the search")
	}
	h.reply("d4")
	h.typeText("p") // two people
	h.typeText("p") // ox88 v ox88: a pause after each of its moves
	if h.m.p.Players() != twoEngines || len(h.eng.reqs) != 1 || !h.m.watching {
		t.Fatalf("mode %v, %d requests", h.m.p.Players(), len(h.eng.reqs))
	}
	h.send(watchMsg(h.m.watchID))
	if len(h.eng.reqs) != 2 {
		t.Fatalf("%d requests after the pause", len(h.eng.reqs))
	}
	h.reply("d5")
	h.send(watchMsg(h.m.watchID - 1)) // a stale pause does nothing
	if len(h.eng.reqs) != 2 {
		t.Fatal("a stale pause started the engine")
	}
	h.send(watchMsg(h.m.watchID))
	h.reply("c4")
	h.wantMoves("d4 d5 c4")
	h.typeText("+++++++++")
	if h.m.p.Level() != engine.MaxSkill {
		t.Fatalf("level %d", h.m.p.Level())
	}
}

func TestSaveAndLoad(t *testing.T) {
	t.Chdir(t.TempDir())
	h := newHarness(t, Options{Color: "both"}, 60, 20)
	h.typeText("e4\rc5\r")
	h.typeText("s")
	name := "ox88-20260102-030405.pgn"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (message %q)", err, h.m.ui.message)
	}
	games, err := game.ParsePGN(string(data))
	if err != nil || games[0].Len() != 2 || games[0].Tag("White") != "Human" {
		t.Fatalf("saved PGN: %v\n%s", err, data)
	}
	h.typeText("o" + name + "\r")
	if h.m.game().Len() != 2 || !strings.Contains(h.m.ui.message, "Loaded") {
		t.Fatalf("load: %q", h.m.ui.message)
	}
	// A loaded game keeps its own tags when saved again.
	if err := os.WriteFile("old.pgn", []byte("[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n1. e4 e5 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.typeText("oold.pgn\r")
	h.now = h.now.Add(time.Second)
	h.typeText("s")
	data, err = os.ReadFile("ox88-20260102-030406.pgn")
	if err != nil || !strings.Contains(string(data), "[White \"Anderssen\"]") || !strings.Contains(string(data), "1. e4 e5 1-0") {
		t.Fatalf("resaved: %v\n%s", err, data)
	}
	h.typeText("o8/8/8/8/8/4k3/8/4K2R w K - 0 1\r")
	if pos := h.m.game().Position(); pos.FEN() != "8/8/8/8/8/4k3/8/4K2R w K - 0 1" {
		t.Fatalf("FEN load: %s (%q)", pos.FEN(), h.m.ui.message)
	}
	h.typeText("onot-a-file.pgn\r")
	if !h.m.ui.isError {
		t.Fatal("loading a missing file raised no error")
	}
}

func TestResizeAndFlip(t *testing.T) {
	h := newHarness(t, Options{ASCII: true}, 120, 40)
	if l := h.m.layout(); l.cellW != 7 || l.cellH != 3 || !l.panelBeside {
		t.Fatalf("layout %+v", l)
	}
	h.typeText("e4\r")
	h.reply("e5")
	h.send(infoMsg{ID: h.eng.last(t).ID, Info: search.Info{Depth: 1}})
	for _, size := range [][2]int{{120, 40}, {100, 30}, {80, 24}, {60, 20}, {40, 30}, {20, 10}} {
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(h.m.screen(), "\n")
		if size[1] >= 20 && len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for i, l := range lines {
			if size[0] >= 60 && lipgloss.Width(l) > size[0] {
				t.Errorf("%dx%d: line %d is %d wide: %q", size[0], size[1], i, lipgloss.Width(l), l)
			}
		}
	}
	h.send(tea.WindowSizeMsg{Width: 60, Height: 20})
	h.typeText("f")
	h.send(tea.KeyPressMsg{Code: tea.KeyEsc})
	lines := h.boardLines(9, 26)
	if lines[0] != "1  R  N  B  K  Q  B  N  R" || lines[8] != "   h  g  f  e  d  c  b  a" {
		t.Fatalf("flipped:\n%s", strings.Join(lines, "\n"))
	}
}

func TestHelpAndResign(t *testing.T) {
	h := newHarness(t, Options{}, 80, 30)
	h.typeText("?")
	if !strings.Contains(h.m.screen(), "which enemy pieces attack the cursor square") {
		t.Fatal("no help")
	}
	h.typeText("z")
	if h.m.help {
		t.Fatal("help did not close")
	}
	h.typeText("x")
	if h.m.over() {
		t.Fatal("one x resigned")
	}
	h.typeText("x")
	if o := h.m.game().Outcome(); o.Text != "Black wins by resignation" {
		t.Fatalf("outcome %v", o)
	}
}

func TestMaterialLine(t *testing.T) {
	h := newHarness(t, Options{Color: "both", ASCII: true}, 80, 24)
	if h.m.materialLine() != "" {
		t.Fatal("a material line at the start")
	}
	h.typeText("e4\rd5\rexd5\rQxd5\rNc3\rQxg2\r")
	if got := h.m.materialLine(); got != "captured: p | PP   -1" {
		t.Fatalf("got %q", got)
	}
	if !strings.Contains(h.m.screen(), "captured: p | PP   -1") {
		t.Fatal("not in the view")
	}
}

func TestHint(t *testing.T) {
	h := newHarness(t, Options{ASCII: true}, 60, 20)
	h.typeText("i")
	req := h.eng.last(t)
	if req.Skill != engine.MaxSkill || req.Limits.MoveTime != play.HintTime || !h.m.hinting {
		t.Fatalf("hint request %+v", req)
	}
	h.reply("g1f3")
	if h.m.ui.message != "Hint: 1. Nf3 (Enter plays it, Esc forgets it)." || h.m.game().Len() != 0 {
		t.Fatalf("%q, %d moves", h.m.ui.message, h.m.game().Len())
	}
	h.press(tea.KeyEnter)
	h.wantMoves("Nf3")
	// A hint overtaken by a move is dropped.
	h.reply("e7e5")
	h.typeText("i")
	hintReq := h.eng.last(t)
	h.typeText("d4\r")
	h.send(bestMsg{ID: hintReq.ID, Result: engine.Result{Move: chess.NewMove(chess.B1, 0x22, chess.NoKind, 0)}})
	if h.sans() != "Nf3 e5 d4" || strings.HasPrefix(h.m.ui.message, "Hint") {
		t.Fatalf("moves %q, %q", h.sans(), h.m.ui.message)
	}
	if !h.m.thinking {
		t.Fatal("ox88 is not thinking after the move")
	}
}

// TestWorthHeatMap: w shows what each piece but the kings is worth (the
// network's heat map, as in the browser) and says so; Esc hides it.
func TestWorthHeatMap(t *testing.T) {
	h := newHarness(t, Options{FEN: "4k3/8/3p4/4p3/8/5N2/8/3RK3 w - - 0 1", ASCII: true}, 60, 20)
	h.typeText("w")
	if !h.m.ui.worth || !strings.Contains(h.m.ui.message, "worth") {
		t.Fatalf("w: worth %v, message %q", h.m.ui.worth, h.m.ui.message)
	}
	pos := h.m.game().Position()
	marks := h.m.squareMarks(&pos)
	n := 0
	for i, mk := range marks {
		pc := pos.At(chess.SquareFrom64(i))
		if mk.hasWorth != (pc != chess.Empty && pc.Kind() != chess.King) {
			t.Errorf("%s: hasWorth %v", chess.SquareFrom64(i), mk.hasWorth)
		}
		if mk.hasWorth {
			n++
		}
	}
	if n != 4 { // d6, e5, f3, d1
		t.Errorf("%d pieces valued, want 4", n)
	}
	h.send(tea.KeyPressMsg{Code: tea.KeyEsc})
	if h.m.ui.worth {
		t.Error("Esc left the heat map on")
	}
}
