package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/internal/atomicfile"
	"ox88/search"
)

// afterChange runs after anything that changed the game or who plays: it
// announces an ended game, stops the clocks then, starts the engine when it
// is its turn, and keeps the clock ticking.
func (m *Model) afterChange() tea.Cmd {
	var cmds []tea.Cmd
	pos := m.game().Position()
	if o := m.game().Outcome(); o.Over() {
		m.analyse() // stops an analysis of the position before
		m.say("%s.", o.Text)
		return nil
	}
	switch {
	case m.p.Players().Human(pos.SideToMove()) || m.thinking || m.paused || m.watching || m.reviewing:
	case m.p.Players() == twoEngines && !m.p.Clock().TimeControl().HasClock() && m.game().Ply() > 0 && m.lastByEngine:
		// ox88 against itself: pause so the moves can be followed.
		m.watching = true
		m.watchID++
		id := m.watchID
		cmds = append(cmds, tea.Tick(watchPause, func(time.Time) tea.Msg { return watchMsg(id) }))
	default:
		cmds = append(cmds, m.startEngine())
	}
	m.analyse()
	if m.p.Clock().TimeControl().HasClock() && !m.ticking {
		m.ticking = true
		cmds = append(cmds, tick())
	}
	return tea.Batch(cmds...)
}

// startEngine asks the thinker for ox88's move in the current position
// (play.Game.NextSearch: the clocks, or the level's think time).
func (m *Model) startEngine() tea.Cmd {
	req, err := m.p.NextSearch(m.now())
	if err != nil {
		return m.afterChange()
	}
	m.searchID++
	m.thinking, m.hinting, m.analysing = true, false, false // the thinker stops the analysis
	m.info, m.currMove, m.currNum = search.Info{}, chess.NoMove, 0
	m.thinker.Start(SearchRequest{ID: m.searchID, Request: req})
	return nil
}

// cancelEngine stops a running search whose move is no longer wanted.
func (m *Model) cancelEngine() {
	m.watching = false
	if m.thinking || m.hinting || m.analysing {
		m.thinker.Cancel()
		m.thinking, m.hinting, m.analysing = false, false, false
		m.searchID++
	}
}

