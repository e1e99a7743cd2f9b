package chess

import (
	"sort"
	"strings"
	"testing"
)

// movesOf returns the legal moves of fen in UCI, sorted.
func movesOf(t *testing.T, fen string) []string {
	t.Helper()
	pos, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	pos.GenerateMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}

func has(list []string, m string) bool {
	for _, x := range list {
		if x == m {
			return true
		}
	}
	return false
}

func TestCastlingMatrix(t *testing.T) {
	cases := []struct {
		name, fen string
		want      map[string]bool // move -> must be legal (true) or must not (false)
	}{
		{"both sides free", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", map[string]bool{"e1g1": true, "e1c1": true}},
		{"no rights", "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", map[string]bool{"e1g1": false, "e1c1": false}},
		{"in check", "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", map[string]bool{"e1g1": false, "e1c1": false}},
		{"through check f1", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", map[string]bool{"e1g1": false, "e1c1": true}},
		{"into check g1", "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", map[string]bool{"e1g1": false, "e1c1": true}},
		{"through check d1", "r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", map[string]bool{"e1g1": true, "e1c1": false}},
		{"b1 attacked is fine", "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", map[string]bool{"e1c1": true}},
		{"blocked b1", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", map[string]bool{"e1c1": false, "e1g1": true}},
		{"blocked g1", "r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", map[string]bool{"e1g1": false}},
		{"black both", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", map[string]bool{"e8g8": true, "e8c8": true}},
		{"black through check", "r3k2r/8/8/8/8/8/8/R3KR2 b Qkq - 0 1", map[string]bool{"e8g8": false, "e8c8": true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			moves := movesOf(t, c.fen)
			for m, legal := range c.want {
				if has(moves, m) != legal {
					t.Errorf("%s (%s): %s legal=%v, want %v", c.name, c.fen, m, has(moves, m), legal)
				}
			}
		})
	}
}

// TestCastlingRightsLost plays moves and checks the rights that remain.
func TestCastlingRightsLost(t *testing.T) {
	cases := []struct {
		fen, moves, rights string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1e2", "kq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h2", "Qkq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a2", "Kkq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Kk"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h8", "Qq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", "KQ"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "kq"},
		{"r3k2r/8/6N1/8/8/8/8/R3K2R w KQkq - 0 1", "g6h8", "KQq"},
	}
	for _, c := range cases {
		t.Run(c.fen, func(t *testing.T) {
			pos, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range strings.Fields(c.moves) {
				m, err := pos.ParseUCI(s)
				if err != nil {
					t.Fatalf("%s: %v", c.fen, err)
				}
				pos.MakeMove(m)
			}
			if got := pos.Castling().String(); got != c.rights {
				t.Errorf("%s after %s: rights %s, want %s", c.fen, c.moves, got, c.rights)
			}
			if pos.Key() != pos.ComputeKey() {
				t.Errorf("%s after %s: key out of step", c.fen, c.moves)
			}
		})
	}
}

func TestEnPassant(t *testing.T) {
	cases := []struct {
		name, fen, move string
		legal           bool
	}{
		{"plain", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", true},
		{"horizontal pin: both pawns leave the rank", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "e5d6", false},
		{"horizontal pin other side", "8/8/8/r2pP2K/8/8/8/k7 w - d6 0 1", "e5d6", false},
		{"diagonal pin of the capturer", "7k/8/8/3pP3/8/8/K7/8 w - d6 0 1", "e5d6", true},
		{"capturer pinned on diagonal", "7k/8/8/3pP3/8/8/8/b3K3 w - d6 0 1", "e5d6", true},
		{"capturer pinned on file", "4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", false},
		{"captures the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4d3", true},
		{"discovered check after capture", "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1", "e4d3", false},
		{"ep does not block a slider check", "8/8/8/1k6/3Pp3/8/8/1R2K3 b - d3 0 1", "e4d3", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			moves := movesOf(t, c.fen)
			if has(moves, c.move) != c.legal {
				t.Errorf("%s (%s): %s legal=%v, want %v; moves %v", c.name, c.fen, c.move, has(moves, c.move), c.legal, moves)
			}
		})
	}
}

func TestPromotionIsFourMoves(t *testing.T) {
	moves := movesOf(t, "1n5k/P7/8/8/8/8/8/7K w - - 0 1")
	for _, m := range []string{"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"} {
		if !has(moves, m) {
			t.Errorf("missing %s in %v", m, moves)
		}
	}
}

func TestAttackersOf(t *testing.T) {
	pos, err := ParseFEN("4k1B1/8/8/3q4/2P1N3/8/3R4/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	d5, _ := ParseSquare("d5")
	var got []string
	for _, sq := range pos.AttackersOf(d5, White, nil) {
		got = append(got, sq.String())
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "c4 d2 g8" {
		t.Errorf("white attackers of d5: %v, want c4 d2 g8", got)
	}
	if !pos.IsAttacked(d5, White) || pos.IsAttacked(d5, Black) {
		t.Error("IsAttacked disagrees with AttackersOf")
	}
	e4, _ := ParseSquare("e4")
	if a := pos.AttackersOf(e4, Black, nil); len(a) != 1 || a[0].String() != "d5" {
		t.Errorf("black attackers of e4: %v", a)
	}
}
