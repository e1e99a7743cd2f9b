package search

import (
	"slices"

	"ox88/chess"
	"ox88/syzygy"
)

// TablebaseOptions are Stockfish's three Syzygy options, with its
// meanings and defaults.
type TablebaseOptions struct {
	// ProbeDepth (SyzygyProbeDepth, 1..100): a node with as many pieces
	// as the largest tables hold is probed only when its remaining depth
	// is at least this; one with fewer pieces always is.
	ProbeDepth int
	// Rule50 (Syzygy50MoveRule): a win the fifty-move rule spoils (a
	// cursed win) and a loss it saves (a blessed loss) count as the draws
	// they are under the rule; off, they count as a win and a loss.
	Rule50 bool
	// ProbeLimit (SyzygyProbeLimit, 0..7): the tables are asked only about
	// positions of at most this many pieces; 0 never asks them.
	ProbeLimit int
}

// DefaultTablebaseOptions returns Stockfish's defaults: probe depth 1,
// the fifty-move rule counted, positions of up to 7 pieces.
func DefaultTablebaseOptions() TablebaseOptions {
	return TablebaseOptions{ProbeDepth: 1, Rule50: true, ProbeLimit: 7}
}

// TBVerdict is what the endgame tables say of a line when they cover the
// root: the side to move's result, with the fifty-move rule counted from
// the root's halfmove clock (unless TablebaseOptions.Rule50 is off; then
// there are no cursed wins nor blessed losses). The zero value, NoVerdict,
// is a line the tables do not judge. Info.TB carries it, so that a front
// end can say "tablebase win" where the score alone is only a number.
type TBVerdict int8

// The verdicts.
const (
	NoVerdict          TBVerdict = iota
	VerdictLoss                  // lost, even with the fifty-move rule
	VerdictBlessedLoss           // lost, but drawn by the fifty-move rule
	VerdictDraw
	VerdictCursedWin // won, but drawn by the fifty-move rule
	VerdictWin       // won, even with the fifty-move rule
)

// String returns the words a front end shows: "tablebase win",
// "tablebase draw", "tablebase loss", "tablebase cursed win" (a draw by
// the fifty-move rule), "tablebase blessed loss", or "" for NoVerdict.
func (v TBVerdict) String() string {
	switch v {
	case VerdictLoss:
		return "tablebase loss"
	case VerdictBlessedLoss:
		return "tablebase blessed loss"
	case VerdictDraw:
		return "tablebase draw"
	case VerdictCursedWin:
		return "tablebase cursed win"
	case VerdictWin:
		return "tablebase win"
	}
	return ""
}

// Negate returns the verdict for the other side.
func (v TBVerdict) Negate() TBVerdict {
	if v == NoVerdict {
		return v
	}
	return VerdictWin + VerdictLoss - v
}

// WDL returns the verdict as chances to win, draw and lose, per mille,
// as search.WDL gives them for a score: certain, and a cursed win or
// blessed loss a draw. ok is false for NoVerdict.
func (v TBVerdict) WDL() (win, draw, loss int, ok bool) {
	switch v {
	case VerdictWin:
		return 1000, 0, 0, true
	case VerdictLoss:
		return 0, 0, 1000, true
	case VerdictCursedWin, VerdictDraw, VerdictBlessedLoss:
		return 0, 1000, 0, true
	}
	return 0, 0, 0, false
}

// verdictOf turns a table result into a verdict (under rule50 or not).
func verdictOf(w syzygy.WDL, rule50 bool) TBVerdict {
	if !rule50 {
		switch w {
		case syzygy.CursedWin:
			w = syzygy.Win
		case syzygy.BlessedLoss:
			w = syzygy.Loss
		}
	}
	return VerdictDraw + TBVerdict(w)
}

// tbRootScore is the score a root move ranked by the tables reports,
// Stockfish's convention (15.1, Tablebases::root_probe): a win is the
// largest score that is not a mate, here TBWin (Stockfish's is
// VALUE_MATE - MAX_PLY - 1, which it prints as cp 8795), a loss its
// negation, a draw 0. A cursed win is worth 1 to 49 centipawns, the more
// the closer n (the plies to the zeroing move plus the halfmove clock)
// is to 100, where it would be a win; a blessed loss mirrors it.
func tbRootScore(w syzygy.WDL, dtz, clock int, rule50 bool) int {
	switch verdictOf(w, rule50) {
	case VerdictWin:
		return TBWin
	case VerdictLoss:
		return -TBWin
	case VerdictCursedWin:
		return max(3, 200-(dtz+clock)) * 100 / 200
	case VerdictBlessedLoss:
		return min(-3, (-dtz+clock)-200) * 100 / 200
	}
	return 0
}

