package chess

// Legal move generation.
//
// ox88 generates legal moves directly instead of generating pseudo-legal
// moves and testing each one by making it. Before generating, it finds the
// pieces giving check and the pieces pinned to the king by walking from each
// enemy slider that is aligned with the king (one attack-table lookup tells
// which are). Then:
//
//   - in double check only the king moves;
//   - in single check every other piece must land on checkMask: the checker's
//     square or, for a sliding checker, a square between it and the king;
//   - a pinned piece may only move along the line through its king;
//   - the king may not step onto an attacked square (asked with the king
//     lifted off the board, so it cannot hide behind itself);
//   - castling needs the right, empty squares, and no attacked square on the
//     king's path, king's square included (castling.go has the rules);
//   - en passant, rare and full of traps (the pin along the rank where both
//     pawns leave it), is made, tested and unmade.
//
// checkMask and the pinned set are 64-bit sets over Index64 squares.

// allSquares is the checkMask when not in check: every square is allowed,
// and the generator skips computing bit(to).
const allSquares = ^uint64(0)

// bit returns the 64-square set holding only sq.
func bit(sq Square) uint64 { return 1 << ((sq + sq&7) >> 1 & 63) }

// What generate emits: the captures (en passant included) and promotions,
// the quiet moves (everything else: castling and double pushes included),
// or both.
const (
	genCaptures = 1 << iota
	genQuiets
	genAll = genCaptures | genQuiets
)

// GenerateMoves fills ml with every legal move.
func (p *Position) GenerateMoves(ml *MoveList) {
	var ci CheckInfo
	ml.N = 0
	p.generate(ml, genAll, &ci)
}

// GenerateCaptures fills ml with the legal captures, en-passant captures and
// promotions (all four kinds, capturing or not). Its output is exactly the
// subsequence of GenerateMoves' output that is of those kinds, in the same
// order, because both run the same code.
func (p *Position) GenerateCaptures(ml *MoveList) {
	var ci CheckInfo
	p.GenerateCapturesWith(ml, &ci)
}

// GenerateCapturesWith is GenerateCaptures with the position's CheckInfo
// in ci: filled here if it is not yet (see CheckInfo), used as it is if it
// is.
func (p *Position) GenerateCapturesWith(ml *MoveList, ci *CheckInfo) {
	ml.N = 0
	p.generate(ml, genCaptures, ci)
}

// GenerateQuiets appends to ml (it does not empty it first) the legal moves
// that GenerateCaptures leaves out: the moves that neither capture nor
// promote (Move.IsQuiet), castling and double pushes included. Its output
// is exactly the rest of GenerateMoves' output, in the same order, so
// GenerateCaptures followed by GenerateQuiets lists every legal move once:
// a search that generates in stages (captures first, quiet moves only if
// the captures did not settle the node) sees the same moves.
func (p *Position) GenerateQuiets(ml *MoveList) {
	var ci CheckInfo
	p.generate(ml, genQuiets, &ci)
}

// GenerateQuietsWith is GenerateQuiets with the position's CheckInfo in
// ci, as GenerateCapturesWith.
func (p *Position) GenerateQuietsWith(ml *MoveList, ci *CheckInfo) { p.generate(ml, genQuiets, ci) }

// CheckInfo holds what legal move generation needs to know about a
// position's checks and pins (checkInfo's results), so that a caller that
// asks several questions of one position (Position.IsLegalWith,
// GenerateCapturesWith, GenerateQuietsWith: a search's staged move picker)
// has it computed once instead of once per question. Its zero value is
// "not computed yet": the first of those calls fills it. It belongs to one
// position: set it back to CheckInfo{} when the position changes.
type CheckInfo struct {
	checkMask, pinned uint64
	checkers          int
	ready             bool
}

// fill computes ci for p if it is not computed yet.
func (ci *CheckInfo) fill(p *Position) {
	if !ci.ready {
		ci.checkMask, ci.pinned, ci.checkers = p.checkInfo()
		ci.ready = true
	}
}

