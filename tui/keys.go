package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
)

// key handles one key press. The order matters: overlays that take every
// key (help, the promotion picker, the load prompt) come first, then a
// move being typed, then the single-key commands.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := msg.String()
	if k == "ctrl+c" {
		return m.quit()
	}
	if m.help {
		m.help = false
		return nil
	}
	if m.practice != nil {
		return m.practiceKey(msg.Text, k)
	}
	if m.reviewing {
		return m.reviewKey(k)
	}
	if m.promo != nil {
		return m.promoKey(k)
	}
	if m.loading {
		return m.lineKey(msg, k)
	}
	if p := m.pending; p != nil {
		m.pending = nil
		if len(msg.Text) == 1 && (msg.Text[0] >= '1' && msg.Text[0] <= '8' || msg.Text[0] == 'x') {
			// "b4", "fxe5": the key before was a file, not a command.
			m.ui = p.saved
			m.input = string(p.key) + msg.Text
			return nil
		}
	}
	if m.input != "" {
		return m.lineKey(msg, k)
	}
	armed := m.armed
	m.armed = ""
	switch k {
	case "up", "k":
		m.moveCursor(0, 1)
	case "down", "j":
		m.moveCursor(0, -1)
	case "left":
		m.moveCursor(-1, 0)
	case "right", "l":
		m.moveCursor(1, 0)
	case "h":
		m.later('h', func() { m.moveCursor(-1, 0) })
	case "enter":
		return m.pick(m.ui.cursor)
	case "space":
		if m.thinking {
			return m.moveNow()
		}
		return m.pick(m.ui.cursor)
	case "esc":
		m.ui.selected, m.ui.visual, m.ui.overlay, m.ui.worth = chess.NoSquare, visualizer{}, false, false
		m.say("")
	case "a":
		m.later('a', func() { m.showAttackers(false) })
	case "d":
		m.later('d', func() { m.showAttackers(true) })
	case "b":
		m.later('b', func() {
			m.toggleView(&m.ui.overlay, "Attack counts: White's on the left of each square, Black's on the right (b hides).")
		})
	case "w":
		m.later('w', func() {
			m.toggleView(&m.ui.worth, "What each piece is worth to its side, by the network: green above a pawn, red below zero (w hides).")
		})
	case "f":
		m.later('f', func() { m.ui.flipped = !m.ui.flipped })
	case "u":
		return m.undo()
	case "r":
		return m.redo()
	case "home", "pgup":
		return m.goTo(0)
	case "end", "pgdown":
		return m.goTo(m.game().Len())
	case "n":
		return m.newGame(nil, false)
	case "p":
		return m.cycleMode()
	case "+", "=":
		m.setLevel(1)
	case "-", "_":
		m.setLevel(-1)
	case "t":
		return m.cycleTimeControl()
	case "m":
		return m.moveNow()
	case "i":
		m.hint()
	case "s":
		m.save()
	case "o":
		m.loading = true
		m.input = ""
		m.say("Load: type a PGN file name or a FEN, then Enter (Esc cancels).")
	case "v":
		pos := m.game().Position()
		m.say("FEN: %s", pos.FEN())
	case "x":
		if m.over() {
			m.sayError("The game is already over.")
		} else if armed == "x" {
			m.resign()
		} else {
			m.armed = "x"
			m.say("Press x again to resign.")
		}
	case "q":
		if armed == "q" || m.game().Len() == 0 || m.over() {
			return m.quit()
		}
		m.armed = "q"
		m.say("Press q again to quit (s saves the game first).")
	case "A":
		return m.startReview()
	case "z":
		m.toggleAnalysis()
		return m.afterChange()
	case "L":
		m.cycleAnalysisLines()
		return m.afterChange()
	case "?":
		m.help = true
	default:
		// c, e, g, piece letters, castling's O and 0, and any other
		// letter that is no command start a typed move (a wrong one
		// then gets a message on Enter).
		if r := []rune(msg.Text); len(r) == 1 && r[0] > ' ' {
			m.input = msg.Text
			return nil
		}
	}
	return nil
}

