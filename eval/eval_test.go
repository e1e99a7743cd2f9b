package eval

import (
	"math/rand"
	"testing"

	"ox88/chess"
)

// dataPositions reads the positions of the test data's EPD files.
func dataPositions(t *testing.T) []*chess.Position {
	t.Helper()
	var out []*chess.Position
	for _, name := range []string{"wac.epd", "bk.epd", "perftsuite.epd", "perft-standard.epd"} {
		suite, err := chess.ReadEPDFile("../testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range suite {
			out = append(out, e.Pos)
		}
	}
	return out
}

// TestMirror checks that every data position and its colour mirror score the
// same for the side to move, and that their material and placement totals
// are opposite.
func TestMirror(t *testing.T) {
	positions := dataPositions(t)
	if len(positions) < 400 {
		t.Fatalf("only %d positions read", len(positions))
	}
	for _, pos := range positions {
		fen := pos.FEN()
		mpos := pos.Mirror()
		mfen := mpos.FEN()
		if a, b := Evaluate(pos), Evaluate(mpos); a != b {
			t.Errorf("%s scores %d, its mirror %s scores %d", fen, a, mfen, b)
		}
		if a, b := defaultWeights.pieceSquareTotal(pos), defaultWeights.pieceSquareTotal(mpos); a != -b {
			t.Errorf("%s: total %d/%d, mirror %d/%d", fen, a.MG(), a.EG(), b.MG(), b.EG())
		}
		if a, b := Material(pos), Material(mpos); a != b {
			t.Errorf("%s: material %d, mirror %d", fen, a, b)
		}
	}
}

// TestStartIsBalanced checks the start position is worth the tempo only.
func TestStartIsBalanced(t *testing.T) {
	pos := chess.StartPosition()
	if s := defaultWeights.pieceSquareTotal(pos); s != 0 {
		t.Errorf("start total %d/%d, want 0", s.MG(), s.EG())
	}
	if v := Evaluate(pos); v != tempoBonus.MG() {
		t.Errorf("start evaluates to %d, want the tempo %d", v, tempoBonus.MG())
	}
}

// TestValues checks a few evaluations whose sign is certain.
func TestValues(t *testing.T) {
	for _, tc := range []struct {
		fen      string
		min, max int
	}{
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 800, 2000},         // a queen up
		{"4k3/8/8/8/8/8/8/3QK3 b - - 0 1", -2000, -800},       // the other side's view
		{"4k3/8/8/8/8/8/8/3NK3 w - - 0 1", 0, 40},             // a lone knight cannot win
		{"4k3/4P3/8/8/8/8/8/4K3 w - - 0 1", 150, 400},         // a seventh-rank passer
		{"4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", -1500, -600}, // eight pawns down
	} {
		t.Run(tc.fen, func(t *testing.T) {
			pos, err := chess.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			if v := Evaluate(pos); v < tc.min || v > tc.max {
				t.Errorf("%s: %d, want %d..%d", tc.fen, v, tc.min, tc.max)
			}
		})
	}
}

// pickWeighted chooses a move, favouring castling, en passant and
// promotion so that the drift test meets them often.
func pickWeighted(rng *rand.Rand, ml *chess.MoveList) chess.Move {
	for _, m := range ml.Slice() {
		if (m.IsCastle() || m.IsEnPassant() || m.IsPromotion()) && rng.Intn(4) != 0 {
			return m
		}
	}
	if rng.Intn(3) == 0 { // captures and pawn pushes keep games moving toward promotion
		for _, m := range ml.Slice() {
			if m.IsCapture() || m.IsDoublePush() {
				return m
			}
		}
	}
	return ml.Moves[rng.Intn(ml.N)]
}

// TestDrift plays random games rich in castling, en passant and promotion;
// after every make, unmake and redo the evaluation must equal that of the
// same position read afresh from its FEN: make and unmake reorder the
// piece lists the evaluation reads, and the order must not matter.
func TestDrift(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	games := 300
	if testing.Short() {
		games = 60
	}
	var special [3]int
	for g := 0; g < games; g++ {
		pos := chess.StartPosition()
		type played struct {
			m chess.Move
			u chess.Undo
		}
		var line []played
		check := func(when string) {
			if a, b := Evaluate(pos), Evaluate(chess.MustParseFEN(pos.FEN())); a != b {
				t.Fatalf("game %d, %s, %s: %d, read afresh %d", g, when, pos.FEN(), a, b)
			}
		}
		var ml chess.MoveList
		for ply := 0; ply < 200; ply++ {
			pos.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			m := pickWeighted(rng, &ml)
			switch {
			case m.IsCastle():
				special[0]++
			case m.IsEnPassant():
				special[1]++
			case m.IsPromotion():
				special[2]++
			}
			u := pos.MakeMove(m)
			check("after make " + m.String())
			pos.UnmakeMove(m, u)
			check("after unmake " + m.String())
			u = pos.MakeMove(m)
			check("after redo " + m.String())
			line = append(line, played{m, u})
		}
		// Undo the whole game, then redo it.
		for i := len(line) - 1; i >= 0; i-- {
			pos.UnmakeMove(line[i].m, line[i].u)
			check("undoing the game")
		}
		for _, p := range line {
			pos.MakeMove(p.m)
			check("redoing the game")
		}
	}
	if special[0] == 0 || special[1] == 0 || special[2] == 0 {
		t.Errorf("castles %d, en passant %d, promotions %d: every kind must occur", special[0], special[1], special[2])
	}
	t.Logf("castles %d, en passant %d, promotions %d", special[0], special[1], special[2])
}

func BenchmarkEvaluate(b *testing.B) {
	pos, _ := chess.ParseFEN("r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10")
	for i := 0; i < b.N; i++ {
		Evaluate(pos)
	}
}

// TestTerms: Evaluate is the evaluation with all terms, and a set without
// the tempo scores the start position 0.
func TestTerms(t *testing.T) {
	pos := chess.StartPosition()
	if a, b := Evaluate(pos), AllTerms.Evaluate(pos); a != b {
		t.Errorf("Evaluate %d, AllTerms.Evaluate %d", a, b)
	}
	noTempo := AllTerms.With(TermTempo, false)
	if v := noTempo.Evaluate(pos); v != 0 || noTempo.Has(TermTempo) || !noTempo.With(TermTempo, true).Has(TermTempo) {
		t.Errorf("without the tempo the start evaluates to %d, want 0", v)
	}
	for tm := Term(0); tm < NumTerms; tm++ {
		if got, ok := ParseTerm(tm.String()); !ok || got != tm || tm.Doc() == "" {
			t.Errorf("term %d: name %q parses to %d, %v; doc %q", tm, tm, got, ok, tm.Doc())
		}
	}
}

// TestEvaluateAllocs: an evaluation allocates nothing, with all terms or some.
func TestEvaluateAllocs(t *testing.T) {
	pos := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	some := AllTerms.With(TermMobility, false)
	if n := testing.AllocsPerRun(100, func() { Evaluate(pos); some.Evaluate(pos) }); n != 0 {
		t.Errorf("%v allocations per evaluation", n)
	}
}
