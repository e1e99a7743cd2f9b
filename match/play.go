package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/game"
)

// Adjudication says when the runner ends a game the engines are still
// playing. Zero fields switch a rule off.
type Adjudication struct {
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
	rules     Adjudication
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
		res := game.WhiteWins
		if winner == chess.Black {
			res = game.BlackWins
		}
		return game.NewOutcome(res, game.Adjudication), colorName(winner) + " wins by adjudication", true
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

func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

// gameRecord is a finished (or aborted) game.
type gameRecord struct {
	number       int // 1-based, in the order games were scheduled
	pair         int // 0-based pair index within the pairing
	pairing      int // index of the pairing
	white, black int // engine indices
	g            *game.Game
	outcome      game.Outcome
	text         string // cutechess-style: "White mates", "Black loses on time"
	termination  string // the PGN Termination tag
	aborted      bool   // interrupted: no result
	fault        string // "illegal", "crash", "stall", "time" when an engine was at fault
	faulty       int    // the engine index at fault, when fault is set
}

// gameSetup is what playGame needs besides the players.
type gameSetup struct {
	number, pair, pairing int
	white, black          int
	opening               Opening
	limits                GameLimits
	margin                time.Duration // clock tolerance
	hangTimeout           time.Duration // without a clock: how long a move may take
	adjudication          Adjudication
	telemetry             bool
	chess960              bool
}

// playGame plays one game between two started players and judges it.
func playGame(ctx context.Context, s *gameSetup, players [2]player) (*gameRecord, error) {
	rec := &gameRecord{number: s.number, pair: s.pair, pairing: s.pairing, white: s.white, black: s.black}
	start, err := chess.ParseFEN(s.opening.FEN)
	if err != nil {
		return nil, fmt.Errorf("opening %q: %w", s.opening.FEN, err)
	}
	start.SetChess960(s.chess960 || start.Chess960()) // castling sent to UCI engines as king-takes-rook
	g := game.New(start)
	rec.g = g
	for _, mv := range s.opening.Moves {
		if _, err := g.PlayString(mv); err != nil {
			return nil, fmt.Errorf("opening move %s: %w", mv, err)
		}
	}
	for i, p := range players {
		if err := p.newGame(ctx, s.opening.FEN, s.limits); err != nil {
			if errors.Is(err, errAborted) || ctx.Err() != nil {
				rec.aborted = true
				return rec, nil
			}
			side := chess.Color(i)
			if errors.Is(err, errCannotSetUp) {
				return nil, err
			}
			if errors.Is(err, errExited) {
				rec.finish(lossFor(side, game.Crash), colorName(side)+" disconnects", "abandoned")
				rec.fault, rec.faulty = "crash", rec.engineOf(side)
				return rec, nil
			}
			rec.finish(lossFor(side, game.Abandoned), colorName(side)+"'s connection stalls", "stalled connection")
			rec.fault, rec.faulty = "stall", rec.engineOf(side)
			return rec, nil
		}
	}
	clk := clock.New(s.limits.TimeControl)
	clk.Margin = s.margin
	adj := adjudicator{rules: s.adjudication}
	for {
		if o := g.Outcome(); o.Over() {
			rec.finish(o, ruleText(o, g), "normal")
			return rec, nil
		}
		pos := g.Position()
		side := pos.SideToMove()
		req := &moveRequest{
			start:  s.opening.FEN,
			moves:  uciMoves(g),
			sans:   g.SANMoves(),
			pos:    pos,
			limits: s.limits,
			times:  clk.Times(side, time.Time{}),
		}
		switch {
		case s.limits.HasClock():
			req.deadline = clk.Left(side) + s.margin
		case s.limits.MoveTime > 0:
			req.deadline = s.limits.MoveTime + s.margin
		default:
			req.deadline = s.hangTimeout
		}
		reply, err := players[side].move(ctx, req)
		timed := s.limits.HasClock() || s.limits.MoveTime > 0
		switch {
		case errors.Is(err, errAborted):
			rec.aborted = true
			return rec, nil
		case errors.Is(err, errDeadline) && timed:
			rec.finish(g.TimeoutOutcome(side), colorName(side)+" loses on time", "time forfeit")
			rec.fault, rec.faulty = "time", rec.engineOf(side)
			return rec, nil
		case errors.Is(err, errDeadline):
			rec.finish(lossFor(side, game.Abandoned), colorName(side)+"'s connection stalls", "stalled connection")
			rec.fault, rec.faulty = "stall", rec.engineOf(side)
			return rec, nil
		case err != nil:
			rec.finish(lossFor(side, game.Crash), colorName(side)+" disconnects", "abandoned")
			rec.fault, rec.faulty = "crash", rec.engineOf(side)
			return rec, nil
		}
		if reply.resign {
			rec.finish(lossFor(side, game.Resignation), colorName(side)+" resigns", "normal")
			return rec, nil
		}
		if !clk.Spend(side, reply.elapsed) ||
			s.limits.MoveTime > 0 && reply.elapsed > s.limits.MoveTime+s.margin {
			rec.finish(g.TimeoutOutcome(side), colorName(side)+" loses on time", "time forfeit")
			rec.fault, rec.faulty = "time", rec.engineOf(side)
			return rec, nil
		}
		var m chess.Move
		if _, isUCI := players[side].(*uciPlayer); isUCI {
			m, err = pos.ParseUCI(reply.move)
		} else {
			m, err = pos.ParseMove(reply.move)
		}
		if err != nil || reply.move == "" {
			rec.finish(lossFor(side, game.IllegalMove), fmt.Sprintf("%s makes an illegal move: %s", colorName(side), reply.move), "illegal move")
			rec.fault, rec.faulty = "illegal", rec.engineOf(side)
			return rec, nil
		}
		if err := g.Play(m); err != nil { // cannot happen: m came from the legal list
			return nil, err
		}
		g.SetComment(g.Ply(), moveComment(reply, s.telemetry))
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
	if side == chess.White {
		return game.NewOutcome(game.BlackWins, reason)
	}
	return game.NewOutcome(game.WhiteWins, reason)
}

// ruleText words an outcome of the rules as cutechess-cli does.
func ruleText(o game.Outcome, g *game.Game) string {
	switch o.Reason {
	case game.Checkmate:
		pos := g.Position()
		return colorName(pos.SideToMove().Other()) + " mates"
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

// moveComment writes a move's comment: cutechess-cli's "{+0.31/12 0.52s}",
// or with telemetry the micro-Max style "{d=12 nodes=… score=… tt=… bal=…
// diff=… 0.52s}" (fields the engine did not report are left out).
func moveComment(r moveReply, telemetry bool) string {
	secs := fmt.Sprintf("%.2fs", r.elapsed.Seconds())
	in := r.info
	if telemetry {
		var parts []string
		if in.depth > 0 {
			parts = append(parts, fmt.Sprintf("d=%d", in.depth))
		}
		if in.nodes > 0 {
			parts = append(parts, fmt.Sprintf("nodes=%d", in.nodes))
		}
		if in.hasScore {
			parts = append(parts, "score="+formatCP(in))
		}
		if in.hasTT {
			parts = append(parts, fmt.Sprintf("tt=%d", in.tt))
		}
		if in.hasBal {
			parts = append(parts, fmt.Sprintf("bal=%+d", in.bal))
		}
		if in.hasDiff {
			parts = append(parts, fmt.Sprintf("diff=%+d", in.diff))
		}
		return strings.Join(append(parts, secs), " ")
	}
	if !in.hasScore {
		return secs
	}
	var score string
	switch {
	case in.mate > 0:
		score = fmt.Sprintf("+M%d", in.mate)
	case in.mate < 0:
		score = fmt.Sprintf("-M%d", -in.mate)
	default:
		score = fmt.Sprintf("%+.2f", float64(in.score)/100)
	}
	return fmt.Sprintf("%s/%d %s", score, in.depth, secs)
}

// formatCP writes a score in centipawns ("+31") or as a mate ("M5", "-M3").
func formatCP(in searchInfo) string {
	switch {
	case in.mate > 0:
		return fmt.Sprintf("M%d", in.mate)
	case in.mate < 0:
		return fmt.Sprintf("-M%d", -in.mate)
	}
	return fmt.Sprintf("%+d", in.score)
}
