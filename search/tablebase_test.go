package search

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"ox88/chess"
	"ox88/syzygy"
)

// openTestTables opens the repository's 3- and 4-piece tables.
func openTestTables(t testing.TB) *syzygy.Tablebases {
	t.Helper()
	tb, err := syzygy.Open("../testdata/syzygy")
	if err != nil || tb.MaxPieces() != 4 {
		t.Fatalf("tables: %v (up to %d pieces)", err, tb.MaxPieces())
	}
	return tb
}

// goldenCase is a position of testdata/syzygy-golden.txt (fathom's WDL
// and DTZ with the halfmove clock at 0) with the halfmove clock the test
// gives it and the verdict the fifty-move rule then makes of it.
type goldenCase struct {
	fen  string
	want TBVerdict
}

// verdictFromDTZ is the fifty-move rule's verdict on a position of DTZ
// dtz (plies, negative when losing) with clock plies since the last
// zeroing move.
func verdictFromDTZ(dtz, clock int) TBVerdict {
	switch {
	case dtz > 0 && dtz+clock <= 100:
		return VerdictWin
	case dtz > 0:
		return VerdictCursedWin
	case dtz < 0 && -dtz+clock <= 100:
		return VerdictLoss
	case dtz < 0:
		return VerdictBlessedLoss
	}
	return VerdictDraw
}

