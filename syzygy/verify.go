package syzygy

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"ox88/chess"
)

// Refused is a table file Open found and would not use, and why.
type Refused struct {
	Path string
	Err  error
}

// Summary says what Open found: the tables it kept (with how many have
// their DTZ file), the largest, and each file it refused, one line each.
// A front end prints it (UCI as info strings, xboard as # lines).
func (tb *Tablebases) Summary() []string {
	n, dtz := tb.Count()
	var lines []string
	if n == 0 {
		lines = append(lines, "no Syzygy tables (*.rtbw files) found")
	} else {
		noun := "tables"
		if n == 1 {
			noun = "table"
		}
		lines = append(lines, fmt.Sprintf("%d %s (%d with DTZ), up to %d pieces", n, noun, dtz, tb.maxPieces))
	}
	if tb.unchecked > 0 {
		lines = append(lines, fmt.Sprintf("%d of them not sampled at start (the check's time ran out): a damaged one shows when probed", tb.unchecked))
	}
	for _, r := range tb.refused {
		lines = append(lines, "refused "+r.Err.Error())
	}
	return lines
}

// Refused returns the files Open refused, in the order it found them.
func (tb *Tablebases) Refused() []Refused { return slices.Clone(tb.refused) }

// Count returns the number of tables kept and how many of them have a DTZ
// file.
func (tb *Tablebases) Count() (tables, withDTZ int) {
	seen := map[*table]bool{}
	for _, t := range tb.tables {
		if !seen[t] {
			seen[t] = true
			tables++
			if t.dtz.path != "" {
				withDTZ++
			}
		}
	}
	return tables, withDTZ
}

// verifySamples is how many positions of each table Open checks.
const verifySamples = 32

// verifyBudget bounds the time Open spends checking samples, so that
// SyzygyPath answers within a second whatever the set: the 3- and
// 4-piece tables take about 0.1 s, but a 6-piece set on a disk would take
// minutes of reads. The smallest tables are checked first; the rest are
// kept as found, loaded when first probed (Summary counts them).
var verifyBudget = 500 * time.Millisecond

// verify loads a table's files (a header that does not parse refuses
// the file) and checks verifySamples positions of it, placed at random
// with a fixed seed: each position's value must be the best of its moves'
// values (ignoring the fifty-move rule: the sign of the WDL value is the
// game's result), and its DTZ must have the WDL value's sign. A file of
// the right size and magic number whose contents were damaged fails one
// or the other, instead of failing every probe later without a word.
// Positions whose moves reach a table that is not there are skipped. It
// returns the error that refuses the WDL file (the table goes), or nil
// and an error that refuses only the DTZ file.
func (tb *Tablebases) verify(t *table) (wdlErr, dtzErr error) {
	if _, err := t.wdl.load(t, wdlFile); err != nil {
		return err, nil
	}
	dtz := t.dtz.path != ""
	if dtz {
		if _, err := t.dtz.load(t, dtzFile); err != nil {
			dtz, dtzErr = false, err
		}
	}
	rng := rand.New(rand.NewPCG(t.key, 0x5eed))
	for range verifySamples {
		pos := samplePosition(t, rng)
		if pos == nil {
			continue
		}
		v, err := tb.ProbeWDL(pos)
		if err != nil && !blames(err, t.wdl.path) {
			continue // another table's fault (or absence): not this one's
		}
		if err != nil {
			return fmt.Errorf("%w: %s: %s: %v", ErrCorrupt, t.wdl.path, pos.FEN(), err), dtzErr
		}
		best, ok, err := tb.bestChild(pos)
		if err != nil && blames(err, t.wdl.path) {
			return fmt.Errorf("%w: %s: a move from %s: %v", ErrCorrupt, t.wdl.path, pos.FEN(), err), dtzErr
		}
		if err == nil && ok && sign(int(v)) != best {
			return fmt.Errorf("%w: %s: %s reads %v, but its best move leads to %s", ErrCorrupt, t.wdl.path, pos.FEN(), v, resultWord(best)), dtzErr
		}
		if dtz {
			d, err := tb.ProbeDTZ(pos)
			if err != nil && !blames(err, t.dtz.path) {
				continue // a move that zeroes leads to a table that is missing or bad
			}
			if err != nil {
				dtz, dtzErr = false, fmt.Errorf("%w: %s: %s: %v", ErrCorrupt, t.dtz.path, pos.FEN(), err)
			} else if sign(d) != sign(int(v)) {
				dtz, dtzErr = false, fmt.Errorf("%w: %s: %s has DTZ %d for a %v", ErrCorrupt, t.dtz.path, pos.FEN(), d, v)
			}
		}
	}
	return nil, dtzErr
}

// drop refuses a file that verify loaded: its mapping goes, and a probe
// that needs it gets ErrMissingTable with the reason.
func (lf *lazyFile) drop(name, suffix string, why error) {
	lf.once.Do(func() {})
	if lf.f != nil {
		unmapFile(lf.f.data)
	}
	lf.path, lf.f = "", nil
	lf.err = fmt.Errorf("%w: %s%s was refused: %v", ErrMissingTable, name, suffix, why)
}

// bestChild returns the best result for pos's side to move over its
// moves (1 win, 0 draw, -1 loss), from the children's WDL values: mate
// and stalemate when there are none. A child that cannot be probed
// returns its error.
func (tb *Tablebases) bestChild(pos *chess.Position) (best int, ok bool, err error) {
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if ml.N == 0 {
		if pos.InCheck() {
			return -1, true, nil
		}
		return 0, true, nil
	}
	best = -2
	for _, m := range ml.Slice() {
		child := *pos
		child.MakeMove(m)
		if child.PieceCount(chess.White)+child.PieceCount(chess.Black) == 2 {
			best = max(best, 0) // bare kings
			continue
		}
		v, err := tb.ProbeWDL(&child)
		if err != nil {
			return 0, false, err
		}
		best = max(best, -sign(int(v)))
	}
	return best, true, nil
}

// blames reports whether err is the damage of the file at path (every
// error of a damaged file names it), not the absence or damage of another
// table a probe reached.
func blames(err error, path string) bool {
	return errors.Is(err, ErrCorrupt) && strings.Contains(err.Error(), path+":")
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func resultWord(s int) string {
	return [3]string{"a loss", "a draw", "a win"}[s+1]
}

// samplePosition places t's pieces at random (pawns off the first and
// last ranks), with a random side to move, and returns the position, or
// nil when the placement is illegal (the side not to move in check,
// kings touching) after a few tries.
func samplePosition(t *table, rng *rand.Rand) *chess.Position {
	white, black, _ := strings.Cut(t.name, "v")
	for range 20 {
		var board [64]byte
		ok := true
		for side, part := range []string{white, black} {
			for i := 0; i < len(part) && ok; i++ {
				c := part[i]
				if side == 1 {
					c += 'a' - 'A'
				}
				ok = false
				for range 64 {
					sq := rng.IntN(64)
					if board[sq] == 0 && (part[i] != 'P' || sq >= 8 && sq < 56) {
						board[sq], ok = c, true
						break
					}
				}
			}
		}
		if !ok {
			continue
		}
		side := "w"
		if rng.IntN(2) == 1 {
			side = "b"
		}
		if pos, err := chess.ParseFEN(chess.Placement(&board) + " " + side + " - - 0 1"); err == nil {
			return pos
		}
	}
	return nil
}
