package selfplay

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/game"
	"ox88/search"
)

// TestPlay: a mate in one is played and scored, a stalemate and bare kings
// are draws before any search, and visit sees every searched position; on
// a clock too short for any move the side to move loses on time, or draws
// when the other side has only its king.
func TestPlay(t *testing.T) {
	s := search.NewSearcher(1)
	flagFall := clock.TimeControl{Base: time.Nanosecond}
	for _, tc := range []struct {
		fen    string
		clock  clock.TimeControl
		want   game.Outcome
		visits int
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", clock.TimeControl{}, game.NewOutcome(game.WhiteWins, game.Checkmate), 1},
		{"3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", clock.TimeControl{}, game.NewOutcome(game.BlackWins, game.Checkmate), 1},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", clock.TimeControl{}, game.NewOutcome(game.Draw, game.Stalemate), 0},
		{"k7/8/1K6/8/8/8/8/8 w - - 0 1", clock.TimeControl{}, game.NewOutcome(game.Draw, game.InsufficientMaterial), 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", flagFall, game.NewOutcome(game.BlackWins, game.Timeout), 0},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", flagFall, game.NewOutcome(game.Draw, game.Timeout), 0},
	} {
		t.Run(tc.fen, func(t *testing.T) {
			visits := 0
			res, ok := Play(chess.MustParseFEN(tc.fen), [2]*search.Searcher{s, s}, 2000, tc.clock, nil,
				func(*chess.Position, search.Result) { visits++ })
			if !ok || res != tc.want || visits != tc.visits {
				t.Errorf("%s: %s (ok %v) after %d searches, want %s after %d", tc.fen, res.Text, ok, visits, tc.want.Text, tc.visits)
			}
		})
	}
}

// TestAB: an engine against itself scores exactly one point in every pair
// (both games of a pair are the same game with the players swapped), with
// one worker or two; bad openings and a cancelled match are reported.
func TestAB(t *testing.T) {
	openings := []*chess.Position{chess.StartPosition(),
		chess.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")}
	var progress bytes.Buffer
	cfg := ABConfig{A: search.DefaultOptions(), B: search.DefaultOptions(), Nodes: 300, Games: 3,
		Openings: openings, RandomPlies: 2, Seed: 5, Workers: 1, HashMB: 1, Progress: &progress}
	one, err := AB(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if one.Games() != 4 || one.Penta != [5]int{0, 0, 2, 0, 0} || one.Wins != one.Losses {
		t.Errorf("A against itself: %+v", one)
	}
	lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "ab: 4/4 games, A vs B +") || strings.Contains(last, "ETA") {
		t.Errorf("last progress line %q", last)
	}
	cfg.Workers, cfg.Progress = 2, nil
	if two, err := AB(context.Background(), cfg); err != nil || two != one {
		t.Errorf("two workers: %+v, %v; one worker: %+v", two, err, one)
	}

	cfg.Openings = append(cfg.Openings, chess.MustParseFEN("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"))
	if _, err := AB(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "opening 3") {
		t.Errorf("a stalemate opening: error %v", err)
	}
	cfg.Openings = openings
	timed := cfg
	timed.Openings, timed.Games, timed.TimeControl = openings[:1], 2, clock.TimeControl{Base: 200 * time.Millisecond, Inc: 10 * time.Millisecond}
	start := time.Now()
	if got, err := AB(context.Background(), timed); err != nil || got.Games() != 2 || got.TimeLosses[0]+got.TimeLosses[1] > 2 {
		t.Errorf("timed match: %+v, %v", got, err)
	}
	t.Logf("two games at 0.2+0.01 in %v", time.Since(start))
	timed.TimeControl = clock.TimeControl{MoveTime: time.Second}
	if _, err := AB(context.Background(), timed); err == nil || err.Error() != "selfplay: time control 1s/move: give a clock, such as 10+0.1" {
		t.Errorf("a time per move: error %v", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := AB(ctx, cfg); err != context.Canceled || got.Games() != 0 {
		t.Errorf("cancelled match: %+v, %v", got, err)
	}
}
