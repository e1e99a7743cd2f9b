package chess

import "strings"

// Mirror returns the colour-mirrored twin of p: the board flipped top to
// bottom with the colours swapped, the other side to move, and the
// castling rights and en-passant square flipped with it. Every evaluation
// must score the twin for its side to move exactly as p for p's (see the
// design rules), which is what the mirror tests check.
func (p *Position) Mirror() *Position {
	f := strings.Fields(p.FEN())
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	f[0] = swapCase(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" { // White's rights (Black's before the swap) come first
		c := swapCase(f[2])
		i := strings.IndexFunc(c, func(r rune) bool { return r < 'a' })
		if i < 0 {
			i = len(c)
		}
		f[2] = c[i:] + c[:i]
	}
	if ep := f[3]; ep != "-" {
		f[3] = ep[:1] + string('1'+'8'-ep[1])
	}
	m := MustParseFEN(strings.Join(f, " "))
	m.chess960 = p.chess960
	return m
}

// swapCase turns FEN letters of one colour into the other's.
func swapCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 32
		case c >= 'A' && c <= 'Z':
			b[i] = c + 32
		}
	}
	return string(b)
}
