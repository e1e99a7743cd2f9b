package chess

// Position is a chess position: the board and the four facts the board does
// not show (side to move, castling rights, en-passant square, the clocks),
// plus state kept incrementally because asking for it is frequent: piece
// lists, piece counts and the Zobrist key. It knows no chess values: an
// evaluation reads the piece lists (package eval).
//
// A Position is a plain value (arrays only): copying it copies the position.
// The zero Position is not valid; use NewPosition, StartPosition or ParseFEN.
type Position struct {
	// The 0x88 board, indexed by any Square value. Squares are bytes, so
	// the board has 256 entries: the 64 real squares, and 192 that hold
	// offBoard, which is neither empty nor of either colour. A walk along a
	// ray, a pawn capture or a knight jump that leaves the board (to either
	// side, or wrapping below a1) reads offBoard and stops without testing
	// sq&0x88 first, and the index needs neither a mask nor a bounds check.
	board [256]Piece

	// Piece lists, one per piece: list[pc][0..pieces[pc]) are the squares
	// of the pieces pc (a king's list has the one king). index[sq] is the
	// slot of the piece on sq in its list. Generation walks these lists
	// instead of 64 squares, one kind at a time, so it needs no switch on
	// the kind, and the check and pin finder visits only the enemy's
	// knights and sliders. 16 slots (10 would do: two rooks and eight
	// promoted ones) let a slot index be masked instead of bounds-checked.
	list   [16][16]Square
	index  [128]uint8
	pieces [16]uint8 // number of each piece on the board
	count  [2]uint8  // number of each side's pieces, king included

	side     Color
	castle   CastleRights
	ep       Square // the square a pawn may capture onto, or NoSquare
	halfmove int    // plies since the last capture or pawn move
	fullmove int    // move number, starting at 1, incremented after Black

	key uint64 // Zobrist key (Polyglot layout), kept incrementally

	// PawnKey and MaterialKey, kept incrementally by the board helpers
	// below as key is; materialKey relative to the empty board's
	// (materialBase), so that it starts at zero.
	pawnKey, materialKey uint64

	// What the castling rights mean, set with the position (setCastling)
	// and never changed by a move: each right's rook and squares, and,
	// per square, the rights that a move leaving or landing on it keeps
	// (a king or rook leaving home, or a rook taken at home, loses them).
	castlePlans [4]castlePlan
	castleMask  [128]CastleRights
	chess960    bool // write castling king-takes-rook (see Chess960)
}

// offBoard fills the board outside the 64 real squares: not Empty, and its
// Color (2) is neither White nor Black, so no generator takes it for a piece
// and no ray walks through it.
const offBoard Piece = 2<<3 | 7

// clearBoard empties the 64 squares and fences them with offBoard.
func (p *Position) clearBoard() {
	for sq := range p.board {
		if Square(sq).OnBoard() {
			p.board[sq] = Empty
		} else {
			p.board[sq] = offBoard
		}
	}
}

// Board access and the fields that are not on the board.

