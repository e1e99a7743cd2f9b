package search

import (
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"ox88/chess"
	"ox88/eval"
	"ox88/nnue"
	"ox88/syzygy"
)

// Line is one root move with the score and PV of its last search.
type Line struct {
	Move  chess.Move
	Score int
	PV    []chess.Move
}

// Result is what Search returns: Move is always legal when the position has
// a legal move.
type Result struct {
	Move   chess.Move
	Ponder chess.Move
	Score  int
	Depth  int
	Nodes  uint64
	// Lines are the MultiPV lines of the last completed iteration, best
	// first. Lines and Info.PV alias the Searcher's buffers: they stay valid
	// until its next Search (copy them to keep them).
	Lines []Line
	Info  Info // the last full report
	// Ordering measures the move ordering of the main thread's search.
	Ordering OrderingStats
}

// OrderingStats is the cc65 guide's move-ordering lesson as numbers: at
// the nodes that failed high, how often the first move searched was the
// one, and how many moves it took on average. Good ordering cuts with the
// first move at more than 90% of them.
type OrderingStats struct {
	Cutoffs    uint64 // main-search nodes that failed high
	FirstMove  uint64 // ... on their first move
	MovesTried uint64 // moves searched at those nodes, the cutting one included
}

// count records a cutoff by the move searched i-th (0-based).
func (o *OrderingStats) count(i int) {
	o.Cutoffs++
	o.MovesTried += uint64(i + 1)
	if i == 0 {
		o.FirstMove++
	}
}

// FirstMoveRate returns the share of cutoffs made by the first move.
func (o OrderingStats) FirstMoveRate() float64 {
	return float64(o.FirstMove) / float64(max(o.Cutoffs, 1))
}

// MovesPerCutoff returns the average number of moves searched at a node
// that failed high.
func (o OrderingStats) MovesPerCutoff() float64 {
	return float64(o.MovesTried) / float64(max(o.Cutoffs, 1))
}

// Add counts p's cutoffs in o too: the bench sums its positions' stats.
func (o *OrderingStats) Add(p OrderingStats) {
	o.Cutoffs += p.Cutoffs
	o.FirstMove += p.FirstMove
	o.MovesTried += p.MovesTried
}

// String is the line `ox88 bench -v` and the browser's bench tab print.
func (o OrderingStats) String() string {
	return fmt.Sprintf("%d cutoffs, %.1f%% by the first move, %.2f moves per cutoff",
		o.Cutoffs, 100*o.FirstMoveRate(), o.MovesPerCutoff())
}

// rootMove is one move at the root with what the search learned about it.
type rootMove struct {
	move      chess.Move
	score     int // this iteration's score, -Infinity if not known
	prevScore int // the last iteration's
	pv        [MaxPly]chess.Move
	pvLen     int
	// What the endgame tables say when they cover the root (tbRankRoot):
	// the move's rank (0 otherwise), verdict and the score reports show.
	tbRank  int
	tb      TBVerdict
	tbScore int
}

// plyData is the search stack entry of one ply: everything a node needs
// that would otherwise be allocated.
type plyData struct {
	moves      chess.MoveList
	scores     [chess.MaxMoves]int32
	killers    [2]chess.Move
	move       chess.Move  // the move being searched at this ply (NoMove: a null move)
	piece      chess.Piece // the piece that move moves
	staticEval int
	pv         [MaxPly]chess.Move
	pvLen      int
	// excluded is the move the singular search leaves out while it searches
	// this ply's node again (step 10b, singular.go); NoMove otherwise.
	excluded chess.Move
	// doubleExts counts the double extensions on the path from the root
	// through the move searched at this ply (step 10b caps them).
	doubleExts int
	// cutoffs counts the beta cutoffs of the main-search nodes at this ply
	// since the node two plies up began (the cutoff count, step 14).
	cutoffs int
	// checkKnown says whether the node at this ply, as its parent entered
	// it, is known to be in check or not (checkGiven): the parent finds
	// out when it makes a quiet move (step 13 asks) or a capture it may
	// prune as futile, or at the root, and says so here so that the child
	// does not ask again (inCheckAt). Every caller that enters a node at
	// this ply sets it: false when it does not know.
	checkKnown, checkGiven bool
	// reduction is the late move reduction of the move being searched
	// with a null window from this ply, 0 when it is not reduced
	// (step 7c).
	reduction int
	// The state of nextMove (order.go): its stage, the hash move, where
	// the captures end, the losing captures end and the next move of the
	// stage is.
	stage, nCaps, nBad, cur int
	hashMove                chess.Move
	// restAsked says that skipPrunedQuiets has looked at the rest of the
	// quiet stage already, and checksLeft counts the moves of that rest
	// that give check and are still to come.
	restAsked  bool
	checksLeft int
	// ci is the node's checks and pins, computed by the first legality
	// test or generation of nextMove that needs them (chess.CheckInfo).
	ci chess.CheckInfo
	// tried holds the quiet moves the node's move loop has tried, in
	// order (nTried of them), for updateHistory.
	tried  [chess.MaxMoves]chess.Move
	nTried int
}

