package review

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/search"
)

// near reports whether a and b agree to 0.001.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-3 }

// TestWinPercent pins the model at known points (worked out with the
// formula in winpct.go): symmetric about 50, mates held to ±1000 cp.
func TestWinPercent(t *testing.T) {
	for _, c := range []struct {
		score int
		want  float64
	}{{0, 50}, {100, 59.10259}, {-300, 24.88745}, {1000, 97.54474}, {search.Mate - 3, 97.54474}, {-search.Mate + 3, 2.45526}} {
		t.Run(fmt.Sprintf("score %d", c.score), func(t *testing.T) {
			if got := WinPercent(c.score); !near(got, c.want) {
				t.Errorf("WinPercent(%d) = %.5f, want %.5f", c.score, got, c.want)
			}
		})
	}
	for s := -1500; s <= 1500; s += 37 {
		if !near(WinPercent(s)+WinPercent(-s), 100) {
			t.Fatalf("WinPercent(%d) and WinPercent(%d) do not sum to 100", s, -s)
		}
	}
}

// TestAccuracy pins MoveAccuracy and GameAccuracy on a three-move game
// worked out by hand: White's win% goes 50, 40, 40, 20, so White drops 10
// and then 20 points and Black drops nothing.
func TestAccuracy(t *testing.T) {
	if a := MoveAccuracy(50, 55); a != 100 {
		t.Errorf("a gain: accuracy %v, want 100", a)
	}
	if a := MoveAccuracy(100, 0); a != 0 {
		t.Errorf("a lost game: accuracy %v, want 0", a)
	}
	if a := MoveAccuracy(50, 40); !near(a, 64.57983) {
		t.Errorf("MoveAccuracy(50, 40) = %.5f", a)
	}
	// Windows of 2 positions: weights sd(50,40) = 5, sd(40,40) = 0 -> 0.5,
	// sd(40,20) = 10. White's moves 1 and 3 (accuracy 64.57983, 41.01682):
	// weighted mean 48.87116, harmonic mean 50.16938, average 49.52027.
	acc := GameAccuracy([]float64{50, 40, 40, 20}, true)
	if !near(acc[chess.White], 49.52027) || acc[chess.Black] != 100 {
		t.Errorf("GameAccuracy = %v, want [49.52027 100]", acc)
	}
	// The same win%s with Black moving first swap the sides' roles.
	acc = GameAccuracy([]float64{50, 60, 60, 80}, false)
	if !near(acc[chess.Black], 49.52027) || acc[chess.White] != 100 {
		t.Errorf("Black first: GameAccuracy = %v", acc)
	}
	if acc := GameAccuracy([]float64{50}, true); acc != [2]float64{} {
		t.Errorf("no moves: %v", acc)
	}
}

// readScholarsMate reads testdata/scholars-mate.pgn, a game where Black
// misses the threat of mate in one (3... Nf6?? with a comment, which the
// review replaces).
func readScholarsMate(t *testing.T) *game.Game {
	t.Helper()
	games, err := game.ReadPGNFile("testdata/scholars-mate.pgn")
	if err != nil {
		t.Fatal(err)
	}
	return games[0]
}

