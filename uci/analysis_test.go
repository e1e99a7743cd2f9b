package uci

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/internal/linetest"
)

// scoreCP returns the centipawns of the last full info line in lines.
func scoreCP(t *testing.T, lines []string) int {
	t.Helper()
	re := regexp.MustCompile(` score cp (-?\d+) `)
	for i := len(lines) - 1; i >= 0; i-- {
		if m := re.FindStringSubmatch(lines[i]); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
	}
	t.Fatalf("no cp score in %q", lines)
	return 0
}

// TestTablebaseScores: with the tables, a root they cover reports their
// verdict as Stockfish 15.1 does (it prints cp 8795 for its largest
// score that is not a mate; ox88's is cp 20000): KRvK is won for White
// and lost for Black, a queen ending with an exchange of queens is 0, a
// win the fifty-move rule spoils is a few centipawns unless
// Syzygy50MoveRule is off, and SyzygyProbeLimit 0 leaves the tables out.
func TestTablebaseScores(t *testing.T) {
	s := newSession(t)
	s.Send("setoption name SyzygyPath value ../testdata/syzygy")
	s.Expect("info string syzygy", 5*time.Second)
	search := func(fen string) int {
		t.Helper()
		s.Send("position fen "+fen, "go depth 3")
		_, before := s.Expect("bestmove", 10*time.Second)
		return scoreCP(t, before)
	}
	for _, c := range []struct {
		fen      string
		min, max int
	}{
		{"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 20000, 20000},
		{"8/8/8/4k3/8/8/8/R3K3 b - - 0 1", -20000, -20000},
		{"8/8/3qk3/8/8/3QK3/8/8 w - - 0 1", 0, 0},
		{"8/8/8/4k3/8/8/8/R3K3 w - - 80 1", 1, 49}, // DTZ 27: a cursed win
	} {
		t.Run(c.fen, func(t *testing.T) {
			if cp := search(c.fen); cp < c.min || cp > c.max {
				t.Errorf("%s: cp %d, want %d..%d", c.fen, cp, c.min, c.max)
			}
		})
	}
	// UCI_ShowWDL: the verdict is certain; a cursed win is a draw.
	s.Send("setoption name UCI_ShowWDL value true", "position fen 8/8/8/4k3/8/8/8/R3K3 w - - 80 1", "go depth 2")
	if _, before := s.Expect("bestmove", 10*time.Second); !strings.Contains(before[len(before)-2], " wdl 0 1000 0 ") {
		t.Errorf("cursed win with UCI_ShowWDL: %q", before)
	}
	s.Send("setoption name UCI_ShowWDL value false")
	s.Send("setoption name Syzygy50MoveRule value false")
	if cp := search("8/8/8/4k3/8/8/8/R3K3 w - - 80 1"); cp != 20000 {
		t.Errorf("cursed win without the fifty-move rule: cp %d", cp)
	}
	s.Send("setoption name SyzygyProbeLimit value 0")
	if cp := search("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"); cp == 20000 {
		t.Errorf("SyzygyProbeLimit 0: cp %d", cp)
	}
}

// TestUnknownCommand: a line with no known command gets Stockfish's
// answer; empty lines and comments get none; a known command after
// unknown words still runs.
func TestUnknownCommand(t *testing.T) {
	s := newSession(t)
	s.Send("foo bar")
	s.Expect("Unknown command: 'foo bar'. Type help for more information.", time.Second)
	s.Send("", "# a comment", "joho isready")
	if _, before := s.Expect("readyok", time.Second); len(before) != 0 {
		t.Errorf("answered %q", before)
	}
	s.Send("help")
	s.Expect("ox88 is a chess engine.", time.Second)
}

// TestEval: eval prints each piece's worth on a board (the heat map's
// numbers) and the evaluation, by the network or the hand-written terms.
func TestEval(t *testing.T) {
	s := newSession(t)
	s.Send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "eval")
	_, before := s.Expect("Network evaluation +", time.Second)
	board := strings.Join(before, "\n")
	if !strings.Contains(board, "|   R   |       |") || !strings.Contains(board, "Piece values (network)") ||
		strings.Count(board, "\n+-------+") != 9 {
		t.Errorf("eval printed\n%s", board)
	}
	s.Send("setoption name UseNNUE value false", "eval")
	s.Expect("Hand-written evaluation +", time.Second)
}

// TestAnalyseMode: with UCI_AnalyseMode on, the book is not played.
func TestAnalyseMode(t *testing.T) {
	path := linetest.StartBook(t, "e2e4")
	s := newSession(t)
	s.Send("setoption name BookFile value "+path, "setoption name OwnBook value true",
		"setoption name UCI_AnalyseMode value true", "setoption name Skill Level value 0", "position startpos", "go depth 2")
	line, before := s.Expect("bestmove", 5*time.Second)
	checkBestmove(t, line, before, chess.StartFEN)
	for _, l := range before {
		if strings.Contains(l, "book move") {
			t.Errorf("analysis, but %q", l)
		}
	}
}
