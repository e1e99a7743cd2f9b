package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"ox88/chess"
	"ox88/engine"
)

// styles says whether the terminal shows colours at all. Without colours
// (NO_COLOR, a dumb terminal, the tests) the board marks squares with
// characters only and nothing is styled, so the view is plain text. With
// them, Bubble Tea brings the 24-bit colours down to what the terminal
// has (256 or 16).
type styles struct {
	plain bool
}

// newStyles returns the styles for a colour profile; Unknown (none
// detected yet) counts as colour.
func newStyles(p colorprofile.Profile) styles {
	return styles{plain: p == colorprofile.NoTTY || p == colorprofile.ASCII}
}

// render styles s, or leaves it plain on a terminal without colours.
func (st styles) render(style lipgloss.Style, s string) string {
	if st.plain {
		return s
	}
	return style.Render(s)
}

// The board's colours (24-bit; Bubble Tea degrades them for 256 or 16
// colour terminals).
const (
	lightSquare    = "#D9B58C"
	darkSquare     = "#A0784F"
	lightLastMove  = "#D4CE6A" // the last move's two squares
	darkLastMove   = "#AFA43A"
	selectedSquare = "#7FB36A" // the picked piece
	checkSquare    = "#E05A5A" // a king in check
	attackerSquare = "#E08A7A" // a: the attackers
	defenderSquare = "#7FA3D9" // d: the defenders
	worthHigh      = "#7FBF6A" // w: the piece is worth more than a pawn to its side
	worthLow       = "#E3C16F" // w: worth between nothing and a pawn
	worthNegative  = "#D9776F" // w: its side would be better off without it
	whiteMore      = "#9CC58A" // b: White attacks the square more often
	blackMore      = "#D98C8C" // b: Black does
	whitePiece     = "#FFFFFF"
	blackPiece     = "#000000"
	cursorMark     = "#1A3FA0" // the cursor's brackets
	errorText      = "#E05A5A" // a complaint on the message line
)

// layout is where things are on the screen, from the terminal's size.
type layout struct {
	cellW, cellH   int // one square, in columns and rows
	boardX, boardY int // the top-left corner of a8 (h1 when flipped)
	panelBeside    bool
	panelW         int
}

// boardTop is the screen row of the board's first rank (the title is
// row 0); rankLabelWidth is the width of the rank numbers left of it.
const (
	boardTop       = 1
	rankLabelWidth = 2
	minPanelWidth  = 30
	chromeRows     = 5 // title, file letters, input, message, help
)

// cellSizes are the square sizes tried, largest first: about twice as wide
// as tall, as terminal cells are about twice as tall as wide.
var cellSizes = [][2]int{{7, 3}, {5, 2}, {3, 1}}

// layout picks the largest square size that leaves room for the panel
// beside the board, or failing that, the largest that fits the height.
func (m *Model) layout() layout {
	l := layout{boardX: rankLabelWidth, boardY: boardTop}
	for _, sz := range cellSizes {
		l.cellW, l.cellH = sz[0], sz[1]
		boardW := rankLabelWidth + 8*l.cellW
		if 8*l.cellH+chromeRows <= m.height && boardW+2+minPanelWidth <= m.width {
			l.panelBeside = true
			l.panelW = min(m.width-boardW-2, 48)
			return l
		}
	}
	for _, sz := range cellSizes {
		l.cellW, l.cellH = sz[0], sz[1]
		if 8*l.cellH+chromeRows <= m.height && rankLabelWidth+8*l.cellW <= m.width {
			break
		}
	}
	l.panelW = max(m.width, minPanelWidth)
	return l
}

// squareAt returns the square under screen cell (x, y).
func (l layout) squareAt(x, y int, flipped bool) (chess.Square, bool) {
	if x < l.boardX || y < l.boardY || x >= l.boardX+8*l.cellW || y >= l.boardY+8*l.cellH {
		return chess.NoSquare, false
	}
	col, row := (x-l.boardX)/l.cellW, (y-l.boardY)/l.cellH
	if flipped {
		return chess.NewSquare(7-col, row), true
	}
	return chess.NewSquare(col, 7-row), true
}

