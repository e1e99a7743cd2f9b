package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/review"
	"ox88/search"
	"ox88/web/internal/wire"
)

// reviewJSON is a game review as the page draws it: the evaluation graph,
// the marks in the move list, each side's accuracy, and the annotated PGN.
type reviewJSON struct {
	Budget   string           `json:"budget"` // each position's search: "200000 nodes", "1000 ms"
	Start    string           `json:"start"`  // the FEN the game started from
	Moves    []string         `json:"moves"`  // the game reviewed, in SAN (the page's game may have moved on)
	Points   []scorePoint     `json:"points"` // the evaluation of each position, 0 to len(Moves), White's view
	Win      []float64        `json:"win"`    // White's winning chances there, 0 to 100
	Marks    []reviewMarkJSON `json:"marks"`  // the judged moves (inaccuracies, mistakes, blunders), in order
	Accuracy [2]float64       `json:"accuracy"`
	Counts   [2][3]int        `json:"counts"` // [White, Black][inaccuracies, mistakes, blunders]
	PGN      string           `json:"pgn"`    // the game with the review's NAGs, evaluations and better lines
	// Exercises are the positions to practise (practice.go): before every
	// move of either side marked a mistake or a blunder.
	Exercises []exerciseJSON `json:"exercises"`

	exercises []review.Exercise // kept in the session for POST /api/practice
}

// reviewMarkJSON is one judged move.
type reviewMarkJSON struct {
	Ply       int     `json:"ply"`       // 1-based: the move from position Ply-1 to Ply
	Side      string  `json:"side"`      // the mover: "white" or "black"
	Move      string  `json:"move"`      // the move played, numbered: "3... Nf6"
	Judgement string  `json:"judgement"` // "inaccuracy", "mistake" or "blunder"
	Symbol    string  `json:"symbol"`    // "?!", "?" or "??"
	Before    float64 `json:"before"`    // the mover's winning chances before the move, 0 to 100
	After     float64 `json:"after"`     // and after it
	Better    string  `json:"better"`    // the engine's move in SAN
	BetterUCI string  `json:"betterUci"` // the same in UCI, for the board's arrow
	Line      string  `json:"line"`      // the better line, numbered: "3... g6 4. Qf3 Nf6"
}

// reviewer reviews every move of g (a copy the caller owns) with e, one
// search within lim per position, calling progress after each position.
// It is package review's Analyze turned into the page's JSON (reviewGame);
// tests put a fake in.
type reviewer func(ctx context.Context, e *engine.Engine, g *game.Game, lim search.Limits, progress func(done, total int)) (*reviewJSON, error)

// The review's budget per position: GET /api/review takes nodes=N or
// movetime=MS, within these bounds, and defaultReviewNodes without either.
const (
	defaultReviewNodes = 200_000
	maxReviewNodes     = 50_000_000
	minReviewMoveTime  = 10 * time.Millisecond
	maxReviewMoveTime  = time.Minute
)

// reviewLimits reads the budget of each position's search from q.
func reviewLimits(q url.Values) (search.Limits, error) {
	nodes, ms := q.Get("nodes"), q.Get("movetime")
	switch {
	case nodes != "" && ms != "":
		return search.Limits{}, errors.New("give nodes or movetime, not both")
	case ms != "":
		n, err := strconv.Atoi(ms)
		d := time.Duration(n) * time.Millisecond
		if err != nil || d < minReviewMoveTime || d > maxReviewMoveTime {
			return search.Limits{}, fmt.Errorf("movetime %q: want %d to %d milliseconds per position", ms, minReviewMoveTime.Milliseconds(), maxReviewMoveTime.Milliseconds())
		}
		return search.Limits{MoveTime: d}, nil
	case nodes != "":
		n, err := strconv.ParseUint(nodes, 10, 64)
		if err != nil || n < 1 || n > maxReviewNodes {
			return search.Limits{}, fmt.Errorf("nodes %q: want 1 to %d per position", nodes, maxReviewNodes)
		}
		return search.Limits{Nodes: n}, nil
	}
	return search.Limits{Nodes: defaultReviewNodes}, nil
}

// reviewProgress is the "progress" event of a review: positions searched
// of the total.
type reviewProgress struct {
	Done  int `json:"done"`
	Total int `json:"total"`
}

