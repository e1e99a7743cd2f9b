package review

import (
	"fmt"
	"io"
	"strings"

	"ox88/chess"
	"ox88/game"
)

// WriteSummary writes the review for a terminal: one line per side with
// its accuracy and marks, the opening and the move that left known theory,
// then each judged move with the evaluation before and after it and the
// better line:
//
//	White (Ann): accuracy 96.2, 0 inaccuracies, 0 mistakes, 0 blunders
//	Black (Bob): accuracy 58.5, 0 inaccuracies, 0 mistakes, 1 blunder
//	Opening: C23 Bishop's Opening; out of known theory at 2... Nc6
//	  3... Nf6?? (0.31 → #1) better 3... g6 4. Qf3 Nf6
func (r *Review) WriteSummary(w io.Writer) error {
	var b strings.Builder
	for _, side := range []chess.Color{chess.White, chess.Black} {
		c := r.Count[side]
		name := side.Title()
		if player := r.Game.Tag(name); player != "" && player != "?" {
			name += " (" + player + ")"
		}
		fmt.Fprintf(&b, "%s: accuracy %.1f, %s, %s, %s\n", name, r.Accuracy[side],
			plural(c[Inaccuracy], "inaccuracy", "inaccuracies"), plural(c[Mistake], "mistake", "mistakes"),
			plural(c[Blunder], "blunder", "blunders"))
	}
	if o := r.Opening; o.Named() || o.LeftAt > 0 {
		b.WriteString("Opening: ")
		if o.Named() {
			b.WriteString(o.Opening.String())
		} else {
			b.WriteString("none named")
		}
		if o.LeftAt > 0 {
			pos := r.Game.PositionAt(o.LeftAt - 1)
			fmt.Fprintf(&b, "; out of known theory at %s", game.NumberedSAN(pos, []chess.Move{r.Game.MoveAt(o.LeftAt)}))
		}
		b.WriteString("\n")
	}
	for _, m := range r.Moves {
		if m.Judgement == Good {
			continue
		}
		pos := r.Game.PositionAt(m.Ply - 1)
		fmt.Fprintf(&b, "  %s%s (%s → %s) better %s\n", game.NumberedSAN(pos, []chess.Move{m.Move}),
			m.Judgement.Symbol(), EvalString(r.Positions[m.Ply-1].Score), EvalString(r.Positions[m.Ply].Score),
			game.NumberedSAN(pos, m.Line[:min(len(m.Line), maxLinePlies)]))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// plural writes "1 blunder", "2 blunders".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// The evaluation graph: White's win% at every position, one column per
// ply (several plies averaged per column in a game longer than
// graphWidth), one row per graphStep points, filled from the 50% line
// toward the value, as lichess draws its chart. Under it, graphMarks marks
// the column of each judged move (the worst one when a column has two).
const (
	graphWidth = 72 // columns: fits an 80-column terminal with the labels
	graphStep  = 10 // win% per row
)

// graphMarks are the marks under the graph, by judgement: "." an
// inaccuracy, "x" a mistake, "X" a blunder.
var graphMarks = [numJudgements]byte{' ', '.', 'x', 'X'}

// Graph returns the evaluation graph as text; for the Scholar's mate of
// testdata (White's chances near 50% until 3... Nf6 allows mate in one):
//
//	White's winning chances (win%), one column per ply
//	100 |      ##
//	 90 |      ##
//	    ...
//	 60 |      ##
//	 50 +--------
//	 40 |
//	    ...
//	  0 |
//	           X
func (r *Review) Graph() string {
	plies := len(r.Positions)
	per := (plies + graphWidth - 1) / graphWidth // plies per column
	cols := (plies + per - 1) / per
	value := make([]float64, cols)
	worst := make([]Judgement, cols)
	for c := range value {
		lo, hi := c*per, min(plies, (c+1)*per)
		for i := lo; i < hi; i++ {
			value[c] += WinPercent(r.Positions[i].Score)
		}
		value[c] /= float64(hi - lo)
	}
	for _, m := range r.Moves {
		worst[m.Ply/per] = max(worst[m.Ply/per], m.Judgement)
	}
	marks := make([]byte, cols)
	for c, j := range worst {
		marks[c] = graphMarks[j]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "White's winning chances (win%%), %s\n", perColumn(per))
	for level := 100; level >= 0; level -= graphStep {
		sep := "|"
		if level == 50 {
			sep = "+"
		}
		row := fmt.Sprintf("%3d %s", level, sep)
		for _, v := range value {
			half := float64(graphStep) / 2
			switch {
			case level == 50:
				row += "-"
			case level > 50 && v >= float64(level)-half, level < 50 && v <= float64(level)+half:
				row += "#"
			default:
				row += " "
			}
		}
		b.WriteString(strings.TrimRight(row, " ") + "\n")
	}
	b.WriteString("     " + strings.TrimRight(string(marks), " ") + "\n")
	return b.String()
}

// perColumn words how many plies a column of the graph shows.
func perColumn(per int) string {
	if per == 1 {
		return "one column per ply"
	}
	return fmt.Sprintf("one column per %d plies", per)
}
