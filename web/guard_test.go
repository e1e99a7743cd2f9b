package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"ox88/web/internal/webtest"
	"ox88/web/internal/wire"
)

// testAddr is the address the door's tests tell their servers they listen
// on.
const testAddr = "127.0.0.1:8088"

// apiRequest returns a request as the page sends it to a server at
// testAddr from 127.0.0.1 (a POST with a JSON body).
func apiRequest(method, path, body string) *http.Request {
	r := httptest.NewRequest(method, "http://"+testAddr+path, strings.NewReader(body))
	r.RemoteAddr = "127.0.0.1:50000"
	if method == "POST" {
		r.Header.Set("Content-Type", "application/json")
	}
	return r
}

// serve sends r to s and returns the status and the JSON error, if any.
func serve(s *Server, r *http.Request) (int, string) {
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, r)
	var e wire.ErrorBody
	_ = json.Unmarshal(rec.Body.Bytes(), &e)
	return rec.Code, e.Error
}

// newQuietServer returns a Server with cfg that logs nowhere, closed at
// the end of the test.
func newQuietServer(t *testing.T, cfg Config) *Server {
	cfg.Logger = log.New(io.Discard, "", 0)
	s := New(cfg)
	t.Cleanup(s.Close)
	return s
}

// TestDoorRefuses sends the requests a page on another site can make a
// browser send, each of which would play 1. e4 in the game of guard-game-1
// if it were let in, and then the page's own request, which is.
func TestDoorRefuses(t *testing.T) {
	s := newQuietServer(t, Config{Addr: testAddr})
	const sid, move = "guard-game-1", `{"sid":"guard-game-1","move":"e2e4"}`
	for _, tc := range []struct {
		name   string
		edit   func(r *http.Request)
		code   int
		phrase string
	}{
		{"cross-origin Origin", func(r *http.Request) { r.Header.Set("Origin", "http://evil.example") }, 403, `Origin "http://evil.example" is not http://127.0.0.1:8088`},
		{"another port's Origin", func(r *http.Request) { r.Header.Set("Origin", "http://127.0.0.1:9999") }, 403, "cross-origin request refused"},
		{"null Origin", func(r *http.Request) { r.Header.Set("Origin", "null") }, 403, "cross-origin request refused"},
		{"Sec-Fetch-Site cross-site", func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "cross-site") }, 403, "Sec-Fetch-Site is cross-site"},
		{"Sec-Fetch-Site same-site", func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "same-site") }, 403, "Sec-Fetch-Site is same-site"},
		{"text/plain POST", func(r *http.Request) { r.Header.Set("Content-Type", "text/plain;charset=UTF-8") }, 415, `Content-Type "text/plain;charset=UTF-8": the API takes application/json`},
		{"form POST", func(r *http.Request) { r.Header.Set("Content-Type", "application/x-www-form-urlencoded") }, 415, "the API takes application/json"},
		{"POST without a type", func(r *http.Request) { r.Header.Del("Content-Type") }, 415, `Content-Type "": the API takes application/json`},
		{"foreign Host", func(r *http.Request) { r.Host = "rebind.evil.example:8088" }, 421, `not at "rebind.evil.example:8088"`},
		{"Host without the port", func(r *http.Request) { r.Host = "127.0.0.1" }, 421, "DNS rebinding"},
		{"Host on another port", func(r *http.Request) { r.Host = "localhost:8089" }, 421, "served at 127.0.0.1:8088"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := apiRequest("POST", "/api/move", move)
			tc.edit(r)
			if code, msg := serve(s, r); code != tc.code || !strings.Contains(msg, tc.phrase) {
				t.Errorf("%s: %d %q, want %d with %q", tc.name, code, msg, tc.code, tc.phrase)
			}
			if s.sessions.has(sid) {
				t.Fatalf("%s: the refused request made a session", tc.name)
			}
		})
	}
	// A rebinding page could read the game, or the page itself.
	for _, path := range []string{"/", "/static/app.js", "/api/state?sid=" + sid} {
		r := apiRequest("GET", path, "")
		r.Host = "rebind.evil.example:8088"
		if code, _ := serve(s, r); code != 421 {
			t.Errorf("GET %s with a foreign Host: %d, want 421", path, code)
		}
	}
	// Searches are refused too: a stream is CPU.
	for _, path := range []string{"/api/think?sid=" + sid, "/api/perft?pos=0&depth=5", "/api/bench?depth=3"} {
		r := apiRequest("GET", path, "")
		r.Header.Set("Sec-Fetch-Site", "cross-site")
		if code, _ := serve(s, r); code != 403 {
			t.Errorf("cross-site GET %s: %d, want 403", path, code)
		}
	}
	// What the page sends, under each name of loopback.
	for i, host := range []string{"127.0.0.1:8088", "localhost:8088", "[::1]:8088", "LOCALHOST:8088"} {
		r := apiRequest("POST", "/api/move", `{"sid":"`+sid+`","move":"`+[]string{"e2e4", "e7e5", "g1f3", "b8c6"}[i]+`"}`)
		r.Host = host
		r.Header.Set("Origin", "http://"+host)
		r.Header.Set("Sec-Fetch-Site", "same-origin")
		if code, msg := serve(s, r); code != 200 {
			t.Errorf("the page's move at %s: %d %q", host, code, msg)
		}
	}
	r := apiRequest("GET", "/api/state?sid="+sid, "")
	r.Header.Set("Sec-Fetch-Site", "none") // typed into the address bar
	if code, msg := serve(s, r); code != 200 {
		t.Errorf("state typed into the address bar: %d %q", code, msg)
	}
}

