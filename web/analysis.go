package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/opening"
	"ox88/search"
	"ox88/web/internal/wire"
)

// The analysis board: a person moves both sides, the engine analyses the
// position shown for as long as it is shown (several lines at once), and
// the game is a tree: a move from an earlier position becomes a variation.

// at returns the path of the position shown. The caller holds s.mu.
func (s *session) at() game.Path {
	if s.path != nil {
		return s.path
	}
	return game.Path{s.game().Ply()}
}

// show makes the position at p the one shown. The caller holds s.mu.
func (s *session) show(p game.Path) {
	if p.InVariation() {
		s.path = p
		return
	}
	s.path = nil
	if p[0] != s.game().Ply() {
		_ = s.p.GoTo(p[0], time.Now())
	}
}

// viewGame returns the game of the position shown: the session's game on
// the main line, else a game of the moves that lead into the variation
// (for its position, last move, outcome and repetitions). The caller holds
// s.mu.
func (s *session) viewGame() *game.Game {
	if s.path == nil {
		return s.game()
	}
	moves, err := s.game().MovesTo(s.path)
	if err != nil {
		s.path = nil
		return s.game()
	}
	start := s.game().Start()
	vg := game.New(&start)
	for _, m := range moves {
		_ = vg.Play(m) // legal: the tree holds only legal moves
	}
	return vg
}

// position returns the position shown. The caller holds s.mu.
func (s *session) position() chess.Position { return s.viewGame().Position() }

// nodeJSON is one move of the game tree as the move list shows it.
type nodeJSON struct {
	Path    []int        `json:"path"`
	SAN     string       `json:"san"`
	Number  int          `json:"n"`
	White   bool         `json:"white"`
	NAGs    []int        `json:"nags,omitempty"`
	Comment string       `json:"comment,omitempty"`
	Vars    [][]nodeJSON `json:"vars,omitempty"`
}

func treeJSON(nodes []game.Node) []nodeJSON {
	out := make([]nodeJSON, len(nodes))
	for i, n := range nodes {
		out[i] = nodeJSON{Path: n.Path, SAN: n.SAN, Number: n.Number, White: n.White, NAGs: n.NAGs, Comment: n.Comment}
		for _, v := range n.Variations {
			out[i].Vars = append(out[i].Vars, treeJSON(v))
		}
	}
	return out
}

// openingJSON names the opening of the line shown (opening.Classify).
type openingJSON struct {
	ECO  string `json:"eco"`
	Name string `json:"name"`
	Ply  int    `json:"ply"` // the ply of the named position
}

// openingOf names the opening of the game vg.
func openingOf(vg *game.Game) *openingJSON {
	start := vg.Start()
	r := opening.Classify(&start, vg.Moves())
	if !r.Named() {
		return nil
	}
	return &openingJSON{ECO: r.Opening.ECO, Name: r.Opening.Name, Ply: r.Ply}
}

// analysisMoves plays moves (UCI or SAN) one after another from the
// position at from, into the game tree, and shows the position reached.
// Every move is read before any is played: a bad one changes nothing. The
// caller holds s.mu.
func (s *session) analysisMoves(from []int, moves []string) error {
	if len(moves) == 0 {
		return errors.New("give a move")
	}
	if len(moves) > maxLineMoves {
		return fmt.Errorf("%d moves: at most %d at once", len(moves), maxLineMoves)
	}
	p := s.at()
	if from != nil {
		p = game.Path(from)
	}
	pos, err := s.game().PositionAtPath(p)
	if err != nil {
		return err
	}
	parsed := make([]chess.Move, len(moves))
	for i, text := range moves {
		m, err := pos.ParseMove(text)
		if err != nil {
			return err
		}
		parsed[i] = m
		pos.MakeMove(m)
	}
	for _, m := range parsed {
		if p, err = s.p.PlayAt(p, m, time.Now()); err != nil {
			return err
		}
	}
	s.show(p)
	return nil
}

// maxLineMoves bounds the moves one request plays (a line of the
// analysis, clicked at its last move).
const maxLineMoves = 64

// Analysis limits: how many lines, and what threads and hash a person may
// ask of the analysis (the server's own engines share the machine).
const (
	maxAnalysisLines  = 5
	maxAnalysisHashMB = 256
	// maxAnalysisTime ends an analysis no one has looked away from: a tab
	// left open does not hold a job slot for ever.
	maxAnalysisTime = 10 * time.Minute
)