// quit ends the program, stopping the engine and a running review first.
func (m *Model) quit() tea.Cmd {
	m.cancelEngine()
	m.closeReview()
	return tea.Quit
}

// later runs a command key that is also a file letter (a, b, d, f, h) at
// once, remembering the state before it: a digit or x next means a move
// was being typed, and the state comes back.
func (m *Model) later(key rune, run func()) {
	saved := m.ui
	run()
	m.pending = &pendingKey{key: key, saved: saved}
}

// toggleView turns a board view on or off and, while it is on, says what
// it shows.
func (m *Model) toggleView(on *bool, legend string) {
	*on = !*on
	if *on {
		m.say("%s", legend)
	} else {
		m.say("")
	}
}

// lineKey edits the input line (a move, or the load prompt).
func (m *Model) lineKey(msg tea.KeyPressMsg, k string) tea.Cmd {
	switch k {
	case "enter":
		if m.loading {
			m.loading = false
			text := m.input
			m.input = ""
			return m.load(text)
		}
		return m.submitInput()
	case "esc":
		m.input, m.loading = "", false
		m.say("")
	case "backspace":
		if m.input != "" {
			m.input = m.input[:len(m.input)-1]
		}
	case "up", "down", "left", "right":
		d := map[string][2]int{"up": {0, 1}, "down": {0, -1}, "left": {-1, 0}, "right": {1, 0}}[k]
		m.moveCursor(d[0], d[1])
	default:
		if len(m.input) < maxInput {
			m.input += msg.Text
		}
	}
	return nil
}

// maxInput bounds the input line (a FEN or a file name fits).
const maxInput = 200

// promoKey handles the promotion picker: q r b n choose, arrows move the
// highlight, Enter takes it, Esc cancels.
func (m *Model) promoKey(k string) tea.Cmd {
	p := m.promo
	switch k {
	case "esc":
		m.promo = nil
		m.say("Promotion cancelled.")
		return nil
	case "left", "h", "up", "k":
		p.index = (p.index + len(p.moves) - 1) % len(p.moves)
		return nil
	case "right", "l", "down", "j", "tab":
		p.index = (p.index + 1) % len(p.moves)
		return nil
	case "enter", "space":
		return m.humanMove(p.moves[p.index])
	}
	for _, mv := range p.moves {
		if strings.EqualFold(k, string("..nbrq"[mv.Promotion()])) {
			return m.humanMove(mv)
		}
	}
	return nil
}

// moveCursor moves the cursor as seen on the screen (up is up even when
// the board is flipped), stopping at the edges.
func (m *Model) moveCursor(df, dr int) {
	if m.ui.flipped {
		df, dr = -df, -dr
	}
	f := min(max(m.ui.cursor.File()+df, 0), 7)
	r := min(max(m.ui.cursor.Rank()+dr, 0), 7)
	m.ui.cursor = chess.NewSquare(f, r)
	if m.ui.visual.squares != nil {
		m.showAttackers(m.ui.visual.defenders)
	}
}

// pick is Enter or a click on sq: pick up a piece, or put the picked one
// down on sq.
func (m *Model) pick(sq chess.Square) tea.Cmd {
	m.ui.cursor = sq
	if m.ui.selected != chess.NoSquare {
		if mv := m.castleOnto(m.ui.selected, sq); mv != chess.NoMove {
			m.ui.selected = chess.NoSquare
			return m.humanMove(mv)
		}
	}
	pos := m.game().Position()
	pc := pos.At(sq)
	own := pc != chess.Empty && pc.Color() == pos.SideToMove()
	if m.ui.selected == chess.NoSquare || own {
		if m.ui.selected == sq {
			m.ui.selected = chess.NoSquare
			return nil
		}
		if msg := m.cannotMove(); msg != "" {
			m.sayError("%s", msg)
			return nil
		}
		if !own {
			m.sayError("Pick one of your pieces (%s to move).", pos.SideToMove())
			return nil
		}
		if len(m.movesFrom(sq)) == 0 {
			m.sayError("That %s has no legal move.", pc.Kind())
			return nil
		}
		m.ui.selected = sq
		m.say("%s on %s: choose where it goes.", strings.ToUpper(pc.Kind().String()[:1])+pc.Kind().String()[1:], sq)
		return nil
	}
	if sq == m.ui.selected {
		m.ui.selected = chess.NoSquare
		return nil
	}
	var options []chess.Move
	for _, mv := range m.movesFrom(m.ui.selected) {
		if mv.To() == sq {
			options = append(options, mv)
		}
	}
	switch len(options) {
	case 0:
		m.sayError("%s to %s is not a legal move.", m.ui.selected, sq)
		return nil
	case 1:
		return m.humanMove(options[0])
	}
	// Four promotions: the picker, queen first.
	p := &promotion{}
	for _, k := range []chess.Kind{chess.Queen, chess.Rook, chess.Bishop, chess.Knight} {
		for _, mv := range options {
			if mv.Promotion() == k {
				p.moves = append(p.moves, mv)
			}
		}
	}
	m.promo = p
	m.say("Promote to: q queen, r rook, b bishop, n knight (arrows and Enter, Esc cancels).")
	return nil
}

