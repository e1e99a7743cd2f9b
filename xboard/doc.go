// Package xboard speaks the Chess Engine Communication Protocol (CECP,
// version 2), the protocol of xboard/WinBoard, over an io.Reader and an
// io.Writer.
//
// # One game
//
//	GUI -> engine              engine -> GUI
//	xboard
//	protover 2                 feature myname="ox88" setboard=1 usermove=1 ping=1 ...
//	                           feature option="Hash -spin 16 1 4096"
//	                           ...
//	                           feature done=1
//	memory 64                  (MiB for the hash table; cores N, egtpath syzygy PATH,
//	                           option NAME=VALUE likewise wait for the next search)
//	new                        (engine plays Black, White to move)
//	level 40 5 0               (40 moves in 5 minutes, no increment)
//	post
//	time 30000                 (engine's clock: 300.00 s, in centiseconds)
//	otim 30000
//	usermove e2e4
//	                           1 -30 0 21 e5
//	                           ...
//	                           move e7e5
//	ping 7                     pong 7
//	usermove f1c4
//	...                        move d8f6
//	                           0-1 {Black mates}
//
// Unlike UCI, the engine keeps the game (a game.Game): it applies the
// opponent's moves (usermove), knows which side it plays (new: Black; go:
// the side to move; force: neither), decides itself when to think, and
// claims the result when the game ends under the rules, as
// game.Game.Outcome decides it (mate, stalemate, insufficient material,
// threefold repetition, the fifty-move rule), in xboard's words (claim),
// also when told to go on a game that is over. A ping that comes while
// the engine thinks on its move is answered after the move.
//
// # How the server is built
//
// Serve reads lines on one goroutine; a search runs on the engine's
// goroutine and comes back through callbacks (Server.info,
// Server.bestMove), which play the engine's move on the game and write it.
// The game state is shared between the two under Server.mu. Commands that
// change the game while the engine thinks (new, force, undo, setboard,
// result, ...) first abort the search: the engine stops and its move is
// thrown away. "?" stops it and plays the move it has.
//
// Analysis (analyze ... exit) is an endless search on the current position
// that restarts whenever the position changes; its thinking lines are the
// output, and its final move is discarded.
package xboard
