package game

import (
	"math/rand/v2"
	"slices"
	"testing"

	"ox88/chess"
)

// playRandom plays up to n random legal moves from g's current position
// (stopping when the game ends) and returns how many it played.
func playRandom(t *testing.T, g *Game, rng *rand.Rand, n int) int {
	t.Helper()
	played := 0
	for ; played < n && !g.Outcome().Over(); played++ {
		pos := g.Position()
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
			t.Fatal(err)
		}
	}
	return played
}

func TestPlayUndoRedoWholeGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		g := New(nil)
		n := playRandom(t, g, rng, 300)
		if g.Ply() != n || g.Len() != n {
			t.Fatalf("ply %d len %d, want %d", g.Ply(), g.Len(), n)
		}
		// Replay the moves by hand and keep every FEN.
		fens := []string{chess.StartFEN}
		pos := *chess.StartPosition()
		for _, m := range g.Moves() {
			pos.MakeMove(m)
			fens = append(fens, pos.FEN())
		}
		for i := n; i > 0; i-- {
			if p := g.Position(); p.FEN() != fens[i] {
				t.Fatalf("undo to ply %d: %s, want %s", i, p.FEN(), fens[i])
			}
			if !g.Undo() {
				t.Fatalf("undo at ply %d refused", i)
			}
		}
		if g.Undo() {
			t.Fatal("undo at the start succeeded")
		}
		if p := g.Position(); p.FEN() != chess.StartFEN || len(g.Moves()) != 0 {
			t.Fatalf("after undoing everything: %s, %d moves", p.FEN(), len(g.Moves()))
		}
		for i := 1; i <= n; i++ {
			if !g.Redo() {
				t.Fatalf("redo to ply %d refused", i)
			}
			if p := g.Position(); p.FEN() != fens[i] {
				t.Fatalf("redo to ply %d: %s, want %s", i, p.FEN(), fens[i])
			}
		}
		if g.Redo() {
			t.Fatal("redo at the end succeeded")
		}
		if len(g.Keys()) != n+1 || g.Keys()[n] != pos.Key() {
			t.Fatal("Keys does not end with the current position's key")
		}
	}
}

func TestPlayDropsRedoTail(t *testing.T) {
	g := New(nil)
	for _, s := range []string{"e4", "e5", "Nf3", "Nc6"} {
		if _, err := g.PlayString(s); err != nil {
			t.Fatal(err)
		}
	}
	g.SetComment(4, "the main line")
	g.Undo()
	g.Undo()
	if g.Len() != 4 || g.Ply() != 2 {
		t.Fatalf("len %d ply %d", g.Len(), g.Ply())
	}
	if _, err := g.PlayString("d2d4"); err != nil {
		t.Fatal(err)
	}
	if got := g.SANMoves(); !slices.Equal(got, []string{"e4", "e5", "d4"}) {
		t.Fatalf("moves %v", got)
	}
	if g.Len() != 3 || g.Redo() || g.Comment(4) != "" {
		t.Fatal("the redo tail or its comment survived Play")
	}
	if err := g.GoTo(0); err != nil || g.Ply() != 0 {
		t.Fatal("GoTo(0)")
	}
	if err := g.GoTo(4); err == nil {
		t.Fatal("GoTo past the end succeeded")
	}
}