// lineJSON is one line of the analysis, ready to show.
type lineJSON struct {
	FEN      string   `json:"fen"`             // the position analysed
	MultiPV  int      `json:"multipv"`         // 1-based
	Depth    int      `json:"depth"`           // iteration
	SelDepth int      `json:"seldepth"`        //
	Score    int      `json:"score"`           // centipawns, side to move's view
	Mate     int      `json:"mate,omitempty"`  // moves to mate, side to move's view
	White    int      `json:"white"`           // centipawns, White's view (mates clamp to ±mateCP)
	WDL      []int    `json:"wdl,omitempty"`   // per mille: win, draw, loss for the side to move (when asked)
	TB       string   `json:"tb,omitempty"`    // the tables' verdict for the side to move, "tablebase win"..., when they cover the root (tablebaseVerdict)
	PV       []string `json:"pv"`              // SAN
	UCI      []string `json:"uci"`             // the same moves in UCI, to play them
	Best     []string `json:"best,omitempty"`  // [from, to] of the first move, for the board's arrow
	Nodes    uint64   `json:"nodes"`           //
	NPS      uint64   `json:"nps"`             //
	TimeMS   int64    `json:"timeMs"`          //
	Bound    string   `json:"bound,omitempty"` // "lower" or "upper" for a score still being resolved
}

// tablebaseVerdict says what the endgame tables made of the root for the
// side to move ("tablebase win", "tablebase draw", "tablebase cursed
// win"...), or "" when they do not cover it (search.Info.TB).
func tablebaseVerdict(in search.Info) string { return in.TB.String() }

// toLineJSON converts a report of a search of root for the page.
func toLineJSON(root *chess.Position, in search.Info, material int, wdl bool) lineJSON {
	out := lineJSON{FEN: root.FEN(), MultiPV: max(in.MultiPV, 1), Depth: in.Depth, SelDepth: in.SelDepth,
		Score: in.Score, Mate: in.MateIn(), White: whiteScore(root.SideToMove(), in.Score).CP,
		PV: root.SANLine(in.PV), Nodes: in.Nodes, NPS: in.NPS, TimeMS: in.Time.Milliseconds(), TB: tablebaseVerdict(in)}
	for _, m := range in.PV[:len(out.PV)] {
		out.UCI = append(out.UCI, m.String())
	}
	if len(in.PV) > 0 {
		out.Best = []string{in.PV[0].From().String(), in.PV[0].To().String()}
	}
	if wdl {
		w, d, l := search.WDL(in.Score, material)
		if tw, td, tl, ok := in.TB.WDL(); ok && !search.IsMate(in.Score) {
			w, d, l = tw, td, tl // the tables' chances are certain
		}
		out.WDL = []int{w, d, l}
	}
	switch in.Bound {
	case search.BoundLower:
		out.Bound = "lower"
	case search.BoundUpper:
		out.Bound = "upper"
	}
	return out
}

// analysisParams reads the query of /api/analyse: lines (1 to 5, default
// 3), wdl (0 or 1), threads (1 to the machine's cores) and hash (MiB, 1
// to maxAnalysisHashMB); 0 or missing threads and hash take the server's.
func analysisParams(r *http.Request) (lines int, wdl bool, threads, hash int, err error) {
	q := r.URL.Query()
	num := func(name string, def, lo, hi int) (int, error) {
		v := q.Get(name)
		if v == "" {
			return def, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%s %q: want a number from %d to %d", name, v, lo, hi)
		}
		return n, nil
	}
	if lines, err = num("lines", 3, 1, maxAnalysisLines); err != nil {
		return
	}
	w, err := num("wdl", 0, 0, 1)
	if err != nil {
		return
	}
	if threads, err = num("threads", 0, 0, runtime.NumCPU()); err != nil {
		return
	}
	hash, err = num("hash", 0, 0, maxAnalysisHashMB)
	return lines, w == 1, threads, hash, err
}

