package uci

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/engine"
	"ox88/internal/linetest"
	"ox88/internal/version"
	"ox88/nnue"
	"ox88/search"
)

// newSession starts a conversation with a Server over a pipe.
func newSession(t *testing.T) *linetest.Session[*Server] {
	t.Helper()
	return linetest.Start(t, func(out io.Writer) *Server { return NewServer(engine.New(), out) })
}

// fullInfo matches a full info line, fields in the fixed order.
var fullInfo = regexp.MustCompile(`^info depth \d+ seldepth \d+ multipv \d+ score (cp|mate) -?\d+( lowerbound| upperbound)?( wdl \d+ \d+ \d+)? nodes \d+ nps \d+ hashfull \d+ tbhits \d+ time \d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+$`)

// bestmoveLine matches a bestmove with an optional ponder move.
var bestmoveLine = regexp.MustCompile(`^bestmove [a-h][1-8][a-h][1-8][nbrq]?( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$`)

// checkBestmove checks a bestmove line, that a full info line came before
// it, and that the move is legal in the position given by fen.
func checkBestmove(t *testing.T, line string, before []string, fen string) chess.Move {
	t.Helper()
	if !bestmoveLine.MatchString(line) {
		t.Fatalf("bad bestmove line %q", line)
	}
	found := false
	for _, l := range before {
		found = found || fullInfo.MatchString(l)
	}
	if !found {
		t.Errorf("no full info line before %q: %q", line, before)
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseUCI(strings.Fields(line)[1])
	if err != nil {
		t.Errorf("%s in %s: %v", line, fen, err)
	}
	return m
}

func TestHandshake(t *testing.T) {
	s := newSession(t)
	s.Send("uci")
	_, before := s.Expect("uciok", time.Second)
	want := []string{
		"id name " + version.Name(),
		"id author the ox88 authors",
		"option name Threads type spin default 1 min 1 max 256",
		"option name Hash type spin default 16 min 1 max 4096",
		"option name Clear Hash type button",
		"option name MultiPV type spin default 1 min 1 max 64",
		"option name Ponder type check default false",
		"option name OwnBook type check default false",
		"option name BookFile type string default <empty>",
		"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeDepth type spin default 1 min 1 max 100",
		"option name Syzygy50MoveRule type check default true",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7",
		"option name UseNNUE type check default true",
		"option name EvalFile type string default <embedded>",
		"option name Move Overhead type spin default 10 min 0 max 5000",
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name UCI_LimitStrength type check default false",
		"option name Seed type spin default 0 min 0 max 2147483647",
		"option name UCI_Elo type spin default 1500 min 800 max 2600",
		"option name UCI_ShowWDL type check default false",
		"option name UCI_Chess960 type check default false",
		"option name UCI_AnalyseMode type check default false",
	}
	if strings.Join(before, "\n") != strings.Join(want, "\n") {
		t.Errorf("uci answered\n%s\nwant\n%s", strings.Join(before, "\n"), strings.Join(want, "\n"))
	}
	s.Send("isready")
	s.Expect("readyok", time.Second)
}

// TestIsReadyWhileSearching: isready is answered at once in go infinite,
// no bestmove comes before stop, and one comes right after it.
func TestIsReadyWhileSearching(t *testing.T) {
	s := newSession(t)
	s.Send("position startpos moves e2e4 e7e5", "go infinite")
	time.Sleep(20 * time.Millisecond)
	// The median of several tries: one slow answer on a loaded machine is
	// the scheduler's, a slow median would be ours.
	waits := s.ReadyWaits(7, 0)
	if d := waits[len(waits)/2]; d > 50*time.Millisecond {
		t.Errorf("readyok during go infinite after %v (median of %v), want under 50ms", d, waits)
	}
	early := s.Quiet("bestmove", 300*time.Millisecond)
	s.Send("stop")
	line, before := s.Expect("bestmove", time.Second)
	checkBestmove(t, line, append(early, before...), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
	s.Quiet("bestmove", 100*time.Millisecond) // exactly one
}

// TestStopBeforeSearchStarts: "go infinite" and "stop" in one write still
// give exactly one bestmove.
func TestStopBeforeSearchStarts(t *testing.T) {
	s := newSession(t)
	for i := 0; i < 20; i++ {
		s.Send("go infinite", "stop")
		line, before := s.Expect("bestmove", 2*time.Second)
		checkBestmove(t, line, before, chess.StartFEN)
	}
	s.Quiet("bestmove", 100*time.Millisecond)
}

// TestInfiniteHoldsResult: a search that ends by itself (mate in one is
// found at once) keeps its bestmove until stop.
func TestInfiniteHoldsResult(t *testing.T) {
	s := newSession(t)
	const mateIn1 = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" // Ra8#
	s.Send("position fen "+mateIn1, "go infinite")
	early := s.Quiet("bestmove", 500*time.Millisecond)
	s.Send("stop")
	line, before := s.Expect("bestmove", time.Second)
	if m := checkBestmove(t, line, append(early, before...), mateIn1); m.String() != "a1a8" {
		t.Errorf("bestmove %v, want a1a8", m)
	}
}

// TestPonder: go ponder holds its bestmove until ponderhit.
func TestPonder(t *testing.T) {
	s := newSession(t)
	s.Send("setoption name Ponder value true", "position startpos moves e2e4 e7e5", "go ponder wtime 1000 btime 1000")
	early := s.Quiet("bestmove", 300*time.Millisecond)
	s.Send("isready")
	_, b1 := s.Expect("readyok", time.Second)
	s.Send("ponderhit")
	line, before := s.Expect("bestmove", 3*time.Second)
	checkBestmove(t, line, append(append(early, b1...), before...), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
	// A ponder miss: the GUI stops the ponder search and ignores its move.
	s.Send("go ponder wtime 1000 btime 1000")
	s.Quiet("bestmove", 200*time.Millisecond)
	s.Send("stop")
	s.Expect("bestmove", time.Second)
}

// TestGoNodes1: even the smallest search gives a full info line first.
func TestGoNodes1(t *testing.T) {
	s := newSession(t)
	s.Send("position startpos", "go nodes 1")
	line, before := s.Expect("bestmove", 5*time.Second)
	checkBestmove(t, line, before, chess.StartFEN)
	s.Send("go depth 1")
	line, before = s.Expect("bestmove", 5*time.Second)
	checkBestmove(t, line, before, chess.StartFEN)
}

// TestNoLegalMove: mate or stalemate on the board answers bestmove (none).
func TestNoLegalMove(t *testing.T) {
	s := newSession(t)
	s.Send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3") // stalemate
	line, before := s.Expect("bestmove", 2*time.Second)
	if line != "bestmove (none)" || len(before) == 0 || before[len(before)-1] != "info depth 0 score cp 0" {
		t.Errorf("stalemate: %q after %q", line, before)
	}
	s.Send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "go infinite", "stop") // mated
	line, before = s.Expect("bestmove", 2*time.Second)
	if line != "bestmove (none)" || before[len(before)-1] != "info depth 0 score mate 0" {
		t.Errorf("mated: %q after %q", line, before)
	}
}

// TestBadInput: bad FENs, illegal moves and garbage are reported or
// skipped, the last good position stays, and the engine keeps answering.
func TestBadInput(t *testing.T) {
	s := newSession(t)
	const after = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	s.Send("position startpos moves e2e4")
	tests := []struct{ input, want string }{
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "info string error: bad FEN"},
		{"position fen", "info string error: bad FEN"},
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "info string error: bad FEN"},
		{"position startpos moves e2e4 e7e5 e1e3", `info string error: move 3 "e1e3" is illegal`},
		{"position startpos moves e2e4 e2e4", `info string error: move 2 "e2e4" is illegal`},
		{"position startpos moves xyz", `info string error: move 1 "xyz" is illegal`},
		{"position", "info string error: position needs startpos or fen"},
		{"position kiwipete", "info string error: position needs startpos or fen"},
		{"setoption name NoSuchOption value 3", `info string error: no option named "NoSuchOption"`},
		{"setoption name Hash value lots", "info string error: option Hash needs a whole number"},
		{"setoption name Ponder value maybe", "info string error: option Ponder needs true or false"},
		{"setoption name BookFile value /nonexistent/book.bin", "info string error: book:"},
	}
	for _, tc := range tests {
		t.Run(tc.input, func(t *testing.T) {
			s.Send(tc.input)
			if l, _ := s.Expect("info string error", time.Second); !strings.HasPrefix(l, tc.want) {
				t.Errorf("%q: got %q, want %q...", tc.input, l, tc.want)
			}
		})
	}
	// Garbage, odd spacing, CR LF, and a known command after unknown words.
	s.Send("hello world", "", "   ", "\x00\xff\xfe", "go\tnowhere", "joho isready\r")
	s.Expect("readyok", time.Second)
	s.Send("stop") // "go nowhere" is a go without limits: it runs until stop
	s.Expect("bestmove", time.Second)
	s.Send("\t isready \r")
	s.Expect("readyok", time.Second)
	s.Send("d")
	if l, _ := s.Expect("Fen:", time.Second); l != "Fen: "+after {
		t.Errorf("position after bad input: %q, want %q", l, "Fen: "+after)
	}
	s.Send("go depth 2")
	line, before := s.Expect("bestmove", 5*time.Second)
	checkBestmove(t, line, before, after)
}

