package syzygy

import (
	"fmt"

	"ox88/chess"
)

// WDL is a game-theoretic result from the side to move's point of view,
// with the fifty-move rule in the middle values.
type WDL int8

// The five results, ordered from worst to best for the side to move.
const (
	Loss        WDL = -2 // loses, even with the fifty-move rule
	BlessedLoss WDL = -1 // loses without the fifty-move rule, draws with it
	Draw        WDL = 0
	CursedWin   WDL = 1 // wins without the fifty-move rule, draws with it
	Win         WDL = 2 // wins, even with the fifty-move rule
)

// String returns the name of the result, as Fathom prints it.
func (w WDL) String() string {
	switch w {
	case Loss:
		return "Loss"
	case BlessedLoss:
		return "BlessedLoss"
	case Draw:
		return "Draw"
	case CursedWin:
		return "CursedWin"
	case Win:
		return "Win"
	}
	return fmt.Sprintf("WDL(%d)", int8(w))
}

// zeroingDTZ[wdl+2] is the DTZ of a position whose best move captures or
// moves a pawn: one ply to the zeroing move, beyond 100 for the results
// the fifty-move rule turns into draws.
var zeroingDTZ = [5]int{-1, -101, 0, 101, 1}

// dtzMapOf[wdl+2] is the DTZ map that serves a result (wins, losses,
// cursed wins, blessed losses; draws are never looked up).
var dtzMapOf = [5]int{1, 3, 0, 2, 0}

// ProbeWDL returns the result of pos with best play, the fifty-move rule
// counted from a zeroed halfmove clock (pos's own clock is ignored). The
// position must have no castling rights and at most MaxPieces pieces; its
// en-passant square is taken into account. pos is not changed.
func (tb *Tablebases) ProbeWDL(pos *chess.Position) (wdl WDL, err error) {
	if err := tb.check(pos); err != nil {
		return 0, err
	}
	defer recoverAsError(&err)
	p := *pos
	v, _, err := tb.probeWDL(&p)
	return WDL(v), err
}

// ProbeDTZ returns the distance to zeroing of pos (see the package
// documentation for its sign and its limits), ignoring pos's halfmove
// clock. The position must have no castling rights and at most MaxPieces
// pieces. pos is not changed.
func (tb *Tablebases) ProbeDTZ(pos *chess.Position) (dtz int, err error) {
	if err := tb.check(pos); err != nil {
		return 0, err
	}
	defer recoverAsError(&err)
	p := *pos
	return tb.probeDTZ(&p)
}

// check rejects the positions no table answers.
func (tb *Tablebases) check(pos *chess.Position) error {
	if pos.Castling() != 0 {
		return ErrCastling
	}
	if pos.PieceCount(chess.White)+pos.PieceCount(chess.Black) > tb.maxPieces {
		return ErrTooManyPieces
	}
	return nil
}

// recoverAsError turns a panic while decoding (which only a damaged file
// that passed every check could cause) into an error.
func recoverAsError(err *error) {
	if e := recover(); e != nil {
		*err = fmt.Errorf("%w: %v", ErrCorrupt, e)
	}
}

// probeAB returns the WDL value of p, a position after a capture (so with
// no en-passant right), within the window alpha..beta: the better of the
// table's value and the captures', searched with alpha-beta.
func (tb *Tablebases) probeAB(p *chess.Position, alpha, beta int) (int, error) {
	var ml chess.MoveList
	p.GenerateCaptures(&ml)
	for _, m := range ml.Slice() {
		if !m.IsCapture() {
			continue
		}
		u := p.MakeMove(m)
		v, err := tb.probeAB(p, -beta, -alpha)
		p.UnmakeMove(m, u)
		if err != nil {
			return 0, err
		}
		if v = -v; v > alpha {
			if v >= beta {
				return v, nil
			}
			alpha = v
		}
	}
	v, _, err := tb.probeTable(p, wdlFile, 0)
	return max(alpha, v), err
}

