package tui

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
	"ox88/review"
)

// scholarsMate is review's known blunder game: 3... Nf6?? allows 4. Qxf7#.
const scholarsMate = "../review/testdata/scholars-mate.pgn"

// testReviewNodes keeps the tests' reviews quick: enough to see a mate in
// one. The tests expect 3... Nf6 as the game's only marked move, but 3. Qh5
// loses about the inaccuracy threshold's 5% of win chance, so whether it is
// marked too depends on the search's tree: at 8000 nodes it is not, with
// the ordering of the whole list (e52a97f) and with the staged ordering
// (at 3000 nodes the staged ordering marks it, at 5000 the old one did).
const testReviewNodes = 8000

// finishReview feeds the review job's messages to the model, as Bubble
// Tea runs the commands Update returns, until the model stops listening.
func (h *harness) finishReview(cmd tea.Cmd) {
	h.t.Helper()
	for cmd != nil {
		msgs := make(chan tea.Msg, 1)
		go func() { msgs <- cmd() }()
		select {
		case msg := <-msgs:
			_, cmd = h.m.Update(msg)
		case <-time.After(60 * time.Second):
			h.t.Fatal("the review sent nothing for 60 s")
		}
	}
}

// pressReview presses A and returns the command Update gives back.
func (h *harness) pressReview() tea.Cmd {
	_, cmd := h.m.Update(typed('A'))
	return cmd
}

// TestReviewMarksTheBlunder loads the Scholar's mate, reviews it with A,
// and finds 3... Nf6 marked ?? with a better move, the accuracy table, the
// chart and the marks in the move list; the board shows the position
// before the blunder with the better move picked up; s saves the annotated
// game; Esc goes back to the game's end, and A opens the same review again
// without a search.
func TestReviewMarksTheBlunder(t *testing.T) {
	pgn, err := filepath.Abs(scholarsMate)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir()) // s saves files
	h := newHarness(t, Options{ASCII: true, Color: "both", PGN: pgn}, 100, 30)
	h.m.reviewNodes = testReviewNodes
	cmd := h.pressReview()
	if v := h.m.screen(); !strings.Contains(v, "reviewing 0/8 positions") || !strings.Contains(v, "8000 nodes each · Esc cancels") {
		t.Fatalf("no progress shown:\n%s", v)
	}
	h.finishReview(cmd)
	rv := h.m.rev
	if rv == nil || rv.result == nil || len(rv.marked) != 1 {
		t.Fatalf("review %+v", rv)
	}
	nf6 := rv.marked[0]
	if nf6.Ply != 6 || nf6.Judgement != review.Blunder || nf6.Better == chess.NoMove {
		t.Fatalf("the marked move: %+v, want 3... Nf6 (ply 6), a blunder with a better move", nf6)
	}
	before := rv.result.Game.PositionAt(5)
	better := before.SAN(nf6.Better)
	v := h.m.screen()
	// OX88_SCREENSHOTS=DIR keeps the screen as text (docs/tui-review.txt
	// is one).
	if dir := os.Getenv("OX88_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "tui-review.txt"), []byte(v), 0o644); err != nil {
			t.Error(err)
		}
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Review, 8000 nodes a position`),
		regexp.MustCompile(`accuracy  \?!   \?  \?\?`),
		regexp.MustCompile(`White +\d+\.\d   0   0   0`),
		regexp.MustCompile(`Black +\d+\.\d   0   0   1`),
		regexp.MustCompile(`Opening C23 Bishop's Opening`),
		regexp.MustCompile(`out of known theory at 3\.\.\. Nf6`),
		regexp.MustCompile(`Marked moves \(1; arrows step\)`),
		regexp.MustCompile(`> 3\.\.\. Nf6\?\? #1, better ` + regexp.QuoteMeta(better) + ` -?\d+\.\d\d`),
		regexp.MustCompile(`    line 3\.\.\. ` + regexp.QuoteMeta(better)),
		regexp.MustCompile(`3\. <Qh5> +\(Nf6\?\?\)`), // the move list, at ply 5
		regexp.MustCompile(`1 of 1: 3\.\.\. Nf6\?\?, blunder\. Better was ` + regexp.QuoteMeta(better)),
		regexp.MustCompile(`Esc back to the game`),
	} {
		if !want.MatchString(v) {
			t.Errorf("the review screen lacks %q:\n%s", want, v)
		}
	}
	// The chart: White's chances near 50% until the mate in one after
	// ply 6; the position on the board (ply 5) on the line, the blunder's
	// mark under ply 6.
	chart := []string{"W       ##", "        ##", "        ##", "  -----+--", "", "", "B", "        X"}
	if got := h.m.evalChart(rv.result, 40); strings.Join(got, "\n") != strings.Join(chart, "\n") {
		t.Errorf("chart:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(chart, "\n"))
	}
	if h.m.game().Ply() != 5 || h.m.ui.selected != nf6.Better.From() || h.m.ui.cursor != nf6.Better.To() {
		t.Errorf("board at ply %d, picked %v, cursor %v; want ply 5 and %s", h.m.game().Ply(), h.m.ui.selected, h.m.ui.cursor, better)
	}
	h.send(tea.KeyPressMsg{Code: tea.KeyRight})
	if h.m.ui.message != "That was the last marked move." || h.m.game().Ply() != 5 {
		t.Errorf("right past the last mark: %q, ply %d", h.m.ui.message, h.m.game().Ply())
	}

	h.send(typed('s'))
	data, err := os.ReadFile("ox88-20260102-030405-review.pgn")
	if err != nil || h.m.ui.message != "Saved the annotated game to ox88-20260102-030405-review.pgn." {
		t.Fatalf("saving: %v, %q", err, h.m.ui.message)
	}
	text := strings.Join(strings.Fields(string(data)), " ")
	for _, want := range []string{`[Annotator "ox88`, "{ox88 review, 8000 nodes per position. White: accuracy ",
		"3... Nf6 $4 {[%eval #1] Blunder. " + better + " was best. Out of known theory (C23 Bishop's Opening).} (3... " + better, `[ECO "C23"]`, "4. Qxf7# 1-0"} {
		if !strings.Contains(text, want) {
			t.Errorf("the annotated game lacks %q:\n%s", want, data)
		}
	}

	h.press(tea.KeyEscape)
	if h.m.reviewing || h.m.game().Ply() != 7 || h.m.ui.message != "Back to the game (A shows the review again)." {
		t.Fatalf("after Esc: reviewing %v, ply %d, %q", h.m.reviewing, h.m.game().Ply(), h.m.ui.message)
	}
	if v := h.m.screen(); strings.Contains(v, "??") || !strings.Contains(v, "Game over: White wins by checkmate") {
		t.Errorf("the game's screen after the review:\n%s", v)
	}
	if cmd := h.pressReview(); cmd != nil || !h.m.reviewing || h.m.rev != rv || h.m.game().Ply() != 5 {
		t.Fatalf("A again: command %v, reviewing %v, ply %d", cmd != nil, h.m.reviewing, h.m.game().Ply())
	}
}