// TestNewGoStopsPrevious: a go during a search ends it first; each go gets
// one bestmove.
func TestNewGoStopsPrevious(t *testing.T) {
	s := newSession(t)
	s.Send("go infinite", "go depth 1")
	for i := 0; i < 2; i++ {
		line, before := s.Expect("bestmove", 2*time.Second)
		checkBestmove(t, line, before, chess.StartFEN)
	}
	s.Quiet("bestmove", 100*time.Millisecond)
}

// TestClock: short clocks give a bestmove within the clock, with slack
// for a loaded machine (and -race).
func TestClock(t *testing.T) {
	const slack = 150 * time.Millisecond
	s := newSession(t)
	s.Send("setoption name Move Overhead value 10", "isready")
	s.Expect("readyok", time.Second)
	for _, tc := range []struct {
		moves string
		clock time.Duration
		goCmd string
	}{
		{"", 50 * time.Millisecond, "go wtime 50 btime 50"},
		{"e2e4", 50 * time.Millisecond, "go wtime 50 btime 50"},
		{"e2e4 e7e5", 100 * time.Millisecond, "go wtime 100 btime 100"},
		{"e2e4 e7e5 g1f3", 100 * time.Millisecond, "go wtime 100 btime 100 winc 10 binc 10"},
		{"", 100 * time.Millisecond, "go movetime 100"},
		{"", 20 * time.Millisecond, "go wtime 0 btime 0"},
		{"", 20 * time.Millisecond, "go wtime -500 btime -500"},
		// With time to spare the search may think longer than one move's
		// share; it must still leave most of the clock.
		{"", 1500 * time.Millisecond, "go wtime 3000 btime 3000 movestogo 10"},
	} {
		t.Run(tc.goCmd, func(t *testing.T) {
			s.Send("position startpos moves " + tc.moves)
			start := time.Now()
			s.Send(tc.goCmd)
			s.Expect("bestmove", 5*time.Second)
			if d := time.Since(start); d > tc.clock+slack {
				t.Errorf("%s after %s: bestmove after %v, want at most %v", tc.goCmd, tc.moves, d, tc.clock+slack)
			}
		})
	}
}

