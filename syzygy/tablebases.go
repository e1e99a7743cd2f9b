package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"ox88/chess"
)

// Errors a probe returns for positions the tables cannot answer. Errors from
// damaged or missing files wrap ErrCorrupt or ErrMissingTable and name the
// file.
var (
	ErrCastling      = errors.New("syzygy: the position has castling rights")
	ErrTooManyPieces = errors.New("syzygy: the position has more pieces than the largest table")
	ErrMissingTable  = errors.New("syzygy: no table for this material")
	ErrCorrupt       = errors.New("syzygy: corrupt table")
)

// File suffixes and the magic numbers the files begin with (little-endian).
const (
	wdlSuffix = ".rtbw"
	dtzSuffix = ".rtbz"
	wdlMagic  = 0x5d23e871
	dtzMagic  = 0xa50c66d7

	// checksumSize is the length of the checksum that ends every file;
	// everything before it is a multiple of 64 bytes long.
	checksumSize = 16
)

// fileKind tells a WDL file from a DTZ file.
type fileKind uint8

const (
	wdlFile fileKind = iota
	dtzFile
)

// Tablebases is a set of Syzygy tables found in a list of directories. It is
// safe for concurrent use by several goroutines.
type Tablebases struct {
	// tables maps a material signature, in both colour orientations, to
	// its table. It is written only by Open.
	tables    map[uint64]*table
	maxPieces int
	refused   []Refused // files Open found and would not use
	unchecked int       // tables kept without verify's samples: its time ran out
}

// table is one material signature: its WDL file, and its DTZ file when
// present, each mapped and parsed on its first probe.
type table struct {
	name      string // "KRPvKR": the pieces of the table's White, then Black
	key       uint64 // material signature of the name's colours
	pieces    int    // number of pieces, kings included
	hasPawns  bool
	symmetric bool // both sides have the same material
	kingPairs bool // pawnless, and only the kings are unique pieces
	// pawns[0] is the number of pawns of the leading colour (the side
	// with fewer pawns, but at least one; White when equal), pawns[1] of
	// the other colour.
	pawns    [2]int
	leadPawn chess.Piece // WPawn or BPawn, in the table's colours
	wdl, dtz lazyFile
}

// lazyFile is a table file, loaded once on first use.
type lazyFile struct {
	path string // "" when the file is absent
	once sync.Once
	f    *tableFile
	err  error
}

// Open scans the directories in paths (separated by os.PathListSeparator,
// as UCI's SyzygyPath gives them) for tables. An empty paths, or
// "<empty>", gives an empty set. A directory that cannot be read, or a
// table file that is truncated or does not start with the right magic
// number, is an error. Files with other names are ignored; when two
// directories hold the same table, the first one wins. The files are only
// opened here; they are mapped into memory on their first probe.
func Open(paths string) (*Tablebases, error) {
	tb := &Tablebases{tables: make(map[uint64]*table)}
	if paths == "" || paths == "<empty>" {
		return tb, nil
	}
	found := make(map[string]*table)
	var order []*table
	for _, dir := range filepath.SplitList(paths) {
		if dir == "" {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("syzygy: reading the tablebase directory: %w", err)
		}
		for _, e := range entries {
			name, kind, ok := tableFileName(e.Name())
			if !ok || e.IsDir() {
				continue
			}
			t := found[name]
			if t == nil {
				if t = newTable(name); t == nil {
					continue
				}
				found[name] = t
				order = append(order, t)
			}
			lf := &t.wdl
			if kind == dtzFile {
				lf = &t.dtz
			}
			if lf.path == "" {
				lf.path = filepath.Join(dir, e.Name())
			}
		}
	}
	for _, t := range order {
		if t.wdl.path == "" {
			continue // a DTZ file alone is of no use
		}
		if err := checkFile(t.wdl.path, false); err != nil {
			tb.refused = append(tb.refused, Refused{t.wdl.path, err})
			continue
		}
		if t.dtz.path != "" {
			if err := checkFile(t.dtz.path, true); err != nil {
				tb.refused = append(tb.refused, Refused{t.dtz.path, err})
				t.dtz.path = ""
			}
		}
		tb.tables[t.key] = t
		tb.tables[mirrorSignature(t.key)] = t
	}
	// Verified from the fewest pieces up: a table's moves lead to smaller
	// tables (captures) that are checked, and refused, first.
	slices.SortStableFunc(order, func(a, b *table) int { return a.pieces - b.pieces })
	deadline := time.Now().Add(verifyBudget)
	for _, t := range order {
		if tb.tables[t.key] != t {
			continue
		}
		tb.maxPieces = max(tb.maxPieces, t.pieces) // ProbeWDL checks it
		if time.Now().After(deadline) {
			tb.unchecked++ // kept as found, loaded when first probed
			continue
		}
		wdlErr, dtzErr := tb.verify(t)
		if dtzErr != nil {
			tb.refused = append(tb.refused, Refused{t.dtz.path, dtzErr})
			t.dtz.drop(t.name, dtzSuffix, dtzErr)
		}
		if wdlErr != nil {
			tb.refused = append(tb.refused, Refused{t.wdl.path, wdlErr})
			t.wdl.drop(t.name, wdlSuffix, wdlErr)
			t.dtz.drop(t.name, dtzSuffix, wdlErr)
			delete(tb.tables, t.key)
			delete(tb.tables, mirrorSignature(t.key))
		}
	}
	tb.maxPieces = 0
	for _, t := range tb.tables {
		tb.maxPieces = max(tb.maxPieces, t.pieces)
	}
	return tb, nil
}

