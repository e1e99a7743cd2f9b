package match

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/match/stats"
)

func TestParseEngineAndArgs(t *testing.T) {
	base, err := parseEngine([]string{"proto=xboard", "option.Hash=16"}, engineConfig{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := parseEngine([]string{"cmd=/usr/games/gnuchess", `args=--uci "-x y"`, "name=GNU Chess", "option.Hash=32", "option.Skill Level=4", "proto=uci"}, base)
	if err != nil {
		t.Fatal(err)
	}
	want := engineConfig{Name: "GNU Chess", Cmd: "/usr/games/gnuchess", Args: []string{"--uci", "-x y"}, Proto: protoUCI,
		Options: []option{{"Hash", "32"}, {"Skill Level", "4"}}}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("got %+v\nwant %+v", e, want)
	}
	for _, bad := range [][]string{{"cmd"}, {"proto=cecp"}, {"colour=red"}, {"option.=1"}, {`args="open`}} {
		if _, err := parseEngine(bad, engineConfig{}); err == nil {
			t.Errorf("parseEngine(%q) accepted", bad)
		}
	}
}

func TestParseArgs(t *testing.T) {
	cfg, err := parseArgs(strings.Fields(
		"--engine cmd=a name=A --engine cmd=b name=B proto=xboard -each option.Hash=8 "+
			"--tc 10+0.1 --games 100 --concurrency 2 --order random --seed 7 --tournament gauntlet "+
			"--draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 --maxmoves 200 "+
			"--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --telemetry --margin 50 --pgnout g.pgn"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Engines) != 2 || cfg.Engines[1].Proto != protoXboard || cfg.Engines[0].Options[0] != (option{"Hash", "8"}) {
		t.Errorf("engines %+v", cfg.Engines)
	}
	for _, e := range cfg.Engines {
		if e.Limits.TimeControl != (clock.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}) || e.Limits.describe() != "tc=10s+0.1s" {
			t.Errorf("--tc 10+0.1 gave %+v (%s)", e.Limits, e.Limits.describe())
		}
	}
	if cfg.Games != 100 || cfg.Concurrency != 2 || !cfg.RandomOrder || cfg.Seed != 7 || !cfg.SeedGiven || cfg.Tournament != gauntlet || !cfg.Telemetry {
		t.Errorf("config %+v", cfg)
	}
	wantAdj := adjudicationRules{DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10, ResignMoveCount: 3, ResignScore: 600, MaxMoves: 200}
	if cfg.Adjudication != wantAdj || *cfg.SPRT != (stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}) || cfg.Margin != 50*time.Millisecond {
		t.Errorf("adjudication %+v sprt %+v margin %v", cfg.Adjudication, cfg.SPRT, cfg.Margin)
	}
	if cfg.PGNPath != "g.pgn" || cfg.JournalPath != "g.pgn.journal" || cfg.Resume {
		t.Errorf("pgnout %q journal %q resume %v", cfg.PGNPath, cfg.JournalPath, cfg.Resume)
	}
	cfg, err = parseArgs([]string{"--engine", "cmd=a", "--engine", "cmd=b", "--rounds", "5", "--st", "0.5", "--journal=j", "--resume"}, io.Discard)
	if err != nil || cfg.Games != 10 || cfg.Engines[1].Limits.MoveTime != 500*time.Millisecond || cfg.JournalPath != "j" || !cfg.Resume {
		t.Errorf("rounds/st/journal: %+v %v", cfg, err)
	}
	// cutechess-cli's spellings: -openings file=... and a single-word -engine=.
	cfg, err = parseArgs(strings.Fields("-engine=cmd=a -engine cmd=b --depth 3 --openings file=book.epd format=pgn order=random plies=6"), io.Discard)
	if err != nil || len(cfg.Engines) != 2 || cfg.openingsFile != "book.epd" || cfg.openingsFormat != "pgn" || !cfg.RandomOrder || cfg.openingPlies != 6 {
		t.Errorf("--openings file=: %+v %v", cfg, err)
	}
	for _, tc := range []struct{ name, args, err string }{
		{"clock and time per move", "--engine cmd=a --engine cmd=b --tc 40/5m+3s --st 1",
			"engine a: a clock (tc=, --tc) and a time per move (st=, --st) exclude each other, as in cutechess-cli"},
		{"no limit", "--engine cmd=a --engine cmd=b", "engine a: no limit: give --tc, --st, --nodes or --depth, or tc=, st=, nodes=, depth= in its --engine"},
		{"xboard nodes", "--engine cmd=a --engine cmd=b proto=xboard --nodes 5", "engine b: xboard has no node limit; use tc=, st= or depth="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseArgs(strings.Fields(tc.args), io.Discard)
			if err == nil {
				err = cfg.validate()
			}
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s:\n got %v\nwant %s", tc.args, err, tc.err)
			}
		})
	}
	for _, tc := range []struct{ name, args, err string }{
		{"sprt bounds", "--sprt elo0=5 elo1=0", "--sprt: want elo0 < elo1 and alpha, beta in (0, 0.5)"},
		{"draw movecount", "--draw score=3", "--draw: movecount=M missing"},
		{"openings file", "--openings order=random", "--openings: file=FILE missing"},
		{"openings format", "--openings file=a.epd format=fen", "--openings: format=fen: want epd or pgn"},
		{"engine key", "--engine cmd=a colour=red", `engine setting "colour=red": unknown key "colour"`},
		{"engine tc", "--engine cmd=a tc=x", `engine setting "tc=x": time control "x": bad time "x": want seconds (10, 0.5), minutes:seconds (2:30) or a time with units h, m, s, ms (5m, 1m30s)`},
		{"each nodes", "--each nodes=-1", `--each: engine setting "nodes=-1": nodes "-1": want a whole number`},
		{"stray argument", "stray", `unexpected argument "stray" (ox88 match -h lists the flags)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := parseArgs(strings.Fields(tc.args), io.Discard); err == nil || err.Error() != tc.err {
				t.Errorf("%s:\n got %v\nwant %s", tc.args, err, tc.err)
			}
		})
	}
	// Errors of package flag's own: printed by it, with the usage.
	for _, bad := range []string{"--tc x", "--games 0", "--order shuffle", "--bogus 1", "--seed x"} {
		t.Run(bad, func(t *testing.T) {
			if _, err := parseArgs(strings.Fields(bad), io.Discard); !errors.Is(err, errPrinted) {
				t.Errorf("parseArgs(%q): %v, want a flag error", bad, err)
			}
		})
	}
}

// TestChess960Flags: --chess960 names start positions, which make the
// match Chess960 (UCI engines get UCI_Chess960); bad lists are refused.
func TestChess960Flags(t *testing.T) {
	// validate looks the programs up: the test binary stands in for both.
	self := "cmd=" + os.Args[0]
	cfg, err := parseArgs(strings.Fields("--engine "+self+" --engine "+self+" proto=xboard --depth 2 --chess960 0,518,957-959"), io.Discard)
	if err != nil || len(cfg.Openings) != 5 || cfg.Openings[1].FEN != chess.StartFEN || !strings.HasPrefix(cfg.Openings[4].FEN, "rkrnnqbb/") {
		t.Fatalf("--chess960: %+v %v", cfg, err)
	}
	if err := cfg.validate(); err != nil || !cfg.Chess960 || len(cfg.Engines[0].Options) != 1 || cfg.Engines[0].Options[0] != (option{"UCI_Chess960", "true"}) || len(cfg.Engines[1].Options) != 0 {
		t.Errorf("--chess960: %v %v %+v", err, cfg.Chess960, cfg.Engines)
	}
	for _, bad := range []string{"--chess960 960", "--chess960 5-3", "--chess960 x", "--variant atomic", "--chess960 1 --openings b.epd"} {
		if _, err := parseArgs(strings.Fields("--engine cmd=a --engine cmd=b "+bad), io.Discard); err == nil {
			t.Errorf("parseArgs(%q) accepted", bad)
		}
	}
	cfg, err = parseArgs(strings.Fields("--engine cmd=a --engine cmd=b --variant fischerandom"), io.Discard)
	if err != nil || !cfg.Chess960 {
		t.Errorf("--variant fischerandom: %v %v", cfg, err)
	}
}

// TestEngineLimits: each engine's own limits, over those every engine gets.
func TestEngineLimits(t *testing.T) {
	cfg, err := parseArgs(strings.Fields("--tc 10+0.1 --engine cmd=sf depth=8 tc=none --engine cmd=ox88 nodes=5000 "+
		"--engine cmd=c st=0.5 --engine cmd=d --each depth=4"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"depth=8", "tc=10s+0.1s nodes=5000 depth=4", "tc=0.5s/move depth=4", "tc=10s+0.1s depth=4"}
	for i, e := range cfg.Engines {
		if got := e.Limits.describe(); got != want[i] {
			t.Errorf("engine %s: limits %q, want %q", e.Cmd, got, want[i])
		}
	}
}

func TestLoadOpenings(t *testing.T) {
	pgn, err := LoadOpenings("../testdata/openings-8moves-100.pgn", 0)
	if err != nil {
		t.Fatal(err)
	}
	epd, err := LoadOpenings("../testdata/openings-8moves-100.epd", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(pgn) != 100 || len(epd) != 100 {
		t.Fatalf("%d PGN and %d EPD openings, want 100 each", len(pgn), len(epd))
	}
	// The EPD file holds the final positions of the PGN games.
	for i := range pgn {
		if pgn[i].FEN != chess.StartFEN || len(pgn[i].Moves) != 16 {
			t.Fatalf("PGN opening %d: %+v", i, pgn[i])
		}
		pos, _ := chess.ParseFEN(pgn[i].FEN)
		for _, s := range pgn[i].Moves {
			m, err := pos.ParseUCI(s)
			if err != nil {
				t.Fatal(err)
			}
			pos.MakeMove(m)
		}
		want, _ := chess.ParseFEN(epd[i].FEN)
		if pos.Key() != want.Key() {
			t.Errorf("opening %d: PGN ends at %s, EPD has %s", i, pos.FEN(), epd[i].FEN)
		}
	}
	cut, _ := LoadOpenings("../testdata/openings-8moves-100.pgn", 4)
	if len(cut[0].Moves) != 4 {
		t.Errorf("--plies 4 kept %d moves", len(cut[0].Moves))
	}
	// Random order is a permutation fixed by the seed.
	a, b := newOpeningPicker(pgn, true, 42), newOpeningPicker(pgn, true, 42)
	seen := map[int]bool{}
	for k := range 100 {
		if !reflect.DeepEqual(a.forPair(k), b.forPair(k)) {
			t.Fatal("same seed, different order")
		}
		seen[a.order[k]] = true
	}
	if len(seen) != 100 {
		t.Errorf("random order repeats openings: %d distinct", len(seen))
	}
}

func TestParseUCIInfo(t *testing.T) {
	var si searchInfo
	parseUCIInfo("info depth 12 seldepth 18 multipv 1 score cp -31 nodes 123456 nps 1000 hashfull 3 tbhits 0 time 520 pv e2e4 e7e5", &si)
	parseUCIInfo("info string tt=77 bal=+100 diff=-69", &si)
	want := searchInfo{depth: 12, hasScore: true, score: -31, nodes: 123456, tt: 77, bal: 100, diff: -69, hasTT: true, hasBal: true, hasDiff: true}
	if si != want {
		t.Errorf("got %+v\nwant %+v", si, want)
	}
	var ox searchInfo
	parseUCIInfo("info string material +100 positional -69", &ox)
	if !ox.hasBal || ox.bal != 100 || !ox.hasDiff || ox.diff != -69 || ox.hasTT {
		t.Errorf("ox88 telemetry: %+v", ox)
	}
	parseUCIInfo("info depth 20 score cp 500 lowerbound nodes 5", &si)
	if si.score != -31 || si.depth != 20 || si.nodes != 5 {
		t.Errorf("a bound replaced the exact score: %+v", si)
	}
	parseUCIInfo("info depth 20 score mate -3 nodes 5", &si)
	if si.mate != -3 || si.score != -mateValue+3 {
		t.Errorf("mate: %+v", si)
	}
	if got := moveComment(moveReply{info: si, elapsed: 520 * time.Millisecond}, false); got != "-M3/20 0.52s" {
		t.Errorf("comment %q", got)
	}
	var book searchInfo
	parseUCIInfo("info string book move e2e4", &book)
	if !book.book || moveComment(moveReply{info: book}, true) != "book" || moveComment(moveReply{info: book}, false) != "book" {
		t.Errorf("a book move from the engine's book: %+v", book)
	}
}

func TestParseFeatures(t *testing.T) {
	got := parseFeatures(`myname="Fairy-Max 5.0b" setboard=0 ping=1 option="Resign -check 0" done=0`)
	want := [][2]string{{"myname", "Fairy-Max 5.0b"}, {"setboard", "0"}, {"ping", "1"}, {"option", "Resign -check 0"}, {"done", "0"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q", got)
	}
}

func FuzzEngineOutput(f *testing.F) {
	for _, s := range []string{"info depth 3 score cp 5 pv e2e4", "info string tt=1 bal=+3", "feature done=1 myname=\"x", "12 -100003 55 9999 e2e4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var si searchInfo
		parseUCIInfo(s, &si)
		parseFeatures(s)
		if fs := strings.Fields(s); len(fs) >= 4 {
			parseThinking(fs, &si)
		}
	})
}

func TestMainExitStatus(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Main(context.Background(), []string{"-h"}, &out, &errOut, nil); code != 0 || !strings.HasPrefix(errOut.String(), "usage: ox88 match") ||
		!strings.Contains(errOut.String(), "  -engine KEY=VALUE...\n") {
		t.Errorf("-h: status %d, stderr %q", code, errOut.String())
	}
	for _, args := range [][]string{{"--engine", "cmd=a"}, {"--bogus"}, {"--engine", "cmd=a", "--engine", "cmd=b"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			errOut.Reset()
			if code := Main(context.Background(), args, &out, &errOut, nil); code != 2 || errOut.Len() == 0 {
				t.Errorf("%q: status %d, stderr %q; want 2 and a message", args, code, errOut.String())
			}
		})
	}
}

// TestParseSPRT: each key of --sprt sets its own bound.
func TestParseSPRT(t *testing.T) {
	s, err := parseSPRT([]string{"elo0=-1", "elo1=3", "alpha=0.1", "beta=0.2"})
	if want := (stats.SPRT{Elo0: -1, Elo1: 3, Alpha: 0.1, Beta: 0.2}); err != nil || *s != want {
		t.Errorf("parseSPRT: %+v, %v; want %+v", s, err, want)
	}
}
