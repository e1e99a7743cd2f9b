package chess

import "testing"

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func BenchmarkPerftStart4(b *testing.B) {
	p := MustParseFEN(StartFEN)
	b.ReportAllocs()
	for b.Loop() {
		p.Perft(4)
	}
}

func BenchmarkPerftKiwipete3(b *testing.B) {
	p := MustParseFEN(kiwipete)
	b.ReportAllocs()
	for b.Loop() {
		p.Perft(3)
	}
}

func BenchmarkGenerateMoves(b *testing.B)    { benchGenerate(b, (*Position).GenerateMoves) }
func BenchmarkGenerateCaptures(b *testing.B) { benchGenerate(b, (*Position).GenerateCaptures) }
func BenchmarkGenerateQuiets(b *testing.B) {
	benchGenerate(b, func(p *Position, ml *MoveList) { ml.N = 0; p.GenerateQuiets(ml) })
}

// benchGenerate times gen, a move generator, in the kiwipete position.
func benchGenerate(b *testing.B, gen func(*Position, *MoveList)) {
	p := MustParseFEN(kiwipete)
	var ml MoveList
	b.ReportAllocs()
	for b.Loop() {
		gen(p, &ml)
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	p := MustParseFEN(kiwipete)
	var ml MoveList
	p.GenerateMoves(&ml)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range ml.Slice() {
			u := p.MakeMove(m)
			p.UnmakeMove(m, u)
		}
	}
}

func BenchmarkIsAttacked(b *testing.B) {
	p := MustParseFEN(kiwipete)
	b.ReportAllocs()
	for b.Loop() {
		for sq := Square(0); sq < 0x78; sq++ {
			if sq.OnBoard() {
				p.IsAttacked(sq, Black)
			}
		}
	}
}

func BenchmarkCountMoves(b *testing.B) {
	p := MustParseFEN(kiwipete)
	b.ReportAllocs()
	for b.Loop() {
		p.CountMoves()
	}
}
