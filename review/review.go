package review

import (
	"context"
	"slices"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/opening"
	"ox88/search"
)

// Verdict is the engine's view of one position of the game.
type Verdict struct {
	// Score is White's point of view: centipawns, or a mate score
	// (search.MateIn of it is positive when White mates).
	Score int
	Best  chess.Move   // the engine's move; NoMove where the game is over
	Line  []chess.Move // its principal variation, Best first
	Depth int
	Nodes uint64
	// Over: the rules end the game here (checkmate, stalemate, a draw by
	// rule), and Score is exact without a search.
	Over bool
}

// Move is the review of one move of the game.
type Move struct {
	Ply  int // 1-based: the move leads from Positions[Ply-1] to Positions[Ply]
	Side chess.Color
	Move chess.Move
	// Before and After are the mover's win% before and after the move.
	Before, After float64
	Accuracy      float64 // MoveAccuracy(Before, After)
	Judgement     Judgement
	// Better is the engine's move where the played one was judged (NoMove
	// otherwise), Line its principal variation from the same position.
	Better chess.Move
	Line   []chess.Move
}

// Drop returns the win% the move lost for its side (0 when it gained).
func (m Move) Drop() float64 { return max(0, m.Before-m.After) }

// Review is a game with every position evaluated and every move judged.
type Review struct {
	Game      *game.Game
	Limits    search.Limits // the budget of each position's search
	Positions []Verdict     // Positions[i] is the position after i moves
	Moves     []Move        // Moves[i] is the move of ply i+1
	Accuracy  [2]float64    // each side's accuracy (GameAccuracy), by chess.Color
	// Count counts each side's moves by judgement: Count[chess.Black][Blunder].
	Count [2][numJudgements]int
	// Opening names the game's opening (opening.Classify, by position) and
	// the move where the game left known theory (Opening.LeftAt).
	Opening opening.Result
}

// Analyze reviews every move of g, its redo tail included: it searches each
// position with e within lim (one search per position, so a game of N
// moves costs N+1 searches), takes each move's drop in winning chances from
// the positions before and after it, and judges it. The played move's
// value is the next position's, so no MultiPV search is needed: the better
// move is the best line of the position before. A move that is the
// engine's own choice is never judged, whatever the next search thinks
// of it (that is the search's horizon, not the player's error).
//
// e should have no book and full strength; Analyze clears its hash first,
// so a node-limited review is reproducible. progress, if not nil, is
// called after each position with the number done and the total. When ctx
// ends, the running search stops and Analyze returns ctx's error. g's
// current ply is left as it was.
func Analyze(ctx context.Context, e *engine.Engine, g *game.Game, lim search.Limits, progress func(done, total int)) (*Review, error) {
	stop := context.AfterFunc(ctx, e.Stop)
	defer stop()
	defer g.GoTo(g.Ply())
	e.NewGame()
	lim.MultiPV = 0
	start, moves := g.Start(), g.AllMoves()
	r := &Review{Game: g, Limits: lim, Positions: make([]Verdict, len(moves)+1)}
	for i := range r.Positions {
		g.GoTo(i)
		if v, over := ruled(g); over {
			r.Positions[i] = v
		} else {
			// ctx is asked before each search as well as after it: the
			// engine's Stop, which ctx's end calls, is forgotten by the
			// next search's start, so a cancel that comes between two
			// searches (or while the hash is cleared) would otherwise
			// wait for a whole search.
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			e.SetPosition(&start, moves[:i])
			res := e.Think(lim)
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			pos := g.Position()
			r.Positions[i] = Verdict{Score: search.WhiteScore(res.Info.Score, pos.SideToMove()),
				Best: res.Move, Line: slices.Clone(res.Info.PV), Depth: res.Info.Depth, Nodes: res.Info.Nodes}
		}
		if progress != nil {
			progress(i+1, len(r.Positions))
		}
	}
	r.judge()
	r.Opening = opening.Classify(&start, moves)
	return r, nil
}

// ruled returns the verdict on g's current position when the rules end the
// game there (mate, stalemate, insufficient material, threefold, fifty
// moves), and whether they do.
func ruled(g *game.Game) (Verdict, bool) {
	o := g.Outcome()
	pos := g.Position()
	switch o.Reason {
	case game.Checkmate:
		return Verdict{Score: search.WhiteScore(-search.Mate, pos.SideToMove()), Over: true}, true
	case game.Stalemate, game.InsufficientMaterial, game.Threefold, game.FiftyMoves:
		return Verdict{Over: true}, true
	}
	return Verdict{}, false
}

// judge fills Moves, Accuracy and Count from Positions.
func (r *Review) judge() {
	white := make([]float64, len(r.Positions))
	for i, v := range r.Positions {
		white[i] = WinPercent(v.Score)
	}
	r.Moves = make([]Move, len(r.Positions)-1)
	for i := range r.Moves {
		pos := r.Game.PositionAt(i)
		m := Move{Ply: i + 1, Side: pos.SideToMove(), Move: r.Game.MoveAt(i + 1),
			Before: white[i], After: white[i+1]}
		if m.Side == chess.Black {
			m.Before, m.After = 100-m.Before, 100-m.After
		}
		m.Accuracy = MoveAccuracy(m.Before, m.After)
		if v := r.Positions[i]; v.Best != m.Move {
			if m.Judgement = judge(m.Drop()); m.Judgement != Good {
				m.Better, m.Line = v.Best, v.Line
			}
		}
		r.Count[m.Side][m.Judgement]++
		r.Moves[i] = m
	}
	start := r.Game.Start()
	r.Accuracy = GameAccuracy(white, start.SideToMove() == chess.White)
}
