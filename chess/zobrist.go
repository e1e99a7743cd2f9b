package chess

// Zobrist keys in Polyglot's layout (see random64.go). A position's key is
// the XOR of one key per piece on its square, one per castling right held, one
// for the en-passant file when a capture there is possible, and one when
// White is to move.

var (
	pieceKeys  [16][128]uint64 // indexed by Piece and 0x88 square
	castleKeys [16]uint64      // indexed by the 4-bit castling rights
	epKeys     [8]uint64       // indexed by file
	whiteKey   uint64          // XORed in when White is to move

	// pawnKeyMask[pc] is all ones for a pawn and zero for every other
	// piece: the board helpers XOR a piece's key into pawnKey through it,
	// without a branch.
	pawnKeyMask [16]uint64
	// materialStep[pc][n] is the change of MaterialKey when the count of
	// pc goes from n to n+1 or back (zero for the kings), and
	// materialBase is MaterialKey of the empty board.
	materialStep [16][16]uint64
	materialBase uint64
)

func init() {
	for p := WPawn; p <= BKing; p++ {
		if p.Kind() == NoKind || p.Kind() > King {
			continue
		}
		// Polyglot orders kinds black pawn, white pawn, black knight, ...
		kind := 2 * int(p.Kind()-1)
		if p.Color() == White {
			kind++
		}
		for i := 0; i < 64; i++ {
			pieceKeys[p][SquareFrom64(i)] = polyglotRandom[64*kind+i]
		}
	}
	for r := 0; r < 16; r++ {
		for b := 0; b < 4; b++ {
			if r&(1<<b) != 0 {
				castleKeys[r] ^= polyglotRandom[768+b]
			}
		}
	}
	for f := 0; f < 8; f++ {
		epKeys[f] = polyglotRandom[772+f]
	}
	whiteKey = polyglotRandom[780]
	pawnKeyMask[WPawn], pawnKeyMask[BPawn] = ^uint64(0), ^uint64(0)
	for _, pc := range materialPieces {
		materialBase ^= pieceKeys[pc][SquareFrom64(0)]
		for n := range 15 {
			materialStep[pc][n] = pieceKeys[pc][SquareFrom64(n)] ^ pieceKeys[pc][SquareFrom64(n+1)]
		}
	}
}

// materialPieces are the pieces MaterialKey counts: all but the kings.
var materialPieces = [...]Piece{WPawn, WKnight, WBishop, WRook, WQueen, BPawn, BKnight, BBishop, BRook, BQueen}

// epKeyed reports whether the en-passant square enters the key. Polyglot's
// rule: only when a pawn of the side to move stands beside the pawn that just
// pushed two squares (whether or not the capture would be legal).
func (p *Position) epKeyed() bool {
	if p.ep == NoSquare {
		return false
	}
	pawn := MakePiece(p.side, Pawn)
	var victim Square
	if p.side == White {
		victim = p.ep - 16
	} else {
		victim = p.ep + 16
	}
	if l := victim - 1; l.OnBoard() && p.board[l] == pawn {
		return true
	}
	if r := victim + 1; r.OnBoard() && p.board[r] == pawn {
		return true
	}
	return false
}

// ComputeKey returns the position's key computed from scratch. The
// incrementally kept Key must always equal it; tests check that.
func (p *Position) ComputeKey() uint64 {
	var k uint64
	for sq := Square(0); sq < 128; sq++ {
		if sq.OnBoard() && p.board[sq] != Empty {
			k ^= pieceKeys[p.board[sq]][sq]
		}
	}
	k ^= castleKeys[p.castle]
	if p.epKeyed() {
		k ^= epKeys[p.ep.File()]
	}
	if p.side == White {
		k ^= whiteKey
	}
	return k
}

// PawnKey returns a key of the pawns alone: the XOR of the pawns' piece
// keys, so positions with the same pawns on the same squares share it
// whatever the other pieces do. The search keys its correction history by
// it. It is kept incrementally, as Key is: a pawn's move, capture or
// promotion changes it by one or two XORs.
func (p *Position) PawnKey() uint64 { return p.pawnKey }

// MaterialKey returns a key of the material alone: for every piece other
// than the kings, the key of that piece on the n-th square (a1, b1, ...),
// where n is how many of it are on the board. Positions with the same
// pieces, wherever they stand, share it. Kept incrementally like PawnKey:
// a capture or promotion changes it (materialStep).
func (p *Position) MaterialKey() uint64 { return p.materialKey ^ materialBase }

// KeyAfter returns the key the position will have once pseudo-legal move m
// is made, without making it: MakeMove's key arithmetic alone. The search
// asks for the child's hash-table line with it before the move is made (in
// negamax as soon as the move is picked, in quiescence for all captures
// once ordered), so that memory is on its way while the moves are weighed
// and made.
func (p *Position) KeyAfter(m Move) uint64 {
	k := p.key ^ whiteKey
	if p.epKeyed() {
		k ^= epKeys[p.ep&7]
	}
	from, to := m.From()&0x7f, m.To()&0x7f
	if p.castle != NoCastle {
		k ^= castleKeys[p.castle] ^ castleKeys[p.castle&p.castleMask[from]&p.castleMask[to]]
	}
	pc := p.board[from] & 15
	if m&FlagCastle != 0 {
		rf, rt := p.CastlingRook(m)
		rook := MakePiece(p.side, Rook)
		return k ^ pieceKeys[pc][from] ^ pieceKeys[pc][to] ^ pieceKeys[rook][rf&0x7f] ^ pieceKeys[rook][rt&0x7f]
	}
	k ^= pieceKeys[pc][from]
	if m&FlagCapture != 0 {
		capSq := p.capturedSquare(m) & 0x7f
		k ^= pieceKeys[p.board[capSq]&15][capSq]
	}
	if promo := m.Promotion(); promo != NoKind {
		return k ^ pieceKeys[MakePiece(p.side, promo)][to]
	}
	k ^= pieceKeys[pc][to]
	if m&FlagDoublePush != 0 {
		// The new en-passant square enters the key when an enemy pawn
		// stands beside the pushed one (epKeyed, seen by the side to move
		// next).
		enemy := MakePiece(p.side^1, Pawn)
		if l := to - 1; l.OnBoard() && p.board[l] == enemy {
			return k ^ epKeys[to&7]
		}
		if r := to + 1; r.OnBoard() && p.board[r] == enemy {
			return k ^ epKeys[to&7]
		}
	}
	return k
}
