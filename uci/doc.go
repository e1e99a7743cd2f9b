// Package uci speaks the Universal Chess Interface, the protocol by which
// GUIs, match runners (cutechess, ox88 match), python-chess and lichess-bot
// drive an engine, over an io.Reader and an io.Writer.
//
// # One session
//
//	GUI -> engine                      engine -> GUI
//	uci                                id name ox88 / id author ...
//	                                   option name Hash type spin ...
//	                                   uciok
//	setoption name Hash value 64
//	isready                            readyok
//	position startpos moves e2e4
//	go wtime 60000 btime 60000 winc 1000 binc 1000
//	                                   info depth 1 seldepth 1 multipv 1 score cp 30 nodes 21 nps ... pv e7e5
//	                                   ...
//	isready                            readyok           (at once, mid-search)
//	                                   info string material +0 positional +18 tthits 12
//	                                   bestmove e7e5 ponder g1f3
//	quit
//
// # How the server is built
//
// Serve reads lines on one goroutine and never waits on a search to answer
// isready, stop or ponderhit: a search runs on the engine's goroutine and
// reports through callbacks (Server.info, Server.bestMove), which format
// the lines. Writes from both goroutines go through one mutex, one whole
// line at a time.
//
// Each go gets a search record (type searchRecord). In go infinite and go ponder
// the record holds the engine's result until stop or ponderhit releases
// it, so bestmove never comes early, even when the search ends by itself
// (a mate found, a book move). A stop that arrives before the search has
// properly begun still ends it: the record remembers the stop and repeats
// it to the engine on the next report. A new go first stops the previous
// search and waits for its bestmove, so two searches never overlap and
// every go gets exactly one bestmove.
//
// Bad input never ends the session: an unparsable FEN or an illegal move
// in position is answered with "info string error: ..." and the last good
// position stays; unknown words are skipped, as the protocol asks, and a
// line with no known command is answered "Unknown command: 'LINE'. Type
// help for more information.", as Stockfish answers it.
package uci
