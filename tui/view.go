package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"ox88/chess"
	"ox88/engine"
	"ox88/opening"
	"ox88/search"
)

// View draws the screen on the alternate screen, with mouse clicks
// reported.
func (m *Model) View() tea.View {
	v := tea.NewView(m.screen())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

// screen is the whole screen as text: the title, the board with the panel
// beside it (or below it on a narrow terminal), the input line, the
// message line and the key line.
func (m *Model) screen() string {
	l := m.layout()
	title := m.st.render(bold, "ox88") + "  " + m.titleInfo()
	if m.help {
		var lines []string
		for _, s := range clip(helpLines, m.height-3) {
			lines = append(lines, truncate(s, m.width))
		}
		return title + "\n\n" + strings.Join(lines, "\n")
	}
	board := m.boardView(l)
	boardRows := 8*l.cellH + 1
	var body string
	if l.panelBeside {
		panel := m.panel(l.panelW, max(boardRows, m.height-chromeRows+1))
		body = lipgloss.JoinHorizontal(lipgloss.Top, board, "  ", panel)
	} else {
		panel := m.panel(l.panelW, max(m.height-boardRows-chromeRows+1, 4))
		body = board + "\n" + panel
	}
	lines := []string{title, body, m.inputLine(), m.messageLine(), m.keyLine()}
	return strings.Join(lines, "\n")
}

// titleInfo is the title line: who plays, the level, the clocks' control.
func (m *Model) titleInfo() string {
	s := m.p.Players().String()
	if m.p.Players() != twoHumans {
		s += fmt.Sprintf(" · level %d/%d (%s)", m.p.Level(), engine.MaxSkill, engine.SkillName(m.p.Level()))
	}
	if m.p.Clock().TimeControl().HasClock() {
		s += " · " + m.p.Clock().TimeControl().String()
	}
	if m.paused {
		s += " · paused (m resumes)"
	}
	return s
}

// panel is the column beside the board: the status, the clocks, the
// engine's thoughts and the move list, or the help.
func (m *Model) panel(width, height int) string {
	if m.practice != nil {
		return m.practicePanel(width, height)
	}
	if m.reviewing && m.rev.result != nil {
		return m.reviewPanel(width, height)
	}
	var lines []string
	for _, s := range wrap(m.status(), width) {
		lines = append(lines, m.st.render(bold, s))
	}
	if s := m.materialLine(); s != "" {
		lines = append(lines, truncate(s, width))
	}
	if s := m.openingLine(); s != "" {
		lines = append(lines, s)
	}
	if m.p.Clock().TimeControl().HasClock() {
		lines = append(lines, m.clockLine())
	}
	if m.promo != nil {
		lines = append(lines, "", m.st.render(bold, "Promote to:"))
		for _, s := range wrap(m.promoChoices(), width) {
			lines = append(lines, strings.ReplaceAll(s, "\u00a0", " "))
		}
	}
	lines = append(lines, "")
	switch {
	case m.reviewing:
		lines = append(lines, m.reviewProgressLines()...)
	case m.an.on:
		lines = append(lines, m.analysisLines(width)...)
	default:
		lines = append(lines, m.thinkingLines(width)...)
	}
	lines = append(lines, "")
	room := height - len(lines) - 1
	lines = append(lines, m.st.render(bold, "Moves"))
	lines = append(lines, m.moveLines(room)...)
	for i, s := range lines {
		lines[i] = truncate(s, width)
	}
	return strings.Join(clip(lines, height), "\n")
}

// status says whose move it is, or how the game ended.
func (m *Model) status() string {
	if o := m.game().Outcome(); o.Over() {
		return "Game over: " + o.Text
	}
	pos := m.game().Position()
	s := pos.SideToMove().Title() + " to move"
	if pos.InCheck() {
		s += ", check!"
	}
	switch {
	case m.thinking:
		s += " · ox88 is thinking (m: move now)"
	case m.hinting:
		s += " · looking for a hint"
	case m.p.Players().Human(pos.SideToMove()) && m.p.Players() != twoHumans:
		s += " · your move"
	}
	if m.game().Ply() < m.game().Len() {
		s += fmt.Sprintf(" · ply %d of %d", m.game().Ply(), m.game().Len())
	}
	return s
}

// pieceValues are the usual pawn units, for the material line.
var pieceValues = [7]int{chess.Pawn: 1, chess.Knight: 3, chess.Bishop: 3, chess.Rook: 5, chess.Queen: 9}

// materialLine lists what each side has captured since the game's start
// and the material balance in pawns: "captured: ♟♟♞ | ♙   +3". It counts
// pieces against the start position, so it needs no history; a pawn that
// promoted shows as taken.
func (m *Model) materialLine() string {
	pos, start := m.game().Position(), m.game().Start()
	var took [2]string
	balance := 0
	for _, c := range []chess.Color{chess.White, chess.Black} {
		for k := chess.Queen; k >= chess.Pawn; k-- {
			pc := chess.MakePiece(c.Other(), k)
			missing := start.Count(pc) - pos.Count(pc)
			for range max(missing, 0) {
				took[c] += m.glyph(chess.MakePiece(c.Other(), k))
			}
			if c == chess.White {
				balance += pieceValues[k] * pos.Count(chess.MakePiece(c, k))
			} else {
				balance -= pieceValues[k] * pos.Count(chess.MakePiece(c, k))
			}
		}
	}
	if took[0] == "" && took[1] == "" {
		return ""
	}
	for i := range took {
		if took[i] == "" {
			took[i] = "-"
		}
	}
	s := "captured: " + took[0] + " | " + took[1]
	if balance != 0 {
		s += fmt.Sprintf("   %+d", balance)
	}
	return s
}

// openingLine names the opening of the game up to the position shown
// (opening.Classify: by position, so a transposition is named too), or
// is "" before the first named position and in a game from a position
// off the table's lines (Chess960, a composed position).
func (m *Model) openingLine() string {
	start := m.game().Start()
	r := opening.Classify(&start, m.game().Moves())
	if !r.Named() {
		return ""
	}
	return r.Opening.String()
}

// clockLine shows both clocks, the running one marked.
func (m *Model) clockLine() string {
	now := m.now()
	running, on := m.p.Clock().Running()
	part := func(c chess.Color, name string) string {
		mark := "  "
		if on && running == c {
			mark = "▶ "
			if m.ascii {
				mark = "> "
			}
		}
		return mark + name + " " + formatClock(m.p.Clock().Remaining(c, now))
	}
	return part(chess.White, "White") + "   " + part(chess.Black, "Black")
}

// promoChoices lists the promotion picker's pieces with the highlight.
func (m *Model) promoChoices() string {
	pos := m.game().Position()
	var parts []string
	for i, mv := range m.promo.moves {
		pc := chess.MakePiece(pos.SideToMove(), mv.Promotion())
		s := fmt.Sprintf("%s %s", m.glyph(pc), mv.Promotion())
		if i == m.promo.index {
			s = "[" + s + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// thinkingLines show the engine's search: depth, nodes, speed, time,
// score, the root move being searched and the principal variation in SAN.
func (m *Model) thinkingLines(width int) []string {
	if m.p.Players() == twoHumans {
		return nil
	}
	head := fmt.Sprintf("ox88 on %d thread%s", m.threads, plural(m.threads))
	switch {
	case m.thinking:
		head += " thinking"
	case m.info.Depth > 0:
		head += " (last search)"
	case m.over():
		return nil
	default:
		return []string{head + ": waiting"}
	}
	info := m.info
	lines := []string{head,
		fmt.Sprintf("depth %d  score %s  %s", info.Depth, lineScore(info, m.infoSide()), shortDuration(info.Time)),
		fmt.Sprintf("nodes %s  %s nps", count(info.Nodes), count(info.NPS))}
	if m.thinking && m.currMove != chess.NoMove {
		pos := m.game().Position()
		if san := sanIfLegal(&pos, m.currMove); san != "" {
			lines = append(lines, fmt.Sprintf("searching %s (move %d)", san, m.currNum))
		}
	}
	if pv := m.pvText(); pv != "" {
		for _, s := range wrap("pv "+pv, width) {
			lines = append(lines, strings.ReplaceAll(s, "\u00a0", " "))
		}
	}
	return lines
}

// infoSide returns the side to move in the position of the shown search.
func (m *Model) infoSide() chess.Color {
	if m.infoPly > m.game().Len() {
		return chess.White
	}
	pos := m.game().PositionAt(m.infoPly)
	return pos.SideToMove()
}

// pvText is the principal variation in SAN with move numbers, from the
// position the search was about; it stops at the first move that is not
// legal (a stale report).
func (m *Model) pvText() string {
	if len(m.info.PV) == 0 || m.infoPly > m.game().Len() {
		return ""
	}
	pos := m.game().PositionAt(m.infoPly)
	parts := pos.SANLine(m.info.PV)
	for i := range parts {
		if pos.SideToMove() == chess.White || i == 0 {
			// A no-break space keeps the number with its move when
			// the line is wrapped.
			parts[i] = strings.TrimSpace(moveNumber(&pos)) + "\u00a0" + parts[i]
		}
		pos.MakeMove(m.info.PV[i])
	}
	return strings.Join(parts, " ")
}

// sanIfLegal returns mv in SAN, or "" when it is not legal in pos.
func sanIfLegal(pos *chess.Position, mv chess.Move) string {
	if san := pos.SANLine([]chess.Move{mv}); len(san) == 1 {
		return san[0]
	}
	return ""
}

// scoreText writes a score, given for side to move, from White's point of
// view: "+0.35", "-1.20", "#3" (White mates in 3), "#-2" (Black mates in 2).
func scoreText(info search.Info, side chess.Color) string {
	white := search.WhiteScore(info.Score, side)
	if mate := search.MateIn(white); mate != 0 {
		return fmt.Sprintf("#%d", mate)
	}
	return fmt.Sprintf("%+.2f", float64(white)/100)
}

// shortDuration writes a search's time: "85ms", "3.7s".
func shortDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1fs", d.Seconds())
}

// count writes a large number briefly: 950, 12.3k, 4.56M.
func count(n uint64) string {
	switch {
	case n >= 10_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1_000_000:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

// moveLines lists the moves in SAN, two plies a line, with the marks of a
// review on the screen: the last lines that fit in room, or, in a long
// game shown at an earlier move, the lines around it. The move that led
// to the shown position is marked.
func (m *Model) moveLines(room int) []string {
	var lines []string
	line, at := "", 0 // at: the line of the shown position's move
	for i := 1; i <= m.game().Len(); i++ {
		pos := m.game().PositionAt(i - 1)
		san := m.game().SANAt(i) + m.reviewMark(i)
		if i == m.game().Ply() {
			san = "<" + san + ">"
		} else if i > m.game().Ply() {
			san = "(" + san + ")"
		}
		if pos.SideToMove() == chess.White {
			if line != "" {
				lines = append(lines, line)
			}
			line = fmt.Sprintf("%3d. %-9s", pos.FullmoveNumber(), san)
		} else {
			if line == "" {
				line = fmt.Sprintf("%3d. %-9s", pos.FullmoveNumber(), "...")
			}
			line += san
		}
		if i == m.game().Ply() {
			at = len(lines) // the line being built
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return []string{"  (none yet)"}
	}
	if room < 1 {
		room = 1
	}
	if len(lines) > room {
		first := len(lines) - room
		if at < first { // browsing back: keep the shown move in view
			first = max(at-room/2, 0)
		}
		lines = lines[first : first+room]
	}
	return lines
}

// inputLine shows the move being typed or the load prompt.
func (m *Model) inputLine() string {
	cursor := "_"
	switch {
	case m.loading:
		return "load> " + m.input + cursor
	case m.input != "":
		return "move> " + m.input + cursor
	}
	return "move> "
}

// The styles of the headings and of a complaint.
var (
	bold       = lipgloss.NewStyle().Bold(true)
	errorStyle = lipgloss.NewStyle().Foreground(lipgloss.Color(errorText))
)

// messageLine shows the last message, complaints in red.
func (m *Model) messageLine() string {
	if m.ui.isError {
		return m.st.render(errorStyle, m.ui.message)
	}
	return m.ui.message
}

// keyLine is the one-line reminder of the keys.
func (m *Model) keyLine() string {
	keys := "e2e4 Enter · arrows Enter · a d b visualize · u r n · A review · ? help · q quit"
	switch {
	case m.reviewing && m.rev.result == nil:
		keys = "Esc cancels the review · n new game · ctrl+c quit"
	case m.practice != nil:
		keys = "type or pick a better move · s the line · n next · Esc back to the review"
	case m.reviewing:
		keys = "arrows: marked moves · p practise · s save annotated PGN · f flip · Esc back to the game"
	}
	return truncate(keys, max(m.width, 20))
}

// helpLines is the help overlay.
var helpLines = []string{
	"Keys (any key closes this)",
	"",
	"e2e4, Nf3, O-O, exd5   type a move, then Enter",
	"arrows or h j k l     move the cursor",
	"Enter                 pick up / put down a piece",
	"space                 the same; while ox88 thinks, it moves now",
	"mouse click           the same",
	"a                     which enemy pieces attack the cursor square",
	"d                     which own pieces defend it",
	"b                     attack counts on every square (White | Black)",
	"w                     what each piece is worth (the network's heat map)",
	"f                     flip the board",
	"u / r                 take back / redo (Home/End: start/end)",
	"m                     ox88 moves now (or takes over your side)",
	"i                     a hint: ox88's move for you (Enter plays it)",
	"n                     new game from the start (standard, or --fen's, --960's)",
	"p                     who plays: you White, you Black, two people, ox88 v ox88",
	"+ / -                 ox88's level up / down",
	"t                     clocks: " + presetNames(),
	"s                     save the game as PGN in this directory",
	"z / L                 analysis of the position shown on/off / its lines (1 to 5)",
	"A                     review the game: accuracy, ?! ? ??, better moves (p: practise)",
	"o                     load a PGN file or a FEN (n goes back to the start)",
	"v                     show the position's FEN",
	"x x                   resign",
	"Esc                   clear selection, overlay and input",
	"q q                   quit (ctrl+c at once)",
}

// clip keeps the first n lines.
func clip(lines []string, n int) []string {
	if n >= 0 && len(lines) > n {
		return lines[:n]
	}
	return lines
}

// truncate cuts s to width columns (ANSI styling kept).
func truncate(s string, width int) string {
	if lipgloss.Width(s) <= width {
		return s
	}
	return lipgloss.NewStyle().MaxWidth(width).Render(s)
}

// wrap breaks text into lines of at most width columns between words.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Split(text, " ") { // not Fields: a no-break space holds
		if w == "" {
			continue
		}
		if line != "" && lipgloss.Width(line)+1+lipgloss.Width(w) > width {
			lines = append(lines, line)
			line = "  " + w
			continue
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
