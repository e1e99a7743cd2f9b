package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// pairs is the compressed data of one sub-table (one side to move, one
// leading-pawn file).
//
// The values, one per index, are cut into runs of up to 65536 values, each
// run compressed into one block of 2^blockSize bytes. Compression replaces
// frequent pairs of adjacent symbols by a new symbol again and again, so
// every symbol stands for a run of values (symPat: a value, or two
// symbols); the symbols are then Huffman-coded with a canonical code.
//
// To find index i: the index table has an entry every 2^idxBits indices,
// naming the block and the position inside it of the index in the middle
// of that stretch; the block-size table (the number of values in each
// block, minus one) then walks forward or back to the block holding i.
type pairs struct {
	constant   bool // every index has the same value
	constValue byte

	blockSize  uint // log2 of the bytes per block
	idxBits    uint // log2 of the indices per index-table entry
	realBlocks uint64
	numBlocks  uint64 // entries in the block-size table (a few more than realBlocks)
	minLen     int    // the shortest code length
	offsets    []uint16
	base       []uint64 // base[l-minLen]: the lowest code of length l, left-aligned in 64 bits
	symLen     []uint16 // number of values a symbol stands for, minus one
	symPat     []byte   // three bytes per symbol

	indexTable []byte // 6 bytes an entry: block (LE uint32), offset in it (LE uint16)
	sizeTable  []byte // LE uint16 per block
	blocks     []byte // from the first block to the end of the file
	dataSize   uint64

	// Sizes of the three parts, known from the header.
	indexSize, sizeSize uint64
}

// The limits of a valid header.
const (
	maxCodeLength = 64
	maxBlockBits  = 32
	maxSymbolRun  = 256 // a symbol stands for at most this many values
	leafSymbol    = 0xfff
)

// parseHeader reads the header of the compressed data of a sub-table that
// has size indices.
func (d *pairs) parseHeader(r *reader, size uint64, kind fileKind) error {
	data := r.data
	if !r.need(2) {
		return errShort
	}
	if data[r.pos]&0x80 != 0 {
		d.constant = true
		if kind == wdlFile {
			d.constValue = data[r.pos+1]
		}
		r.pos += 2
		return nil
	}
	if !r.need(12) {
		return errShort
	}
	h := data[r.pos:]
	d.blockSize, d.idxBits = uint(h[1]), uint(h[2])
	d.realBlocks = uint64(binary.LittleEndian.Uint32(h[4:]))
	d.numBlocks = d.realBlocks + uint64(h[3])
	maxLen, minLen := int(h[8]), int(h[9])
	if d.blockSize > maxBlockBits || d.idxBits == 0 || d.idxBits > 63 || minLen == 0 || minLen > maxLen || maxLen > maxCodeLength {
		return fmt.Errorf("bad compression header: block bits %d, index bits %d, code lengths %d..%d", d.blockSize, d.idxBits, minLen, maxLen)
	}
	lengths := maxLen - minLen + 1
	if !r.need(uint64(12 + 2*lengths)) {
		return errShort
	}
	d.minLen = minLen
	d.offsets = make([]uint16, lengths)
	for i := range d.offsets {
		d.offsets[i] = binary.LittleEndian.Uint16(h[10+2*i:])
	}
	numSyms := int(binary.LittleEndian.Uint16(h[10+2*lengths:]))
	if !r.need(uint64(12 + 2*lengths + 3*numSyms)) {
		return errShort
	}
	d.symPat = h[12+2*lengths : 12+2*lengths+3*numSyms]
	r.pos += 12 + 2*lengths + 3*numSyms + numSyms&1
	if err := d.computeSymbolLengths(); err != nil {
		return err
	}

	// Canonical Huffman: going from the longest codes to the shortest,
	// the first code of each length follows from the number of codes.
	d.base = make([]uint64, lengths)
	for i := lengths - 2; i >= 0; i-- {
		d.base[i] = (d.base[i+1] + uint64(d.offsets[i]) - uint64(d.offsets[i+1])) / 2
	}
	for i := range d.base {
		d.base[i] <<= uint(maxCodeLength - minLen - i)
	}

	entries := size>>d.idxBits + 1
	if size&(1<<d.idxBits-1) == 0 {
		entries--
	}
	d.indexSize = 6 * entries
	d.sizeSize = 2 * d.numBlocks
	d.dataSize = d.realBlocks << d.blockSize
	return nil
}

