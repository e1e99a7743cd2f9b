package chess

// CastleRights holds the four castling rights, one bit each.
type CastleRights uint8

// The castling rights.
const (
	WhiteOO   CastleRights = 1 << iota // White may castle king side
	WhiteOOO                           // White may castle queen side
	BlackOO                            // Black may castle king side
	BlackOOO                           // Black may castle queen side
	NoCastle  CastleRights = 0
	AllCastle              = WhiteOO | WhiteOOO | BlackOO | BlackOOO
)

// String returns the FEN castling field ("KQkq", "-").
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

// Position is a chess position: the board and the four facts the board does
// not show (side to move, castling rights, en-passant square, the clocks),
// plus state kept incrementally because asking for it is frequent: piece
// lists, piece counts, the Zobrist key and the material+PST running total.
//
// A Position is a plain value (arrays only): copying it copies the position.
// The zero Position is not valid; use NewPosition, StartPosition or ParseFEN.
type Position struct {
	board [128]Piece // the 0x88 board; the dead half is always Empty

	// Piece lists: list[c][0..count[c]) are the squares of side c's
	// pieces, with the king always in slot 0. index[sq] is the slot of the
	// piece on sq. Generation walks these lists instead of 64 squares.
	list  [2][16]Square
	index [128]uint8
	count [2]uint8

	pieces [16]uint8 // number of each piece on the board

	side     Color
	castle   CastleRights
	ep       Square // the square a pawn may capture onto, or NoSquare
	halfmove int    // plies since the last capture or pawn move
	fullmove int    // move number, starting at 1, incremented after Black

	key uint64 // Zobrist key (Polyglot layout), kept incrementally
	psq Score  // material + piece-square total for White, kept incrementally
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
func (p *Position) KingSquare(c Color) Square { return p.list[c][0] }

// Count returns how many of piece pc are on the board.
func (p *Position) Count(pc Piece) int { return int(p.pieces[pc&15]) }

// PieceSquareTotal returns the running material+PST total for White.
func (p *Position) PieceSquareTotal() Score { return p.psq }

// ComputePieceSquareTotal recounts the material+PST total from scratch; the
// running total must always equal it.
func (p *Position) ComputePieceSquareTotal() Score {
	var s Score
	for sq := Square(0); sq < 128; sq++ {
		if sq.OnBoard() && p.board[sq] != Empty {
			s += pieceSquare[p.board[sq]][sq]
		}
	}
	return s
}

// Squares returns the squares of side c's pieces (king first). The slice
// aliases the position's piece list: do not keep it across moves.
func (p *Position) Squares(c Color) []Square { return p.list[c][:p.count[c]] }

// SetClocks sets the halfmove clock and the fullmove number.
func (p *Position) SetClocks(halfmove, fullmove int) {
	p.halfmove, p.fullmove = halfmove, fullmove
}

// The three helpers below are the only code that changes the board. The
// key, the running score, the piece lists and the counts all change here
// and nowhere else, so a recount can check them.

// put places pc on the empty square sq, at the end of its side's list.
func (p *Position) put(sq Square, pc Piece) {
	sq &= 0x7f
	c := pc.Color()
	slot := p.count[c] & 15
	p.board[sq] = pc
	p.list[c][slot] = sq
	p.index[sq] = slot
	p.count[c]++
	p.pieces[pc&15]++
	p.key ^= pieceKeys[pc&15][sq]
	p.psq += pieceSquare[pc&15][sq]
}

// putAt places pc on sq into list slot, moving the slot's current occupant
// to the end. Unmaking a capture uses it to restore the list order exactly.
func (p *Position) putAt(sq Square, pc Piece, slot uint8) {
	sq &= 0x7f
	slot &= 15
	c := pc.Color()
	last := p.count[c] & 15
	moved := p.list[c][slot] & 0x7f
	p.list[c][last] = moved
	p.index[moved] = last
	p.board[sq] = pc
	p.list[c][slot] = sq
	p.index[sq] = slot
	p.count[c]++
	p.pieces[pc&15]++
	p.key ^= pieceKeys[pc&15][sq]
	p.psq += pieceSquare[pc&15][sq]
}

// remove takes the piece off sq; the last piece of its list fills the hole.
func (p *Position) remove(sq Square) {
	sq &= 0x7f
	pc := p.board[sq]
	c := pc.Color()
	slot := p.index[sq] & 15
	p.count[c]--
	last := p.list[c][p.count[c]&15] & 0x7f
	p.list[c][slot] = last
	p.index[last] = slot
	p.board[sq] = Empty
	p.pieces[pc&15]--
	p.key ^= pieceKeys[pc&15][sq]
	p.psq -= pieceSquare[pc&15][sq]
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
	p.list[pc.Color()][slot] = to
	p.index[to] = slot
	p.key ^= pieceKeys[pc&15][from] ^ pieceKeys[pc&15][to]
	p.psq += pieceSquare[pc&15][to] - pieceSquare[pc&15][from]
}

// transform replaces the piece on sq by pc (promotion and its undoing).
func (p *Position) transform(sq Square, pc Piece) {
	sq &= 0x7f
	old := p.board[sq]
	p.board[sq] = pc
	p.pieces[old&15]--
	p.pieces[pc&15]++
	p.key ^= pieceKeys[old&15][sq] ^ pieceKeys[pc&15][sq]
	p.psq += pieceSquare[pc&15][sq] - pieceSquare[old&15][sq]
}