// TestReviewCancels: Esc stops a running review and n (a new game) does
// too; the job's goroutine ends with context.Canceled and its late
// messages change nothing.
func TestReviewCancels(t *testing.T) {
	h := newHarness(t, Options{Color: "both", PGN: scholarsMate}, 100, 30)
	// Some seconds a position: the test's cancel comes long before the
	// end, and at worst waits for one search.
	h.m.reviewNodes = 5_000_000
	for _, key := range []tea.KeyPressMsg{{Code: tea.KeyEscape}, typed('n')} {
		h.pressReview()
		job := h.m.rev.job
		if !strings.Contains(h.m.screen(), "reviewing 0/8 positions") {
			t.Fatalf("no progress shown:\n%s", h.m.screen())
		}
		h.send(key)
		if h.m.reviewing || h.m.rev != nil {
			t.Fatalf("%s left the review open", key)
		}
		select {
		case d := <-job.done:
			if d.err != context.Canceled {
				t.Fatalf("%s: the job ended with %v, want context.Canceled", key, d.err)
			}
			h.finishReview(func() tea.Msg { return d }) // stale: ignored
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: the job did not stop", key)
		}
		if key.Code == tea.KeyEscape {
			if h.m.ui.message != "Review cancelled." || h.m.game().Len() != 7 {
				t.Fatalf("after Esc: %q, %d plies", h.m.ui.message, h.m.game().Len())
			}
			continue
		}
		if h.m.game().Len() != 0 {
			t.Fatalf("n during the review: %d plies", h.m.game().Len())
		}
	}
	h.pressReview()
	if h.m.reviewing || h.m.ui.message != "No moves to review yet." {
		t.Fatalf("A on an empty game: reviewing %v, %q", h.m.reviewing, h.m.ui.message)
	}
}

// TestReviewChess960: a Chess960 game from its FEN, two moves played,
// reviews from its own start position.
func TestReviewChess960(t *testing.T) {
	start := chess.Chess960Start(0)
	h := newHarness(t, Options{ASCII: true, Color: "both", FEN: start.FEN()}, 100, 30)
	h.m.reviewNodes = testReviewNodes
	h.typeText("e4\re5\r")
	h.finishReview(h.pressReview())
	r := h.m.rev.result
	if r == nil {
		t.Fatalf("review %+v", h.m.rev)
	}
	if rs := r.Game.Start(); len(r.Positions) != 3 || rs.FEN() != start.FEN() {
		t.Fatalf("review %+v", h.m.rev)
	}
	if !regexp.MustCompile(`(?m)^.*Black +\d+\.\d +\d +\d +\d`).MatchString(h.m.screen()) {
		t.Errorf("no accuracy table:\n%s", h.m.screen())
	}
	if !strings.Contains(h.m.rev.pgn, `[Variant "Chess960"]`) {
		t.Errorf("the annotated game is not Chess960:\n%s", h.m.rev.pgn)
	}
}

