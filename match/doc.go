// Package match plays chess engines against each other and measures the
// result: the engine side of "ox88 match", in the spirit of cutechess-cli.
//
// The runner owns everything that decides a game; the engines only think:
//
//	Run (match.go)
//	 ├─ schedule: pair k of every pairing = opening k, played twice with
//	 │            colours swapped (openings.go)
//	 ├─ workers ×concurrency, each keeping its engine processes
//	 │    └─ playGame (play.go)
//	 │         game.Game ── the rules: mate, stalemate, repetition, fifty
//	 │         clock.Clock ─ time left, increment, periods, the margin
//	 │         player    ── uciPlayer (uci.go) / xboardPlayer (xboard.go)
//	 │                       over a process in its own process group
//	 │                       (process.go: killed as a group, always)
//	 │         adjudicator ─ draw / resign / maximum moves
//	 └─ collector: tallies, pentanomial pairs, SPRT, PGN, report
//	              (stats.go, report.go)
//
// A fault (an illegal move, a crash, no answer) loses the game for the
// engine at fault, which is restarted before its next game; cancelling the
// context (Ctrl-C) stops the match, kills every engine and returns the
// result so far.
package match
