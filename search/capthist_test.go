package search

import (
	"testing"

	"ox88/chess"
)

// captHistSearcher returns a searcher with capture history on, set to fen.
func captHistSearcher(fen string) *Searcher {
	s := NewSearcher(1)
	o := DefaultOptions()
	o.CaptHist = true
	s.SetOptions(o)
	s.pos = *chess.MustParseFEN(fen)
	return s
}

// TestHasCaptureHistory: captures (en passant too) and queen promotions
// have capture history; quiet moves and underpromotions do not.
func TestHasCaptureHistory(t *testing.T) {
	pos := chess.MustParseFEN("r3k3/1P6/8/3pP3/8/8/5n2/4K3 w - d6 0 1")
	for _, c := range []struct {
		move string
		want bool
	}{
		{"e1f2", true}, {"e5d6", true}, {"b7b8q", true}, {"b7a8q", true},
		{"e1d2", false}, {"b7b8n", false}, {"b7a8n", false}, {"b7a8r", false},
	} {
		if got := hasCaptureHistory(uci(t, pos, c.move)); got != c.want {
			t.Errorf("%s: hasCaptureHistory %v, want %v", c.move, got, c.want)
		}
	}
}

// TestCaptureHistoryOrders: the entry over captHistDivisor is added to
// MVV-LVA, so it decides between captures of equal victims, and a pawn's
// capture at the top of the history still comes after a knight's at the
// bottom.
func TestCaptureHistoryOrders(t *testing.T) {
	const knightTakes = scoreGoodCapture - int(chess.Knight) // a good capture by a knight, before victim×8
	for _, c := range []struct {
		fen              string
		b5, d5           chess.Kind // the victims
		b5Entry, d5Entry int16
		b5Score, d5Score int
		first            string
		b5Plain, d5Plain int // with capture history off
	}{
		{"4k3/8/8/1p1p4/8/2N5/8/4K3 w - - 0 1", chess.Pawn, chess.Pawn, 0, historyMax,
			knightTakes + 800, knightTakes + 800 + historyMax/captHistDivisor, "c3d5", knightTakes + 800, knightTakes + 800},
		{"4k3/8/8/1n1p4/8/2N5/8/4K3 w - - 0 1", chess.Knight, chess.Pawn, -historyMax, historyMax,
			knightTakes + 2560 - historyMax/captHistDivisor, knightTakes + 800 + historyMax/captHistDivisor, "c3b5", knightTakes + 2560, knightTakes + 800},
	} {
		s := captHistSearcher(c.fen)
		b5, d5 := uci(t, &s.pos, "c3b5"), uci(t, &s.pos, "c3d5")
		s.captHist[chess.WKnight][b5.To().Index64()][c.b5] = c.b5Entry
		s.captHist[chess.WKnight][d5.To().Index64()][c.d5] = c.d5Entry
		for _, on := range []bool{true, false} {
			s.opt.CaptHist = on
			st := &s.stack[0]
			s.pos.GenerateMoves(&st.moves)
			s.scoreMoves(0, chess.NoMove)
			score := map[chess.Move]int{}
			for i := 0; i < st.moves.N; i++ {
				score[st.moves.Moves[i]] = int(st.scores[i])
			}
			wantB5, wantD5 := c.b5Plain, c.d5Plain
			if on {
				wantB5, wantD5 = c.b5Score, c.d5Score
			}
			if score[b5] != wantB5 || score[d5] != wantD5 {
				t.Errorf("%s, capthist %v: Nxb5 %d, Nxd5 %d; want %d, %d", c.fen, on, score[b5], score[d5], wantB5, wantD5)
			}
			if m := s.pickMove(0, 0); on && m.String() != c.first {
				t.Errorf("%s: %s ordered first, want %s", c.fen, m, c.first)
			}
		}
	}
}