// TestPractice: p in the review of the Scholar's mate practises Black's
// 3... Nf6??: the position after 3. Qh5 with Black at the bottom; the
// game's move is refused at once, 3... a6 after a search (mate in one
// follows), the best move at once and 3... Qe7 after a search are
// accepted; s shows the line, n says it was the last, Esc goes back to
// the review, and the game itself never changed.
func TestPractice(t *testing.T) {
	h := newHarness(t, Options{ASCII: true, Color: "both", PGN: scholarsMate}, 100, 30)
	h.m.reviewNodes = testReviewNodes
	h.finishReview(h.pressReview())
	h.typeText("p")
	if h.m.practice == nil || h.m.game().Ply() != 5 || !h.m.ui.flipped {
		t.Fatalf("p: practice %v, ply %d, flipped %v (%q)", h.m.practice != nil, h.m.game().Ply(), h.m.ui.flipped, h.m.ui.message)
	}
	if want := "1 of 1: Black to move. Find a better move than 3... Nf6??"; !strings.HasPrefix(h.m.ui.message, want) {
		t.Fatalf("message %q, want %q...", h.m.ui.message, want)
	}
	v := h.m.screen()
	for _, want := range []string{"Practice: 1 exercise", "> 1. 3... Nf6??", "Black to move: better than 3... Nf6??", "it took Black's chances from ", "% to 2%", "s the line · n next"} {
		if !strings.Contains(v, want) {
			t.Errorf("the practice screen lacks %q:\n%s", want, v)
		}
	}
	answer := func(san string) {
		t.Helper()
		h.typeText(san)
		_, cmd := h.m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
		if cmd != nil && !strings.Contains(h.m.screen(), "checking the answer...") {
			t.Errorf("no sign of the check:\n%s", h.m.screen())
		}
		h.finishReview(cmd)
	}
	answer("Nf6")
	if !h.m.ui.isError || h.m.ui.message != "Nf6 is the move of the game. Try another (s shows the line)." {
		t.Fatalf("the game's move: %q", h.m.ui.message)
	}
	answer("a6")
	if !h.m.ui.isError || !strings.HasPrefix(h.m.ui.message, "Not good enough: a6 leaves 2% where the best move keeps ") ||
		h.m.practice.status[0] != tried || !regexp.MustCompile(`> 1\. 3\.\.\. Nf6\?\? +tried`).MatchString(h.m.screen()) {
		t.Fatalf("3... a6: %q\n%s", h.m.ui.message, h.m.screen())
	}
	best := h.m.practice.list[0].Best
	pos := h.m.game().Position()
	answer(pos.SAN(best))
	if h.m.ui.isError || h.m.ui.message != "Right: "+pos.SAN(best)+" is ox88's move too. n: the next exercise." || h.m.practice.status[0] != solved {
		t.Fatalf("the best move: %q", h.m.ui.message)
	}
	if best.String() != "e8e7" { // Qe7 is searched, not known
		answer("Qe7")
		if h.m.ui.isError || !strings.HasPrefix(h.m.ui.message, "Good: Qe7 keeps ") {
			t.Fatalf("3... Qe7: %q", h.m.ui.message)
		}
	}
	h.typeText("s")
	if !strings.HasPrefix(h.m.ui.message, "The line: 3... "+pos.SAN(best)) || !strings.Contains(h.m.screen(), "line 3... "+pos.SAN(best)) {
		t.Fatalf("s: %q\n%s", h.m.ui.message, h.m.screen())
	}
	if h.m.practice.status[0] != solved {
		t.Errorf("the line shown after solving: status %v", h.m.practice.status[0])
	}
	h.typeText("n")
	if h.m.ui.message != "That was the last exercise: 1 of 1 solved. Esc goes back to the review." {
		t.Fatalf("n: %q", h.m.ui.message)
	}
	h.press(tea.KeyEscape)
	if h.m.practice != nil || !h.m.reviewing || h.m.ui.flipped || !strings.HasPrefix(h.m.ui.message, "1 of 1: 3... Nf6??, blunder.") {
		t.Fatalf("Esc: practice %v, reviewing %v, %q", h.m.practice != nil, h.m.reviewing, h.m.ui.message)
	}
	if g := h.m.game(); g.Len() != 7 || g.Ply() != 5 {
		t.Fatalf("the game changed: %d plies", g.Len())
	}
	h.press(tea.KeyEscape)
	h.wantMoves("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#")
}

// TestPracticeWhite: against ox88 only the person's moves are practised;
// a review of a game without marks of theirs says so.
func TestPracticeWhite(t *testing.T) {
	h := newHarness(t, Options{ASCII: true, Color: "white", PGN: scholarsMate}, 100, 30)
	h.m.reviewNodes = testReviewNodes
	h.finishReview(h.pressReview())
	h.typeText("p")
	if h.m.practice != nil || h.m.ui.message != "No mistakes or blunders to practise (? and ?? marks)." {
		t.Fatalf("p: practice %v, %q", h.m.practice != nil, h.m.ui.message)
	}
}
