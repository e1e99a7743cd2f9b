package chess

// Counting legal moves without listing them.
//
// Perft's last ply only needs the number of legal moves, and most of the
// time of a perft goes into generating the moves of frontier positions that
// are never made. CountMoves runs the generator's logic (the same checkInfo,
// the same pin and check rules) but adds to a counter instead of building
// and storing moves, and takes a shortcut for the common piece that is
// neither pinned nor constrained by a check. Its result must equal the
// length of GenerateMoves' list in every position; the perft walk test
// asserts that at every node, and every perft count depends on it.

// takes[c][v] is 1 when side c may capture the board value v (a piece of
// the other colour), lands[c][v] when a piece of side c may move onto it
// (empty, or the other colour's); off-board values are neither. Indexed
// by board values masked to 5 bits (offBoard is 23), they let the counter
// add instead of branch.
var takes, lands = func() (t, l [2][32]uint8) {
	for c := White; c <= Black; c++ {
		for v := 0; v < 32; v++ {
			pc := Piece(v)
			if k := pc.Kind(); v < 16 && k >= Pawn && k <= King && pc.Color() == c^1 {
				t[c][v] = 1
			}
			if pc == Empty || t[c][v] == 1 {
				l[c][v] = 1
			}
		}
	}
	return t, l
}()

// CountMoves returns the number of legal moves in the position.
func (p *Position) CountMoves() int {
	us := p.side
	them := us ^ 1
	ksq := p.KingSquare(us)
	checkMask, pinned, checkers := p.checkInfo()
	n := 0

	if checkers < 2 {
		push := pawnPush[us]
		capLeft, capRight := pawnCaptures[us][0], pawnCaptures[us][1]
		preRank := promotionRank[us] - int(int8(push))/16 // a pawn here promotes
		firstRank := startRank[us]
		free := checkMask == allSquares
		for _, from := range p.PieceSquares(MakePiece(us, Pawn)) {
			mult := 1
			if from.Rank() == preRank {
				mult = 4
			}
			pinDir := pinDirection(pinned, from, ksq)
			if free && pinDir == 0 {
				if to := from + push; p.board[to] == Empty {
					n += mult
					if to2 := to + push; from.Rank() == firstRank && p.board[to2] == Empty {
						n++
					}
				}
				// Both captures without a branch: takes[us] says of each
				// board value whether us may capture it.
				n += mult * int(takes[us&1][p.board[from+capLeft]&31]+takes[us&1][p.board[from+capRight]&31])
				if p.ep != NoSquare {
					if to := from + capLeft; to == p.ep && p.epLegal(Move(from)|Move(to)<<8|FlagCapture|FlagEnPassant) {
						n++
					}
					if to := from + capRight; to == p.ep && p.epLegal(Move(from)|Move(to)<<8|FlagCapture|FlagEnPassant) {
						n++
					}
				}
				continue
			}
			if to := from + push; p.board[to] == Empty && (pinDir == 0 || pinDir == push || pinDir == -push) {
				if checkMask&bit(to) != 0 {
					n += mult
				}
				if to2 := to + push; from.Rank() == firstRank && p.board[to2] == Empty && checkMask&bit(to2) != 0 {
					n++
				}
			}
			for _, d := range [2]Square{capLeft, capRight} {
				if pinDir != 0 && d != pinDir && d != -pinDir {
					continue
				}
				to := from + d
				if t := p.board[to]; t != Empty {
					if t.Color() == them && checkMask&bit(to) != 0 {
						n += mult
					}
				} else if to == p.ep && p.epLegal(Move(from)|Move(to)<<8|FlagCapture|FlagEnPassant) {
					n++
				}
			}
		}
		for _, from := range p.PieceSquares(MakePiece(us, Knight)) {
			if pinned != 0 && pinned&bit(from) != 0 {
				continue // a pinned knight can never move
			}
			if free {
				for _, to := range knightTargets[from&0x7f].list() {
					n += int(lands[us&1][p.board[to]&31])
				}
				continue
			}
			for _, to := range knightTargets[from&0x7f].list() {
				if t := p.board[to]; (t == Empty || t.Color() == them) && checkMask&bit(to) != 0 {
					n++
				}
			}
		}
		for _, from := range p.PieceSquares(MakePiece(us, Bishop)) {
			n += p.countSlider(from, BishopSteps[:], pinDirection(pinned, from, ksq), checkMask)
		}
		for _, from := range p.PieceSquares(MakePiece(us, Rook)) {
			n += p.countSlider(from, RookSteps[:], pinDirection(pinned, from, ksq), checkMask)
		}
		for _, from := range p.PieceSquares(MakePiece(us, Queen)) {
			n += p.countSlider(from, KingSteps[:], pinDirection(pinned, from, ksq), checkMask)
		}
	}

	// The king's moves. Its two neighbours on its rank are also the first
	// squares of its castling paths, so what is learnt of them here is
	// kept for countCastling (safeEast, safeWest).
	king := p.board[ksq]
	p.board[ksq] = Empty
	safeEast, safeWest := false, false
	for _, to := range kingTargets[ksq&0x7f].list() {
		if t := p.board[to]; (t == Empty || t.Color() == them) && !p.IsAttacked(to, them) {
			n++
			if to == ksq+east {
				safeEast = true
			} else if to == ksq+west {
				safeWest = true
			}
		}
	}
	p.board[ksq] = king

	if checkers == 0 && p.castle != NoCastle {
		n += p.countCastling(ksq, safeEast, safeWest)
	}
	return n
}

