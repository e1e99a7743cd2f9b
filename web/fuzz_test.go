package web

import (
	"context"
	"log"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// FuzzGameRequests sends arbitrary bodies to the game routes: the answer is
// always a JSON 2xx or 4xx, never a 5xx or a panic.
func FuzzGameRequests(f *testing.F) {
	for _, seed := range []string{
		`{"sid":"fuzz-session","move":"e2e4"}`, `{"sid":"fuzz-session","move":"e7e8q"}`,
		`{"sid":"fuzz-session","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}`, `{"sid":"fuzz-session","pgn":"1. e4 e5 *"}`,
		`{"sid":"fuzz-session","ply":-1}`, `{"sid":"fuzz-session","level":0,"tc":"40/1e308"}`,
		`{"sid":"fuzz-session","human":"black"}`, `{`, `null`, `[]`, `{"sid":7}`,
		`{"sid":"fuzz-session","analysis":true}`, `{"sid":"fuzz-session","path":[1,0,1],"line":["e4","e5"]}`,
		`{"sid":"fuzz-session","path":[0],"move":"d4"}`, `{"sid":"fuzz-session","path":[2,0,1]}`,
	} {
		f.Add(seed)
	}
	// The server's log catches a handler's panic with its stack; a failure
	// prints it, so a find on a CI machine shows where it broke.
	var logged strings.Builder
	s := New(Config{Addr: testAddr, Logger: log.New(&logged, "", 0)})
	defer s.Close()
	routes := []string{"/api/move", "/api/import", "/api/goto", "/api/settings", "/api/new", "/api/undo", "/api/redo", "/api/resign"}
	f.Fuzz(func(t *testing.T, body string) {
		for _, route := range routes {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, apiRequest("POST", route, body))
			if rec.Code >= 500 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
				t.Fatalf("%s %q: %d %s\nserver log:\n%s", route, body, rec.Code, rec.Body.String(), logged.String())
			}
		}
	})
}

// FuzzQueries sends arbitrary query strings and bodies to every route, the
// lab's and the searching ones included, each request with a short
// deadline so a search it starts stops soon: the answer is never a 5xx or
// a panic, and it is JSON (or an event stream from the thinking route).
func FuzzQueries(f *testing.F) {
	for _, seed := range []struct {
		route       uint8
		query, body string
	}{
		{0, "sid=fuzz-session", ""}, {1, "sid=fuzz-session&turn=w", ""}, {2, "sid=fuzz-session&nodes=1000", ""},
		{3, "sid=fuzz-session&movetime=10", ""}, {4, "", ""}, {5, "fen=8/8/8/8/8/8/8/8+w+-+-&depth=3", ""},
		{6, "depth=1", ""}, {7, "", `{"fen":"startpos","depth":2}`}, {8, "", `{"fen":"x","depth":99,"nodes":-1}`},
		{9, "sid=fuzz-session", `{"move":"e2e4"}`}, {10, "sid=%zz", ""},
		{12, "sid=fuzz-session&lines=5&wdl=1&threads=1&hash=1", ""}, {13, "sid=fuzz-session", ""},
	} {
		f.Add(seed.route, seed.query, seed.body)
	}
	var logged strings.Builder
	s := New(Config{Addr: testAddr, Logger: log.New(&logged, "", 0)})
	defer s.Close()
	routes := []struct{ method, path string }{
		{"GET", "/api/state"}, {"GET", "/api/think"}, {"GET", "/api/review"}, {"GET", "/api/values"},
		{"GET", "/api/perft/positions"}, {"GET", "/api/perft"}, {"GET", "/api/bench"}, {"POST", "/api/tree"},
		{"POST", "/api/profile"}, {"POST", "/api/move"}, {"GET", "/api/nothing"}, {"POST", "/api/movenow"},
		{"GET", "/api/analyse"}, {"GET", "/api/book"}, {"POST", "/api/practice"},
	}
	f.Fuzz(func(t *testing.T, route uint8, query, body string) {
		rt := routes[int(route)%len(routes)]
		r := apiRequest(rt.method, rt.path, body)
		r.URL.RawQuery = query
		ctx, cancel := context.WithTimeout(r.Context(), 200*time.Millisecond)
		defer cancel()
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, r.WithContext(ctx))
		ct := rec.Header().Get("Content-Type")
		if ctx.Err() != nil && rec.Body.Len() == 0 {
			return // the client gave up first: no one to answer
		}
		if rec.Code >= 500 || !(strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "text/event-stream")) {
			t.Fatalf("%s %s?%s %q: %d %q %s\nserver log:\n%s", rt.method, rt.path, query, body, rec.Code, ct, rec.Body.String(), logged.String())
		}
	})
}
