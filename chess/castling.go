package chess

// Castling, standard and Chess960.
//
// In Chess960 the king and the two rooks start on any files of the back
// rank (the king between the rooks), and castling puts them where standard
// castling does: king side, the king on g and the rook on f; queen side, the
// king on c and the rook on d. The rules, one set for both games:
//
//   - the right is held: neither the king nor that rook has moved, and the
//     rook has not been taken;
//   - every square between the king and its target and between the rook and
//     its target, targets included, is empty but for the king and that rook
//     (so the rook may stand on the king's target, and the king may already
//     stand on its target, or on the rook's);
//   - the king is not in check and no square it crosses or lands on is
//     attacked. The rook is lifted for that test: a rook standing between
//     an enemy slider and the king's path shields the path only until it
//     moves.
//
// castleBlocked and castlePathSafe test the second and third rules.
//
// What a right means (which rook, which squares) is worked out once, when
// the position is set up, and kept in the Position: castlePlans and
// castleMask. A castling move is FlagCastle with from = the king's square
// and to = the king's target; CastlingRook gives the rook's squares.

// CastleRights holds the four castling rights, one bit each.
type CastleRights uint8

// The castling rights. A right's bit number (0..3) is its index into the
// position's castling plans: 2*colour, plus 1 for the queen side.
const (
	WhiteOO   CastleRights = 1 << iota // White may castle king side
	WhiteOOO                           // White may castle queen side
	BlackOO                            // Black may castle king side
	BlackOOO                           // Black may castle queen side
	NoCastle  CastleRights = 0
	AllCastle              = WhiteOO | WhiteOOO | BlackOO | BlackOOO
)

// String returns the rights in FEN's standard letters ("KQkq", "-"); it
// does not name the rooks (Position.FEN does).
func (c CastleRights) String() string {
	s := ""
	for i, l := range "KQkq" {
		if c&(1<<i) != 0 {
			s += string(l)
		}
	}
	if s == "" {
		return "-"
	}
	return s
}

// The files the king and the rook land on.
const (
	kingToFileOO, rookToFileOO   = 6, 5 // g, f
	kingToFileOOO, rookToFileOOO = 2, 3 // c, d
)

// castlePlan is what one castling right needs checked, worked out when the
// position is set up.
type castlePlan struct {
	rookFrom Square // the castling rook's square
	// empty[:nEmpty] are the squares between the king, the rook and their
	// targets, targets included, less the king's and the rook's own: at
	// most 6 (the whole back rank less two).
	empty  [8]Square
	nEmpty uint8
	// safeLo..safeHi is the king's path, which must not be attacked with
	// the rook lifted; the king's own square is left out when lifting the
	// rook cannot uncover it, and then the span is empty (lo above hi)
	// when the king is already on its target.
	safeLo, safeHi Square
	// cornerRook: the rook stands on file a or h, so lifting it uncovers
	// no square of the king's path (nothing stands beyond it on the rank).
	cornerRook bool
}

// setCastling grants the right with bit number i to the king on kingSq and
// the rook on rookSq (both on their back rank, the rook on the right's side
// of the king): it records the right's plan, makes the king's and the
// rook's squares take the right away when anything leaves or lands on
// them, and turns Chess960 notation on when the squares are not the
// standard ones.
func (p *Position) setCastling(i int, kingSq, rookSq Square) {
	i &= 3
	kingTo, rookTo := kingSq&0x70+kingToFileOO, kingSq&0x70+rookToFileOO
	if i&1 != 0 {
		kingTo, rookTo = kingSq&0x70+kingToFileOOO, kingSq&0x70+rookToFileOOO
	}
	plan := castlePlan{rookFrom: rookSq, safeLo: min(kingSq, kingTo), safeHi: max(kingSq, kingTo)}
	for sq := min(kingSq, kingTo, rookSq, rookTo); sq <= max(kingSq, kingTo, rookSq, rookTo); sq++ {
		if sq != kingSq && sq != rookSq {
			plan.empty[plan.nEmpty] = sq
			plan.nEmpty++
		}
	}
	// The king is known not to be in check; its own square needs a test
	// only when lifting the rook could uncover it, that is when something
	// could stand beyond the rook (it is not on the edge).
	if f := rookSq.File(); f == 0 || f == 7 {
		plan.cornerRook = true
		if kingSq == plan.safeLo {
			plan.safeLo++
		} else {
			plan.safeHi--
		}
	}
	p.castlePlans[i] = plan
	right := CastleRights(1) << i
	p.castleMask[kingSq&0x7f] &^= (WhiteOO | WhiteOOO) << (i &^ 1)
	p.castleMask[rookSq&0x7f] &^= right
	p.castle |= right
	if kingSq.File() != 4 || (rookSq.File() != 0 && rookSq.File() != 7) {
		p.chess960 = true
	}
}

// castleBlocked reports whether a square that must be empty for the right
// with bit number i is not. Together with castlePathSafe it is the test of
// a castling move, for a side that holds the right and is not in check;
// this half, the usual answer, is kept small enough to inline.
func (p *Position) castleBlocked(i int) bool {
	plan := &p.castlePlans[i&3]
	for _, sq := range plan.empty[:plan.nEmpty&7] {
		if p.board[sq] != Empty {
			return true
		}
	}
	return false
}

// castlePathSafe reports whether no square of the king's path for the
// right with bit number i is attacked, with the castling rook lifted.
func (p *Position) castlePathSafe(i int) bool {
	plan := &p.castlePlans[i&3]
	rook := p.board[plan.rookFrom]
	p.board[plan.rookFrom] = Empty
	safe := true
	for sq := plan.safeLo; sq <= plan.safeHi && safe; sq++ {
		safe = !p.IsAttacked(sq, p.side^1)
	}
	p.board[plan.rookFrom] = rook
	return safe
}

// castleIndex returns the bit number of the right that castling move m
// uses: Black's when the king starts on rank 8, the queen side's when it
// lands on the c-file.
func castleIndex(m Move) int {
	i := int(m.From() >> 6 << 1) // 0 on rank 1, 2 on rank 8
	if m.To().File() == kingToFileOOO {
		i++
	}
	return i
}

// CastlingRook returns the from and to squares of the rook that castling
// move m moves (for code that follows the pieces a move changes, such as
// the network's accumulators). The king goes from m.From() to m.To().
func (p *Position) CastlingRook(m Move) (from, to Square) {
	to = m.To() - 1 // king side: the rook lands beside the king, towards the centre
	if m.To().File() == kingToFileOOO {
		to = m.To() + 1
	}
	return p.castlePlans[castleIndex(m)&3].rookFrom, to
}

// Chess960 reports whether castling moves are written king-takes-rook
// ("e1h1") by UCI, as Chess960 GUIs want, rather than as the king's move
// ("e1g1"). ParseFEN turns it on when a castling king or rook is not on its
// standard square; SetChess960 sets it.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 sets how UCI writes castling moves (see Chess960). Front
// ends set it from the Chess960 option of their protocol.
func (p *Position) SetChess960(on bool) { p.chess960 = on }