// tbProbe reports whether the tables are asked about the current node at
// remaining depth: they are set, not switched off for this search (the
// root is in them), the position has no castling rights and few enough
// pieces, and, with as many pieces as the largest tables, the depth is at
// least ProbeDepth (Stockfish's rule).
func (s *Searcher) tbProbe(depth int) bool {
	if s.tbPieces == 0 || s.pos.Castling() != chess.NoCastle {
		return false
	}
	n := s.pos.PieceCount(chess.White) + s.pos.PieceCount(chess.Black)
	return n < s.tbPieces || n == s.tbPieces && depth >= s.tbOpt.ProbeDepth
}

// SetTablebaseOptions sets the Syzygy options of the searches to come
// (see TablebaseOptions). No search may be running.
func (s *Searcher) SetTablebaseOptions(o TablebaseOptions) {
	o.ProbeDepth = max(o.ProbeDepth, 1)
	o.ProbeLimit = max(o.ProbeLimit, 0)
	s.tbOpt = o
}

// TablebaseOptions returns the searcher's Syzygy options.
func (s *Searcher) TablebaseOptions() TablebaseOptions { return s.tbOpt }

// tbRankRoot asks the tables about the root, when they cover it. Each root
// move gets its rank (syzygy.ProbeRoot: moves of equal rank are equally
// good for the result, and a won ending played among the top-ranked moves
// is converted within the fifty-move rule) and the verdict and score the
// reports show for it; the moves are sorted by rank, best first, and
// iterate searches each rank's moves apart (rankEnd). As in Stockfish,
// when the root position has already occurred since the last zeroing move
// the wins are ranked by their distance to zeroing, so that the game makes
// progress. The tables are then not asked again below the root: the
// ranking already knows all they can tell. Without the root in the
// tables, every rank is 0 and the tables are asked in the tree as usual.
func (s *Searcher) tbRankRoot() {
	s.rootInTB = false
	for i := range s.rootMoves {
		s.rootMoves[i].tbRank, s.rootMoves[i].tbScore, s.rootMoves[i].tb = 0, 0, NoVerdict
	}
	s.tbPieces = 0
	if s.tb != nil {
		s.tbPieces = min(s.tbOpt.ProbeLimit, s.tb.MaxPieces())
	}
	if s.tbPieces == 0 || s.pos.Castling() != chess.NoCastle ||
		s.pos.PieceCount(chess.White)+s.pos.PieceCount(chess.Black) > s.tbPieces {
		return
	}
	ranked, _, _, err := s.tb.ProbeRoot(&s.pos)
	if err != nil || len(ranked) == 0 {
		return // a missing table: search as usual
	}
	s.tbHits += uint64(len(ranked))
	clock := s.pos.HalfmoveClock()
	rep := s.repeatedSinceZeroing()
	for i := range s.rootMoves {
		rm := &s.rootMoves[i]
		for _, r := range ranked {
			if r.Move != rm.move {
				continue
			}
			rm.tbRank = r.Rank
			if rep && r.DTZ > 0 && r.DTZ+clock < 100 {
				rm.tbRank = r.Rank - (r.DTZ + clock)
			}
			rm.tb = verdictOf(r.WDL, s.tbOpt.Rule50)
			rm.tbScore = tbRootScore(r.WDL, r.DTZ, clock, s.tbOpt.Rule50)
		}
	}
	slices.SortStableFunc(s.rootMoves, func(a, b rootMove) int { return b.tbRank - a.tbRank })
	s.rootInTB = true
	s.tbPieces = 0
}

// repeatedSinceZeroing reports whether a position of the game and search
// path up to the root occurred twice since the last capture or pawn move
// (Stockfish's Position::has_repeated at the root).
func (s *Searcher) repeatedSinceZeroing() bool {
	n := s.nKeys + 1 // keys[0..nKeys], the root last
	first := max(0, n-1-s.pos.HalfmoveClock())
	for i := n - 1; i > first; i-- {
		for j := i - 2; j >= first; j -= 2 {
			if s.keys[j] == s.keys[i] {
				return true
			}
		}
	}
	return false
}

// rankEnd returns the end of the group of root moves that share the
// tables' rank of move i: the moves a line from i is chosen among. All
// moves form one group when the tables do not cover the root.
func (s *Searcher) rankEnd(i int) int {
	end := i + 1
	for end < len(s.rootMoves) && s.rootMoves[end].tbRank == s.rootMoves[i].tbRank {
		end++
	}
	return end
}

// shownScore returns the score and verdict a report gives root move rm:
// the tables' score when they cover the root, unless the search found a
// mate (which then is the exact truth, as in Stockfish), else the
// search's score.
func (s *Searcher) shownScore(rm *rootMove) (int, TBVerdict) {
	switch {
	case !s.rootInTB:
		return rm.score, NoVerdict
	case IsMate(rm.score):
		return rm.score, rm.tb
	}
	return rm.tbScore, rm.tb
}