// TestOwnBook: with OwnBook and a BookFile, go answers from the book.
func TestOwnBook(t *testing.T) {
	path := linetest.StartBook(t, "e2e4")
	s := newSession(t)
	s.Send("setoption name BookFile value "+path, "setoption name OwnBook value true", "position startpos", "go wtime 1000 btime 1000")
	line, before := s.Expect("bestmove", time.Second)
	if m := checkBestmove(t, line, before, chess.StartFEN); chess.StartPosition().UCI(m) != "e2e4" {
		t.Errorf("book move: %q, want e2e4", line)
	}
	// Out of book: a normal search.
	s.Send("position startpos moves e2e4", "go depth 1")
	line, before = s.Expect("bestmove", 5*time.Second)
	for _, l := range before {
		if strings.Contains(l, "book move") {
			t.Errorf("out of book, but %q", l)
		}
	}
	// A book move in go ponder still waits for ponderhit.
	s.Send("position startpos", "go ponder")
	s.Quiet("bestmove", 200*time.Millisecond)
	s.Send("ponderhit")
	s.Expect("bestmove e2e4", time.Second)
}

func TestSetOption(t *testing.T) {
	s := NewServer(engine.New(), &bytes.Buffer{})
	for _, line := range []string{
		"setoption name hash value 64",
		"setoption name Threads value 3",
		"setoption name Move Overhead value 250",
		"setoption name multipv value 3",
		"setoption name Skill Level value 99",
		"setoption name UCI_LimitStrength value true",
		"setoption name UCI_Elo value 100",
		"setoption name Ponder value TRUE",
		"setoption name OwnBook value true",
		"setoption name Clear Hash",
		"setoption name uci_showwdl value true",
		"setoption name SyzygyProbeDepth value 0",
		"setoption name Syzygy50MoveRule value false",
		"setoption name SyzygyProbeLimit value 5",
		"setoption name UCI_AnalyseMode value true",
	} {
		s.Handle(line)
	}
	want := options{useNNUE: true, threads: 3, hashMB: 64, multiPV: 3, ponder: true, ownBook: true, overhead: 250 * time.Millisecond,
		skill: maxSkillLevel, limitStrength: true, elo: minElo, showWDL: true, analyse: true,
		tb: search.TablebaseOptions{ProbeDepth: 1, Rule50: false, ProbeLimit: 5}}
	if s.opts != want {
		t.Errorf("options %+v, want %+v", s.opts, want)
	}
	if n := s.eng.Threads(); n != 3 {
		t.Errorf("engine has %d threads after setoption Threads 3", n)
	}
	s.maxHashMB = 32 // engine.MaxHashMB, lowered: the table is made at once
	s.Handle("setoption name Hash value 100000")
	if s.opts.hashMB != 32 {
		t.Errorf("Hash 100000 with a cap of 32: %d MiB", s.opts.hashMB)
	}
	if engine.SkillForElo(minElo) != 1 || engine.SkillForElo(maxElo) != engine.MaxSkill {
		t.Errorf("UCI_Elo %d..%d gives skill %d..%d", minElo, maxElo, engine.SkillForElo(minElo), engine.SkillForElo(maxElo))
	}
}

