package xboard

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/game"
	"ox88/internal/linetest"
	"ox88/internal/version"
	"ox88/search"
)

// session is a conversation with a Server over a pipe.
type session struct{ *linetest.Session[*Server] }

func newSession(t *testing.T) *session {
	t.Helper()
	return &session{linetest.Start(t, func(out io.Writer) *Server { return NewServer(engine.New(), out) })}
}

// thinking matches a thinking line: ply score time nodes pv.
var thinking = regexp.MustCompile(`^\d+ -?\d+ \d+ \d+ \S`)

// checkMove checks a "move" line is legal in fen and returns the move.
func checkMove(t *testing.T, line, fen string) chess.Move {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(line)
	if len(f) != 2 || f[0] != "move" {
		t.Fatalf("bad move line %q", line)
	}
	m, err := pos.ParseUCI(f[1])
	if err != nil {
		t.Fatalf("%q in %s: %v", line, fen, err)
	}
	return m
}

// fen returns the server's current position.
func (s *session) fen() string {
	s.Srv.mu.Lock()
	defer s.Srv.mu.Unlock()
	pos := s.Srv.g.Position()
	return pos.FEN()
}

// sync waits until every command sent so far has been handled.
func (s *session) sync(n int) {
	s.T.Helper()
	s.Send("ping " + string(rune('0'+n%10)))
	s.Expect("pong "+string(rune('0'+n%10)), time.Second)
}