// computeSymbolLengths fills symLen, following each symbol down to its
// values without recursion, and rejects cycles and overlong runs.
func (d *pairs) computeSymbolLengths() error {
	n := len(d.symPat) / 3
	d.symLen = make([]uint16, n)
	const (
		unseen = iota
		open
		done
	)
	state := make([]uint8, n)
	var stack []int
	for s := range n {
		if state[s] != unseen {
			continue
		}
		state[s] = open
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			top := stack[len(stack)-1]
			left, right, leaf := d.children(top)
			if leaf {
				d.symLen[top], state[top] = 0, done
				stack = stack[:len(stack)-1]
				continue
			}
			if left >= n || right >= n {
				return fmt.Errorf("symbol %d refers to symbol %d or %d of %d", top, left, right, n)
			}
			if state[left] == open || state[right] == open {
				return fmt.Errorf("symbol %d is defined through itself", top)
			}
			if state[left] == unseen {
				state[left] = open
				stack = append(stack, left)
				continue
			}
			if state[right] == unseen {
				state[right] = open
				stack = append(stack, right)
				continue
			}
			runLen := int(d.symLen[left]) + int(d.symLen[right]) + 1
			if runLen >= maxSymbolRun {
				return fmt.Errorf("symbol %d stands for more than %d values", top, maxSymbolRun)
			}
			d.symLen[top], state[top] = uint16(runLen), done
			stack = stack[:len(stack)-1]
		}
	}
	return nil
}

// children returns the two symbols symbol s is made of, or leaf true when
// s is a value.
func (d *pairs) children(s int) (left, right int, leaf bool) {
	w := d.symPat[3*s : 3*s+3]
	right = int(w[2])<<4 | int(w[1])>>4
	if right == leafSymbol {
		return 0, 0, true
	}
	return int(w[1]&15)<<8 | int(w[0]), right, false
}

// locate sets the slice of one part of the file (0 the index table, 1 the
// block sizes, 2 the blocks, which start on a 64-byte boundary).
func (d *pairs) locate(r *reader, part int) error {
	if d.constant {
		return nil
	}
	size := [3]uint64{d.indexSize, d.sizeSize, d.dataSize}[part]
	if part == 2 {
		r.pos = (r.pos + 63) &^ 63
	}
	if !r.need(size) {
		return fmt.Errorf("file too short for its compressed data (%d bytes more at %d)", size, r.pos)
	}
	switch part {
	case 0:
		d.indexTable = r.data[r.pos : r.pos+int(size)]
	case 1:
		d.sizeTable = r.data[r.pos : r.pos+int(size)]
	case 2:
		d.blocks = r.data[r.pos:]
	}
	r.pos += int(size)
	return nil
}

var errBadData = errors.New("compressed data out of bounds")

// value returns the two bytes (symPat) of the value at index idx.
func (d *pairs) value(idx uint64) (lo, hi byte, err error) {
	if d.constant {
		return d.constValue, 0, nil
	}
	entry := 6 * (idx >> d.idxBits)
	if entry+6 > uint64(len(d.indexTable)) {
		return 0, 0, errBadData
	}
	block := uint64(binary.LittleEndian.Uint32(d.indexTable[entry:]))
	if block >= d.numBlocks {
		return 0, 0, errBadData
	}
	// The entry points at the middle index of its stretch.
	lit := int64(idx&(1<<d.idxBits-1)) - int64(1)<<(d.idxBits-1)
	lit += int64(binary.LittleEndian.Uint16(d.indexTable[entry+4:]))
	blockValues := func(b uint64) int64 { return int64(binary.LittleEndian.Uint16(d.sizeTable[2*b:])) + 1 }
	for lit < 0 {
		if block == 0 {
			return 0, 0, errBadData
		}
		block--
		lit += blockValues(block)
	}
	for {
		if block >= d.numBlocks {
			return 0, 0, errBadData
		}
		if n := blockValues(block); lit >= n {
			lit -= n
			block++
			continue
		}
		break
	}
	if block >= d.realBlocks {
		return 0, 0, errBadData
	}

	// Decode symbols until the one covering value lit. code holds the
	// next bits, left-aligned; bits counts the bits consumed from its low
	// half, refilled 32 at a time.
	pos := block << d.blockSize
	if pos+8 > uint64(len(d.blocks)) {
		return 0, 0, errBadData
	}
	code := binary.BigEndian.Uint64(d.blocks[pos:])
	pos += 8
	bits := 0
	var sym int
	for {
		l := 0
		for code < d.base[l] {
			l++
		}
		sym = int(d.offsets[l]) + int((code-d.base[l])>>uint(maxCodeLength-d.minLen-l))
		if sym >= len(d.symLen) {
			return 0, 0, errBadData
		}
		run := int64(d.symLen[sym]) + 1
		if lit < run {
			break
		}
		lit -= run
		code <<= uint(d.minLen + l)
		bits += d.minLen + l
		if bits >= 32 {
			bits -= 32
			if pos+4 > uint64(len(d.blocks)) {
				return 0, 0, errBadData
			}
			code |= uint64(binary.BigEndian.Uint32(d.blocks[pos:])) << uint(bits)
			pos += 4
		}
	}

	// Expand the symbol down to the value.
	for d.symLen[sym] != 0 {
		left, right, _ := d.children(sym)
		if run := int64(d.symLen[left]) + 1; lit < run {
			sym = left
		} else {
			lit -= run
			sym = right
		}
	}
	return d.symPat[3*sym], d.symPat[3*sym+1], nil
}
