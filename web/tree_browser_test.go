package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
)

// treeScreenshot is where TestBrowserSearchTree saves the search tree tab.
var treeScreenshot = filepath.Join(os.TempDir(), "ox88-search-tree.png")

// TestBrowserSearchTree steps the search tree tab in headless Chromium on
// Kiwipete at depth 5: the node count the page shows is the engine's own
// for the same position and depth (a new engine's Think), and it runs to a
// node, steps forward and back, and breaks on a null-move cutoff and on a
// move, the stack ending at the node each time. It saves a screenshot to
// treeScreenshot and prints its path.
func TestBrowserSearchTree(t *testing.T) {
	const depth = 5
	kiwipete := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	ctx := newBrowser(t)
	_, ts := newTestServer(t, Config{})
	eng := engine.New()
	eng.SetPosition(chess.MustParseFEN(kiwipete), nil)
	want := strconv.FormatUint(eng.Think(search.Limits{Depth: depth}).Info.Nodes, 10)

	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	cursor := func() int {
		n, _ := strconv.Atoi(eval(`String(tree.cursor)`))
		return n
	}
	// shown checks what the page shows after each move of the cursor: the
	// engine's node count, a stack that ends at the cursor's node, and the
	// board there.
	shown := func(what string) {
		t.Helper()
		if got := eval(`document.getElementById("tree-count").textContent`); got != want {
			t.Fatalf("%s: the page shows %s nodes, the engine's search of the position to depth %d counts %s", what, got, depth, want)
		}
		if ok := eval(`String(tree.stack[tree.stack.length - 1].index === tree.cursor &&
			document.querySelectorAll("#tree-stack tr").length === tree.stack.length + 1 &&
			document.querySelector("#tree-view .tline.sel") !== null &&
			document.querySelectorAll("#tree-board .piece").length > 20)`); ok != "true" {
			t.Fatalf("%s: the stack, the tree or the board does not show the cursor's node", what)
		}
	}
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1400, 1000),
		chromedp.Navigate(ts.URL),
		waitJS("the first state", `app.state !== null`),
		chromedp.Click(css(`#tabs button[data-tab="tree"]`)),
		waitJS("the positions", `[...document.querySelectorAll("#tree-pos option")].some((o) => o.value === `+strconv.Quote(kiwipete)+`)`),
		chromedp.SetValue(css(`#tree-pos`), kiwipete),
		chromedp.SetValue(css(`#tree-depth`), strconv.Itoa(depth)),
		chromedp.Click(css(`#tree-run`)),
		waitJS("the traced search", `!!document.getElementById("tree-count")`),
	)
	if err != nil {
		t.Fatal(err)
	}
	shown("the whole search")
	if c, rec := cursor(), eval(`String(tree.recorded - 1)`); strconv.Itoa(c) != rec {
		t.Fatalf("after the search the cursor is at %d, want the last record %s", c, rec)
	}
	// Run to node 1000, step forward three times and back once.
	err = chromedp.Do(ctx,
		chromedp.SetValue(css(`#tree-node`), "1000"),
		chromedp.Click(css(`#tree-goto`)),
		waitJS("node 1000", `document.getElementById("tree-at")?.textContent === "#1000"`),
	)
	if err != nil {
		t.Fatal(err)
	}
	shown("run to node 1000")
	if row := eval(`document.querySelector("#tree-stack tr:last-child td:nth-child(3)").textContent`); row != "1000" {
		t.Fatalf("the stack's last row is node %q, want 1000", row)
	}
	for _, step := range []struct{ button string }{{"#tree-step"}, {"#tree-step"}, {"#tree-step"}, {"#tree-back"}} {
		c := cursor()
		next := c + 1
		if step.button == "#tree-back" {
			next = c - 1
		}
		if err := chromedp.Do(ctx, chromedp.Click(css(step.button)), waitJS("a step", fmt.Sprintf(`tree.cursor === %d`, next))); err != nil {
			t.Fatal(err)
		}
		shown("a step")
	}
	// Break on a null-move cutoff, then on the move Nxf7.
	err = chromedp.Do(ctx,
		chromedp.SetValue(css(`#tree-break-kind`), "cutoff"),
		chromedp.SetValue(css(`#tree-break-value`), "null"),
		chromedp.Click(css(`#tree-continue`)),
		waitJS("the null-move cutoff", `[...document.querySelectorAll("#tree-stack td.what")].some((td) => td.textContent.endsWith("null-move cutoff (step 9)"))`),
	)
	if err != nil {
		t.Fatal(err)
	}
	shown("break on a null-move cutoff")
	if c := cursor(); c <= 1000 {
		t.Fatalf("the break stopped at %d, before the cursor it started from", c)
	}
	err = chromedp.Do(ctx,
		chromedp.SetValue(css(`#tree-break-kind`), "move"),
		chromedp.SetValue(css(`#tree-break-value`), "e5f7"),
		chromedp.Click(css(`#tree-continue`)),
		waitJS("the break on Nxf7", `tree.stack[tree.stack.length - 1].san === "Nxf7"`),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			buf, err := chromedp.FullScreenshot(100)(ctx, tg)
			if err != nil {
				return err
			}
			return os.WriteFile(treeScreenshot, buf, 0o644)
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	shown("break on Nxf7")
	t.Logf("search tree: %s", eval(`document.getElementById("tree-summary").textContent`))
	fmt.Printf("search tree screenshot: %s\n", treeScreenshot)
}
