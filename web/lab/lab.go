// Package lab is the browser game's workbench, the tabs beside the game:
// perft with its divide, the bench, where the search's time goes (a CPU
// profile per component) and the recorded search tree. Package web serves
// it on its mux (Register) and lends it its job slots, engines and the
// tabs' games (Host); the lab reaches the search only through package
// engine.
//
//	page (static/tabs.js)                        lab (this package)
//	---------------------                        ------------------
//	GET  /api/perft/positions   ───────────────▶ the standard set and its counts
//	EventSource /api/perft?pos=&depth= ◀ progress … done (Cancel = close the stream)
//	EventSource /api/bench?depth=      ◀ progress … done (engine.Bench)
//	POST /api/profile {sid,seconds}  ──────────▶ CPU profile of a search, per component
//	POST /api/tree {sid,depth,maxNodes} ───────▶ the recorded alpha-beta tree (engine.SearchTree)
//	GET  /api/position?fen=&moves=  ───────────▶ the board after a line (tree tab)
//
// Every job takes a slot and an engine from the Host first, and stops when
// its request's context ends (the page closed the stream or went away).
package lab

import (
	"net/http"
	"strings"

	"ox88/chess"
	"ox88/engine"
	"ox88/web/internal/wire"
)

// Host is what the lab needs of the server it is part of.
type Host interface {
	// Acquire takes a job slot and an engine for r. When none is free in
	// time it answers w (503) and returns false; when r's context ends
	// first it returns false without an answer.
	Acquire(w http.ResponseWriter, r *http.Request) (*engine.Engine, bool)
	// Release gives back the slot and the engine of an Acquire.
	Release(*engine.Engine)
	// TabPosition returns the current position of the game of the browser
	// tab sid, or answers w (400) and returns false.
	TabPosition(w http.ResponseWriter, sid string) (*chess.Position, bool)
}

// Jobs are the paths of the lab's CPU-bound routes, true for those that
// answer with an event stream: the server's door counts them per client.
var Jobs = map[string]bool{"/api/perft": true, "/api/bench": true, "/api/profile": false, "/api/tree": false}

// lab serves the routes with its host's slots, engines and games.
type lab struct{ host Host }

// Register registers the lab's routes on mux, served with host's job
// slots, engines and games.
func Register(mux *http.ServeMux, host Host) {
	l := &lab{host}
	mux.HandleFunc("GET /api/perft/positions", l.handlePerftPositions)
	mux.HandleFunc("GET /api/perft", l.handlePerft)
	mux.HandleFunc("GET /api/bench", l.handleBench)
	mux.HandleFunc("POST /api/profile", l.handleProfile)
	mux.HandleFunc("POST /api/tree", l.handleTree)
	mux.HandleFunc("GET /api/position", l.handlePosition)
}

// requestPosition returns the position a job runs on: a FEN if given, else
// the current position of the tab's game if sid is given, else the start.
// It answers 400 and returns false on a bad FEN or session id.
func (l *lab) requestPosition(w http.ResponseWriter, sid, fen string) (*chess.Position, bool) {
	if fen = strings.TrimSpace(fen); fen != "" {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			wire.Error(w, http.StatusBadRequest, "FEN: "+err.Error())
			return nil, false
		}
		return pos, true
	}
	if sid != "" {
		return l.host.TabPosition(w, sid)
	}
	return chess.StartPosition(), true
}
