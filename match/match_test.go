package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/game"
	"ox88/internal/linetest"
	"ox88/match/internal/fakeengine"
	"ox88/match/stats"
	"ox88/opening"
)

// fakeFlag, as the first argument of the test binary, makes it a fake
// engine instead of running the tests (see TestMain).
const fakeFlag = "--fake-engine="

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && strings.HasPrefix(os.Args[1], fakeFlag) {
		os.Exit(fakeengine.Run(strings.TrimPrefix(os.Args[1], fakeFlag), os.Stdin, os.Stdout))
	}
	if len(os.Args) > 1 && os.Args[1] == runnerFlag {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := Main(ctx, os.Args[2:], os.Stdout, os.Stderr, nil)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// fake returns the configuration of a fake engine in mode.
func fake(name, mode string) engineConfig {
	proto := protoUCI
	if strings.HasPrefix(mode, "x") {
		proto = protoXboard
	}
	return engineConfig{Name: name, Cmd: os.Args[0], Args: []string{fakeFlag + mode}, Proto: proto}
}

// withLimits gives every engine the limits l.
func withLimits(l gameLimits, engines ...engineConfig) []engineConfig {
	for i := range engines {
		engines[i].Limits = l
	}
	return engines
}

// runFake plays a short match and returns its result and output. Engines
// without limits get 1000 nodes a move.
func runFake(t *testing.T, cfg *config) (*matchResult, string) {
	t.Helper()
	var out bytes.Buffer
	cfg.Out = &out
	for i := range cfg.Engines {
		if cfg.Engines[i].Limits == (gameLimits{}) {
			cfg.Engines[i].Limits = gameLimits{Nodes: 1000}
		}
	}
	if cfg.Adjudication.MaxMoves == 0 {
		cfg.Adjudication.MaxMoves = 30
	}
	res, err := run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Run: %v\n%s", err, out.String())
	}
	var rep bytes.Buffer
	writeReport(&rep, cfg, res)
	return res, out.String() + rep.String()
}

func TestFaultsLoseTheGame(t *testing.T) {
	tests := []struct {
		mode        string
		limits      gameLimits
		termination string // the text in the "Finished game" line
		fault       func(faultCount) int
	}{
		{fakeengine.Illegal, gameLimits{Nodes: 1000}, "makes an illegal move: a1a8", func(f faultCount) int { return f.Illegal }},
		{fakeengine.Crash, gameLimits{Nodes: 1000}, "disconnects", func(f faultCount) int { return f.Crash }},
		{fakeengine.Hang, gameLimits{Nodes: 1000}, "connection stalls", func(f faultCount) int { return f.Stall }},
		{fakeengine.Hang, gameLimits{TimeControl: clock.TimeControl{Base: 500 * time.Millisecond}}, "loses on time", func(f faultCount) int { return f.Time }},
		{fakeengine.Slow, gameLimits{TimeControl: clock.TimeControl{MoveTime: 100 * time.Millisecond}}, "loses on time", func(f faultCount) int { return f.Time }},
		{fakeengine.XCrash, gameLimits{TimeControl: clock.TimeControl{Base: 5 * time.Second}}, "disconnects", func(f faultCount) int { return f.Crash }},
		{fakeengine.XIllegal, gameLimits{Depth: 3}, "makes an illegal move: a1a8", func(f faultCount) int { return f.Illegal }},
	}
	for _, tc := range tests {
		t.Run(tc.mode+"/"+tc.limits.describe(), func(t *testing.T) {
			t.Parallel()
			good := fake("good", "uci")
			if strings.HasPrefix(tc.mode, "x") {
				good = fake("good", "xboard")
			}
			cfg := &config{
				Engines:     withLimits(tc.limits, good, fake("bad", tc.mode)),
				HangTimeout: 500 * time.Millisecond,
				Games:       2,
			}
			res, out := runFake(t, cfg)
			pr := res.Pairings[0]
			if pr.Tally.Wins != 2 || pr.Tally.Games() != 2 {
				t.Errorf("good engine: %+v, want two wins\n%s", pr.Tally, out)
			}
			if n := tc.fault(pr.Faults[1]); n != 2 {
				t.Errorf("bad engine faults %+v, want 2 of the kind\n%s", pr.Faults[1], out)
			}
			if strings.Count(out, tc.termination+"}\n") != 2 {
				t.Errorf("want %q twice in\n%s", tc.termination, out)
			}
			if tc.mode != fakeengine.Illegal && tc.mode != fakeengine.XIllegal && tc.mode != fakeengine.Slow && res.Restarts != 1 {
				t.Errorf("restarts = %d, want 1 (the engine failed in game 1 and played game 2)", res.Restarts)
			}
		})
	}
}