func TestHandshake(t *testing.T) {
	s := newSession(t)
	s.Send("xboard", "protover 2")
	_, lines := s.Expect("feature done=1", time.Second)
	want := []string{
		`feature myname="` + version.Name() + `" ` + mainFeatures,
		`feature option="Hash -spin 16 1 4096"`,
		`feature option="OwnBook -check 0"`,
		`feature option="BookFile -file "`,
		`feature option="SyzygyPath -path "`,
		`feature option="SyzygyProbeDepth -spin 1 1 100"`,
		`feature option="Syzygy50MoveRule -check 1"`,
		`feature option="SyzygyProbeLimit -spin 7 0 7"`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("protover 2 answered\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	for _, f := range []string{"setboard=1", "usermove=1", "ping=1", "san=0", "colors=0", "sigint=0", "analyze=1",
		"memory=1", "smp=1", `egt="syzygy"`, "nps=1", "debug=1"} {
		if !strings.Contains(" "+mainFeatures+" ", " "+f+" ") {
			t.Errorf("feature line lacks %s", f)
		}
	}
	s.Send("accepted setboard", "ping 42")
	s.Expect("pong 42", time.Second)
}

// TestGame plays the engine as Black, then as White after go.
func TestGame(t *testing.T) {
	s := newSession(t)
	s.Send("xboard", "protover 2", "new", "level 0 1 0", "post", "time 6000", "otim 6000", "sd 3", "usermove e2e4")
	line, before := s.Expect("move", 10*time.Second)
	m := checkMove(t, line, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	found := false
	for _, l := range before {
		found = found || thinking.MatchString(l)
	}
	if !found {
		t.Errorf("post is on, but no thinking line before %q: %q", line, before)
	}
	s.sync(1)
	pos, _ := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	pos.MakeMove(m)
	if got := s.fen(); got != pos.FEN() {
		t.Errorf("after the engine's move: %s, want %s", got, pos.FEN())
	}
	// force, a move for each side, then go: the engine plays White.
	// (Black's reply is any legal one: the engine's first move varies.)
	pos.MakeMove(mustMove(t, pos, "g1f3"))
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	reply := ml.Moves[0]
	pos.MakeMove(reply)
	s.Send("force", "usermove g1f3", "usermove "+reply.String(), "nopost", "go")
	line, before = s.Expect("move", 10*time.Second)
	checkMove(t, line, pos.FEN())
	for _, l := range before {
		if thinking.MatchString(l) {
			t.Errorf("nopost, but %q", l)
		}
	}
}

// TestFischerandom: in variant fischerandom the engine sends castling as
// O-O or O-O-O and reads it in SAN, as king-takes-rook or as the king's
// move; new goes back to normal chess.
func TestFischerandom(t *testing.T) {
	s := newSession(t)
	// King g1, rook h1: castling (the rook to f1, the king stays) is
	// White's only legal move.
	s.Send("new", "variant fischerandom", "setboard 5r1k/8/8/8/8/7p/7P/6KR w H - 0 1", "sd 2", "go")
	if line, _ := s.Expect("move", 10*time.Second); line != "move O-O" {
		t.Errorf("got %q, want move O-O", line)
	}
	s.sync(1)
	if got := s.fen(); got != "5r1k/8/8/8/8/7p/7P/5RK1 b - - 1 1" {
		t.Errorf("after O-O: %s", got)
	}
	for i, move := range []string{"O-O-O", "b1a1", "b1c1"} {
		s.Send("force", "setboard r3k3/8/8/8/8/8/8/RK6 w Aa - 0 1", "usermove "+move)
		s.sync(i + 2)
		want := "r3k3/8/8/8/8/8/8/2KR4 b q - 1 1"
		if move == "b1c1" { // the king's step: castling is b1a1 here
			want = "r3k3/8/8/8/8/8/8/R1K5 b q - 1 1"
		}
		if got := s.fen(); got != want {
			t.Errorf("usermove %s: %s, want %s", move, got, want)
		}
	}
	s.Send("new")
	s.sync(6)
	if s.Srv.chess960 {
		t.Error("new keeps variant fischerandom")
	}
}

func mustMove(t *testing.T, pos *chess.Position, s string) chess.Move {
	t.Helper()
	m, err := pos.ParseUCI(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestErrors: illegal moves, unknown commands and bad settings are
// reported in the protocol's words and change nothing.
func TestErrors(t *testing.T) {
	s := newSession(t)
	s.Send("new", "force")
	tests := []struct{ input, want string }{
		{"usermove e2e5", "Illegal move: e2e5"},
		{"usermove", "Illegal move: "},
		{"usermove Ke2", "Illegal move: Ke2"},
		{"frobnicate 3", "Error (unknown command): frobnicate 3"},
		{"setboard 8/8/8/8/8/8/8/8 w - - 0 1", "Error (illegal position): setboard 8/8/8/8/8/8/8/8 w - - 0 1"},
		{"level 40", "Error (level needs three values: MPS BASE INC): level 40"},
		{"level 40 x 0", `Error (bad base time "x"): level 40 x 0`},
		{"st -1", "Error (bad seconds per move): st -1"},
		{"sd deep", "Error (bad depth): sd deep"},
		{"time soon", `Error (bad time "soon"): time soon`},
		{"undo", "Error (no move to take back): undo"},
		{"variant suicide", "Error (unsupported variant): variant suicide"},
		{"variant", "Error (unsupported variant): variant"},
	}
	for _, tc := range tests {
		t.Run(tc.input, func(t *testing.T) {
			s.Send(tc.input)
			l, _ := s.Expect("", time.Second)
			if strings.HasPrefix(tc.input, "setboard") {
				s.Expect("# ", time.Second) // the reason, as a debug line
			}
			if l != tc.want {
				t.Errorf("%q: got %q, want %q", tc.input, l, tc.want)
			}
		})
	}
	s.sync(2)
	if got := s.fen(); got != chess.StartFEN {
		t.Errorf("position changed by bad input: %s", got)
	}
	// Bare moves (protocol version 1, or a person typing) are accepted.
	s.Send("e2e4", "e7e5", "Nf3")
	s.sync(3)
	if got := s.fen(); got != "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" {
		t.Errorf("after bare moves: %s", got)
	}
	s.Send("remove")
	s.sync(4)
	if got := s.fen(); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" {
		t.Errorf("after remove: %s", got)
	}
	s.Send("undo")
	s.sync(5)
	if got := s.fen(); got != chess.StartFEN {
		t.Errorf("after undo: %s", got)
	}
}

// TestClaims: the engine claims mate when it gives it and when the
// opponent does.
func TestClaims(t *testing.T) {
	s := newSession(t)
	s.Send("new", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "sd 2", "go")
	if l, _ := s.Expect("move", 5*time.Second); l != "move a1a8" {
		t.Errorf("mate in one: %q", l)
	}
	if l, _ := s.Expect("", time.Second); l != "1-0 {White mates}" {
		t.Errorf("after mate: %q, want the claim", l)
	}
	// The opponent mates the engine (playother: the engine plays White).
	s.Send("new", "setboard 1r4k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "playother", "usermove b8b1")
	if l, _ := s.Expect("", time.Second); l != "0-1 {Black mates}" {
		t.Errorf("the opponent mates: %q", l)
	}
	// After a result no more moves come.
	s.Send("result 0-1 {Black mates}", "ping 8")
	s.Expect("pong 8", time.Second)
}

func TestClaim(t *testing.T) {
	tests := []struct {
		fen, moves, want string
	}{
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "", "1-0 {White mates}"},
		{"6k1/8/8/8/8/8/5PPP/4r1K1 w - - 0 1", "", "0-1 {Black mates}"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "1/2-1/2 {Stalemate}"},
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", "", "1/2-1/2 {Draw by insufficient material}"},
		{"8/8/4k3/8/8/3K4/6N1/8 w - - 0 1", "", "1/2-1/2 {Draw by insufficient material}"},
		{"8/8/4k3/3b4/8/3K4/6B1/8 w - - 0 1", "", "1/2-1/2 {Draw by insufficient material}"}, // d5 and g2: both light
		{"8/8/4k3/2b5/8/3K4/6B1/8 w - - 0 1", "", ""},                                        // c5 dark, g2 light
		{"8/8/4k3/8/8/3K4/5NN1/8 w - - 0 1", "", ""},
		{"8/8/4k3/8/8/3K4/6P1/8 w - - 0 1", "", ""},
		{"8/8/4k3/8/8/3K4/6R1/8 w - - 99 80", "g2g3", "1/2-1/2 {Draw by fifty move rule}"},
		// A third repetition on the hundredth quiet ply: repetition comes
		// first, in game.Game.Outcome's order.
		{"8/8/4k3/8/8/3K4/6R1/8 w - - 92 80", "d3d4 e6e7 d4d3 e7e6 d3d4 e6e7 d4d3 e7e6", "1/2-1/2 {Draw by repetition}"},
		{chess.StartFEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1", ""},
		{chess.StartFEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "1/2-1/2 {Draw by repetition}"},
		{chess.StartFEN, "g1f3 g8f6 f3g1 f6g8 e2e4 e7e5 g1f3 g8f6 f3g1 f6g8", ""}, // a pawn move in between
	}
	for _, tc := range tests {
		t.Run(tc.fen, func(t *testing.T) {
			g, err := game.NewFromFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range strings.Fields(tc.moves) {
				if _, err := g.PlayString(w); err != nil {
					t.Fatal(err)
				}
			}
			got, over := claim(g)
			if got != tc.want || over != (tc.want != "") {
				t.Errorf("%s + %q: got %q %v, want %q", tc.fen, tc.moves, got, over, tc.want)
			}
		})
	}
}

// TestAnalyze: analysis writes thinking lines, follows the position, and
// never plays a move.
func TestAnalyze(t *testing.T) {
	s := newSession(t)
	s.Send("new", "force", "analyze")
	s.Expect("", 5*time.Second) // a thinking line
	s.Send("usermove e2e4")
	s.sync(1)
	got := s.Quiet("move", 300*time.Millisecond)
	black := 0
	for _, l := range got {
		if !thinking.MatchString(l) {
			t.Errorf("analysis wrote %q", l)
			continue
		}
		// Once restarted, the PV starts with a Black move (SAN, a8..h5 area).
		black++
	}
	if black == 0 {
		t.Error("no thinking line after the move")
	}
	s.Send("exit")
	s.sync(2)
	s.Quiet("", 200*time.Millisecond)
}

// TestMoveNow: "?" ends a long think with a move at once.
func TestMoveNow(t *testing.T) {
	s := newSession(t)
	s.Send("new", "st 1000", "go")
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	s.Send("?")
	line, _ := s.Expect("move", 2*time.Second)
	checkMove(t, line, chess.StartFEN)
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("move %v after ?", d)
	}
}

func TestLimits(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		level      []string
		st         time.Duration
		sd         int
		mine, opp  time.Duration
		side       chess.Color
		made       int
		want       search.Limits
		haveClocks bool
	}{
		// 40 moves in 5 minutes; the engine (White) has made 10: 30 to go.
		{level: []string{"40", "5", "0"}, mine: 200000 * ms, opp: 250000 * ms, haveClocks: true, side: chess.White, made: 10,
			want: search.Limits{WTime: 200000 * ms, BTime: 250000 * ms, MovesToGo: 30}},
		// After 40 moves a new session of 40 starts.
		{level: []string{"40", "5", "0"}, mine: 1000 * ms, opp: 2000 * ms, haveClocks: true, side: chess.Black, made: 40,
			want: search.Limits{WTime: 2000 * ms, BTime: 1000 * ms, MovesToGo: 40}},
		// Base in minutes:seconds, fractional increment, no time received yet.
		{level: []string{"0", "0:30", "0.5"}, side: chess.White,
			want: search.Limits{WTime: 30000 * ms, BTime: 30000 * ms, WInc: 500 * ms, BInc: 500 * ms}},
		// The clock below zero still gives a positive budget.
		{level: []string{"0", "1", "0"}, mine: -50 * ms, opp: 100 * ms, haveClocks: true, side: chess.White,
			want: search.Limits{WTime: clock.MinTime, BTime: 100 * ms}},
		{st: 2 * time.Second, sd: 4, want: search.Limits{MoveTime: 2 * time.Second, Depth: 4}},
		{sd: 6, want: search.Limits{Depth: 6}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%+v", tc), func(t *testing.T) {
			var tc2 timeControl
			if tc.level != nil {
				var err error
				if tc2.TimeControl, err = clock.ParseLevel(tc.level); err != nil {
					t.Fatal(err)
				}
			}
			if tc.st > 0 {
				tc2.TimeControl = clock.TimeControl{MoveTime: tc.st}
			}
			tc2.depth = tc.sd
			tc2.mine, tc2.theirs, tc2.haveClock = tc.mine, tc.opp, tc.haveClocks
			if got := tc2.limits(tc.side, tc.made); got.WTime != tc.want.WTime || got.BTime != tc.want.BTime ||
				got.WInc != tc.want.WInc || got.BInc != tc.want.BInc || got.MovesToGo != tc.want.MovesToGo ||
				got.MoveTime != tc.want.MoveTime || got.Depth != tc.want.Depth || got.MoveOverhead != moveOverhead {
				t.Errorf("%+v:\n got %+v\nwant %+v", tc, got, tc.want)
			}
		})
	}
	if d, err := parseCentiseconds([]string{"12345"}); err != nil || d != 123450*ms {
		t.Errorf("time 12345 = %v, %v", d, err)
	}
}

// TestClock: with little time on the clock the move comes in time.
func TestClock(t *testing.T) {
	const slack = 150 * time.Millisecond
	s := newSession(t)
	for _, cs := range []int{5, 10, 20} {
		s.Send("new", "level 0 0:01 0", "time "+strconv.Itoa(cs), "otim 100")
		start := time.Now()
		s.Send("go")
		s.Expect("move", 5*time.Second)
		if d, lim := time.Since(start), time.Duration(cs)*10*time.Millisecond+slack; d > lim {
			t.Errorf("time %d: move after %v, want at most %v", cs, d, lim)
		}
	}
}

// FuzzSession drives the command loop with arbitrary lines: no panic, and
// the session ends when the input does.
func FuzzSession(f *testing.F) {
	for _, seed := range []string{
		"xboard\nprotover 2\nnew\nusermove e2e4\n",
		"new\nforce\ne2e4\ne7e5\nremove\nundo\ngo\n?\n",
		"analyze\nusermove d2d4\nundo\nexit\n",
		"setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo\nresult 1-0\n",
		"level 40 0:30 1.5\ntime 100\notim 50\nst 1\nsd 2\nplayother\nusermove g1f3\n",
		"memory 64\ncores 4\nnew\nnps 1000\nst 2\ngo\nping 1\n",
		"option Hash=3\noption OwnBook=1\noption BookFile=\negtpath syzygy ../testdata/syzygy\nsetboard 8/8/8/4k3/8/8/8/R3K3 w - - 0 1\nsd 3\ngo\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		srv := NewServer(engine.New(), &linetest.SyncBuffer{})
		// Caps instead of skips: memory, Hash and cores are parsed,
		// checked and applied as ever, within what a fuzzing machine
		// holds (the real caps are engine.MaxHashMB and search.MaxThreads).
		srv.maxHashMB, srv.maxThreads = 8, 2
		linetest.ServeWithin(t, srv, input, 10*time.Second)
	})
}

