package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"ox88/chess"
	"ox88/search"
)

// playOut lets the engine play both sides from fen at level and returns
// the number of moves (full moves, the stronger side's) until checkmate, or
// -1 if none came within maxMoves or the game was drawn.
func playOut(t *testing.T, e *Engine, fen string, maxMoves int) int {
	t.Helper()
	start := chess.MustParseFEN(fen)
	pos := *start
	var moves []chess.Move
	for ply := 0; ply < 2*maxMoves; ply++ {
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if ml.N == 0 {
			if pos.InCheck() {
				return (ply + 1) / 2
			}
			return -1
		}
		if pos.HalfmoveClock() >= 100 {
			return -1
		}
		e.SetPosition(start, moves)
		r := e.Think(search.Limits{})
		if !ml.Contains(r.Move) {
			t.Fatalf("%s: illegal move %s", pos.FEN(), r.Move)
		}
		moves = append(moves, r.Move)
		pos.MakeMove(r.Move)
	}
	return -1
}

// TestWeakestLevelMates plays KQ v K and KR v K from several starting
// squares with the weakest level against itself: it must mate within 100
// moves.
func TestWeakestLevelMates(t *testing.T) {
	fens := []string{
		"8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
		"k7/8/8/8/8/8/8/6QK w - - 0 1",
		"8/8/3k4/8/8/8/8/R3K3 w - - 0 1",
		"8/8/8/8/3k4/8/8/R6K w - - 0 1",
		"7K/8/8/8/8/2k5/8/r7 b - - 0 1",
		"3k4/8/8/8/8/8/8/4K2R w - - 0 1",
	}
	if testing.Short() {
		fens = fens[:3]
	}
	for seed := uint64(1); seed <= 3; seed++ {
		e := New()
		e.rng = rand.New(rand.NewPCG(seed, 88)) // reproducible choices
		e.SetSkill(1)
		for _, fen := range fens {
			if n := playOut(t, e, fen, 100); n < 0 {
				t.Errorf("%s (seed %d): no mate within 100 moves at level 1", fen, seed)
			} else if seed == 1 {
				t.Logf("%s: mate after %d moves", fen, n)
			}
		}
	}
}

// TestWeakLevelsKeepPieces: no level leaves a piece en prise by choice. In
// this position the queen is attacked and must move (or be defended); every
// level, many times, keeps it.
func TestWeakLevelsKeepPieces(t *testing.T) {
	start := chess.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	e := New()
	for level := 1; level <= MaxSkill; level++ {
		e.SetSkill(level)
		for i := 0; i < 5; i++ {
			e.SetPosition(start, nil)
			r := e.Think(search.Limits{Nodes: 100000})
			pos := *start
			pos.MakeMove(r.Move)
			// After the move, Black must not be able to win the queen.
			var ml chess.MoveList
			pos.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				if pos.At(m.To()) == chess.WQueen && pos.At(m.From()).Kind() != chess.Queen {
					t.Errorf("level %d played %s: the queen hangs to %s", level, r.Move, m)
				}
			}
		}
	}
}

// TestGoStopRace runs Go, Stop, PonderHit and the setters from several
// goroutines (run with -race).
func TestGoStopRace(t *testing.T) {
	e := New()
	var mu sync.Mutex
	var results []Result
	infos := 0
	e.OnInfo(func(search.Info) { mu.Lock(); infos++; mu.Unlock() })
	e.OnBestMove(func(r Result) { mu.Lock(); results = append(results, r); mu.Unlock() })
	for i := 0; i < 5; i++ {
		e.Go(search.Limits{Infinite: true})
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); e.PonderHit(); _ = e.Searching(); _ = e.Position() }()
		go func() { defer wg.Done(); time.Sleep(10 * time.Millisecond); e.Stop() }()
		wg.Wait()
		e.Wait()
	}
	e.SetHashSize(2)
	e.ClearHash()
	mu.Lock()
	defer mu.Unlock()
	if len(results) != 5 {
		t.Fatalf("%d results, want 5", len(results))
	}
	for _, r := range results {
		if r.Move == chess.NoMove {
			t.Error("no move after Stop")
		}
	}
}

