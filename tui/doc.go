// Package tui is the terminal game, ox88 play: a Bubble Tea program that
// puts a board, the engine's thoughts and the move list on the terminal.
//
// # The screen
//
//	row 0          title: who plays, level, time control
//	rows 1..8h     8 ┌──────────────┐   status, clocks
//	               . │  the board   │   the engine: depth, score, nodes,
//	               1 └──────────────┘     the move searched, the PV in SAN
//	               a . . . . . . .  h   the move list in SAN
//	               input line ("move> e2e4_", or the load prompt)
//	               message line (what just happened, or what went wrong)
//	               key line
//
// A square is 7x3, 5x2 or 3x1 terminal cells, the largest that leaves
// room for the panel beside the board (layout in board.go); the screen is
// redrawn on every resize. Each square's middle row holds three
// characters: a mark, the piece, a mark. The cursor is [ ]; without
// colours, the picked piece is ( ), the a/d pieces ! !, a capture target
// x, a king in check +.
//
// # The message flow
//
// Model.Update is the only code that changes the game. The engine runs on
// its own goroutine (engineThinker in thinker.go): Update asks it for a
// move with a numbered SearchRequest and goes on; the engine's progress
// reports and its move come back as infoMsg and bestMsg through a command
// that waits on a channel (Thinker.Listen). A report whose number is not
// the latest request's is from a search that was cancelled (a takeback, a
// new game) and is ignored, so a late move can never land on the wrong
// position. A game review (A, review.go) runs the same way: a job with
// its own engine and a clone of the game, numbered, whose progress and
// result come back as reviewProgressMsg and reviewDoneMsg. Tests replace
// the Thinker with a fake and drive Update with key messages, reading the
// screen's text (Model.screen, which View wraps).
package tui
