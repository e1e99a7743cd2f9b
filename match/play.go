package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/game"
)

// adjudicationRules says when the runner ends a game the engines are still
// playing. Zero fields switch a rule off.
type adjudicationRules struct {
	// Draw: from move DrawMoveNumber on, when both engines' scores have
	// stayed within ±DrawScore centipawns for DrawMoveCount moves each.
	DrawMoveNumber, DrawMoveCount, DrawScore int
	// Resign: an engine whose score has been at or below -ResignScore for
	// ResignMoveCount of its moves in a row loses; with ResignTwoSided
	// the opponent's scores must agree (at or above ResignScore).
	ResignMoveCount, ResignScore int
	ResignTwoSided               bool
	// MaxMoves: the game is drawn when it reaches this many moves.
	MaxMoves int
}

// adjudicator tracks the score runs the adjudication rules look at.
type adjudicator struct {
	rules     adjudicationRules
	drawRun   int    // consecutive plies with |score| <= DrawScore
	resignRun [2]int // per side: consecutive own moves at or below -ResignScore
	winRun    [2]int // per side: consecutive own moves at or above ResignScore
}

// update records the mover's reported score and returns an outcome when a
// rule ends the game after the move, with its text.
func (a *adjudicator) update(g *game.Game, mover chess.Color, info searchInfo) (game.Outcome, string, bool) {
	r := a.rules
	if !info.hasScore {
		a.drawRun, a.resignRun[mover], a.winRun[mover] = 0, 0, 0
	} else {
		if abs(info.score) <= r.DrawScore {
			a.drawRun++
		} else {
			a.drawRun = 0
		}
		if info.score <= -r.ResignScore {
			a.resignRun[mover]++
		} else {
			a.resignRun[mover] = 0
		}
		if info.score >= r.ResignScore {
			a.winRun[mover]++
		} else {
			a.winRun[mover] = 0
		}
	}
	moveNumber := (g.Ply() + 1) / 2 // moves made by White so far
	if r.ResignMoveCount > 0 && a.resignRun[mover] >= r.ResignMoveCount &&
		(!r.ResignTwoSided || a.winRun[mover.Other()] >= r.ResignMoveCount) {
		winner := mover.Other()
		return game.NewOutcome(game.WinFor(winner), game.Adjudication), winner.Title() + " wins by adjudication", true
	}
	if r.DrawMoveCount > 0 && moveNumber >= r.DrawMoveNumber && a.drawRun >= 2*r.DrawMoveCount {
		return game.NewOutcome(game.Draw, game.Adjudication), "Draw by adjudication", true
	}
	if r.MaxMoves > 0 && g.Ply() >= 2*r.MaxMoves {
		return game.NewOutcome(game.Draw, game.Adjudication), "Draw by adjudication: maximum number of moves", true
	}
	return game.Outcome{}, "", false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// gameRecord is a finished (or aborted) game.
type gameRecord struct {
	number       int // 1-based, in the order games were scheduled
	pair         int // 0-based pair index within the pairing
	pairing      int // index of the pairing
	white, black int // engine indices
	g            *game.Game
	outcome      game.Outcome
	text         string         // cutechess-style: "White mates", "Black loses on time"
	termination  string         // the PGN Termination tag
	aborted      bool           // interrupted: no result
	fault        string         // faultIllegal and so on when an engine was at fault
	faulty       int            // the engine index at fault, when fault is set
	stats        [2]engineStats // White's and Black's thinking in this game
	restarts     int            // engines restarted before this game
}

// Faults: the ways an engine loses a game by its own doing.
const (
	faultIllegal = "illegal" // an illegal move
	faultCrash   = "crash"   // its program ended
	faultStall   = "stall"   // no move by the deadline, without a clock
	faultTime    = "time"    // no move in its time
)

// fromSetup fills in where a game stands in the match from its setup (a
// game read back from a journal keeps only its number).
func (r *gameRecord) fromSetup(s *gameSetup) {
	r.number, r.pair, r.pairing, r.white, r.black = s.number, s.pair, s.pairing, s.white, s.black
}

// gameSetup is what playGame needs besides the players.
type gameSetup struct {
	number, pair, pairing int
	white, black          int
	opening               Opening
	limits                [2]gameLimits // White's and Black's
	margin                time.Duration // clock tolerance
	hangTimeout           time.Duration // without a clock: how long a move may take
	adjudication          adjudicationRules
	telemetry             bool
	chess960              bool
}

// playGame plays one game between two started players and judges it.
func playGame(ctx context.Context, s *gameSetup, players [2]player) (*gameRecord, error) {
	rec := &gameRecord{}
	rec.fromSetup(s)
	start, err := chess.ParseFEN(s.opening.FEN)
	if err != nil {
		return nil, fmt.Errorf("opening %q: %w", s.opening.FEN, err)
	}
	start.SetChess960(s.chess960 || start.Chess960()) // castling sent to UCI engines as king-takes-rook
	g := game.New(start)
	rec.g = g
	g.SetTag("ECO", s.opening.ECO) // the openings file's names, if any, before the game's own
	g.SetTag("Opening", s.opening.Name)
	for _, mv := range s.opening.Moves {
		side := g.SideToMove()
		if _, err := g.PlayString(mv); err != nil {
			return nil, fmt.Errorf("opening move %s: %w", mv, err)
		}
		g.SetComment(g.Ply(), bookComment)
		rec.stats[side].Book++
	}
	for i, p := range players {
		if err := p.newGame(ctx, s.opening.FEN, s.limits[i]); err != nil {
			if errors.Is(err, errAborted) || ctx.Err() != nil {
				rec.aborted = true
				return rec, nil
			}
			side := chess.Color(i)
			if errors.Is(err, errCannotSetUp) {
				return nil, err
			}
			if errors.Is(err, errExited) {
				rec.finish(lossFor(side, game.Crash), side.Title()+" disconnects", "abandoned")
				rec.fault, rec.faulty = faultCrash, rec.engineOf(side)
				return rec, nil
			}
			rec.finish(lossFor(side, game.Abandoned), side.Title()+"'s connection stalls", "stalled connection")
			rec.fault, rec.faulty = faultStall, rec.engineOf(side)
			return rec, nil
		}
	}
	// Each side has its own clock under its own time control; a clock
	// under no time control never runs.
	var clocks [2]clock.Clock
	for side := range clocks {
		clocks[side] = clock.New(s.limits[side].TimeControl)
		clocks[side].Margin = s.margin
	}
	adj := adjudicator{rules: s.adjudication}
	for {
		if o := g.Outcome(); o.Over() {
			rec.finish(o, ruleText(o, g), "normal")
			return rec, nil
		}
		pos := g.Position()
		side := pos.SideToMove()
		lim := s.limits[side]
		req := &moveRequest{
			start:  s.opening.FEN,
			moves:  uciMoves(g),
			sans:   g.SANMoves(),
			pos:    pos,
			limits: lim,
			times:  goTimes(&clocks, side),
		}
		switch {
		case lim.HasClock():
			req.deadline = clocks[side].Left(side) + s.margin
		case lim.MoveTime > 0:
			req.deadline = lim.MoveTime + s.margin
		default:
			req.deadline = s.hangTimeout
		}
		reply, err := players[side].move(ctx, req)
		switch {
		case errors.Is(err, errAborted):
			rec.aborted = true
			return rec, nil
		case errors.Is(err, errDeadline) && lim.timed():
			rec.finish(g.TimeoutOutcome(side), side.Title()+" loses on time", "time forfeit")
			rec.fault, rec.faulty = faultTime, rec.engineOf(side)
			return rec, nil
		case errors.Is(err, errDeadline):
			rec.finish(lossFor(side, game.Abandoned), side.Title()+"'s connection stalls", "stalled connection")
			rec.fault, rec.faulty = faultStall, rec.engineOf(side)
			return rec, nil
		case err != nil:
			rec.finish(lossFor(side, game.Crash), side.Title()+" disconnects", "abandoned")
			rec.fault, rec.faulty = faultCrash, rec.engineOf(side)
			return rec, nil
		}
		if reply.resign {
			rec.finish(lossFor(side, game.Resignation), side.Title()+" resigns", "normal")
			return rec, nil
		}
		if !clocks[side].Spend(side, reply.elapsed) ||
			lim.MoveTime > 0 && reply.elapsed > lim.MoveTime+s.margin {
			rec.finish(g.TimeoutOutcome(side), side.Title()+" loses on time", "time forfeit")
			rec.fault, rec.faulty = faultTime, rec.engineOf(side)
			return rec, nil
		}
		var m chess.Move
		if _, isUCI := players[side].(*uciPlayer); isUCI {
			m, err = pos.ParseUCI(reply.move)
		} else {
			m, err = pos.ParseMove(reply.move)
		}
		if err != nil || reply.move == "" {
			rec.finish(lossFor(side, game.IllegalMove), fmt.Sprintf("%s makes an illegal move: %s", side.Title(), reply.move), "illegal move")
			rec.fault, rec.faulty = faultIllegal, rec.engineOf(side)
			return rec, nil
		}
		if err := g.Play(m); err != nil { // cannot happen: m came from the legal list
			return nil, err
		}
		g.SetComment(g.Ply(), moveComment(reply, s.telemetry))
		rec.stats[side].addMove(reply)
		if o, text, done := adj.update(g, side, reply.info); done {
			if !g.Outcome().Over() { // the rules come first
				rec.finish(o, text, "adjudication")
				return rec, nil
			}
		}
	}
}

// engineOf returns the engine index playing side.
func (r *gameRecord) engineOf(side chess.Color) int {
	if side == chess.White {
		return r.white
	}
	return r.black
}

// finish records the outcome in the game and the record: the text goes
// into the outcome, the last move's comment and the Termination tag.
func (r *gameRecord) finish(o game.Outcome, text, termination string) {
	o.Text = text
	r.g.SetOutcome(o)
	r.outcome, r.text, r.termination = o, text, termination
	ply := r.g.Ply()
	if c := r.g.Comment(ply); c != "" && ply > 0 {
		r.g.SetComment(ply, c+", "+text)
	} else {
		r.g.SetComment(ply, text)
	}
}

// lossFor returns the outcome in which side loses for reason.
func lossFor(side chess.Color, reason game.Reason) game.Outcome {
	return game.NewOutcome(game.WinFor(side.Other()), reason)
}

// ruleText words an outcome of the rules as cutechess-cli does.
func ruleText(o game.Outcome, g *game.Game) string {
	switch o.Reason {
	case game.Checkmate:
		return g.SideToMove().Other().Title() + " mates"
	case game.Stalemate:
		return "Draw by stalemate"
	case game.Threefold:
		return "Draw by 3-fold repetition"
	case game.FiftyMoves:
		return "Draw by fifty moves rule"
	case game.InsufficientMaterial:
		return "Draw by insufficient mating material"
	}
	return o.Text
}

// uciMoves returns the game's moves in UCI notation (castling as
// king-takes-rook in Chess960).
func uciMoves(g *game.Game) []string {
	start := g.Start()
	return start.UCILine(g.Moves())
}

// goTimes returns what a "go" tells the mover about the clocks: each
// side's own time and increment, and the moves to go in the mover's
// period. A side without a clock (an engine at a fixed depth, say) is
// shown with the mover's own figures, so that no engine sees an opponent
// in a time trouble it is not in.
func goTimes(clocks *[2]clock.Clock, mover chess.Color) clock.Times {
	t := clocks[mover].Times(mover, time.Time{})
	other := mover.Other()
	from := t // the mover's clock: its own side's figures
	if clocks[other].TimeControl().HasClock() {
		from = clocks[other].Times(other, time.Time{})
	} else {
		other = mover
	}
	left, inc := from.WTime, from.WInc
	if other == chess.Black {
		left, inc = from.BTime, from.BInc
	}
	if mover == chess.White {
		t.BTime, t.BInc = left, inc
	} else {
		t.WTime, t.WInc = left, inc
	}
	return t
}