// Searcher runs searches. It keeps the transposition table and history
// between searches; one Searcher runs one search at a time.
type Searcher struct {
	pos     chess.Position
	tt      *TranspositionTable
	stack   [MaxPly + 4]plyData
	history [16][128]int32
	// contHist[p1][to1][p2][to2]: how often moving p2 to to2 cut off right
	// after p1 went to to1 (one ply back) or two plies back (the
	// continuation histories; squares 0..63).
	contHist [2][16][64][16][64]int16
	corr     corrHist // the static evaluation's correction history (corrhist.go)
	keys     []uint64 // game history then the search path, for repetition
	nKeys    int      // keys in use below the root

	rootMoves []rootMove
	pvLast    int          // rootSearch searches the root moves before this one
	lines     []Line       // Result.Lines, reused
	pvStore   []chess.Move // backing store of the lines' PVs, MaxPly per line
	lim       Limits
	stop      *atomic.Bool
	ownStop   atomic.Bool
	pondering atomic.Bool
	timeBase  atomic.Int64 // when the clock started (reset by PonderHit), Unix ns
	start     time.Time
	stopped   bool
	report    func(Info)
	opt       Options // SetOptions; DefaultOptions unless an A/B changes them

	nodes, ttHits uint64
	selDepth      int
	lastCurrMove  time.Time
	rootDepth     int

	threads // the other search threads, or the main one (threads.go)

	acc      *nnue.Stack        // the network's accumulators when Options.Net is set
	tb       *syzygy.Tablebases // endgame tables, or nil
	tbOpt    TablebaseOptions   // SetTablebaseOptions
	tbPieces int                // this search probes positions of up to this many pieces (0: none)
	rootInTB bool               // the tables rank the root moves (tbRankRoot)
	ordering OrderingStats
	tbHits   uint64
	rec      Recorder // hears every node of the main thread, or nil (recorder.go)
}

// SetTablebases gives the search endgame tables to probe (nil: none). No
// search may be running. The helper threads take the main thread's
// tables and options when a search starts.
func (s *Searcher) SetTablebases(tb *syzygy.Tablebases) { s.tb = tb }

// nodeCheckInterval: the clock and the stop flag are read every this many
// nodes (a power of two minus one, used as a mask).
const nodeCheckInterval = 1023

// currMoveDelay and currMoveEvery pace the currmove reports.
const (
	currMoveDelay = time.Second
	currMoveEvery = 250 * time.Millisecond
)

// DefaultHashMB is the transposition table size of a new Searcher.
const DefaultHashMB = 16

// NewSearcher returns a searcher with a hashMB mebibyte table.
func NewSearcher(hashMB int) *Searcher {
	return NewSearcherSharing(NewTranspositionTable(hashMB))
}

// NewSearcherSharing returns a searcher that uses tt, another searcher's
// table (as Lazy SMP's helper threads do).
func NewSearcherSharing(tt *TranspositionTable) *Searcher {
	return &Searcher{
		tt:        tt,
		opt:       DefaultOptions(),
		tbOpt:     DefaultTablebaseOptions(),
		rootMoves: make([]rootMove, 0, chess.MaxMoves),
		lines:     make([]Line, 0, chess.MaxMoves),
		pvStore:   make([]chess.Move, chess.MaxMoves*MaxPly),
	}
}

// SetHashSize resizes (and clears) the transposition table.
func (s *Searcher) SetHashSize(mb int) { s.tt.Resize(mb) }

