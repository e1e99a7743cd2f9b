// Package linetest drives a line-based protocol server (UCI, xboard) through
// a pipe, as a GUI would, and hands its output back line by line. It is the
// shared harness of the protocol packages' tests.
package linetest

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is a protocol server as a session drives it: it reads commands
// from in until quit or the end of input.
type Server interface {
	Serve(in io.Reader) error
}

// Conn is one conversation over lines: what the test writes to In, and
// what the other side wrote, a line at a time.
type Conn struct {
	T     *testing.T
	In    io.WriteCloser // what the GUI writes
	Lines chan string    // what the other side wrote, a line at a time
	// Exited, when set, is closed once the other side has ended and all
	// it wrote is on Lines: Expect then fails at once instead of waiting.
	Exited <-chan struct{}
}

// NewConn returns a conversation writing to in, and the writer whose
// writes become its Lines.
func NewConn(t *testing.T, in io.WriteCloser) (*Conn, io.Writer) {
	c := &Conn{T: t, In: in, Lines: make(chan string, 1<<16)}
	return c, &lineWriter{lines: c.Lines}
}

// ReadyWaits sends isready n times, pause after each readyok, and
// returns how long each readyok took to come (up to a second), shortest
// first.
func (c *Conn) ReadyWaits(n int, pause time.Duration) []time.Duration {
	waits := make([]time.Duration, 0, n)
	for range n {
		start := time.Now()
		c.Send("isready")
		c.Expect("readyok", time.Second)
		waits = append(waits, time.Since(start))
		time.Sleep(pause)
	}
	slices.Sort(waits)
	return waits
}

// Session is one conversation with a server of type S.
type Session[S Server] struct {
	*Conn
	Srv  S // the server
	done chan error
}

// lineWriter turns a server's writes into lines on a channel.
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

// Start makes the server's output writer, asks newServer for a server
// writing there, and serves the session's input with it. The session
// closes when the test ends.
func Start[S Server](t *testing.T, newServer func(out io.Writer) S) *Session[S] {
	t.Helper()
	pr, pw := io.Pipe()
	c, out := NewConn(t, pw)
	s := &Session[S]{Conn: c, done: make(chan error, 1)}
	s.Srv = newServer(out)
	go func() { s.done <- s.Srv.Serve(pr) }()
	t.Cleanup(func() { s.Close() })
	return s
}

// ServeWithin serves input with srv and fails t unless the session ends
// within d of the input's end (the fuzzers' check: a session never hangs).
func ServeWithin(t *testing.T, srv Server, input string, d time.Duration) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		srv.Serve(strings.NewReader(input))
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("session did not end within %v of its input's end", d)
	}
}

// Send writes input lines (each given line gets a "\n").
func (s *Conn) Send(lines ...string) {
	s.T.Helper()
	if _, err := io.WriteString(s.In, strings.Join(lines, "\n")+"\n"); err != nil {
		s.T.Fatalf("send: %v", err)
	}
}

// Expect waits up to d for a line starting with prefix and returns it with
// the lines that came before it.
func (s *Conn) Expect(prefix string, d time.Duration) (string, []string) {
	s.T.Helper()
	l, before, found := s.until(prefix, d)
	if !found {
		select {
		case <-s.Exited:
			s.T.Fatalf("the other side exited; waiting for %q after %q", prefix, before)
		default:
			s.T.Fatalf("no %q line within %v; got %q", prefix, d, before)
		}
	}
	return l, before
}

// Quiet checks that no line starting with prefix arrives within d, and
// returns the lines that did.
func (s *Conn) Quiet(prefix string, d time.Duration) []string {
	s.T.Helper()
	l, got, found := s.until(prefix, d)
	if found {
		s.T.Fatalf("unexpected %q (after %q)", l, got)
	}
	return got
}

// until reads lines for up to d, until one starting with prefix, or
// until the other side has exited and its lines are read: it returns that
// line, whether it came, and the lines before it.
func (s *Conn) until(prefix string, d time.Duration) (line string, before []string, found bool) {
	timeout := time.After(d)
	for {
		select {
		case l := <-s.Lines:
			if strings.HasPrefix(l, prefix) {
				return l, before, true
			}
			before = append(before, l)
		case <-s.Exited:
			for { // what it wrote before it ended is all on Lines
				select {
				case l := <-s.Lines:
					if strings.HasPrefix(l, prefix) {
						return l, before, true
					}
					before = append(before, l)
				default:
					return "", before, false
				}
			}
		case <-timeout:
			return "", before, false
		}
	}
}

// Close ends the input and waits for the server to return.
func (s *Session[S]) Close() {
	s.In.Close()
	select {
	case err := <-s.done:
		if err != nil {
			s.T.Errorf("Serve: %v", err)
		}
		s.done <- nil // Close is idempotent
	case <-time.After(5 * time.Second):
		s.T.Fatal("Serve did not return within 5s of the end of input")
	}
}

// SyncBuffer is a bytes.Buffer safe for several writers and a reader (a
// server's two writers, a program's output read while it runs).
type SyncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *SyncBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// String returns what was written so far.
func (w *SyncBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
