package uci

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/search"
)

// currMoveDelay is how long a search runs before it reports the root move
// it is on: GUIs show it, but a burst of them in a fast game is noise.
const currMoveDelay = time.Second

// searchRecord is the record of one go, shared by the reader goroutine and the
// engine's callbacks under Server.mu.
type searchRecord struct {
	pos      chess.Position // the position searched, to check the result
	start    time.Time
	hold     bool // go infinite / go ponder: bestmove waits for stop or ponderhit
	released bool // stop or ponderhit arrived
	stopped  bool // stop arrived: repeat it to the engine on each report
	finished bool // the engine reported its result
	emitted  bool // bestmove is written
	infoSent bool // a full info line is written
	// telemetry is the last exact first-line report printed: the info
	// string after the search speaks of the same iteration as the last
	// score the GUI saw (the result may come from an unfinished deeper one).
	telemetry search.Info
	result    engine.Result
	// showWDL is UCI_ShowWDL at go; material is the root's
	// search.MaterialCount, which the WDL model needs.
	showWDL  bool
	material int
	done     chan struct{} // closed after bestmove is written
}

// goCmd handles "go ...": parse the limits, end the previous search, set
// the engine up (options, book, position) and start the search.
//
// A GUI sends go only after the previous bestmove, so a search still
// running is one the GUI has given up on: it is stopped, and its bestmove
// written, before the new one starts. Waiting for it instead could hang
// the session on a deep "go depth" the GUI forgot.
func (s *Server) goCmd(args []string) {
	pos := s.current()
	s.stopPerft()
	if len(args) >= 1 && args[0] == "perft" {
		s.finishSearch()
		s.perft(&pos, args[1:])
		return
	}
	lim := parseGo(args, &pos)
	s.finishSearch()
	s.eng.Wait()
	s.applySearchOptions()
	// The engine reads a zero overhead as "use the default"; a user who
	// sets Move Overhead to 0 means none, and a nanosecond is none.
	lim.MoveOverhead = max(s.opts.overhead, time.Nanosecond)
	st := &searchRecord{
		pos:      pos,
		start:    time.Now(),
		hold:     lim.Infinite || lim.Ponder,
		showWDL:  s.opts.showWDL,
		material: search.MaterialCount(&pos),
		done:     make(chan struct{}),
	}
	s.mu.Lock()
	s.cur = st
	s.mu.Unlock()

	s.eng.SetPosition(&s.start, s.moves)
	s.eng.Go(lim)
}

// maxPerftDepth bounds "go perft": deeper counts take hours.
const maxPerftDepth = 10

// perftRun is a "go perft" counting on its own goroutine.
type perftRun struct {
	stop atomic.Bool
	done chan struct{} // closed after its last line is written
}

// perft handles "go perft N" as Stockfish does: each root move with the
// leaves below it, then "Nodes searched: N". It counts on its own
// goroutine, so isready is answered at once and stop, quit, go or
// ucinewgame end it within a second (see chess.PerftStop); a stopped
// count prints the root moves it finished and an info string, never a
// "Nodes searched" total that would be wrong.
func (s *Server) perft(pos *chess.Position, args []string) {
	depth := 0
	if len(args) > 0 {
		depth, _ = strconv.Atoi(args[0])
	}
	if depth < 1 || depth > maxPerftDepth {
		s.out.Printf("info string error: go perft needs a depth from 1 to %d\n", maxPerftDepth)
		return
	}
	run := &perftRun{done: make(chan struct{})}
	s.perftCur = run
	go func() {
		defer close(run.done)
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		var total uint64
		for i, m := range ml.Slice() {
			u := pos.MakeMove(m)
			n, ok := pos.PerftStop(depth-1, &run.stop)
			pos.UnmakeMove(m, u)
			if !ok {
				s.out.Printf("info string perft stopped after %d of %d root moves, %d nodes\n", i, ml.N, total)
				return
			}
			s.out.Printf("%s: %d\n", pos.UCI(m), n)
			total += n
		}
		s.out.Printf("\nNodes searched: %d\n\n", total)
	}()
}

// stopPerft ends a running "go perft" and waits for its last line.
func (s *Server) stopPerft() {
	if run := s.perftCur; run != nil {
		run.stop.Store(true)
		<-run.done
		s.perftCur = nil
	}
}