// Clear forgets everything learned: table, histories (correction
// histories included), killers (of every thread).
func (s *Searcher) Clear() {
	s.tt.Clear()
	for _, t := range append([]*Searcher{s}, s.helpers...) {
		t.history = [16][128]int32{}
		t.contHist = [2][16][64][16][64]int16{}
		t.corr = corrHist{}
		for i := range t.stack {
			t.stack[i].killers = [2]chess.Move{}
		}
	}
}

// PonderHit turns a pondering search into a normal one: its time limits
// start to count now.
func (s *Searcher) PonderHit() {
	s.timeBase.Store(time.Now().UnixNano())
	s.pondering.Store(false)
}

// Pondering reports whether the running search is pondering (its time
// limits wait for PonderHit).
func (s *Searcher) Pondering() bool { return s.pondering.Load() }

// Search searches pos within lim and returns the best move found. history
// holds the keys of the game's earlier positions (oldest first), for
// repetition. stop, when non-nil, ends the search early from another
// goroutine; report, when non-nil, hears about progress.
func (s *Searcher) Search(pos *chess.Position, history []uint64, lim Limits, stop *atomic.Bool, report func(Info)) Result {
	s.tt.newSearch()
	s.prepare(pos, history, lim, stop, report)
	res := s.iterateWithHelpers(pos, history, lim)
	res.Info.HashFull = s.tt.HashFull()
	if lim.Infinite || s.pondering.Load() {
		// UCI forbids the best move before "stop" (or ponderhit).
		for !s.stop.Load() && (lim.Infinite || s.pondering.Load()) {
			time.Sleep(time.Millisecond)
		}
	}
	return res
}

// prepare sets a thread up for a search: position, repetition history,
// limits, counters, killers, the root's static evaluation and the aged
// history table.
func (s *Searcher) prepare(pos *chess.Position, history []uint64, lim Limits, stop *atomic.Bool, report func(Info)) {
	s.start = time.Now()
	s.timeBase.Store(s.start.UnixNano())
	s.pondering.Store(lim.Ponder)
	s.lastCurrMove = s.start
	s.pos = *pos
	s.lim = lim
	s.stop = stop
	if s.stop == nil {
		s.ownStop.Store(false)
		s.stop = &s.ownStop
	}
	s.report = report
	if s.main != nil {
		s.tb, s.tbOpt = s.main.tb, s.main.tbOpt
	}
	s.nodes, s.ttHits, s.tbHits, s.selDepth, s.stopped = 0, 0, 0, 0, false
	s.ordering = OrderingStats{}
	s.published.Store(0)
	s.others = 0
	if need := len(history) + MaxPly + 8; cap(s.keys) < need {
		s.keys = make([]uint64, need)
	}
	s.keys = s.keys[:cap(s.keys)]
	copy(s.keys, history)
	s.nKeys = len(history)
	s.keys[s.nKeys] = pos.Key()
	s.resetAccumulators()
	for i := range s.stack {
		s.stack[i].killers = [2]chess.Move{}
		s.stack[i].checkKnown = false // no stale answer for a node entered from outside (Quiesce is exported)
	}
	// The root's static evaluation, for the improving test two plies down
	// (rootSearch does not go through negamax's step 7).
	s.stack[0].staticEval = -Infinity
	if !s.pos.InCheck() {
		s.stack[0].staticEval = s.correctedEval(s.evaluate())
	}
	// Age the history so that the last search's lessons weigh less.
	for i := range s.history {
		for j := range s.history[i] {
			s.history[i][j] /= 2
		}
	}
}