// TestDoorToken serves as if bound beyond loopback: the API asks for the
// token, in the header or the query, and the page (not the API) is served
// without it.
func TestDoorToken(t *testing.T) {
	for _, tc := range []struct {
		name, addr, host, token string
		local                   string // the connection's local address
		asks                    bool
		url                     string
	}{
		{"loopback", testAddr, testAddr, "", "", false, "http://127.0.0.1:8088/"},
		{"loopback with --token", testAddr, testAddr, "forced", "", true, "http://127.0.0.1:8088/?token="},
		{"a LAN address", "192.0.2.10:8088", "192.0.2.10:8088", "", "", true, "http://192.0.2.10:8088/?token="},
		{"every interface, from the LAN", "0.0.0.0:8088", "192.0.2.10:8088", "", "192.0.2.10:8088", true, "http://localhost:8088/?token="},
		{"every interface, from loopback", "[::]:8088", "localhost:8088", "", "127.0.0.1:8088", true, "http://localhost:8088/?token="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newQuietServer(t, Config{Addr: tc.addr, Token: tc.token})
			want := tc.url
			if tc.asks {
				want += s.Token()
			}
			if u := s.URL(); u != want {
				t.Errorf("%s: URL %q, want %q", tc.name, u, want)
			}
			request := func(path string, edit func(*http.Request)) (int, string) {
				r := apiRequest("GET", path, "")
				r.Host = tc.host
				if tc.local != "" {
					a, _ := net.ResolveTCPAddr("tcp", tc.local)
					r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, net.Addr(a)))
				}
				if edit != nil {
					edit(r)
				}
				return serve(s, r)
			}
			refused := 200
			if tc.asks {
				refused = 401
			}
			if code, msg := request("/api/state?sid=token-game-1", nil); code != refused {
				t.Errorf("%s: no token: %d %q, want %d", tc.name, code, msg, refused)
			} else if refused == 401 && msg != "missing or wrong token: open the address ox88 web printed at start-up (it ends in ?token=...)" {
				t.Errorf("%s: no token: message %q", tc.name, msg)
			}
			if code, _ := request("/api/state?sid=token-game-1", func(r *http.Request) { r.Header.Set(tokenHeader, "wrong") }); code != refused {
				t.Errorf("%s: wrong token: %d, want %d", tc.name, code, refused)
			}
			if code, msg := request("/api/state?sid=token-game-1", func(r *http.Request) { r.Header.Set(tokenHeader, s.Token()) }); code != 200 {
				t.Errorf("%s: token in the header: %d %q", tc.name, code, msg)
			}
			if code, msg := request("/api/state?sid=token-game-1&token="+s.Token(), nil); code != 200 {
				t.Errorf("%s: token in the query: %d %q", tc.name, code, msg)
			}
			if code, _ := request("/", nil); code != 200 {
				t.Errorf("%s: the page without a token: %d", tc.name, code)
			}
			if code, _ := request("/api/state?sid=token-game-1", func(r *http.Request) { r.Host = "rebind.evil.example:8088" }); code != 421 {
				t.Errorf("%s: foreign Host: %d, want 421", tc.name, code)
			}
		})
	}
}

