package chess

// Undo holds what MakeMove destroys and UnmakeMove cannot work out in
// reverse. Everything else (where the piece came from, what it was, whether a
// rook moved with the king) is in the move and on the board.
type Undo struct {
	captured Piece        // the piece taken (overwritten on the board)
	capSlot  uint8        // its slot in its piece list, to restore list order
	pawnSlot uint8        // a promoting pawn's slot in its list, likewise
	castle   CastleRights // rights are lost for good; the board cannot say which were held
	ep       Square       // every move clears the en-passant square
	halfmove int          // reset to zero by captures and pawn moves
	// key could be recomputed by replaying the XORs backwards; copying 8
	// bytes is cheaper than a dozen table loads, so it is kept.
	key uint64
}

// MakeMove plays m, which must be legal (from a generator or a parser), in
// place, and returns what UnmakeMove needs to take it back.
func (p *Position) MakeMove(m Move) Undo {
	u := Undo{captured: Empty, castle: p.castle, ep: p.ep, halfmove: p.halfmove, key: p.key}
	from, to := m.From(), m.To()
	if p.ep != NoSquare {
		if p.epKeyed() {
			p.key ^= epKeys[p.ep&7]
		}
		p.ep = NoSquare
	}
	p.halfmove++
	if m&FlagCastle != 0 {
		rf, rt := p.CastlingRook(m)
		p.castleMove(from, to, rf, rt)
	} else {
		if m&FlagCapture != 0 {
			capSq := p.capturedSquare(m)
			u.captured = p.board[capSq]
			u.capSlot = p.index[capSq&0x7f]
			p.remove(capSq)
			p.halfmove = 0
		}
		p.relocate(from, to)
		if p.board[to].Kind() == Pawn {
			p.halfmove = 0
			if promo := m.Promotion(); promo != NoKind {
				u.pawnSlot = p.promote(to, MakePiece(p.side, promo))
			} else if m&FlagDoublePush != 0 {
				p.ep = (from + to) / 2
				p.side ^= 1 // epKeyed asks about the side that will move next
				if p.epKeyed() {
					p.key ^= epKeys[p.ep&7]
				}
				p.side ^= 1
			}
		}
	}
	if p.castle != NoCastle {
		nc := p.castle & p.castleMask[from&0x7f] & p.castleMask[to&0x7f]
		p.key ^= castleKeys[p.castle] ^ castleKeys[nc]
		p.castle = nc
	}
	p.key ^= whiteKey
	p.side ^= 1
	if p.side == White {
		p.fullmove++
	}
	return u
}

// UnmakeMove takes back m, which must be the last move made, restoring the
// position exactly (board, lists, key, every field).
func (p *Position) UnmakeMove(m Move, u Undo) {
	from, to := m.From(), m.To()
	if p.side == White {
		p.fullmove--
	}
	p.side ^= 1
	if m&FlagCastle != 0 {
		rf, rt := p.CastlingRook(m)
		p.castleMove(to, from, rt, rf)
	} else {
		if m.Promotion() != NoKind {
			p.unpromote(to, u.pawnSlot)
		}
		p.relocate(to, from)
		if m&FlagCapture != 0 {
			capSq := p.capturedSquare(m)
			p.putAt(capSq, u.captured, u.capSlot)
		}
	}
	p.castle = u.castle
	p.ep = u.ep
	p.halfmove = u.halfmove
	p.key = u.key
}

// MakeNullMove passes the turn (for the search's null-move pruning). It must
// not be called when the side to move is in check.
func (p *Position) MakeNullMove() Undo {
	u := Undo{captured: Empty, castle: p.castle, ep: p.ep, halfmove: p.halfmove, key: p.key}
	if p.ep != NoSquare {
		if p.epKeyed() {
			p.key ^= epKeys[p.ep&7]
		}
		p.ep = NoSquare
	}
	p.halfmove++
	p.key ^= whiteKey
	p.side ^= 1
	return u
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove(u Undo) {
	p.side ^= 1
	p.ep = u.ep
	p.halfmove = u.halfmove
	p.key = u.key
}

// capturedSquare returns the square of the piece that capture m, by the
// side to move, takes: its target, or for en passant the square behind it,
// where the pawn that just pushed two squares stands.
func (p *Position) capturedSquare(m Move) Square {
	to := m.To()
	if m&FlagEnPassant == 0 {
		return to
	}
	if p.side == White {
		return to - 16
	}
	return to + 16
}
