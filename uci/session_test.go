package uci

import (
	"io"
	"testing"

	"ox88/engine"
	"ox88/internal/linetest"
)

// session is a conversation with a Server over a pipe (linetest.Session).
type session struct{ *linetest.Session[*Server] }

func newSession(t *testing.T) *session {
	t.Helper()
	return &session{linetest.Start(t, func(out io.Writer) *Server { return NewServer(engine.New(), out) })}
}

type syncBuffer = linetest.SyncBuffer