// reviewScholarsMate reviews the game at a small node budget.
func reviewScholarsMate(t *testing.T) *Review {
	t.Helper()
	var calls int
	r, err := Analyze(context.Background(), engine.New(), readScholarsMate(t), search.Limits{Nodes: 3000},
		func(done, total int) {
			calls++
			if done != calls || total != 8 {
				t.Errorf("progress(%d, %d) on call %d", done, total, calls)
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 8 {
		t.Errorf("%d progress calls, want 8", calls)
	}
	return r
}

// TestScholarsMateBlunder: 3... Nf6 is a blunder with a better move, the
// mate is exact, and Black's accuracy is the lower.
func TestScholarsMateBlunder(t *testing.T) {
	r := reviewScholarsMate(t)
	if len(r.Positions) != 8 || len(r.Moves) != 7 {
		t.Fatalf("%d positions, %d moves", len(r.Positions), len(r.Moves))
	}
	if last := r.Positions[7]; !last.Over || last.Score != search.Mate || last.Best != chess.NoMove {
		t.Errorf("the final position: %+v, want an exact mate for White", last)
	}
	if mate := search.MateIn(r.Positions[6].Score); mate != 1 {
		t.Errorf("after 3... Nf6 the engine sees mate in %d, want 1", mate)
	}
	nf6 := r.Moves[5]
	if nf6.Judgement != Blunder || nf6.Side != chess.Black || nf6.Drop() < BlunderDrop {
		t.Fatalf("3... Nf6: %+v, want a blunder by Black", nf6)
	}
	pos := r.Game.PositionAt(5)
	if nf6.Better == chess.NoMove || nf6.Better == nf6.Move || len(nf6.Line) == 0 || nf6.Line[0] != nf6.Better {
		t.Errorf("3... Nf6: better %v, line %v", nf6.Better, nf6.Line)
	}
	var legal chess.MoveList
	pos.GenerateMoves(&legal)
	if !legal.Contains(nf6.Better) {
		t.Errorf("the better move %v is not legal", nf6.Better)
	}
	if r.Count[chess.Black][Blunder] != 1 || r.Count[chess.White][Blunder] != 0 {
		t.Errorf("counts %v", r.Count)
	}
	if r.Accuracy[chess.Black] >= r.Accuracy[chess.White] {
		t.Errorf("accuracy White %.1f, Black %.1f: the blunderer should be lower", r.Accuracy[chess.White], r.Accuracy[chess.Black])
	}
	if qxf7 := r.Moves[6]; qxf7.Judgement != Good || qxf7.Accuracy != 100 {
		t.Errorf("4. Qxf7#: %+v", qxf7)
	}
	if r.Game.Ply() != 7 {
		t.Errorf("the game was left at ply %d", r.Game.Ply())
	}
	if o := r.Opening; o.Opening.ECO != "C23" || o.Ply != 3 || o.LeftAt != 6 {
		t.Errorf("opening %+v, want C23 at ply 3, left at 6 (3... Nf6)", o)
	}
}

// TestAnnotatedPGN: the annotated game carries $4 on Nf6, %eval comments,
// the better line as a variation, and reads back with game.ParsePGN.
func TestAnnotatedPGN(t *testing.T) {
	r := reviewScholarsMate(t)
	r.Annotate()
	text := r.Game.PGN()
	pos := r.Game.PositionAt(5)
	better := pos.SAN(r.Moves[5].Better)
	for _, want := range []string{
		"3... Nf6 $4 {[%eval #1] Blunder. " + better + " was best. Out of known theory (C23 Bishop's Opening).} (3... " + better,
		"4. Qxf7# 1-0",
		"{ox88 review, 3000 nodes per position. White: accuracy ",
		`[ECO "C23"]`, `[Opening "Bishop's Opening"]`,
	} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "Qxf7# {") {
		t.Errorf("a comment after the mate:\n%s", text)
	}
	back, err := game.ParsePGN(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	b := back[0]
	if !slices.Equal(b.Moves(), r.Game.Moves()) || !slices.Equal(b.NAGs(6), []int{game.NAGBlunder}) ||
		b.Comment(6) != r.Game.Comment(6) || b.Outcome().Result != game.WhiteWins {
		t.Errorf("read back: NAGs %v, comment %q, result %v", b.NAGs(6), b.Comment(6), b.Outcome().Result)
	}
	for ply := 1; ply <= 6; ply++ {
		if c := b.Comment(ply); !strings.HasPrefix(c, "[%eval ") {
			t.Errorf("ply %d: comment %q has no eval", ply, c)
		}
	}
}

// TestSummaryAndGraph checks the text summary's lines and the graph's
// shape: 11 rows of levels, one column per position, the blunder's mark.
func TestSummaryAndGraph(t *testing.T) {
	r := reviewScholarsMate(t)
	var b strings.Builder
	if err := r.WriteSummary(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	lines := strings.Split(text, "\n")
	if !strings.HasPrefix(lines[0], "White (Ann): accuracy ") ||
		!strings.HasSuffix(lines[1], ", 0 inaccuracies, 0 mistakes, 1 blunder") ||
		lines[2] != "Opening: C23 Bishop's Opening; out of known theory at 3... Nf6" ||
		!strings.Contains(text, "\n  3... Nf6?? (") || !strings.Contains(text, " → #1) better 3... ") {
		t.Errorf("summary:\n%s", text)
	}
	g := strings.Split(strings.TrimRight(r.Graph(), "\n"), "\n")
	if len(g) != 13 || g[6] != " 50 +--------" || len(g[12]) != 12 || g[12][11] != 'X' {
		t.Errorf("graph:\n%s", strings.Join(g, "\n"))
	}
	if g[1] != "100 |      ##" { // mate in one and mate: 97.5% is in the top row
		t.Errorf("top row %q", g[1])
	}
}

// TestAnalyzeStopsWithTheContext: a cancelled context ends the review
// with its error, before any search (the budget would take hours).
func TestAnalyzeStopsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Analyze(ctx, engine.New(), readScholarsMate(t), search.Limits{Nodes: 1 << 40}, nil); err != context.Canceled {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

// TestEvalString writes scores as PGN's %eval does.
func TestEvalString(t *testing.T) {
	for _, c := range []struct {
		score int
		want  string
	}{{35, "0.35"}, {-120, "-1.20"}, {0, "0.00"}, {search.Mate - 5, "#3"}, {-search.Mate + 2, "#-1"}} {
		t.Run(c.want, func(t *testing.T) {
			if got := EvalString(c.score); got != c.want {
				t.Errorf("EvalString(%d) = %q, want %q", c.score, got, c.want)
			}
		})
	}
}
