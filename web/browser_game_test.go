package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserGame plays the browser game as the terminal game is played:
// two people type a short game (UCI and SAN, an illegal move refused),
// save it as a PGN file, review it (the evaluation graph, the blunder
// marked in the move list, the better move on the board), look at the heat
// map of what each piece is worth, open a PGN file, play against ox88
// with a clock until a flag falls, and watch ox88 play itself.
// Screenshots go to a temporary folder under /tmp whose path it prints.
func TestBrowserGame(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	ctx := newBrowser(t)
	shots, err := os.MkdirTemp("", "ox88-web-game-screenshots-")
	if err != nil {
		t.Fatal(err)
	}
	shot := func(name string) chromedp.Action[chromedp.Void] { return screenshot(filepath.Join(shots, name)) }
	eval := func(expr string) string { return evalString(t, ctx, expr) }
	// typeMove types a move in the move box and waits for its ply (or a
	// later one: the engine may answer at once).
	typeMove := func(move string, ply int) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := chromedp.SendKeys(css(`#move-input`), move+kb.Enter)(ctx, tg); err != nil {
				return err
			}
			_, err := waitJS(fmt.Sprintf("%s at ply %d", move, ply), fmt.Sprintf(`app.state.ply >= %d`, ply))(ctx, tg)
			return err
		})
	}
	start := time.Now()
	lap := func(what string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(context.Context, *chromedp.Target) error {
			t.Logf("%s: %v", what, time.Since(start).Round(time.Millisecond))
			return nil
		})
	}
	choose := func(id, value string) chromedp.Action[chromedp.Void] {
		return js(`(() => { const s = document.getElementById("` + id + `"); s.value = "` + value + `"; s.dispatchEvent(new Event("change")); })()`)
	}

	// Two people type a game: UCI, SAN, a refused move, a letter typed on
	// the page (it goes to the move box), and the mate.
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 1000),
		chromedp.Navigate(ts.URL),
		waitJS("the first state", `app.state !== null && app.state.legal.length === 20`),
		choose("sel-human", "both"),
		waitJS("two people", `app.state.human === "both" && document.getElementById("status").textContent === "Now human v human."`),
		typeMove("e2e4", 1),
		typeMove("e7e5", 2),
		typeMove("Qh5", 3),
		chromedp.SendKeys(css(`#move-input`), "Nc5"+kb.Enter),
		waitJS("the refusal", `document.getElementById("status").textContent === 'move "Nc5" is not legal in this position'`),
		js(`document.getElementById("move-input").value = ""; document.getElementById("move-input").blur()`),
		js(`document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "N", bubbles: true}))`),
		waitJS("the move box focused by a letter", `document.activeElement === document.getElementById("move-input")`),
		typeMove("Nc6", 4),
		typeMove("Bc4", 5),
		typeMove("g8f6", 6),
		typeMove("Qxf7#", 7),
		waitJS("the mate", `app.state.outcome.text === "White wins by checkmate" && !document.getElementById("outcome").hidden`),
		chromedp.Click(css(`#btn-pgn-save`)),
		waitJS("the saved PGN", `!!app.saved && /^ox88-\d{8}-\d{6}\.pgn$/.test(app.saved.name)`),
		lap("typed game"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval(`app.state.moves.join(" ")`); got != "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#" {
		t.Fatalf("typed game: %q", got)
	}
	if pgn := eval(`app.saved.text`); !strings.Contains(pgn, `[White "Human"]`) || !strings.Contains(pgn, "4. Qxf7# 1-0") {
		t.Errorf("saved PGN:\n%s", pgn)
	}

	// The review: the graph, Nf6 marked ??, and the better move as an
	// arrow on the position before it.
	err = chromedp.Do(ctx,
		choose("review-budget", "nodes=50000"),
		chromedp.Click(css(`#review-run`)),
		waitJS("the evaluation graph", `document.getElementById("review-graph").getBoundingClientRect().height > 100 &&
			!!document.querySelector("#review-graph polyline.evalline")`),
		waitJS("a marked move", `!!document.querySelector("#moves sup.mark")`),
		chromedp.Click(css(`#review-marks li.mark-blunder`)),
		waitJS("the position before the blunder", `app.state.ply === 5 && !!document.querySelector("#board line.betterarrow")`),
		shot("review.png"),
		chromedp.Click(css(`#review-pgn`)),
		waitJS("the annotated PGN saved", `app.saved.name.startsWith("ox88-review-") && app.saved.text.includes("Blunder.")`),
		lap("review"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval(`document.querySelector('#moves [data-ply="6"] sup.mark-blunder').textContent`); got != "??" {
		t.Errorf("Nf6 marked %q, want ??", got)
	}
	t.Logf("review: %s; %s; note: %s", eval(`document.getElementById("review-summary").textContent`),
		eval(`document.getElementById("review-marks").textContent`), eval(`document.getElementById("move-note").textContent`))

	// The heat map after 3... Nf6 (ply 6): one value per piece but the
	// kings, the number on hover.
	err = chromedp.Do(ctx,
		chromedp.Click(css(`#moves [data-ply="6"]`)),
		waitJS("ply 6", `app.state.ply === 6`),
		chromedp.Click(css(`#chk-values`)),
		waitJS("the heat map", `document.querySelectorAll("#board rect.heat").length === app.state.board.filter((p) => p && p[1] !== "K").length`),
		js(`(() => { const r = document.querySelector('rect[data-sq="f6"]').getBoundingClientRect();
			document.getElementById("board").dispatchEvent(new PointerEvent("pointermove",
				{clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true})); })()`),
		waitJS("the knight's value on hover", `document.getElementById("hoverinfo").textContent.includes("Black's knight on f6") && !!document.querySelector("#hoverinfo .worth")`),
		shot("heatmap.png"),
		choose("sel-values", "hand-written"),
		waitJS("the hand-written heat map", `app.values.evaluation === "hand-written" && document.querySelectorAll("#board rect.heat").length === 30`),
		lap("heat map"),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("heat map: %s; f6 %s", eval(`document.getElementById("values-info").textContent`), eval(`document.getElementById("hoverinfo").textContent`))

	// Open a PGN file: shown at its end, for two people.
	file := filepath.Join(t.TempDir(), "opening.pgn")
	if err := os.WriteFile(file, []byte("[Event \"file\"]\n\n1. d4 d5 2. c4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(css(`#chk-values`)),
		chromedp.SetUploadFiles(css(`#file-open`), []string{file}),
		waitJS("the opened file", `app.state.moves.join(" ") === "d4 d5 c4" && app.state.human === "both" &&
			document.getElementById("status").textContent.startsWith("Loaded opening.pgn (3 plies;")`),
		lap("file opened"),
	)
	if err != nil {
		t.Fatal(err)
	}

	// Against ox88 with a clock: both clocks show and tick; then a clock of
	// two seconds (set through the API: no preset has it) runs out and the
	// game ends on time.
	err = chromedp.Do(ctx,
		choose("sel-level", "1"),
		waitJS("level 1", `app.state.level === 1`),
		choose("sel-human", "white"),
		waitJS("you White", `app.state.human === "white"`),
		chromedp.Click(css(`#btn-new`)),
		waitJS("a new game", `app.state.moves.length === 0 && app.think === null`),
		choose("sel-tc", "1m"),
		waitJS("the clocks", `document.getElementById("clock-bottom").textContent === "White 1:00" && document.getElementById("clock-top").textContent === "Black 1:00"`),
		typeMove("d4", 1),
		waitJS("the engine's reply", `app.state.ply === 2 && app.think === null && app.state.clock.running === "w"`),
		lap("engine's reply"),
	)
	if err != nil {
		t.Fatal(err)
	}
	before := eval(`document.getElementById("clock-bottom").textContent`)
	time.Sleep(1500 * time.Millisecond)
	if after := eval(`document.getElementById("clock-bottom").textContent`); after == before || !strings.HasPrefix(after, "White 0:5") {
		t.Errorf("White's clock does not tick: %q then %q", before, after)
	}
	err = chromedp.Do(ctx,
		js(`gameCall("/api/settings", {tc: "2s"})`),
		waitJS("a two-second clock", `app.state.tc.text === "2s" && document.getElementById("sel-tc").value === "2s"`),
		typeMove("c4", 3), // the clocks start again with a move
		waitJS("the flag", `app.state.outcome.text === "Black wins on time" && !document.getElementById("outcome").hidden`),
		shot("clock.png"),
		lap("flag fall"),
	)
	if err != nil {
		t.Fatal(err)
	}

	// ox88 against itself, without clocks: it plays on both sides, pausing
	// between moves, until two people take over.
	err = chromedp.Do(ctx,
		choose("sel-tc", "none"),
		waitJS("no clocks", `app.state.tc.base === 0`),
		choose("sel-human", "none"),
		waitJS("ox88 against itself", `app.state.human === "none"`),
		chromedp.Click(css(`#btn-new`)),
		waitJS("ox88 playing itself", `!app.state.outcome.over && app.state.ply >= 3`),
		shot("selfplay.png"),
		choose("sel-human", "both"),
		waitJS("two people again", `app.state.human === "both" && app.think === null && app.watch === null`),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ox88 against itself: %s", eval(`app.state.moves.join(" ")`))
	fmt.Printf("browser game screenshots: %s\n", shots)
	t.Logf("browser game screenshots: %s", shots)
}

// TestBrowserChess960Box: the Chess960 start-position box shows its
// placeholder, "random", whole beside the number box's spinner (it showed
// "randc", sized for the three digits of its max).
func TestBrowserChess960Box(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1000), chromedp.Navigate(ts.URL),
		waitJS("the first state", `app.state !== null`)); err != nil {
		t.Fatal(err)
	}
	const spinner = 20 // pixels, at most, of the up and down arrows
	got := evalString(t, ctx, `(() => {
		const el = document.getElementById("num960"), cs = getComputedStyle(el);
		const c = document.createElement("canvas").getContext("2d");
		c.font = cs.font;
		const text = c.measureText(el.placeholder).width;
		const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - `+fmt.Sprint(spinner)+`;
		return el.placeholder + " " + (text <= room) + " " + Math.round(text) + " " + Math.round(room);
	})()`)
	if !strings.HasPrefix(got, "random true ") {
		t.Fatalf("placeholder, fits, its width, the room: %s", got)
	}
}