// At returns the piece on sq (Empty when sq is off the board).
func (p *Position) At(sq Square) Piece {
	if !sq.OnBoard() {
		return Empty
	}
	return p.board[sq]
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// Castling returns the castling rights.
func (p *Position) Castling() CastleRights { return p.castle }

// EnPassant returns the en-passant target square or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber returns the move number.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Key returns the Zobrist key (equal to Polyglot's key for the position).
func (p *Position) Key() uint64 { return p.key }

// KingSquare returns the square of side c's king.
func (p *Position) KingSquare(c Color) Square { return p.list[Piece(King)|Piece(c&1)<<3][0] }

// Count returns how many of piece pc are on the board.
func (p *Position) Count(pc Piece) int { return int(p.pieces[pc&15]) }

// PieceSquares returns the squares of the pieces pc. The slice aliases the
// position's piece list: do not keep it across moves.
func (p *Position) PieceSquares(pc Piece) []Square { return p.list[pc&15][:p.pieces[pc&15]&15] }

// PieceCount returns the number of side c's pieces, king and pawns included.
func (p *Position) PieceCount(c Color) int { return int(p.count[c&1]) }

// The helpers below are the only code that changes the board. The
// keys (key, pawnKey, materialKey), the piece lists and the counts all
// change here and nowhere else, so a recount can check them.

// put places pc on the empty square sq, at the end of its list.
func (p *Position) put(sq Square, pc Piece) {
	p.place(sq, pc, p.pieces[pc&15])
}

// putAt places pc on sq into list slot, moving the slot's current occupant
// to the end. Unmaking a capture uses it to restore the list order exactly.
func (p *Position) putAt(sq Square, pc Piece, slot uint8) {
	sq &= 0x7f
	slot &= 15
	pc &= 15
	last := p.pieces[pc] & 15
	// The slot past the end may hold a stale square (a promoted piece's,
	// since taken back); writing sq there first makes slot == last safe.
	p.list[pc][last] = sq
	moved := p.list[pc][slot] & 0x7f
	p.list[pc][last] = moved
	p.index[moved] = last
	p.place(sq, pc, slot)
}

// place puts pc on sq in list slot, which put and putAt have made free,
// and counts it.
func (p *Position) place(sq Square, pc Piece, slot uint8) {
	sq &= 0x7f
	pc &= 15
	slot &= 15
	p.board[sq] = pc
	p.list[pc][slot] = sq
	p.index[sq] = slot
	p.materialKey ^= materialStep[pc][p.pieces[pc]&15]
	p.pieces[pc]++
	p.count[pc>>3]++
	k := pieceKeys[pc][sq]
	p.key ^= k
	p.pawnKey ^= k & pawnKeyMask[pc]
}

// remove takes the piece off sq; the last piece of its list fills the hole.
func (p *Position) remove(sq Square) {
	sq &= 0x7f
	pc := p.board[sq] & 15
	slot := p.index[sq] & 15
	p.pieces[pc]--
	last := p.list[pc][p.pieces[pc]&15] & 0x7f
	p.list[pc][slot] = last
	p.index[last] = slot
	p.board[sq] = Empty
	p.count[pc>>3]--
	p.materialKey ^= materialStep[pc][p.pieces[pc]&15]
	k := pieceKeys[pc][sq]
	p.key ^= k
	p.pawnKey ^= k & pawnKeyMask[pc]
}

// relocate moves the piece on from to the empty square to; its list slot
// keeps its place.
func (p *Position) relocate(from, to Square) {
	from &= 0x7f
	to &= 0x7f
	pc := p.board[from]
	slot := p.index[from] & 15
	p.board[from] = Empty
	p.board[to] = pc
	p.list[pc&15][slot] = to
	p.index[to] = slot
	k := pieceKeys[pc&15][from] ^ pieceKeys[pc&15][to]
	p.key ^= k
	p.pawnKey ^= k & pawnKeyMask[pc&15]
}

// castleMove moves the king from kf to kt and the rook from rf to rt.
// Both are lifted before either lands, since in Chess960 one may land where
// the other stood, or stay where it is. The king keeps slot 0 of its list
// and the rook its slot, so the move is its own inverse with the squares
// swapped: UnmakeMove calls castleMove(kt, kf, rt, rf).
func (p *Position) castleMove(kf, kt, rf, rt Square) {
	kf, kt, rf, rt = kf&0x7f, kt&0x7f, rf&0x7f, rt&0x7f
	king, rook := p.board[kf]&15, p.board[rf]&15
	slot := p.index[rf] & 15
	p.board[kf], p.board[rf] = Empty, Empty
	p.board[kt], p.board[rt] = king, rook
	p.list[king][0], p.index[kt] = kt, 0
	p.list[rook][slot], p.index[rt] = rt, slot
	p.key ^= pieceKeys[king][kf] ^ pieceKeys[king][kt] ^ pieceKeys[rook][rf] ^ pieceKeys[rook][rt]
}

// promote turns the pawn on sq into pc, which joins the end of its list;
// the pawn's list closes up as in remove. It returns the pawn's slot, which
// unpromote needs to restore the pawn list's order exactly.
func (p *Position) promote(sq Square, pc Piece) (pawnSlot uint8) {
	pawnSlot = p.index[sq&0x7f]
	p.remove(sq)
	p.put(sq, pc)
	return pawnSlot
}

// unpromote turns the promoted piece on sq back into a pawn of its colour,
// in the pawn list slot it came from.
func (p *Position) unpromote(sq Square, pawnSlot uint8) {
	sq &= 0x7f
	pawn := MakePiece(p.board[sq].Color(), Pawn)
	p.remove(sq)
	p.putAt(sq, pawn, pawnSlot)
}
