package search

import "ox88/chess"

// Capture history (Options.CaptHist).
//
// MVV-LVA orders captures by what they take and what takes: the queen
// before the rook, and among equal victims the pawn's capture before the
// queen's. It knows nothing about the position, so two captures of a
// pawn by a knight score the same even when one of them has refuted
// thousands of nodes and the other none. The quiet history already learns
// that for quiet moves; the capture history learns it for captures. Each
// thread keeps a table indexed by the moving piece, its target square and
// the kind it captures. When a capture cuts off (step 16), it gains a
// bonus and the captures tried before it at that node lose as much; when a
// quiet move cuts off, the captures tried before it lose too. All with
// the quiet history's bonus (depth², saturating toward ±historyMax: see
// withBonus). When scoreMoves orders captures, it adds the entry divided
// by captHistDivisor to MVV-LVA, within the capture's band: a capture
// that wins or keeps material by SEE still comes before the killers and
// the quiet moves, one that loses still after them.
//
// Queen promotions, which scoreMoves orders among the captures, have
// entries too (captured kind NoKind when they take nothing); underpromotions
// are ordered last and have none. Searcher.Clear empties the table; a
// search does not age it.
//
// Elo: -12.2 +/- 27.1 at 10k nodes, 400 games; -3.5 +/- 28.0 with the
// quiet-cutoff malus (sixth session): off (docs/STRENGTH.md §6).

// captHistDivisor scales a capture history entry (within ±historyMax)
// into the MVV-LVA score (victim×8 − attacker, so 800 for a pawn, 2560 to
// 2640 for a minor piece, 4000 for a rook): an entry moves its capture by
// at most ±512, so it reorders captures of like victims and the attackers
// among them, never a pawn's capture ahead of a piece's nor a minor
// piece's ahead of a rook's (those gaps are more than 1024) unless a
// promotion comes with it.
const captHistDivisor = 32

// captHistTable holds the capture history: [moving piece][target square
// 0..63][captured kind], an int16 within ±historyMax.
type captHistTable [16][64][8]int16

// hasCaptureHistory reports whether capture history orders and learns m:
// a capture or a queen promotion, but no underpromotion.
func hasCaptureHistory(m chess.Move) bool {
	p := m.Promotion()
	return p == chess.Queen || p == chess.NoKind && m.IsCapture()
}

// captHistEntry returns the capture history entry of m in the current
// position.
func (s *Searcher) captHistEntry(m chess.Move) *int16 {
	return &s.captHist[s.pos.At(m.From())&15][m.To().Index64()][victim(&s.pos, m)&7]
}

// captureScore returns what capture history adds to the ordering score of
// the capture or queen promotion m: its entry over captHistDivisor, or 0
// with Options.CaptHist off.
func (s *Searcher) captureScore(m chess.Move) int {
	if !s.opt.CaptHist {
		return 0
	}
	return int(*s.captHistEntry(m)) / captHistDivisor
}

// updateCaptureHistory rewards best, the move that cut off at ply searched
// to depth, when it is a capture (or queen promotion), and punishes the
// captures tried before it, among the first tried moves of the list (not
// the one step 10b left out).
func (s *Searcher) updateCaptureHistory(ply, depth int, best chess.Move, tried int) {
	st := &s.stack[ply]
	bonus := min(depth*depth, historyMax/4)
	for i := 0; i < tried; i++ {
		m := st.moves.Moves[i]
		if !hasCaptureHistory(m) || m == st.excluded {
			continue
		}
		b := -bonus
		if m == best {
			b = bonus
		}
		e := s.captHistEntry(m)
		*e = int16(withBonus(int(*e), b))
	}
}
