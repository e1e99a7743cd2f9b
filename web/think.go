package web

import (
	"context"
	"net/http"
	"time"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
	"ox88/web/internal/wire"
)

// infoJSON is one progress report of the engine, ready to show: the PV and
// the root move in SAN, the score from White's point of view too.
type infoJSON struct {
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	Score    int      `json:"score"` // centipawns, side to move's view
	Mate     int      `json:"mate,omitempty"`
	White    int      `json:"white"` // centipawns, White's view (mates clamp to ±mateCP)
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	TimeMS   int64    `json:"timeMs"`
	PV       []string `json:"pv"`
	Best     []string `json:"best,omitempty"` // [from, to] of the PV's first move, for the board's arrow
	CurrMove string   `json:"currmove,omitempty"`
	CurrNum  int      `json:"currmoveNumber,omitempty"`
	HashFull int      `json:"hashfull"`
}

// infoEvery is the least time between two currmove reports sent to the
// page; a fast search changes root move thousands of times a second.
const infoEvery = 50 * time.Millisecond

// toInfoJSON converts in, a report of a search from root, for the page.
func toInfoJSON(root *chess.Position, in search.Info) infoJSON {
	out := infoJSON{Depth: in.Depth, SelDepth: in.SelDepth, Score: in.Score, Mate: in.MateIn(),
		Nodes: in.Nodes, NPS: in.NPS, TimeMS: in.Time.Milliseconds(), HashFull: in.HashFull, PV: root.SANLine(in.PV)}
	if len(in.PV) > 0 {
		out.Best = []string{in.PV[0].From().String(), in.PV[0].To().String()}
	}
	if in.CurrMove != chess.NoMove {
		out.CurrMove = sanMove(root, in.CurrMove)
		out.CurrNum = in.CurrMoveNumber
	}
	out.White = whiteScore(root.SideToMove(), in.Score).CP
	return out
}

// whiteScore turns score, for side to move, into a point of the graph from
// White's point of view.
func whiteScore(side chess.Color, score int) *scorePoint {
	white := search.WhiteScore(score, side)
	return &scorePoint{CP: min(max(white, -mateCP), mateCP), Mate: search.MateIn(white)}
}

// sanMove writes m in SAN, or in UCI notation when it is not legal in root
// (a stale report never panics).
func sanMove(root *chess.Position, m chess.Move) string {
	if san := root.SANLine([]chess.Move{m}); len(san) == 1 {
		return san[0]
	}
	return m.String()
}