// probeWDL returns the WDL value of p and whether a capture (or en-passant
// capture) is the best move, which tells probeDTZ that the distance is
// that of a zeroing move.
//
// The table holds the value with captures searched, but it stores "don't
// care" where a capture is best and knows nothing of en passant. So the
// captures are searched first: an en-passant capture is kept apart,
// because the table's value is that of the position without the
// en-passant right, and that position may be a stalemate while this one is
// not.
func (tb *Tablebases) probeWDL(p *chess.Position) (v int, zeroing bool, err error) {
	var ml chess.MoveList
	p.GenerateCaptures(&ml)
	bestCapture, bestEnPassant := -3, -3
	for _, m := range ml.Slice() {
		if !m.IsCapture() {
			continue
		}
		u := p.MakeMove(m)
		v, err := tb.probeAB(p, -2, -bestCapture)
		p.UnmakeMove(m, u)
		if err != nil {
			return 0, false, err
		}
		if v = -v; v > bestCapture {
			if v == int(Win) {
				return v, true, nil
			}
			if !m.IsEnPassant() {
				bestCapture = v
			} else if v > bestEnPassant {
				bestEnPassant = v
			}
		}
	}
	v, _, err = tb.probeTable(p, wdlFile, 0)
	if err != nil {
		return 0, false, err
	}
	if bestEnPassant > bestCapture {
		if bestEnPassant > v {
			return bestEnPassant, true, nil
		}
		bestCapture = bestEnPassant
	}
	if bestCapture >= v {
		return bestCapture, bestCapture > 0, nil
	}
	// The table's draw may be the stalemate of the position without the
	// en-passant right: then the en-passant capture decides.
	if bestEnPassant > -3 && v == 0 && !p.InCheck() && onlyEnPassant(p) {
		return bestEnPassant, true, nil
	}
	return v, false, nil
}

// onlyEnPassant reports whether every legal move of p is an en-passant
// capture.
func onlyEnPassant(p *chess.Position) bool {
	var ml chess.MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if !m.IsEnPassant() {
			return false
		}
	}
	return true
}

// isMate reports whether the side to move in p is checkmated.
func isMate(p *chess.Position) bool { return p.InCheck() && p.CountMoves() == 0 }

// isPawnMove reports whether m, a move of p, moves a pawn.
func isPawnMove(p *chess.Position, m chess.Move) bool { return p.At(m.From()).Kind() == chess.Pawn }

// probeDTZ returns the DTZ of p (Fathom's and Stockfish's value).
func (tb *Tablebases) probeDTZ(p *chess.Position) (int, error) {
	wdl, zeroing, err := tb.probeWDL(p)
	if err != nil || wdl == 0 {
		return 0, err
	}
	if zeroing {
		return zeroingDTZ[wdl+2], nil
	}
	var ml chess.MoveList
	p.GenerateMoves(&ml)
	if wdl > 0 {
		// A pawn move that keeps the win is the quickest zeroing move.
		for _, m := range ml.Slice() {
			if m.IsCapture() || !isPawnMove(p, m) {
				continue
			}
			u := p.MakeMove(m)
			v, _, err := tb.probeWDL(p)
			p.UnmakeMove(m, u)
			if err != nil {
				return 0, err
			}
			if -v == wdl {
				return zeroingDTZ[wdl+2], nil
			}
		}
	}
	// No capture or pawn move is best, so the table's value (for the
	// position without en-passant right) is the position's.
	dtz, stored, err := tb.probeTable(p, dtzFile, wdl)
	if err != nil {
		return 0, err
	}
	if stored {
		if wdl > 0 {
			return zeroingDTZ[wdl+2] + dtz, nil
		}
		return zeroingDTZ[wdl+2] - dtz, nil
	}

	// The file stores the other side to move: one ply of search over the
	// moves that do not zero (those that do were counted above, or, when
	// losing, are at worst the zeroingDTZ value best starts from).
	best := 1 << 30
	if wdl < 0 {
		best = zeroingDTZ[wdl+2]
	}
	for _, m := range ml.Slice() {
		if m.IsCapture() || isPawnMove(p, m) {
			continue
		}
		u := p.MakeMove(m)
		v, err := tb.probeDTZ(p)
		mate := v == -1 && isMate(p)
		p.UnmakeMove(m, u)
		if err != nil {
			return 0, err
		}
		v = -v
		switch {
		case mate:
			best = 1
		case wdl > 0:
			if v > 0 && v+1 < best {
				best = v + 1
			}
		case v-1 < best:
			best = v - 1
		}
	}
	return best, nil
}