// MaxPieces returns the number of pieces, kings included, of the largest
// table found (0 when none was).
func (tb *Tablebases) MaxPieces() int { return tb.maxPieces }

// Close unmaps the files probed so far. The Tablebases must not be used
// afterwards, and no probe may be running.
func (tb *Tablebases) Close() error {
	var first error
	seen := make(map[*table]bool)
	for _, t := range tb.tables {
		if seen[t] {
			continue
		}
		seen[t] = true
		for _, lf := range []*lazyFile{&t.wdl, &t.dtz} {
			lf.once.Do(func() { lf.err = errors.New("syzygy: tablebases closed") })
			if lf.f != nil {
				if err := unmapFile(lf.f.data); err != nil && first == nil {
					first = err
				}
				lf.f = nil
			}
		}
	}
	tb.tables = nil
	tb.maxPieces = 0
	return first
}

// checkFile opens a table file and checks its magic number and that its
// size is a multiple of 64 plus the checksum.
func checkFile(path string, dtz bool) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("syzygy: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("syzygy: %w", err)
	}
	if size := info.Size(); size%64 != checksumSize {
		return fmt.Errorf("%w: %s: size %d is not a multiple of 64 plus %d (truncated?)", ErrCorrupt, path, size, checksumSize)
	}
	var head [4]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return fmt.Errorf("syzygy: %s: %w", path, err)
	}
	want := uint32(wdlMagic)
	if dtz {
		want = dtzMagic
	}
	if got := binary.LittleEndian.Uint32(head[:]); got != want {
		return fmt.Errorf("%w: %s: magic number %#08x, want %#08x", ErrCorrupt, path, got, want)
	}
	return nil
}

// load returns the parsed file, mapping and parsing it on the first call.
func (lf *lazyFile) load(t *table, kind fileKind) (*tableFile, error) {
	lf.once.Do(func() {
		if lf.path == "" {
			lf.err = fmt.Errorf("%w: %s%s is missing", ErrMissingTable, t.name, dtzSuffix)
			return
		}
		data, err := mapFile(lf.path)
		if err != nil {
			lf.err = fmt.Errorf("syzygy: %w", err)
			return
		}
		f, err := parseTable(data, kind, t)
		if err != nil {
			unmapFile(data)
			lf.err = fmt.Errorf("%w: %s: %v", ErrCorrupt, lf.path, err)
			return
		}
		lf.f = f
	})
	return lf.f, lf.err
}

// Material signatures: the number of each piece but the kings, four bits
// each, White's pawn..queen in bits 0-19 and Black's in bits 20-39.

// signatureKinds lists the kinds a signature counts, in nibble order.
var signatureKinds = [5]chess.Kind{chess.Pawn, chess.Knight, chess.Bishop, chess.Rook, chess.Queen}

// positionSignature returns the material signature of pos.
func positionSignature(pos *chess.Position) uint64 {
	var s uint64
	for i, k := range signatureKinds {
		s |= uint64(pos.Count(chess.MakePiece(chess.White, k))) << (4 * i)
		s |= uint64(pos.Count(chess.MakePiece(chess.Black, k))) << (20 + 4*i)
	}
	return s
}