func TestNormalMatchAndPGN(t *testing.T) {
	dir := t.TempDir()
	var pgn bytes.Buffer
	cfg := &config{
		Engines: withLimits(gameLimits{TimeControl: clock.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}},
			fake("alpha", "uci"), fake("beta", "xboard")),
		Openings:  []Opening{{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}},
		Games:     4,
		PGN:       &pgn,
		Telemetry: true,
	}
	// The fake xboard engine exits on an option it did not declare, as
	// HoiChess does: the runner must send Resign and hold back Hash.
	cfg.Engines[1].Options = []option{{"Resign", "0"}, {"Hash", "16"}}
	res, out := runFake(t, cfg)
	_ = dir
	if res.Games != 4 || res.Pairings[0].Tally.Pairs() != 2 {
		t.Fatalf("games %d pairs %d\n%s", res.Games, res.Pairings[0].Tally.Pairs(), out)
	}
	if f := res.Pairings[0].Faults; f != [2]faultCount{} {
		t.Errorf("faults %+v\n%s", f, out)
	}
	text := pgn.String()
	for _, want := range []string{
		`[Event "ox88 match"]`, `[Round "1"]`, `[Round "2"]`, `[White "alpha"]`, `[Black "alpha"]`,
		`[TimeControl "10+0.1"]`, `[Termination "`, `[PlyCount "`, `[SetUp "1"]`,
		`[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("PGN lacks %s\n%s", want, text)
		}
	}
	// The fake UCI engine reports depth 3, cp 10+n, 100n nodes and
	// "info string tt=n bal=+1 diff=+(9+n)"; the xboard one its thinking.
	uciComment := regexp.MustCompile(`\{d=3 nodes=100 score=\+11 tt=1 bal=\+1 diff=\+10 \d+\.\d\ds\}`)
	if !uciComment.MatchString(text) {
		t.Errorf("no telemetry comment for the UCI engine's first move\n%s", text)
	}
	xbComment := regexp.MustCompile(`\{d=2 nodes=50 score=\+6 \d+\.\d\ds\}`)
	if !xbComment.MatchString(text) {
		t.Errorf("no telemetry comment for the xboard engine's first move\n%s", text)
	}
	// The PGN reads back: four games, each ending as the runner said.
	games, err := game.ParsePGN(text)
	if err != nil || len(games) != 4 {
		t.Fatalf("PGN does not read back: %d games, %v", len(games), err)
	}
	for _, g := range games {
		g.GoTo(g.Len())
		if g.Tag("Termination") == "normal" && !g.Outcome().Over() {
			t.Errorf("a game ended normally but its moves do not end it:\n%s", g.PGN())
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[len(lines)-2], "Score of alpha vs beta: ") ||
		!strings.HasPrefix(lines[len(lines)-1], "Elo difference: ") {
		t.Errorf("the report does not end with cutechess-cli's two lines:\n%s", out)
	}
}

// TestOwnLimitsAndTelemetry: each engine thinks under its own limits (its
// "go" commands say so), the opening's moves are marked as book moves,
// and each game's PGN carries each engine's telemetry, which the report
// sums per engine.
func TestOwnLimitsAndTelemetry(t *testing.T) {
	var pgn bytes.Buffer
	var log linetest.SyncBuffer
	alpha, beta := fake("alpha", "uci"), fake("beta", "uci")
	alpha.Limits = gameLimits{Depth: 3}
	beta.Limits = gameLimits{TimeControl: clock.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}}
	cfg := &config{
		Engines:      []engineConfig{alpha, beta},
		Openings:     []Opening{{FEN: chess.StartFEN, Moves: []string{"e2e4", "e7e5", "g1f3"}}},
		Games:        2,
		PGN:          &pgn,
		EngineLog:    &log,
		Adjudication: adjudicationRules{MaxMoves: 10},
	}
	res, out := runFake(t, cfg)
	if res.Games != 2 {
		t.Fatalf("%d games\n%s", res.Games, out)
	}
	lines := log.String()
	if !strings.Contains(lines, "alpha< go depth 3\n") || regexp.MustCompile(`alpha< go .*time`).MatchString(lines) {
		t.Errorf("alpha at depth 3 was not asked for depth 3 alone:\n%s", lines)
	}
	// Beta's first move, as Black in game 1: its own clock, and White's
	// shown with beta's own figures since alpha has none.
	if !strings.Contains(lines, "beta< go wtime 10000 btime 10000 winc 100 binc 100\n") || strings.Contains(lines, "beta< go depth") {
		t.Errorf("beta on a clock was not asked with its clock:\n%s", lines)
	}
	text := pgn.String()
	for _, want := range []string{`[WhiteTimeControl "-"]`, `[BlackTimeControl "10+0.1"]`, "1. e4 {book} 1... e5 {book} 2. Nf3 {book}"} {
		if !strings.Contains(text, want) {
			t.Errorf("PGN lacks %s:\n%s", want, text)
		}
	}
	if want := "alpha vs beta: 2 games, limits depth=3 for alpha, tc=10s+0.1s for beta\n"; !strings.Contains(out, want) {
		t.Errorf("report lacks %q:\n%s", want, out)
	}
	// The fake engine's n-th search of a game reports depth 3 and 100n
	// nodes; the runner's summary of each side follows from its moves.
	games, err := game.ParsePGN(text)
	if err != nil || len(games) != 2 {
		t.Fatalf("PGN: %d games, %v", len(games), err)
	}
	sums := map[string][3]int{} // by engine: moves, book moves, nodes
	for _, g := range games {
		for side, tag := range []string{"White", "Black"} {
			moves, book := 0, 0
			for ply := 1; ply <= g.Len(); ply++ {
				if (ply-1)%2 != side {
					continue
				}
				if c := g.Comment(ply); strings.HasPrefix(c, "book") {
					book++
				} else {
					moves++
				}
			}
			want := fmt.Sprintf("moves=%d book=%d nodes=%d peak=%d nps=", moves, book, 50*moves*(moves+1), 100*moves)
			if got := g.Tag(tag + "Telemetry"); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, fmt.Sprintf(" depths=3:%d mate=0", moves)) {
				t.Errorf("%sTelemetry %q, want %s... depths=3:%d mate=0", tag, got, want, moves)
			}
			s := sums[g.Tag(tag)]
			sums[g.Tag(tag)] = [3]int{s[0] + moves, s[1] + book, s[2] + 50*moves*(moves+1)}
		}
	}
	for _, name := range []string{"alpha", "beta"} {
		s := sums[name]
		if want := fmt.Sprintf("  %s: moves=%d book=%d nodes=%d ", name, s[0], s[1], s[2]); !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}

func TestPlainComments(t *testing.T) {
	var pgn bytes.Buffer
	cfg := &config{
		Engines: []engineConfig{fake("alpha", "uci"), fake("beta", "uci")},
		Games:   1,
		PGN:     &pgn,
	}
	runFake(t, cfg)
	if !regexp.MustCompile(`1\. \S+ \{\+0\.11/3 \d+\.\d\ds\}`).MatchString(pgn.String()) {
		t.Errorf("no cutechess-style comment {+0.11/3 0.00s}:\n%s", pgn.String())
	}
	if !strings.Contains(pgn.String(), `[TimeControl "-"]`) {
		t.Errorf("fixed nodes should give TimeControl \"-\":\n%s", pgn.String())
	}
}

func TestRoundRobinAndGauntlet(t *testing.T) {
	engines := []engineConfig{fake("a", "uci"), fake("b", "uci"), fake("c", "uci")}
	for _, kind := range []string{roundRobin, gauntlet} {
		cfg := &config{Engines: engines, Tournament: kind, Games: 2, Concurrency: 2}
		res, out := runFake(t, cfg)
		want := 3
		if kind == gauntlet {
			want = 2
		}
		if len(res.Pairings) != want || res.Games != 2*want {
			t.Errorf("%s: %d pairings, %d games\n%s", kind, len(res.Pairings), res.Games, out)
		}
		if got := strings.Count(out, "Score of "); got != want {
			t.Errorf("%s: %d score lines, want %d", kind, got, want)
		}
	}
}

// TestInterruptKillsEverything cancels a match whose engine hangs after
// starting a child process, and checks that Run returns promptly with the
// result so far and that the child is gone too (the process group died).
func TestInterruptKillsEverything(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "child.pid")
	t.Setenv(fakeengine.ChildPIDFile, pidFile)
	cfg := &config{
		Engines:     withLimits(gameLimits{Nodes: 1000}, fake("good", "uci"), fake("spawner", fakeengine.Spawn)),
		HangTimeout: time.Minute,
		Games:       2,
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan *matchResult)
	go func() {
		res, err := run(ctx, cfg)
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	var pid int
	deadline := time.Now().Add(10 * time.Second)
	for pid == 0 && time.Now().Before(deadline) {
		if b, err := os.ReadFile(pidFile); err == nil && len(b) > 0 {
			pid, _ = strconv.Atoi(string(b))
		}
		time.Sleep(20 * time.Millisecond)
	}
	if pid == 0 {
		cancel()
		t.Fatal("the fake engine never started its child")
	}
	cancel()
	select {
	case res := <-done:
		if res == nil || !res.Interrupted {
			t.Errorf("result %+v, want interrupted", res)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
	for i := 0; ; i++ {
		err := syscall.Kill(pid, 0)
		if errors.Is(err, syscall.ESRCH) {
			break
		}
		if i > 100 {
			t.Fatalf("child process %d still exists after the match", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestStartFailure(t *testing.T) {
	cfg := &config{
		Engines:      withLimits(gameLimits{Nodes: 100}, fake("good", "uci"), fake("mute", fakeengine.NoHello)),
		StartTimeout: 300 * time.Millisecond,
	}
	_, err := run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "no uciok") {
		t.Errorf("err = %v, want no uciok", err)
	}
	cfg.Engines[1] = engineConfig{Name: "missing", Cmd: "/nonexistent/engine", Limits: gameLimits{Nodes: 100}}
	if _, err := run(context.Background(), cfg); err == nil {
		t.Error("a missing program should fail the match")
	}
}

func TestSPRTStopsTheMatch(t *testing.T) {
	// The illegal-move engine loses every game; with wide error rates the
	// test accepts H0 after a few pairs, long before the 200 games.
	cfg := &config{
		Engines: []engineConfig{fake("bad", fakeengine.Illegal), fake("good", "uci")},
		Games:   200,
		SPRT:    &stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.4, Beta: 0.4},
	}
	res, out := runFake(t, cfg)
	if res.Stopped != "SPRT: H0 accepted" || res.Games >= 200 {
		t.Errorf("stopped %q after %d games\n%s", res.Stopped, res.Games, out)
	}
}

// TestChess960Match plays Chess960 from the first positions of the
// Chess960 perft suite: a UCI engine gets UCI_Chess960 and castles
// king-takes-rook, an xboard engine gets variant fischerandom and castles
// O-O; the fakes castle whenever they can, and no move is illegal.
func TestChess960Match(t *testing.T) {
	book, err := LoadOpenings("../testdata/chess960.epd", 0)
	if err != nil {
		t.Fatal(err)
	}
	var pgn bytes.Buffer
	var log linetest.SyncBuffer
	cfg := &config{
		Engines:   []engineConfig{fake("u", fakeengine.UCI), fake("x", fakeengine.Xboard)},
		Openings:  book[:3],
		Games:     6,
		PGN:       &pgn,
		EngineLog: &log,
	}
	for i := range cfg.Engines {
		cfg.Engines[i].Limits = gameLimits{Depth: 3}
	}
	res, out := runFake(t, cfg)
	if !cfg.Chess960 || res.Games != 6 {
		t.Fatalf("Chess960 %v, %d games\n%s", cfg.Chess960, res.Games, out)
	}
	for i, f := range res.Pairings[0].Faults {
		if f != (faultCount{}) {
			t.Errorf("engine %d faults %+v\n%s", i, f, out)
		}
	}
	if n := strings.Count(pgn.String(), `[Variant "Chess960"]`); n != 6 {
		t.Errorf("%d Variant tags", n)
	}
	games, err := game.ParsePGN(pgn.String())
	if err != nil || len(games) != 6 {
		t.Fatalf("%d games in the PGN: %v", len(games), err)
	}
	castles := 0
	for _, g := range games {
		if start := g.Start(); !start.Chess960() {
			t.Errorf("not a Chess960 game: %s", g.PGN())
		}
		for _, m := range g.AllMoves() {
			if m.IsCastle() {
				castles++
			}
		}
	}
	if castles < 2 {
		t.Errorf("%d castles", castles)
	}
	// Castling as each engine writes it, and as the runner passes it on.
	for _, want := range []string{"u< setoption name UCI_Chess960 value true", "x< variant fischerandom",
		"u> bestmove g1f1", "x< usermove O-O-O", "x> move O-O-O"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the engine log lacks %q", want)
		}
	}
}

// TestRealEngines plays Stockfish (UCI) against Fairy-Max (xboard, fed the
// opening moves because it cannot set up a position) at a tiny clock.
func TestRealEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("real engines: not in -short")
	}
	sf, err1 := exec.LookPath("/usr/games/stockfish")
	fm, err2 := exec.LookPath("/usr/games/fairymax")
	if err1 != nil || err2 != nil {
		t.Skip("stockfish or fairymax not installed (apt-get install stockfish fairymax)")
	}
	book, err := LoadOpenings("../testdata/openings-8moves-100.pgn", 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config{
		Engines: withLimits(gameLimits{TimeControl: clock.TimeControl{Base: time.Second, Inc: 20 * time.Millisecond}},
			engineConfig{Name: "stockfish", Cmd: sf, Proto: protoUCI, Options: []option{{"Threads", "1"}, {"Hash", "16"}, {"Skill Level", "0"}}},
			engineConfig{Name: "fairymax", Cmd: fm, Proto: protoXboard},
		),
		Openings:     book,
		Margin:       300 * time.Millisecond,
		Games:        2,
		Adjudication: adjudicationRules{MaxMoves: 60},
	}
	res, out := runFake(t, cfg)
	if res.Games != 2 {
		t.Fatalf("%d games\n%s", res.Games, out)
	}
	for i, f := range res.Pairings[0].Faults {
		if f.Illegal+f.Crash+f.Stall > 0 {
			t.Errorf("engine %d faults %+v\n%s", i, f, out)
		}
	}
}

// TestCommandLineErrorsFirst: a bad --tc prints its error and a one-line
// hint, not the 80 lines of usage; a missing engine program fails before
// anything runs, without a report of zero games; an option the engine
// does not declare is sent with a warning naming the ones it has, once.
func TestCommandLineErrorsFirst(t *testing.T) {
	var out, errs bytes.Buffer
	code := Main(context.Background(), []string{"--engine", "cmd=" + os.Args[0], "--engine", "cmd=" + os.Args[0], "--tc", "1+0+x"}, &out, &errs, nil)
	lines := strings.Split(strings.TrimSpace(errs.String()), "\n")
	if code != 2 || len(lines) != 2 || !strings.Contains(lines[0], `invalid value "1+0+x" for flag -tc`) || lines[1] != "ox88 match -h lists the flags" || out.Len() != 0 {
		t.Errorf("bad --tc: exit %d, stderr %q, stdout %q", code, errs.String(), out.String())
	}
	out.Reset()
	errs.Reset()
	code = Main(context.Background(), []string{"--engine", "cmd=/nonexistent/engine", "--engine", "cmd=" + os.Args[0], "--games", "2", "--nodes", "100"}, &out, &errs, nil)
	if code != 2 || out.Len() != 0 || strings.TrimSpace(errs.String()) != "ox88 match: engine engine: stat /nonexistent/engine: no such file or directory" {
		t.Errorf("a missing engine: exit %d, stderr %q, stdout %q", code, errs.String(), out.String())
	}
	var warn bytes.Buffer
	old := stderrSink
	stderrSink = &warn
	defer func() { stderrSink = old }()
	a := fake("a", "uci")
	a.Options = []option{{"Hash", "8"}, {"Foo", "3"}}
	runFake(t, &config{Games: 2, Engines: []engineConfig{a, fake("b", "uci")}})
	if got := warn.String(); got != "ox88 match: engine a declares no option \"Foo\" (it has: Hash); sent anyway\n" {
		t.Errorf("warnings: %q", got)
	}
}

// TestOpeningTags: a game from an opening file's game with ECO and
// Opening tags carries those; one from a game without them is named from
// its own moves (opening.Classify), so the Ruy Lopez reached by 1. Nf3
// Nc6 2. e4 e5 3. Bb5 is named as the Ruy Lopez is.
func TestOpeningTags(t *testing.T) {
	book := filepath.Join(t.TempDir(), "openings.pgn")
	const text = `[Event "named"]
[ECO "C60"]
[Opening "Spanish Game"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 *

[Event "unnamed"]

1. Nf3 Nc6 2. e4 e5 3. Bb5 *
`
	if err := os.WriteFile(book, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ops, err := LoadOpenings(book, 0)
	if err != nil || len(ops) != 2 || ops[0].ECO != "C60" || ops[0].Name != "Spanish Game" || ops[1].ECO != "" {
		t.Fatalf("openings %+v, %v", ops, err)
	}
	var pgn bytes.Buffer
	cfg := &config{Engines: []engineConfig{fake("alpha", "uci"), fake("beta", "uci")}, Openings: ops, Games: 4, PGN: &pgn}
	runFake(t, cfg)
	games, err := game.ParsePGN(pgn.String())
	if err != nil || len(games) != 4 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	named := 0
	for _, g := range games {
		start := g.Start()
		want := opening.Classify(&start, g.AllMoves()).Opening
		if g.AllMoves()[0].String() == "e2e4" {
			want, named = opening.Opening{ECO: "C60", Name: "Spanish Game"}, named+1
		}
		if g.Tag("ECO") != want.ECO || g.Tag("Opening") != want.Name || !strings.HasPrefix(want.Name, "Ruy Lopez") && want.Name != "Spanish Game" {
			t.Errorf("[ECO %q] [Opening %q], want %q %q:\n%s", g.Tag("ECO"), g.Tag("Opening"), want.ECO, want.Name, g.PGN())
		}
	}
	if named != 2 {
		t.Errorf("%d games from the named opening, want 2", named)
	}
}