// TestCaptureHistoryBands: whatever the capture history holds, a capture
// moves by exactly its entry over captHistDivisor and stays in its band:
// a good capture (or queen promotion) before the killers, a losing one
// after every quiet move (whose scores are within ±3·historyMax).
func TestCaptureHistoryBands(t *testing.T) {
	for _, fen := range sharpFENs {
		for _, fill := range []int16{historyMax, -historyMax} {
			s := captHistSearcher(fen)
			st := &s.stack[0]
			s.pos.GenerateMoves(&st.moves)
			s.opt.CaptHist = false
			s.scoreMoves(0, chess.NoMove)
			plain := st.scores
			for i := range s.captHist {
				for j := range s.captHist[i] {
					for k := range s.captHist[i][j] {
						s.captHist[i][j][k] = fill
					}
				}
			}
			s.opt.CaptHist = true
			s.scoreMoves(0, chess.NoMove)
			for i := 0; i < st.moves.N; i++ {
				m, got, base := st.moves.Moves[i], int(st.scores[i]), int(plain[i])
				want := base
				if hasCaptureHistory(m) {
					want += int(fill) / captHistDivisor
				}
				if got != want || (got > scoreKiller1) != (base > scoreKiller1) || (got < -3*historyMax) != (base < -3*historyMax) {
					t.Errorf("%s, entries %d: %s scored %d, want %d (%d without capture history)", fen, fill, m, got, want, base)
				}
			}
		}
	}
}

// TestUpdateCaptureHistory: a capture that cuts off gains depth², the
// captures tried before it lose as much, quiet moves and killers are left
// alone, and so is the move the singular search left out.
func TestUpdateCaptureHistory(t *testing.T) {
	s := captHistSearcher("4k3/8/8/1n1p4/8/2N5/8/4K3 w - - 0 1")
	nxb5, nxd5, kd2 := uci(t, &s.pos, "c3b5"), uci(t, &s.pos, "c3d5"), uci(t, &s.pos, "e1d2")
	st := &s.stack[0]
	st.moves.N = 3
	st.moves.Moves[0], st.moves.Moves[1], st.moves.Moves[2] = nxd5, kd2, nxb5
	b5 := &s.captHist[chess.WKnight][nxb5.To().Index64()][chess.Knight]
	d5 := &s.captHist[chess.WKnight][nxd5.To().Index64()][chess.Pawn]
	for _, c := range []struct {
		depth, tried int
		excluded     chess.Move
		b5, d5       int16
	}{
		{3, 3, chess.NoMove, 9, -9},
		{100, 3, chess.NoMove, 4103, -4103}, // bonus min(depth², historyMax/4): 9 + 4096 − 9·4096/historyMax
		{2, 3, nxd5, 4106, -4103},           // 4103 + 4 − 4103·4/historyMax; Nxd5 was not tried
	} {
		st.excluded = c.excluded
		s.updateCaptureHistory(0, c.depth, nxb5, c.tried)
		if *b5 != c.b5 || *d5 != c.d5 {
			t.Errorf("depth %d, %d tried: Nxb5 %d, Nxd5 %d; want %d, %d", c.depth, c.tried, *b5, *d5, c.b5, c.d5)
		}
	}
	if s.history != [16][128]int32{} || st.killers != [2]chess.Move{} {
		t.Errorf("quiet history or killers changed: killers %v", st.killers)
	}
}

// TestCaptureHistoryLearns: a search with capture history fills the table,
// one without leaves it empty, and Clear empties it.
func TestCaptureHistoryLearns(t *testing.T) {
	pos := chess.MustParseFEN(sharpFENs[0])
	for _, on := range []bool{false, true} {
		s := NewSearcher(4)
		o := DefaultOptions()
		o.CaptHist = on
		s.SetOptions(o)
		s.Search(pos, nil, Limits{Depth: 6}, nil, nil)
		if learnt := s.captHist != (captHistTable{}); learnt != on {
			t.Errorf("capthist %v: the table learnt %v", on, learnt)
		}
		s.Clear()
		if s.captHist != (captHistTable{}) {
			t.Error("Clear left the capture history")
		}
	}
}
