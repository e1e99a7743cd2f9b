package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"ox88/chess"
)

// RecordSize is the size of one training position on disk.
const RecordSize = 32

// Record is one training position in marlinformat's 32-byte layout, the
// format that the NNUE trainers (bullet among them) read or convert from.
// All integers are little-endian.
//
//	bytes  0-7   occupancy: bit i set when square i (a1 = 0, h8 = 63) holds a piece
//	bytes  8-23  one 4-bit code per occupied square, in square order, low nibble first:
//	             bits 0-2 the kind (0 pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king,
//	             6 a rook that may still castle), bit 3 set for Black
//	byte  24     bit 7 set when Black is to move; bits 0-6 the en-passant square, 64 for none
//	byte  25     halfmove clock
//	bytes 26-27  fullmove number
//	bytes 28-29  the search score in centipawns, White's point of view (int16)
//	byte  30     the game's result: 0 Black won, 1 draw, 2 White won
//	byte  31     unused (0)
//
// Records carry no game boundaries: files of records concatenate.
type Record [RecordSize]byte

// Game results as stored in byte 30.
const (
	BlackWon = 0
	Drawn    = 1
	WhiteWon = 2
)

// unmovedRook is the kind code of a rook that still carries a castling right.
const unmovedRook = 6

// Pack encodes pos with a White-relative score (clamped to int16) and the
// game's result (BlackWon, Drawn or WhiteWon).
func Pack(pos *chess.Position, whiteScore int, result uint8) Record {
	var r Record
	var occ uint64
	var codes [32]uint8
	n := 0
	castle := pos.Castling()
	for i := 0; i < 64; i++ {
		pc := pos.At(chess.SquareFrom64(i))
		if pc == chess.Empty {
			continue
		}
		occ |= 1 << i
		code := uint8(pc.Kind()) - 1
		if pc.Kind() == chess.Rook && rookCastles(i, pc.Color(), castle) {
			code = unmovedRook
		}
		codes[n] = code | uint8(pc.Color())<<3
		n++
	}
	binary.LittleEndian.PutUint64(r[0:], occ)
	for i := 0; i < n; i++ {
		r[8+i/2] |= codes[i] << (4 * (i % 2))
	}
	ep := uint8(64)
	if sq := pos.EnPassant(); sq.OnBoard() {
		ep = uint8(sq.Index64())
	}
	if pos.SideToMove() == chess.Black {
		ep |= 0x80
	}
	r[24] = ep
	r[25] = uint8(min(pos.HalfmoveClock(), 255))
	binary.LittleEndian.PutUint16(r[26:], uint16(min(pos.FullmoveNumber(), 65535)))
	binary.LittleEndian.PutUint16(r[28:], uint16(int16(max(-32768, min(32767, whiteScore)))))
	r[30] = result
	return r
}

// rookCastles reports whether a rook of colour c on square i (0..63) is
// the rook of one of c's castling rights (standard chess: the corners).
func rookCastles(i int, c chess.Color, castle chess.CastleRights) bool {
	switch {
	case c == chess.White && i == 7:
		return castle&chess.WhiteOO != 0
	case c == chess.White && i == 0:
		return castle&chess.WhiteOOO != 0
	case c == chess.Black && i == 63:
		return castle&chess.BlackOO != 0
	case c == chess.Black && i == 56:
		return castle&chess.BlackOOO != 0
	}
	return false
}

// Score returns the stored White-relative score.
func (r *Record) Score() int { return int(int16(binary.LittleEndian.Uint16(r[28:]))) }

// Result returns the stored result (BlackWon, Drawn or WhiteWon).
func (r *Record) Result() uint8 { return r[30] }

// BlackToMove reports whether Black is to move.
func (r *Record) BlackToMove() bool { return r[24]&0x80 != 0 }

// Pieces calls f for each piece: its square (0..63, a1 = 0), kind
// (chess.Pawn..chess.King) and colour. It is the trainer's fast path: no
// Position is built.
func (r *Record) Pieces(f func(sq int, k chess.Kind, c chess.Color)) {
	occ := binary.LittleEndian.Uint64(r[0:])
	for i := 0; occ != 0; i++ {
		sq := bits.TrailingZeros64(occ)
		occ &= occ - 1
		code := r[8+i/2] >> (4 * (i % 2)) & 15
		k := chess.Kind(code&7) + 1
		if code&7 == unmovedRook {
			k = chess.Rook
		}
		f(sq, k, chess.Color(code>>3))
	}
}

// MayCastle reports whether any rook in the record still carries a
// castling right. A position without one plays the same mirrored left to
// right (files a and h swapped), which the trainer uses (TrainConfig.Mirror).
func (r *Record) MayCastle() bool {
	n := bits.OnesCount64(binary.LittleEndian.Uint64(r[0:]))
	for i := 0; i < n && i < 32; i++ {
		if r[8+i/2]>>(4*(i%2))&7 == unmovedRook {
			return true
		}
	}
	return false
}

// ErrBadRecord is returned by Unpack for bytes that are no position.
var ErrBadRecord = errors.New("nnue: malformed training record")

// FEN returns the record's position as FEN, or an error when the record
// does not describe a legal-looking position.
func (r *Record) FEN() (string, error) {
	var board [64]byte
	var castle strings.Builder
	var rights [4]bool // K Q k q
	bad := false
	occ := binary.LittleEndian.Uint64(r[0:])
	if bits.OnesCount64(occ) > 32 {
		return "", ErrBadRecord
	}
	r.Pieces(func(sq int, k chess.Kind, c chess.Color) {
		code := r.codeAt(sq)
		if code&7 > unmovedRook {
			bad = true
		}
		board[sq] = chess.MakePiece(c, k).String()[0]
		if code&7 == unmovedRook {
			switch {
			case c == chess.White && sq == 7:
				rights[0] = true
			case c == chess.White && sq == 0:
				rights[1] = true
			case c == chess.Black && sq == 63:
				rights[2] = true
			case c == chess.Black && sq == 56:
				rights[3] = true
			default:
				bad = true
			}
		}
	})
	if bad {
		return "", ErrBadRecord
	}
	side := "w"
	if r.BlackToMove() {
		side = "b"
	}
	for i, ok := range rights {
		if ok {
			castle.WriteByte("KQkq"[i])
		}
	}
	if castle.Len() == 0 {
		castle.WriteByte('-')
	}
	ep := "-"
	if e := int(r[24] & 0x7f); e < 64 {
		ep = chess.SquareFrom64(e).String()
	} else if e != 64 {
		return "", ErrBadRecord
	}
	return fmt.Sprintf("%s %s %s %s %d %d", chess.Placement(&board), side, castle.String(), ep, r[25],
		binary.LittleEndian.Uint16(r[26:])), nil
}

// codeAt returns the 4-bit code of the piece on sq (which must be occupied).
func (r *Record) codeAt(sq int) uint8 {
	occ := binary.LittleEndian.Uint64(r[0:])
	i := bits.OnesCount64(occ & (1<<sq - 1))
	return r[8+i/2] >> (4 * (i % 2)) & 15
}