// parseGo reads go's arguments. Unknown words and bad numbers are skipped;
// searchmoves takes the legal moves that follow it.
func parseGo(args []string, pos *chess.Position) search.Limits {
	var lim search.Limits
	ms := func(i int) time.Duration { // a time in milliseconds, may be negative
		n, _ := strconv.ParseInt(args[i], 10, 64)
		return max(time.Duration(n)*time.Millisecond, clock.MinTime)
	}
	inc := func(i int) time.Duration { // an increment: zero is allowed
		n, _ := strconv.ParseInt(args[i], 10, 64)
		return max(time.Duration(n)*time.Millisecond, 0)
	}
	num := func(i int) int {
		n, _ := strconv.Atoi(args[i])
		return max(n, 0)
	}
	for i := 0; i < len(args); i++ {
		hasValue := i+1 < len(args)
		switch args[i] {
		case "infinite":
			lim.Infinite = true
		case "ponder":
			lim.Ponder = true
		case "searchmoves":
			for i+1 < len(args) {
				m, err := pos.ParseUCI(args[i+1])
				if err != nil {
					break
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
				i++
			}
		case "wtime", "btime", "winc", "binc", "movetime", "movestogo", "depth", "nodes", "mate":
			if !hasValue {
				continue
			}
			i++
			switch args[i-1] {
			case "wtime":
				lim.WTime = ms(i)
			case "btime":
				lim.BTime = ms(i)
			case "winc":
				lim.WInc = inc(i)
			case "binc":
				lim.BInc = inc(i)
			case "movetime":
				lim.MoveTime = ms(i)
			case "movestogo":
				lim.MovesToGo = num(i)
			case "depth":
				lim.Depth = num(i)
			case "nodes":
				n, _ := strconv.ParseUint(args[i], 10, 64)
				lim.Nodes = n
			case "mate":
				lim.Mate = num(i)
			}
		}
	}
	return lim
}

// stop handles "stop": release a held result and end the search.
func (s *Server) stop() {
	if s.release(func(st *searchRecord) { st.stopped = true }) {
		s.eng.Stop()
	}
}

// ponderHit handles "ponderhit": the expected move was played, so the
// ponder search becomes a normal one (or, if it already ended, its result
// is the answer).
func (s *Server) ponderHit() {
	if s.release(func(st *searchRecord) { st.hold = false }) {
		s.eng.PonderHit()
	}
}

// release lets the last search's result go, for stop and ponderhit: it
// marks the record released and changes it with set, writes the bestmove
// if the search has already ended, and reports whether there was a search
// whose bestmove was still to be written.
func (s *Server) release(set func(*searchRecord)) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.cur
	if st == nil || st.emitted {
		return false
	}
	st.released = true
	set(st)
	if st.finished {
		s.emit(st)
	}
	return true
}

// finishSearch stops the last search, if it still runs, and waits until
// its bestmove is written.
func (s *Server) finishSearch() {
	s.mu.Lock()
	st := s.cur
	s.mu.Unlock()
	if st == nil {
		return
	}
	s.stop()
	<-st.done
}

// info is the engine's progress callback.
func (s *Server) info(i search.Info) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.cur
	if st == nil || st.emitted {
		return
	}
	if st.stopped {
		s.eng.Stop() // a stop that came before the search reset its flag
	}
	if i.CurrMove != chess.NoMove {
		if time.Since(st.start) >= currMoveDelay {
			s.out.Printf("info depth %d currmove %s currmovenumber %d\n", i.Depth, st.pos.UCI(i.CurrMove), i.CurrMoveNumber)
		}
		return
	}
	st.infoSent = true
	if i.MultiPV <= 1 && i.Bound == search.BoundExact {
		st.telemetry = i
	}
	s.out.Println(st.formatInfo(i))
}

// bestMove is the engine's result callback.
func (s *Server) bestMove(r engine.Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.cur
	if st == nil || st.finished {
		return
	}
	st.finished, st.result = true, r
	if st.hold && !st.released {
		return
	}
	s.emit(st)
}

