package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// eventStream writes Server-Sent Events: "event: NAME\ndata: JSON\n\n",
// flushed at once so the page sees each as it happens.
type eventStream struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// newEventStream sends the SSE headers. The page's EventSource reconnects
// on its own after an error; the page closes it on "done" and "fail", and
// "retry: 86400000" keeps a browser that missed those from restarting a
// search every few seconds.
func newEventStream(w http.ResponseWriter) *eventStream {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	es := &eventStream{w: w, rc: http.NewResponseController(w)}
	es.extend()
	fmt.Fprint(w, "retry: 86400000\n\n")
	_ = es.rc.Flush()
	return es
}

// send writes one event and reports whether the client is still there.
func (es *eventStream) send(name string, v any) bool {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(errorBody{err.Error()})
		name = "fail"
	}
	es.extend()
	if _, err := fmt.Fprintf(es.w, "event: %s\ndata: %s\n\n", name, data); err != nil {
		return false
	}
	return es.rc.Flush() == nil
}

// extend gives the next event streamWriteWait to be written: a stream lives
// as long as its job, and a client that stops reading is dropped.
func (es *eventStream) extend() {
	_ = es.rc.SetWriteDeadline(time.Now().Add(streamWriteWait))
}
