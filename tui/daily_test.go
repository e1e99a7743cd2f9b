package tui

import (
	"os"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/clock"
)

// TestHelpNamesSpaceOnce: the help gives each key one line, space too.
func TestHelpNamesSpaceOnce(t *testing.T) {
	n := 0
	for _, l := range helpLines {
		if len(l) > 22 && strings.Contains(l[:22], "space") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("space is on %d lines of the help", n)
	}
}

// TestHelpTimeControlsParse: the clocks t offers are written as --tc
// reads them, in the order t cycles through them.
func TestHelpTimeControlsParse(t *testing.T) {
	for _, l := range helpLines {
		if !strings.HasPrefix(l, "t ") {
			continue
		}
		_, list, ok := strings.Cut(l, ": ")
		names := strings.Split(list, ", ")
		if !ok || len(names) != len(timeControlPresets) {
			t.Fatalf("help line %q: want the %d presets", l, len(timeControlPresets))
		}
		for i, name := range names {
			tc, err := clock.ParseForPlay(name)
			if err != nil || tc != timeControlPresets[i] {
				t.Errorf("%q reads as %v, %v; want %v", name, tc, err, timeControlPresets[i])
			}
		}
		return
	}
	t.Fatal("no line for t in the help")
}

// TestNewGameAfterLoadingAFEN: n starts from the standard start, not from
// a position loaded with o; with --fen, from that position.
func TestNewGameAfterLoadingAFEN(t *testing.T) {
	const fen = "7k/5K2/R7/8/8/8/8/8 w - - 0 1"
	h := newHarness(t, Options{Color: "both", ASCII: true}, 100, 30)
	h.typeText("o" + fen + "\r")
	if pos := h.m.game().Position(); pos.FEN() != fen {
		t.Fatalf("loaded %s", pos.FEN())
	}
	h.typeText("n")
	if pos := h.m.game().Position(); pos.FEN() != chess.StartFEN {
		t.Fatalf("n after o: %s, want the standard start", pos.FEN())
	}
	h = newHarness(t, Options{Color: "both", FEN: fen, ASCII: true}, 100, 30)
	h.typeText("Rb6\rn")
	if pos := h.m.game().Position(); pos.FEN() != fen {
		t.Fatalf("n with --fen: %s", pos.FEN())
	}
}

// TestLoadNeitherFileNorFEN: o with text that is neither says so, and the
// game stays.
func TestLoadNeitherFileNorFEN(t *testing.T) {
	h := newHarness(t, Options{Color: "both", ASCII: true}, 100, 30)
	h.typeText("e4\ro")
	h.typeText("not a fen at all\r")
	msg := h.m.ui.message
	if !h.m.ui.isError || !strings.Contains(msg, `"not a fen at all" is neither a PGN file here nor a FEN`) || strings.Contains(msg, "no such file") {
		t.Fatalf("message %q", msg)
	}
	h.wantMoves("e4")
}

// TestImmediateMateKeepsTheLosersClock: a mate on the first move leaves
// the loser's clock untouched (it never ran).
func TestImmediateMateKeepsTheLosersClock(t *testing.T) {
	h := newHarness(t, Options{Color: "both", FEN: "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", TC: clock.TimeControl{Base: time.Minute}, ASCII: true}, 100, 30)
	h.m.now = func() time.Time { h.now = h.now.Add(time.Millisecond); return h.now } // every look at the clock takes a moment
	h.typeText("Qg7\r")
	if !h.m.over() {
		t.Fatal("no mate")
	}
	if left := h.m.p.Clock().Remaining(chess.Black, h.now.Add(time.Hour)); left != time.Minute {
		t.Fatalf("Black's clock after the mate: %v", left)
	}
	if s := h.m.screen(); strings.Contains(s, "0:59") || !strings.Contains(s, "1:00") {
		t.Fatalf("screen:\n%s", s)
	}
}

// TestPGNNamesWhoMoved: after m (ox88 takes White) and p (two people),
// the PGN names ox88 for White's moves and you for Black's.
func TestPGNNamesWhoMoved(t *testing.T) {
	h := newHarness(t, Options{ASCII: true, Level: 4}, 100, 30)
	h.typeText("m")
	h.reply("e4")
	h.typeText("p") // ox88 v you (Black) -> two people
	h.typeText("e5\r")
	h.wantMoves("e4 e5")
	pgn := h.m.game().PGN()
	if !strings.Contains(pgn, `[White "ox88 (level 4)"]`) || !strings.Contains(pgn, `[Black "You"]`) {
		t.Fatalf("PGN:\n%s", pgn)
	}
}

// TestREADMEListsEveryKey: README's key table has a row for every
// one-letter key of the help.
func TestREADMEListsEveryKey(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var keys strings.Builder // the first cells of the table's rows
	for _, row := range strings.Split(string(data), "\n") {
		if cells := strings.Split(row, "|"); len(cells) > 2 && cells[0] == "" {
			keys.WriteString(cells[1])
		}
	}
	for _, l := range helpLines[2:] {
		for _, k := range strings.FieldsFunc(l[:min(22, len(l))], func(r rune) bool { return r == ' ' || r == '/' || r == ',' }) {
			if len(k) == 1 && !strings.Contains(keys.String(), "`"+k+"`") {
				t.Errorf("README's key table has no row for %s (help: %q)", k, l)
			}
		}
	}
}