// emit writes the search's final lines: a full info line if none was
// written, the telemetry, and bestmove. s.mu must be held.
func (s *Server) emit(st *searchRecord) {
	if st.emitted {
		return
	}
	st.emitted = true
	defer close(st.done)
	r := st.result
	var ml chess.MoveList
	st.pos.GenerateMoves(&ml)
	if ml.N == 0 {
		// Mate or stalemate: no move to give. Stockfish answers the same.
		score := "cp 0"
		if st.pos.InCheck() {
			score = "mate 0"
		}
		s.out.Printf("info depth 0 score %s\n", score)
		s.out.Println("bestmove (none)")
		return
	}
	if !ml.Contains(r.Move) {
		// Never answer without a legal move: running out of anything yields a
		// worse move, never no move.
		s.out.Printf("info string error: engine returned %s, playing %s\n", r.Move, ml.Moves[0])
		r = engine.Result{Move: ml.Moves[0], Info: search.Info{MultiPV: 1}}
		st.infoSent = false
	}
	if !st.infoSent {
		i := r.Info
		i.MultiPV = max(i.MultiPV, 1)
		if len(i.PV) == 0 || i.PV[0] != r.Move {
			i.PV = []chess.Move{r.Move}
		}
		s.out.Println(st.formatInfo(i))
		st.telemetry = i
	}
	if r.FromBook {
		s.out.Printf("info string book move %s\n", st.pos.UCI(r.Move))
	} else {
		t := st.telemetry
		s.out.Printf("info string material %+d positional %+d tthits %d\n", t.Material, t.Positional(), t.TTHits)
	}
	line := "bestmove " + strings.Join(st.pos.UCILine([]chess.Move{r.Move, r.Ponder}), " ponder ")
	s.out.Println(line)
}

// formatInfo formats a report of this search: FormatInfo, with the WDL
// chances if UCI_ShowWDL was on at go (the tables' verdict, certain, when
// they cover the root).
func (st *searchRecord) formatInfo(i search.Info) string {
	if !st.showWDL {
		return FormatInfo(&st.pos, i, nil)
	}
	var wdl [3]int
	wdl[0], wdl[1], wdl[2] = search.WDL(i.Score, st.material)
	if w, d, l, ok := i.TB.WDL(); ok && !search.IsMate(i.Score) {
		wdl = [3]int{w, d, l} // the tables' verdict is certain
	}
	return FormatInfo(&st.pos, i, &wdl)
}

// FormatInfo formats a full progress report of a search of root with its
// fields in the order tools that parse UCI output with a fixed pattern
// expect (the PV in root's notation, Position.UCI, up to its first move
// that is not legal):
//
//	info depth D seldepth S multipv K score cp X|mate Y [lowerbound|upperbound]
//	     [wdl W D L] nodes N nps N hashfull H tbhits N time T pv m1 m2 ...
//
// wdl, when not nil, is the side to move's chances to win, draw and lose,
// per mille (search.WDL), written where Stockfish writes them.
func FormatInfo(root *chess.Position, i search.Info, wdl *[3]int) string {
	var b strings.Builder
	b.Grow(96 + 6*len(i.PV))
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(i.Depth))
	b.WriteString(" seldepth ")
	b.WriteString(strconv.Itoa(max(i.SelDepth, i.Depth)))
	b.WriteString(" multipv ")
	b.WriteString(strconv.Itoa(max(i.MultiPV, 1)))
	if mate := i.MateIn(); mate != 0 {
		b.WriteString(" score mate ")
		b.WriteString(strconv.Itoa(mate))
	} else {
		b.WriteString(" score cp ")
		b.WriteString(strconv.Itoa(i.Score))
	}
	switch i.Bound {
	case search.BoundLower:
		b.WriteString(" lowerbound")
	case search.BoundUpper:
		b.WriteString(" upperbound")
	}
	if wdl != nil {
		fmt.Fprintf(&b, " wdl %d %d %d", wdl[0], wdl[1], wdl[2])
	}
	b.WriteString(" nodes ")
	b.WriteString(strconv.FormatUint(i.Nodes, 10))
	b.WriteString(" nps ")
	b.WriteString(strconv.FormatUint(i.NPS, 10))
	b.WriteString(" hashfull ")
	b.WriteString(strconv.Itoa(i.HashFull))
	b.WriteString(" tbhits ")
	b.WriteString(strconv.FormatUint(i.TBHits, 10))
	b.WriteString(" time ")
	b.WriteString(strconv.FormatInt(i.Time.Milliseconds(), 10))
	if pv := root.UCILine(i.PV); len(pv) > 0 {
		b.WriteString(" pv ")
		b.WriteString(strings.Join(pv, " "))
	}
	return b.String()
}
