package web

import (
	"fmt"
	"net/http"
	"strings"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/review"
	"ox88/web/internal/wire"
)

// Practice ("learn from your mistakes"): a review (GET /api/review) lists
// its exercises, the positions before each move it marked a mistake (?) or
// a blunder (??), and keeps them in the tab's session; POST /api/practice
// judges a move tried in one of them with package review's Judge, which
// accepts any move within review.PracticeDrop of the best. The tab's game
// is not touched: the page shows the position by going to its ply.

// exerciseJSON is one exercise as the page shows it. Best and Line are
// the answer, which the page shows only when asked.
type exerciseJSON struct {
	Ply       int    `json:"ply"`       // the marked move's ply: the position is the one after Ply-1 moves
	Side      string `json:"side"`      // the player to move: "white" or "black"
	FEN       string `json:"fen"`       // the position
	Played    string `json:"played"`    // the marked move, numbered: "3... Nf6"
	Symbol    string `json:"symbol"`    // "?" or "??"
	Judgement string `json:"judgement"` // "mistake" or "blunder"
	Best      string `json:"best"`      // the engine's move in SAN
	Line      string `json:"line"`      // its line, numbered: "3... g6 4. Qf3 Nf6"
}

// exercisesJSON turns the review's exercises into the page's JSON.
func exercisesJSON(xs []review.Exercise) []exerciseJSON {
	out := make([]exerciseJSON, 0, len(xs))
	for _, x := range xs {
		pos := x.Position()
		out = append(out, exerciseJSON{
			Ply: x.Ply, Side: x.Side.String(), FEN: pos.FEN(),
			Played: game.NumberedSAN(pos, []chess.Move{x.Played}), Symbol: x.Judgement.Symbol(),
			Judgement: strings.ToLower(x.Judgement.String()), Best: pos.SAN(x.Best),
			Line: game.NumberedSAN(pos, x.Line[:min(len(x.Line), reviewLinePlies)]),
		})
	}
	return out
}

// practiceRequest tries Move (UCI or SAN) in exercise Exercise (0-based,
// in the order of the review's list).
type practiceRequest struct {
	Sid      string `json:"sid"`
	Exercise int    `json:"exercise"`
	Move     string `json:"move"`
}

func (r *practiceRequest) sid() string { return r.Sid }

// answerJSON is the verdict on a move tried.
type answerJSON struct {
	Exercise int        `json:"exercise"`
	Move     string     `json:"move"`     // the move tried, in SAN
	Accepted bool       `json:"accepted"` // within review.PracticeDrop of the best
	Best     bool       `json:"best"`     // the engine's own move
	Played   bool       `json:"played"`   // the move the game played
	Score    scorePoint `json:"score"`    // the position after it, White's view
	Before   float64    `json:"before"`   // the mover's winning chances with the best move, 0 to 100
	After    float64    `json:"after"`    // and with the move tried
	Drop     float64    `json:"drop"`     // what it lost against the best (0 when it gained)
}

// handlePractice judges a move tried in one of the last review's
// exercises. Bad input (no review yet, no such exercise, an illegal move)
// gets a 400 with the reason. A move other than the best and the one
// played costs one search within the review's budget: it is a job, with a
// slot and an engine at full strength.
func (s *Server) handlePractice(w http.ResponseWriter, r *http.Request) {
	var req practiceRequest
	ss := s.readSession(w, r, &req)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	xs := ss.exercises
	ss.mu.Unlock()
	switch {
	case xs == nil:
		wire.Error(w, http.StatusBadRequest, "no exercises: review the game first")
		return
	case len(xs) == 0:
		wire.Error(w, http.StatusBadRequest, "nothing to practise: the review marked no mistake or blunder")
		return
	case req.Exercise < 0 || req.Exercise >= len(xs):
		wire.Error(w, http.StatusBadRequest, fmt.Sprintf("exercise %d: the review has %d (0 to %d)", req.Exercise, len(xs), len(xs)-1))
		return
	}
	x := xs[req.Exercise]
	pos := x.Position()
	m, err := pos.ParseMove(strings.TrimSpace(req.Move))
	if err != nil {
		wire.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	a, known := x.Known(m)
	if !known {
		eng, ok := s.acquire(w, r.Context())
		if !ok {
			return
		}
		defer s.release(eng)
		eng.SetSkill(engine.MaxSkill) // judged as the review judged
		if a, err = review.Judge(r.Context(), eng, x, m); err != nil {
			if r.Context().Err() == nil {
				wire.Error(w, http.StatusBadRequest, err.Error())
			}
			return
		}
	}
	wire.JSON(w, http.StatusOK, answerJSON{
		Exercise: req.Exercise, Move: pos.SAN(m), Accepted: a.Accepted, Best: m == x.Best, Played: m == x.Played,
		Score: *whiteScore(chess.White, a.Score), Before: a.Before, After: a.After, Drop: a.Drop,
	})
}
