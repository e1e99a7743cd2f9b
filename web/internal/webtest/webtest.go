// Package webtest holds what the tests of the web server's parts (packages
// web and lab) share: a JSON call and a reader of Server-Sent Events.
package webtest

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Call sends a request and decodes the JSON answer into out (if non-nil),
// returning the status. A POST is sent as application/json; an error
// answered in another type fails the test.
func Call(t *testing.T, ts *httptest.Server, method, path, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode >= 400 && !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s %s: error with Content-Type %q: %s", method, path, ct, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

// Get sends a GET of path and returns the answer; its body is closed when
// the test ends, if the test has not closed it.
func Get(t *testing.T, ts *httptest.Server, path string) *http.Response {
	t.Helper()
	resp, err := ts.Client().Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// Events gets path and reads its events until one named stop (ReadEvents).
func Events(t *testing.T, ts *httptest.Server, path string, stop ...string) []Event {
	t.Helper()
	resp := Get(t, ts, path)
	defer resp.Body.Close()
	return ReadEvents(t, resp.Body, stop...)
}

// Event is one Server-Sent Event.
type Event struct {
	Name string
	Data string
}

// ReadEvents reads events from an SSE response until one named stop (or
// the end of the stream).
func ReadEvents(t *testing.T, body io.Reader, stop ...string) []Event {
	t.Helper()
	var out []Event
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var cur Event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			cur.Name = line[7:]
		case strings.HasPrefix(line, "data: "):
			cur.Data = line[6:]
		case line == "" && cur.Name != "":
			out = append(out, cur)
			for _, s := range stop {
				if cur.Name == s {
					return out
				}
			}
			cur = Event{}
		}
	}
	return out
}
