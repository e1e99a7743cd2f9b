package chess

import (
	"testing"
)

// checkCounts counts the moves that give check, by kind, so that a test
// can see that every kind was met.
type checkCounts struct {
	moves, checks, enPassant, castling, promotion, king int
}

// compareGivesCheck walks the legal move tree of p to depth and, for
// every move of every node, compares GivesCheck with MakeMove and InCheck.
// It returns the number of nodes visited.
func compareGivesCheck(t *testing.T, p *Position, depth int, c *checkCounts) int {
	t.Helper()
	var ml MoveList
	p.GenerateMoves(&ml)
	nodes := 1
	for _, m := range ml.Moves[:ml.N] {
		pc := p.At(m.From())
		predicted := p.GivesCheck(m)
		u := p.MakeMove(m)
		got := p.InCheck()
		c.moves++
		if got {
			c.checks++
			switch {
			case m.IsEnPassant():
				c.enPassant++
			case m.IsCastle():
				c.castling++
			case m.IsPromotion():
				c.promotion++
			case pc.Kind() == King:
				c.king++
			}
		}
		if predicted != got {
			p.UnmakeMove(m, u)
			t.Fatalf("%s: GivesCheck(%s) = %v, MakeMove and InCheck say %v", p.FEN(), m, predicted, got)
		}
		if depth > 1 {
			nodes += compareGivesCheck(t, p, depth-1, c)
		}
		p.UnmakeMove(m, u)
	}
	return nodes
}

// TestGivesCheckOverPerftTrees compares GivesCheck with making the move and
// asking InCheck, at every node of perft trees: the standard suites (Kiwipete
// and the promotion and en-passant positions among them), every Chess960
// start of testdata (castling of every kind), and positions built for the
// rare checks: en passant that uncovers a rook or bishop (through either
// pawn's square), castling that checks with the rook, promotions that check
// along the line the pawn leaves, and discovered checks by the king.
func TestGivesCheckOverPerftTrees(t *testing.T) {
	budget := 3_000_000 // moves compared
	if testing.Short() {
		budget = 300_000
	}
	var c checkCounts
	visited := 0
	for _, file := range []string{"../testdata/perft-standard.epd", "../testdata/perftsuite.epd"} {
		suite, err := ReadEPDFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range suite {
			if c.moves <= budget {
				visited += compareGivesCheck(t, e.Pos, 3, &c)
			}
		}
	}
	suite, err := ReadEPDFile("../testdata/chess960.epd")
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range suite {
		switch {
		case i%8 == 0:
			visited += compareGivesCheck(t, e.Pos, 3, &c)
		case !testing.Short():
			visited += compareGivesCheck(t, e.Pos, 2, &c)
		}
	}
	for _, fen := range []string{
		"8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1",  // exd6 e.p. opens the fifth rank
		"8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",  // the same from the other side
		"6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 1", // the victim's square opens a diagonal
		"7k/8/8/3pP3/8/8/8/B3K3 w - d6 0 1",  // the capturer's square opens a diagonal
		"4k3/8/8/8/r2Pp2K/8/8/8 b - d3 0 1",  // Black takes e.p.: both pawns leave the rank
		"4k3/b7/8/8/3Pp3/8/8/6K1 b - d3 0 1", // Black's victim square opens a diagonal
		"5k2/8/8/8/8/8/8/4K2R w K - 0 1",     // O-O checks on the f-file
		"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",     // O-O-O checks on the d-file
		"r3k3/8/8/8/8/8/8/3K4 b q - 0 1",     // Black's O-O-O checks
		"3k4/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", // Chess960 castling: the rook lands on d1
		"8/8/8/8/8/8/8/k1KR4 w D - 0 1",      // O-O: the rook checks along the squares king and rook left
		"3r4/4P3/8/6k1/8/8/8/K7 w - - 0 1",   // exd8=Q and exd8=B check through e7
		"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",    // b8=Q and b8=R check along the rank
		"8/8/8/8/k1K4R/8/8/8 w - - 0 1",      // the king steps off the rank: discovered
		"6k1/8/8/8/8/8/6PP/R5K1 w - - 0 1",   // Ra8 checks on the back rank
		"rnbqk2r/pppp1ppp/5n2/4p3/1bB1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		visited += compareGivesCheck(t, p, 4, &c)
	}
	t.Logf("%d nodes, %d moves, %d checks (%d en passant, %d castling, %d promotions, %d by the king)",
		visited, c.moves, c.checks, c.enPassant, c.castling, c.promotion, c.king)
	if c.enPassant == 0 || c.castling == 0 || c.promotion == 0 || c.king == 0 {
		t.Errorf("a kind of check was never met: %+v", c)
	}
}

// BenchmarkGivesCheck asks GivesCheck of every move of Kiwipete.
func BenchmarkGivesCheck(b *testing.B) {
	p := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	p.GenerateMoves(&ml)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, m := range ml.Moves[:ml.N] {
			if p.GivesCheck(m) {
				n++
			}
		}
	}
	_ = n
}
