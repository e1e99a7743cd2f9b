// Package review reviews a game as lichess and the chess sites do: it
// evaluates every position with the engine, turns each evaluation into
// winning chances, judges each move by the chances it gave away, gives
// each side an accuracy figure, and writes the result as an annotated PGN,
// a text summary and an evaluation graph. The terminal and browser games
// and `ox88 analyze` share it.
//
// # From scores to judgements
//
//	positions   p0 ──m1──▶ p1 ──m2──▶ p2 ──m3──▶ p3      Analyze: one search each
//	score (W)   +0.20      +0.35      #1                 Verdict.Score, White's view
//	win% (W)    51.8       53.2       97.5               WinPercent
//	mover's     m1: 51.8 → 53.2       m3: ...            Move.Before, Move.After
//	            m2 (Black): 46.8 → 2.5, a drop of 44.3 ──▶ Blunder, NAG $4
//
// A move's value is the value of the position it leads to, so one search
// per position is enough: the drop of move m is the mover's win% at the
// position before m minus the mover's win% at the position after it, and
// the better move is the first move of the position-before's best line.
//
// WinPercent is lichess's logistic model of a centipawn score; the
// thresholds (InaccuracyDrop, MistakeDrop, BlunderDrop), MoveAccuracy and
// GameAccuracy are lichess's too, so ox88's figures read like the ones
// players know. They are documented where they are defined (winpct.go).
// The model was fitted to human games against Stockfish's scale; ox88's
// scores run on a similar scale (a pawn is about 100), which is what makes
// the borrowed curve meaningful here. A model fitted to ox88's own games
// can replace WinPercent without touching anything else.
package review