func TestIllegalMovesRefused(t *testing.T) {
	g := New(nil)
	for _, s := range []string{"e5", "e2e5", "Ke2", "O-O", "xx", "", "e7e8q", "Nf6"} {
		if _, err := g.PlayString(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if err := g.Play(chess.NoMove); err == nil {
		t.Error("NoMove accepted")
	}
	if g.Len() != 0 {
		t.Fatal("an illegal move changed the game")
	}
}

func playAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if _, err := g.PlayString(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestOutcomes(t *testing.T) {
	tests := []struct {
		name  string
		fen   string // "" for the start position
		moves []string
		want  Outcome
	}{
		{"in progress", "", []string{"e4"}, Outcome{NoResult, NoReason, "Game in progress"}},
		{"fool's mate", "", []string{"f3", "e5", "g4", "Qh4#"}, Outcome{BlackWins, Checkmate, "Black wins by checkmate"}},
		{"scholar's mate", "", []string{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}, Outcome{WhiteWins, Checkmate, "White wins by checkmate"}},
		{"stalemate", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", []string{"Qf7"}, Outcome{}},
		{"stalemate now", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, Outcome{Draw, Stalemate, "Draw by stalemate"}},
		{"threefold", "", []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}, Outcome{Draw, Threefold, "Draw by threefold repetition"}},
		{"twofold is not enough", "", []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}, Outcome{NoResult, NoReason, "Game in progress"}},
		{"fifty moves", "8/8/4k3/8/8/4K3/4R3/8 w - - 99 80", []string{"Ra2"}, Outcome{Draw, FiftyMoves, "Draw by the fifty-move rule"}},
		{"mate beats fifty moves", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", []string{"Ra8#"}, Outcome{WhiteWins, Checkmate, "White wins by checkmate"}},
		{"K v K", "8/8/4k3/8/8/4K3/8/8 w - - 0 1", nil, Outcome{Draw, InsufficientMaterial, "Draw by insufficient material"}},
		{"KN v K", "8/8/4k3/8/8/4K3/8/6N1 b - - 0 1", nil, Outcome{Draw, InsufficientMaterial, "Draw by insufficient material"}},
		{"KB v K", "8/8/4k3/8/8/4K3/8/5b2 w - - 0 1", nil, Outcome{Draw, InsufficientMaterial, "Draw by insufficient material"}},
		{"KB v KB same colour", "8/8/4k3/4b3/8/4K3/8/2B5 w - - 0 1", nil, Outcome{Draw, InsufficientMaterial, "Draw by insufficient material"}},
		{"KB v KB opposite colours", "8/8/4k3/3b4/8/4K3/8/2B5 w - - 0 1", nil, Outcome{NoResult, NoReason, "Game in progress"}},
		{"KN v KN", "8/8/4k3/4n3/8/4K3/8/2N5 w - - 0 1", nil, Outcome{NoResult, NoReason, "Game in progress"}},
		{"KNN v K", "8/8/4k3/8/8/4K3/8/2N1N3 w - - 0 1", nil, Outcome{NoResult, NoReason, "Game in progress"}},
		{"KP v K", "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", nil, Outcome{NoResult, NoReason, "Game in progress"}},
		{"capture to K v K", "8/8/8/2k5/8/4n3/4K3/8 w - - 0 1", []string{"Kxe3"}, Outcome{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New(nil)
			if tt.fen != "" {
				var err error
				if g, err = NewFromFEN(tt.fen); err != nil {
					t.Fatal(err)
				}
			}
			playAll(t, g, tt.moves...)
			got := g.Outcome()
			want := tt.want
			if want == (Outcome{}) {
				// Written that way when the expected result is the
				// stalemate or the bare-kings draw the test name says.
				if tt.name == "stalemate" {
					want = NewOutcome(Draw, Stalemate)
				} else {
					want = NewOutcome(Draw, InsufficientMaterial)
				}
			}
			if got != want {
				t.Fatalf("got %+v, want %+v", got, want)
			}
		})
	}
}

func TestThreefoldNeedsSameSideAndRights(t *testing.T) {
	// The king walk loses the castling rights, so the first position
	// never comes back, though the pieces stand the same.
	g := New(nil)
	playAll(t, g, "e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8")
	if o := g.Outcome(); o.Over() {
		t.Fatalf("got %v after only two repetitions of the rightless position", o)
	}
	playAll(t, g, "Ke2", "Ke7", "Ke1", "Ke8")
	if o := g.Outcome(); o.Reason != Threefold {
		t.Fatalf("got %v, want threefold", o)
	}
	if g.Repetitions() != 3 {
		t.Fatalf("Repetitions %d, want 3", g.Repetitions())
	}
}

func TestSetOutcome(t *testing.T) {
	g := New(nil)
	playAll(t, g, "e4", "e5")
	g.SetOutcome(Outcome{Result: WhiteWins, Reason: Resignation})
	if o := g.Outcome(); o.Text != "White wins by resignation" {
		t.Fatalf("got %q", o.Text)
	}
	g.Undo()
	if g.Outcome().Over() {
		t.Fatal("the resignation shows at an earlier ply")
	}
	g.Redo()
	if g.Outcome().Reason != Resignation {
		t.Fatal("the resignation is gone after redo")
	}
	playAll(t, g, "Nf3")
	if g.Outcome().Over() {
		t.Fatal("a move after the resignation did not clear it")
	}
	g.SetOutcome(NewOutcome(Draw, Agreement))
	g.SetOutcome(Outcome{Result: NoResult})
	if g.Outcome().Over() {
		t.Fatal("SetOutcome(NoResult) did not clear")
	}
}

func TestTimeoutOutcome(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		loser chess.Color
		want  string
	}{
		{"start position", chess.StartFEN, chess.White, "Black wins on time"},
		{"bare king", "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", chess.White, "Draw on time"},
		{"pawn can queen", "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", chess.Black, "White wins on time"},
		{"knight against pawn", "8/8/4k3/8/8/4K3/4P3/6n1 w - - 0 1", chess.White, "Black wins on time"}, // KN can mate a king with a pawn
		{"lone knight", "8/8/4k3/8/8/4K3/8/6n1 w - - 0 1", chess.White, "Draw on time"},
		{"queen", "8/8/4k3/8/3Q4/4K3/8/8 b - - 0 1", chess.Black, "White wins on time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := NewFromFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.TimeoutOutcome(tt.loser).Text; got != tt.want {
				t.Errorf("%s, %v loses on time: %q, want %q", tt.fen, tt.loser, got, tt.want)
			}
		})
	}
}

