package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"ox88/chess"
)

// chromiumPath is Debian's chromium (apt-get install chromium).
const chromiumPath = "/usr/bin/chromium"

// browserTimeout bounds each browser test (generous: the machine may be
// loaded).
const browserTimeout = 3 * time.Minute

// TestBrowser plays e2-e4 by clicking in headless Chromium, waits for the
// engine's reply and its PV, then opens the lab's tabs and checks their
// content: perft 5 from the start is 4,865,609, the profile shows every
// component (the search tree tab has TestBrowserSearchTree). Screenshots
// go to a temporary folder whose path it prints.
func TestBrowser(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	ctx := newBrowser(t)
	shots, err := os.MkdirTemp("", "ox88-web-screenshots-")
	if err != nil {
		t.Fatal(err)
	}
	shot := func(name string) chromedp.Action[chromedp.Void] { return screenshot(filepath.Join(shots, name)) }
	eval := func(expr string) string { return evalString(t, ctx, expr) }
	text := func(sel string) string {
		return eval(`document.querySelector(` + strconv.Quote(sel) + `).textContent`)
	}

	// Play: click e2, then e4; the engine answers.
	start := time.Now()
	var clicked time.Time
	var replied time.Duration
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(ts.URL),
		chromedp.WaitVisible(css(`rect[data-sq="e2"]`)),
		waitJS("the first state", `app.state !== null && app.state.legal.length === 20`),
		// A 5m+3s clock.
		js(`(() => { const s = document.getElementById("sel-tc"); s.value = "5m+3s"; s.dispatchEvent(new Event("change")); })()`),
		waitJS("the clocks", `app.state.tc.base === 300 && document.getElementById("clock-bottom").textContent === "White 5:00"`),
		chromedp.Click(css(`rect[data-sq="e2"]`)),
		waitJS("legal destinations of e2", `document.querySelectorAll("circle.dest").length === 2`),
		chromedp.Func(func(context.Context, *chromedp.Target) error { clicked = time.Now(); return nil }),
		chromedp.Click(css(`rect[data-sq="e4"]`)),
		waitJS("the engine's reply", `app.state.ply === 2 && app.think === null`),
		chromedp.Func(func(context.Context, *chromedp.Target) error { replied = time.Since(clicked); return nil }),
		waitJS("a PV in the panel", `document.getElementById("i-pv").textContent.trim().length > 0`),
		// The visualizer: the whole-board counts, then hover f3.
		chromedp.Click(css(`#chk-counts`)),
		waitJS("attack counts", `document.querySelectorAll("text.cnt").length > 10`),
		js(`(() => { const r = document.querySelector('rect[data-sq="f3"]').getBoundingClientRect();
			document.getElementById("board").dispatchEvent(new PointerEvent("pointermove",
				{clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true})); })()`),
		waitJS("the attackers of f3", `document.getElementById("hoverinfo").textContent.includes("f3")`),
		shot("play.png"),
		js(`(() => { const r = document.querySelector('rect[data-sq="d1"]').getBoundingClientRect();
			document.getElementById("board").dispatchEvent(new PointerEvent("pointermove",
				{clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true})); })()`),
		waitJS("the defenders of d1", `document.getElementById("hoverinfo").textContent.startsWith("White's queen on d1: defended by 1 (e1), attacked by 0")`),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("page load to the engine's reply: %v; click on e4 to the reply on the board: %v (level %s)",
		time.Since(start).Round(time.Millisecond), replied.Round(time.Millisecond), eval(`String(app.state.level)`))
	if e4, reply := eval(`app.state.board[28]`), eval(`app.state.moves[1]`); e4 != "wP" || reply == "" {
		t.Fatalf("board after 1. e4: e4 %q, Black's reply %q", e4, reply)
	}
	if c := text("#clock-top"); !strings.HasPrefix(c, "Black 5:0") {
		t.Errorf("Black's clock after its first move: %q", c)
	}
	if n := text("#i-nodes"); n == "–" || n == "" {
		t.Fatalf("no node count in the panel: %q", n)
	}
	t.Logf("engine replied %s, PV %q, depth %s, nodes %s", eval(`app.state.moves[1]`), text("#i-pv"), text("#i-depth"), text("#i-nodes"))

	// Review with the arrow keys, then drag and drop Ng1-f3, and the engine
	// answers again.
	key := func(k string) chromedp.Action[chromedp.Void] {
		return js(`document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "` + k + `", bubbles: true}))`)
	}
	err = chromedp.Do(ctx,
		key("ArrowLeft"),
		waitJS("review at ply 1", `app.state.ply === 1 && document.querySelector("#moves .cur").textContent === "e4"`),
		key("ArrowRight"),
		waitJS("back at ply 2", `app.state.ply === 2`),
		chromedp.DragAndDrop(css(`rect[data-sq="g1"]`), css(`rect[data-sq="f3"]`)),
		waitJS("the engine's second reply", `app.state.ply === 4 && app.think === null`),
	)
	if err != nil {
		t.Fatal(err)
	}
	if m := eval(`app.state.moves[2]`); m != "Nf3" {
		t.Fatalf("drag g1-f3 played %q", m)
	}
	// The promotion picker: a FEN with a pawn on a7, click a7 and a8, pick
	// a knight.
	err = chromedp.Do(ctx,
		chromedp.SetValue(css(`#fen`), "8/P6k/8/8/8/8/8/K7 w - - 0 1"),
		chromedp.Click(css(`#btn-fen-load`)),
		waitJS("the FEN", `app.state.fen === "8/P6k/8/8/8/8/8/K7 w - - 0 1"`),
		chromedp.Click(css(`rect[data-sq="a7"]`)),
		chromedp.Click(css(`rect[data-sq="a8"]`)),
		waitJS("the promotion picker", `!document.getElementById("promo").hidden`),
		chromedp.Click(css(`#promo [data-promo="n"]`)),
		waitJS("the promotion", `app.state.moves.length >= 1 && app.think === null`),
	)
	if err != nil {
		t.Fatal(err)
	}
	if m := eval(`app.state.moves[0]`); m != "a8=N" {
		t.Fatalf("promotion played %q, want a8=N", m)
	}

	// Perft: the start position to depth 5; then the bench.
	err = chromedp.Do(ctx,
		chromedp.Click(css(`#tabs button[data-tab="perft"]`)),
		waitJS("the perft positions", `document.querySelectorAll("#perft-pos option").length === 8`),
		chromedp.SetValue(css(`#perft-pos`), "0"),
		chromedp.SetValue(css(`#perft-depth`), "5"),
		chromedp.Click(css(`#perft-run`)),
		waitJS("the perft count", `!!document.getElementById("perft-count")`),
		chromedp.SetValue(css(`#bench-depth`), "3"),
		chromedp.Click(css(`#bench-run`)),
		waitJS("the bench signature", `!!document.getElementById("bench-sig")`),
		shot("perft.png"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := text("#perft-count"); got != "4,865,609" {
		t.Fatalf("perft 5 shows %q, want 4,865,609", got)
	}
	if !strings.Contains(text("#perft-result"), "matches the published") {
		t.Errorf("perft result: %q", text("#perft-result"))
	}
	if !strings.Contains(text("#bench-ordering"), "% by the first move") {
		t.Errorf("the bench shows no move-ordering statistic: %q", text("#bench-result"))
	}
	t.Logf("perft: %s; bench: %s", text("#perft-result"), text("#bench-result"))

	// Where the time goes: every component must show up. A loaded machine
	// gives the profiler few samples, so a second, longer run may be asked.
	err = chromedp.Do(ctx,
		chromedp.Click(css(`#tabs button[data-tab="profile"]`)),
		waitJS("the profile positions", `document.querySelectorAll("#prof-pos option").length === 8`),
		chromedp.SetValue(css(`#prof-pos`), chess.StartFEN),
	)
	if err != nil {
		t.Fatal(err)
	}
	for attempt, seconds := range []string{"3", "6"} {
		err := chromedp.Do(ctx,
			js(`document.getElementById("prof-chart").innerHTML = ""`),
			chromedp.SetValue(css(`#prof-seconds`), seconds),
			chromedp.Click(css(`#prof-run`)),
			waitJS("the profile chart", `document.querySelectorAll("#prof-chart .bar").length === 7`),
			shot("profile.png"),
		)
		if err != nil {
			t.Fatal(err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll("#prof-chart .bar")].map(
			(b) => [b.dataset.component, b.querySelector(".pct").textContent]))`))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("profile: %s; shares %v", text("#prof-summary"), got)
		var missing []string
		for c, share := range got { // the 7 bars the page drew
			if share == "" || share == "0.0%" {
				missing = append(missing, c)
			}
		}
		slices.Sort(missing)
		if len(missing) == 0 {
			break
		}
		if raceEnabled {
			t.Logf("profile: no share for %v (the race detector hides the search's frames)", missing)
			break
		}
		if attempt == 1 {
			t.Errorf("profile: no share for %v", missing)
		}
	}

	fmt.Printf("browser test screenshots: %s\n", shots)
	t.Logf("browser test screenshots: %s (%v in all)", shots, time.Since(start).Round(time.Millisecond))
}

func css(s string) chromedp.CSS { return chromedp.CSS(s) }

// screenshot saves a screenshot of the whole page as the PNG file path.
func screenshot(path string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		buf, err := chromedp.FullScreenshot(100)(ctx, tg)
		if err != nil {
			return err
		}
		return os.WriteFile(path, buf, 0o644)
	})
}

// js runs a JavaScript statement in the page.
func js(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[chromedp.Void](expr)(ctx, tg)
		return err
	})
}

// evalString returns the value of a JavaScript expression of the page
// that is a string.
func evalString(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}