func TestParseGo(t *testing.T) {
	pos := chess.StartPosition()
	e4, _ := pos.ParseUCI("e2e4")
	d4, _ := pos.ParseUCI("d2d4")
	ms := time.Millisecond
	tests := []struct {
		args string
		want search.Limits
	}{
		{"wtime 60000 btime 59000 winc 1000 binc 900 movestogo 20",
			search.Limits{WTime: 60000 * ms, BTime: 59000 * ms, WInc: 1000 * ms, BInc: 900 * ms, MovesToGo: 20}},
		{"depth 7 nodes 12345 mate 3", search.Limits{Depth: 7, Nodes: 12345, Mate: 3}},
		{"movetime 250", search.Limits{MoveTime: 250 * ms}},
		{"infinite searchmoves e2e4 d2d4", search.Limits{Infinite: true, SearchMoves: []chess.Move{e4, d4}}},
		{"searchmoves e2e4 zz depth 3", search.Limits{Depth: 3, SearchMoves: []chess.Move{e4}}},
		{"ponder wtime -30 btime 0 winc -5", search.Limits{Ponder: true, WTime: ms, BTime: ms}},
		{"depth", search.Limits{}},
		{"depth x nodes", search.Limits{}},
		{"frobnicate 3 depth 2", search.Limits{Depth: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.args, func(t *testing.T) {
			got := parseGo(strings.Fields(tc.args), pos)
			if !sameLimits(got, tc.want) {
				t.Errorf("go %s:\n got %+v\nwant %+v", tc.args, got, tc.want)
			}
		})
	}
}

func sameLimits(a, b search.Limits) bool {
	as, bs := a.SearchMoves, b.SearchMoves
	a.SearchMoves, b.SearchMoves = nil, nil
	if len(as) != len(bs) {
		return false
	}
	for i := range as {
		if as[i] != bs[i] {
			return false
		}
	}
	return fmt.Sprintf("%+v", a) == fmt.Sprintf("%+v", b)
}

func TestFormatInfo(t *testing.T) {
	pos := chess.StartPosition()
	e4, _ := pos.ParseUCI("e2e4")
	pos.MakeMove(e4)
	e5, _ := pos.ParseUCI("e7e5")
	tests := []struct {
		info search.Info
		wdl  *[3]int
		want string
	}{
		{search.Info{Depth: 5, SelDepth: 9, MultiPV: 1, Score: 31, Nodes: 12000, NPS: 120000, Time: 100 * time.Millisecond, HashFull: 12, PV: []chess.Move{e4, e5}}, nil,
			"info depth 5 seldepth 9 multipv 1 score cp 31 nodes 12000 nps 120000 hashfull 12 tbhits 0 time 100 pv e2e4 e7e5"},
		{search.Info{Depth: 9, SelDepth: 4, MultiPV: 2, Score: 6 - search.Mate, Nodes: 7, NPS: 99, PV: []chess.Move{e4}}, nil,
			"info depth 9 seldepth 9 multipv 2 score mate -3 nodes 7 nps 99 hashfull 0 tbhits 0 time 0 pv e2e4"},
		{search.Info{Depth: 3, Score: -50, Bound: search.BoundLower, PV: []chess.Move{e4}}, nil,
			"info depth 3 seldepth 3 multipv 1 score cp -50 lowerbound nodes 0 nps 0 hashfull 0 tbhits 0 time 0 pv e2e4"},
		{search.Info{Depth: 3, Score: 20, Bound: search.BoundUpper, PV: []chess.Move{e4}}, nil,
			"info depth 3 seldepth 3 multipv 1 score cp 20 upperbound nodes 0 nps 0 hashfull 0 tbhits 0 time 0 pv e2e4"},
		{search.Info{Depth: 3, Score: 20, Bound: search.BoundUpper, PV: []chess.Move{e4}}, &[3]int{310, 330, 360},
			"info depth 3 seldepth 3 multipv 1 score cp 20 upperbound wdl 310 330 360 nodes 0 nps 0 hashfull 0 tbhits 0 time 0 pv e2e4"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			got := FormatInfo(chess.StartPosition(), tc.info, tc.wdl)
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if !fullInfo.MatchString(got) {
				t.Errorf("%s does not match the fixed pattern", got)
			}
		})
	}
}