// orderRoot fills the root move list: every legal move (or those of
// SearchMoves), ordered by a capture-only search of each, so that the move
// banked before the first iteration is a sensible one.
func (s *Searcher) orderRoot() {
	s.rootMoves = s.rootMoves[:0]
	var ml chess.MoveList
	s.pos.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if len(s.lim.SearchMoves) > 0 && !slices.Contains(s.lim.SearchMoves, m) {
			continue
		}
		s.rootMoves = append(s.rootMoves, rootMove{move: m, score: -Infinity, prevScore: -Infinity})
	}
	if len(s.rootMoves) == 0 && len(s.lim.SearchMoves) > 0 { // none of them legal: search all
		for _, m := range ml.Slice() {
			s.rootMoves = append(s.rootMoves, rootMove{move: m, score: -Infinity, prevScore: -Infinity})
		}
	}
	for i := range s.rootMoves {
		rm := &s.rootMoves[i]
		u := s.makeMove(rm.move)
		rm.prevScore = -s.evaluate()
		if rm.move.IsCapture() || rm.move.IsPromotion() {
			rm.prevScore += rootForcingBonus // try the forcing moves early among equals
		}
		s.unmakeMove(rm.move, u)
		rm.pv[0], rm.pvLen = rm.move, 1
	}
	slices.SortStableFunc(s.rootMoves, func(a, b rootMove) int { return b.prevScore - a.prevScore })
	s.tbRankRoot()
}

// elapsed returns the time since the clock started for the time limits.
func (s *Searcher) elapsed() time.Duration {
	return time.Duration(time.Now().UnixNano() - s.timeBase.Load())
}

// checkLimits is called every nodeCheckInterval+1 nodes: it reads the stop
// flag and the hard time limit, and sends currmove reports.
func (s *Searcher) checkLimits() {
	if s.stop.Load() {
		s.stopped = true
		return
	}
	s.countOthers()
	if s.lim.HardTime > 0 && !s.pondering.Load() && s.elapsed() >= s.lim.HardTime {
		s.stopped = true
	}
}

// iterate is iterative deepening: search depth 1, 2, 3... each iteration
// ordering the root by the last one's scores and filling the table that
// orders the next one.
func (s *Searcher) iterate() Result {
	s.orderRoot()
	res := Result{}
	if len(s.rootMoves) == 0 {
		// Mate or stalemate: nothing to search.
		if s.pos.InCheck() {
			res.Score = -Mate
		}
		res.Info = Info{MultiPV: 1, Score: res.Score, Bound: BoundExact, Material: eval.Material(&s.pos)}
		return res
	}
	res.Move = s.rootMoves[0].move // banked before anything is searched
	multiPV := min(max(s.lim.MultiPV, 1), len(s.rootMoves))
	maxDepth := MaxPly - 8
	if s.lim.Depth > 0 {
		maxDepth = min(s.lim.Depth, maxDepth)
	}
	stretch := 1.0
	lastBest := chess.NoMove
	lastScore := 0
	for depth := 1 + s.depthOffset; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		iterStart := s.totalNodes()
		for i := range s.rootMoves {
			rm := &s.rootMoves[i]
			rm.prevScore, rm.score = rm.score, -Infinity
		}
		for pvIdx := 0; pvIdx < multiPV && !s.stopped; pvIdx++ {
			// A line is chosen among the moves of its table rank (all of
			// them when the tables do not cover the root).
			s.pvLast = s.rankEnd(pvIdx)
			s.aspirate(depth, pvIdx)
			// The moves searched this iteration sort ahead by their new
			// scores; a move not finished keeps its old place behind.
			slices.SortStableFunc(s.rootMoves[pvIdx:s.pvLast], func(a, b rootMove) int { return cmpScore(b.score, a.score) })
		}
		if s.stopped && depth > 1 && s.rootMoves[0].score == -Infinity {
			break // nothing of this iteration finished: keep the last result
		}
		if s.rootMoves[0].score == -Infinity {
			break // stopped within the first move of depth 1: keep the banked move
		}
		res = s.result(depth, multiPV)
		s.sendLines(depth, multiPV) // after a stop too: the last line shown leads with the move
		if s.stopped {
			break
		}
		// Stop at a forced mate found within the depth (the mate cannot get
		// shorter by searching deeper when it is this short).
		if best := s.rootMoves[0].score; IsMate(best) && Mate-abs(best) <= depth && s.lim.Depth == 0 {
			break
		}
		// A mate search ("go mate N") ends when it has the mate it asked for.
		if n := MateIn(s.rootMoves[0].score); s.lim.Mate > 0 && n > 0 && n <= s.lim.Mate {
			break
		}
		if s.lim.SoftTime > 0 && !s.pondering.Load() {
			if depth > 1 && res.Move != lastBest {
				stretch = min(stretch*bestMoveChangeMul, maxStretch)
			} else {
				stretch = max(1, stretch*stretchDecay)
			}
			if depth > 1 && res.Score < lastScore-scoreDropMargin {
				stretch = min(stretch*scoreDropMul, maxStretch)
			}
			soft := time.Duration(float64(s.lim.SoftTime) * stretch)
			if s.elapsed() > time.Duration(float64(soft)*newIterationShare) {
				break
			}
		}
		if s.lim.SoftNodes > 0 && !s.nextIterationFits(s.totalNodes()-iterStart) {
			break
		}
		lastBest, lastScore = res.Move, res.Score
		if s.rankEnd(0) == 1 && s.lim.SoftTime > 0 && depth >= 4 {
			break // one legal move (or one the tables keep): no need to think long
		}
	}
	return res
}