// goldenCases returns every step-th position of the golden file, both
// sides to move. Every third won or lost one with a DTZ of 10 plies or
// more is given a halfmove clock 6 plies past what its DTZ allows (a
// cursed win or blessed loss), every third other one a clock 6 plies
// short of it (still a win or loss).
func goldenCases(t *testing.T, step int) []goldenCase {
	f, err := os.Open("../testdata/syzygy-golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []goldenCase
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan(); n++ {
		if n%step != 0 {
			continue
		}
		parts := strings.Split(sc.Text(), ";")
		dtz, err := strconv.Atoi(parts[2])
		if len(parts) != 3 || err != nil {
			t.Fatalf("golden line %d: %q", n+1, sc.Text())
		}
		clock, k := 0, len(cases)
		if d := max(dtz, -dtz); d >= 10 && k%3 != 0 {
			clock = 100 - d + 6
			if k%3 == 2 {
				clock = max(0, 100-d-6)
			}
		}
		fen := strings.Replace(parts[0], " - 0 1", fmt.Sprintf(" - %d 1", clock), 1)
		cases = append(cases, goldenCase{fen, verdictFromDTZ(dtz, clock)})
	}
	return cases
}

// scoreFits reports whether a root score agrees with the tables' verdict:
// a win is TBWin or a mate, a loss their negation, a draw 0, a cursed win
// 1 to 49 centipawns and a blessed loss -1 to -49.
func scoreFits(score int, v TBVerdict) bool {
	switch v {
	case VerdictWin:
		return score == TBWin || MateIn(score) > 0
	case VerdictLoss:
		return score == -TBWin || MateIn(score) < 0
	case VerdictCursedWin:
		return score >= 1 && score <= 49
	case VerdictBlessedLoss:
		return score <= -1 && score >= -49
	}
	return score == 0
}

// TestTablebaseRootScores: at depth 2, the root score of 116 positions of
// 3 and 4 pieces (half of them Black to move; a third of the won and lost
// ones with a halfmove clock that makes them cursed wins and blessed
// losses) is the tables' verdict, with Stockfish's scores, and every
// report says which verdict it is.
func TestTablebaseRootScores(t *testing.T) {
	tb := openTestTables(t)
	s := NewSearcher(4)
	s.SetTablebases(tb)
	cases := goldenCases(t, 25)
	var black int
	count := map[TBVerdict]int{}
	wrong := 0
	for _, c := range cases {
		pos := chess.MustParseFEN(c.fen)
		if pos.SideToMove() == chess.Black {
			black++
		}
		var last Info
		r := s.Search(pos, nil, Limits{Depth: 2}, nil, func(i Info) {
			if i.CurrMove == chess.NoMove {
				last = i
			}
		})
		count[c.want]++
		if !scoreFits(r.Score, c.want) || !scoreFits(last.Score, c.want) || last.TB != c.want || r.Info.TB != c.want {
			wrong++
			t.Errorf("%s: want %v, got score %d (report %d, %v)", c.fen, c.want, r.Score, last.Score, last.TB)
		}
	}
	if len(cases) < 100 || black < 40 || count[VerdictCursedWin] == 0 || count[VerdictBlessedLoss] == 0 ||
		count[VerdictWin] == 0 || count[VerdictLoss] == 0 || count[VerdictDraw] == 0 {
		t.Errorf("the sample is too narrow: %d positions, %d Black to move, verdicts %v", len(cases), black, count)
	}
	t.Logf("%d positions (%d Black to move), verdicts %v: %d root scores contradict the tables", len(cases), black, count, wrong)
}

// TestTablebaseOptions: Syzygy50MoveRule off makes a cursed win a win;
// SyzygyProbeLimit 0 leaves the tables unasked.
func TestTablebaseOptions(t *testing.T) {
	s := NewSearcher(4)
	s.SetTablebases(openTestTables(t))
	cursed := chess.MustParseFEN("8/8/8/4k3/8/8/8/R3K3 w - - 80 1") // DTZ 27
	r := s.Search(cursed, nil, Limits{Depth: 2}, nil, nil)
	if r.Info.TB != VerdictCursedWin || !scoreFits(r.Score, VerdictCursedWin) {
		t.Errorf("cursed KRvK: %v, score %d", r.Info.TB, r.Score)
	}
	o := DefaultTablebaseOptions()
	o.Rule50 = false
	s.SetTablebaseOptions(o)
	r = s.Search(cursed, nil, Limits{Depth: 2}, nil, nil)
	if r.Info.TB != VerdictWin || r.Score != TBWin {
		t.Errorf("cursed KRvK, no fifty-move rule: %v, score %d", r.Info.TB, r.Score)
	}
	if got, b := tbScore(syzygy.CursedWin, 3, false); got != TBWin-3 || b != BoundLower {
		t.Errorf("tbScore(cursed win, no rule) = %d, %v", got, b)
	}
	if got, b := tbScore(syzygy.BlessedLoss, 3, true); got != -1 || b != BoundExact {
		t.Errorf("tbScore(blessed loss) = %d, %v", got, b)
	}
	o.ProbeLimit = 0
	s.SetTablebaseOptions(o)
	r = s.Search(cursed, nil, Limits{Depth: 2}, nil, nil)
	if r.Info.TB != NoVerdict || IsTBWin(r.Score) || r.Info.TBHits != 0 {
		t.Errorf("probe limit 0: %v, score %d, %d tbhits", r.Info.TB, r.Score, r.Info.TBHits)
	}
	if w, d, l, ok := VerdictBlessedLoss.WDL(); !ok || w != 0 || d != 1000 || l != 0 {
		t.Errorf("blessed loss: wdl %d %d %d", w, d, l)
	}
	if _, _, _, ok := NoVerdict.WDL(); ok {
		t.Errorf("NoVerdict has a WDL")
	}
	if v := VerdictCursedWin.Negate(); v != VerdictBlessedLoss || v.String() != "tablebase blessed loss" || NoVerdict.Negate() != NoVerdict {
		t.Errorf("Negate: %v", v)
	}
}

// playKRvK plays ox88 with the tables (the rook's side, depth 3) against
// the tables' best defence (the move that puts the zeroing move furthest
// away) from fen, and returns the plies it took to mate, or an error when
// the fifty-move rule or a threefold repetition came first.
func playKRvK(t *testing.T, s *Searcher, tb *syzygy.Tablebases, fen string) (int, error) {
	pos := chess.MustParseFEN(fen)
	var history []uint64
	seen := map[uint64]int{}
	for ply := 0; ; ply++ {
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if ml.N == 0 {
			if pos.InCheck() && pos.SideToMove() == chess.Black {
				return ply, nil
			}
			return ply, fmt.Errorf("stalemate after %d plies: %s", ply, pos.FEN())
		}
		if pos.HalfmoveClock() >= 100 {
			return ply, fmt.Errorf("fifty-move rule after %d plies: %s", ply, pos.FEN())
		}
		if seen[pos.Key()]++; seen[pos.Key()] == 3 {
			return ply, fmt.Errorf("threefold repetition after %d plies: %s", ply, pos.FEN())
		}
		var m chess.Move
		if pos.SideToMove() == chess.White {
			m = s.Search(pos, history, Limits{Depth: 3}, nil, nil).Move
		} else {
			ranked, _, _, err := tb.ProbeRoot(pos)
			if err != nil {
				t.Fatal(err)
			}
			if ranked[0].WDL >= syzygy.Draw {
				return ply, fmt.Errorf("the win is spoilt after %d plies: %s", ply, pos.FEN())
			}
			best := ranked[0]
			for _, r := range ranked {
				if r.Rank == best.Rank && r.DTZ < best.DTZ {
					best = r
				}
			}
			m = best.Move
		}
		history = append(history, pos.Key())
		pos.MakeMove(m)
	}
}

// TestTablebaseKRvK: from the rook's side, ox88 with the tables mates the
// tables' best defence within the fifty-move rule, both from a halfmove
// clock of 0 and from one that leaves it no ply to spare (DTZ 27 plus a
// clock of 72 is 99: every move must keep to the shortest way to mate).
func TestTablebaseKRvK(t *testing.T) {
	tb := openTestTables(t)
	s := NewSearcher(4)
	s.SetTablebases(tb)
	for _, fen := range []string{"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "8/8/8/4k3/8/8/8/R3K3 w - - 72 1"} {
		plies, err := playKRvK(t, s, tb, fen)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		t.Logf("%s: mate after %d plies", fen, plies)
	}
}

// TestTablebaseRepetition: once the root position has occurred before
// since the last zeroing move, a won root is played by the shortest
// distance to zeroing (Stockfish's rule), so that a game cannot go round
// in circles among moves that all keep the win.
func TestTablebaseRepetition(t *testing.T) {
	tb := openTestTables(t)
	pos := chess.MustParseFEN("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
	var history []uint64
	for _, u := range []string{"e1e2", "e5e6", "e2e1", "e6e5"} {
		m, err := pos.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		history = append(history, pos.Key())
		pos.MakeMove(m)
	}
	ranked, _, _, err := tb.ProbeRoot(pos)
	if err != nil {
		t.Fatal(err)
	}
	fastest := map[chess.Move]bool{}
	best := ranked[0].DTZ
	for _, r := range ranked {
		if r.DTZ > 0 && r.DTZ < best {
			best = r.DTZ
		}
	}
	for _, r := range ranked {
		if r.DTZ == best {
			fastest[r.Move] = true
		}
	}
	s := NewSearcher(4)
	s.SetTablebases(tb)
	r := s.Search(pos, history, Limits{Depth: 3, MultiPV: 3}, nil, nil)
	if !fastest[r.Move] || r.Score != TBWin || len(fastest) == len(ranked) {
		t.Errorf("repeated KRvK: %v (score %d), want one of the %d moves of DTZ %d", r.Move, r.Score, len(fastest), best)
	}
}

// TestTablebaseMultiPV: with the root in the tables, MultiPV shows every
// move, best rank first, each with its own verdict and score.
func TestTablebaseMultiPV(t *testing.T) {
	tb := openTestTables(t)
	pos := chess.MustParseFEN("8/8/3qk3/8/8/3QK3/8/8 w - - 0 1") // Qxd6+ draws; most moves lose the queen
	ranked, _, _, err := tb.ProbeRoot(pos)
	if err != nil {
		t.Fatal(err)
	}
	want := map[chess.Move]int{}
	verdicts := map[TBVerdict]int{}
	for _, r := range ranked {
		want[r.Move] = tbRootScore(r.WDL, r.DTZ, 0, true)
	}
	s := NewSearcher(4)
	s.SetTablebases(tb)
	var reports []Info
	r := s.Search(pos, nil, Limits{Depth: 2, MultiPV: 64}, nil, func(i Info) {
		if i.CurrMove == chess.NoMove && i.Depth == 2 {
			reports = append(reports, i)
		}
	})
	if len(r.Lines) != len(ranked) || len(reports) != len(ranked) {
		t.Fatalf("%d lines, %d reports for %d moves", len(r.Lines), len(reports), len(ranked))
	}
	for i, l := range r.Lines {
		if l.Score != want[l.Move] || reports[i].Score != l.Score || i > 0 && l.Score > r.Lines[i-1].Score {
			t.Errorf("line %d: %v score %d (report %d), want %d", i+1, l.Move, l.Score, reports[i].Score, want[l.Move])
		}
		verdicts[reports[i].TB]++
	}
	if verdicts[VerdictDraw] == 0 || verdicts[VerdictLoss] == 0 || verdicts[NoVerdict] != 0 {
		t.Errorf("verdicts %v", verdicts)
	}
}

// TestTablebaseProbeDepth: from a 6-piece root, the 4-piece positions
// after two captures are asked with the defaults, and left unasked with
// SyzygyProbeDepth 100 (they have as many pieces as the largest tables,
// and no node has that much depth left) or SyzygyProbeLimit 3.
func TestTablebaseProbeDepth(t *testing.T) {
	s := NewSearcher(4)
	s.SetTablebases(openTestTables(t))
	pos := chess.MustParseFEN("4k3/8/8/8/8/2n5/3r4/3QK2R w - - 0 1")
	hits := func(o TablebaseOptions) uint64 {
		s.SetTablebaseOptions(o)
		s.Clear()
		return s.Search(pos, nil, Limits{Depth: 5}, nil, nil).Info.TBHits
	}
	all := hits(DefaultTablebaseOptions())
	deep := hits(TablebaseOptions{ProbeDepth: 100, Rule50: true, ProbeLimit: 7})
	three := hits(TablebaseOptions{ProbeDepth: 1, Rule50: true, ProbeLimit: 3})
	if deep >= all || three >= all || all == 0 {
		t.Errorf("tbhits: %d with the defaults, %d at probe depth 100, %d with probe limit 3", all, deep, three)
	}
	t.Logf("tbhits: %d with the defaults, %d at probe depth 100, %d with probe limit 3", all, deep, three)
}
