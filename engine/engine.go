// Package engine is the facade the front ends share (UCI, xboard, the
// terminal and browser games, the match runner's in-process use): set a
// position, start a search that runs in the background, stop it, and hear
// about its progress and its best move through callbacks. The search
// itself is package search; this package adds the clock, the opening book,
// MultiPV and the skill levels.
package engine

import (
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"ox88/chess"
	"ox88/eval"
	"ox88/nnue"
	"ox88/search"
	"ox88/syzygy"
)

// Book is an opening book: Probe returns a book move for pos, if it has
// one. Package book's *book.Book satisfies it.
type Book interface {
	Probe(pos *chess.Position) (chess.Move, bool)
}

// Result is what a finished search returns.
type Result struct {
	Move     chess.Move  // always a legal move when the position has one
	Ponder   chess.Move  // the expected reply, or NoMove
	Info     search.Info // the last full report
	FromBook bool        // the move came from the opening book
}

// Engine holds a position and runs searches on it. Its methods are safe to
// call from several goroutines; callbacks run on the search goroutine.
type Engine struct {
	// ctl serialises the calls that start a search or touch the searcher
	// (Go, Think, SetHashSize, ClearHash): each waits for the running
	// search and then acts, and no other such call can start a search in
	// between. mu guards the settings and is held only briefly.
	ctl      sync.Mutex
	mu       sync.Mutex
	pos      chess.Position
	history  []uint64 // keys of the positions before pos, for repetition
	onInfo   func(search.Info)
	onBest   func(Result)
	skill    int
	multiPV  int
	book     Book
	searcher *search.Searcher   // used by one search at a time (Go waits)
	tb       *syzygy.Tablebases // the searcher's endgame tables (for Trace)
	rng      *rand.Rand         // the weak levels' choices; used on the search goroutine
	stop     atomic.Bool
	running  sync.WaitGroup
	busy     atomic.Bool
	lastDone Result
	// ponderHit: PonderHit came during this search (see think).
	ponderHit atomic.Bool
}

// New returns an engine set to the start position at full strength, with a
// search.DefaultHashMB table and no book.
func New() *Engine {
	e := &Engine{skill: MaxSkill, multiPV: 1, searcher: search.NewSearcher(search.DefaultHashMB),
		rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 88))}
	e.pos = *chess.StartPosition()
	return e
}

// OnInfo sets the function that receives progress reports.
func (e *Engine) OnInfo(f func(search.Info)) { e.mu.Lock(); e.onInfo = f; e.mu.Unlock() }

// OnBestMove sets the function that receives the result of Go.
func (e *Engine) OnBestMove(f func(Result)) { e.mu.Lock(); e.onBest = f; e.mu.Unlock() }

// SetPosition sets the position to start followed by moves (each must be
// legal; the front end parses them). The positions along the way count for
// repetition. It waits for a running search to finish (call Stop first).
func (e *Engine) SetPosition(start *chess.Position, moves []chess.Move) {
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
}

// Position returns a copy of the current position.
func (e *Engine) Position() chess.Position { e.mu.Lock(); defer e.mu.Unlock(); return e.pos }

// SetSkill sets the skill level, 1 (beginner) to MaxSkill (full strength).
func (e *Engine) SetSkill(level int) {
	e.mu.Lock()
	e.skill = min(max(level, 1), MaxSkill)
	e.mu.Unlock()
}

// Skill returns the skill level.
func (e *Engine) Skill() int { e.mu.Lock(); defer e.mu.Unlock(); return e.skill }

// SetMultiPV sets how many best lines the search reports (1 to 256); each
// iteration then sends one Info per line, with its MultiPV index.
func (e *Engine) SetMultiPV(n int) {
	e.mu.Lock()
	e.multiPV = min(max(n, 1), chess.MaxMoves)
	e.mu.Unlock()
}

// SetBook sets the opening book consulted before searching; nil disables
// it. Book moves are played at every skill level.
func (e *Engine) SetBook(b Book) { e.mu.Lock(); e.book = b; e.mu.Unlock() }

// Book returns the opening book, or nil.
func (e *Engine) Book() Book { e.mu.Lock(); defer e.mu.Unlock(); return e.book }