// probeTable looks p up in its table: the WDL value (-2..2), or the raw DTZ
// (in plies, before the zeroing move is counted) for a position whose WDL
// value is wdl. stored is false when the DTZ file holds the other side to
// move only.
func (tb *Tablebases) probeTable(p *chess.Position, kind fileKind, wdl int) (v int, stored bool, err error) {
	sig := positionSignature(p)
	if sig == 0 {
		return 0, true, nil // king against king
	}
	t := tb.tables[sig]
	if t == nil {
		return 0, false, fmt.Errorf("%w: %s", ErrMissingTable, canonicalName(sig))
	}
	lf := &t.wdl
	if kind == dtzFile {
		lf = &t.dtz
	}
	f, err := lf.load(t, kind)
	if err != nil {
		return 0, false, err
	}

	// The table's colours: swapped when the position has the table's
	// material the other way round, or, for symmetric material, when
	// Black is to move. side is the table's side to move.
	stm := p.SideToMove()
	var flip bool
	side := 0
	if t.symmetric {
		flip = stm == chess.Black
	} else {
		flip = sig != t.key
		if (stm == chess.White) == flip {
			side = 1
		}
	}
	var colour chess.Piece // turns a table piece into the position's
	mirror := 0            // and its square: pawn tables mirror the ranks
	if flip {
		colour = 8
		if t.hasPawns {
			mirror = 0x38
		}
	}

	var squares [maxTablePieces]int
	sq := squares[:t.pieces]
	i, sub := 0, 0
	if t.hasPawns {
		i = fillSquares(p, sq, 0, t.leadPawn^colour, mirror)
		sub = leadingPawn(sq, t.pawns[0])
	}
	e := &f.enc[side][sub]
	if kind == dtzFile {
		if !t.symmetric && int(f.dtzFlags[sub]&dtzBlackToMove) != side {
			return 0, false, nil
		}
		e = &f.enc[0][sub]
	}
	for i < len(sq) {
		i = fillSquares(p, sq, i, e.pieces[i]^colour, mirror)
	}
	idx, ok := e.index(sq, t)
	if !ok || idx >= e.size {
		return 0, false, fmt.Errorf("syzygy: %s: position outside the table (index %d of %d)", lf.path, idx, e.size)
	}
	lo, hi, err := e.pairs.value(idx)
	if err != nil {
		return 0, false, fmt.Errorf("%w: %s: %v", ErrCorrupt, lf.path, err)
	}
	if kind == wdlFile {
		if lo > 4 {
			return 0, false, fmt.Errorf("%w: %s: WDL value %d", ErrCorrupt, lf.path, lo)
		}
		return int(lo) - 2, true, nil
	}
	v = int(lo) | int(hi&15)<<8
	flags := f.dtzFlags[sub]
	if flags&dtzMapped != 0 {
		values := f.dtzMap[sub][dtzMapOf[wdl+2]]
		if v >= len(values) {
			return 0, false, fmt.Errorf("%w: %s: DTZ symbol %d beyond its map", ErrCorrupt, lf.path, v)
		}
		v = int(values[v])
	}
	if !(wdl == int(Win) && flags&dtzWinPlies != 0 || wdl == int(Loss) && flags&dtzLossPlies != 0) {
		v *= 2 // stored in moves
	}
	return v, true, nil
}

// fillSquares writes the squares (0..63, mirrored) of the pieces pc of p
// into sq from i on, in ascending order of their real squares, and returns
// the index after them.
func fillSquares(p *chess.Position, sq []int, i int, pc chess.Piece, mirror int) int {
	start := i
	for _, s := range p.PieceSquares(pc) {
		if i == len(sq) {
			break
		}
		sq[i] = s.Index64()
		for j := i; j > start && sq[j] < sq[j-1]; j-- {
			sq[j], sq[j-1] = sq[j-1], sq[j]
		}
		i++
	}
	for j := start; j < i; j++ {
		sq[j] ^= mirror
	}
	if i == start {
		return i + 1 // cannot happen when the signature matched; never loop
	}
	return i
}