// handleReview reviews the tab's whole game (its redo tail included) and
// streams "progress" after each position and "done" with the review, or
// "fail". It is a job: it takes a slot and an engine at full strength,
// and stops when the page goes away.
func (s *Server) handleReview(w http.ResponseWriter, r *http.Request) {
	lim, err := reviewLimits(r.URL.Query())
	if err != nil {
		wire.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	ss := s.lookup(w, r.URL.Query().Get("sid"))
	if ss == nil {
		return
	}
	ss.mu.Lock()
	g := ss.gameCopy()
	ss.mu.Unlock()
	if g.Len() == 0 {
		wire.Error(w, http.StatusBadRequest, "no moves to review: play or load a game first")
		return
	}
	eng, ok := s.acquire(w, r.Context())
	if !ok {
		return
	}
	defer s.release(eng)
	eng.SetSkill(engine.MaxSkill) // a review judges with the engine's best
	es := wire.NewStream(w)
	rv, err := s.review(r.Context(), eng, g, lim, func(done, total int) {
		es.Send("progress", reviewProgress{done, total})
	})
	switch {
	case r.Context().Err() != nil:
		// The page went away: no one listens.
	case err != nil:
		es.Send("fail", wire.ErrorBody{Error: "review: " + err.Error()})
	default:
		ss.mu.Lock()
		ss.exercises = rv.exercises // the last review's, for POST /api/practice
		if ss.exercises == nil {
			ss.exercises = []review.Exercise{} // reviewed, nothing to practise
		}
		held := ss.bytes()
		ss.mu.Unlock()
		s.clients.weigh(clientIP(r), ss, held, s.sessions)
		es.Send("done", rv)
	}
}

// reviewTags are the tags a game copy for a review keeps, for its
// annotated PGN.
var reviewTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "TimeControl"}

// gameCopy returns a copy of the whole game, its redo tail included, with
// its players, time control and final outcome, for a job that runs without
// the session's lock. The caller holds s.mu.
func (s *session) gameCopy() *game.Game {
	start := s.game().Start()
	c := game.New(&start)
	for _, m := range s.game().AllMoves() {
		_ = c.Play(m) // legal: the game played it
	}
	for _, k := range reviewTags {
		c.SetTag(k, s.game().Tag(k))
	}
	ply := s.game().Ply()
	_ = s.game().GoTo(s.game().Len())
	c.SetOutcome(s.game().Outcome()) // a resignation or a loss on time is set at the end
	_ = s.game().GoTo(ply)
	return c
}

// reviewLinePlies bounds the better line the page shows: the idea, not the
// search's whole horizon (the annotated PGN's variations are as long).
const reviewLinePlies = 10

// reviewGame is the server's reviewer: package review's Analyze, then the
// page's JSON of it and the game annotated (review.Review.Annotate).
func reviewGame(ctx context.Context, e *engine.Engine, g *game.Game, lim search.Limits, progress func(done, total int)) (*reviewJSON, error) {
	r, err := review.Analyze(ctx, e, g, lim, progress)
	if err != nil {
		return nil, err
	}
	start := g.Start()
	out := &reviewJSON{Budget: budgetText(lim), Start: start.FEN(), Moves: make([]string, g.Len()), Marks: []reviewMarkJSON{}}
	for i := range out.Moves {
		out.Moves[i] = g.SANAt(i + 1)
	}
	for _, v := range r.Positions {
		out.Points = append(out.Points, *whiteScore(chess.White, v.Score))
		out.Win = append(out.Win, review.WinPercent(v.Score))
	}
	for _, m := range r.Moves {
		if m.Judgement == review.Good {
			continue
		}
		pos := g.PositionAt(m.Ply - 1)
		mark := reviewMarkJSON{
			Ply: m.Ply, Side: m.Side.String(), Move: game.NumberedSAN(pos, []chess.Move{m.Move}),
			Judgement: strings.ToLower(m.Judgement.String()), Symbol: m.Judgement.Symbol(),
			Before: m.Before, After: m.After,
		}
		if m.Better != chess.NoMove { // none where the rules had ended the game (a draw played on)
			mark.Better, mark.BetterUCI = pos.SAN(m.Better), m.Better.String()
			mark.Line = game.NumberedSAN(pos, m.Line[:min(len(m.Line), reviewLinePlies)])
		}
		out.Marks = append(out.Marks, mark)
	}
	for side := range 2 {
		out.Accuracy[side] = r.Accuracy[side]
		c := r.Count[side]
		out.Counts[side] = [3]int{c[review.Inaccuracy], c[review.Mistake], c[review.Blunder]}
	}
	out.exercises = r.Exercises()
	out.Exercises = exercisesJSON(out.exercises)
	r.Annotate()
	out.PGN = g.PGN()
	return out, nil
}

// budgetText words a review's budget per position: "200000 nodes", "1000 ms".
func budgetText(lim search.Limits) string {
	if lim.Nodes > 0 {
		return fmt.Sprintf("%d nodes", lim.Nodes)
	}
	return fmt.Sprintf("%d ms", lim.MoveTime.Milliseconds())
}
