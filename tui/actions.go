package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/game"
	"ox88/internal/atomicfile"
	"ox88/search"
)

// thinkTimes is how long ox88 thinks per move without a clock, by level
// (index 0 unused): short at the bottom, so a beginner's game stays brisk.
var thinkTimes = [engine.MaxSkill + 1]time.Duration{
	0, 200 * time.Millisecond, 300 * time.Millisecond, 400 * time.Millisecond,
	500 * time.Millisecond, 700 * time.Millisecond, 1 * time.Second,
	1500 * time.Millisecond, 2 * time.Second, 3 * time.Second, 5 * time.Second,
}

// afterChange runs after anything that changed the game or who plays: it
// announces an ended game, stops the clocks then, starts the engine when it
// is its turn, and keeps the clock ticking.
func (m *Model) afterChange() tea.Cmd {
	var cmds []tea.Cmd
	pos := m.g.Position()
	if o := m.g.Outcome(); o.Over() {
		m.clk.Stop(m.now())
		m.say("%s.", o.Text)
		return nil
	}
	switch {
	case m.mode.human(pos.SideToMove()) || m.thinking || m.paused || m.watching || m.reviewing:
	case m.mode == twoEngines && !m.clk.TimeControl().HasClock() && m.g.Ply() > 0 && m.lastByEngine:
		// ox88 against itself: pause so the moves can be followed.
		m.watching = true
		m.watchID++
		id := m.watchID
		cmds = append(cmds, tea.Tick(watchPause, func(time.Time) tea.Msg { return watchMsg(id) }))
	default:
		cmds = append(cmds, m.startEngine())
	}
	if m.clk.TimeControl().HasClock() && !m.ticking {
		m.ticking = true
		cmds = append(cmds, tick())
	}
	return tea.Batch(cmds...)
}

// startEngine asks the thinker for a move in the current position.
func (m *Model) startEngine() tea.Cmd {
	m.searchID++
	m.thinking, m.hinting = true, false
	m.info, m.currMove, m.currNum = search.Info{}, chess.NoMove, 0
	req := SearchRequest{ID: m.searchID, Start: m.g.Start(), Moves: m.g.Moves(), Skill: m.level, NewGame: m.freshGame}
	m.freshGame = false
	pos := m.g.Position()
	if m.clk.TimeControl().HasClock() {
		t := m.clk.Times(pos.SideToMove(), m.now())
		req.Limits = search.Limits{WTime: t.WTime, BTime: t.BTime, WInc: t.WInc, BInc: t.BInc, MovesToGo: t.MovesToGo}
	} else {
		req.Limits = search.Limits{MoveTime: thinkTimes[m.level]}
	}
	m.thinker.Start(req)
	return nil
}

// cancelEngine stops a running search whose move is no longer wanted.
func (m *Model) cancelEngine() {
	m.watching = false
	if m.thinking || m.hinting {
		m.thinker.Cancel()
		m.thinking, m.hinting = false, false
		m.searchID++
	}
}

// engineMoved plays the move of the search that just finished, if it is
// still the one wanted.
func (m *Model) engineMoved(msg bestMsg) tea.Cmd {
	if msg.ID == m.searchID && m.hinting {
		m.showHint(msg.Result)
		return nil
	}
	if msg.ID != m.searchID || !m.thinking {
		return nil
	}
	m.thinking = false
	if len(msg.Result.Info.PV) > 0 {
		m.info, m.infoPly = msg.Result.Info, m.g.Ply()
	}
	mv := msg.Result.Move
	pos := m.g.Position()
	san := ""
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if mv != chess.NoMove && ml.Contains(mv) {
		san = pos.SAN(mv)
	}
	if san == "" {
		m.paused = true
		m.sayError("ox88 found no move (%v); m lets it try again.", mv)
		return nil
	}
	if !m.playMove(mv) {
		return m.afterChange()
	}
	m.lastByEngine = true
	if msg.Result.FromBook {
		m.info, m.infoPly = search.Info{}, m.g.Ply()
		m.say("ox88 played %s from its book.", moveNumber(&pos)+san)
	} else {
		m.say("ox88 played %s.", moveNumber(&pos)+san)
	}
	return m.afterChange()
}

// moveNumber returns "12. " or "12... " for the side to move in pos.
func moveNumber(pos *chess.Position) string {
	if pos.SideToMove() == chess.White {
		return fmt.Sprintf("%d. ", pos.FullmoveNumber())
	}
	return fmt.Sprintf("%d... ", pos.FullmoveNumber())
}

