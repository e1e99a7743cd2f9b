package xboard

import (
	"fmt"
	"strings"
	"time"

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
	if st == nil || st.finished || st.aborted || i.CurrMove != chess.NoMove || !(s.post || st.analyze) {
		return
	}
	s.out.Println(formatThinking(&st.pos, i))
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
