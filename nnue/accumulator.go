package nnue

import "ox88/chess"

// Accumulator holds the first layer's sums for both perspectives
// (v[chess.White], v[chess.Black]) of one position, the first Net.Hidden
// lanes of each used, and the view each perspective's features are seen
// with (Net.kingView: the file flip of a king-mirrored net, the king
// bucket of a king-bucketed one).
type Accumulator struct {
	_    [0]uint64 // 8-byte alignment for the packed-lane arithmetic
	v    [2][MaxHidden]int16
	view [2]view
}

// Refresh computes acc from scratch for pos: the bias plus the row of
// every piece on the board.
func (n *Net) Refresh(acc *Accumulator, pos *chess.Position) {
	for c := chess.White; c <= chess.Black; c++ {
		acc.view[c] = n.kingView(c, pos.KingSquare(c))
		n.refreshSide(acc, pos, c)
	}
}

// refreshSide computes perspective c of acc from scratch for pos, with
// the view already in acc.view[c].
func (n *Net) refreshSide(acc *Accumulator, pos *chess.Position, c chess.Color) {
	h := n.Hidden
	out := acc.v[c][:h]
	copy(out, n.FTBias)
	v := acc.view[c]
	for pc := chess.WPawn; pc <= chess.BKing; pc++ {
		if pc.Kind() == chess.NoKind || pc.Kind() > chess.King {
			continue
		}
		for _, sq := range pos.PieceSquares(pc) {
			addRow(out, n.row(v.input(c, pc, sq)))
		}
	}
}

// delta is what one move changes on the board, as (piece, square) pairs
// taken away and put down: at most two of each (castling moves two
// pieces; a capture removes two and adds one).
type delta struct {
	nSub, nAdd int8
	subPc      [2]chess.Piece
	subSq      [2]chess.Square
	addPc      [2]chess.Piece
	addSq      [2]chess.Square
}

func (d *delta) sub(pc chess.Piece, sq chess.Square) {
	d.subPc[d.nSub], d.subSq[d.nSub] = pc, sq
	d.nSub++
}

func (d *delta) add(pc chess.Piece, sq chess.Square) {
	d.addPc[d.nAdd], d.addSq[d.nAdd] = pc, sq
	d.nAdd++
}

// moveDelta returns what m changes on pos's board; pos is the position
// before the move.
func moveDelta(pos *chess.Position, m chess.Move) delta {
	var d delta
	from, to := m.From(), m.To()
	pc := pos.At(from)
	if m.IsCastle() {
		rf, rt := pos.CastlingRook(m)
		rook := pos.At(rf)
		d.sub(pc, from)
		d.sub(rook, rf)
		d.add(pc, to)
		d.add(rook, rt)
		return d
	}
	d.sub(pc, from)
	if m.IsCapture() {
		capSq := to
		if m.IsEnPassant() {
			capSq = chess.NewSquare(to.File(), from.Rank())
		}
		d.sub(pos.At(capSq), capSq)
	}
	if k := m.Promotion(); k != chess.NoKind {
		pc = chess.MakePiece(pc.Color(), k)
	}
	d.add(pc, to)
	return d
}

// StackSize bounds the plies a Stack holds beyond its root.
const StackSize = 256

// Stack is one search thread's accumulators, one per ply, kept lazily:
// Push records only what the move changes, and the sums are brought up to
// date when a position is evaluated, starting from the nearest ply above
// that is already computed. A node that is never evaluated (a transposition
// cutoff, a pruned move) costs a few bytes, not 2*Hidden additions.
//
// In a king-mirrored or king-bucketed net, a king move that changes its
// side's view (across the middle of the board, from files a-d to e-h or
// back, or into another king bucket) changes that side's view of every
// piece: Push then computes that perspective at once, from the position
// and the move, and the other perspective stays lazy. So each perspective
// is up to date or not on its own.
type Stack struct {
	net      *Net
	top      int
	acc      [StackSize + 1]Accumulator
	deltas   [StackSize + 1]delta
	computed [StackSize + 1][2]bool
}

// NewStack returns a stack for net; call Reset before use.
func NewStack(net *Net) *Stack { return &Stack{net: net} }

