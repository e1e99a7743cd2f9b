package web

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// newBrowser starts headless Chromium for the test and returns its
// context, bounded by browserTimeout; the browser closes at the test's
// end, before the servers the test made earlier.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("browser test skipped: %s not found (apt-get install -y chromium)", chromiumPath)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, browserTimeout)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	return ctx
}

// waitJS polls a JavaScript expression until it is true.
func waitJS(what, expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for {
			ok, err := chromedp.Evaluate[bool](expr)(ctx, tg)
			if err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
			if ok {
				return nil
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("waiting for %s: %w", what, ctx.Err())
			case <-time.After(100 * time.Millisecond):
			}
		}
	})
}

// strangerPage is a page of another site (another origin: another port)
// that tries to drive the game at ?target= in four ways, each on its own
// game (sid prefix ?sid=), and sets window.done when it has tried them all:
//
//	plain: a fetch POST of JSON as text/plain, which needs no CORS preflight;
//	json:  a fetch POST as application/json, which does (and gets none);
//	think: a fetch GET of a search stream, as an <img> or <script> could;
//	form:  a form POST as text/plain whose one field spells JSON (the
//	       classic JSON CSRF), importing the game "1. c4".
const strangerPage = `<!doctype html><html><body><iframe name="sink"></iframe><script>
const q = new URLSearchParams(location.search), target = q.get("target"), sid = q.get("sid");
window.log = [];
const tryIt = async (name, f) => { try { await f(); log.push(name + ": sent"); } catch (e) { log.push(name + ": " + e); } };
(async () => {
  await tryIt("plain", () => fetch(target + "/api/move", { method: "POST", mode: "no-cors",
    headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ sid: sid + "-plain", move: "e2e4" }) }));
  await tryIt("json", () => fetch(target + "/api/move", { method: "POST",
    headers: { "Content-Type": "application/json" }, body: JSON.stringify({ sid: sid + "-json", move: "e2e4" }) }));
  await tryIt("think", () => fetch(target + "/api/think?sid=" + sid + "-think", { mode: "no-cors" }));
  const f = document.createElement("form");
  f.method = "POST"; f.enctype = "text/plain"; f.target = "sink"; f.action = target + "/api/import";
  const i = document.createElement("input");
  i.name = '{"sid":"' + sid + '-form","pgn":"1. c4 {'; i.value = '} *"}';
  f.appendChild(i); document.body.appendChild(f);
  await new Promise((ok) => { document.querySelector("iframe").onload = ok; f.submit(); setTimeout(ok, 3000); });
  log.push("form: sent");
  window.done = true;
})();
</script></body></html>`

// TestBrowserStranger opens a page of another origin in Chromium that tries
// to drive the game, first against the bare routes (without the door),
// where it plays 1. e4, starts a search and imports a game, so the test
// shows the attacks are real; then against the server as ox88 web serves
// it, where every request is refused and no game is made or changed. Last,
// a server with a token: the real page, opened at the URL with ?token=,
// plays and watches the engine think, and without it says so.
func TestBrowserStranger(t *testing.T) {
	bare := newQuietServer(t, Config{})
	bareTS, bareSeen := statusServer(t, bare.mux)
	guarded := newQuietServer(t, Config{})
	guardedTS, guardedSeen := statusServer(t, guarded)
	stranger := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, strangerPage)
	}))
	t.Cleanup(stranger.Close)
	tokenSrv := newQuietServer(t, Config{Token: NewToken()})
	tokenTS := httptest.NewServer(tokenSrv)
	t.Cleanup(tokenTS.Close)
	ctx := newBrowser(t)

	// plies returns the plies of each attacked game that exists.
	plies := func(s *Server, sid string) map[string]int {
		out := map[string]int{}
		for _, way := range []string{"plain", "json", "think", "form"} {
			if id := sid + "-" + way; s.sessions.has(id) {
				ss := s.sessions.get(id)
				ss.mu.Lock()
				out[way] = ss.game().Len()
				ss.mu.Unlock()
			}
		}
		return out
	}
	attack := func(ts *httptest.Server, sid string) {
		err := chromedp.Do(ctx,
			chromedp.Navigate(stranger.URL+"/?target="+ts.URL+"&sid="+sid),
			waitJS("the stranger's attempts", `window.done === true`),
		)
		if err != nil {
			t.Fatal(err)
		}
		log, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`log.join("; ")`))
		t.Logf("the stranger's page against %s: %s", ts.URL, log)
	}
	attack(bareTS, "bare-game")
	got, seen := plies(bare, "bare-game"), bareSeen()
	t.Logf("without the door: plies %v, answers %v", got, seen)
	if got["plain"] != 1 || got["form"] != 1 || seen["GET /api/think"] != 200 {
		t.Fatalf("without the door the stranger should play e4, import 1. c4 and start a search: plies %v, answers %v", got, seen)
	}
	attack(guardedTS, "guarded-game")
	got, seen = plies(guarded, "guarded-game"), guardedSeen()
	t.Logf("through the door: plies %v, answers %v", got, seen)
	if len(got) != 0 {
		t.Errorf("through the door the stranger made or changed games: plies %v", got)
	}
	for _, req := range []string{"POST /api/move", "GET /api/think", "POST /api/import"} {
		if code := seen[req]; code != 403 && code != 415 {
			t.Errorf("through the door %s got %d, want 403 or 415", req, code)
		}
	}

	// The page with a token: play e4, the engine answers over a stream.
	err := chromedp.Do(ctx,
		chromedp.Navigate(tokenTS.URL+"/?token="+tokenSrv.Token()),
		waitJS("the first state", `app.state !== null && app.state.legal.length === 20`),
		chromedp.Click(chromedp.CSS(`rect[data-sq="e2"]`)),
		chromedp.Click(chromedp.CSS(`rect[data-sq="e4"]`)),
		waitJS("the engine's reply", `app.state.ply === 2 && app.think === null`),
	)
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(tokenTS.URL+"/"),
		waitJS("the message", `document.getElementById("status").textContent.includes("token")`),
	)
	if err != nil {
		t.Fatal(err)
	}
	if msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`)); !strings.HasPrefix(msg, "missing or wrong token") {
		t.Errorf("the page without its token says %q", msg)
	}
}

// statusServer serves h and returns a function that reports the status
// answered to each "METHOD /path" under /api/ (the last, if several).
func statusServer(t *testing.T, h http.Handler) (*httptest.Server, func() map[string]int) {
	var mu sync.Mutex
	seen := map[string]int{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			h.ServeHTTP(w, r)
			return
		}
		h.ServeHTTP(&statusRecorder{w, func(code int) {
			mu.Lock()
			defer mu.Unlock()
			seen[r.Method+" "+r.URL.Path] = code
		}}, r)
	}))
	t.Cleanup(ts.Close)
	return ts, func() map[string]int {
		mu.Lock()
		defer mu.Unlock()
		return maps.Clone(seen)
	}
}

// statusRecorder tells note the status a handler answers with, as soon as
// it is sent (a stream's handler runs on long after).
type statusRecorder struct {
	http.ResponseWriter
	note func(code int)
}

func (r *statusRecorder) WriteHeader(code int) {
	r.note(code)
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