// TestDoorSessionLimits floods new sessions from one client: past its
// allowance it gets 429 with Retry-After, another client does not, and the
// flooder's sessions past its cap replace its own, never another's.
func TestDoorSessionLimits(t *testing.T) {
	s := newQuietServer(t, Config{Addr: testAddr, PerClient: ClientLimits{NewPerMinute: 3, Sessions: 2}})
	now := time.Unix(1000, 0)
	s.clients.clock = func() time.Time { return now }
	newGame := func(ip, sid string) (int, string, string) {
		r := apiRequest("POST", "/api/new", `{"sid":"`+sid+`"}`)
		r.RemoteAddr = ip + ":40000"
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, r)
		var e wire.ErrorBody
		_ = json.Unmarshal(rec.Body.Bytes(), &e)
		return rec.Code, e.Error, rec.Header().Get("Retry-After")
	}
	look := func(ip, sid string) int {
		r := apiRequest("GET", "/api/state?sid="+sid, "")
		r.RemoteAddr = ip + ":40000"
		code, _ := serve(s, r)
		return code
	}
	if code, msg, _ := newGame("192.0.2.2", "bystander-1"); code != 200 {
		t.Fatalf("bystander: %d %q", code, msg)
	}
	flood := func(i int) (int, string, string) {
		defer func() { now = now.Add(time.Second) }()
		return newGame("192.0.2.1", "flood-"+strconv.Itoa(i)+"-xxxx")
	}
	for i := range 2 {
		if code, msg, _ := flood(i); code != 200 {
			t.Fatalf("flood %d: %d %q", i, code, msg)
		}
	}
	if code := look("192.0.2.1", "flood-0-xxxx"); code != 200 {
		t.Fatalf("the flooder's first game: %d", code)
	}
	if code, msg, _ := flood(2); code != 200 { // over its cap of 2: flood-1 goes
		t.Fatalf("flood 2: %d %q", code, msg)
	}
	code, msg, retry := flood(3)
	// 3 a minute: a fourth 20 s after the first, 17 s from now.
	if code != 429 || retry != "17" || msg != "too many new sessions from 192.0.2.1: at most 3 a minute; try again in 17 s" {
		t.Fatalf("over the allowance: %d %q Retry-After %q", code, msg, retry)
	}
	if code := look("192.0.2.1", "flood-0-xxxx"); code != 200 {
		t.Errorf("a game of its own is no new one: %d", code)
	}
	if code, msg, _ := newGame("192.0.2.3", "bystander-2"); code != 200 {
		t.Errorf("another client during the flood: %d %q", code, msg)
	}
	now = now.Add(16 * time.Second)
	if code, msg, _ := flood(3); code != 200 { // over its cap again: flood-2 goes
		t.Errorf("after Retry-After: %d %q", code, msg)
	}
	for id, want := range map[string]bool{"flood-0-xxxx": true, "flood-1-xxxx": false, "flood-2-xxxx": false,
		"flood-3-xxxx": true, "bystander-1": true, "bystander-2": true} {
		if got := s.sessions.has(id); got != want {
			t.Errorf("session %s kept: %v, want %v", id, got, want)
		}
	}
}