// TestPongAfterMove: a ping that arrives while the engine thinks on its
// move is answered after the move, as the protocol asks ("you must not
// send the pong reply until after you send your move"): python-chess
// waits for the move, then pings, and takes the pong as the end of it.
func TestPongAfterMove(t *testing.T) {
	s := newSession(t)
	s.Send("new", "st 0.3", "go", "ping 5")
	_, before := s.Expect("pong 5", 5*time.Second)
	if len(before) != 1 || !strings.HasPrefix(before[0], "move ") {
		t.Errorf("before pong 5: %q, want the move", before)
	}
	// "?" then ping: the move that "?" asks for comes first.
	s.Send("new", "st 30", "go", "?", "ping 6")
	_, before = s.Expect("pong 6", 5*time.Second)
	if len(before) != 1 || !strings.HasPrefix(before[0], "move ") {
		t.Errorf("before pong 6: %q, want the move", before)
	}
	// A ping during an analysis is answered at once.
	s.Send("new", "force", "analyze", "ping 7")
	s.Expect("pong 7", time.Second)
	s.Send("exit")
}

// TestGoOnFinishedGame: go on a position the rules have ended claims the
// result instead of staying silent (a client waiting for a move would
// wait for ever).
func TestGoOnFinishedGame(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct{ fen, want string }{
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "1-0 {White mates}"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "1/2-1/2 {Stalemate}"},
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", "1/2-1/2 {Draw by insufficient material}"},
	} {
		t.Run(tc.fen, func(t *testing.T) {
			s.Send("new", "setboard "+tc.fen, "go", "ping 1")
			_, before := s.Expect("pong 1", 5*time.Second)
			if len(before) != 1 || before[0] != tc.want {
				t.Errorf("go on %s: %q, want %q", tc.fen, before, tc.want)
			}
		})
	}
}

