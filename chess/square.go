package chess

import "fmt"

// Square is a square on the 0x88 board: rank*16 + file, a1 = 0, h8 = 0x77.
type Square uint8

// NoSquare marks "no square", for example no en-passant target. It is off
// the board (0x88 bits set), so it can never be confused with a real square.
const NoSquare Square = 0x88

// Named squares used by the rules (castling) and by tests.
const (
	A1 Square = 0x00
	B1 Square = 0x01
	C1 Square = 0x02
	D1 Square = 0x03
	E1 Square = 0x04
	F1 Square = 0x05
	G1 Square = 0x06
	H1 Square = 0x07
	A8 Square = 0x70
	B8 Square = 0x71
	C8 Square = 0x72
	D8 Square = 0x73
	E8 Square = 0x74
	F8 Square = 0x75
	G8 Square = 0x76
	H8 Square = 0x77
)

// NewSquare returns the square on file 0..7 (a..h) and rank 0..7 (1..8).
func NewSquare(file, rank int) Square { return Square(rank<<4 | file) }

// OnBoard reports whether sq is one of the 64 real squares.
func (sq Square) OnBoard() bool { return sq&0x88 == 0 }

// File returns 0..7 for files a..h.
func (sq Square) File() int { return int(sq & 7) }

// Rank returns 0..7 for ranks 1..8.
func (sq Square) Rank() int { return int(sq >> 4) }

// Index64 returns the square's number on a 64-square board (a1 = 0, h8 = 63).
func (sq Square) Index64() int { return int(sq+(sq&7)) >> 1 }

// SquareFrom64 converts a 0..63 index (a1 = 0) to a 0x88 square.
func SquareFrom64(i int) Square { return Square(i + (i & ^7)) }

// Mirror returns the square reflected top to bottom (a1 <-> a8).
func (sq Square) Mirror() Square { return sq ^ 0x70 }

// String returns the algebraic name ("e4"), or "-" for NoSquare.
func (sq Square) String() string {
	if !sq.OnBoard() {
		return "-"
	}
	return string([]byte{byte('a' + sq.File()), byte('1' + sq.Rank())})
}

// ParseSquare reads an algebraic square name such as "e4".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("bad square %q", s)
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), nil
}

// Color is White or Black.
type Color uint8

// The two sides. White is 0 so that arrays indexed by colour start with White.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Title returns the colour's name as it starts a sentence or names a PGN
// tag: "White" or "Black".
func (c Color) Title() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Kind is a kind of piece without colour.
type Kind uint8

// Piece kinds, in order of value. NoKind is an empty square.
const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a kind plus a colour: bits 0-2 hold the kind, bit 3 the colour
// (0 white, 1 black). The empty square is 0, so a zeroed board is empty.
//
//	0 empty  1 P  2 N  3 B  4 R  5 Q  6 K   9 p  10 n  11 b  12 r  13 q  14 k
type Piece uint8

// Empty is the piece value of an empty square.
const Empty Piece = 0

// The twelve pieces.
const (
	WPawn   = Piece(Pawn)
	WKnight = Piece(Knight)
	WBishop = Piece(Bishop)
	WRook   = Piece(Rook)
	WQueen  = Piece(Queen)
	WKing   = Piece(King)
	BPawn   = Piece(Pawn) | 8
	BKnight = Piece(Knight) | 8
	BBishop = Piece(Bishop) | 8
	BRook   = Piece(Rook) | 8
	BQueen  = Piece(Queen) | 8
	BKing   = Piece(King) | 8
)

// MakePiece combines a colour and a kind.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<3 }

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Color returns the piece's colour (meaningless for Empty).
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = ".PNBRQK..pnbrqk."

// String returns the FEN letter: uppercase for White, "." for empty.
func (p Piece) String() string { return pieceLetters[p&15 : p&15+1] }

// Letter returns the uppercase letter of a kind ("N"), "" for pawns.
func (k Kind) Letter() string {
	if k == Pawn || k == NoKind {
		return ""
	}
	return pieceLetters[k : k+1]
}

// String returns the lowercase name of the kind ("knight").
func (k Kind) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king", "?"}[k&7]
}

// pieceFromLetter returns the piece for a FEN letter and whether it is one.
func pieceFromLetter(c byte) (Piece, bool) {
	for i := 1; i < 16; i++ {
		if pieceLetters[i] == c && c != '.' {
			return Piece(i), true
		}
	}
	return Empty, false
}
