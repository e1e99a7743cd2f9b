package telemetry

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"ox88/chess"
)

// The SVG's layout, in pixels: one block per game, a heading and three
// charts stacked, each a plot with its title and legend above and the
// move numbers below.
const (
	svgWidth     = 960
	plotLeft     = 70  // room for the value labels
	plotRight    = 20  // margin right of the plot
	plotHeight   = 150 // height of each plot
	chartTop     = 28  // from a chart's top to its plot: title and legend
	chartBottom  = 30  // under a plot: the move numbers
	gameHeading  = 36  // a game's heading
	gameGap      = 24  // between games
	maxMoveTicks = 12  // at most this many move numbers along the bottom
	minScoreSpan = 200 // centipawns: the score chart shows at least ±2 pawns
)

// The series' colours (and the class names a test or a style sheet finds
// them by).
var seriesColor = map[string]string{
	"score-white": "#1f5fbf", "score-black": "#b02a2a", "material": "#d08000",
	"depth-white": "#2a8a2a", "depth-black": "#555555",
	"nodes-white": "#2a8a2a", "nodes-black": "#555555",
}

// series is one line of a chart: points (ply, value).
type series struct {
	class, label string
	points       [][2]float64
}

// chart is one plot: its title, its lines, the value range and how its
// labels are written.
type chart struct {
	title  string
	lines  []series
	lo, hi float64
	label  func(v float64) string
}

// WriteSVG writes the games as one SVG document a browser opens: per game
// a heading, each engine's score (White's view) and the board's material
// balance,
// the depth of each engine's moves, and their nodes, against the ply,
// labelled in move numbers. Each series is one polyline (class
// score-white, score-black, material, depth-white, depth-black,
// nodes-white, nodes-black); a series
// with no points is left out. Book moves and moves without telemetry have
// no points.
func WriteSVG(w io.Writer, games []Game) error {
	charts := make([][]chart, len(games))
	height := 0
	for i, g := range games {
		charts[i] = gameCharts(g)
		height += gameHeading + len(charts[i])*(chartTop+plotHeight+chartBottom) + gameGap
	}
	s := &svgWriter{}
	s.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	s.printf(`<rect width="%d" height="%d" fill="white"/>`+"\n", svgWidth, height)
	y := 0
	for i, g := range games {
		s.printf(`<g class="game" id="game-%d">`+"\n", g.Number)
		s.text(10, float64(y+22), "start", `font-size="16" font-weight="bold"`, g.String())
		y += gameHeading
		for _, c := range charts[i] {
			s.chart(c, g, y)
			y += chartTop + plotHeight + chartBottom
		}
		s.printf("</g>\n")
		y += gameGap
	}
	s.printf("</svg>\n")
	_, err := io.WriteString(w, s.b.String())
	return err
}

// gameCharts builds a game's three charts.
func gameCharts(g Game) []chart {
	// One score line per engine, each in White's view: the two engines'
	// own scores, alternating in one line, zigzagged wherever they
	// disagreed.
	score := [2]series{{class: "score-white", label: "score of White: " + g.White}, {class: "score-black", label: "score of Black: " + g.Black}}
	material := series{class: "material", label: "material on the board"}
	depth := [2]series{{class: "depth-white", label: "White: " + g.White}, {class: "depth-black", label: "Black: " + g.Black}}
	nodes := [2]series{{class: "nodes-white", label: "White: " + g.White}, {class: "nodes-black", label: "Black: " + g.Black}}
	span, maxDepth, maxNodes := float64(minScoreSpan), 1.0, 1.0
	for _, m := range g.Moves {
		x := float64(m.Ply)
		material.points = append(material.points, [2]float64{x, float64(m.Material)})
		span = max(span, float64(min(MateCP, abs(m.Material))))
		if !m.Searched {
			continue
		}
		if m.HasScore {
			v := m.WhiteScore()
			score[m.Side].points = append(score[m.Side].points, [2]float64{x, float64(v)})
			span = max(span, float64(min(MateCP, abs(v))))
		}
		if m.Depth > 0 {
			depth[m.Side].points = append(depth[m.Side].points, [2]float64{x, float64(m.Depth)})
			maxDepth = max(maxDepth, float64(m.Depth))
		}
		if m.Nodes > 0 {
			nodes[m.Side].points = append(nodes[m.Side].points, [2]float64{x, float64(m.Nodes)})
			maxNodes = max(maxNodes, float64(m.Nodes))
		}
	}
	return []chart{
		{title: "Score and material (pawns, White's view)", lines: []series{score[0], score[1], material}, lo: -span, hi: span,
			label: pawnLabel},
		{title: "Depth per move", lines: depth[:], lo: 0, hi: maxDepth,
			label: func(v float64) string { return fmt.Sprintf("%.0f", v) }},
		{title: "Nodes per move", lines: nodes[:], lo: 0, hi: maxNodes, label: countLabel},
	}
}

