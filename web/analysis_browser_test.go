package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAnalysis drives the analysis board: it switches the board
// on, sees three lines (and their arrows) for 1. e4, sees them replaced by
// three lines of the new position after 1... e5, names the Ruy Lopez,
// plays a line up to its second move by a click, goes back to 2. Nf3 and
// plays 2. Nc3 instead (a variation, the main line kept; the name follows
// to the Vienna), uses the opening explorer, and saves the PGN with the
// variation. It saves a screenshot to /tmp/ox88-web-analysis.png
// (os.TempDir) and prints the path; docs/web-analysis.png is one.
func TestBrowserAnalysis(t *testing.T) {
	_, ts := newTestServer(t, Config{Book: testBook(t), BookName: "openings-200.bin"})
	ctx := newBrowser(t)
	eval := func(expr string) string { return evalString(t, ctx, expr) }
	// click clicks the element sel in one step of the page: the lines and
	// the board are drawn again with every report of the analysis.
	click := func(sel string) chromedp.Action[chromedp.Void] {
		return js(`document.querySelector(` + fmt.Sprintf("%q", sel) + `).click()`)
	}
	choose := func(id, value string) chromedp.Action[chromedp.Void] {
		return js(`(() => { const s = document.getElementById("` + id + `"); s.value = "` + value + `"; s.dispatchEvent(new Event("change")); })()`)
	}
	typeMove := func(move string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			before, err := chromedp.Evaluate[string](`app.state.fen`)(ctx, tg)
			if err != nil {
				return err
			}
			// Typed in one step of the page (TestBrowserGame types keys): the
			// page is drawn again with every report of the analysis.
			if _, err := js(`document.getElementById("move-input").value = `+fmt.Sprintf("%q", move)+
				`; document.getElementById("move-form").requestSubmit()`)(ctx, tg); err != nil {
				return err
			}
			_, err = waitJS(move, fmt.Sprintf(`app.state.fen !== %q`, before))(ctx, tg)
			return err
		})
	}
	// threeLines waits for three lines of the position shown and their
	// arrows on the board.
	const threeLines = `an.lines.filter((l) => l && l.fen === app.state.fen).length === 3 &&
		document.querySelectorAll("#an-lines-list .aline").length === 3 && document.querySelectorAll("line.anarrow").length >= 1`
	var afterE4 string
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1100, 860),
		chromedp.Navigate(ts.URL),
		waitJS("the first state", `app.state !== null && app.state.legal.length === 20`),
		choose("sel-human", "analysis"),
		waitJS("the analysis board", `app.state.analysis && !document.getElementById("analysis").hidden`),
		typeMove("e4"),
		waitJS("three lines for 1. e4", threeLines),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			var err error
			afterE4, err = chromedp.Evaluate[string](`an.lines.map((l) => l.pv[0]).join(" ")`)(ctx, tg)
			return err
		}),
		typeMove("e5"),
		waitJS("three lines for 1... e5", threeLines+` && an.lines[0].fen.startsWith("rnbqkbnr/pppp1ppp/")`),
		typeMove("Nf3"),
		typeMove("Nc6"),
		typeMove("Bb5"),
		waitJS("the Ruy Lopez named", `document.getElementById("opening").textContent === "C60 Ruy Lopez"`),
		waitJS("three lines for 3. Bb5", threeLines),
		waitJS("the explorer", `document.querySelectorAll("#ex-moves tr[data-uci]").length > 0 &&
			document.getElementById("ex-note").textContent.startsWith("openings-200.bin")`),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("lines after 1. e4: %s", afterE4)
	// A click on the second move of line 1 plays the line up to it. The
	// analysis goes on and replaces its lines while the test runs, so the
	// line is read and clicked in one script: the page's handler reads
	// an.lines at the click, and a line read a moment earlier may be gone.
	line := strings.Fields(eval(`(() => {
		const pv = an.lines[0].pv.slice(0, 2), m = document.querySelector('#an-lines-list .pvm[data-k="0"][data-j="1"]');
		if (pv.length < 2 || !m) return pv.join(" ");
		m.click();
		return pv.join(" ");
	})()`))
	if len(line) != 2 {
		t.Fatalf("line 1 is shorter than two moves: %v", line)
	}
	err = chromedp.Do(ctx,
		waitJS("the line played", fmt.Sprintf(`app.state.moves.length === 7 && app.state.moves[5] === %q && app.state.moves[6] === %q`, line[0], line[1])),
		// Back to 2. Nf3 in the move list, and 2. Nc3 instead: a variation.
		click(`#moves span[data-path="3"]`),
		waitJS("back at 2. Nf3", `app.state.path.join(".") === "3"`),
		click(`#moves span[data-path="2"]`),
		waitJS("back at 1... e5", `app.state.path.join(".") === "2"`),
		typeMove("Nc3"),
		waitJS("the variation", `app.state.path.join(".") === "3.0.1" && app.state.moves.length === 7 &&
			document.querySelector("#moves .var .cur") !== null && document.querySelector("#moves .var").textContent.trim() === "(2. Nc3)"`),
		waitJS("the Vienna named", `document.getElementById("opening").textContent.startsWith("C25 Vienna Game")`),
		waitJS("three lines for 2. Nc3", threeLines),
		click(`#btn-pgn-save`),
		waitJS("the saved PGN", `!!app.saved && app.saved.text.replace(/\s+/g, " ").includes("1. e4 e5 2. Nf3 (2. Nc3) 2... Nc6 3. Bb5")`),
		click(`#an-wdl`),
		waitJS("WDL in every line", `an.lines.length === 3 && an.lines.every((l) => l.wdl && l.fen === app.state.fen) &&
			document.querySelectorAll("#an-lines-list .wdl").length === 3`),
	)
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(os.TempDir(), "ox88-web-analysis.png")
	if err := chromedp.Do(ctx, screenshot(shot)); err != nil {
		t.Fatal(err)
	}
	t.Logf("saved PGN:\n%s", eval(`app.saved.text`))
	t.Logf("lines at 2. Nc3: %s", eval(`an.lines.map((l) => lineScore(l) + " " + l.pv.slice(0, 3).join(" ")).join(" | ")`))
	fmt.Printf("analysis screenshot: %s\n", shot)
}
