package match

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/clock"
)

func TestParseEngineAndArgs(t *testing.T) {
	base, err := ParseEngine([]string{"proto=xboard", "option.Hash=16"}, EngineConfig{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := ParseEngine([]string{"cmd=/usr/games/gnuchess", `args=--uci "-x y"`, "name=GNU Chess", "option.Hash=32", "option.Skill Level=4", "proto=uci"}, base)
	if err != nil {
		t.Fatal(err)
	}
	want := EngineConfig{Name: "GNU Chess", Cmd: "/usr/games/gnuchess", Args: []string{"--uci", "-x y"}, Proto: ProtoUCI,
		Options: []Option{{"Hash", "32"}, {"Skill Level", "4"}}}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("got %+v\nwant %+v", e, want)
	}
	for _, bad := range [][]string{{"cmd"}, {"proto=cecp"}, {"colour=red"}, {"option.=1"}, {`args="open`}} {
		if _, err := ParseEngine(bad, EngineConfig{}); err == nil {
			t.Errorf("ParseEngine(%q) accepted", bad)
		}
	}
}

func TestParseArgs(t *testing.T) {
	cfg, _, err := ParseArgs(strings.Fields(
		"--engine cmd=a name=A --engine cmd=b name=B proto=xboard -each option.Hash=8 " +
			"--tc 10+0.1 --games 100 --concurrency 2 --order random --seed 7 --tournament gauntlet " +
			"--draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 --maxmoves 200 " +
			"--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --telemetry --margin 50"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Engines) != 2 || cfg.Engines[1].Proto != ProtoXboard || cfg.Engines[0].Options[0] != (Option{"Hash", "8"}) {
		t.Errorf("engines %+v", cfg.Engines)
	}
	if cfg.Limits.TimeControl != (clock.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}) || cfg.Limits.Describe() != "tc=10s+0.1s" {
		t.Errorf("--tc 10+0.1 gave %+v (%s)", cfg.Limits, cfg.Limits.Describe())
	}
	if cfg.Games != 100 || cfg.Concurrency != 2 || !cfg.RandomOrder || cfg.Seed != 7 || cfg.Tournament != Gauntlet || !cfg.Telemetry {
		t.Errorf("config %+v", cfg)
	}
	wantAdj := Adjudication{DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10, ResignMoveCount: 3, ResignScore: 600, MaxMoves: 200}
	if cfg.Adjudication != wantAdj || *cfg.SPRT != (SPRT{0, 5, 0.05, 0.05}) || cfg.Margin != 50*time.Millisecond {
		t.Errorf("adjudication %+v sprt %+v margin %v", cfg.Adjudication, cfg.SPRT, cfg.Margin)
	}
	cfg, _, err = ParseArgs([]string{"--engine", "cmd=a", "--engine", "cmd=b", "--rounds", "5", "--st", "0.5"})
	if err != nil || cfg.Games != 10 || cfg.Limits.MoveTime != 500*time.Millisecond {
		t.Errorf("rounds/st: %+v %v", cfg, err)
	}
	cfg, _, err = ParseArgs(strings.Fields("--engine cmd=a --engine cmd=b --tc 40/5m+3s --st 1"))
	if err != nil || cfg.Limits.TimeControl != (clock.TimeControl{Moves: 40, Base: 5 * time.Minute, Inc: 3 * time.Second, MoveTime: time.Second}) {
		t.Errorf("--tc 40/5m+3s --st 1: %+v %v", cfg.Limits, err)
	}
	if err := cfg.Validate(); err == nil || err.Error() != "--tc and --st exclude each other (as in cutechess-cli)" {
		t.Errorf("--tc with --st: %v", err)
	}
	cfg, _, err = ParseArgs(strings.Fields("--engine cmd=a --engine cmd=b proto=xboard --depth 2 --chess960 0,518,957-959"))
	if err != nil || len(cfg.Openings) != 5 || cfg.Openings[1].FEN != chess.StartFEN || !strings.HasPrefix(cfg.Openings[4].FEN, "rkrnnqbb/") {
		t.Fatalf("--chess960: %+v %v", cfg.Openings, err)
	}
	if err := cfg.Validate(); err != nil || !cfg.Chess960 || cfg.Engines[0].Options[0] != (Option{"UCI_Chess960", "true"}) || len(cfg.Engines[1].Options) != 0 {
		t.Errorf("--chess960: %v %v %+v", err, cfg.Chess960, cfg.Engines)
	}
	for _, bad := range []string{"--tc x", "--games 0", "--order shuffle", "--sprt elo0=5 elo1=0", "--draw score=3", "--bogus 1", "stray",
		"--chess960 960", "--chess960 5-3", "--chess960 x", "--variant atomic", "--chess960 1 --openings b.epd"} {
		if _, _, err := ParseArgs(strings.Fields(bad)); err == nil {
			t.Errorf("ParseArgs(%q) accepted", bad)
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
	if code := Main(context.Background(), []string{"-h"}, &out, &errOut, nil); code != 0 || !strings.Contains(out.String(), "usage: ox88 match") {
		t.Errorf("-h: status %d, output %q", code, out.String())
	}
	for _, args := range [][]string{{"--engine", "cmd=a"}, {"--bogus"}, {"--engine", "cmd=a", "--engine", "cmd=b"}} {
		errOut.Reset()
		if code := Main(context.Background(), args, &out, &errOut, nil); code != 2 || errOut.Len() == 0 {
			t.Errorf("%q: status %d, stderr %q; want 2 and a message", args, code, errOut.String())
		}
	}
}
