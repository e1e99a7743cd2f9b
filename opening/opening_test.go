package opening

import (
	"strings"
	"testing"

	"ox88/chess"
)

// play plays SAN moves from the start and returns the start and the moves.
func play(t *testing.T, san string) (*chess.Position, []chess.Move) {
	t.Helper()
	start := chess.StartPosition()
	pos := *start
	var moves []chess.Move
	for _, tok := range strings.Fields(san) {
		m, err := pos.ParseSAN(tok)
		if err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
		pos.MakeMove(m)
		moves = append(moves, m)
	}
	return start, moves
}

// knownPositions is the number of distinct positions on the table's lines.
const knownPositions = 7852

func TestTable(t *testing.T) {
	tablesReady()
	// 3,807 rows in a.tsv..e.tsv, each ending in a position of its own;
	// counting positions, not rows, shows a change in how rows are played
	// out (a lost line, a wrong key).
	if len(named) != 3807 || len(known) != knownPositions {
		t.Errorf("%d named and %d known positions; want 3807 and %d", len(named), len(known), knownPositions)
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name, moves, eco, opening string
		ply, leftAt               int
	}{
		{"ruy lopez", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nh4 Bb7",
			"C95", "Ruy Lopez: Closed, Breyer Defense", 21, 22},
		// The same Ruy Lopez position by another order of the same moves.
		{"transposed", "Nf3 Nc6 e4 e5 Bb5", "C60", "Ruy Lopez", 5, 0},
		{"sicilian", "e4 c5", "B20", "Sicilian Defense", 2, 0},
		// Off the lines at 2. e4 and back on at 3... Nc6, in the Berlin.
		{"back on a line", "Nf3 Nf6 e4 e5 Bb5 Nc6", "C65", "Ruy Lopez: Berlin Defense", 6, 0},
		{"back, then off", "Nf3 Nf6 e4 e5 Bb5 Nc6 Kf1", "C65", "Ruy Lopez: Berlin Defense", 6, 7},
		{"left at once", "e4 e5 Ke2 Ke7 Ke1", "C20", "Bongcloud Attack", 3, 4},
		{"start only", "", "", "", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, moves := play(t, tc.moves)
			r := Classify(start, moves)
			if r.Opening.ECO != tc.eco || r.Opening.Name != tc.opening || r.Ply != tc.ply || r.LeftAt != tc.leftAt {
				t.Errorf("Classify = %q %q at ply %d, left at %d; want %q %q at %d, left at %d",
					r.Opening.ECO, r.Opening.Name, r.Ply, r.LeftAt, tc.eco, tc.opening, tc.ply, tc.leftAt)
			}
		})
	}
}

func TestLookupByPosition(t *testing.T) {
	// The Queen's Gambit Declined by 1. d4 d5 2. c4 e6 and by 1. c4 e6 2. d4 d5.
	for _, fen := range []string{
		"rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
		"rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 7 30", // clocks do not matter
	} {
		op, ok := Lookup(chess.MustParseFEN(fen))
		if !ok || op.ECO != "D30" || op.Family() != "Queen's Gambit Declined" {
			t.Errorf("Lookup(%s) = %v, %v; want D30 Queen's Gambit Declined", fen, op, ok)
		}
	}
	if op, ok := Lookup(chess.MustParseFEN("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")); ok {
		t.Errorf("an endgame named %v", op)
	}
	if Known(chess.MustParseFEN("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")) {
		t.Error("an endgame is known theory")
	}
}

func TestChess960StartUnnamed(t *testing.T) {
	start := chess.MustParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	if r := Classify(start, nil); r.Named() || r.LeftAt != 0 {
		t.Errorf("a position outside the table classified as %+v", r)
	}
}

func TestClassifyFromNamedStart(t *testing.T) {
	// A game that starts in the Sicilian and leaves theory at once.
	start := chess.MustParseFEN("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	m, err := start.ParseSAN("Ba6")
	if err != nil {
		t.Fatal(err)
	}
	if r := Classify(start, []chess.Move{m}); !r.Named() || r.Opening.ECO != "B20" || r.Ply != 0 || r.LeftAt != 1 {
		t.Errorf("Classify from the Sicilian = %+v; want B20 at ply 0, left at 1", r)
	}
}

// tags is a game's tags for SetTags.
type tags map[string]string

func (t tags) Tag(name string) string    { return t[name] }
func (t tags) SetTag(name, value string) { t[name] = value }

// TestSetTags: a named opening fills the ECO and Opening tags of a game
// that has none, and leaves alone a game that names its opening already.
func TestSetTags(t *testing.T) {
	start, moves := play(t, "Nf3 Nc6 e4 e5 Bb5 a6")
	r := Classify(start, moves)
	for _, tc := range []struct {
		name       string
		have, want tags
	}{
		{"none", tags{}, tags{"ECO": "C70", "Opening": "Ruy Lopez: Morphy Defense"}},
		{"unknown", tags{"ECO": "?"}, tags{"ECO": "C70", "Opening": "Ruy Lopez: Morphy Defense"}},
		{"eco given", tags{"ECO": "C65"}, tags{"ECO": "C65"}},
		{"name given", tags{"Opening": "Spanish"}, tags{"Opening": "Spanish"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r.SetTags(tc.have)
			if len(tc.have) != len(tc.want) || tc.have["ECO"] != tc.want["ECO"] || tc.have["Opening"] != tc.want["Opening"] {
				t.Errorf("tags %v, want %v", tc.have, tc.want)
			}
		})
	}
	none := tags{}
	Classify(chess.Chess960Start(0), nil).SetTags(none)
	if len(none) != 0 {
		t.Errorf("no name wrote %v", none)
	}
}