// TestDoorJobLimits holds jobs and streams open for one client: the next
// gets 429 with Retry-After, and once one ends there is room again.
func TestDoorJobLimits(t *testing.T) {
	s := newQuietServer(t, Config{Addr: testAddr, PerClient: ClientLimits{Jobs: 2, Streams: 1}})
	hold := func(path string) (func(), int, string) {
		rec := httptest.NewRecorder()
		release, ok := s.clients.admit(rec, "192.0.2.1", path, "", s.sessions)
		var e wire.ErrorBody
		_ = json.Unmarshal(rec.Body.Bytes(), &e)
		if ok && rec.Code != 200 {
			t.Fatalf("%s admitted with %d", path, rec.Code)
		}
		if !ok && rec.Header().Get("Retry-After") != "5" {
			t.Errorf("%s: Retry-After %q", path, rec.Header().Get("Retry-After"))
		}
		return release, rec.Code, e.Error
	}
	think, _, _ := hold("/api/think")
	if _, code, msg := hold("/api/perft"); code != 429 || msg != "too many open streams from 192.0.2.1: at most 1; close one (another tab's search, perft or bench)" {
		t.Errorf("second stream: %d %q", code, msg)
	}
	tree, _, _ := hold("/api/tree")
	if _, code, msg := hold("/api/profile"); code != 429 || !strings.HasPrefix(msg, "too many jobs at once from 192.0.2.1: at most 2 ") {
		t.Errorf("third job: %d %q", code, msg)
	}
	if _, code, _ := hold("/api/state"); code != 200 {
		t.Errorf("a game request is no job: %d", code)
	}
	think()
	if release, code, msg := hold("/api/bench"); code != 200 {
		t.Errorf("after the stream ended: %d %q", code, msg)
	} else {
		release()
	}
	tree()
}

// TestDoorStreamLimitServed opens a real search stream and asks for a
// second one from the same client through the whole server.
func TestDoorStreamLimitServed(t *testing.T) {
	_, ts := newTestServer(t, Config{PerClient: ClientLimits{Streams: 1}})
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","level":10}`, &st)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/think?sid="+testSid, nil)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e wire.ErrorBody
	if code := webtest.Call(t, ts, "GET", "/api/perft?pos=0&depth=6", "", &e); code != 429 || !strings.HasPrefix(e.Error, "too many open streams from 127.0.0.1") {
		t.Errorf("a second stream: %d %q", code, e.Error)
	}
}

// TestStreamOutlivesTimeouts watches a search stream for longer than the
// server's read and write timeouts: each event gets its own write deadline
// (wire.Stream.Send), so the stream lives as long as the search.
func TestStreamOutlivesTimeouts(t *testing.T) {
	s := newQuietServer(t, Config{})
	hs := s.HTTPServer()
	if hs.ReadHeaderTimeout <= 0 || hs.ReadTimeout <= 0 || hs.WriteTimeout <= 0 || hs.IdleTimeout <= 0 {
		t.Fatalf("timeouts missing: %+v", hs)
	}
	hs.ReadTimeout, hs.WriteTimeout = 100*time.Millisecond, 100*time.Millisecond
	ts := httptest.NewUnstartedServer(s)
	ts.Config = hs
	ts.Start()
	defer ts.Close()
	var st stateJSON
	webtest.Call(t, ts, "POST", "/api/settings", `{"sid":"`+testSid+`","level":10}`, &st) // 5 s a move
	webtest.Call(t, ts, "POST", "/api/move", `{"sid":"`+testSid+`","move":"a3"}`, &st)    // out of the book
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/think?sid="+testSid, nil)
	start := time.Now()
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	events := 0
	for time.Since(start) < 5*hs.WriteTimeout {
		if !sc.Scan() {
			t.Fatalf("the stream ended after %v and %d events: %v", time.Since(start), events, sc.Err())
		}
		if strings.HasPrefix(sc.Text(), "event: ") {
			events++
		}
	}
}
