package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"ox88/chess"
	"ox88/internal/atomicfile"
)

// The network's shape and its quantisation.
const (
	// Inputs: one per (colour relative to the perspective, kind, square).
	Inputs = 768
	// Hidden is the width of each perspective's accumulator.
	Hidden = 256
	// QA scales the feature transformer: a float weight w is stored as
	// round(w*QA), and the activation clips at QA (1.0 in float).
	QA = 255
	// QB scales the output weights of the nets ox88 trains: a float
	// weight w is stored as round(w*QB). Each net carries its own scale
	// (Net.QB), so older nets and raw dumps with RawQB still load.
	QB = 1024
	// RawQB is the output scale of a headerless net (the bullet trainer's
	// usual one) and of ox88's nets before 1024 (the seventh session):
	// with it, rounding the output weights alone moved a trained net's
	// evaluations by 8.6 cp on average, with 1024 by 0.5 cp.
	RawQB = 64
	// Scale turns the network's output (a logit: sigmoid(out) is the
	// expected score) into centipawns: cp = out * Scale.
	Scale = 400
	// OutputBuckets is the number of output layers of a bucketed net, one
	// for each band of material: the layer for a position with n pieces
	// on the board, kings included, is (n-2)/4, so bucket 0 holds the
	// bare endings and bucket 7 the opening. A net of one bucket (Net.Buckets
	// 1) uses layer 0 everywhere.
	OutputBuckets = 8
)

// Net is a quantised perspective network:
//
//	acc[c]  = FTBias + sum over the pieces p of FTWeights[feature(c, p)]   (c = White, Black)
//	hidden  = SCReLU(acc[side to move]) ++ SCReLU(acc[other side])       (2*Hidden values)
//	out     = OutBias[b] + OutWeights[b] . hidden                         (b = the material bucket)
//
// where SCReLU(x) = clamp(x, 0, QA)^2. The accumulators are the part that
// make/unmake keeps up to date (see Stack); only the last line is computed
// at every evaluation.
//
// A king-mirrored net (Mirrored) sees each perspective's board mirrored
// left to right (files a and h swapped) whenever that perspective's own
// king stands on files e to h, so that every perspective sees its king on
// files a to d: a pawn shield in front of a king castled short and one in
// front of a king castled long are the same features, and the net learns
// them once from half as many examples.
//
// A bucketed net (Buckets = OutputBuckets) has one output layer per band
// of material (see OutputBuckets): the same features are worth different
// amounts in an opening and in an ending, and the accumulators, the costly
// part, are shared by all the layers.
type Net struct {
	_          [0]uint64 // 8-byte alignment for the packed-lane arithmetic
	FTWeights  [Inputs][Hidden]int16
	FTBias     [Hidden]int16
	OutWeights [OutputBuckets][2 * Hidden]int16 // the first Buckets layers are used
	OutBias    [OutputBuckets]int32
	QB         int32 // the output scale: OutWeights = round(w*QB), OutBias = round(b*QA*QB)
	Buckets    int32 // output layers: 1, or OutputBuckets (file format version 3)
	Mirrored   bool  // king-mirrored inputs (file format version 2 or 3)
}

// Bucket returns the output layer for a position with pieces pieces on the
// board, kings included: 0 in a net of one bucket.
func (n *Net) Bucket(pieces int) int {
	if n.Buckets <= 1 {
		return 0
	}
	return min(max((pieces-2)/4, 0), OutputBuckets-1)
}

// pieceCount returns the number of pieces on pos's board, kings included.
func pieceCount(pos *chess.Position) int {
	return pos.PieceCount(chess.White) + pos.PieceCount(chess.Black)
}

// Feature returns the input index of piece pc on square sq as seen from
// perspective c: the perspective's own pieces first, then the other side's;
// Black sees the board flipped top to bottom, so both sides see their
// pieces move "up".
func Feature(c chess.Color, pc chess.Piece, sq chess.Square) int {
	return featureIndex(c, pc.Color(), pc.Kind(), sq.Index64())
}

// kingFlip returns what a perspective whose king stands on kingSq XORs
// into its feature indices: 7 (files mirrored; the file is the index's low
// three bits, so Feature^7 is the mirrored square's feature) when the net
// is king-mirrored and the king is on files e to h, else 0.
func (n *Net) kingFlip(kingSq chess.Square) int {
	if n.Mirrored && kingSq.File() >= 4 {
		return 7
	}
	return 0
}

