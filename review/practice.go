package review

import (
	"context"
	"fmt"
	"slices"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/search"
)

// Practice ("learn from your mistakes", as lichess calls it) puts a player
// back in each position where the review marked their move a mistake (?)
// or a blunder (??) and asks for a better move. An answer is judged as the
// review judges a move: by the mover's winning chances after it, from one
// search of the position it leads to, against the chances the best move
// keeps. It is accepted when it loses less than PracticeDrop points, that
// is when the review would not have marked it at all; at equal chances
// that is a loss of about 50 centipawns (55 would be marked), in a won
// position more (from +8 a move that keeps +6 is accepted, one that keeps
// +5 is not), and every mate is as good as the quickest.
const PracticeDrop = InaccuracyDrop

// Exercise is one position to practise: the position before a move that
// was marked a mistake or a blunder.
type Exercise struct {
	Ply       int            // the marked move's ply: the position is the one after Ply-1 moves
	Start     chess.Position // the game's start
	Moves     []chess.Move   // from Start to the position (for repetitions)
	Side      chess.Color    // the player to move
	Played    chess.Move     // the marked move
	Judgement Judgement      // Mistake or Blunder
	Best      chess.Move     // the engine's move
	Line      []chess.Move   // its line, Best first
	// BestScore and PlayedScore are White's view of the position before
	// the move (the best move's value) and after the played one.
	BestScore, PlayedScore int
	// Limits is the review's budget, which judging an answer uses too.
	Limits search.Limits
}

// Position returns the exercise's position.
func (x Exercise) Position() chess.Position {
	pos := x.Start
	for _, m := range x.Moves {
		pos.MakeMove(m)
	}
	return pos
}

// Exercises returns the positions to practise, in the order of the game:
// every move of the given sides (both when none are given) that the
// review marked a mistake or a blunder and for which it has a better move.
func (r *Review) Exercises(sides ...chess.Color) []Exercise {
	var out []Exercise
	start, moves := r.Game.Start(), r.Game.AllMoves()
	for _, m := range r.Moves {
		if m.Judgement < Mistake || m.Better == chess.NoMove || len(sides) > 0 && !slices.Contains(sides, m.Side) {
			continue
		}
		out = append(out, Exercise{Ply: m.Ply, Start: start, Moves: slices.Clone(moves[:m.Ply-1]), Side: m.Side,
			Played: m.Move, Judgement: m.Judgement, Best: m.Better, Line: slices.Clone(m.Line),
			BestScore: r.Positions[m.Ply-1].Score, PlayedScore: r.Positions[m.Ply].Score, Limits: r.Limits})
	}
	return out
}

// Answer is the judgement of a move tried in an exercise.
type Answer struct {
	Move chess.Move
	// Score is White's view of the position after the answer.
	Score int
	// Before is the mover's win% with the best move, After with the
	// answer; Drop is what the answer lost against the best (0 when it
	// gained).
	Before, After, Drop float64
	Accepted            bool // Drop < PracticeDrop, or the best move itself
}

// moverWin returns the win% of side from a score of White's view.
func moverWin(score int, side chess.Color) float64 {
	w := WinPercent(score)
	if side == chess.Black {
		return 100 - w
	}
	return w
}

// Grade judges answer m from the score, White's view, of the position
// after it: accepted when it loses less than PracticeDrop points of the
// mover's win% against the best move. The best move is always accepted
// and the move played in the game never, whatever the scores say.
func (x Exercise) Grade(m chess.Move, score int) Answer {
	a := Answer{Move: m, Score: score, Before: moverWin(x.BestScore, x.Side), After: moverWin(score, x.Side)}
	a.Drop = max(0, a.Before-a.After)
	switch m {
	case x.Best:
		a.Accepted = true
	case x.Played:
		a.Accepted = false
	default:
		a.Accepted = a.Drop < PracticeDrop
	}
	return a
}

// Known returns the answer to m without a search when the review knows
// its value already: the best move (the value of the position) and the
// move played (the value of the position after it).
func (x Exercise) Known(m chess.Move) (Answer, bool) {
	switch m {
	case x.Best:
		return x.Grade(m, x.BestScore), true
	case x.Played:
		return x.Grade(m, x.PlayedScore), true
	}
	return Answer{}, false
}

// Judge judges answer m, a move of the exercise's position: the best and
// the played move as Known says, any other by one search of the position
// after it with e within the review's budget (the hash cleared first, so
// an answer is judged alike every time), or exactly where the rules end
// the game. An illegal move is an error. When ctx ends, the search stops
// and Judge returns ctx's error.
func Judge(ctx context.Context, e *engine.Engine, x Exercise, m chess.Move) (Answer, error) {
	pos := x.Position()
	var legal chess.MoveList
	pos.GenerateMoves(&legal)
	if !legal.Contains(m) {
		return Answer{}, fmt.Errorf("%v is not a legal move here", m)
	}
	if a, ok := x.Known(m); ok {
		return a, nil
	}
	g := game.New(&x.Start)
	for _, mv := range append(slices.Clone(x.Moves), m) {
		if err := g.Play(mv); err != nil {
			return Answer{}, err
		}
	}
	if v, over := ruled(g); over {
		return x.Grade(m, v.Score), nil
	}
	if err := ctx.Err(); err != nil {
		return Answer{}, err
	}
	stop := context.AfterFunc(ctx, e.Stop)
	defer stop()
	e.NewGame()
	e.SetPosition(&x.Start, g.Moves())
	lim := x.Limits
	lim.MultiPV = 0
	res := e.Think(lim)
	if err := ctx.Err(); err != nil {
		return Answer{}, err
	}
	after := g.Position()
	return x.Grade(m, search.WhiteScore(res.Info.Score, after.SideToMove())), nil
}
