// Package web is the browser game that `ox88 web` serves: one page, embedded
// in the binary with embed.FS, and a small JSON and Server-Sent Events API
// behind it. Nothing is fetched from elsewhere; the pieces are drawn in
// static/pieces.js.
//
// Each browser tab makes a session id (kept in sessionStorage, so a tab keeps
// its game across reloads and two tabs have two games) and sends it with
// every request. The server keeps the sessions in memory and forgets one
// after sessionIdle without a request.
//
//	page (static/app.js, tabs.js)                server (this package)
//	-----------------------------                ---------------------
//	GET  /api/state?sid=        ───────────────▶ stateJSON: board, legal moves in SAN,
//	POST /api/move {sid,move}   ───────────────▶   move list, clocks, outcome, PGN,
//	POST /api/undo|redo|goto|new|settings|       attackers of every square (visualizer)
//	     import|resign
//	EventSource /api/think?sid= ◀─ info … done ─ engine.Go on a pooled engine; the move
//	                                             is played into the game on "done"
//	POST /api/movenow {sid}     ───────────────▶ engine.Stop: play the best move so far
//	/api/perft, bench, profile, tree, position ─▶ the lab (package lab)
//
// The code is in three parts: this package is the server (server.go, the
// door in guard.go), the game (play.go, session.go, think.go) and the
// page; package lab is the workbench beside the game (perft, bench,
// profile, search tree), registered on the server's mux with the server
// lending it job slots, engines and the tabs' games (lab.Host); package
// internal/wire is what both say to the page (JSON, errors, event streams,
// the board). Both reach the search only through package engine and use
// nothing of package search but its vocabulary (Info, Limits, TreeNode, the score
// helpers; TestSearchOnlyThroughEngine holds them to it).
//
// CPU-bound work (searches, perft, bench, profile, tree) takes one of
// Config.MaxSearches slots first, and an engine of Config.Threads search
// threads; a request that waits longer than Config.SlotWait gets 503. A
// job stops when its request's context ends, which is what happens when
// the page closes the EventSource or goes away. Errors are JSON
// {"error": "..."} with a 4xx status (5xx only for a recovered panic or a
// busy server).
//
// Every request first passes the door in guard.go: a Host that names this
// server, a same-origin JSON API request, the start-up token when served
// beyond loopback, and each client's share of jobs, streams and sessions.
package web
