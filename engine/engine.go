// Package engine is the facade the front ends share (UCI, xboard, the
// terminal and browser games, the match runner's in-process use): set a
// position, start a search that runs in the background, stop it, and hear
// about its progress and its best move through callbacks.
//
// NOTE: this first version carries a tiny material-only alpha-beta so the
// front ends can be built against the API; package search replaces it.
package engine

import (
	"sync"
	"sync/atomic"
	"time"

	"ox88/chess"
)

// Limits says when a search must stop. Zero fields are "no limit"; with no
// limit at all the search runs until Stop (as with Infinite).
type Limits struct {
	Depth     int           // maximum depth in plies
	Nodes     uint64        // maximum nodes
	MoveTime  time.Duration // exact time for this move
	WTime     time.Duration // White's clock (0: no clock)
	BTime     time.Duration // Black's clock
	WInc      time.Duration // White's increment per move
	BInc      time.Duration // Black's increment per move
	MovesToGo int           // moves until the next time control (0: sudden death)
	Mate      int           // search for a mate in this many moves
	Infinite  bool          // run until Stop (UCI "go infinite")
	Ponder    bool          // pondering: run until PonderHit or Stop
	// SearchMoves restricts the root to these moves (UCI "searchmoves").
	SearchMoves []chess.Move
}

// Bound tells whether a reported score is exact or a bound.
type Bound uint8

// Score bounds.
const (
	Exact Bound = iota
	Lower       // the true score is at least Score (fail high)
	Upper       // the true score is at most Score (fail low)
)

// Info is one progress report of a search: sent after every completed
// iteration (one per PV line with MultiPV) and, with CurrMove set, when the
// root move being searched changes.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int   // 1-based PV index
	Score    int   // centipawns, from the side to move's point of view
	Mate     int   // non-zero: mate in this many moves (negative: being mated)
	Bound    Bound // Exact, Lower or Upper
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	TTHits   uint64
	HashFull int // permille of the transposition table in use
	PV       []chess.Move
	// The micro-Max telemetry: the material balance (centipawns, side to
	// move's view) and the score minus that material.
	Material   int
	Positional int
	// CurrMove / CurrMoveNumber: the root move now being searched (set on
	// currmove reports only; PV is empty then).
	CurrMove       chess.Move
	CurrMoveNumber int
}

// Result is what a finished search returns.
type Result struct {
	Move     chess.Move // always a legal move when the position has one
	Ponder   chess.Move // the expected reply, or NoMove
	Info     Info       // the last full report
	FromBook bool       // the move came from the opening book
}

// Engine holds a position and runs searches on it. Its methods are safe to
// call from several goroutines; callbacks run on the search goroutine.
type Engine struct {
	mu       sync.Mutex
	pos      chess.Position
	history  []uint64 // keys of the positions before pos, for repetition
	onInfo   func(Info)
	onBest   func(Result)
	skill    int
	stop     atomic.Bool
	running  sync.WaitGroup
	busy     atomic.Bool
	lastDone Result
}

// MaxSkill is the full-strength skill level.
const MaxSkill = 10

// New returns an engine set to the start position at full strength.
func New() *Engine {
	e := &Engine{skill: MaxSkill}
	e.pos = *chess.StartPosition()
	return e
}

// OnInfo sets the function that receives progress reports.
func (e *Engine) OnInfo(f func(Info)) { e.mu.Lock(); e.onInfo = f; e.mu.Unlock() }

// OnBestMove sets the function that receives the result of Go.
func (e *Engine) OnBestMove(f func(Result)) { e.mu.Lock(); e.onBest = f; e.mu.Unlock() }

// SetPosition sets the position to start followed by moves (each must be
// legal; the front end parses them). The positions along the way count for
// repetition. It waits for a running search to finish (call Stop first).
func (e *Engine) SetPosition(start *chess.Position, moves []chess.Move) error {
	e.Wait()
	pos := *start
	hist := make([]uint64, 0, len(moves))
	for _, m := range moves {
		hist = append(hist, pos.Key())
		pos.MakeMove(m)
	}
	e.mu.Lock()
	e.pos = pos
	e.history = hist
	e.mu.Unlock()
	return nil
}