// handleThink runs the engine for the session's side to move and streams
// its reports as events: "info" while it thinks, then "done" with the new
// state once its move is played. When the page goes away (the request's
// context ends) the search stops and its move is dropped.
func (s *Server) handleThink(w http.ResponseWriter, r *http.Request) {
	ss := s.lookup(w, r.URL.Query().Get("sid"))
	if ss == nil {
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()

	ss.mu.Lock()
	if ss.analysis {
		ss.mu.Unlock()
		wire.Error(w, http.StatusConflict, "this is the analysis board: ox88 analyses here rather than plays (turn analysis off to play it)")
		return
	}
	now := time.Now()
	ss.checkFlag(now)
	if o := ss.game().Outcome(); o.Over() {
		ss.mu.Unlock()
		wire.Error(w, http.StatusConflict, errGameOver(o).Error())
		return
	}
	// A tab has one page: a new request (after a reload) replaces the
	// search of the old one.
	if !ss.stopThinking() {
		ss.mu.Unlock()
		wire.Error(w, http.StatusConflict, "the engine is already thinking in this game and did not stop")
		return
	}
	req, err := ss.p.NextSearch(time.Now())
	if err != nil {
		ss.mu.Unlock()
		wire.Error(w, http.StatusConflict, err.Error())
		return
	}
	// turn=w|b: think only if that side is still to move (the page's
	// view may be stale after a reload).
	if t := r.URL.Query().Get("turn"); t != "" && t != turnLetter(ss.game().SideToMove()) {
		ss.mu.Unlock()
		wire.Error(w, http.StatusConflict, "it is not "+t+"'s move any more")
		return
	}
	thinkDone, endThink := ss.startThinking(cancel)
	epoch := ss.p.Epoch()
	root := ss.game().Position()
	ss.mu.Unlock()
	// mine reports whether the session's search is still this request's
	// (once its move is played, the page may start the next one at once).
	// The caller holds ss.mu.
	mine := func() bool { return ss.thinkDone == thinkDone }
	defer endThink()

	eng, ok := s.acquire(w, ctx)
	if !ok {
		return
	}
	defer s.release(eng)

	es := wire.NewStream(w)
	infos := make(chan search.Info, 64)
	best := make(chan engine.Result, 1)
	quit := make(chan struct{})
	eng.OnInfo(func(in search.Info) {
		select {
		case infos <- in:
		case <-quit:
		default:
			// A report the page has no room for: a newer one follows.
		}
	})
	eng.OnBestMove(func(res engine.Result) { best <- res })
	eng.SetPosition(&req.Start, req.Moves)
	eng.SetSkill(req.Skill)
	eng.Go(req.Limits)
	ss.mu.Lock()
	if mine() {
		ss.moveNow = eng.Stop
	}
	ss.mu.Unlock()
	defer func() {
		// Forget the engine's Stop before the engine goes back to the pool,
		// where another tab may take it.
		ss.mu.Lock()
		if mine() {
			ss.moveNow = nil
		}
		ss.mu.Unlock()
		close(quit)
		eng.Stop()
		eng.Wait()
	}()

	var lastCurr time.Time
	lastBest := chess.NoMove // the first move of the best line reported
	for {
		select {
		case <-ctx.Done():
			// The page went away, a person's action stopped the search, or
			// the engine's flag fell (checkFlag): say so to a page still
			// listening.
			ss.mu.Lock()
			o := ss.game().Outcome()
			ss.mu.Unlock()
			if o.Over() {
				es.Send("fail", wire.ErrorBody{Error: errGameOver(o).Error()})
			}
			return
		case in := <-infos:
			if in.MultiPV > 1 {
				continue // the weak levels' extra lines: the panel shows the best
			}
			if in.CurrMove != chess.NoMove && len(in.PV) == 0 {
				if time.Since(lastCurr) < infoEvery {
					continue
				}
				lastCurr = time.Now()
			}
			if len(in.PV) > 0 {
				lastBest = in.PV[0]
			}
			if !es.Send("info", toInfoJSON(&root, in)) {
				return
			}
		case res := <-best:
			// Drain the reports sent before the best move.
			for len(infos) > 0 {
				in := <-infos
				if len(in.PV) > 0 && in.MultiPV <= 1 {
					lastBest = in.PV[0]
					es.Send("info", toInfoJSON(&root, in))
				}
			}
			ss.mu.Lock()
			if ss.p.Epoch() != epoch {
				ss.mu.Unlock()
				es.Send("fail", wire.ErrorBody{Error: "the game changed while the engine thought; its move was dropped"})
				return
			}
			if res.Move == chess.NoMove {
				ss.mu.Unlock()
				es.Send("fail", wire.ErrorBody{Error: "the engine has no move"})
				return
			}
			ply := ss.game().Ply()
			err := ss.play(res.Move, time.Now(), true)
			if err == nil && (res.Info.Depth > 0 || len(res.Info.PV) > 0) {
				ss.setScore(ply+1, whiteScore(root.SideToMove(), res.Info.Score))
			}
			ss.thinking = false
			ss.stopThink, ss.moveNow = nil, nil
			st := ss.state(time.Now())
			held := ss.bytes()
			ss.mu.Unlock()
			s.clients.weigh(clientIP(r), ss, held, s.sessions)
			if err != nil {
				es.Send("fail", wire.ErrorBody{Error: err.Error()})
				return
			}
			done := map[string]any{"move": sanMove(&root, res.Move), "uci": res.Move.String(), "state": st}
			if res.FromBook {
				done["book"] = true
			}
			if len(res.Info.PV) > 0 {
				done["info"] = toInfoJSON(&root, res.Info)
			}
			if lastBest != chess.NoMove && lastBest != res.Move {
				// A weak level chose a near-best move over the best line.
				done["best"] = sanMove(&root, lastBest)
			}
			es.Send("done", done)
			return
		}
	}
}

// handleMoveNow asks the tab's running search to stop and play the best
// move it has found so far (the search's "done" event follows).
func (s *Server) handleMoveNow(w http.ResponseWriter, r *http.Request) {
	ss := s.readSession(w, r, &sidRequest{})
	if ss == nil {
		return
	}
	ss.mu.Lock()
	stop := ss.moveNow
	ss.mu.Unlock()
	if stop == nil {
		wire.Error(w, http.StatusConflict, "the engine is not thinking in this game")
		return
	}
	stop()
	wire.JSON(w, http.StatusOK, map[string]bool{"stopped": true})
}
