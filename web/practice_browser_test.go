package web

import (
	"os"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPractice reviews the Scholar's mate (review/testdata) in
// headless Chromium and practises its one exercise, 3... Nf6??, on the
// board: the review's marks and the better move's arrow are hidden, the
// game's move is refused, 3... g6 accepted, Show the line draws the arrow
// and names the line, and the game stays as it was; Back to the review
// shows the marks again.
func TestBrowserPractice(t *testing.T) {
	pgn, err := os.ReadFile("../review/testdata/scholars-mate.pgn")
	if err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	_, ts := newTestServer(t, Config{})
	move := func(from, to string) []chromedp.Action[chromedp.Void] {
		return []chromedp.Action[chromedp.Void]{
			chromedp.Click(css(`rect[data-sq="` + from + `"]`)),
			waitJS("the destinations of "+from, `document.querySelectorAll("circle.dest").length > 0`),
			chromedp.Click(css(`rect[data-sq="` + to + `"]`)),
		}
	}
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(ts.URL),
		waitJS("the first state", `app.state !== null`),
		js(`gameCall("/api/import", {pgn: ` + strconv.Quote(string(pgn)) + `})`),
		waitJS("the game", `app.state.moves.length === 7`),
		js(`document.getElementById("review-budget").value = "nodes=50000"`),
		chromedp.Click(css(`#review-run`)),
		waitJS("the review", `review.data !== null && !document.getElementById("practice-run").hidden`),
		chromedp.Click(css(`#practice-run`)),
		waitJS("the exercise's position", `practiceActive() && app.state.ply === 5`),
		waitJS("the answer hidden", `document.querySelector(".betterarrow") === null && document.getElementById("review-marks").hidden &&
			document.getElementById("practice-prompt").textContent.includes("The game went 3... Nf6??")`),
	}
	actions = append(actions, move("g8", "f6")...)
	actions = append(actions, waitJS("the game's move refused", `document.getElementById("practice-result").textContent === "Nf6 is the move the game went: try another."`))
	actions = append(actions, move("g7", "g6")...)
	actions = append(actions,
		waitJS("g6 accepted", `document.getElementById("practice-result").className === "good" &&
			document.getElementById("practice-result").textContent.startsWith("g6: good move!")`),
		chromedp.Click(css(`#practice-line`)),
		waitJS("the line", `document.querySelector(".betterarrow") !== null &&
			document.getElementById("practice-prompt").textContent.includes("Better: 3... " + review.data.exercises[0].best)`),
	)
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
	if got := evalString(t, ctx, `app.state.ply + " " + app.state.moves.join(" ")`); got != "5 e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#" {
		t.Fatalf("practice changed the game: %s", got)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(css(`#practice-end`)),
		waitJS("the review again", `!document.getElementById("review-marks").hidden && document.getElementById("practice").hidden &&
			!practiceActive() && !document.getElementById("practice-run").hidden`),
	)
	if err != nil {
		t.Fatal(err)
	}
}