// checkInfo returns the squares a non-king move must land on to meet a
// check (all ones when not in check), the set of pinned pieces, and the
// number of checkers. Pawns and knights are found from the king (two
// squares to look at) and from the knight list; only the enemy's bishops,
// rooks and queens are walked to the king, and only when one attack-table
// lookup says they are on a line with it.
func (p *Position) checkInfo() (checkMask, pinned uint64, checkers int) {
	us := p.side
	them := us ^ 1
	ksq := p.KingSquare(us)
	checkMask = allSquares
	enemyPawn := MakePiece(them, Pawn)
	for _, d := range pawnCaptures[us] {
		if s := ksq + d; p.board[s] == enemyPawn {
			checkers++
			checkMask = bit(s)
		}
	}
	for _, s := range p.PieceSquares(MakePiece(them, Knight)) {
		if attackMask[diffIndex(s, ksq)]&(1<<Knight) != 0 {
			checkers++
			checkMask = bit(s)
		}
	}
	for k := Bishop; k <= Queen; k++ {
		for _, s := range p.PieceSquares(MakePiece(them, k)) {
			d := diffIndex(s, ksq)
			if attackMask[d]&(1<<k) == 0 {
				continue
			}
			step := attackStep[d]
			t := s + step
			for p.board[t] == Empty {
				t += step
			}
			if t == ksq { // nothing between: a check
				checkers++
				var m uint64
				for t := s; t != ksq; t += step {
					m |= bit(t)
				}
				checkMask = m
				continue
			}
			if p.board[t].Color() != us {
				continue
			}
			blocker := t
			for t += step; p.board[t] == Empty; t += step {
			}
			if t == ksq { // one piece of ours between: pinned
				pinned |= bit(blocker)
			}
		}
	}
	return checkMask, pinned, checkers
}

// pinDirection returns the step along which the piece on from, pinned to
// the king on ksq, may still move (and its opposite); 0 when not pinned.
func pinDirection(pinned uint64, from, ksq Square) Square {
	if pinned != 0 && pinned&bit(from) != 0 {
		return attackStep[diffIndex(ksq, from)]
	}
	return 0
}

