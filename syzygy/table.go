package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"

	"ox88/chess"
)

// tableFile is a parsed table file; the slices in it point into data, the
// mapped (or read) file.
type tableFile struct {
	data []byte
	// enc[side][sub] is the index encoding and compressed data of one
	// sub-table: side 0 is the table's White to move (the only side of a
	// DTZ file, and of a symmetric WDL file), sub the file (a-d) of the
	// leading pawn, or 0 for a pawnless table.
	enc [2][4]encoding

	// DTZ files only: per sub-table, the flags and the four value maps
	// (for wins, losses, cursed wins and blessed losses).
	dtzFlags [4]uint8
	dtzMap   [4][4][]uint16
}

// encoding says how a sub-table numbers its positions.
type encoding struct {
	// pieces lists the pieces, in the table's colours, in the order their
	// squares enter the index; like pieces stand together.
	pieces [maxTablePieces]chess.Piece
	// group[i] is the number of pieces in the group starting at pieces[i]
	// (0 inside a group); factor[i] is what that group's number is
	// multiplied by in the index.
	group  [maxTablePieces]int
	factor [maxTablePieces]uint64
	size   uint64 // number of indices
	pairs  pairs
}

// The flags byte of a DTZ sub-table.
const (
	dtzBlackToMove = 1  // the stored side to move is the table's Black
	dtzMapped      = 2  // values go through a map
	dtzWinPlies    = 4  // wins are stored in plies, not moves
	dtzLossPlies   = 8  // losses are stored in plies, not moves
	dtzWideMap     = 16 // the maps hold 16-bit values
)

// Bits of the byte after the magic number.
const (
	headerSplit    = 1 // a WDL file with both sides to move
	headerHasPawns = 2
)

// reader walks through a file, failing cleanly at its end.
type reader struct {
	data []byte
	pos  int
}

var errShort = errors.New("file ends inside its header")

// need reports whether n more bytes are there.
func (r *reader) need(n uint64) bool { return uint64(r.pos)+n <= uint64(len(r.data)) }

// align2 skips a byte if the position is odd.
func (r *reader) align2() { r.pos += r.pos & 1 }

// parseTable parses a mapped table file of table t.
func parseTable(data []byte, kind fileKind, t *table) (f *tableFile, err error) {
	defer func() { // a last line of defence: a bug here is an error, not a crash
		if e := recover(); e != nil {
			f, err = nil, fmt.Errorf("unreadable header: %v", e)
		}
	}()
	r := &reader{data: data}
	if !r.need(5) {
		return nil, errShort
	}
	flags := data[4]
	if hasPawns := flags&headerHasPawns != 0; hasPawns != t.hasPawns {
		return nil, fmt.Errorf("the header's pawn flag does not match the name %s", t.name)
	}
	sides, subs := 1, 1
	if kind == wdlFile && flags&headerSplit != 0 {
		sides = 2
	}
	if kind == wdlFile && sides == 1 && !t.symmetric {
		return nil, errors.New("a WDL file of unsymmetric material has one side to move only")
	}
	if t.hasPawns {
		subs = 4
	}
	f = &tableFile{data: data}
	r.pos = 5
	for sub := range subs {
		if err := f.parseEncoding(r, t, sub, sides); err != nil {
			return nil, err
		}
	}
	r.align2()
	for sub := range subs {
		for side := range sides {
			e := &f.enc[side][sub]
			if kind == dtzFile {
				if !r.need(1) {
					return nil, errShort
				}
				f.dtzFlags[sub] = data[r.pos]
			}
			if err := e.pairs.parseHeader(r, e.size, kind); err != nil {
				return nil, err
			}
		}
	}
	if kind == dtzFile {
		if err := f.parseMaps(r, subs); err != nil {
			return nil, err
		}
	}
	// The index tables, the block-size tables, then the blocks, each part
	// in sub-table and side order.
	for part := range 3 {
		for sub := range subs {
			for side := range sides {
				if err := f.enc[side][sub].pairs.locate(r, part); err != nil {
					return nil, err
				}
			}
		}
	}
	// The file is padded to a multiple of 64 bytes, then the checksum.
	if want := (r.pos+63)&^63 + checksumSize; want != len(data) {
		return nil, fmt.Errorf("the data ends at byte %d but the file has %d bytes (want %d)", r.pos, len(data), want)
	}
	return f, nil
}

// parseEncoding reads the piece order of sub-table sub for each side (low
// nibbles for side 0, high nibbles for side 1) and computes the factors.
func (f *tableFile) parseEncoding(r *reader, t *table, sub, sides int) error {
	otherPawns := 0
	if t.hasPawns && t.pawns[1] > 0 {
		otherPawns = 1 // a second order byte, for the other colour's pawns
	}
	n := t.pieces
	if !r.need(uint64(1 + otherPawns + n)) {
		return errShort
	}
	for side := range sides {
		shift := 4 * side
		e := &f.enc[side][sub]
		order := int(r.data[r.pos]>>shift) & 15
		order2 := 15
		if otherPawns != 0 {
			order2 = int(r.data[r.pos+1]>>shift) & 15
		}
		for i := range n {
			e.pieces[i] = chess.Piece(r.data[r.pos+1+otherPawns+i]>>shift) & 15
		}
		if err := e.checkPieces(t); err != nil {
			return err
		}
		if err := e.computeFactors(t, sub, order, order2); err != nil {
			return err
		}
	}
	r.pos += 1 + otherPawns + n
	return nil
}

