package web

import (
	"log"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzGameRequests sends arbitrary bodies to the game routes: the answer is
// always a JSON 2xx or 4xx, never a 5xx or a panic.
func FuzzGameRequests(f *testing.F) {
	for _, seed := range []string{
		`{"sid":"fuzz-session","move":"e2e4"}`, `{"sid":"fuzz-session","move":"e7e8q"}`,
		`{"sid":"fuzz-session","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}`, `{"sid":"fuzz-session","pgn":"1. e4 e5 *"}`,
		`{"sid":"fuzz-session","ply":-1}`, `{"sid":"fuzz-session","level":0,"tc":"40/1e308"}`,
		`{"sid":"fuzz-session","human":"black"}`, `{`, `null`, `[]`, `{"sid":7}`,
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
