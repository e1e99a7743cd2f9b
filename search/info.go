package search

import (
	"math"
	"time"

	"ox88/chess"
)

// Bound tells how a score relates to the true value of its position: exact,
// or only a bound because the search failed high or low. The transposition
// table keeps it in two bits, with BoundExact = BoundUpper|BoundLower and
// BoundNone marking an empty slot.
type Bound uint8

// The bounds.
const (
	BoundNone  Bound = 0                       // no score: an empty table slot, a report without a score
	BoundUpper Bound = 1                       // failed low: the true score is at most the score
	BoundLower Bound = 2                       // failed high: the true score is at least the score
	BoundExact       = BoundUpper | BoundLower // the true score
)

// Info is one progress report of a search: sent after every completed
// iteration (one per line with MultiPV), after an aspiration window fails
// once the search has run a while (Bound says which way), and, with
// CurrMove set, while the root moves are searched. Front ends format it;
// MateIn, Positional and WhiteScore derive what they show.
type Info struct {
	Depth, SelDepth int
	MultiPV         int   // 1-based
	Score           int   // centipawns or a mate score (see MateIn), side to move's view
	Bound           Bound // BoundExact for a finished line
	Nodes           uint64
	NPS             uint64 // nodes per second over Time
	Time            time.Duration
	TTHits          uint64
	TBHits          uint64 // endgame-table probes that gave a result
	HashFull        int    // permille of the transposition table in use
	PV              []chess.Move
	Material        int // textbook material balance, side to move's view
	// CurrMove and CurrMoveNumber are the root move being searched, on
	// currmove reports only (PV and Score are empty then).
	CurrMove       chess.Move
	CurrMoveNumber int

	// TB is the endgame tables' verdict on the line when they cover the
	// root, NoVerdict otherwise. Score is then the tables' score (TBWin
	// for a win, 0 for a draw, a few centipawns for a cursed win: see
	// tbRootScore), or the mate the search found. Front ends show
	// TB.String(), "tablebase win", beside or instead of the score.
	TB TBVerdict
}

// MateIn returns the report's score in moves to mate (see MateIn):
// positive when the side to move mates, negative when it is mated, 0 when
// the score is not a mate.
func (i Info) MateIn() int { return MateIn(i.Score) }

// Positional returns the score minus the material balance, the positional
// part of the micro-Max telemetry; 0 for a mate score.
func (i Info) Positional() int {
	if IsMate(i.Score) {
		return 0
	}
	return i.Score - i.Material
}

// NPS returns nodes per second, rounded; 0 when no time has passed.
func NPS(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(math.Round(float64(nodes) / d.Seconds()))
}