// handleAnalyse analyses the position the analysis board shows until the
// page closes the stream, the position changes (any request of the tab
// stops it) or maxAnalysisTime passes: "info" events carry the lines as
// each iteration completes them (lineJSON), "done" says why it ended on
// its own.
func (s *Server) handleAnalyse(w http.ResponseWriter, r *http.Request) {
	ss := s.lookup(w, r.URL.Query().Get("sid"))
	if ss == nil {
		return
	}
	lines, wdl, threads, hashMB, err := analysisParams(r)
	if err != nil {
		wire.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), maxAnalysisTime)
	defer cancel()

	ss.mu.Lock()
	if !ss.analysis {
		ss.mu.Unlock()
		wire.Error(w, http.StatusConflict, "the analysis board is off in this game (settings: analysis true)")
		return
	}
	if !ss.stopThinking() {
		ss.mu.Unlock()
		wire.Error(w, http.StatusConflict, "the engine is already thinking in this game and did not stop")
		return
	}
	vg := ss.viewGame()
	start, moves, root := vg.Start(), vg.Moves(), vg.Position()
	if o := vg.Outcome(); o.Over() {
		ss.mu.Unlock()
		es := wire.NewStream(w)
		es.Send("done", map[string]string{"fen": root.FEN(), "reason": o.Text})
		return
	}
	_, endThink := ss.startThinking(cancel)
	ss.mu.Unlock()
	defer endThink()

	eng, ok := s.acquire(w, ctx)
	if !ok {
		return
	}
	// The pooled engine goes back as it came: one line, the server's
	// threads; one given a table of another size is dropped rather than
	// resized back (the slot is freed either way).
	pooled := true
	defer func() {
		if !pooled {
			eng.OnInfo(nil)
			eng.OnBestMove(nil)
			eng = nil
		}
		s.release(eng)
	}()
	defer eng.SetMultiPV(1)
	if threads > 0 && threads != eng.Threads() {
		eng.SetThreads(threads)
		defer eng.SetThreads(s.cfg.Threads)
	}
	if hashMB > 0 && hashMB != search.DefaultHashMB {
		eng.SetHashSize(hashMB)
		pooled = false
	}

	es := wire.NewStream(w)
	infos := make(chan search.Info, 64)
	best := make(chan engine.Result, 1)
	quit := make(chan struct{})
	eng.OnInfo(func(in search.Info) {
		if len(in.PV) == 0 {
			return // currmove reports: the lines are what the board shows
		}
		select {
		case infos <- in:
		case <-quit:
		default:
		}
	})
	eng.OnBestMove(func(res engine.Result) { best <- res })
	eng.SetPosition(&start, moves)
	eng.SetSkill(engine.MaxSkill)
	eng.SetMultiPV(lines)
	eng.Go(search.Limits{Infinite: true})
	defer func() {
		close(quit)
		eng.Stop()
		eng.Wait()
	}()
	material := search.MaterialCount(&root)
	for {
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				es.Send("done", map[string]string{"fen": root.FEN(), "reason": "the analysis stopped after 10 minutes; switch it on again to go on"})
			}
			return
		case in := <-infos:
			if !es.Send("info", toLineJSON(&root, in, material, wdl)) {
				return
			}
		case <-best:
			for len(infos) > 0 {
				es.Send("info", toLineJSON(&root, <-infos, material, wdl))
			}
			es.Send("done", map[string]string{"fen": root.FEN(), "reason": "the search ended"})
			return
		}
	}
}

// bookMoveJSON is one move of the opening explorer.
type bookMoveJSON struct {
	SAN    string  `json:"san"`
	UCI    string  `json:"uci"`
	Weight int     `json:"weight"`
	Share  float64 `json:"share"` // of the position's total weight, 0 to 1
}

// handleBook lists the moves the server's opening book (Config.Book) holds
// for the position the tab shows, with their weights and shares, highest
// first.
func (s *Server) handleBook(w http.ResponseWriter, r *http.Request) {
	pos, ok := s.tabPosition(w, r.URL.Query().Get("sid"))
	if !ok {
		return
	}
	out := map[string]any{"fen": pos.FEN(), "book": s.cfg.BookName, "moves": []bookMoveJSON{}}
	if s.cfg.Book == nil {
		out["note"] = "no opening book: start ox88 web with --book FILE (a Polyglot .bin), or install gnuchess-book"
		wire.JSON(w, http.StatusOK, out)
		return
	}
	entries := s.cfg.Book.Entries(&pos)
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	var moves []bookMoveJSON
	for _, e := range entries {
		bm := bookMoveJSON{SAN: pos.SAN(e.Move), UCI: e.Move.String(), Weight: int(e.Weight)}
		if total > 0 {
			bm.Share = float64(e.Weight) / float64(total)
		}
		moves = append(moves, bm)
	}
	sortBookMoves(moves)
	out["moves"] = append([]bookMoveJSON{}, moves...)
	wire.JSON(w, http.StatusOK, out)
}

// sortBookMoves orders the explorer's moves by weight, highest first, then
// by SAN.
func sortBookMoves(moves []bookMoveJSON) {
	slices.SortStableFunc(moves, func(a, b bookMoveJSON) int {
		if a.Weight != b.Weight {
			return b.Weight - a.Weight
		}
		return strings.Compare(a.SAN, b.SAN)
	})
}

// stepBack shows the position before the one shown in a variation (the
// arrow key left): the variation's branch point is on the line above.
// The caller holds s.mu.
func (s *session) stepBack() error {
	p := slices.Clone(s.path)
	if p[len(p)-1] > 1 {
		p[len(p)-1]--
	} else {
		p = p[:len(p)-2]
		p[len(p)-1]-- // the position before the move the variation replaces
	}
	s.show(p)
	return nil
}

// stepForward shows the next position of the variation shown.
func (s *session) stepForward() error {
	p := slices.Clone(s.path)
	p[len(p)-1]++
	if _, err := s.game().PositionAtPath(p); err != nil {
		return errors.New("nothing to redo: the variation ends here")
	}
	s.show(p)
	return nil
}
