package uci

import (
	"io"
	"testing"
	"time"

	"ox88/engine"
	"ox88/internal/linetest"
)

// session is a conversation with a Server over a pipe (see linetest).
type session struct {
	*linetest.Session
	t     *testing.T
	srv   *Server
	in    *io.PipeWriter
	lines chan string
}

func newSession(t *testing.T) *session {
	t.Helper()
	s := &session{t: t}
	s.Session = linetest.Start(t, func(out io.Writer) func(io.Reader) error {
		s.srv = NewServer(engine.New(), out)
		return s.srv.Serve
	})
	s.in, s.lines = s.Session.In, s.Session.Lines
	return s
}

func (s *session) send(lines ...string) { s.t.Helper(); s.Send(lines...) }

func (s *session) expect(prefix string, d time.Duration) (string, []string) {
	s.t.Helper()
	return s.Expect(prefix, d)
}

func (s *session) quiet(prefix string, d time.Duration) []string {
	s.t.Helper()
	return s.Quiet(prefix, d)
}

func (s *session) close() { s.Close() }

type syncBuffer = linetest.SyncBuffer
