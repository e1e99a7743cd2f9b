// Package wire is what the parts of the web server (the game in package
// web, the lab in package lab) say to the page in the same words: JSON
// answers and errors, JSON request bodies, Server-Sent Events and the board
// as the page draws it.
package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"ox88/chess"
)

// ErrorBody is the JSON of every error: an error response's body and a
// stream's "fail" event.
type ErrorBody struct {
	Error string `json:"error"`
}

// Error answers status with the JSON error msg.
func Error(w http.ResponseWriter, status int, msg string) {
	JSON(w, status, ErrorBody{msg})
}

// JSON answers status with v in JSON, never cached.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// ReadJSON decodes the request body into v, rejecting unknown fields,
// trailing data and bodies over the server's http.MaxBytesReader limit.
// On an error it answers 400 (413 for a body too big) with a message ready
// to show and returns false.
func ReadJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("unexpected data after the JSON object")
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			Error(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", tooBig.Limit))
			return false
		}
		Error(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return false
	}
	return true
}

// pieceCodes are the page's names of the pieces, indexed by chess.Piece.
var pieceCodes = [16]string{"", "wP", "wN", "wB", "wR", "wQ", "wK", "", "", "bP", "bN", "bB", "bR", "bQ", "bK", ""}

// Board returns the board of pos as the page draws it: a1 = 0 ... h8 = 63,
// each "wP", "bK" ... or "" for an empty square.
func Board(pos *chess.Position) [64]string {
	var b [64]string
	for i := range b {
		b[i] = pieceCodes[pos.At(chess.SquareFrom64(i))&15]
	}
	return b
}

// eventWriteWait is how long one event of a Stream may take to be written:
// a stream lives as long as its job, and a client that stops reading is
// dropped.
const eventWriteWait = 30 * time.Second

// Stream writes Server-Sent Events: "event: NAME\ndata: JSON\n\n", flushed
// at once so the page sees each as it happens.
type Stream struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// NewStream sends the SSE headers. The page's EventSource reconnects on its
// own after an error; the page closes it on "done" and "fail", and
// "retry: 86400000" keeps a browser that missed those from restarting a
// search every few seconds.
func NewStream(w http.ResponseWriter) *Stream {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	es := &Stream{w: w, rc: http.NewResponseController(w)}
	es.extend()
	fmt.Fprint(w, "retry: 86400000\n\n")
	_ = es.rc.Flush()
	return es
}

// Send writes one event and reports whether the client is still there.
func (es *Stream) Send(name string, v any) bool {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(ErrorBody{err.Error()})
		name = "fail"
	}
	es.extend()
	if _, err := fmt.Fprintf(es.w, "event: %s\ndata: %s\n\n", name, data); err != nil {
		return false
	}
	return es.rc.Flush() == nil
}

// extend gives the next event eventWriteWait to be written.
func (es *Stream) extend() {
	_ = es.rc.SetWriteDeadline(time.Now().Add(eventWriteWait))
}