// countSlider counts the moves of a bishop, rook or queen on from.
func (p *Position) countSlider(from Square, steps []Square, pinDir Square, checkMask uint64) int {
	them := p.side ^ 1
	n := 0
	if pinDir == 0 && checkMask == allSquares {
		for _, d := range steps {
			to := from + d
			for ; p.board[to] == Empty; to += d {
				n++
			}
			if p.board[to].Color() == them {
				n++
			}
		}
		return n
	}
	for _, d := range steps {
		if pinDir != 0 && d != pinDir && d != -pinDir {
			continue
		}
		for to := from + d; ; to += d {
			t := p.board[to]
			if t == Empty {
				if checkMask&bit(to) != 0 {
					n++
				}
				continue
			}
			if t.Color() == them && checkMask&bit(to) != 0 {
				n++
			}
			break
		}
	}
	return n
}

// countCastling counts the legal castling moves (the side is not in
// check). safeEast and safeWest say whether the king's moves found the
// king's neighbours on its rank safe (castlePathKnown).
func (p *Position) countCastling(ksq Square, safeEast, safeWest bool) int {
	n := 0
	i := 2 * int(p.side&1) // the bit number of the side's king-side right
	if p.castle&(WhiteOO<<i) != 0 && !p.castleBlocked(i) && p.castlePathKnown(i, ksq, safeEast, safeWest) {
		n++
	}
	if p.castle&(WhiteOOO<<i) != 0 && !p.castleBlocked(i+1) && p.castlePathKnown(i+1, ksq, safeEast, safeWest) {
		n++
	}
	return n
}

// castlePathKnown is castlePathSafe for a counter that has already tested
// the king's neighbours on its rank as king moves (with the king lifted).
// With the rook on file a or h, lifting it changes nothing on the path,
// and lifting the king changes nothing either: a slider attacking a
// neighbour through the king's square would be giving check. A path square
// next to the king is empty (castleBlocked), so the king's moves asked
// about it, and their answer stands; only the farther squares are asked.
func (p *Position) castlePathKnown(i int, ksq Square, safeEast, safeWest bool) bool {
	plan := &p.castlePlans[i&3]
	if !plan.cornerRook {
		return p.castlePathSafe(i)
	}
	for sq := plan.safeLo; sq <= plan.safeHi; sq++ {
		switch sq {
		case ksq + east:
			if !safeEast {
				return false
			}
		case ksq + west:
			if !safeWest {
				return false
			}
		default:
			if p.IsAttacked(sq, p.side^1) {
				return false
			}
		}
	}
	return true
}
