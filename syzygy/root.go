package syzygy

import (
	"sort"

	"ox88/chess"
)

// The ranks ProbeRoot gives moves: beyond any DTZ plus halfmove clock, so
// that every win ranks above every draw and every loss below.
const (
	rankWin  = 1 << 18 // a win the fifty-move rule cannot spoil
	rankLoss = -rankWin
	// fiftyMovePlies is the halfmove clock at which the fifty-move rule
	// may be claimed.
	fiftyMovePlies = 100
)

// RootMove is a legal move of the root position with what the tables say
// of it, all from the root side's point of view.
type RootMove struct {
	Move chess.Move
	// DTZ is the root's distance to zeroing when this move is played: 1
	// for a capture, pawn move or mate that wins, the reply's DTZ plus one
	// ply otherwise, negative for losing moves, 0 for drawing ones.
	DTZ int
	// WDL is the move's result with the fifty-move rule counted from the
	// root's halfmove clock.
	WDL WDL
	// Rank orders the moves: higher is better, and moves of equal rank are
	// equally good for the result. The top rank (1<<18) is a win the
	// fifty-move rule cannot spoil; below it, rank 1<<18 - (DTZ + clock)
	// for wins that may run into the rule (the faster the better); 0 for
	// draws; the negative ranks mirror these for losses, the slower the
	// better when a fifty-move draw is in reach.
	Rank int
}

// ProbeRoot ranks every legal move of pos so that an engine that plays
// among the best-ranked ones converts won endings and holds drawn ones
// under the fifty-move rule, counted from pos's halfmove clock. It
// returns the moves best first (generation order among equal ranks), and
// pos's own result under the fifty-move rule and DTZ. pos is not changed.
func (tb *Tablebases) ProbeRoot(pos *chess.Position) (moves []RootMove, wdl WDL, dtz int, err error) {
	if err := tb.check(pos); err != nil {
		return nil, 0, 0, err
	}
	defer recoverAsError(&err)
	p := *pos
	if dtz, err = tb.probeDTZ(&p); err != nil {
		return nil, 0, 0, err
	}
	clock := p.HalfmoveClock()
	var ml chess.MoveList
	p.GenerateMoves(&ml)
	moves = make([]RootMove, 0, ml.N)
	for _, m := range ml.Slice() {
		zeroes := m.IsCapture() || isPawnMove(&p, m)
		u := p.MakeMove(m)
		var v int
		if zeroes {
			w, _, e := tb.probeWDL(&p)
			v, err = zeroingDTZ[-w+2], e
		} else {
			v, err = tb.probeDTZ(&p)
			switch v = -v; {
			case v > 0:
				v++
			case v < 0:
				v--
			}
		}
		if v == 2 && isMate(&p) {
			v = 1
		}
		p.UnmakeMove(m, u)
		if err != nil {
			return nil, 0, 0, err
		}
		moves = append(moves, RootMove{Move: m, DTZ: v, WDL: fiftyMoveWDL(clock, v), Rank: rootRank(clock, v)})
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Rank > moves[j].Rank })
	return moves, fiftyMoveWDL(clock, dtz), dtz, nil
}

// fiftyMoveWDL returns the result of a position with the given DTZ when
// clock plies have passed since the last zeroing move.
func fiftyMoveWDL(clock, dtz int) WDL {
	switch {
	case dtz > 0 && dtz+clock <= fiftyMovePlies:
		return Win
	case dtz > 0:
		return CursedWin
	case dtz < 0 && -dtz+clock <= fiftyMovePlies:
		return Loss
	case dtz < 0:
		return BlessedLoss
	}
	return Draw
}

// rootRank ranks a root move of DTZ v (see RootMove.Rank). A win that
// reaches its zeroing move with the clock at 99 or less is safe; one that
// needs the clock at exactly 100 may fail, as the DTZ can be one ply short,
// so it ranks just below. A loss is ranked equal to the other losses
// unless a fifty-move draw is in reach, and then the slower the better.
func rootRank(clock, v int) int {
	switch {
	case v > 0 && v+clock < fiftyMovePlies:
		return rankWin
	case v > 0:
		return rankWin - (v + clock)
	case v < 0 && -2*v+clock < fiftyMovePlies:
		return rankLoss
	case v < 0:
		return rankLoss + (-v + clock)
	}
	return 0
}
