package book

import (
	"encoding/binary"

	"ox88/chess"
)

// EntrySize is the size in bytes of one book entry.
const EntrySize = 16

// Polyglot promotion codes (bits 12-14 of a book move), indexed by
// chess.Kind: Knight=1, Bishop=2, Rook=3, Queen=4.
var promoCode = [7]uint16{chess.Knight: 1, chess.Bishop: 2, chess.Rook: 3, chess.Queen: 4}

// Encode packs m into Polyglot's 16-bit move. Castling becomes the king
// taking its rook (e1g1 -> e1h1).
func Encode(m chess.Move) uint16 {
	from, to := m.From(), m.To()
	if m.IsCastle() {
		to = castleRook(to)
	}
	return uint16(to.File()) | uint16(to.Rank())<<3 |
		uint16(from.File())<<6 | uint16(from.Rank())<<9 |
		promoCode[m.Promotion()&7]<<12
}

// Decode finds the legal move of pos that the Polyglot move pm names, and
// reports whether there is one (a corrupt entry or a key collision can name
// a move that is not legal).
func Decode(pos *chess.Position, pm uint16) (chess.Move, bool) {
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if Encode(m) == pm {
			return m, true
		}
	}
	return chess.NoMove, false
}

// castleRook returns the square of the rook that castles with a king
// arriving on to: g1 -> h1, c1 -> a1 (and the same on rank 8).
func castleRook(to chess.Square) chess.Square {
	if to.File() == 6 {
		return chess.NewSquare(7, to.Rank())
	}
	return chess.NewSquare(0, to.Rank())
}

// rawEntry is one undecoded entry.
type rawEntry struct {
	key    uint64
	move   uint16
	weight uint16
	learn  uint32
}

// putEntry writes e into b[0:16] in the file's big-endian layout.
func putEntry(b []byte, e rawEntry) {
	binary.BigEndian.PutUint64(b[0:], e.key)
	binary.BigEndian.PutUint16(b[8:], e.move)
	binary.BigEndian.PutUint16(b[10:], e.weight)
	binary.BigEndian.PutUint32(b[12:], e.learn)
}

// getEntry reads the entry at b[0:16].
func getEntry(b []byte) rawEntry {
	return rawEntry{
		key:    binary.BigEndian.Uint64(b[0:]),
		move:   binary.BigEndian.Uint16(b[8:]),
		weight: binary.BigEndian.Uint16(b[10:]),
		learn:  binary.BigEndian.Uint32(b[12:]),
	}
}
