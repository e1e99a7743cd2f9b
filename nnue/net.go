package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"

	"ox88/chess"
	"ox88/internal/atomicfile"
)

// The network's shape and its quantisation.
const (
	// Inputs is the number of inputs of one king bucket: one per (colour
	// relative to the perspective, kind, square). A net of k king buckets
	// (Net.KingBuckets) has k*Inputs.
	Inputs = 768
	// Hidden is the width of each perspective's accumulator in the nets of
	// file format versions 1 to 3 and in the embedded net. A net of version
	// 4 carries its own (Net.Hidden): a multiple of HiddenStep up to
	// MaxHidden.
	Hidden = 256
	// MaxHidden bounds a net's hidden width: the AVX2 output layer sums
	// 2*MaxHidden/16 terms of at most 255²·128 per int32 lane, just below
	// 2³¹ (kernels_amd64.go), and an Accumulator holds MaxHidden lanes.
	MaxHidden = 1024
	// HiddenStep divides every hidden width: the AVX2 kernels work on 64
	// lanes per loop.
	HiddenStep = 64
	// QA scales the feature transformer: a float weight w is stored as
	// round(w*QA), and the activation clips at QA (1.0 in float).
	QA = 255
	// QB scales the output weights of the nets ox88 trains: a float
	// weight w is stored as round(w*QB). Each net carries its own scale
	// (Net.QB), so older nets and raw dumps with RawQB still load.
	QB = 1024
	// RawQB is the output scale of a headerless net (the bullet trainer's
	// usual one) and of ox88's nets before QB 1024: with it, rounding the
	// output weights alone moved a trained net's evaluations by 8.6 cp on
	// average, with 1024 by 0.5 cp.
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

// kingBucketLayouts maps, for each number of king buckets a net may have
// beyond one, the square of a perspective's own king as that perspective
// sees it (its ranks counted from its own side, the board mirrored so the
// king is on files a to d) to the king's bucket: index rank*4 + file.
//
// With 4 buckets: a king on the first rank's files a-b, on its files c-d,
// on the second rank, and anywhere further up. With 8: each of the first
// rank's files a to d, the second rank's files a-b and c-d, ranks 3-4,
// and ranks 5-8.
var kingBucketLayouts = map[int][32]uint8{
	4: {
		0, 0, 1, 1,
		2, 2, 2, 2,
		3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	},
	8: {
		0, 1, 2, 3,
		4, 4, 5, 5,
		6, 6, 6, 6, 6, 6, 6, 6,
		7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
	},
}

// ValidArch reports whether a net of hidden width hidden and kingBuckets
// king buckets (1, 4 or 8; more than one needs king mirroring) can be
// built, and why not.
func ValidArch(hidden, kingBuckets int, mirrored bool) error {
	if hidden < HiddenStep || hidden > MaxHidden || hidden%HiddenStep != 0 {
		return fmt.Errorf("hidden width %d: want a multiple of %d from %d to %d", hidden, HiddenStep, HiddenStep, MaxHidden)
	}
	if _, ok := kingBucketLayouts[kingBuckets]; !ok && kingBuckets != 1 {
		return fmt.Errorf("%d king buckets: want 1, 4 or 8", kingBuckets)
	}
	if kingBuckets > 1 && !mirrored {
		return fmt.Errorf("%d king buckets need a king-mirrored net", kingBuckets)
	}
	return nil
}

// Net is a quantised perspective network:
//
//	acc[c]  = FTBias + sum over the pieces p of FTWeights[feature(c, p)]   (c = White, Black)
//	hidden  = SCReLU(acc[side to move]) ++ SCReLU(acc[other side])       (2*Hidden values)
//	out     = OutBias[b] + OutWeights[b] . hidden                         (b = the material bucket)
//
// where SCReLU(x) = clamp(x, 0, QA)^2. The accumulators are the part that
// make/unmake keeps up to date (see Stack); only the last line is computed
// at every evaluation. Hidden here is the net's own width (Net.Hidden).
//
// A king-mirrored net (Mirrored) sees each perspective's board mirrored
// left to right (files a and h swapped) whenever that perspective's own
// king stands on files e to h, so that every perspective sees its king on
// files a to d: a pawn shield in front of a king castled short and one in
// front of a king castled long are the same features, and the net learns
// them once from half as many examples.
//
// A king-bucketed net (KingBuckets 4 or 8, always king-mirrored) has one
// set of Inputs feature rows per bucket of its own king's square
// (kingBucketLayouts): each perspective's features are those of the bucket
// its king stands in, so a knight on f3 can be worth one thing beside a
// castled king and another beside a king in the centre.
//
// A bucketed net (Buckets = OutputBuckets) has one output layer per band
// of material (see OutputBuckets): the same features are worth different
// amounts in an opening and in an ending, and the accumulators, the costly
// part, are shared by all the layers.
type Net struct {
	// FTWeights holds one row of Hidden weights per input, input f at
	// FTWeights[f*Hidden:]; KingBuckets*Inputs rows.
	FTWeights  []int16
	FTBias     []int16 // Hidden
	OutWeights []int16 // Buckets layers of 2*Hidden, layer b at OutWeights[b*2*Hidden:]
	OutBias    []int32 // Buckets
	QB         int32   // the output scale: OutWeights = round(w*QB), OutBias = round(b*QA*QB)
	Buckets    int32   // output layers: 1, or OutputBuckets (file format version 3 or 4)
	Mirrored   bool    // king-mirrored inputs (file format version 2 to 4)
	// Hidden is the width of each perspective's accumulator, KingBuckets
	// the number of king buckets (1: none).
	Hidden, KingBuckets int
}

// NewNet returns a net of zero weights: hidden wide, with kingBuckets king
// buckets and buckets output layers (1 or OutputBuckets). It panics unless
// ValidArch accepts the shape.
func NewNet(hidden, kingBuckets, buckets int, mirrored bool) *Net {
	if err := ValidArch(hidden, kingBuckets, mirrored); err != nil {
		panic("nnue: " + err.Error())
	}
	if buckets != OutputBuckets {
		buckets = 1
	}
	return &Net{
		FTWeights:  make([]int16, kingBuckets*Inputs*hidden),
		FTBias:     make([]int16, hidden),
		OutWeights: make([]int16, buckets*2*hidden),
		OutBias:    make([]int32, buckets),
		QB:         QB, Buckets: int32(buckets), Mirrored: mirrored,
		Hidden: hidden, KingBuckets: kingBuckets,
	}
}

// Equal reports whether n and o are the same net, weights included.
func (n *Net) Equal(o *Net) bool {
	return n.QB == o.QB && n.Buckets == o.Buckets && n.Mirrored == o.Mirrored && n.Hidden == o.Hidden &&
		n.KingBuckets == o.KingBuckets && slices.Equal(n.FTWeights, o.FTWeights) && slices.Equal(n.FTBias, o.FTBias) &&
		slices.Equal(n.OutWeights, o.OutWeights) && slices.Equal(n.OutBias, o.OutBias)
}

// row returns the feature transformer's row of input f.
func (n *Net) row(f int) []int16 { return n.FTWeights[f*n.Hidden : (f+1)*n.Hidden] }

// layer returns output layer b's weights.
func (n *Net) layer(b int) []int16 { return n.OutWeights[b*2*n.Hidden : (b+1)*2*n.Hidden] }

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

// view is how one perspective sees the board, fixed by its own king's
// square: feature f of Feature is input base + f^flip of the net.
type view struct {
	base int32 // the king bucket's first input: bucket*Inputs
	flip int32 // 7 (files mirrored) or 0
}

// kingView returns the view of perspective c whose king stands on kingSq.
func (n *Net) kingView(c chess.Color, kingSq chess.Square) view {
	return n.kingViewIndex(c, kingSq.Index64())
}

// kingViewIndex is kingView with the king's square as 0..63 (a1 = 0).
//
// The flip is what the perspective XORs into its feature indices: 7 (files
// mirrored; the file is the index's low three bits, so Feature^7 is the
// mirrored square's feature) when the net is king-mirrored and the king is
// on files e to h, else 0.
func (n *Net) kingViewIndex(c chess.Color, sq int) view {
	var v view
	if n.Mirrored && sq&7 >= 4 {
		v.flip = 7
	}
	if n.KingBuckets > 1 {
		rel := sq ^ int(c)*56 ^ int(v.flip) // files a-d, ranks from c's side
		layout := kingBucketLayouts[n.KingBuckets]
		v.base = int32(layout[(rel>>3)*4+(rel&7)]) * Inputs
	}
	return v
}

// input returns the net's input of piece pc on sq for a perspective c
// seeing the board with v.
func (v view) input(c chess.Color, pc chess.Piece, sq chess.Square) int {
	return int(v.base) + (Feature(c, pc, sq) ^ int(v.flip))
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
func (n *Net) Output(us, them *[MaxHidden]int16, b int) int {
	h := n.Hidden
	sum := screluDot(us[:h], them[:h], n.layer(b))
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
//	bytes 8-11   format version: 1 (plain), 2 (king-mirrored), 3 (bucketed),
//	             4 (any shape)
//	bytes 12-15  inputs: 768 times the king buckets
//	bytes 16-19  Hidden (256 in versions 1 to 3)
//	bytes 20-23  QA
//	bytes 24-27  QB, the output scale (1 to 32768; 1024 in nets ox88 trains)
//	bytes 28-31  Scale
//	bytes 32-35  versions 3 and 4: flags, bit 0 set for a king-mirrored net
//	bytes 36-39  versions 3 and 4: the number of output layers (1 or
//	             OutputBuckets; version 3 only the latter)
//	bytes 40-43  version 4 only: the number of king buckets (1, 4 or 8)
//
// A net of hidden width 256 without king buckets is written as version 1,
// 2 or 3 (version 3 only with output buckets), which older builds read;
// any other shape as version 4.
// A headerless file of exactly the raw arrays in the same order (as the
// bullet trainer's quantised output for a 768 -> 256x2 -> 1 SCReLU net
// with the same QA and an output scale of RawQB, possibly zero-padded to a
// multiple of 64 bytes) is read too, as a net without mirroring, so nets
// trained elsewhere load with EvalFile.
const (
	fileMagic   = "OX88NNUE"
	fileVersion = 1 // a plain net; fileVersionMirrored for a king-mirrored one
	// fileVersionMirrored marks a king-mirrored net (Net.Mirrored).
	fileVersionMirrored = 2
	// fileVersionBuckets marks a bucketed net, mirrored or not (its flags).
	fileVersionBuckets = 3
	// fileVersionShape marks a net of any shape: hidden width, king
	// buckets and output layers in its header.
	fileVersionShape = 4
	headerSize       = 32
	headerSizeV3     = 40
	headerSizeV4     = 44
	// rawSize is the size of a raw dump: the arrays of a 768 -> 256x2 -> 1 net.
	rawSize = (Inputs*Hidden+Hidden)*2 + (2*Hidden)*2 + 4
	// maxFileSize bounds the size of any net file this build reads: a
	// version 4 header and the arrays of the largest shape.
	maxFileSize = headerSizeV4 + 8*Inputs*MaxHidden*2 + MaxHidden*2 + OutputBuckets*(2*MaxHidden*2+4) + 4
)

// arraysSize is the size of the arrays of a net of the given shape.
func arraysSize(hidden, kingBuckets, buckets int) int {
	return (kingBuckets*Inputs*hidden+hidden)*2 + buckets*(2*hidden*2+4)
}

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
	if n.Hidden != Hidden || n.KingBuckets > 1 {
		version = fileVersionShape
	}
	for _, v := range []uint32{version, uint32(n.KingBuckets * Inputs), uint32(n.Hidden), QA, uint32(n.QB), Scale} {
		binary.Write(&buf, binary.LittleEndian, v)
	}
	if version >= fileVersionBuckets {
		flags := uint32(0)
		if n.Mirrored {
			flags = 1
		}
		binary.Write(&buf, binary.LittleEndian, [2]uint32{flags, uint32(n.Buckets)})
	}
	if version == fileVersionShape {
		binary.Write(&buf, binary.LittleEndian, uint32(n.KingBuckets))
	}
	n.writeArrays(&buf)
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	_, err := w.Write(buf.Bytes())
	return err
}

// ErrBadNet is wrapped by every error about a net file's contents.
var ErrBadNet = errors.New("not a usable ox88 network")

// fileShape is what a net file's first bytes say about it: its header's
// size and the net's shape. The file's whole size follows (size).
type fileShape struct {
	raw                          bool // a headerless dump
	header                       int
	hidden, kingBuckets, buckets int
	mirrored                     bool
}

// size returns the size of a file of this shape (a raw dump's without
// padding).
func (f fileShape) size() int {
	if f.raw {
		return rawSize
	}
	return f.header + arraysSize(f.hidden, f.kingBuckets, f.buckets) + 4
}

// readShape decodes the shape from a file's first bytes (at least
// headerSizeV4 of them, or the whole file if it is shorter) and checks
// every header field but the checksum.
func readShape(data []byte) (fileShape, error) {
	if !bytes.HasPrefix(data, []byte(fileMagic)) {
		return fileShape{raw: true, hidden: Hidden, kingBuckets: 1, buckets: 1}, nil
	}
	if len(data) < headerSizeV3 {
		return fileShape{}, fmt.Errorf("%w: %d bytes, too short for an ox88 net", ErrBadNet, len(data))
	}
	f := fileShape{header: headerSize, kingBuckets: 1, buckets: 1}
	u32 := func(at int) uint32 { return binary.LittleEndian.Uint32(data[at:]) }
	switch v := u32(8); v {
	case fileVersion:
	case fileVersionMirrored:
		f.mirrored = true
	case fileVersionBuckets, fileVersionShape:
		f.header = headerSizeV3
		flags, buckets := u32(32), u32(36)
		if v == fileVersionShape {
			if len(data) < headerSizeV4 {
				return fileShape{}, fmt.Errorf("%w: %d bytes, too short for an ox88 net", ErrBadNet, len(data))
			}
			f.header = headerSizeV4
			kb := u32(40)
			if kb != 1 && kb != 4 && kb != 8 {
				return fileShape{}, fmt.Errorf("%w: %d king buckets, this build reads 1, 4 or 8", ErrBadNet, kb)
			}
			f.kingBuckets = int(kb)
		}
		if flags > 1 || buckets != OutputBuckets && (v == fileVersionBuckets || buckets != 1) {
			return fileShape{}, fmt.Errorf("%w: flags %#x and %d output layers, this build reads flags 0 or 1 and %d layers",
				ErrBadNet, flags, buckets, OutputBuckets)
		}
		f.mirrored, f.buckets = flags == 1, int(buckets)
	default:
		return fileShape{}, fmt.Errorf("%w: version is %d, this build reads 1 to %d", ErrBadNet, v, fileVersionShape)
	}
	hidden := u32(16)
	if err := ValidArch(int(hidden), f.kingBuckets, f.mirrored); err != nil {
		return fileShape{}, fmt.Errorf("%w: %v", ErrBadNet, err)
	}
	f.hidden = int(hidden)
	want := [5]uint32{uint32(f.kingBuckets * Inputs), hidden, QA, 0, Scale}
	names := [5]string{"inputs", "hidden", "QA", "QB", "scale"}
	for i := range want {
		got := u32(12 + 4*i)
		if i == 3 { // QB: the net's own
			if got < 1 || got > 32768 {
				return fileShape{}, fmt.Errorf("%w: QB is %d, this build reads 1 to 32768", ErrBadNet, got)
			}
			continue
		}
		if got != want[i] {
			return fileShape{}, fmt.Errorf("%w: %s is %d, this build needs %d", ErrBadNet, names[i], got, want[i])
		}
	}
	return f, nil
}

// Read decodes a net from data: ox88's format (checked field by field and
// by its checksum) or a raw headerless dump of the same arrays.
func Read(data []byte) (*Net, error) {
	f, err := readShape(data)
	if err != nil {
		return nil, err
	}
	if f.raw {
		if len(data) < rawSize || len(data) >= rawSize+64 || bytes.Count(data[rawSize:], []byte{0}) != len(data)-rawSize {
			return nil, fmt.Errorf("%w: %d bytes, neither an ox88 net (magic %q) nor a raw %d-byte 768->%dx2->1 net",
				ErrBadNet, len(data), fileMagic, rawSize, Hidden)
		}
		n := NewNet(Hidden, 1, 1, false)
		n.QB = RawQB
		n.readArrays(data[:rawSize])
		return n, nil
	}
	if want := f.size(); len(data) != want {
		return nil, fmt.Errorf("%w: %d bytes, want %d (truncated or another shape)", ErrBadNet, len(data), want)
	}
	body := data[:len(data)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch (damaged file)", ErrBadNet)
	}
	n := NewNet(f.hidden, f.kingBuckets, f.buckets, f.mirrored)
	n.QB = int32(binary.LittleEndian.Uint32(data[24:]))
	n.readArrays(body[f.header:])
	return n, nil
}

// writeArrays writes the net's arrays in field order, little-endian.
func (n *Net) writeArrays(w io.Writer) {
	for _, x := range []any{n.FTWeights, n.FTBias, n.OutWeights, n.OutBias} {
		binary.Write(w, binary.LittleEndian, x)
	}
}

// readArrays reads the arrays writeArrays writes from b, which holds
// exactly their size for the net's shape.
func (n *Net) readArrays(b []byte) {
	r := bytes.NewReader(b)
	for _, x := range []any{n.FTWeights, n.FTBias, n.OutWeights, n.OutBias} {
		binary.Read(r, binary.LittleEndian, x)
	}
}

// Load reads a net file. Only a regular file is read (a device such as
// /dev/zero or a FIFO would never end, or block), and only as many bytes
// as its header's shape implies: a file of any other size is refused
// before its body is read.
func Load(name string) (*Net, error) {
	// Stat before opening: opening a FIFO for reading blocks until a
	// writer comes.
	if fi, err := os.Stat(name); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	file, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() { // replaced between the two looks
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	if fi.Size() > maxFileSize {
		return nil, fmt.Errorf("%s: %w: %d bytes, larger than any net this build reads (%d)", name, ErrBadNet, fi.Size(), maxFileSize)
	}
	head := make([]byte, headerSizeV4)
	k, err := io.ReadFull(file, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	f, err := readShape(head[:k])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	limit := int64(f.size())
	if f.raw {
		limit += 63 // the padding a raw dump may have
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("%s: %w: %d bytes, want %d for its shape (trailing data or another shape)", name, ErrBadNet, fi.Size(), f.size())
	}
	// Read at most limit+1 bytes, whatever the file has become since Stat.
	data := make([]byte, k, fi.Size())
	copy(data, head[:k])
	data, err = readAppend(data, io.LimitReader(file, limit+1-int64(k)))
	if err != nil {
		return nil, err
	}
	n, err := Read(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return n, nil
}

// readAppend appends all of r to data.
func readAppend(data []byte, r io.Reader) ([]byte, error) {
	var buf bytes.Buffer
	buf.Write(data)
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}

// Save writes the net to name through a temporary file and a rename
// (package atomicfile), so a crash never leaves half a net under the name.
func (n *Net) Save(name string) error {
	return atomicfile.Write(name, n.Write)
}
