package review

import (
	"fmt"
	"strings"

	"ox88/chess"
	"ox88/search"
)

// maxLinePlies bounds the better line written as a variation: enough to
// show the idea, not the search's whole horizon.
const maxLinePlies = 10

// Annotate writes the review into its game, replacing the comments, NAGs
// and variations it had: a comment before the first move with each side's
// accuracy, after every move its evaluation as lichess writes it
// ("[%eval 0.35]", "[%eval #-3]": White's point of view, in pawns or moves
// to mate; none after a checkmate), and for a judged move its NAG, the
// judgement in words ("Blunder. g6 was best.") and the better line as a
// variation. The move that left known theory says so ("Out of known
// theory (C60 Ruy Lopez)."), and the ECO and Opening tags name the
// opening unless the game named it already (opening.Result.SetTags).
// Every program that reads PGN comments and NAGs (lichess, python-chess,
// ChessBase, ox88's own ParsePGN) shows them.
func (r *Review) Annotate() {
	g := r.Game
	g.ClearAnnotations()
	r.Opening.SetTags(g)
	g.SetComment(0, r.headline())
	for _, m := range r.Moves {
		v := r.Positions[m.Ply]
		text := ""
		if checkmate := v.Over && v.Score != 0; !checkmate {
			text = "[%eval " + EvalString(v.Score) + "]"
		}
		if m.Judgement != Good {
			g.AddNAG(m.Ply, m.Judgement.NAG()) // cannot fail: the ply has a move
			pos := g.PositionAt(m.Ply - 1)
			text += fmt.Sprintf(" %s. %s was best.", m.Judgement, pos.SAN(m.Better))
			g.AddVariation(m.Ply, m.Line[:min(len(m.Line), maxLinePlies)]) // the search's PV is legal
		}
		if m.Ply == r.Opening.LeftAt {
			text += " " + r.LeftTheory() + "."
		}
		g.SetComment(m.Ply, strings.TrimSpace(text))
	}
}

// LeftTheory words where the game left known theory, for a comment or a
// panel: "Out of known theory (C60 Ruy Lopez)", or "Out of known theory"
// when no position on the way was named; "" when the game never left it.
func (r *Review) LeftTheory() string {
	switch {
	case r.Opening.LeftAt == 0:
		return ""
	case r.Opening.Named():
		return "Out of known theory (" + r.Opening.Opening.String() + ")"
	}
	return "Out of known theory"
}

// headline returns the comment before the first move: the reviewer, the
// budget, and each side's accuracy and marks.
func (r *Review) headline() string {
	s := "ox88 review, " + budget(r.Limits) + " per position."
	for _, side := range []chess.Color{chess.White, chess.Black} {
		c := r.Count[side]
		s += fmt.Sprintf(" %s: accuracy %.1f, %s, %s, %s.", side.Title(), r.Accuracy[side],
			plural(c[Inaccuracy], "inaccuracy", "inaccuracies"), plural(c[Mistake], "mistake", "mistakes"),
			plural(c[Blunder], "blunder", "blunders"))
	}
	return s
}

// budget words a search's limits: "100000 nodes", "500 ms", "depth 8".
func budget(lim search.Limits) string {
	switch {
	case lim.Nodes > 0:
		return fmt.Sprintf("%d nodes", lim.Nodes)
	case lim.MoveTime > 0:
		return fmt.Sprintf("%d ms", lim.MoveTime.Milliseconds())
	case lim.Depth > 0:
		return fmt.Sprintf("depth %d", lim.Depth)
	}
	return "no limit"
}

// EvalString writes a score from White's point of view as PGN's %eval
// command has it: pawns with two decimals ("0.35", "-1.20"), or "#N" for
// White mating in N moves, "#-N" for Black mating.
func EvalString(score int) string {
	if search.IsMate(score) {
		n := search.MateIn(score)
		if score < 0 {
			return fmt.Sprintf("#-%d", -n)
		}
		return fmt.Sprintf("#%d", n)
	}
	return fmt.Sprintf("%.2f", float64(score)/100)
}
