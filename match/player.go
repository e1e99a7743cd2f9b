package match

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
	"ox88/clock"
)

// player is an engine process driven through its protocol. The runner owns
// the clocks and the rules; a player only relays positions and moves.
type player interface {
	// newGame prepares the engine for a game from start (a FEN) with the
	// given limits. The engine may be asked to play either side.
	newGame(ctx context.Context, start string, limits gameLimits) error
	// move asks for a move in the position after moves (UCI notation) from
	// the game's start, and waits until the deadline at most.
	move(ctx context.Context, req *moveRequest) (moveReply, error)
	// gameOver tells the engine the game has ended (xboard wants to know).
	gameOver(result, reason string)
	// alive reports whether the engine can play another game.
	alive() bool
	// quit ends the engine and everything it started.
	quit()
}

// moveRequest is what a player needs to think about one move.
type moveRequest struct {
	start    string         // the game's start position (FEN)
	moves    []string       // the moves played since, in UCI notation
	sans     []string       // the same moves in SAN (for xboard engines that ask)
	pos      chess.Position // the position to move in
	limits   gameLimits
	times    clock.Times // the clocks before this move
	deadline time.Duration
}

// moveReply is an engine's answer.
type moveReply struct {
	move    string // as the engine wrote it
	resign  bool   // the engine resigned instead (xboard)
	info    searchInfo
	elapsed time.Duration // measured by the runner
}

// searchInfo is the last report an engine gave on its search for a move.
type searchInfo struct {
	depth    int
	hasScore bool
	score    int // centipawns, from the mover's side
	mate     int // non-zero: mate in this many moves (negative: mated)
	nodes    uint64
	// Telemetry that ox88 reports in "info string" (other engines may too):
	// transposition-table hits, material balance, score minus material.
	tt, bal, diff          int64
	hasTT, hasBal, hasDiff bool
	// book: the engine took the move from its own book (ox88 says "info
	// string book move e2e4").
	book bool
}

// Errors a player returns for a move; the game turns them into results.
var (
	// errDeadline: no move by the deadline (a time loss with a clock, a
	// stalled connection without one).
	errDeadline = errors.New("no move by the deadline")
	// errCannotSetUp: an xboard engine without setboard was given a
	// position; the match cannot go on with that book.
	errCannotSetUp = errors.New("cannot set up a position")
	// errAborted: the match was interrupted.
	errAborted = errors.New("aborted")
)

// waitLine returns the next line of output, or errExited when the engine's
// output ends, errDeadline when timer fires first, errAborted when ctx ends.
func waitLine(ctx context.Context, p *process, timer <-chan time.Time) (string, error) {
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", errExited
		}
		return line, nil
	case <-timer:
		return "", errDeadline
	case <-ctx.Done():
		return "", errAborted
	}
}

// waitFor reads lines until one satisfies match, within timeout.
func waitFor(ctx context.Context, p *process, timeout time.Duration, match func(string) bool) error {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		line, err := waitLine(ctx, p, t.C)
		if err != nil {
			return err
		}
		if match(line) {
			return nil
		}
	}
}

// parseTelemetry reads the telemetry of an "info string" line: key=value
// words (tt=5 bal=+1 diff=+38, the micro-Max style) or a word followed by
// a number (ox88's "material +100 positional -69"). It recognises tt or
// tthits, bal or material, and diff or positional, and the words "book
// move"; other words are ignored.
func (si *searchInfo) parseTelemetry(s string) {
	words := strings.Fields(strings.NewReplacer(",", " ", ";", " ").Replace(s))
	for i, w := range words {
		if w == "book" && i+1 < len(words) && words[i+1] == "move" {
			si.book = true
			continue
		}
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			if i+1 >= len(words) {
				continue
			}
			k, v = w, words[i+1]
		}
		n, err := strconv.ParseInt(strings.TrimPrefix(v, "+"), 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "tt", "tthits":
			si.tt, si.hasTT = n, true
		case "bal", "material":
			si.bal, si.hasBal = n, true
		case "diff", "positional":
			si.diff, si.hasDiff = n, true
		}
	}
}