// featureIndex is Feature on plain values: kind is chess.Pawn..chess.King
// and sq is 0..63 (a1 = 0).
func featureIndex(persp, pieceColor chess.Color, k chess.Kind, sq int) int {
	rel := 0
	if pieceColor != persp {
		rel = 384
	}
	return rel + (int(k)-1)*64 + (sq ^ int(persp)*56)
}

// Output computes the network's value in centipawns for the side to move
// from the two accumulators (us is the side to move's, them the other's)
// with output layer b (Bucket).
func (n *Net) Output(us, them *[Hidden]int16, b int) int {
	sum := screluDot(us, them, &n.OutWeights[b])
	return int((sum/QA + int64(n.OutBias[b])) * Scale / (QA * int64(n.QB)))
}

// Evaluate returns pos's value for the side to move, computing both
// accumulators from scratch (for tests and one-off use; the search keeps
// them incrementally in a Stack).
func (n *Net) Evaluate(pos *chess.Position) int {
	var acc Accumulator
	n.Refresh(&acc, pos)
	side := pos.SideToMove()
	return n.Output(&acc.v[side], &acc.v[side^1], n.Bucket(pieceCount(pos)))
}

// The file format. A net file is a header, the arrays of Net in field
// order as little-endian integers (FTWeights, FTBias, then the used layers
// of OutWeights and of OutBias), and a CRC-32 (IEEE) of everything before
// it:
//
//	bytes 0-7    "OX88NNUE"
//	bytes 8-11   format version: 1 (plain), 2 (king-mirrored), 3 (bucketed)
//	bytes 12-15  Inputs (768)
//	bytes 16-19  Hidden
//	bytes 20-23  QA
//	bytes 24-27  QB, the output scale (1 to 32768; 1024 in nets ox88 trains)
//	bytes 28-31  Scale
//	bytes 32-35  version 3 only: flags, bit 0 set for a king-mirrored net
//	bytes 36-39  version 3 only: the number of output layers (OutputBuckets)
//
// Nets of one output layer are written as version 1 or 2, which older
// builds read.
// A headerless file of exactly the raw arrays in the same order (as the
// bullet trainer's quantised output for a 768 -> Hidden x2 -> 1 SCReLU net
// with the same QA and an output scale of RawQB, possibly zero-padded to a multiple of 64 bytes) is
// read too, as a net without mirroring, so nets trained elsewhere load with
// EvalFile.
const (
	fileMagic   = "OX88NNUE"
	fileVersion = 1 // a plain net; fileVersionMirrored for a king-mirrored one
	// fileVersionMirrored marks a king-mirrored net (Net.Mirrored).
	fileVersionMirrored = 2
	// fileVersionBuckets marks a bucketed net, mirrored or not (its flags).
	fileVersionBuckets = 3
	headerSize         = 32
	headerSizeV3       = 40
	// rawSize is the size of the arrays of a net of one output layer.
	rawSize = arraysSize1 + (2*Hidden)*2 + 4
	// arraysSize1 is the size of the first layer's arrays.
	arraysSize1 = (Inputs*Hidden + Hidden) * 2
)

// arraysSize is the size of the arrays of a net with buckets output layers.
func arraysSize(buckets int) int { return arraysSize1 + buckets*(2*Hidden*2+4) }

// Write writes the net in ox88's format.
func (n *Net) Write(w io.Writer) error {
	var buf bytes.Buffer
	buf.WriteString(fileMagic)
	version := uint32(fileVersion)
	if n.Mirrored {
		version = fileVersionMirrored
	}
	if n.Buckets > 1 {
		version = fileVersionBuckets
	}
	for _, v := range []uint32{version, Inputs, Hidden, QA, uint32(n.QB), Scale} {
		binary.Write(&buf, binary.LittleEndian, v)
	}
	if version == fileVersionBuckets {
		flags := uint32(0)
		if n.Mirrored {
			flags = 1
		}
		binary.Write(&buf, binary.LittleEndian, [2]uint32{flags, uint32(n.Buckets)})
	}
	n.writeArrays(&buf)
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	_, err := w.Write(buf.Bytes())
	return err
}