// engineMoved plays the move of the search that just finished, if it is
// still the one wanted.
func (m *Model) engineMoved(msg bestMsg) tea.Cmd {
	if msg.ID == m.searchID && m.hinting {
		m.showHint(msg.Result)
		return m.afterChange() // the analysis, if on, goes on
	}
	if msg.ID == m.searchID && m.analysing {
		m.analysisEnded()
		return nil
	}
	if msg.ID != m.searchID || !m.thinking {
		return nil
	}
	m.thinking = false
	if len(msg.Result.Info.PV) > 0 {
		m.info, m.infoPly = msg.Result.Info, m.game().Ply()
	}
	mv := msg.Result.Move
	pos := m.game().Position()
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
	if !m.playMove(mv, true) {
		return m.afterChange()
	}
	m.lastByEngine = true
	if msg.Result.FromBook {
		m.info, m.infoPly = search.Info{}, m.game().Ply()
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

// playMove plays a legal move on the game and the clocks, ox88's
// (byEngine) or a person's. It reports false when the move was not played:
// the mover's flag had fallen (the game is then lost on time) or the move
// was refused.
func (m *Model) playMove(mv chess.Move, byEngine bool) bool {
	now := m.now()
	if m.flagFell(now) {
		return false
	}
	if m.game().Ply() < m.game().Len() || m.hinting {
		m.cancelEngine() // playing from an earlier position drops the rest
	}
	playMove := m.p.Play
	if byEngine {
		playMove = m.p.PlayEngine
	}
	if err := playMove(mv, now); err != nil {
		m.sayErr(err)
		return false
	}
	m.ui.selected = chess.NoSquare
	m.ui.visual = visualizer{}
	m.promo = nil
	m.paused = false
	m.lastByEngine = false
	return true
}

// sayErr shows err as a sentence.
func (m *Model) sayErr(err error) {
	msg := err.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	m.sayError("%s.", strings.TrimSuffix(msg, "."))
}

// humanMove plays a person's move and reports it.
func (m *Model) humanMove(mv chess.Move) tea.Cmd {
	if m.practice != nil {
		return m.practiceAnswer(mv) // an answer, not a move of the game
	}
	pos := m.game().Position()
	san := pos.SAN(mv)
	if !m.playMove(mv, false) {
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
	pos := m.game().Position()
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
	case m.practice != nil && m.practice.job != nil:
		return "Wait: the last answer is being checked."
	case m.practice != nil:
		return ""
	case m.over():
		return "The game is over: " + m.game().Outcome().Text + ". n starts a new one, u takes back."
	case !m.humanToMove():
		return "It is ox88's turn: m makes it move now."
	}
	return ""
}

// undo takes back moves: in a game against ox88, back to your turn
// (play.Game.TakeBack).
func (m *Model) undo() tea.Cmd {
	m.cancelEngine()
	if err := m.p.TakeBack(m.now()); err != nil {
		m.sayErr(err)
		return nil
	}
	m.afterNavigate()
	pos := m.game().Position()
	m.say("Took back to move %d, %s to move (r redoes).", pos.FullmoveNumber(), pos.SideToMove())
	return m.afterChange()
}

// redo replays taken-back moves: against ox88, up to your next turn.
func (m *Model) redo() tea.Cmd {
	m.cancelEngine()
	if err := m.p.Redo(m.now()); err != nil {
		m.sayErr(err)
		return nil
	}
	m.afterNavigate()
	m.say("Forward to ply %d of %d.", m.game().Ply(), m.game().Len())
	return m.afterChange()
}

// goTo jumps to the start or the end of the game.
func (m *Model) goTo(ply int) tea.Cmd {
	m.cancelEngine()
	_ = m.p.GoTo(ply, m.now())
	m.afterNavigate()
	m.say("Ply %d of %d.", m.game().Ply(), m.game().Len())
	return m.afterChange()
}

// afterNavigate resets what a move in the history makes stale. Watching
// ox88 play itself, the engine pauses until m.
func (m *Model) afterNavigate() {
	m.ui.selected = chess.NoSquare
	m.ui.visual = visualizer{}
	m.promo = nil
	m.info, m.currMove = search.Info{}, chess.NoMove
	m.paused = m.p.Players() == twoEngines
}

// newGame starts again: from the start position (the standard one, or
// the command line's --fen or --960) when g is nil, else with g, a
// position or a game loaded with o (own: a position to play on).
func (m *Model) newGame(g *game.Game, own bool) tea.Cmd {
	m.cancelEngine()
	m.closeReview()
	m.rev = nil
	if g == nil {
		m.p.NewGame(nil, m.now())
	} else {
		m.p.Load(g, own, m.now())
	}
	m.ui.selected = chess.NoSquare
	m.ui.visual = visualizer{}
	m.promo = nil
	m.paused = false
	m.info, m.currMove = search.Info{}, chess.NoMove
	m.say("New game: %s.", m.p.Players())
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
	pos := m.game().Position()
	if m.p.Players().Human(pos.SideToMove()) && m.p.Players() != twoHumans {
		// Let ox88 take this side: swap colours with it.
		if m.p.Players() == youWhite {
			m.p.SetPlayers(youBlack)
		} else {
			m.p.SetPlayers(youWhite)
		}
		m.ui.flipped = m.p.Players() == youBlack
	}
	if m.p.Players() == twoHumans {
		m.sayError("Two people are playing; p lets ox88 play.")
		return nil
	}
	m.paused = false
	return m.afterChange()
}

// cycleMode changes who plays which side.
func (m *Model) cycleMode() tea.Cmd {
	m.p.SetPlayers(m.p.Players().Next())
	pos := m.game().Position()
	if m.p.Players().Human(pos.SideToMove()) {
		m.cancelEngine()
	}
	if m.p.Players() == youWhite || m.p.Players() == youBlack {
		m.ui.flipped = m.p.Players() == youBlack
	}
	m.paused = false
	m.say("Now %s.", m.p.Players())
	return m.afterChange()
}

// setLevel changes the engine's skill for its next search.
func (m *Model) setLevel(delta int) {
	_ = m.p.SetLevel(min(max(m.p.Level()+delta, 1), engine.MaxSkill))
	m.say("ox88 plays at level %d of %d (%s) from its next move.", m.p.Level(), engine.MaxSkill, engine.SkillName(m.p.Level()))
}

// cycleTimeControl picks the next clock preset (play.Game.SetTimeControl:
// both clocks start again from it).
func (m *Model) cycleTimeControl() tea.Cmd {
	i := 0
	for k, tc := range timeControlPresets {
		if tc == m.p.Clock().TimeControl() {
			i = k + 1
		}
	}
	tc := timeControlPresets[i%len(timeControlPresets)]
	m.p.SetTimeControl(tc)
	m.say("Time control: %s.", tc)
	return m.afterChange()
}

// onTick redraws the clocks and ends the game when a flag falls.
func (m *Model) onTick() tea.Cmd {
	if _, running := m.p.Clock().Running(); !running {
		m.ticking = false // afterChange starts ticking again with the clocks
		return nil
	}
	m.flagFell(m.now())
	return tick()
}

// flagFell ends the game on time and reports true when the running clock
// has run out at now.
func (m *Model) flagFell(now time.Time) bool {
	if !m.p.CheckFlag(now) {
		return false
	}
	m.cancelEngine()
	m.say("%s.", m.game().Outcome().Text)
	return true
}

// resign ends the game with the person to move (or the only person) losing.
func (m *Model) resign() {
	m.cancelEngine()
	if err := m.p.Resign(m.now()); err != nil {
		m.sayErr(err)
		return
	}
	m.say("%s.", m.game().Outcome().Text)
}

// save writes the game as PGN to a new file in the current directory.
func (m *Model) save() {
	m.savePGN("the game", "", m.game().PGN())
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

// load reads a FEN, or a PGN file whose first game is shown at its end.
// n later starts from the start position, not from what was loaded.
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
		cmd := m.newGame(g, true)
		m.say("Loaded the position (n starts a new game from the start position).")
		return cmd
	}
	if _, err := os.Stat(text); errors.Is(err, fs.ErrNotExist) {
		m.sayError("%q is neither a PGN file here nor a FEN (a FEN has six fields: the ranks 8 to 1 split by /, the side to move, castling, en passant, the two move counters).", text)
		return nil
	}
	games, err := game.ReadPGNFile(text)
	if err != nil {
		m.sayError("%v", err)
		return nil
	}
	// A loaded game is for looking at until p says otherwise.
	cmd := m.newGame(games[0], false)
	m.say("Loaded %s (%d plies; u and r step through it, p to play on against ox88).", text, games[0].Len())
	return cmd
}