func TestTags(t *testing.T) {
	g := New(nil)
	g.SetTag("White", "Ann")
	g.SetTag("Black", "Bob")
	g.SetTag("White", "Anna")
	g.SetTag("Black", "")
	if g.Tag("White") != "Anna" || g.Tag("Black") != "" {
		t.Fatalf("tags %v", g.tags)
	}
}

// TestClone: a clone has the game's moves, redo tail, ply, tags,
// annotations and outcome, and changing either leaves the other alone.
func TestClone(t *testing.T) {
	g := New(nil)
	for _, s := range []string{"f3", "e5", "g4", "Qh4"} {
		if _, err := g.PlayString(s); err != nil {
			t.Fatal(err)
		}
	}
	g.SetTag("White", "Ann")
	g.SetComment(2, "a comment")
	if err := g.AddNAG(3, NAGBlunder); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	c := g.Clone()
	if c.Ply() != 3 || c.Len() != 4 || c.Tag("White") != "Ann" || c.Comment(2) != "a comment" ||
		!slices.Equal(c.NAGs(3), []int{NAGBlunder}) || c.Result() != BlackWins {
		t.Fatalf("clone: ply %d of %d, tag %q, comment %q, NAGs %v, result %v",
			c.Ply(), c.Len(), c.Tag("White"), c.Comment(2), c.NAGs(3), c.Result())
	}
	c.GoTo(4)
	c.SetTag("White", "Cy")
	c.SetComment(2, "")
	c.AddNAG(3, NAGMistake)
	if _, err := g.PlayString("Nc6"); err != nil { // drops the redo tail of g only
		t.Fatal(err)
	}
	if g.Tag("White") != "Ann" || g.Comment(2) != "a comment" || !slices.Equal(g.NAGs(3), []int{NAGBlunder}) {
		t.Errorf("the game changed with its clone: tag %q, comment %q, NAGs %v", g.Tag("White"), g.Comment(2), g.NAGs(3))
	}
	if c.Len() != 4 || c.Outcome().Reason != Checkmate || c.SANAt(3) != "g4" {
		t.Errorf("the clone changed with the game: %d moves, %v", c.Len(), c.Outcome())
	}
}