// playMove plays a legal move on the game and the clocks. It reports
// false when the move was not played: the mover's flag had fallen (the
// game is then lost on time) or the move was refused.
func (m *Model) playMove(mv chess.Move) bool {
	now := m.now()
	if m.flagFell(now) {
		return false
	}
	pos := m.g.Position()
	if m.g.Ply() < m.g.Len() || m.hinting {
		m.cancelEngine() // playing from an earlier position drops the rest
	}
	if err := m.g.Play(mv); err != nil {
		m.sayError("%v", err)
		return false
	}
	m.clk.Moved(pos.SideToMove(), now)
	m.ui.selected = chess.NoSquare
	m.ui.visual = visualizer{}
	m.promo = nil
	m.paused = false
	m.lastByEngine = false
	return true
}

// humanMove plays a person's move and reports it.
func (m *Model) humanMove(mv chess.Move) tea.Cmd {
	pos := m.g.Position()
	san := pos.SAN(mv)
	if !m.playMove(mv) {
		return m.afterChange()
	}
	m.say("You played %s.", moveNumber(&pos)+san)
	return m.afterChange()
}

// submitInput plays the typed move (UCI or SAN).
func (m *Model) submitInput() tea.Cmd {
	text := strings.TrimSpace(m.input)
	m.input = ""
	if text == "" {
		return nil
	}
	if msg := m.cannotMove(); msg != "" {
		m.sayError("%s", msg)
		return nil
	}
	pos := m.g.Position()
	mv, err := pos.ParseMove(text)
	if err != nil {
		m.sayError("%v", err)
		return nil
	}
	return m.humanMove(mv)
}

// cannotMove says why a person may not move now, or returns "".
func (m *Model) cannotMove() string {
	switch {
	case m.over():
		return "The game is over: " + m.g.Outcome().Text + ". n starts a new one, u takes back."
	case !m.humanToMove():
		return "It is ox88's turn: m makes it move now."
	}
	return ""
}

// undo takes back moves: in a game against ox88, back to your turn.
func (m *Model) undo() tea.Cmd {
	m.cancelEngine()
	if !m.g.Undo() {
		m.sayError("Nothing to take back.")
		return nil
	}
	for m.mode != twoEngines && !m.humanToMove() && m.g.Ply() > 0 {
		m.g.Undo()
	}
	m.afterNavigate()
	pos := m.g.Position()
	m.say("Took back to move %d, %s to move (r redoes).", pos.FullmoveNumber(), pos.SideToMove())
	return m.afterChange()
}

// redo replays taken-back moves: against ox88, up to your next turn.
func (m *Model) redo() tea.Cmd {
	m.cancelEngine()
	if !m.g.Redo() {
		m.sayError("Nothing to redo.")
		return nil
	}
	for m.mode != twoEngines && !m.humanToMove() && m.g.Ply() < m.g.Len() {
		m.g.Redo()
	}
	m.afterNavigate()
	m.say("Forward to ply %d of %d.", m.g.Ply(), m.g.Len())
	return m.afterChange()
}

// goTo jumps to the start or the end of the game.
func (m *Model) goTo(ply int) tea.Cmd {
	m.cancelEngine()
	_ = m.g.GoTo(ply)
	m.afterNavigate()
	m.say("Ply %d of %d.", m.g.Ply(), m.g.Len())
	return m.afterChange()
}

// afterNavigate resets what a move in the history makes stale. Watching
// ox88 play itself, the engine pauses until m.
func (m *Model) afterNavigate() {
	m.ui.selected = chess.NoSquare
	m.ui.visual = visualizer{}
	m.promo = nil
	m.info, m.currMove = search.Info{}, chess.NoMove
	m.paused = m.mode == twoEngines
	m.clk.Stop(m.now())
}

// newGame starts again from the start position with the chosen clocks.
func (m *Model) newGame(g *game.Game) tea.Cmd {
	m.cancelEngine()
	m.closeReview()
	m.rev = nil
	if g == nil {
		g = game.New(&m.start)
	}
	m.g = g
	m.freshGame = true
	m.clk = clock.New(m.tcNext)
	m.ui.selected = chess.NoSquare
	m.ui.visual = visualizer{}
	m.promo = nil
	m.paused = false
	m.info, m.currMove = search.Info{}, chess.NoMove
	m.say("New game: %s.", m.mode)
	return m.afterChange()
}

// moveNow makes ox88 play the best move it has found so far, or resumes a
// paused engine.
func (m *Model) moveNow() tea.Cmd {
	if m.thinking {
		m.thinker.Stop()
		m.say("Moving now...")
		return nil
	}
	if m.over() {
		m.sayError("The game is over.")
		return nil
	}
	pos := m.g.Position()
	if m.mode.human(pos.SideToMove()) && m.mode != twoHumans {
		// Let ox88 take this side: swap colours with it.
		if m.mode == youWhite {
			m.mode = youBlack
		} else {
			m.mode = youWhite
		}
		m.ui.flipped = m.mode == youBlack
	}
	if m.mode == twoHumans {
		m.sayError("Two people are playing; p lets ox88 play.")
		return nil
	}
	m.paused = false
	return m.afterChange()
}

