package chess

// Steps as Square values: adding 256-16 to a uint8 square steps down a rank.
// Squares wrap modulo 256, and every wrapped result has bit 7 set, so the
// 0x88 test catches steps off either edge.
const (
	north Square = 16
	south Square = 256 - 16
	east  Square = 1
	west  Square = 256 - 1
	ne    Square = 17
	nw    Square = 15
	se    Square = 256 - 15
	sw    Square = 256 - 17
)

// The steps of the pieces on the 0x88 board, for every package that walks
// the board (move generation, attacks, the evaluation's mobility, the
// search's exchange evaluator). They are arrays, so ranging over them
// allocates nothing; their order is the order moves are generated in.
var (
	KnightSteps = [8]Square{33, 31, 18, 14, 256 - 33, 256 - 31, 256 - 18, 256 - 14}
	KingSteps   = [8]Square{north, south, east, west, ne, nw, se, sw}
	BishopSteps = [4]Square{ne, nw, se, sw}
	RookSteps   = [4]Square{north, south, east, west}
)

var (
	pawnPush      = [2]Square{north, south}
	pawnCaptures  = [2][2]Square{{nw, ne}, {sw, se}}
	promotionRank = [2]int{7, 0}
	startRank     = [2]int{1, 6}
)

// The attack-difference tables. For two on-board squares from and to,
// d = to - from + 119 lies in 0..238 and identifies the direction uniquely.
// attackMask[d] has bit k set when a piece of kind k on from could attack to
// on an empty board (bit Pawn for a White pawn, bit pawnBlackBit for a Black
// one); attackStep[d] is the unit step leading from from towards to when the
// two are on a line, 0 otherwise.
var (
	attackMask [239]uint8
	attackStep [239]Square
)

const pawnBlackBit = 7

func diffIndex(from, to Square) int { return int(to) - int(from) + 119 }

func init() {
	for from := Square(0); from < 128; from++ {
		if !from.OnBoard() {
			continue
		}
		for _, to := range knightTargets[from].list() {
			attackMask[diffIndex(from, to)] |= 1 << Knight
		}
		for _, to := range kingTargets[from].list() {
			attackMask[diffIndex(from, to)] |= 1 << King
		}
		for i, d := range pawnCaptures[White] {
			_ = i
			if to := from + d; to.OnBoard() {
				attackMask[diffIndex(from, to)] |= 1 << Pawn
			}
		}
		for _, d := range pawnCaptures[Black] {
			if to := from + d; to.OnBoard() {
				attackMask[diffIndex(from, to)] |= 1 << pawnBlackBit
			}
		}
		for _, d := range BishopSteps {
			for to := from + d; to.OnBoard(); to += d {
				attackMask[diffIndex(from, to)] |= 1<<Bishop | 1<<Queen
				attackStep[diffIndex(from, to)] = d
			}
		}
		for _, d := range RookSteps {
			for to := from + d; to.OnBoard(); to += d {
				attackMask[diffIndex(from, to)] |= 1<<Rook | 1<<Queen
				attackStep[diffIndex(from, to)] = d
			}
		}
	}
}

// pieceAttackBit returns the attackMask bit for piece pc.
func pieceAttackBit(pc Piece) uint8 {
	if pc.Kind() == Pawn && pc.Color() == Black {
		return 1 << pawnBlackBit
	}
	return 1 << pc.Kind()
}

// IsAttacked reports whether side by attacks sq. It stands on sq and looks
// outwards: the two pawn squares, the eight knight squares, the enemy king,
// then the four diagonal and four orthogonal rays until something blocks.
// Families the attacker has no pieces of are skipped.
func (p *Position) IsAttacked(sq Square, by Color) bool {
	sq &= 0x7f
	if p.AttackedByPawn(sq, by) {
		return true
	}
	// The king: one table lookup from its known square.
	if attackMask[diffIndex(p.KingSquare(by), sq)]&(1<<King) != 0 {
		return true
	}
	if knight := MakePiece(by, Knight); p.pieces[knight] != 0 {
		for _, d := range KnightSteps {
			if p.board[sq+d] == knight {
				return true
			}
		}
	}
	queen := MakePiece(by, Queen)
	if bishop := MakePiece(by, Bishop); p.pieces[bishop]+p.pieces[queen] != 0 {
		for _, d := range BishopSteps {
			t := sq + d
			for p.board[t] == Empty {
				t += d
			}
			if pc := p.board[t]; pc == bishop || pc == queen {
				return true
			}
		}
	}
	if rook := MakePiece(by, Rook); p.pieces[rook]+p.pieces[queen] != 0 {
		for _, d := range RookSteps {
			t := sq + d
			for p.board[t] == Empty {
				t += d
			}
			if pc := p.board[t]; pc == rook || pc == queen {
				return true
			}
		}
	}
	return false
}

// AttackedByPawn reports whether a pawn of colour by attacks sq: a White
// pawn attacks up the board, so it would stand below sq. IsAttacked asks
// it first; the search's move ordering asks it alone (Options.Threat).
func (p *Position) AttackedByPawn(sq Square, by Color) bool {
	sq &= 0x7f
	pawn := MakePiece(by, Pawn)
	back := pawnCaptures[by^1]
	return p.board[sq+back[0]] == pawn || p.board[sq+back[1]] == pawn
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.IsAttacked(p.KingSquare(p.side), p.side^1)
}

// AttackersOf appends to dst the squares of every piece of side by that
// attacks sq (x-rays not included), pawns first and the king last, and
// returns the extended slice. The visualizers use it; the search does not.
func (p *Position) AttackersOf(sq Square, by Color, dst []Square) []Square {
	if !sq.OnBoard() {
		return dst
	}
	for pc := MakePiece(by, Pawn); pc <= MakePiece(by, King); pc++ {
		for _, from := range p.PieceSquares(pc) {
			d := diffIndex(from, sq)
			if attackMask[d]&pieceAttackBit(pc) == 0 {
				continue
			}
			if k := pc.Kind(); k == Bishop || k == Rook || k == Queen {
				step := attackStep[d]
				t := from + step
				for t != sq && p.board[t] == Empty {
					t += step
				}
				if t != sq {
					continue
				}
			}
			dst = append(dst, from)
		}
	}
	return dst
}
