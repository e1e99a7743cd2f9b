package syzygy

// The index of a position inside a table. Squares here are 0..63 with
// a1 = 0, b1 = 1, ..., h8 = 63 (rank*8 + file), the numbering the files use.

// maxTablePieces is the largest number of pieces a Syzygy table holds.
const maxTablePieces = 7

// Placements of the leading group of a pawnless table: the two kings when
// every other piece comes at least in pairs, else the first three pieces.
const (
	kingPairPlacements = 462   // two kings, first one in the triangle
	triplePlacements   = 31332 // three unique pieces, first one in the triangle
)

// Tables computed once from the geometry (init below).
var (
	// binomial[k][n] is n choose k.
	binomial [maxTablePieces + 1][64]uint64

	// triangle numbers the squares of the a1-d1-d4 triangle, folded from
	// every square of the board: the six squares off the diagonal (b1 c1 d1
	// c2 d2 d3) are 0..5, the diagonal squares a1 b2 c3 d4 are 6..9.
	triangle [64]int

	// lower numbers the 28 squares below the a1-h8 diagonal (file > rank)
	// 0..27 rank by rank, and their mirror images across the diagonal the
	// same; the diagonal itself is 28..35.
	lower [64]int

	// diagonal numbers the a1-h8 diagonal 0..7 (and, unused, the a8-h1
	// diagonal 8..15).
	diagonal [64]int

	// kingPair[triangle[k1]][k2] numbers the 462 placements of two kings
	// that are not in contact, the first one in the triangle; -1 marks the
	// placements that never occur after the mirroring.
	kingPair [10][64]int

	// pawnFlap numbers a leading pawn's square file by file (a2..a7 are
	// 0..5, b2..b7 6..11, up to d7 = 23), files e-h mirrored onto d-a.
	pawnFlap [64]int

	// pawnTwist numbers the pawn squares of ranks 2-7 0..47, central files
	// and high ranks first; the other leading pawns take the squares below
	// the leading one in this order.
	pawnTwist [64]int

	// pawnIndex[k-1][flap] is where the placements of k leading pawns with
	// the first on flap begin within its file, and pawnFileSize[k-1][f] the
	// number of such placements with the first pawn on file f (0..3).
	pawnIndex    [6][24]uint64
	pawnFileSize [6][4]uint64
)

// offDiagonal returns 0 for a square on the a1-h8 diagonal, 1 above it
// (rank > file) and -1 below it.
func offDiagonal(sq int) int {
	switch r, f := sq>>3, sq&7; {
	case r > f:
		return 1
	case r < f:
		return -1
	}
	return 0
}

// flipDiagonal mirrors sq across the a1-h8 diagonal.
func flipDiagonal(sq int) int { return (sq&7)<<3 | sq>>3 }

// foldFile maps files a-h onto 0 1 2 3 3 2 1 0.
func foldFile(file int) int { return min(file, 7-file) }

// kingsTouch reports whether two kings on a and b are on the same square or
// next to each other.
func kingsTouch(a, b int) bool {
	dr, df := a>>3-b>>3, a&7-b&7
	return dr >= -1 && dr <= 1 && df >= -1 && df <= 1
}

func init() {
	for k := range binomial {
		for n := range binomial[k] {
			c := uint64(1)
			for i := 0; i < k; i++ {
				c = c * uint64(n-i) / uint64(i+1)
			}
			if n < k {
				c = 0
			}
			binomial[k][n] = c
		}
	}

	// The triangle, in the order b1 c1 d1 c2 d2 d3, then a1 b2 c3 d4.
	inTriangle := [10]int{1, 2, 3, 10, 11, 19, 0, 9, 18, 27}
	var triangleOf [64]int
	for i, sq := range inTriangle {
		triangleOf[sq] = i
	}
	for sq := range 64 {
		r, f := sq>>3, sq&7
		if f > 3 {
			f = 7 - f
		}
		if r > 3 {
			r = 7 - r
		}
		if r > f {
			r, f = f, r
		}
		triangle[sq] = triangleOf[r*8+f]
	}

	n := 0
	for r := range 8 {
		for f := r + 1; f < 8; f++ {
			lower[r*8+f], lower[f*8+r] = n, n
			n++
		}
	}
	for i := range 8 {
		lower[i*9] = 28 + i
		diagonal[i*9] = i
		diagonal[i*8+7-i] = 8 + i
	}

	// Kings: the first one off the diagonal takes any second square; the
	// first one on the diagonal takes a second one below the diagonal, and
	// the placements with both on the diagonal come last.
	n = 0
	for t, k1 := range inTriangle {
		for k2 := range 64 {
			kingPair[t][k2] = -1
			if !kingsTouch(k1, k2) && (t < 6 || offDiagonal(k2) < 0) {
				kingPair[t][k2] = n
				n++
			}
		}
	}
	for t, k1 := range inTriangle[6:] {
		for i := range 8 {
			if k2 := i * 9; !kingsTouch(k1, k2) {
				kingPair[6+t][k2] = n
				n++
			}
		}
	}

	for sq := 8; sq < 56; sq++ {
		r, f := sq>>3, sq&7
		pawnFlap[sq] = foldFile(f)*6 + r - 1
		pawnTwist[sq] = 12*(3-foldFile(f)) + 2*(6-r)
		if f < 4 {
			pawnTwist[sq]++
		}
	}
	for k := range 6 {
		for f := range 4 {
			var s uint64
			for r := 1; r <= 6; r++ {
				pawnIndex[k][f*6+r-1] = s
				s += binomial[k][pawnTwist[r*8+f]]
			}
			pawnFileSize[k][f] = s
		}
	}
}