// TestResizeDuringGo resizes and clears the table from one goroutine while
// another starts searches: each resize must wait for the search it meets
// and no search may start in the middle of one (run with -race).
func TestResizeDuringGo(t *testing.T) {
	e := New()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < 20; i++ {
			e.Go(search.Limits{Nodes: 2000})
		}
	}()
	go func() {
		defer wg.Done()
		for i := 0; i < 20; i++ {
			e.SetHashSize(1 + i%3)
			e.ClearHash()
		}
	}()
	wg.Wait()
	if r := e.Wait(); r.Move == chess.NoMove {
		t.Fatal("no move from the last search")
	}
}

// timerSlack is what the tight-clock test allows beyond the clock itself.
const timerSlack = 5 * time.Millisecond

// TestTightClock: "go wtime 50 btime 50" returns a legal move within the
// clock.
func TestTightClock(t *testing.T) {
	e := New()
	e.SetPosition(chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), nil)
	for _, left := range []time.Duration{50 * time.Millisecond, 10 * time.Millisecond, time.Millisecond} {
		// The clock is the hard bound; timerSlack covers the goroutine and
		// timer wake-up a shared machine adds to the 1 ms case, and one of
		// three tries must keep it (a loaded machine can deschedule any
		// single one; an engine that ignores the clock fails all three).
		var el time.Duration
		for try := 0; try < 3; try++ {
			start := time.Now()
			r := e.Think(search.Limits{WTime: left, BTime: left})
			if r.Move == chess.NoMove {
				t.Fatalf("clock %v: no move", left)
			}
			if el = time.Since(start); el <= left+timerSlack {
				break
			}
		}
		if el > left+timerSlack {
			t.Errorf("clock %v: took %v in each of three tries", left, el)
		}
	}
}

