// Package game holds one game of chess: where it started, the moves played,
// the way back and forward through them, how it ended, and its PGN.
//
// # History
//
// A Game keeps every position it has passed through, not only the moves:
//
//	ply:        0       1       2       3            Len()
//	positions: start -> p1  ->  p2  ->  p3  ...  ->  last
//	moves:        m1      m2      m3     ...
//	                      ^ Ply() (the current position)
//
// Undo and Redo move the current ply along this line without replaying
// anything, so taking back forty moves costs the same as taking back one.
// Moves after the current ply are the redo tail; Play at an earlier ply
// drops that tail, as every takeback-and-try-again interface does.
//
// # Outcomes
//
// Outcome looks at the current position and the history that led to it:
// checkmate and stalemate from the legal moves, insufficient material from
// the pieces left, threefold repetition from the Zobrist keys of earlier
// positions with the same side to move (only back to the last capture or
// pawn move, as nothing earlier can repeat), the fifty-move rule from the
// halfmove clock. A program claims the draws for its players, so they end
// the game at once. Outcomes the board cannot show (resignation, time,
// adjudication) are set with SetOutcome.
//
// # PGN
//
// PGN writes the Seven Tag Roster first, SetUp and FEN when the game did
// not begin at the standard start, each move's NAGs ("$4"), comment in
// braces and variations in parentheses (annotate.go), and wraps the
// movetext at 80 columns. ParsePGN reads what people and programs write:
// tags, SAN moves (leniently), move numbers, comments of both kinds, NAGs
// and annotation marks (kept as NAGs), variations nested in parentheses
// (read into the game tree), results; bad input is an error that names
// the line and says what is wrong.
//
// # The tree
//
// Any move can have variations, and their moves variations of their own
// (tree.go). A Path names a position anywhere in the tree; PlayAt plays a
// move from one without dropping anything, so a move from an earlier
// position becomes a variation; Tree lists the whole tree for a front end.
// The main-line methods above see only the main line.
package game
