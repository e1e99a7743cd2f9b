package chess

// Move is a move packed into 32 bits:
//
//	bits  0-6   from square (0x88)
//	bits  8-14  to square (0x88)
//	bits 16-18  promotion kind (Knight..Queen), 0 if none
//	bit  20     capture (the target square, or the en-passant pawn, is taken)
//	bit  21     en passant
//	bit  22     castling (from/to are the king's squares)
//	bit  23     pawn double push
//
// The flags let make/unmake and move ordering tell the move's kind without
// looking at the board. NoMove (0) is a1a1, never a legal move.
type Move uint32

// NoMove is the zero move, used for "none".
const NoMove Move = 0

// Move flags.
const (
	FlagCapture    Move = 1 << 20
	FlagEnPassant  Move = 1 << 21
	FlagCastle     Move = 1 << 22
	FlagDoublePush Move = 1 << 23
)

// NewMove builds a move from its parts. Generators and parsers are the usual
// source of moves; NewMove is for tests and tables.
func NewMove(from, to Square, promo Kind, flags Move) Move {
	return Move(from) | Move(to)<<8 | Move(promo)<<16 | flags
}

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m & 0x7f) }

// To returns the square the piece arrives on.
func (m Move) To() Square { return Square(m >> 8 & 0x7f) }

// Promotion returns the kind a pawn promotes to, or NoKind.
func (m Move) Promotion() Kind { return Kind(m >> 16 & 7) }

// IsCapture reports whether the move takes a piece (en passant included).
func (m Move) IsCapture() bool { return m&FlagCapture != 0 }

// IsEnPassant reports whether the move is an en-passant capture.
func (m Move) IsEnPassant() bool { return m&FlagEnPassant != 0 }

// IsCastle reports whether the move is castling.
func (m Move) IsCastle() bool { return m&FlagCastle != 0 }

// IsPromotion reports whether a pawn promotes.
func (m Move) IsPromotion() bool { return m&(7<<16) != 0 }

// IsDoublePush reports whether a pawn moves two squares.
func (m Move) IsDoublePush() bool { return m&FlagDoublePush != 0 }

// IsQuiet reports whether the move neither captures nor promotes.
func (m Move) IsQuiet() bool { return m&(FlagCapture|7<<16) == 0 }

// String returns the move in UCI notation: "e2e4", "e7e8q", "e1g1";
// "0000" for NoMove.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if k := m.Promotion(); k != NoKind {
		s += string("..nbrq"[k])
	}
	return s
}

// MaxMoves bounds the number of legal moves in any position (218 is the
// known maximum).
const MaxMoves = 256

// MoveList is a fixed-size buffer that generators fill: no allocation.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// add appends a move.
func (ml *MoveList) add(m Move) {
	ml.Moves[ml.N] = m
	ml.N++
}

// Slice returns the filled part of the list (it aliases the buffer).
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for i := 0; i < ml.N; i++ {
		if ml.Moves[i] == m {
			return true
		}
	}
	return false
}