func cmpScore(a, b int) int { return a - b }

// iterationGrowth (params.go) is the factor by which the next iteration is
// predicted to cost more nodes than the last one, for Limits.SoftNodes. Over the
// bench positions an iteration costs a median 1.7 times the one before (a
// quarter cost more than 2.6 times). A factor of 3 gives up twice as much
// depth for few abandoned iterations less; the growth of the last two
// iterations predicts no better (it swings with odd and even depths); and
// the cc65 guide's rule, stop beyond a third of the budget, expects about
// 5 times the last iteration here and gives up whole plies (measured in
// docs/ENGINE.md, skill levels).

// nextIterationFits reports whether another iteration, predicted to cost
// iterationGrowth times the last one (last nodes), would finish within
// Limits.SoftNodes, counting the nodes already spent.
func (s *Searcher) nextIterationFits(last uint64) bool {
	return s.totalNodes()+iterationGrowth*last <= s.lim.SoftNodes
}

// aspirate searches the pvIdx-th line at depth, first within a narrow window
// around the last score, widening it after each failure.
func (s *Searcher) aspirate(depth, pvIdx int) {
	alpha, beta := -Infinity, Infinity
	delta := aspirationDelta
	prev := s.rootMoves[pvIdx].prevScore
	if depth >= aspirationDepth && !IsMate(prev) && prev != -Infinity {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		score := s.rootSearch(depth, pvIdx, alpha, beta)
		if s.stopped {
			return
		}
		switch {
		case score <= alpha:
			s.sendBound(depth, pvIdx, score, BoundUpper)
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			s.sendBound(depth, pvIdx, score, BoundLower)
			beta = min(score+delta, Infinity)
		default:
			return
		}
		delta += delta
		if delta > aspirationMaxDelta {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// rootSearch searches the root moves pvIdx..pvLast-1 (the earlier ones
// are the better lines already found this iteration, the later ones of a
// worse table rank) and returns the best score.
func (s *Searcher) rootSearch(depth, pvIdx, alpha, beta int) int {
	if s.rec != nil {
		s.enter(NodeRoot, 0, depth, alpha, beta, true)
		s.rec.Decide(StepStaticEval, chess.NoMove, s.stack[0].staticEval)
	}
	best, bestMove := -Infinity, chess.NoMove
	inCheck := s.pos.InCheck()
	s.stack[2].cutoffs = 0 // as negamax does two plies down (the cutoff count)
	for i := pvIdx; i < s.pvLast; i++ {
		rm := &s.rootMoves[i]
		if s.report != nil && time.Since(s.lastCurrMove) >= currMoveEvery && time.Since(s.start) >= currMoveDelay {
			s.lastCurrMove = time.Now()
			el := time.Since(s.start)
			s.report(Info{Depth: depth, MultiPV: pvIdx + 1, CurrMove: rm.move, CurrMoveNumber: i + 1,
				Nodes: s.totalNodes(), NPS: NPS(s.totalNodes(), el), Time: el})
		}
		s.stack[0].move, s.stack[0].piece = rm.move, s.pos.At(rm.move.From())
		u := s.makeMove(rm.move)
		givesCheck := s.pos.InCheck()
		s.stack[1].checkKnown, s.stack[1].checkGiven = true, givesCheck
		newDepth := depth - 1
		var score int
		if i == pvIdx {
			score = -s.negamax(newDepth, 1, -beta, -alpha, true, false)
		} else {
			// Late quiet root moves are reduced a little too.
			r := 0
			if depth >= rootLMRMinDepth && i-pvIdx >= rootLMRMinMoves && rm.move.IsQuiet() && !inCheck && !givesCheck {
				r = 1
				s.note(StepLMR, rm.move, r)
			}
			score = -s.negamax(newDepth-r, 1, -alpha-1, -alpha, false, true)
			if score > alpha && !s.stopped {
				s.note(StepPVSResearch, rm.move, newDepth)
				score = -s.negamax(newDepth, 1, -beta, -alpha, true, false)
			}
		}
		s.unmakeMove(rm.move, u)
		if s.stopped {
			return best
		}
		if i == pvIdx || score > alpha {
			rm.score = score
			rm.pv[0] = rm.move
			child := &s.stack[1]
			rm.pvLen = 1 + copy(rm.pv[1:], child.pv[:child.pvLen])
		} else {
			rm.score = -Infinity
		}
		if score > best {
			best, bestMove = score, rm.move
		}
		if score > alpha {
			alpha = score
			if alpha >= beta {
				s.note(StepCutoff, rm.move, i-pvIdx+1)
				return s.leave(StepSearched, best, bestMove)
			}
		}
	}
	return s.leave(StepSearched, best, bestMove)
}

// result builds the Result from the root moves after an iteration. Its
// Lines and PVs alias the Searcher's buffers (no allocation per search).
func (s *Searcher) result(depth, multiPV int) Result {
	rm := &s.rootMoves[0]
	score, _ := s.shownScore(rm)
	r := Result{Move: rm.move, Score: score, Depth: depth, Nodes: s.totalNodes()}
	if rm.pvLen > 1 {
		r.Ponder = rm.pv[1]
	}
	s.lines = s.lines[:0]
	for i := 0; i < multiPV; i++ {
		l := &s.rootMoves[i]
		if l.score == -Infinity {
			break
		}
		pv := s.pvStore[i*MaxPly : i*MaxPly+l.pvLen]
		copy(pv, l.pv[:l.pvLen])
		score, _ := s.shownScore(l)
		s.lines = append(s.lines, Line{Move: l.move, Score: score, PV: pv})
	}
	r.Lines = s.lines
	r.Info = s.infoNoPV(depth, 0, BoundExact)
	r.Info.PV = s.lines[0].PV
	return r
}

// info makes the report for line pvIdx, with a copy of its PV and the
// table's fill.
func (s *Searcher) info(depth, pvIdx int, bound Bound) Info {
	inf := s.infoNoPV(depth, pvIdx, bound)
	rm := &s.rootMoves[pvIdx]
	inf.PV = slices.Clone(rm.pv[:rm.pvLen])
	inf.HashFull = s.tt.HashFull()
	return inf
}

// infoNoPV makes the report for line pvIdx without its PV, and without the
// table's fill: HashFull reads a thousand entries, which every iteration's
// result paid for (4% of the time of a 2,000-node search) when only the
// reports and the search's last result show it.
func (s *Searcher) infoNoPV(depth, pvIdx int, bound Bound) Info {
	rm := &s.rootMoves[pvIdx]
	el := time.Since(s.start)
	score, verdict := s.shownScore(rm)
	return Info{
		Depth: depth, SelDepth: s.selDepth, MultiPV: pvIdx + 1, Score: score, Bound: bound, TB: verdict,
		Nodes: s.totalNodes(), NPS: NPS(s.totalNodes(), el), Time: el, TTHits: s.ttHits, TBHits: s.tbHits,
		Material: eval.Material(&s.pos),
	}
}

// sendLines reports every line of a finished iteration.
func (s *Searcher) sendLines(depth, multiPV int) {
	if s.report == nil {
		return
	}
	for i := 0; i < multiPV; i++ {
		if s.rootMoves[i].score == -Infinity {
			break
		}
		s.report(s.info(depth, i, BoundExact))
	}
}

// sendBound reports a fail-high or fail-low of the aspiration window, once
// the search has run long enough for a person to care.
func (s *Searcher) sendBound(depth, pvIdx, score int, bound Bound) {
	if s.report == nil || time.Since(s.start) < currMoveDelay || s.rootInTB && !IsMate(score) {
		return // (a line the tables judge keeps their score)
	}
	inf := s.info(depth, pvIdx, bound)
	inf.Score = score
	s.report(inf)
}