// TestNPS: "nps N" makes the engine count time in nodes: st S allows S*N
// nodes a move (python-chess's node limit sends "nps 1" and "st NODES",
// beyond clock.MaxTime when NODES is large).
func TestNPS(t *testing.T) {
	s := newSession(t)
	s.Send("new", "nps 1", "st 400", "post", "ping 1")
	if _, before := s.Expect("pong 1", time.Second); len(before) != 0 {
		t.Fatalf("nps 1, st 400: %q", before)
	}
	s.Send("go")
	line, before := s.Expect("move", 10*time.Second)
	checkMove(t, line, chess.StartFEN)
	for _, l := range before {
		if f := strings.Fields(l); thinking.MatchString(l) {
			if n, _ := strconv.Atoi(f[3]); n > 400 {
				t.Errorf("%d nodes with a budget of 400: %q", n, l)
			}
		}
	}
	s.Send("new", "nps 1", "st 1000000", "ping 2")
	if _, before := s.Expect("pong 2", time.Second); len(before) != 0 {
		t.Errorf("nps 1, st 1000000: %q", before)
	}
	s.Send("nps -5", "nps many")
	for _, want := range []string{"Error (bad node rate): nps -5", "Error (bad node rate): nps many"} {
		if l, _ := s.Expect("", time.Second); l != want {
			t.Errorf("got %q, want %q", l, want)
		}
	}
}