// generate appends legal moves to ml: the captures and promotions when
// mode has genCaptures, the quiet moves when it has genQuiets. The order is
// pawns, knights, bishops, rooks, queens, king, castling.
//
// ci is the position's CheckInfo, filled here if it is not yet.
func (p *Position) generate(ml *MoveList, mode int, ci *CheckInfo) {
	captures, quiets := mode&genCaptures != 0, mode&genQuiets != 0
	us := p.side
	them := us ^ 1
	ksq := p.KingSquare(us)
	ci.fill(p)
	checkMask, pinned, checkers := ci.checkMask, ci.pinned, ci.checkers

	if checkers < 2 {
		// Pawn constants, hoisted out of the loop: pawns are half the
		// pieces in most positions and their moves the largest share of
		// generation time.
		push := pawnPush[us]
		capLeft, capRight := pawnCaptures[us][0], pawnCaptures[us][1]
		preRank := promotionRank[us] - int(int8(push))/16 // a pawn here promotes
		firstRank := startRank[us]
		for _, from := range p.PieceSquares(MakePiece(us, Pawn)) {
			pinDir := pinDirection(pinned, from, ksq)
			promoting := from.Rank() == preRank
			// Pushes: a pawn pinned along a diagonal or rank cannot push.
			if to := from + push; (quiets || promoting) && p.board[to] == Empty && (pinDir == 0 || pinDir == push || pinDir == -push) {
				if promoting {
					if captures && (checkMask == allSquares || checkMask&bit(to) != 0) {
						addPromotions(ml, Move(from)|Move(to)<<8)
					}
				} else if quiets {
					if checkMask == allSquares || checkMask&bit(to) != 0 {
						ml.add(Move(from) | Move(to)<<8)
					}
					if to2 := to + push; from.Rank() == firstRank && p.board[to2] == Empty && (checkMask == allSquares || checkMask&bit(to2) != 0) {
						ml.add(Move(from) | Move(to2)<<8 | FlagDoublePush)
					}
				}
			}
			if !captures {
				continue
			}
			for _, d := range [2]Square{capLeft, capRight} {
				if pinDir != 0 && d != pinDir && d != -pinDir {
					continue
				}
				to := from + d
				if t := p.board[to]; t != Empty {
					if t.Color() == them && (checkMask == allSquares || checkMask&bit(to) != 0) {
						if promoting {
							addPromotions(ml, Move(from)|Move(to)<<8|FlagCapture)
						} else {
							ml.add(Move(from) | Move(to)<<8 | FlagCapture)
						}
					}
				} else if to == p.ep {
					p.addEnPassant(ml, Move(from)|Move(to)<<8|FlagCapture|FlagEnPassant)
				}
			}
		}
		for _, from := range p.PieceSquares(MakePiece(us, Knight)) {
			if pinned != 0 && pinned&bit(from) != 0 {
				continue // a pinned knight can never move
			}
			for _, to := range knightTargets[from&0x7f].list() {
				if checkMask != allSquares && checkMask&bit(to) == 0 {
					continue
				}
				if t := p.board[to]; t == Empty {
					if quiets {
						ml.add(Move(from) | Move(to)<<8)
					}
				} else if captures && t.Color() == them {
					ml.add(Move(from) | Move(to)<<8 | FlagCapture)
				}
			}
		}
		if quiets {
			for _, from := range p.PieceSquares(MakePiece(us, Bishop)) {
				p.genSlider(ml, from, BishopSteps[:], pinDirection(pinned, from, ksq), checkMask, mode)
			}
			for _, from := range p.PieceSquares(MakePiece(us, Rook)) {
				p.genSlider(ml, from, RookSteps[:], pinDirection(pinned, from, ksq), checkMask, mode)
			}
			for _, from := range p.PieceSquares(MakePiece(us, Queen)) {
				p.genSlider(ml, from, KingSteps[:], pinDirection(pinned, from, ksq), checkMask, mode)
			}
		} else {
			for _, from := range p.PieceSquares(MakePiece(us, Bishop)) {
				p.genSliderCaptures(ml, from, BishopSteps[:], pinDirection(pinned, from, ksq), checkMask)
			}
			for _, from := range p.PieceSquares(MakePiece(us, Rook)) {
				p.genSliderCaptures(ml, from, RookSteps[:], pinDirection(pinned, from, ksq), checkMask)
			}
			for _, from := range p.PieceSquares(MakePiece(us, Queen)) {
				p.genSliderCaptures(ml, from, KingSteps[:], pinDirection(pinned, from, ksq), checkMask)
			}
		}
	}

	// King moves, with the king lifted so that it does not block a ray
	// that would attack the square it steps back onto.
	king := p.board[ksq]
	p.board[ksq] = Empty
	for _, to := range kingTargets[ksq&0x7f].list() {
		t := p.board[to]
		if t == Empty {
			if quiets && !p.IsAttacked(to, them) {
				ml.add(Move(ksq) | Move(to)<<8)
			}
		} else if captures && t.Color() == them && !p.IsAttacked(to, them) {
			ml.add(Move(ksq) | Move(to)<<8 | FlagCapture)
		}
	}
	p.board[ksq] = king

	// Castling: the king side first, then the queen side (see castling.go).
	if quiets && checkers == 0 && p.castle != NoCastle {
		i := 2 * int(us&1) // the bit number of us's king-side right
		if p.castle&(WhiteOO<<i) != 0 && !p.castleBlocked(i) && p.castlePathSafe(i) {
			ml.add(Move(ksq) | Move(ksq&0x70+kingToFileOO)<<8 | FlagCastle)
		}
		if p.castle&(WhiteOOO<<i) != 0 && !p.castleBlocked(i+1) && p.castlePathSafe(i+1) {
			ml.add(Move(ksq) | Move(ksq&0x70+kingToFileOOO)<<8 | FlagCastle)
		}
	}
}

