// Package match plays chess engines against each other and measures the
// result: "ox88 match", in the spirit of cutechess-cli. Main is the
// command (flags.go); LoadOpenings is shared with "ox88 datagen".
//
// The runner owns everything that decides a game; the engines only think:
//
//	Main (flags.go) ── package flag, with cutechess-cli's KEY=VALUE lists
//	run (match.go)
//	 ├─ schedule: pair k of every pairing = opening k, played twice with
//	 │            colours swapped (openings.go); game N is always the same
//	 ├─ openOutput: the PGN file and the journal; a resumed match counts
//	 │              the games it recorded and plays the rest (journal.go)
//	 ├─ workers ×concurrency, each keeping its engine processes (worker.go)
//	 │    └─ playGame (play.go)
//	 │         game.Game ──── the rules: mate, stalemate, repetition, fifty
//	 │         clock.Clock ×2 each side's time under its own limits (limits.go)
//	 │         player    ──── uciPlayer (uci.go) / xboardPlayer (xboard.go)
//	 │                        over a process in its own process group
//	 │                        (process.go: killed as a group, always)
//	 │         adjudicator ── draw / resign / maximum moves
//	 │         engineStats ── nodes, depth, time, book and mate-zone moves
//	 │                        (telemetry.go)
//	 └─ collector: each finished game to the PGN (synced), then the journal
//	              (synced), then the tallies, pentanomial pairs and SPRT
//	              (result.go, internal/stats); the report (report.go)
//
// A fault (an illegal move, a crash, no answer) loses the game for the
// engine at fault, which is restarted before its next game; cancelling the
// context (Ctrl-C) stops the match, kills every engine and returns the
// result so far, and the journal lets "--resume" play the rest.
package match
