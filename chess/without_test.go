package chess

import "testing"

// TestWithout takes pieces off Kiwipete: the copy has one piece fewer, its
// key equals a recount, p is unchanged, and kings and
// empty squares are refused.
func TestWithout(t *testing.T) {
	p := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	before := p.FEN()
	for _, name := range []string{"e5", "f3", "a8", "h3"} {
		sq, _ := ParseSquare(name)
		pc := p.At(sq)
		q, ok := p.Without(sq)
		if !ok {
			t.Fatalf("%s: refused", name)
		}
		if q.At(sq) != Empty || q.Count(pc) != p.Count(pc)-1 || q.PieceCount(pc.Color()) != p.PieceCount(pc.Color())-1 {
			t.Errorf("%s: piece %v still counted (%d of %d)", name, pc, q.Count(pc), p.Count(pc))
		}
		if q.Key() != q.ComputeKey() {
			t.Errorf("%s: key differs from a recount", name)
		}
	}
	if p.FEN() != before {
		t.Errorf("p changed: %s", p.FEN())
	}
	for _, name := range []string{"e1", "e8", "d4"} {
		sq, _ := ParseSquare(name)
		if _, ok := p.Without(sq); ok {
			t.Errorf("%s: taken off", name)
		}
	}
}
