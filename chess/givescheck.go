package chess

// GivesCheck reports whether the legal move m of the side to move puts the
// other side's king in check: what MakeMove followed by InCheck would say,
// found without making the move. A search that prunes a quiet move unless
// it gives check asks this, so that the moves it prunes are never made.
//
// In a legal position the side not to move is not in check, so a check
// after m is new: either the moved piece (a promoted pawn as its new kind)
// attacks the king from its target square, seen with its origin square
// empty (direct check), or a square that m empties opens a line from a
// bishop, rook or queen of the mover's to the king (discovered check). The
// squares m empties are the origin, the en-passant victim's square, and
// the king's and rook's origins of a castling; the squares it fills are the
// target and, castling, the king's and rook's targets. Only those lines are
// walked, and only when the attack-difference tables say the king lies on
// one (TestGivesCheckOverPerftTrees compares it with MakeMove and InCheck at
// every node of perft trees).
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ksq := p.KingSquare(us ^ 1)
	from, to := m.From(), m.To()
	if m&FlagCastle != 0 {
		return p.castlingGivesCheck(m, ksq)
	}
	k := p.board[from].Kind()
	if promo := m.Promotion(); promo != NoKind {
		k = promo
	}
	d := diffIndex(to, ksq)
	switch k {
	case Pawn:
		bit := uint8(1 << Pawn)
		if us == Black {
			bit = 1 << pawnBlackBit
		}
		if attackMask[d]&bit != 0 {
			return true
		}
	case Knight:
		if attackMask[d]&(1<<Knight) != 0 {
			return true
		}
	case Bishop, Rook, Queen:
		if attackMask[d]&(1<<k) != 0 && p.clearBetween(to, ksq, attackStep[d], from, from, NoSquare) {
			return true
		}
	}
	if m&FlagEnPassant != 0 {
		victim := to - 16
		if us == Black {
			victim = to + 16
		}
		return p.discovers(ksq, from, victim, to, to) || p.discovers(ksq, victim, from, to, to)
	}
	return p.discovers(ksq, from, from, to, to)
}

// castlingGivesCheck is GivesCheck for the castling m: the rook on its
// target square attacks the king, or the king's or rook's leaving opens a
// line to it.
func (p *Position) castlingGivesCheck(m Move, ksq Square) bool {
	kf, kt := m.From(), m.To()
	rf, rt := p.CastlingRook(m)
	if d := diffIndex(rt, ksq); attackMask[d]&(1<<Rook) != 0 && p.clearBetween(rt, ksq, attackStep[d], kf, rf, kt) {
		return true
	}
	return p.discovers(ksq, kf, rf, kt, rt) || p.discovers(ksq, rf, kf, kt, rt)
}

// clearBetween reports whether the squares strictly between a and b, a
// step apart along a line, are empty once a move has emptied e1 and e2 and
// filled f (NoSquare for none).
func (p *Position) clearBetween(a, b, step, e1, e2, f Square) bool {
	for t := a + step; t != b; t += step {
		if t == f || p.board[t] != Empty && t != e1 && t != e2 {
			return false
		}
	}
	return true
}

// discovers reports whether, once a move of the side to move has emptied
// the squares e and e2 and filled f1 and f2, a bishop, rook or queen of the
// side to move attacks ksq along the line from ksq through e. A piece that
// the move puts on f1 or f2 blocks the line here; its own attack is the
// caller's to see.
func (p *Position) discovers(ksq, e, e2, f1, f2 Square) bool {
	d := diffIndex(ksq, e)
	if attackMask[d]&(1<<Queen) == 0 {
		return false
	}
	step := attackStep[d]
	t := ksq + step
	for {
		if t == f1 || t == f2 {
			return false
		}
		if p.board[t] != Empty && t != e && t != e2 {
			break
		}
		t += step
	}
	pc := p.board[t]
	if pc.Color() != p.side {
		return false // the other side's piece, or the edge (offBoard)
	}
	k := pc.Kind()
	return (k == Bishop || k == Rook || k == Queen) && attackMask[diffIndex(t, ksq)]&(1<<k) != 0
}