// checkPieces checks that the piece list is the table's material, like
// pieces together, with the leading group the index expects.
func (e *encoding) checkPieces(t *table) error {
	var want [16]int
	want[chess.WKing], want[chess.BKing] = 1, 1
	for i, k := range signatureKinds {
		want[chess.MakePiece(chess.White, k)] = int(t.key >> (4 * i) & 15)
		want[chess.MakePiece(chess.Black, k)] = int(t.key >> (20 + 4*i) & 15)
	}
	p := e.pieces[:t.pieces]
	for i, pc := range p {
		if i > 0 && pc != p[i-1] {
			for _, q := range p[:i-1] {
				if q == pc {
					return fmt.Errorf("piece list %v: like pieces apart", p)
				}
			}
		}
		want[pc]--
	}
	for pc, n := range want {
		if n != 0 {
			return fmt.Errorf("piece list %v does not hold the material of %s (piece %d)", p, t.name, pc)
		}
	}
	switch {
	case t.hasPawns:
		for i := range t.pawns[0] + t.pawns[1] {
			pawn := t.leadPawn
			if i >= t.pawns[0] {
				pawn ^= 8 // the other colour's
			}
			if p[i] != pawn {
				return fmt.Errorf("piece list %v does not start with the leading pawns, then the others", p)
			}
		}
	case t.kingPairs:
		if p[0].Kind() != chess.King || p[1].Kind() != chess.King {
			return fmt.Errorf("piece list %v does not start with the kings", p)
		}
	default:
		for i := range 3 {
			if i+1 < len(p) && p[i+1] == p[i] {
				return fmt.Errorf("piece list %v does not start with three unique pieces", p)
			}
		}
	}
	return nil
}

// computeFactors groups the pieces and computes each group's factor: the
// groups are multiplied in the order the file gives (order is the
// position of the leading group among them, order2 that of the other
// colour's pawns), and the size of each group is the number of its
// placements on the squares the groups before it in the list leave free.
func (e *encoding) computeFactors(t *table, sub, order, order2 int) error {
	n := t.pieces
	k := 3
	switch {
	case t.hasPawns:
		k = t.pawns[0]
	case t.kingPairs:
		k = 2
	}
	e.group[0] = k
	if t.hasPawns && t.pawns[1] > 0 {
		e.group[k] = t.pawns[1]
		k += t.pawns[1]
	}
	for i := k; i < n; i += e.group[i] {
		for j := i; j < n && e.pieces[j] == e.pieces[i]; j++ {
			e.group[i]++
		}
	}
	free := 64 - k
	size := uint64(1)
	for i := 0; k < n || i == order || i == order2; i++ {
		switch {
		case i == order:
			e.factor[0] = size
			switch {
			case t.hasPawns:
				size *= pawnFileSize[e.group[0]-1][sub]
			case t.kingPairs:
				size *= kingPairPlacements
			default:
				size *= triplePlacements
			}
		case i == order2:
			e.factor[e.group[0]] = size
			size *= binomial[e.group[e.group[0]]][48-e.group[0]]
		default:
			if k >= n {
				return fmt.Errorf("group order %d/%d out of range", order, order2)
			}
			e.factor[k] = size
			size *= binomial[e.group[k]][free]
			free -= e.group[k]
			k += e.group[k]
		}
	}
	e.size = size
	return nil
}

// parseMaps reads the DTZ value maps of the sub-tables that have them.
func (f *tableFile) parseMaps(r *reader, subs int) error {
	for sub := range subs {
		flags := f.dtzFlags[sub]
		if flags&dtzMapped == 0 {
			continue
		}
		if flags&dtzWideMap != 0 {
			r.align2()
		}
		for m := range 4 {
			var values []uint16
			if flags&dtzWideMap == 0 {
				if !r.need(1) {
					return errShort
				}
				n := int(r.data[r.pos])
				if !r.need(uint64(1 + n)) {
					return errShort
				}
				for _, b := range r.data[r.pos+1 : r.pos+1+n] {
					values = append(values, uint16(b))
				}
				r.pos += 1 + n
			} else {
				if !r.need(2) {
					return errShort
				}
				n := int(binary.LittleEndian.Uint16(r.data[r.pos:]))
				if !r.need(uint64(2 + 2*n)) {
					return errShort
				}
				for i := range n {
					values = append(values, binary.LittleEndian.Uint16(r.data[r.pos+2+2*i:]))
				}
				r.pos += 2 + 2*n
			}
			f.dtzMap[sub][m] = values
		}
	}
	r.align2()
	return nil
}