// genSlider appends the moves of a bishop, rook or queen on from. A pinned
// slider (pinDir != 0) keeps to the two directions along its pin.
func (p *Position) genSlider(ml *MoveList, from Square, steps []Square, pinDir Square, checkMask uint64, mode int) {
	captures, quiets := mode&genCaptures != 0, mode&genQuiets != 0
	them := p.side ^ 1
	for _, d := range steps {
		if pinDir != 0 && d != pinDir && d != -pinDir {
			continue
		}
		for to := from + d; ; to += d {
			t := p.board[to]
			if t == Empty {
				if quiets && (checkMask == allSquares || checkMask&bit(to) != 0) {
					ml.add(Move(from) | Move(to)<<8)
				}
				continue
			}
			if captures && t.Color() == them && (checkMask == allSquares || checkMask&bit(to) != 0) {
				ml.add(Move(from) | Move(to)<<8 | FlagCapture)
			}
			break
		}
	}
}

// genSliderCaptures is genSlider for captures alone (the captures stage
// of a search, quiescence): each line is walked to its first piece without
// a look at the empty squares on the way, and the moves come in
// genSlider's order.
func (p *Position) genSliderCaptures(ml *MoveList, from Square, steps []Square, pinDir Square, checkMask uint64) {
	them := p.side ^ 1
	for _, d := range steps {
		if pinDir != 0 && d != pinDir && d != -pinDir {
			continue
		}
		to := from + d
		for p.board[to] == Empty {
			to += d
		}
		// offBoard's colour is neither side's.
		if p.board[to].Color() == them && (checkMask == allSquares || checkMask&bit(to) != 0) {
			ml.add(Move(from) | Move(to)<<8 | FlagCapture)
		}
	}
}

// addPromotions appends the four promotions of one pawn move, queen first.
func addPromotions(ml *MoveList, m Move) {
	ml.add(m | Move(Queen)<<16)
	ml.add(m | Move(Rook)<<16)
	ml.add(m | Move(Bishop)<<16)
	ml.add(m | Move(Knight)<<16)
}

// addEnPassant appends the en-passant capture m if it is legal.
func (p *Position) addEnPassant(ml *MoveList, m Move) {
	if p.epLegal(m) {
		ml.add(m)
	}
}

// epLegal reports whether the en-passant capture m leaves the king safe. It
// is made, tested and unmade: both pawns leave their squares, which can
// expose the king along the rank, and the taken pawn may be the checker; the
// test covers every case, and en passant is too rare for the cost to matter.
func (p *Position) epLegal(m Move) bool {
	us := p.side
	u := p.MakeMove(m)
	legal := !p.IsAttacked(p.KingSquare(us), us^1)
	p.UnmakeMove(m, u)
	return legal
}

// targets is the list of squares a knight or king reaches from one square,
// precomputed so that the generator needs no off-board tests for them.
type targets struct {
	n  uint8
	sq [8]Square
}

func (t *targets) list() []Square { return t.sq[:t.n] }

var knightTargets, kingTargets = stepTargets(KnightSteps[:]), stepTargets(KingSteps[:])

// stepTargets lists, for each square, the squares one of steps reaches
// from it, in the order of steps.
func stepTargets(steps []Square) [128]targets {
	var ts [128]targets
	for from := Square(0); from < 128; from++ {
		if !from.OnBoard() {
			continue
		}
		t := &ts[from]
		for _, d := range steps {
			if to := from + d; to.OnBoard() {
				t.sq[t.n] = to
				t.n++
			}
		}
	}
	return ts
}

// IsLegal reports whether m is one of the moves GenerateMoves gives in p,
// flags included, without generating them: a move that comes from
// elsewhere (the transposition table, a killer of another node) is tested
// against the board and then by the generator's own rules (checkInfo's
// check mask and pins, the lifted king, castleBlocked and castlePathSafe,
// epLegal). A move of another position, or no move at all, is false.
func (p *Position) IsLegal(m Move) bool {
	var ci CheckInfo
	return p.IsLegalWith(m, &ci)
}