// pawnLabel writes centipawns in pawns: -2.5, 0, +2.5.
func pawnLabel(v float64) string {
	if v == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.1f", v/100)
}

// countLabel writes a node count shortly: 950, 12.5k, 3.2M.
func countLabel(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.1fM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.1fk", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}

// abs returns |n|.
func abs(n int) int { return max(n, -n) }

// svgWriter builds the document.
type svgWriter struct{ b strings.Builder }

// printf writes formatted markup.
func (s *svgWriter) printf(format string, args ...any) { fmt.Fprintf(&s.b, format, args...) }

// text writes a text element with its content escaped.
func (s *svgWriter) text(x, y float64, anchor, attrs, content string) {
	if attrs != "" {
		attrs = " " + attrs
	}
	s.printf(`<text x="%.1f" y="%.1f" text-anchor="%s"%s>`, x, y, anchor, attrs)
	xml.EscapeText(&s.b, []byte(content))
	s.printf("</text>\n")
}

// chart draws one chart whose top is at y: title and legend, frame, value
// labels and grid, move numbers, and one polyline per series with points.
func (s *svgWriter) chart(c chart, g Game, y int) {
	left, right := float64(plotLeft), float64(svgWidth-plotRight)
	top, bottom := float64(y+chartTop), float64(y+chartTop+plotHeight)
	plies := max(1, len(g.Moves))
	px := func(ply float64) float64 {
		if plies == 1 {
			return left
		}
		return left + (ply-1)/float64(plies-1)*(right-left)
	}
	py := func(v float64) float64 {
		v = max(c.lo, min(c.hi, v))
		return bottom - (v-c.lo)/(c.hi-c.lo)*(bottom-top)
	}
	s.text(left, top-10, "start", `font-weight="bold"`, c.title)
	lx := left + 330.0
	for _, l := range c.lines {
		if len(l.points) == 0 {
			continue
		}
		s.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="3"/>`+"\n",
			lx, top-14, lx+20, top-14, seriesColor[l.class])
		s.text(lx+25, top-10, "start", "", l.label)
		lx += 40 + 7*float64(len(l.label))
	}
	s.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#999"/>`+"\n",
		left, top, right-left, bottom-top)
	for _, v := range []float64{c.lo, (c.lo + c.hi) / 2, c.hi} {
		s.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, py(v), right, py(v))
		s.text(left-6, py(v)+4, "end", "", c.label(v))
	}
	step := moveStep(g.Moves)
	for _, m := range g.Moves {
		if m.Side == chess.White && m.Number%step == 0 || m.Ply == 1 {
			s.text(px(float64(m.Ply)), bottom+16, "middle", "", fmt.Sprint(m.Number))
		}
	}
	for _, l := range c.lines {
		if len(l.points) == 0 {
			continue
		}
		var pts strings.Builder
		for i, p := range l.points {
			if i > 0 {
				pts.WriteByte(' ')
			}
			fmt.Fprintf(&pts, "%.1f,%.1f", px(p[0]), py(p[1]))
		}
		s.printf(`<polyline class="%s" fill="none" stroke="%s" stroke-width="1.5" points="%s"/>`+"\n",
			l.class, seriesColor[l.class], pts.String())
	}
}

// moveStep returns the spacing of the move numbers along the bottom: 1, 2,
// 5, 10, 20, 50... so that at most maxMoveTicks are written.
func moveStep(moves []Move) int {
	n := 0
	if len(moves) > 0 {
		n = moves[len(moves)-1].Number - moves[0].Number + 1
	}
	for step := 1; ; step *= 10 {
		for _, k := range []int{1, 2, 5} {
			if n/(k*step) < maxMoveTicks {
				return k * step
			}
		}
	}
}