// mirrorSignature swaps the colours of a signature.
func mirrorSignature(s uint64) uint64 { return s>>20 | (s&0xfffff)<<20 }

// pieceLetters lists the letters of a table name from the strongest piece
// to the weakest, as names are written.
const pieceLetters = "QRBNP"

// letterKind maps a letter of pieceLetters to its kind.
var letterKind = map[byte]chess.Kind{'Q': chess.Queen, 'R': chess.Rook, 'B': chess.Bishop, 'N': chess.Knight, 'P': chess.Pawn}

// tableFileName splits a file name into a table name and its kind, if it
// is a table file (by its suffix).
func tableFileName(file string) (name string, kind fileKind, ok bool) {
	switch {
	case strings.HasSuffix(file, wdlSuffix):
		return strings.TrimSuffix(file, wdlSuffix), wdlFile, true
	case strings.HasSuffix(file, dtzSuffix):
		return strings.TrimSuffix(file, dtzSuffix), dtzFile, true
	}
	return "", 0, false
}

// sideLetters returns one side's pieces but the king as letters, strongest
// first, from the side's part of a signature.
func sideLetters(s uint64) string {
	var b strings.Builder
	for _, c := range []byte(pieceLetters) {
		k := letterKind[c]
		for n := s >> (4 * (int(k) - 1)) & 15; n > 0; n-- {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// canonicalName returns the name of the table holding signature s: the side
// with more pieces first, or with equal numbers the side whose pieces,
// strongest first, are the stronger.
func canonicalName(s uint64) string {
	w, b := sideLetters(s&0xfffff), sideLetters(s>>20)
	if len(b) > len(w) || len(b) == len(w) && strongerLetters(b, w) {
		w, b = b, w
	}
	return "K" + w + "vK" + b
}

// strongerLetters reports whether piece string a beats b at the first
// difference (both of equal length, strongest first).
func strongerLetters(a, b string) bool {
	for i := range a {
		if a[i] != b[i] {
			return strings.IndexByte(pieceLetters, a[i]) < strings.IndexByte(pieceLetters, b[i])
		}
	}
	return false
}

// parseName returns the signature of a table name such as "KRPvKR" (White's
// pieces first), or false if name is not one.
func parseName(name string) (uint64, bool) {
	white, black, ok := strings.Cut(name, "v")
	if !ok || !strings.HasPrefix(white, "K") || !strings.HasPrefix(black, "K") {
		return 0, false
	}
	var s uint64
	for side, part := range []string{white[1:], black[1:]} {
		for i := 0; i < len(part); i++ {
			k, ok := letterKind[part[i]]
			if !ok {
				return 0, false
			}
			shift := 20*side + 4*(int(k)-1)
			if s>>shift&15 == 15 {
				return 0, false
			}
			s += 1 << shift
		}
	}
	return s, true
}

// newTable returns the table of a file name, or nil if the name is not that
// of a table of 3 to 7 pieces written the way the tables are named.
func newTable(name string) *table {
	key, ok := parseName(name)
	if !ok || key == 0 || canonicalName(key) != name {
		return nil
	}
	t := &table{name: name, key: key, symmetric: key == mirrorSignature(key)}
	var counts [16]int // by chess.Piece: the table's colours
	counts[chess.WKing], counts[chess.BKing] = 1, 1
	for i, k := range signatureKinds {
		counts[chess.MakePiece(chess.White, k)] = int(key >> (4 * i) & 15)
		counts[chess.MakePiece(chess.Black, k)] = int(key >> (20 + 4*i) & 15)
	}
	unique := 0
	for _, n := range counts {
		t.pieces += n
		if n == 1 {
			unique++
		}
	}
	if t.pieces > maxTablePieces {
		return nil
	}
	wp, bp := counts[chess.WPawn], counts[chess.BPawn]
	t.hasPawns = wp+bp > 0
	t.kingPairs = !t.hasPawns && unique == 2
	t.pawns, t.leadPawn = [2]int{wp, bp}, chess.WPawn
	if bp > 0 && (wp == 0 || wp > bp) {
		t.pawns, t.leadPawn = [2]int{bp, wp}, chess.BPawn
	}
	return t
}
