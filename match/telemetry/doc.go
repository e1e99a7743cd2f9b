// Package telemetry reads back what `ox88 match` writes of the engines'
// thinking into its PGN, and shows it: a text table for a terminal and an
// SVG chart for a browser (`ox88 telemetry GAMES.pgn [--svg OUT.svg]`).
//
// # What it reads
//
// Each engine move's comment is one of (docs/ENGINE.md Part VIII §7):
//
//	{book}                                            a book move: no search
//	{+0.31/12 0.52s}   {-M3/20 0.52s}   {0.52s}       cutechess-cli's: score in pawns, depth, time
//	{d=12 nodes=48213 score=+31 tt=900 bal=+100 diff=-69 0.52s}    with --telemetry
//
// Scores are the mover's, in centipawns in the telemetry form (M5, -M3
// for mates); bal is the material balance the engine saw, diff the score
// minus bal. Fields an engine did not report are left out. The last move's
// comment adds the game's ending after a comma ("…0.52s, White mates").
// The WhiteTelemetry and BlackTelemetry tags, when present, hold each
// engine's summary of the game (moves=40 book=8 nodes=… depths=5:3,6:10 …),
// which the table prints as they are.
//
// # What it draws
//
// Per game, against the ply (labelled in move numbers): the score, from
// White's point of view (mates at ±MateCP), and the material balance of the
// board after each move (textbook values, eval.Material), in one chart;
// the depth of each engine's moves in a second and their nodes in a third,
// one line per engine, since the two may search to very different budgets.
package telemetry