// Position returns a copy of the current position.
func (e *Engine) Position() chess.Position { e.mu.Lock(); defer e.mu.Unlock(); return e.pos }

// SetSkill sets the skill level, 1 (beginner) to MaxSkill (full strength).
func (e *Engine) SetSkill(level int) {
	e.mu.Lock()
	e.skill = min(max(level, 1), MaxSkill)
	e.mu.Unlock()
}

// NewGame forgets what earlier games taught (clears the hash table).
func (e *Engine) NewGame() { e.Wait() }

// Go starts a search in the background and returns at once. If a search is
// running it first waits for that one to finish.
func (e *Engine) Go(lim Limits) {
	e.Wait()
	e.stop.Store(false)
	e.busy.Store(true)
	e.running.Add(1)
	e.mu.Lock()
	pos := e.pos
	onInfo, onBest := e.onInfo, e.onBest
	e.mu.Unlock()
	go func() {
		defer e.running.Done()
		r := e.think(&pos, lim, onInfo)
		e.mu.Lock()
		e.lastDone = r
		e.mu.Unlock()
		e.busy.Store(false)
		if onBest != nil {
			onBest(r)
		}
	}()
}

// Stop asks a running search to finish now; it still reports a best move.
func (e *Engine) Stop() { e.stop.Store(true) }

// PonderHit turns a ponder search into a normal one.
func (e *Engine) PonderHit() {}

// Wait blocks until no search is running and returns the last result.
func (e *Engine) Wait() Result {
	e.running.Wait()
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.lastDone
}

// Searching reports whether a search is running.
func (e *Engine) Searching() bool { return e.busy.Load() }

// Think searches synchronously and returns the result (no OnBestMove call).
func (e *Engine) Think(lim Limits) Result {
	e.Wait()
	e.stop.Store(false)
	e.mu.Lock()
	pos := e.pos
	onInfo := e.onInfo
	e.mu.Unlock()
	return e.think(&pos, lim, onInfo)
}

// think is the placeholder search: iterative deepening over a material-only
// alpha-beta. Package search replaces it.
func (e *Engine) think(pos *chess.Position, lim Limits, onInfo func(Info)) Result {
	start := time.Now()
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	r := Result{}
	if ml.N == 0 {
		return r
	}
	r.Move = ml.Moves[0]
	maxDepth := 4
	if lim.Depth > 0 {
		maxDepth = lim.Depth
	}
	var nodes uint64
	for d := 1; d <= maxDepth && !e.stop.Load(); d++ {
		best, bestScore := chess.NoMove, -1<<30
		for _, m := range ml.Slice() {
			u := pos.MakeMove(m)
			s := -negamax(pos, d-1, -1<<30, 1<<30, &nodes)
			pos.UnmakeMove(m, u)
			if s > bestScore {
				best, bestScore = m, s
			}
		}
		r.Move = best
		r.Info = Info{Depth: d, SelDepth: d, MultiPV: 1, Score: bestScore, Nodes: nodes, Time: time.Since(start), PV: []chess.Move{best}}
		if onInfo != nil {
			onInfo(r.Info)
		}
	}
	return r
}

var values = [7]int{0, 100, 300, 300, 500, 900, 0}

func negamax(pos *chess.Position, depth, alpha, beta int, nodes *uint64) int {
	*nodes++
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if ml.N == 0 {
		if pos.InCheck() {
			return -30000
		}
		return 0
	}
	if depth == 0 {
		s := 0
		for sq := chess.Square(0); sq < 128; sq++ {
			if pc := pos.At(sq); pc != chess.Empty {
				if pc.Color() == pos.SideToMove() {
					s += values[pc.Kind()]
				} else {
					s -= values[pc.Kind()]
				}
			}
		}
		return s
	}
	for _, m := range ml.Slice() {
		u := pos.MakeMove(m)
		s := -negamax(pos, depth-1, -beta, -alpha, nodes)
		pos.UnmakeMove(m, u)
		if s > alpha {
			alpha = s
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}