// MaxHashMB is the largest transposition table the engine makes, in MiB:
// the front ends' documented maximum (UCI's Hash, xboard's memory).
const MaxHashMB = 4096

// SetHashSize resizes the transposition table to mb mebibytes (1 to
// MaxHashMB), clearing it. It waits for a running search to finish.
func (e *Engine) SetHashSize(mb int) {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	e.searcher.SetHashSize(min(max(mb, 1), MaxHashMB))
}

// HashMB returns the transposition table's size in mebibytes (SetHashSize
// rounds down to a power of two).
func (e *Engine) HashMB() int {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	return e.searcher.HashMB()
}

// SetSeed makes the weak levels' random choices reproducible: two engines
// with the same seed, level and positions choose the same moves. Seed 0
// takes one from the clock (the default).
func (e *Engine) SetSeed(seed uint64) {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	e.rng = rand.New(rand.NewPCG(seed, 88))
}

// SetThreads sets the number of search threads (1 to search.MaxThreads).
// It waits for a running search to finish.
func (e *Engine) SetThreads(n int) {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	e.searcher.SetThreads(n)
}

// Threads returns the number of search threads.
func (e *Engine) Threads() int {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	return e.searcher.Threads()
}

// SetTablebases gives the search Syzygy endgame tables (nil: none). It
// waits for a running search to finish.
func (e *Engine) SetTablebases(tb *syzygy.Tablebases) {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	e.tb = tb
	e.searcher.SetTablebases(tb)
}

// SetTablebaseOptions sets Stockfish's Syzygy options, SyzygyProbeDepth,
// Syzygy50MoveRule and SyzygyProbeLimit (search.TablebaseOptions). It
// waits for a running search to finish.
func (e *Engine) SetTablebaseOptions(o search.TablebaseOptions) {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	e.searcher.SetTablebaseOptions(o)
}

// SetNet makes the network n evaluate (nil: the hand-written evaluation).
// It waits for a running search to finish.
func (e *Engine) SetNet(n *nnue.Net) {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	o := e.searcher.Options()
	o.Net = n
	e.searcher.SetOptions(o)
}

// ClearHash empties the transposition table and the move-ordering history.
// It waits for a running search to finish.
func (e *Engine) ClearHash() {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.Wait()
	e.searcher.Clear()
}

// NewGame forgets what earlier games taught (clears the hash table).
func (e *Engine) NewGame() { e.ClearHash() }