// Net returns the stack's network.
func (s *Stack) Net() *Net { return s.net }

// Reset makes pos the stack's root and computes its accumulators.
func (s *Stack) Reset(pos *chess.Position) {
	s.top = 0
	s.net.Refresh(&s.acc[0], pos)
	s.computed[0] = [2]bool{true, true}
}

// Push records move m, about to be played in pos (the position before
// it). A null move is m == chess.NoMove.
func (s *Stack) Push(pos *chess.Position, m chess.Move) {
	s.top++
	s.computed[s.top] = [2]bool{}
	a := &s.acc[s.top]
	a.view = s.acc[s.top-1].view
	if m == chess.NoMove {
		s.deltas[s.top] = delta{}
		return
	}
	d := moveDelta(pos, m)
	s.deltas[s.top] = d
	if s.net.Mirrored && d.subPc[0].Kind() == chess.King {
		c := d.subPc[0].Color()
		if v := s.net.kingView(c, d.addSq[0]); v != a.view[c] {
			// The king changed its side's view: that side sees the board anew.
			a.view[c] = v
			s.net.refreshSide(a, pos, c)
			out := a.v[c][:s.net.Hidden]
			for i := int8(0); i < d.nSub; i++ {
				subRow(out, s.net.row(v.input(c, d.subPc[i], d.subSq[i])))
			}
			for i := int8(0); i < d.nAdd; i++ {
				addRow(out, s.net.row(v.input(c, d.addPc[i], d.addSq[i])))
			}
			s.computed[s.top][c] = true
		}
	}
}

// Pop takes back the last Push.
func (s *Stack) Pop() { s.top-- }

// Evaluate returns the value of pos, the position at the top of the
// stack, for the side to move.
func (s *Stack) Evaluate(pos *chess.Position) int {
	s.update()
	a := &s.acc[s.top]
	side := pos.SideToMove()
	return s.net.Output(&a.v[side], &a.v[side^1], s.net.Bucket(pieceCount(pos)))
}

// Current returns the top accumulator, brought up to date (for tests).
func (s *Stack) Current() *Accumulator {
	s.update()
	return &s.acc[s.top]
}

// update brings the top accumulator up to date, each perspective from its
// nearest computed ancestor.
func (s *Stack) update() {
	for c := chess.White; c <= chess.Black; c++ {
		if s.computed[s.top][c] {
			continue
		}
		i := s.top
		for !s.computed[i][c] {
			i--
		}
		for i++; i <= s.top; i++ {
			s.apply(&s.acc[i], &s.acc[i-1], &s.deltas[i], c)
			s.computed[i][c] = true
		}
	}
}

// apply sets perspective c of dst to src's plus the changes of d, in one
// pass (the kernels are in kernels.go). dst's view is src's: a move that
// changes it was applied by Push.
func (s *Stack) apply(dst, src *Accumulator, d *delta, c chess.Color) {
	n := s.net
	v := dst.view[c]
	h := n.Hidden
	out, in := dst.v[c][:h], src.v[c][:h]
	switch {
	case d.nAdd == 1 && d.nSub == 1:
		addSub(out, in, n.row(v.input(c, d.addPc[0], d.addSq[0])), n.row(v.input(c, d.subPc[0], d.subSq[0])))
	case d.nAdd == 1 && d.nSub == 2:
		addSubSub(out, in, n.row(v.input(c, d.addPc[0], d.addSq[0])),
			n.row(v.input(c, d.subPc[0], d.subSq[0])), n.row(v.input(c, d.subPc[1], d.subSq[1])))
	case d.nAdd == 2 && d.nSub == 2:
		addAddSubSub(out, in, n.row(v.input(c, d.addPc[0], d.addSq[0])), n.row(v.input(c, d.addPc[1], d.addSq[1])),
			n.row(v.input(c, d.subPc[0], d.subSq[0])), n.row(v.input(c, d.subPc[1], d.subSq[1])))
	default: // a null move
		copy(out, in)
	}
}

// Ply returns the number of moves pushed above the root (0 after a
// search that took back every move it made).
func (s *Stack) Ply() int { return s.top }
