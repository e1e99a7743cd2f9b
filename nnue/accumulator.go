package nnue

import (
	"unsafe"

	"ox88/chess"
)

// Accumulator holds the first layer's sums for both perspectives
// (v[chess.White], v[chess.Black]) of one position.
type Accumulator struct {
	_ [0]uint64 // 8-byte alignment for the packed-lane arithmetic
	v [2][Hidden]int16
}

// Refresh computes acc from scratch for pos: the bias plus the column of
// every piece on the board.
func (n *Net) Refresh(acc *Accumulator, pos *chess.Position) {
	acc.v[0] = n.FTBias
	acc.v[1] = n.FTBias
	for pc := chess.WPawn; pc <= chess.BKing; pc++ {
		if pc.Kind() == chess.NoKind || pc.Kind() > chess.King {
			continue
		}
		for _, sq := range pos.PieceSquares(pc) {
			for c := chess.White; c <= chess.Black; c++ {
				addRow(&acc.v[c], &n.FTWeights[Feature(c, pc, sq)])
			}
		}
	}
}

func addRow(dst *[Hidden]int16, row *[Hidden]int16) {
	d, r := lanes(dst), lanes(row)
	for i := range d {
		d[i] = add16(d[i], r[i])
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
type Stack struct {
	net      *Net
	top      int
	acc      [StackSize + 1]Accumulator
	deltas   [StackSize + 1]delta
	computed [StackSize + 1]bool
}

// NewStack returns a stack for net; call Reset before use.
func NewStack(net *Net) *Stack { return &Stack{net: net} }

// Net returns the stack's network.
func (s *Stack) Net() *Net { return s.net }

// Reset makes pos the stack's root and computes its accumulators.
func (s *Stack) Reset(pos *chess.Position) {
	s.top = 0
	s.net.Refresh(&s.acc[0], pos)
	s.computed[0] = true
}

// Push records move m, about to be played in pos (the position before
// it). A null move is m == chess.NoMove.
func (s *Stack) Push(pos *chess.Position, m chess.Move) {
	s.top++
	if m == chess.NoMove {
		s.deltas[s.top] = delta{}
	} else {
		s.deltas[s.top] = moveDelta(pos, m)
	}
	s.computed[s.top] = false
}

// Pop takes back the last Push.
func (s *Stack) Pop() { s.top-- }

// Evaluate returns the value of the position at the top of the stack for
// side, the side to move there.
func (s *Stack) Evaluate(side chess.Color) int {
	s.update()
	a := &s.acc[s.top]
	return s.net.Output(&a.v[side], &a.v[side^1])
}

// Current returns the top accumulator, brought up to date (for tests).
func (s *Stack) Current() *Accumulator {
	s.update()
	return &s.acc[s.top]
}

// update brings the top accumulator up to date from the nearest computed
// ancestor.
func (s *Stack) update() {
	if s.computed[s.top] {
		return
	}
	i := s.top
	for !s.computed[i] {
		i--
	}
	for i++; i <= s.top; i++ {
		s.apply(&s.acc[i], &s.acc[i-1], &s.deltas[i])
		s.computed[i] = true
	}
}

// apply sets dst to src plus the changes of d, for both perspectives, in
// one pass over each.
func (s *Stack) apply(dst, src *Accumulator, d *delta) {
	n := s.net
	for c := chess.White; c <= chess.Black; c++ {
		out, in := lanes(&dst.v[c]), lanes(&src.v[c])
		switch {
		case d.nAdd == 1 && d.nSub == 1:
			a := lanes(&n.FTWeights[Feature(c, d.addPc[0], d.addSq[0])])
			r := lanes(&n.FTWeights[Feature(c, d.subPc[0], d.subSq[0])])
			for i := range out {
				out[i] = sub16(add16(in[i], a[i]), r[i])
			}
		case d.nAdd == 1 && d.nSub == 2:
			a := lanes(&n.FTWeights[Feature(c, d.addPc[0], d.addSq[0])])
			r1 := lanes(&n.FTWeights[Feature(c, d.subPc[0], d.subSq[0])])
			r2 := lanes(&n.FTWeights[Feature(c, d.subPc[1], d.subSq[1])])
			for i := range out {
				out[i] = sub16(sub16(add16(in[i], a[i]), r1[i]), r2[i])
			}
		case d.nAdd == 2 && d.nSub == 2:
			a1 := lanes(&n.FTWeights[Feature(c, d.addPc[0], d.addSq[0])])
			a2 := lanes(&n.FTWeights[Feature(c, d.addPc[1], d.addSq[1])])
			r1 := lanes(&n.FTWeights[Feature(c, d.subPc[0], d.subSq[0])])
			r2 := lanes(&n.FTWeights[Feature(c, d.subPc[1], d.subSq[1])])
			for i := range out {
				out[i] = sub16(sub16(add16(add16(in[i], a1[i]), a2[i]), r1[i]), r2[i])
			}
		default: // a null move
			*out = *in
		}
	}
}

// The accumulator arithmetic works on four int16 lanes at once, packed in
// a uint64 ("SIMD within a register"): the top bit of each lane is kept out
// of the carry chain and put back with an XOR, so no carry crosses from one
// lane into the next. Each lane wraps exactly as int16 arithmetic does, so
// the results are bit for bit those of a plain loop (TestLanesMatchInt16),
// about four times faster in pure Go.
const laneTops = 0x8000_8000_8000_8000

// add16 adds the four int16 lanes of a and b.
func add16(a, b uint64) uint64 { return ((a &^ laneTops) + (b &^ laneTops)) ^ ((a ^ b) & laneTops) }

// sub16 subtracts the four int16 lanes of b from a's.
func sub16(a, b uint64) uint64 { return ((a | laneTops) - (b &^ laneTops)) ^ ((a ^ ^b) & laneTops) }

// lanes views an accumulator row as packed lanes. Net and Accumulator are
// 8-byte aligned (their first field), and every row is a multiple of 8
// bytes long, so each view is aligned.
func lanes(row *[Hidden]int16) *[Hidden / 4]uint64 { return (*[Hidden / 4]uint64)(unsafe.Pointer(row)) }

// Ply returns the number of moves pushed above the root (0 after a
// search that took back every move it made).
func (s *Stack) Ply() int { return s.top }
