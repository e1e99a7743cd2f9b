package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"ox88/internal/linetest"
	"ox88/web"
)

func TestWebFlags(t *testing.T) {
	if code := runWeb([]string{"-h"}); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
	if code := runWeb([]string{"--addr", "127.0.0.1:bad"}); code != 1 {
		t.Errorf("bad address: exit %d", code)
	}
	if code := runWeb([]string{"--nope"}); code != 2 {
		t.Errorf("unknown flag: exit %d", code)
	}
	for _, n := range []string{"-1", "257"} {
		if code := runWeb([]string{"--threads", n, "--addr", "127.0.0.1:bad"}); code != 2 {
			t.Errorf("--threads %s: exit %d", n, code)
		}
	}
}

func TestServeWeb(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	out := &linetest.SyncBuffer{}
	done := make(chan int, 1)
	go func() { done <- serveWeb(ctx, ln, web.Config{MaxSearches: 1}, out) }()
	url := "http://" + ln.Addr().String() + "/"
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "ox88") {
		t.Fatalf("GET /: %d", resp.StatusCode)
	}
	if got := out.String(); got != "ox88 web: serving the browser game at "+url+"\n" {
		t.Fatalf("printed %q", got)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not stop")
	}
}

// TestServeWebToken serves with --token on loopback: the printed URL
// carries the token, and the API answers 401 without it and 200 with it.
func TestServeWebToken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &linetest.SyncBuffer{}
	go serveWeb(ctx, ln, web.Config{MaxSearches: 1, Token: "test-token"}, out)
	base := "http://" + ln.Addr().String()
	for deadline := time.Now().Add(5 * time.Second); out.String() == "" && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if got, want := out.String(), "ox88 web: serving the browser game at "+base+"/?token=test-token\n"; got != want {
		t.Fatalf("printed %q, want %q", got, want)
	}
	for _, tc := range []struct {
		query string
		code  int
	}{{"", 401}, {"&token=wrong", 401}, {"&token=test-token", 200}} {
		t.Run(tc.query, func(t *testing.T) {
			resp, err := http.Get(base + "/api/state?sid=token-test-1" + tc.query)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.code {
				t.Errorf("state%s: %d, want %d", tc.query, resp.StatusCode, tc.code)
			}
		})
	}
}