// glyphs are the pieces as drawn, indexed by chess.Piece: Unicode with
// colours (the solid shapes, coloured), Unicode without colours (outline
// shapes for White), and ASCII letters.
var (
	solidGlyphs   = [16]string{" ", "♟", "♞", "♝", "♜", "♛", "♚", " ", " ", "♟", "♞", "♝", "♜", "♛", "♚", " "}
	outlineGlyphs = [16]string{" ", "♙", "♘", "♗", "♖", "♕", "♔", " ", " ", "♟", "♞", "♝", "♜", "♛", "♚", " "}
	letterGlyphs  = [16]string{" ", "P", "N", "B", "R", "Q", "K", " ", " ", "p", "n", "b", "r", "q", "k", " "}
)

// glyph returns how pc is drawn.
func (m *Model) glyph(pc chess.Piece) string {
	switch {
	case m.ascii:
		return letterGlyphs[pc&15]
	case m.st.plain:
		return outlineGlyphs[pc&15]
	}
	return solidGlyphs[pc&15]
}

// boardView draws the board with its rank and file labels.
func (m *Model) boardView(l layout) string {
	pos := m.game().Position()
	marks := m.squareMarks(&pos)
	var b strings.Builder
	for row := 0; row < 8; row++ {
		for sub := 0; sub < l.cellH; sub++ {
			label := "  "
			if sub == l.cellH/2 {
				label = string(rune('8'-row)) + " "
				if m.ui.flipped {
					label = string(rune('1'+row)) + " "
				}
			}
			b.WriteString(label)
			for col := 0; col < 8; col++ {
				sq := chess.NewSquare(col, 7-row)
				if m.ui.flipped {
					sq = chess.NewSquare(7-col, row)
				}
				b.WriteString(m.cell(&pos, sq, marks[sq.Index64()], l, sub))
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString("  ")
	for col := 0; col < 8; col++ {
		f := col
		if m.ui.flipped {
			f = 7 - col
		}
		b.WriteString(center(string(rune('a'+f)), l.cellW))
	}
	return b.String()
}

// mark is what a square shows besides its piece.
type mark struct {
	lastMove, check, dest, attacker, defender bool
	white, black                              int // attack counts (the b overlay)
	worth                                     int // the piece's value to its side (the w heat map)
	hasWorth                                  bool
}

// squareMarks works out the marks of all 64 squares.
func (m *Model) squareMarks(pos *chess.Position) [64]mark {
	var marks [64]mark
	if last := m.game().LastMove(); last != chess.NoMove {
		marks[last.From().Index64()].lastMove = true
		marks[last.To().Index64()].lastMove = true
	}
	if pos.InCheck() {
		marks[pos.KingSquare(pos.SideToMove()).Index64()].check = true
	}
	if m.ui.selected != chess.NoSquare {
		for _, mv := range m.movesFrom(m.ui.selected) {
			marks[mv.To().Index64()].dest = true
			if mv.IsCastle() { // the rook's square castles too (castleOnto)
				rook, _ := pos.CastlingRook(mv)
				marks[rook.Index64()].dest = true
			}
		}
	}
	for _, sq := range m.ui.visual.squares {
		if m.ui.visual.defenders {
			marks[sq.Index64()].defender = true
		} else {
			marks[sq.Index64()].attacker = true
		}
	}
	if m.ui.worth {
		// The network's view, as the browser's heat map shows it
		// (engine.PieceValues: the evaluation with the piece less without it).
		_, values := engine.PieceValues(pos, true)
		for _, v := range values {
			marks[v.Square.Index64()].worth, marks[v.Square.Index64()].hasWorth = v.Value, true
		}
	}
	if m.ui.overlay {
		var buf [16]chess.Square
		for i := 0; i < 64; i++ {
			sq := chess.SquareFrom64(i)
			marks[i].white = len(pos.AttackersOf(sq, chess.White, buf[:0]))
			marks[i].black = len(pos.AttackersOf(sq, chess.Black, buf[:0]))
		}
	}
	return marks
}

// cell draws row sub of square sq: three characters (left mark, piece,
// right mark) centred in the square's width, on the square's colour.
func (m *Model) cell(pos *chess.Position, sq chess.Square, mk mark, l layout, sub int) string {
	pc := pos.At(sq)
	light := (sq.File()+sq.Rank())%2 == 1
	bg := darkSquare
	if light {
		bg = lightSquare
	}
	switch {
	case m.ui.selected == sq:
		bg = selectedSquare
	case mk.check:
		bg = checkSquare
	case mk.attacker:
		bg = attackerSquare
	case mk.defender:
		bg = defenderSquare
	case mk.hasWorth && mk.worth < 0:
		bg = worthNegative
	case mk.hasWorth && mk.worth < 100:
		bg = worthLow
	case mk.hasWorth:
		bg = worthHigh
	case m.ui.overlay && mk.white > mk.black:
		bg = whiteMore
	case m.ui.overlay && mk.black > mk.white:
		bg = blackMore
	case mk.lastMove && light:
		bg = lightLastMove
	case mk.lastMove:
		bg = darkLastMove
	}
	style := lipgloss.NewStyle().Background(lipgloss.Color(bg))
	if sub != l.cellH/2 {
		if mk.hasWorth && sub == l.cellH/2+1 {
			// A tall square shows the value in pawns under the piece.
			return m.st.render(style, center(fmt.Sprintf("%+.1f", float64(mk.worth)/100), l.cellW))
		}
		return m.st.render(style, strings.Repeat(" ", l.cellW))
	}
	mid := m.glyph(pc)
	if pc == chess.Empty {
		mid = " "
		if m.st.plain {
			mid = "."
		}
		if mk.dest {
			mid = "•"
			if m.ascii {
				mid = "*"
			}
		}
	}
	left, right := " ", " "
	switch {
	case m.ui.selected == sq && m.st.plain:
		left, right = "(", ")"
	case (mk.attacker || mk.defender) && m.st.plain:
		left, right = "!", "!"
	case mk.dest && pc != chess.Empty:
		left, right = "x", " "
		if !m.ascii {
			left = "×"
		}
	case mk.check && m.st.plain:
		left, right = "+", " "
	}
	pad := (l.cellW - 3) / 2
	if m.ui.overlay && (mk.white > 0 || mk.black > 0) {
		// In a wide square the counts follow the piece ("[♝]2:1"); in
		// a narrow one they take the marks' places ("2♝1").
		w, k := countChar(mk.white), countChar(mk.black)
		if l.cellW >= 7 {
			return m.paint(style, pc, " ", m.bracketed(sq, left, mid, right), w+":"+k+strings.Repeat(" ", l.cellW-7))
		}
		return m.paint(style, pc, strings.Repeat(" ", pad), [3]string{w, mid, k}, strings.Repeat(" ", pad))
	}
	fill := strings.Repeat(" ", pad)
	return m.paint(style, pc, fill, m.bracketed(sq, left, mid, right), fill)
}

// bracketed puts the cursor's brackets around the piece on the cursor
// square.
func (m *Model) bracketed(sq chess.Square, left, mid, right string) [3]string {
	if sq == m.ui.cursor {
		return [3]string{"[", mid, "]"}
	}
	return [3]string{left, mid, right}
}

// paint renders a square's middle row: the piece in its colour, the marks
// and brackets in the cursor's colour, all on the square's background.
func (m *Model) paint(style lipgloss.Style, pc chess.Piece, before string, core [3]string, after string) string {
	fg := whitePiece
	if pc != chess.Empty && pc.Color() == chess.Black {
		fg = blackPiece
	}
	piece := style.Foreground(lipgloss.Color(fg)).Bold(true)
	markStyle := style.Foreground(lipgloss.Color(cursorMark)).Bold(true)
	return m.st.render(style, before) + m.st.render(markStyle, core[0]) + m.st.render(piece, core[1]) +
		m.st.render(markStyle, core[2]) + m.st.render(style, after)
}

// countChar writes an attack count as one character.
func countChar(n int) string {
	if n > 9 {
		return "+"
	}
	return string(rune('0' + n))
}

// center pads s with spaces to width w, centred.
func center(s string, w int) string {
	n := lipgloss.Width(s)
	if n >= w {
		return s
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-n-left)
}