// castleOnto returns the castling move of the king on from whose rook
// stands on sq, or NoMove: putting the king on its rook castles, as in
// Chess960 GUIs, where the king may already stand on its target square.
func (m *Model) castleOnto(from, sq chess.Square) chess.Move {
	pos := m.game().Position()
	for _, mv := range m.movesFrom(from) {
		if !mv.IsCastle() {
			continue
		}
		if rook, _ := pos.CastlingRook(mv); rook == sq {
			return mv
		}
	}
	return chess.NoMove
}

// movesFrom returns the legal moves of the piece on from.
func (m *Model) movesFrom(from chess.Square) []chess.Move {
	pos := m.game().Position()
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	var out []chess.Move
	for _, mv := range ml.Slice() {
		if mv.From() == from {
			out = append(out, mv)
		}
	}
	return out
}

// paste puts pasted text on the input line (a move, or a file name or FEN
// at the load prompt); Bubble Tea sends it whole, not as key presses.
func (m *Model) paste(text string) {
	if m.help {
		m.help = false
		return
	}
	if m.promo != nil || m.reviewing && m.practice == nil {
		return
	}
	m.pending = nil
	m.input += strings.TrimSpace(text)
	if len(m.input) > maxInput {
		m.input = m.input[:maxInput]
	}
}

// mouse handles clicks on the board.
func (m *Model) mouse(msg tea.Mouse) tea.Cmd {
	if msg.Button != tea.MouseLeft {
		return nil
	}
	if m.help {
		m.help = false
		return nil
	}
	sq, ok := m.layout().squareAt(msg.X, msg.Y, m.ui.flipped)
	if !ok || m.promo != nil || m.reviewing && m.practice == nil {
		return nil
	}
	return m.pick(sq)
}

// showAttackers fills the visualizer for the cursor square: the enemy
// pieces that attack it (a) or the friendly pieces that defend it (d).
// "Enemy" is from the view of the piece on the square, or of the side to
// move when it is empty.
func (m *Model) showAttackers(defenders bool) {
	pos := m.game().Position()
	sq := m.ui.cursor
	side := pos.SideToMove()
	if pc := pos.At(sq); pc != chess.Empty {
		side = pc.Color()
	}
	by := side.Other()
	if defenders {
		by = side
	}
	sqs := pos.AttackersOf(sq, by, []chess.Square{})
	m.ui.visual = visualizer{square: sq, squares: sqs, defenders: defenders}
	names := make([]string, len(sqs))
	for i, s := range sqs {
		names[i] = pieceName(pos.At(s)) + s.String()
	}
	what := "attacked by"
	if defenders {
		what = "defended by"
	}
	if len(sqs) == 0 {
		m.say("%s is %s no %s piece.", sq, what, by)
		return
	}
	m.say("%s is %s %d %s piece%s: %s.", sq, what, len(sqs), by, plural(len(sqs)), strings.Join(names, ", "))
}

// pieceName returns the letter of a piece's kind ("N"), P for a pawn.
func pieceName(pc chess.Piece) string {
	if pc.Kind() == chess.Pawn {
		return "P"
	}
	return pc.Kind().Letter()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
