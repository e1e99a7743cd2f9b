package review

import (
	"context"
	"testing"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
)

// uci parses a move of pos in UCI.
func uci(t *testing.T, pos *chess.Position, s string) chess.Move {
	t.Helper()
	m, err := pos.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestGrade judges answers from their scores at the edges: 54 cp worse
// than the best at equal chances is accepted and 55 is not (from either
// side), a won position forgives more, every mate is as good as the
// quickest, the best move always passes and the played move never.
func TestGrade(t *testing.T) {
	best, played, other := uci(t, chess.StartPosition(), "e2e4"), uci(t, chess.StartPosition(), "a2a3"), uci(t, chess.StartPosition(), "d2d4")
	for _, tc := range []struct {
		name      string
		side      chess.Color
		bestScore int // White's view
		move      chess.Move
		score     int // White's view, after the answer
		accepted  bool
		drop      float64
	}{
		{"equal, 54 cp worse", chess.White, 0, other, -54, true, 4.95450},
		{"equal, 55 cp worse", chess.White, 0, other, -55, false, 5.04501},
		{"black, 54 cp worse", chess.Black, 0, other, 54, true, 4.95450},
		{"black, 55 cp worse", chess.Black, 0, other, 55, false, 5.04501},
		{"won, +8 to +6", chess.White, 800, other, 600, true, 4.89812},
		{"won, +8 to +5", chess.White, 800, other, 500, false, 8.69865},
		{"a longer mate", chess.Black, -(search.Mate - 3), other, -(search.Mate - 11), true, 0},
		{"better than the best", chess.White, 20, other, 60, true, 0},
		{"the best, scored badly", chess.White, 0, best, -300, true, 25.11255},
		{"the played move, scored well", chess.White, 0, played, 0, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := Exercise{Side: tc.side, Best: best, Played: played, BestScore: tc.bestScore}
			a := x.Grade(tc.move, tc.score)
			if a.Accepted != tc.accepted || !near(a.Drop, tc.drop) || a.Score != tc.score || a.Move != tc.move {
				t.Errorf("Grade = %+v; want accepted %v, drop %.5f", a, tc.accepted, tc.drop)
			}
		})
	}
}

// TestExercises: the Scholar's mate has one exercise, Black's 3... Nf6??,
// in the position after 3. Qh5; none for White. Judge knows the best and
// the played move without a search, refuses an illegal move, rejects
// 3... a6 (mate in one follows) and accepts 3... g6 and 3... Qe7.
func TestExercises(t *testing.T) {
	r := reviewScholarsMate(t)
	if xs := r.Exercises(chess.White); len(xs) != 0 {
		t.Fatalf("White's exercises: %+v", xs)
	}
	xs := r.Exercises()
	if len(xs) != 1 || len(r.Exercises(chess.Black)) != 1 {
		t.Fatalf("%d exercises, want 1", len(xs))
	}
	x := xs[0]
	pos := x.Position()
	if x.Ply != 6 || x.Side != chess.Black || len(x.Moves) != 5 || pos.SAN(x.Played) != "Nf6" || x.Judgement != Blunder ||
		x.Best != r.Moves[5].Better || x.BestScore != r.Positions[5].Score || x.PlayedScore != r.Positions[6].Score {
		t.Fatalf("the exercise: %+v", x)
	}
	if want := r.Game.PositionAt(5); pos.FEN() != want.FEN() {
		t.Fatalf("position %s, want %s", pos.FEN(), want.FEN())
	}
	e := engine.New()
	judge := func(san string) Answer {
		t.Helper()
		m, err := pos.ParseMove(san)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Judge(context.Background(), e, x, m)
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		return a
	}
	if a := judge("Nf6"); a.Accepted || a.Score != x.PlayedScore {
		t.Errorf("the played move: %+v", a)
	}
	if a := judge(pos.SAN(x.Best)); !a.Accepted || a.Score != x.BestScore || a.Drop != 0 {
		t.Errorf("the best move: %+v", a)
	}
	if a := judge("a6"); a.Accepted || search.MateIn(a.Score) != 1 || a.Drop < BlunderDrop {
		t.Errorf("3... a6: %+v, want mate in one against", a)
	}
	for _, san := range []string{"g6", "Qe7"} {
		if a := judge(san); !a.Accepted {
			t.Errorf("3... %s: %+v, want accepted", san, a)
		}
	}
	if _, err := Judge(context.Background(), e, x, uci(t, chess.StartPosition(), "e2e4")); err == nil {
		t.Error("an illegal answer judged")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, _ := pos.ParseMove("a5")
	if _, err := Judge(ctx, e, x, m); err != context.Canceled {
		t.Errorf("a cancelled judgement: %v", err)
	}
}

// TestJudgeMate: an answer that mates is judged exactly, without a
// search.
func TestJudgeMate(t *testing.T) {
	start, err := chess.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	x := Exercise{Start: *start, Side: chess.White, Best: uci(t, start, "g1f1"),
		Played: uci(t, start, "h2h3"), BestScore: 0, Limits: search.Limits{Nodes: 1 << 40}}
	a, err := Judge(context.Background(), engine.New(), x, uci(t, start, "a1a8"))
	if err != nil || !a.Accepted || a.Score != search.Mate {
		t.Fatalf("Ra8#: %+v %v", a, err)
	}
}