// leadingPawn moves the leading pawn (the one on the lowest pawnFlap, the
// earliest in square order among equals) to p[0] of the k leading pawns
// and returns its folded file, the number of the sub-table.
func leadingPawn(p []int, k int) int {
	for i := 1; i < k; i++ {
		if pawnFlap[p[i]] < pawnFlap[p[0]] {
			p[0], p[i] = p[i], p[0]
		}
	}
	return foldFile(p[0] & 7)
}

// index returns the position's index in sub-table e. p holds the squares
// of the pieces in e.pieces order, each group of like pieces in ascending
// square order, the leading pawn first (leadingPawn); index rearranges p.
// ok is false for a placement the table cannot hold (two kings in contact).
func (e *encoding) index(p []int, t *table) (idx uint64, ok bool) {
	n := len(p)
	if p[0]&4 != 0 { // files e-h: mirror left to right
		for i := range p {
			p[i] ^= 7
		}
	}
	var k int
	if !t.hasPawns {
		if p[0]&0x20 != 0 { // ranks 5-8: mirror top to bottom
			for i := range p {
				p[i] ^= 0x38
			}
		}
		lead := 3
		if t.kingPairs {
			lead = 2
		}
		// The first piece off the diagonal decides the diagonal mirror.
		for i := range p {
			if d := offDiagonal(p[i]); d != 0 {
				if d > 0 && i < lead {
					for j := range p {
						p[j] = flipDiagonal(p[j])
					}
				}
				break
			}
		}
		if t.kingPairs {
			v := kingPair[triangle[p[0]]][p[1]]
			if v < 0 {
				return 0, false
			}
			idx, k = uint64(v), 2
		} else {
			idx, k = tripleIndex(p[0], p[1], p[2]), 3
		}
	} else {
		k = t.pawns[0]
		// The other leading pawns, highest pawnTwist first (insertion sort:
		// a handful of entries, and sort.Slice would allocate).
		for i := 2; i < k; i++ {
			for j := i; j > 1 && pawnTwist[p[j]] > pawnTwist[p[j-1]]; j-- {
				p[j], p[j-1] = p[j-1], p[j]
			}
		}
		idx = pawnIndex[k-1][pawnFlap[p[0]]]
		for i := 1; i < k; i++ {
			idx += binomial[k-i][pawnTwist[p[i]]]
		}
	}
	idx *= e.factor[0]
	if m := t.pawns[1]; m > 0 {
		idx += combination(p, k, k+m, 8) * e.factor[k]
		k += m
	}
	for k < n {
		end := k + e.group[k]
		idx += combination(p, k, end, 0) * e.factor[k]
		k = end
	}
	return idx, true
}

// combination numbers the placement of the like pieces p[k:end] on the
// squares that p[:k] leave free, counting from square base (8 for pawns,
// which never stand on the first rank): the combinatorial number system.
func combination(p []int, k, end, base int) uint64 {
	g := p[k:end]
	for i := 1; i < len(g); i++ {
		for j := i; j > 0 && g[j] < g[j-1]; j-- {
			g[j], g[j-1] = g[j-1], g[j]
		}
	}
	var s uint64
	for i, sq := range g {
		skips := 0
		for _, q := range p[:k] {
			if sq > q {
				skips++
			}
		}
		s += binomial[i+1][sq-skips-base]
	}
	return s
}

// tripleIndex numbers three unique pieces, the first in the triangle and,
// when pieces lie on the diagonal, the next ones on or below it.
func tripleIndex(a, b, c int) uint64 {
	var sb, sc int // squares taken below b and c
	if b > a {
		sb = 1
	}
	if c > a {
		sc++
	}
	if c > b {
		sc++
	}
	switch {
	case offDiagonal(a) != 0:
		return uint64(triangle[a]*63*62 + (b-sb)*62 + c - sc)
	case offDiagonal(b) != 0:
		return uint64(6*63*62 + diagonal[a]*28*62 + lower[b]*62 + c - sc)
	case offDiagonal(c) != 0:
		return uint64(6*63*62 + 4*28*62 + diagonal[a]*7*28 + (diagonal[b]-sb)*28 + lower[c])
	}
	return uint64(6*63*62 + 4*28*62 + 4*7*28 + diagonal[a]*7*6 + (diagonal[b]-sb)*6 + diagonal[c] - sc)
}
