package xboard

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"ox88/engine"
)

// session drives a Server through a pipe, as a GUI would, and hands the
// output back line by line.
type session struct {
	t     *testing.T
	srv   *Server
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

// lineWriter turns the server's writes into lines on a channel.
type lineWriter struct {
	mu      sync.Mutex
	partial string
	lines   chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.partial += string(p)
	for {
		i := strings.IndexByte(w.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		w.lines <- w.partial[:i]
		w.partial = w.partial[i+1:]
	}
}

func newSession(t *testing.T) *session {
	t.Helper()
	pr, pw := io.Pipe()
	s := &session{t: t, in: pw, lines: make(chan string, 1<<16), done: make(chan error, 1)}
	s.srv = NewServer(engine.New(), &lineWriter{lines: s.lines})
	go func() { s.done <- s.srv.Serve(pr) }()
	t.Cleanup(func() { s.close() })
	return s
}

// send writes input lines (each given line gets a "\n").
func (s *session) send(lines ...string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, strings.Join(lines, "\n")+"\n"); err != nil {
		s.t.Fatalf("send: %v", err)
	}
}

// expect waits up to d for a line starting with prefix and returns it with
// the lines that came before it.
func (s *session) expect(prefix string, d time.Duration) (string, []string) {
	s.t.Helper()
	var before []string
	timeout := time.After(d)
	for {
		select {
		case l := <-s.lines:
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			s.t.Fatalf("no %q line within %v; got %q", prefix, d, before)
			return "", nil
		}
	}
}

// quiet checks that no line starting with prefix arrives within d, and
// returns the lines that did.
func (s *session) quiet(prefix string, d time.Duration) []string {
	s.t.Helper()
	var got []string
	timeout := time.After(d)
	for {
		select {
		case l := <-s.lines:
			if strings.HasPrefix(l, prefix) {
				s.t.Fatalf("unexpected %q (after %q)", l, got)
			}
			got = append(got, l)
		case <-timeout:
			return got
		}
	}
}

// close ends the input and waits for Serve to return.
func (s *session) close() {
	s.in.Close()
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Errorf("Serve: %v", err)
		}
		s.done <- nil // close is idempotent
	case <-time.After(5 * time.Second):
		s.t.Fatal("Serve did not return within 5s of the end of input")
	}
}

// syncBuffer is a bytes.Buffer safe for the server's two writers.
type syncBuffer struct {
	mu sync.Mutex
	b  *bytes.Buffer
}

func (w *syncBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}