// IsLegalWith is IsLegal with the position's CheckInfo in ci: filled here
// if it is not yet and the move needs it (the cheap tests against the
// board come first, and a king move or castling does not need it), used as
// it is if it is.
func (p *Position) IsLegalWith(m Move, ci *CheckInfo) bool {
	const known = 0x7f | 0x7f<<8 | 7<<16 | FlagCapture | FlagEnPassant | FlagCastle | FlagDoublePush
	if m == NoMove || m&^known != 0 {
		return false
	}
	from, to := m.From(), m.To()
	if !from.OnBoard() || !to.OnBoard() {
		return false
	}
	us := p.side
	them := us ^ 1
	pc := p.board[from]
	if pc == Empty || pc.Color() != us {
		return false
	}
	if m.IsCastle() {
		return p.castleLegal(m)
	}
	t := p.board[to]
	if t != Empty && t.Color() != them {
		return false
	}
	kind := pc.Kind()
	var step Square // the direction the piece moves in, for the pin test
	if kind == Pawn {
		var ok bool
		if step, ok = p.pawnMoveValid(m, t); !ok {
			return false
		}
		if m.IsEnPassant() {
			ci.fill(p)
			return ci.checkers < 2 && p.epLegal(m)
		}
	} else {
		if m&(7<<16|FlagEnPassant|FlagDoublePush) != 0 || m.IsCapture() != (t != Empty) {
			return false
		}
		d := diffIndex(from, to)
		if attackMask[d]&(1<<kind) == 0 {
			return false
		}
		if kind == King {
			p.board[from] = Empty
			safe := !p.IsAttacked(to, them)
			p.board[from] = pc
			return safe
		}
		step = attackStep[d]
		if kind != Knight {
			for s := from + step; s != to; s += step {
				if p.board[s] != Empty {
					return false
				}
			}
		}
	}
	ci.fill(p)
	checkMask, pinned, checkers := ci.checkMask, ci.pinned, ci.checkers
	if checkers >= 2 || (checkMask != allSquares && checkMask&bit(to) == 0) {
		return false
	}
	pinDir := pinDirection(pinned, from, p.KingSquare(us))
	return pinDir == 0 || (kind != Knight && (step == pinDir || step == -pinDir))
}

// pawnMoveValid reports whether pawn move m matches the board (t is the
// piece on its target square): a push to an empty square, a double push
// from the start rank over two empty squares, a capture of an enemy piece
// or en passant, with the flags and the promotion the generator gives it.
// It returns the direction the pawn moves in.
func (p *Position) pawnMoveValid(m Move, t Piece) (Square, bool) {
	us := p.side
	from, to := m.From(), m.To()
	push := pawnPush[us]
	promoting := from.Rank() == promotionRank[us]-int(int8(push))/16
	flags := m & (FlagCapture | FlagEnPassant | FlagDoublePush)
	if promo := m.Promotion(); promoting != (promo != NoKind) || (promoting && (promo < Knight || promo > Queen)) {
		return 0, false
	}
	switch step := to - from; {
	case step == push:
		return step, t == Empty && flags == 0
	case step == 2*push:
		return push, flags == FlagDoublePush && from.Rank() == startRank[us] && t == Empty && p.board[from+push] == Empty
	case step == pawnCaptures[us][0] || step == pawnCaptures[us][1]:
		if t != Empty {
			return step, flags == FlagCapture
		}
		return step, flags == FlagCapture|FlagEnPassant && to == p.ep && !promoting
	}
	return 0, false
}

// castleLegal reports whether castling move m is one the generator gives:
// the right held, not in check, the squares empty and the path safe.
func (p *Position) castleLegal(m Move) bool {
	us := p.side
	ksq := p.KingSquare(us)
	i := 2 * int(us&1)
	switch m {
	case Move(ksq) | Move(ksq&0x70+kingToFileOO)<<8 | FlagCastle:
	case Move(ksq) | Move(ksq&0x70+kingToFileOOO)<<8 | FlagCastle:
		i++
	default:
		return false
	}
	return p.castle&(WhiteOO<<i) != 0 && !p.InCheck() && !p.castleBlocked(i) && p.castlePathSafe(i)
}