// FuzzSession drives the command loop with arbitrary lines: it must never
// panic, and it must end (stopping any search) when the input ends.
func FuzzSession(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\nposition startpos moves e2e4\ngo depth 2\n",
		"go infinite\nstop\n",
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1\ngo\n",
		"go ponder\nponderhit\n",
		"setoption name MultiPV value 2\ngo searchmoves e2e4 d2d4 depth 2\n",
		"position startpos moves e2e4 e7e5 g1f3\r\ngo wtime 10 btime 10\r\n",
		"position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1\ngo nodes 1\nd\n",
		"ucinewgame\ngo mate 1 movetime 5\nstop\nstop\nponderhit\n",
		"setoption name Hash value 999999\nsetoption name Clear Hash\nsetoption name BookFile value /\nsetoption name OwnBook value true\ngo depth 2\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		srv := NewServer(engine.New(), &linetest.SyncBuffer{})
		// A cap instead of a skip: Hash is parsed, checked and applied as
		// ever, within what a fuzzing machine holds (the real cap is
		// engine.MaxHashMB).
		srv.maxHashMB = 8
		srv.maxThreads = 4 // each thread has its own stack and histories
		linetest.ServeWithin(t, srv, input, 10*time.Second)
	})
}

// TestLongLine: a line past maxLine is dropped whole and the session goes on.
func TestLongLine(t *testing.T) {
	s := newSession(t)
	long := "position startpos moves " + strings.Repeat("e2e4 ", maxLine/5+10)
	s.Send(long, "isready")
	s.Expect("readyok", 5*time.Second)
	s.Send("d")
	if l, _ := s.Expect("Fen:", time.Second); l != "Fen: "+chess.StartFEN {
		t.Errorf("after the long line: %q", l)
	}
}