// TestLongLine: a line past maxLine is dropped with an error, and the
// session goes on.
func TestLongLine(t *testing.T) {
	s := newSession(t)
	// Written from a goroutine: a server that stops reading must fail the
	// test, not block it.
	go io.WriteString(s.In, "new\nforce\nusermove "+strings.Repeat("e2e4", maxLine/4+1)+"\nusermove e2e4\nping 1\n")
	_, before := s.Expect("pong 1", 5*time.Second)
	if want := fmt.Sprintf("Error (line too long): a line of more than %d bytes was ignored", maxLine); len(before) != 1 || before[0] != want {
		t.Errorf("after a long line: %q, want %q", before, want)
	}
	if got := s.fen(); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" {
		t.Errorf("the move after the long line: %s", got)
	}
}

// TestNodeBudget: under nps the time limits become nodes: st whole, a
// clock's soft budget, at least one node; no time control stays none.
func TestNodeBudget(t *testing.T) {
	level, err := clock.ParseLevel([]string{"0", "1", "1"})
	if err != nil {
		t.Fatal(err)
	}
	soft, _ := search.TimeBudget(60*time.Second, time.Second, 0, 0)
	clockNodes := uint64(math.Round(soft.Seconds() * 1000))
	st := func(d time.Duration) clock.TimeControl { return clock.TimeControl{MoveTime: d} }
	for _, tc := range []struct {
		tc   timeControl
		side chess.Color
		want search.Limits
	}{
		// The protocol's example: st 8 and nps 10000 allow 80,000 nodes.
		{timeControl{TimeControl: st(8 * time.Second), nps: 10000}, chess.White, search.Limits{Nodes: 80000}},
		// python-chess's node limit: nps 1, st NODES.
		{timeControl{TimeControl: st(1e6 * time.Second), nps: 1, depth: 5}, chess.Black, search.Limits{Nodes: 1e6, Depth: 5}},
		{timeControl{TimeControl: st(time.Millisecond), nps: 1}, chess.White, search.Limits{Nodes: 1}},
		{timeControl{TimeControl: level, nps: 1000, mine: 60 * time.Second, theirs: 30 * time.Second, haveClock: true}, chess.White, search.Limits{Nodes: clockNodes}},
		{timeControl{TimeControl: level, nps: 1000, mine: 60 * time.Second, theirs: 30 * time.Second, haveClock: true}, chess.Black, search.Limits{Nodes: clockNodes}},
		{timeControl{nps: 1000, depth: 4}, chess.White, search.Limits{Depth: 4, MoveOverhead: moveOverhead}},
	} {
		t.Run(fmt.Sprintf("%+v", tc), func(t *testing.T) {
			if got := tc.tc.limits(tc.side, 0); fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", tc.want) {
				t.Errorf("%+v, %v:\n got %+v\nwant %+v", tc.tc, tc.side, got, tc.want)
			}
		})
	}
}

