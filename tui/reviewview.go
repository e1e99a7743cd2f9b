package tui

import (
	"fmt"
	"strings"

	"ox88/chess"
	"ox88/game"
	"ox88/review"
)

// reviewPanel is the panel beside the board while the review is shown:
//
//	Review, 200000 nodes a position
//	        accuracy  ?!   ?  ??
//	White       98.5   0   0   0
//	Black       22.4   0   0   1
//	Opening C23 Bishop's Opening
//	out of known theory at 3... Nf6
//
//	W     ##          the chart (evalChart)
//	  ----+--
//	B
//	        X
//
//	Marked moves (1; arrows step)
//	> 3... Nf6?? #1, better Qe7 0.02
//	    line 3... Qe7 4. Nc3
//
//	Moves
//	  1. e4       e5 ...
func (m *Model) reviewPanel(width, height int) string {
	rv := m.rev
	r := rv.result
	lines := []string{m.st.render(bold, fmt.Sprintf("Review, %d nodes a position", r.Limits.Nodes)),
		fmt.Sprintf("%-5s %10s %3s %3s %3s", "", "accuracy", "?!", "?", "??")}
	for _, side := range []chess.Color{chess.White, chess.Black} {
		c := r.Count[side]
		lines = append(lines, fmt.Sprintf("%-5s %10.1f %3d %3d %3d", side.Title(),
			r.Accuracy[side], c[review.Inaccuracy], c[review.Mistake], c[review.Blunder]))
	}
	if o := r.Opening; o.Named() {
		lines = append(lines, "Opening "+o.Opening.String())
	}
	if o := r.Opening; o.LeftAt > 0 {
		pos := r.Game.PositionAt(o.LeftAt - 1)
		lines = append(lines, "out of known theory at "+game.NumberedSAN(pos, []chess.Move{r.Game.MoveAt(o.LeftAt)}))
	}
	lines = append(lines, "")
	lines = append(lines, m.evalChart(r, width-chartLabelWidth)...)
	lines = append(lines, "", m.st.render(bold, fmt.Sprintf("Marked moves (%d; arrows step)", len(rv.marked))))
	marks, at, end := m.markedLines(width)
	room := min(len(marks), max(markedMinRows, height-len(lines)-movesMinRows))
	first := min(max(at-max(room-(end-at), 0)/2, 0), len(marks)-room) // the shown move and its line in the middle
	lines = append(lines, marks[first:first+room]...)
	if room := height - len(lines) - 2; room > 0 {
		lines = append(lines, "", m.st.render(bold, "Moves"))
		lines = append(lines, m.moveLines(room)...)
	}
	for i, s := range lines {
		lines[i] = truncate(s, width)
	}
	return strings.Join(clip(lines, height), "\n")
}

// The review panel's room: the marked moves get at least markedMinRows
// rows, and leave movesMinRows to the move list when the panel is tall
// enough for both.
const (
	markedMinRows = 2
	movesMinRows  = 5 // a blank line, the heading, three lines of moves
)

// markedLines lists the judged moves, the one on the board marked ">"
// and followed by its better line: lines[at:end].
func (m *Model) markedLines(width int) (lines []string, at, end int) {
	rv := m.rev
	r := rv.result
	if len(rv.marked) == 0 {
		return []string{"  none"}, 0, 1
	}
	for i, mv := range rv.marked {
		pos := r.Game.PositionAt(mv.Ply - 1)
		s := fmt.Sprintf("%s%s %s", game.NumberedSAN(pos, []chess.Move{mv.Move}), mv.Judgement.Symbol(),
			review.EvalString(r.Positions[mv.Ply].Score))
		if mv.Better != chess.NoMove { // none where the rules had ended the game (a draw played on)
			s += fmt.Sprintf(", better %s %s", pos.SAN(mv.Better), review.EvalString(r.Positions[mv.Ply-1].Score))
		}
		if i != rv.index {
			lines = append(lines, "  "+s)
			continue
		}
		at = len(lines)
		lines = append(lines, "> "+s)
		if len(mv.Line) > 0 {
			line := game.NumberedSAN(pos, mv.Line[:min(len(mv.Line), reviewLinePlies)])
			for _, l := range wrap("line "+line, width-4) {
				lines = append(lines, "    "+l)
			}
		}
		end = len(lines)
	}
	return lines, at, end
}

// The evaluation chart: White's winning chances by ply, chartRows rows
// above the 50% line and as many below it, filled from the line toward
// the value as review.Graph draws them (a row fills when the value passes
// its middle), one column per ply, or several averaged when the game is
// wider than the panel. The line marks the column of the position on the
// board; the row under the chart marks each judged move's column as
// review.Graph does: "." an inaccuracy, "x" a mistake, "X" a blunder.
const (
	chartRows       = 3 // a row is a sixth of the chances: 58, 75 and 92% fill the rows above the line
	chartLabelWidth = 2 // "W " and "B " before the chart's top and bottom rows
)

// chartMarks are the marks under the chart, by judgement.
var chartMarks = [...]byte{review.Good: ' ', review.Inaccuracy: '.', review.Mistake: 'x', review.Blunder: 'X'}

// evalChart draws the chart of r in width columns.
func (m *Model) evalChart(r *review.Review, width int) []string {
	plies, width := len(r.Positions), max(width, 1)
	per := (plies + width - 1) / width // plies per column
	value := make([]float64, (plies+per-1)/per)
	for c := range value {
		lo, hi := c*per, min(plies, (c+1)*per)
		for i := lo; i < hi; i++ {
			value[c] += review.WinPercent(r.Positions[i].Score)
		}
		value[c] /= float64(hi - lo)
	}
	fill, axis, here := "█", "─", "┼"
	if m.ascii {
		fill, axis, here = "#", "-", "+"
	}
	const step = 50.0 / chartRows
	var lines []string
	for row := chartRows; row >= -chartRows; row-- {
		label := "  "
		switch row {
		case chartRows:
			label = "W "
		case -chartRows:
			label = "B "
		}
		var b strings.Builder
		for c, v := range value {
			switch {
			case row == 0 && c == m.game().Ply()/per:
				b.WriteString(here)
			case row == 0:
				b.WriteString(axis)
			case row > 0 && v >= 50+(float64(row)-0.5)*step, row < 0 && v <= 50+(float64(row)+0.5)*step:
				b.WriteString(fill)
			default:
				b.WriteByte(' ')
			}
		}
		lines = append(lines, strings.TrimRight(label+b.String(), " "))
	}
	worst := make([]review.Judgement, len(value))
	for _, mv := range r.Moves {
		worst[mv.Ply/per] = max(worst[mv.Ply/per], mv.Judgement)
	}
	marks := make([]byte, len(worst))
	for c, j := range worst {
		marks[c] = chartMarks[j]
	}
	return append(lines, strings.TrimRight(strings.Repeat(" ", chartLabelWidth)+string(marks), " "))
}

// reviewProgressLines replace the engine's lines in the panel while a
// review runs.
func (m *Model) reviewProgressLines() []string {
	rv := m.rev
	return []string{m.st.render(bold, "Reviewing the game"),
		fmt.Sprintf("reviewing %d/%d positions", rv.done, rv.total),
		fmt.Sprintf("%d nodes each · Esc cancels", m.reviewNodes)}
}

// reviewMark returns the mark ("?!", "?", "??") of the move of ply in the
// review on the screen, or "".
func (m *Model) reviewMark(ply int) string {
	if !m.reviewing || m.rev.result == nil {
		return ""
	}
	return m.rev.result.Moves[ply-1].Judgement.Symbol()
}
