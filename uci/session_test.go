package uci

import (
	"io"
	"testing"

	"ox88/engine"
	"ox88/internal/linetest"
)

// session is a conversation with a Server over a pipe: Send, Expect and
// Quiet come from linetest.Session; t, srv, in and lines are shortcuts.
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

type syncBuffer = linetest.SyncBuffer