// TestHintBookAndStatus: hint answers "Hint: MOVE" with a legal move
// (a short search when idle, the analysis's best move while analysing),
// bk answers tab-led lines and a blank line, "." answers stat01 while
// analysing, and the name carries the revision as UCI's id name does
// (all four once went unanswered or bare).
func TestHintBookAndStatus(t *testing.T) {
	s := newSession(t)
	s.Send("xboard", "protover 2")
	if l, _ := s.Expect("feature myname", time.Second); !strings.HasPrefix(l, `feature myname="`+version.Name()+`" `) || !strings.Contains(version.Name(), "ox88") {
		t.Errorf("myname: %q", l)
	}
	s.Expect("feature done=1", time.Second)
	s.Send("new", "force", "e2e4", "hint")
	l, _ := s.Expect("Hint:", time.Minute) // a 50,000-node search, slow under -race
	pos := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if _, err := pos.ParseUCI(strings.TrimPrefix(l, "Hint: ")); err != nil {
		t.Errorf("%q: %v", l, err)
	}
	s.Send("bk", "ping 1")
	s.expectLines("\tno opening book (option BookFile sets one)", "", "pong 1")
	s.Send("analyze")
	s.Expect("", 30*time.Second) // the first thinking line
	s.Send(".", "hint")
	stat, _ := s.Expect("stat01:", 30*time.Second)
	if f := strings.Fields(stat); len(f) < 6 || f[5] != "20" && f[5] != "" {
		t.Errorf("stat01 %q", stat)
	}
	l, _ = s.Expect("Hint:", 30*time.Second)
	if _, err := pos.ParseUCI(strings.TrimPrefix(l, "Hint: ")); err != nil {
		t.Errorf("analysis hint %q: %v", l, err)
	}
	s.Send("exit", "ping 2")
	s.Expect("pong 2", 30*time.Second)

	path := linetest.StartBook(t, "e2e4", "e2e4", "e2e4", "d2d4")
	s.Send("option BookFile="+path, "new", "bk", "ping 3")
	s.Expect("# book", time.Second)
	s.expectLines("\te4 75%", "\td4 25%", "", "pong 3")
}