func TestServeEndsOfLines(t *testing.T) {
	var out bytes.Buffer
	// CR LF, a bare CR at the end, and a last line without a newline.
	if err := Run(strings.NewReader("isready\r\nisready\r\nposition startpos moves e2e4\r\nd\nisready"), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Count(got, "readyok\n") != 3 || !strings.Contains(got, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n") {
		t.Errorf("output:\n%s", got)
	}
}

// TestCurrMove: currmove lines come, and only after the first second. A
// report is due when the search starts a new root move, which at a deep
// iteration may be seconds apart, so the test stops the search once it has
// seen one (or after 8 s, which fails).
func TestCurrMove(t *testing.T) {
	if testing.Short() {
		t.Skip("takes a second or more")
	}
	currmove := regexp.MustCompile(`^info depth \d+ currmove [a-h][1-8][a-h][1-8][nbrq]? currmovenumber \d+$`)
	s := newSession(t)
	start := time.Now()
	s.Send("position startpos", "go infinite")
	// (Written from the timer's goroutine: no t.Fatal there.)
	fallback := time.AfterFunc(8*time.Second, func() { io.WriteString(s.In, "stop\n") })
	defer fallback.Stop()
	seen := 0
	deadline := time.After(12 * time.Second)
	for {
		select {
		case l := <-s.Lines:
			if strings.HasPrefix(l, "bestmove") {
				if seen == 0 {
					t.Error("no currmove line in 8 s of go infinite")
				}
				return
			}
			if strings.Contains(l, "currmove") {
				if !currmove.MatchString(l) {
					t.Errorf("bad currmove line %q", l)
				}
				if d := time.Since(start); d < currMoveDelay {
					t.Errorf("currmove after %v, before the first second", d)
				}
				if seen == 0 {
					s.Send("stop")
				}
				seen++
			}
		case <-deadline:
			t.Fatal("no bestmove within 12 s of go infinite")
		}
	}
}

// TestMultiPV: with MultiPV 3 each depth reports three lines, numbered.
func TestMultiPV(t *testing.T) {
	s := newSession(t)
	s.Send("setoption name MultiPV value 3", "position startpos", "go depth 5")
	line, before := s.Expect("bestmove", 10*time.Second)
	checkBestmove(t, line, before, chess.StartFEN)
	var last []string // the multipv numbers at depth 5
	for _, l := range before {
		if fullInfo.MatchString(l) && strings.HasPrefix(l, "info depth 5 ") {
			last = append(last, strings.Fields(l)[6])
		}
	}
	if strings.Join(last, " ") != "1 2 3" {
		t.Errorf("depth 5 lines have multipv %q, want 1 2 3", last)
	}
}

// TestGoMateFindsMate: "go mate 2" finds the mate in two that a search
// capped at depth 2N-1 = 3 missed (it answered c8d7).
func TestGoMateFindsMate(t *testing.T) {
	s := newSession(t)
	s.Send("position fen kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "go mate 2")
	line, before := s.Expect("bestmove", 10*time.Second)
	if !strings.HasPrefix(line, "bestmove a1a6") {
		t.Errorf("go mate 2: %q", line)
	}
	if last := before[len(before)-2]; !strings.Contains(last, "score mate 2 ") {
		t.Errorf("go mate 2: last info %q", last)
	}
}

// TestGoPerft: "go perft N" prints each root move's count and the total,
// Stockfish's way, instead of starting an unlimited search.
func TestGoPerft(t *testing.T) {
	s := newSession(t)
	s.Send("position startpos moves e2e4", "go perft 3")
	_, before := s.Expect("Nodes searched: 13160", 10*time.Second)
	if len(before) != 21 || before[0] != "a7a6: 566" { // 20 replies and a blank line
		t.Errorf("go perft 3: %q", before)
	}
	s.Send("go perft 0")
	s.Expect("info string error: go perft needs a depth", time.Second)
	s.Send("isready")
	s.Expect("readyok", time.Second)
}

// TestGoPerftStops: a deep "go perft" counts on its own goroutine, so
// isready is answered at once and stop ends the count within a second
// (it used to block the reader until the count ended: depth 7 is
// seconds, depth 10 days), without a wrong "Nodes searched" total; quit
// ends a count too.
func TestGoPerftStops(t *testing.T) {
	s := newSession(t)
	s.Send("go perft 10", "isready")
	s.Expect("readyok", time.Second)
	s.Send("stop")
	line, before := s.Expect("info string perft stopped", 2*time.Second)
	if !strings.Contains(line, "of 20 root moves") || slices.ContainsFunc(before, func(l string) bool { return strings.HasPrefix(l, "Nodes searched") }) {
		t.Errorf("stopped perft: %q after %q", line, before)
	}
	s.Send("go perft 2")
	s.Expect("Nodes searched: 400", 2*time.Second)
	s.Send("go perft 10", "go perft 9")
	s.Expect("info string perft stopped", 2*time.Second)
	s.Send("quit")
	s.Expect("info string perft stopped", 2*time.Second)
}

// TestLargeHashAnswersAtOnce: with a 1 GiB table, ucinewgame, Clear
// Hash and a Hash of the same size are answered within a second (they
// used to write zeros over the whole table on the reader: seconds at
// 4 GiB), and the searches before and after them still play.
func TestLargeHashAnswersAtOnce(t *testing.T) {
	s := newSession(t)
	s.Send("setoption name Hash value 1024", "isready")
	s.Expect("readyok", time.Minute) // the time to touch 1 GiB (under -race, on a loaded machine)
	for _, cmd := range []string{"ucinewgame", "setoption name Clear Hash", "setoption name Hash value 1025"} {
		s.Send("position startpos", "go depth 5")
		s.Expect("bestmove", time.Minute)
		s.Send(cmd, "isready")
		s.Expect("readyok", time.Second)
	}
	s.Send("go depth 5")
	s.Expect("bestmove", time.Minute)
}

// TestManyThreadsMeetDeadline: Threads 256 on a machine of fewer CPUs
// says how many a search runs, and go wtime 1 still answers at once
// (it took up to 25 s on 2 cores).
func TestManyThreadsMeetDeadline(t *testing.T) {
	s := newSession(t)
	cpus := runtime.GOMAXPROCS(0)
	s.Send("setoption name Threads value 256")
	if cpus < 256 {
		s.Expect(fmt.Sprintf("info string Threads 256: this machine runs %d at once, so a search runs %d", cpus, cpus), time.Second)
	}
	for range 5 {
		s.Send("position startpos", "go wtime 1 btime 1")
		s.Expect("bestmove", time.Second)
	}
}

// TestChess960: with UCI_Chess960 on, castling is written king-takes-rook
// (in the PV and bestmove too); it is read either way in either mode; a
// Chess960 FEN with Shredder letters is accepted.
func TestChess960(t *testing.T) {
	s := newSession(t)
	italian := "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"
	s.Send(italian, "go perft 1")
	if _, before := s.Expect("Nodes searched: 33", 10*time.Second); !slices.Contains(before, "e1g1: 1") {
		t.Errorf("standard: %q", before)
	}
	s.Send("setoption name UCI_Chess960 value true", italian+" e1g1 g8f6", "go perft 1")
	s.Expect("Nodes searched: 30", 10*time.Second) // e1g1 read as castling
	s.Send(italian, "go perft 1")
	if _, before := s.Expect("Nodes searched: 33", 10*time.Second); !slices.Contains(before, "e1h1: 1") {
		t.Errorf("Chess960: %q", before)
	}
	s.Send(italian, "go searchmoves e1h1 depth 2")
	line, before := s.Expect("bestmove", 10*time.Second)
	if !strings.HasPrefix(line, "bestmove e1h1") || !strings.Contains(before[len(before)-2], " pv e1h1") {
		t.Errorf("%q after %q", line, before)
	}
	// King b1, rooks a1 and g1: O-O-O puts the king on c1 and the rook on d1.
	s.Send("position fen 1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAhb - 0 1 moves b1a1 g8h8", "go perft 1")
	if _, before := s.Expect("Nodes searched:", 10*time.Second); !slices.Contains(before, "d1e1: 1") || !slices.Contains(before, "c1b1: 1") {
		t.Errorf("after O-O-O and O-O: %q", before)
	}
	s.Send("setoption name UCI_Chess960 value false", "position fen rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1", "go perft 1")
	if _, before := s.Expect("Nodes searched:", 10*time.Second); !slices.Contains(before, "b1g1: 1") {
		t.Errorf("a Chess960 FEN without UCI_Chess960: %q", before)
	}
}

// TestGoMovetimeUsesItsTime: "go movetime 500" does not answer early
// (it used to stop deepening after about 55% of it). Load can only make
// the answer later, so the lower bound is safe on a busy machine.
func TestGoMovetimeUsesItsTime(t *testing.T) {
	s := newSession(t)
	s.Send("position startpos")
	start := time.Now()
	s.Send("go movetime 500")
	s.Expect("bestmove", 5*time.Second)
	// The overhead (10 ms by default) is kept back for the pipe.
	if el := time.Since(start); el < 480*time.Millisecond {
		t.Errorf("go movetime 500 answered after %v", el)
	}
}

// TestSyzygyPathRefusals: a directory without tables (SyzygyPath /etc
// was accepted as "0 pieces") is an error that keeps the tables in use,
// and a damaged file is named and refused while the others are kept.
func TestSyzygyPathRefusals(t *testing.T) {
	s := newSession(t)
	empty := t.TempDir()
	os.WriteFile(filepath.Join(empty, "notes.txt"), []byte("x"), 0o644)
	s.Send("setoption name SyzygyPath value ../testdata/syzygy", "setoption name SyzygyPath value "+empty)
	s.Expect("info string syzygy ../testdata/syzygy: 35 tables", 5*time.Second)
	s.Expect("info string error: syzygy "+empty+": no Syzygy tables (*.rtbw files) found; tables unchanged", 5*time.Second)
	s.Send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "go depth 4")
	if _, before := s.Expect("bestmove", 10*time.Second); strings.Contains(before[len(before)-2], " tbhits 0 ") {
		t.Errorf("the tables went with the bad path: %q", before)
	}
	dir := t.TempDir()
	for _, name := range []string{"KQvK.rtbw", "KRvK.rtbw"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "syzygy", name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "KRvK.rtbw" {
			clear(data[len(data)/2 : len(data)-16])
		}
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	s.Send("setoption name SyzygyPath value " + dir)
	s.Expect("info string syzygy "+dir+": 1 table (0 with DTZ), up to 3 pieces", 5*time.Second)
	line, _ := s.Expect("info string syzygy: refused", 5*time.Second)
	if !strings.Contains(line, "KRvK.rtbw") || !strings.Contains(line, "corrupt") {
		t.Errorf("refusal: %q", line)
	}
}

// TestSyzygyPath: with the tables, the search probes them (tbhits > 0)
// and keeps a won ending won; a bad path is reported and changes nothing.
func TestSyzygyPath(t *testing.T) {
	s := newSession(t)
	s.Send("setoption name SyzygyPath value /nonexistent/tables")
	s.Expect("info string error", time.Second)
	s.Send("setoption name SyzygyPath value ../testdata/syzygy")
	s.Expect("info string syzygy ../testdata/syzygy: 35 tables (35 with DTZ), up to 4 pieces", 5*time.Second)
	// KRvK, White to move: every kept root move must still win.
	s.Send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "go depth 6")
	line, before := s.Expect("bestmove", 10*time.Second)
	if !strings.Contains(strings.Join(before, "\n"), " tbhits ") || strings.Contains(before[len(before)-2], " tbhits 0 ") {
		t.Errorf("no tablebase hits: %q", before)
	}
	if strings.HasPrefix(line, "bestmove (none)") {
		t.Errorf("KRvK: %q", line)
	}
	s.Send("setoption name SyzygyPath value <empty>", "isready")
	s.Expect("readyok", time.Second)
}

// TestEvalFile: a bad network file is reported and the engine keeps
// playing with what it had; a good one and UseNNUE switch the evaluation
// (the engine's search then uses the network).
func TestEvalFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.nnue")
	os.WriteFile(bad, []byte("not a network"), 0o644)
	good := filepath.Join(dir, "good.nnue")
	if err := nnue.Default().Save(good); err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	s.Send("setoption name EvalFile value " + bad)
	s.Expect("info string error: "+bad+": not a usable ox88 network", time.Second)
	s.Send("setoption name EvalFile value " + good)
	s.Expect("info string EvalFile "+good+" loaded", time.Second)
	s.Send("setoption name UseNNUE value true", "position startpos", "go depth 4")
	line, before := s.Expect("bestmove", 10*time.Second)
	checkBestmove(t, line, before, chess.StartFEN)
	s.Send("setoption name UseNNUE value false", "go depth 4")
	s.Expect("bestmove", 10*time.Second)
}