// cycleMode changes who plays which side.
func (m *Model) cycleMode() tea.Cmd {
	m.mode = (m.mode + 1) % modeCount
	pos := m.g.Position()
	if m.mode.human(pos.SideToMove()) {
		m.cancelEngine()
	}
	if m.mode == youWhite || m.mode == youBlack {
		m.ui.flipped = m.mode == youBlack
	}
	m.paused = false
	m.say("Now %s.", m.mode)
	return m.afterChange()
}

// setLevel changes the engine's skill for its next search.
func (m *Model) setLevel(delta int) {
	m.level = min(max(m.level+delta, 1), engine.MaxSkill)
	m.say("ox88 plays at level %d of %d (%s) from its next move.", m.level, engine.MaxSkill, engine.SkillName(m.level))
}

// cycleTimeControl picks the next clock preset; it applies at once before
// the first move, otherwise from the next game.
func (m *Model) cycleTimeControl() tea.Cmd {
	i := 0
	for k, tc := range timeControlPresets {
		if tc == m.tcNext {
			i = k + 1
		}
	}
	m.tcNext = timeControlPresets[i%len(timeControlPresets)]
	if m.g.Len() == 0 {
		m.clk = clock.New(m.tcNext)
		m.say("Time control: %s.", m.tcNext)
		return m.afterChange()
	}
	m.say("Time control %s from the next game (n).", m.tcNext)
	return nil
}

// onTick redraws the clocks and ends the game when a flag falls.
func (m *Model) onTick() tea.Cmd {
	if _, running := m.clk.Running(); !running {
		m.ticking = false // afterChange starts ticking again with the clocks
		return nil
	}
	m.flagFell(m.now())
	return tick()
}

// flagFell ends the game on time and reports true when the running clock
// has run out at now.
func (m *Model) flagFell(now time.Time) bool {
	side, _ := m.clk.Running()
	if m.over() || !m.clk.Flagged(now) {
		return false
	}
	m.cancelEngine()
	m.g.SetOutcome(m.g.TimeoutOutcome(side))
	m.clk.Stop(now)
	m.say("%s.", m.g.Outcome().Text)
	return true
}

// resign ends the game with the person to move (or the only person) losing.
func (m *Model) resign() {
	loser := m.g.SideToMove()
	switch m.mode {
	case youWhite:
		loser = chess.White
	case youBlack:
		loser = chess.Black
	}
	m.cancelEngine()
	m.g.SetOutcome(game.NewOutcome(game.WinFor(loser.Other()), game.Resignation))
	m.clk.Stop(m.now())
	m.say("%s.", m.g.Outcome().Text)
}

// save writes the game as PGN to a new file in the current directory.
func (m *Model) save() {
	m.setTags()
	m.savePGN("the game", "", m.g.PGN())
}

// savePGN writes pgn, which is what, to ox88-DATE-TIME<suffix>.pgn in the
// current directory.
func (m *Model) savePGN(what, suffix, pgn string) {
	name := "ox88-" + m.now().Format("20060102-150405") + suffix + ".pgn"
	if err := atomicfile.WriteFile(name, []byte(pgn)); err != nil {
		m.sayError("Saving failed: %v", err)
		return
	}
	m.say("Saved %s to %s.", what, name)
}

// setTags names the event, the date, the players and the time control,
// keeping any a loaded game already has.
func (m *Model) setTags() {
	tags := [][2]string{{"Event", "ox88 terminal game"}, {"Date", m.now().Format("2006.01.02")}}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		name := "Human"
		if !m.mode.human(c) {
			name = fmt.Sprintf("ox88 level %d", m.level)
		}
		tags = append(tags, [2]string{c.Title(), name})
	}
	if m.clk.TimeControl().HasClock() {
		tags = append(tags, [2]string{"TimeControl", m.clk.TimeControl().PGN()})
	}
	for _, t := range tags {
		if m.g.Tag(t[0]) == "" {
			m.g.SetTag(t[0], t[1])
		}
	}
}

// load reads a FEN, or a PGN file whose first game is shown at its end.
func (m *Model) load(text string) tea.Cmd {
	text = strings.TrimSpace(text)
	if text == "" {
		m.say("Nothing loaded.")
		return nil
	}
	if len(strings.Fields(text)) >= 4 && strings.Count(text, "/") == 7 {
		g, err := game.NewFromFEN(text)
		if err != nil {
			m.sayError("FEN: %v", err)
			return nil
		}
		m.start = g.Start()
		cmd := m.newGame(g)
		m.say("Loaded the position.")
		return cmd
	}
	games, err := game.ReadPGNFile(text)
	if err != nil {
		m.sayError("%v", err)
		return nil
	}
	m.start = games[0].Start()
	m.mode = twoHumans // a loaded game is for looking at until p says otherwise
	cmd := m.newGame(games[0])
	m.say("Loaded %s (%d plies; u and r step through it, p to play on against ox88).", text, games[0].Len())
	return cmd
}