// TestPonder: a ponder search runs until PonderHit, then obeys its clock.
func TestPonder(t *testing.T) {
	e := New()
	done := make(chan Result, 1)
	e.OnBestMove(func(r Result) { done <- r })
	e.Go(search.Limits{Ponder: true, MoveTime: 100 * time.Millisecond})
	select {
	case <-done:
		t.Fatal("best move while pondering")
	case <-time.After(300 * time.Millisecond):
	}
	e.PonderHit()
	select {
	case r := <-done:
		if r.Move == chess.NoMove {
			t.Error("no move")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no best move after PonderHit")
	}
}

// TestPonderHitAtOnce: a PonderHit right after Go, before the search has
// begun to ponder, is not lost (a random UCI session found "go ponder"
// then "ponderhit" at once pondering until stop); with and without an
// info callback.
func TestPonderHitAtOnce(t *testing.T) {
	for _, withInfo := range []bool{true, false} {
		e := New()
		if withInfo {
			e.OnInfo(func(search.Info) {})
		}
		done := make(chan Result, 1)
		e.OnBestMove(func(r Result) { done <- r })
		for i := range 50 {
			e.Go(search.Limits{Ponder: true, MoveTime: 5 * time.Millisecond})
			e.PonderHit()
			select {
			case r := <-done:
				if r.Move == chess.NoMove {
					t.Fatal("no move")
				}
			case <-time.After(5 * time.Second):
				e.Stop()
				<-done
				t.Fatalf("search %d (info callback %v): no best move within 5 s of Go and PonderHit", i+1, withInfo)
			}
		}
	}
}

// TestMultiPV reports one Info per line with its index, for lines asked
// with SetMultiPV or in the limits.
func TestMultiPV(t *testing.T) {
	for _, tc := range []struct{ set, lim int }{{3, 0}, {1, 3}} {
		t.Run(fmt.Sprintf("%+v", tc), func(t *testing.T) {
			e := New()
			e.SetMultiPV(tc.set)
			seen := map[int]bool{}
			e.OnInfo(func(inf search.Info) {
				if inf.Depth == 5 && len(inf.PV) > 0 {
					seen[inf.MultiPV] = true
				}
			})
			r := e.Think(search.Limits{Depth: 5, MultiPV: tc.lim})
			if !seen[1] || !seen[2] || !seen[3] || seen[4] {
				t.Errorf("%+v: lines reported at depth 5: %v", tc, seen)
			}
			if r.Info.Material != 0 || r.Info.Nodes == 0 || r.Info.HashFull < 0 {
				t.Errorf("%+v: result info %+v", tc, r.Info)
			}
		})
	}
}

type fixedBook struct{ m chess.Move }

func (b fixedBook) Probe(pos *chess.Position) (chess.Move, bool) { return b.m, b.m != chess.NoMove }

func TestBook(t *testing.T) {
	e := New()
	pos := chess.StartPosition()
	m, _ := pos.ParseUCI("g1f3")
	e.SetBook(fixedBook{m})
	if r := e.Think(search.Limits{Depth: 3}); r.Move != m || !r.FromBook {
		t.Errorf("book move: %+v", r)
	}
	bad, _ := pos.ParseUCI("e2e4")
	e.SetPosition(pos, []chess.Move{bad}) // Black to move: the book's move is illegal
	if r := e.Think(search.Limits{Depth: 2}); r.FromBook {
		t.Errorf("illegal book move played: %+v", r)
	}
	e.SetBook(nil)
	if r := e.Think(search.Limits{Depth: 2}); r.FromBook {
		t.Errorf("book disabled, yet %+v", r)
	}
}

func TestSkillTable(t *testing.T) {
	if MaxSkill < 8 || SkillName(1) != "beginner" || SkillName(MaxSkill) != "full strength" {
		t.Error("skill table")
	}
	for _, tc := range []struct{ elo, level int }{{0, 1}, {800, 1}, {1450, 4}, {2600, 10}, {3500, 10}} {
		t.Run(fmt.Sprintf("%+v", tc), func(t *testing.T) {
			if got := SkillForElo(tc.elo); got != tc.level {
				t.Errorf("SkillForElo(%d) = %d, want %d", tc.elo, got, tc.level)
			}
		})
	}
	for l := 2; l <= MaxSkill; l++ {
		if a, b := skillLevels[l-1], skillLevels[l]; b.nodes != 0 && b.nodes <= a.nodes {
			t.Errorf("level %d has no more nodes than level %d", l, l-1)
		}
	}
}

func TestMateInfo(t *testing.T) {
	e := New()
	e.SetPosition(chess.MustParseFEN("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), nil)
	r := e.Think(search.Limits{Depth: 4})
	if r.Info.MateIn() != 1 || r.Move.String() != "d1d8" {
		t.Errorf("mate in 1: %+v", r.Info)
	}
}

// TestSeedReproducible: with the same seed, a weak level chooses the same
// moves from the same positions; the choices do vary with the seed.
func TestSeedReproducible(t *testing.T) {
	play := func(seed uint64) []chess.Move {
		e := New()
		e.SetSkill(1)
		e.SetSeed(seed)
		pos := *chess.StartPosition()
		var moves []chess.Move
		for i := 0; i < 12; i++ {
			e.SetPosition(&pos, nil)
			r := e.Think(search.Limits{})
			moves = append(moves, r.Move)
			pos.MakeMove(r.Move)
		}
		return moves
	}
	a, b := play(7), play(7)
	if !slices.Equal(a, b) {
		t.Errorf("seed 7 twice: %v and %v", a, b)
	}
	differ := false
	for seed := uint64(8); seed < 12 && !differ; seed++ {
		differ = !slices.Equal(a, play(seed))
	}
	if !differ {
		t.Error("four other seeds all chose the same moves")
	}
}