// TestSkillLevel: Skill Level takes Stockfish's 0..20 and maps it onto
// ox88's levels, only 20 at full strength; UCI_LimitStrength still rules
// when it is on.
func TestSkillLevel(t *testing.T) {
	want := []int{1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10}
	for level, w := range want {
		if got := engineSkill(level); got != w {
			t.Errorf("Skill Level %d: ox88 level %d, want %d", level, got, w)
		}
	}
	s := NewServer(engine.New(), &linetest.SyncBuffer{})
	for _, tc := range []struct {
		lines []string
		want  int
	}{
		{[]string{"setoption name Skill Level value 0"}, 1},
		{[]string{"setoption name Skill Level value 11"}, 5},
		{[]string{"setoption name Skill Level value -3"}, 1},
		{[]string{"setoption name Skill Level value 25"}, engine.MaxSkill},
		{[]string{"setoption name Skill Level value 3", "setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 2200"}, engine.SkillForElo(2200)},
		{[]string{"setoption name UCI_LimitStrength value false"}, 2},
	} {
		// The cases run in order on one server: each starts where the last
		// left the options.
		t.Run(strings.Join(tc.lines, "; "), func(t *testing.T) {
			for _, l := range tc.lines {
				s.Handle(l)
			}
			s.Handle("go depth 1")
			s.finishSearch()
			if got := s.eng.Skill(); got != tc.want {
				t.Errorf("after %q: engine skill %d, want %d", tc.lines, got, tc.want)
			}
		})
	}
}

