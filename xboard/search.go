package xboard

import (
	"fmt"
	"strings"
	"time"

	"ox88/book"
	"ox88/chess"
	"ox88/engine"
	"ox88/search"
)

// Thinking-output conventions of xboard.
const (
	// mateScore is added to the number of moves to a mate, so that xboard
	// shows "#N" (and subtracted for being mated).
	mateScore = 100000
)

// searchRecord is the record of one search, under Server.mu.
type searchRecord struct {
	pos      chess.Position // the position searched
	analyze  bool           // an analysis: its move is not played
	aborted  bool           // the move is to be thrown away
	finished bool           // the engine reported its result
	pongs    []string       // pings that came while the engine thought on its move
	done     chan struct{}  // closed when the result has been handled
	// last is the last full report and curr the last root-move report,
	// for hint and "." during an analysis.
	last, curr search.Info
}

// think starts a search on the current position: an endless one in
// analysis mode, else one for the engine's move under the time control
// (the engine answers from its book, if it has one). On a game the rules
// have ended it claims the result instead. The settings waiting for a
// search are applied first. No search may be running.
func (s *Server) think() {
	s.mu.Lock()
	if !s.analyze {
		text, over := claim(s.g)
		if over && !s.force {
			s.gameOver = true
			s.out.Println(text)
		}
		if over || s.gameOver || s.force {
			s.mu.Unlock()
			return
		}
	}
	st := &searchRecord{pos: s.g.Position(), analyze: s.analyze, done: make(chan struct{})}
	start, moves := s.g.Start(), s.g.Moves()
	var lim search.Limits
	if st.analyze {
		lim.Infinite = true
	} else {
		made := len(moves) / 2 // the engine's moves so far in this game
		if len(moves)%2 == 1 && start.SideToMove() == s.side {
			made++
		}
		lim = s.tc.limits(s.side, made)
	}
	s.cur = st
	pending := s.pending
	s.pending = pendingSettings{}
	s.mu.Unlock()

	pending.apply(s.eng)
	s.eng.SetPosition(&start, moves)
	s.eng.Go(lim)
}

// abort stops a running search and waits for it; its move is not played.
func (s *Server) abort() {
	s.mu.Lock()
	st := s.cur
	if st == nil || st.finished {
		s.mu.Unlock()
		return
	}
	st.aborted = true
	s.mu.Unlock()
	s.eng.Stop()
	<-st.done
}

// ping answers a ping with pong once every command before it is done: at
// once, or, while the engine thinks on its move, right after the move
// (Server.bestMove writes it), as the protocol asks.
func (s *Server) ping(pong string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.cur; st != nil && !st.finished && !st.analyze {
		st.pongs = append(st.pongs, pong)
		return
	}
	s.out.Println(pong)
}

// moveNow handles "?": stop thinking and play the best move found so far.
func (s *Server) moveNow() {
	s.mu.Lock()
	st := s.cur
	s.mu.Unlock()
	if st != nil && !st.analyze {
		s.eng.Stop()
	}
}

// info is the engine's progress callback: thinking output, when asked for
// (post) or analysing.
func (s *Server) info(i search.Info) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.cur
	if st == nil || st.finished || st.aborted {
		return
	}
	if i.CurrMove != chess.NoMove {
		st.curr = i
		return
	}
	if len(i.PV) > 0 {
		st.last = i
	}
	if s.post || st.analyze {
		s.out.Println(formatThinking(&st.pos, i))
	}
}

// bestMove is the engine's result callback: play the move (unless the
// search was aborted or an analysis), claim the result if the game ended,
// and answer the pings that waited for the move.
func (s *Server) bestMove(r engine.Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.cur
	if st == nil || st.finished {
		return
	}
	st.finished = true
	defer close(st.done)
	defer func() {
		for _, pong := range st.pongs {
			s.out.Println(pong)
		}
	}()
	if st.aborted || st.analyze {
		return
	}
	var ml chess.MoveList
	pos := s.g.Position()
	pos.GenerateMoves(&ml)
	if ml.N == 0 {
		return // think does not start on a finished game
	}
	m := r.Move
	if !ml.Contains(m) {
		// Never answer without a legal move: running out of anything yields a
		// worse move, never no move.
		s.out.Printf("# engine returned %v, playing %v\n", m, ml.Moves[0])
		m = ml.Moves[0]
	}
	s.g.Play(m)
	s.out.Println("move " + moveText(&pos, m))
	if text, over := claim(s.g); over {
		s.gameOver = true
		s.out.Println(text)
	}
}