// Go starts a search in the background and returns at once. If a search is
// running it first waits for that one to finish.
func (e *Engine) Go(lim search.Limits) {
	e.ctl.Lock()
	defer e.ctl.Unlock()
	e.begin()
	e.mu.Lock()
	onBest := e.onBest
	e.mu.Unlock()
	go func() {
		defer e.running.Done()
		r := e.think(lim)
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

// PonderHit turns a ponder search into a normal one: the opponent played
// the expected move, and the clock limits of the Go call start counting.
func (e *Engine) PonderHit() {
	e.ponderHit.Store(true)
	e.searcher.PonderHit()
}

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
func (e *Engine) Think(lim search.Limits) Result {
	e.ctl.Lock()
	e.begin()
	e.ctl.Unlock()
	defer func() { e.busy.Store(false); e.running.Done() }()
	return e.think(lim)
}

// begin waits for the last search to end and marks a new one running, for
// Go and Think. e.ctl must be held.
func (e *Engine) begin() {
	e.Wait()
	e.stop.Store(false)
	e.ponderHit.Store(false)
	e.busy.Store(true)
	e.running.Add(1)
}

// think runs one search with the settings of the moment: the book first,
// then the search within the limits and the skill level's budget, then the
// skill level's choice among the best lines.
func (e *Engine) think(lim search.Limits) Result {
	e.mu.Lock()
	pos := e.pos
	hist := e.history
	onInfo, skill, multiPV, book := e.onInfo, e.skill, e.multiPV, e.book
	e.mu.Unlock()

	if book != nil && len(lim.SearchMoves) == 0 && !lim.Infinite {
		if m, ok := book.Probe(&pos); ok && isLegal(&pos, m) {
			return Result{Move: m, FromBook: true, Info: search.Info{MultiPV: 1, Material: eval.Material(&pos)}}
		}
	}
	sl := searchLimits(&pos, lim, skill)
	lvl := skillLevels[skill]
	multiPV = max(multiPV, lim.MultiPV)
	sl.MultiPV = max(multiPV, lvl.lines)
	var report func(search.Info)
	if onInfo != nil || lim.Ponder {
		report = func(inf search.Info) {
			// A ponderhit that came before the search started pondering
			// (Go returns before it does) was undone when it began: the
			// search would ponder until stop. Its first report, right
			// after it began, gives it again.
			if lim.Ponder && e.ponderHit.Load() && e.searcher.Pondering() {
				e.searcher.PonderHit()
			}
			if onInfo == nil || lvl.lines > 1 && multiPV < lvl.lines && inf.MultiPV > multiPV {
				return // lines the skill level asked for, not the user
			}
			onInfo(inf)
		}
	}
	sr := e.searcher.Search(&pos, hist, sl, &e.stop, report)
	r := Result{Move: sr.Move, Ponder: sr.Ponder, Info: sr.Info}
	r.Info.PV = slices.Clone(sr.Info.PV)
	if skill < MaxSkill && len(sr.Lines) > 1 {
		if m := e.chooseWeakMove(sr.Lines, lvl); m != r.Move {
			r.Move, r.Ponder = m, chess.NoMove
			for _, l := range sr.Lines {
				if l.Move == m {
					r.Info.Score = l.Score
					r.Info.PV = slices.Clone(l.PV)
					if len(l.PV) > 1 {
						r.Ponder = l.PV[1]
					}
				}
			}
		}
	}
	return r
}

// searchLimits completes the front end's limits for the search: the clock
// (or MoveTime) becomes a soft and a hard time budget, Mate a depth, and
// the skill level adds its node budget, both soft (no iteration that would
// not finish is started) and hard. With no limit at all the search runs
// until Stop.
func searchLimits(pos *chess.Position, lim search.Limits, skill int) search.Limits {
	sl := lim
	overhead := lim.MoveOverhead
	if overhead <= 0 {
		overhead = search.DefaultMoveOverhead
	}
	// A mate search stops when it finds a mate in lim.Mate moves or fewer
	// (search.iterate); pruning and reductions can hide a mate at the
	// nominal depth 2*Mate-1, so the depth is not capped there.
	if lim.Mate > 0 && sl.Depth == 0 && sl.Nodes == 0 && lim.MoveTime == 0 && lim.WTime == 0 && lim.BTime == 0 {
		sl.Depth = 4*lim.Mate + mateExtraDepth
	}
	switch {
	case lim.MoveTime > 0:
		// A fixed time per move is used whole: no soft budget that would
		// stop deepening early, only the hard limit.
		sl.SoftTime, sl.HardTime = 0, max(lim.MoveTime-overhead, time.Millisecond)
	case lim.WTime > 0 || lim.BTime > 0:
		sl.SoftTime, sl.HardTime = lim.ClockBudget(pos.SideToMove(), overhead)
	}
	if n := skillLevels[skill].nodes; n > 0 && (sl.Nodes == 0 || n < sl.Nodes) {
		// Against a bare king every level searches enough to mate it: a
		// weak level plays weakly, but a won ending is won.
		if pos.PieceCount(pos.SideToMove().Other()) == 1 {
			n = max(n, bareKingNodes)
		}
		sl.Nodes, sl.SoftNodes = n, n
	}
	if sl.Depth == 0 && sl.Nodes == 0 && sl.HardTime == 0 {
		sl.Infinite = true // no limit at all: run until Stop
	}
	return sl
}

// bareKingNodes is the least node budget of a weak level whose opponent
// has only its king left (TestWeakestLevelMates).
const bareKingNodes = 20000

// mateExtraDepth is added to a "go mate N" search's depth bound of 4N
// plies, room for the checks and extensions a mate line needs; a search
// that finds the mate stops sooner.
const mateExtraDepth = 8

// isLegal reports whether m is a legal move in pos.
func isLegal(pos *chess.Position, m chess.Move) bool {
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	return ml.Contains(m)
}