// TestShowWDL: with UCI_ShowWDL every info line carries the WDL model's
// chances for its score at the root's material, and none without it.
func TestShowWDL(t *testing.T) {
	s := newSession(t)
	s.Send("position fen 8/8/4k3/8/8/3K4/5Q2/8 w - - 0 1", "go depth 4")
	_, before := s.Expect("bestmove", 10*time.Second)
	for _, l := range before {
		if strings.Contains(l, " wdl ") {
			t.Errorf("UCI_ShowWDL is off, but %q", l)
		}
	}
	s.Send("setoption name UCI_ShowWDL value true", "go depth 4")
	_, before = s.Expect("bestmove", 10*time.Second)
	wdl := regexp.MustCompile(` score cp (-?\d+) (?:(?:lower|upper)bound )?wdl (\d+) (\d+) (\d+) nodes`)
	seen := 0
	for _, l := range before {
		if !strings.HasPrefix(l, "info depth") || strings.Contains(l, "currmove") {
			continue
		}
		m := wdl.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("no wdl in %q", l)
			continue
		}
		score, _ := strconv.Atoi(m[1])
		w, d, l := search.WDL(score, 9) // a queen on the board
		if got := m[2] + " " + m[3] + " " + m[4]; got != fmt.Sprintf("%d %d %d", w, d, l) {
			t.Errorf("score %d: wdl %s, want %d %d %d", score, got, w, d, l)
		}
		seen++
	}
	if seen == 0 {
		t.Errorf("no info line: %q", before)
	}
}