// hintNodes is the search behind a hint when the engine is idle: quick,
// and the same hint each time for the same position.
const hintNodes = 50_000

// hint handles "hint": "Hint: MOVE", a move for the side to move. During
// an analysis it is the analysis's best move so far; when the engine is
// idle, a short search's (or the book's) move; while the engine thinks on
// its own move, or when the game is over, there is none to give.
func (s *Server) hint() {
	s.mu.Lock()
	st := s.cur
	pos := s.g.Position()
	if st != nil && !st.finished {
		if st.analyze && len(st.last.PV) > 0 {
			s.out.Println("Hint: " + moveText(&st.pos, st.last.PV[0]))
		}
		s.mu.Unlock()
		return
	}
	start, moves := s.g.Start(), s.g.Moves()
	s.mu.Unlock()
	if pos.CountMoves() == 0 {
		return
	}
	s.eng.SetPosition(&start, moves)
	r := s.eng.Think(search.Limits{Nodes: hintNodes})
	if isLegalMove(&pos, r.Move) {
		s.out.Println("Hint: " + moveText(&pos, r.Move))
	}
}

// isLegalMove reports whether m is legal in pos.
func isLegalMove(pos *chess.Position, m chess.Move) bool {
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	return ml.Contains(m)
}

// bookLines handles "bk": the book's moves for the current position, each
// on a line that starts with a tab (the move in SAN and its share of the
// book's weight), then a blank line, as the protocol asks.
func (s *Server) bookLines() {
	s.mu.Lock()
	pos := s.g.Position()
	b, _ := s.book.(*book.Book)
	s.mu.Unlock()
	var entries []book.Entry
	if b != nil {
		entries = b.Entries(&pos)
	}
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	switch {
	case b == nil:
		s.out.Println("\tno opening book (option BookFile sets one)")
	case len(entries) == 0 || total == 0:
		s.out.Println("\tno book moves in this position")
	}
	for _, e := range entries {
		if total > 0 && isLegalMove(&pos, e.Move) {
			s.out.Printf("\t%s %d%%\n", pos.SAN(e.Move), (int(e.Weight)*100+total/2)/total)
		}
	}
	s.out.Println("")
}

// stat01 handles ".", the analysis status: "stat01: TIME NODES DEPTH
// MOVESLEFT TOTALMOVES MOVE" (time in centiseconds, the root moves still to
// search at this depth, their number, and the one being searched). It
// answers only during an analysis, as the protocol asks.
func (s *Server) stat01() {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.cur
	if st == nil || st.finished || !st.analyze {
		return
	}
	total := st.pos.CountMoves()
	i, move, left := st.last, "", 0
	if st.curr.CurrMove != chess.NoMove && st.curr.Depth >= i.Depth {
		move = st.pos.SAN(st.curr.CurrMove)
		left = max(total-st.curr.CurrMoveNumber, 0)
		i.Depth = st.curr.Depth
	} else if len(i.PV) > 0 {
		move = st.pos.SAN(i.PV[0])
	}
	s.out.Printf("stat01: %d %d %d %d %d %s\n", i.Time/(10*time.Millisecond), i.Nodes, i.Depth, left, total, move)
}

// moveText writes m, legal in pos, as the engine sends it: in coordinates
// ("e2e4", "e7e8q", "e1g1"), but castling as O-O or O-O-O in Chess960
// (variant fischerandom, or a Chess960 setboard), as xboard expects there.
func moveText(pos *chess.Position, m chess.Move) string {
	if m.IsCastle() && pos.Chess960() {
		return strings.TrimRight(pos.SAN(m), "+#")
	}
	return m.String()
}

// formatThinking writes a thinking line: "ply score time nodes pv", with
// the time in centiseconds and the PV in SAN from pos.
func formatThinking(pos *chess.Position, i search.Info) string {
	score := i.Score
	switch mate := i.MateIn(); {
	case mate > 0:
		score = mateScore + mate
	case mate < 0:
		score = -mateScore + mate
	}
	pv := strings.Join(pos.SANLine(i.PV), " ")
	return fmt.Sprintf("%d %d %d %d %s", i.Depth, score, i.Time/(10*time.Millisecond), i.Nodes, pv)
}