// ErrBadNet is wrapped by every error about a net file's contents.
var ErrBadNet = errors.New("not a usable ox88 network")

// Read decodes a net from data: ox88's format (checked field by field and
// by its checksum) or a raw headerless dump of the same arrays.
func Read(data []byte) (*Net, error) {
	n := new(Net)
	if !bytes.HasPrefix(data, []byte(fileMagic)) {
		// A raw dump, possibly padded to a multiple of 64 bytes.
		if len(data) < rawSize || len(data) >= rawSize+64 || bytes.Count(data[rawSize:], []byte{0}) != len(data)-rawSize {
			return nil, fmt.Errorf("%w: %d bytes, neither an ox88 net (magic %q) nor a raw %d-byte 768->%dx2->1 net",
				ErrBadNet, len(data), fileMagic, rawSize, Hidden)
		}
		n.Buckets, n.QB = 1, RawQB
		n.readArrays(data[:rawSize])
		return n, nil
	}
	if len(data) < headerSizeV3 {
		return nil, fmt.Errorf("%w: %d bytes, too short for an ox88 net", ErrBadNet, len(data))
	}
	header := headerSize
	n.Buckets = 1
	switch v := binary.LittleEndian.Uint32(data[8:]); v {
	case fileVersion:
	case fileVersionMirrored:
		n.Mirrored = true
	case fileVersionBuckets:
		header = headerSizeV3
		flags, buckets := binary.LittleEndian.Uint32(data[32:]), binary.LittleEndian.Uint32(data[36:])
		if flags > 1 || buckets != OutputBuckets {
			return nil, fmt.Errorf("%w: flags %#x and %d output layers, this build reads flags 0 or 1 and %d layers",
				ErrBadNet, flags, buckets, OutputBuckets)
		}
		n.Mirrored, n.Buckets = flags == 1, int32(buckets)
	default:
		return nil, fmt.Errorf("%w: version is %d, this build reads 1 to %d", ErrBadNet, v, fileVersionBuckets)
	}
	if want := header + arraysSize(int(n.Buckets)) + 4; len(data) != want {
		return nil, fmt.Errorf("%w: %d bytes, want %d (truncated or another shape)", ErrBadNet, len(data), want)
	}
	want := [5]uint32{Inputs, Hidden, QA, 0, Scale}
	names := [5]string{"inputs", "hidden", "QA", "QB", "scale"}
	for i := range want {
		got := binary.LittleEndian.Uint32(data[12+4*i:])
		if i == 3 { // QB: the net's own
			if got < 1 || got > 32768 {
				return nil, fmt.Errorf("%w: QB is %d, this build reads 1 to 32768", ErrBadNet, got)
			}
			n.QB = int32(got)
			continue
		}
		if got != want[i] {
			return nil, fmt.Errorf("%w: %s is %d, this build needs %d", ErrBadNet, names[i], got, want[i])
		}
	}
	body := data[:len(data)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch (damaged file)", ErrBadNet)
	}
	n.readArrays(body[header:])
	return n, nil
}

// writeArrays writes the net's arrays in field order, little-endian: the
// first layer, then the Buckets used output layers and their biases.
func (n *Net) writeArrays(w io.Writer) {
	for _, x := range []any{&n.FTWeights, &n.FTBias, n.OutWeights[:n.Buckets], n.OutBias[:n.Buckets]} {
		binary.Write(w, binary.LittleEndian, x)
	}
}

// readArrays reads the arrays writeArrays writes from b
// (arraysSize(n.Buckets) bytes).
func (n *Net) readArrays(b []byte) {
	r := bytes.NewReader(b)
	for _, x := range []any{&n.FTWeights, &n.FTBias, n.OutWeights[:n.Buckets], n.OutBias[:n.Buckets]} {
		binary.Read(r, binary.LittleEndian, x)
	}
}

// Load reads a net file.
func Load(name string) (*Net, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	n, err := Read(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return n, nil
}

// Save writes the net to name through a temporary file and a rename
// (package atomicfile), so a crash never leaves half a net under the name.
func (n *Net) Save(name string) error {
	return atomicfile.Write(name, n.Write)
}
