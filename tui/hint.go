package tui

import (
	"time"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
)

// hintTime is how long ox88 looks for a person's hint, at full strength.
const hintTime = time.Second

// hint asks ox88 what it would play on the person's turn. The answer
// arrives as a bestMsg like any search, and showHint shows it.
func (m *Model) hint() {
	switch {
	case m.over():
		m.sayError("The game is over.")
		return
	case !m.humanToMove():
		m.sayError("Hints are for your own turn.")
		return
	case m.hinting:
		return
	}
	m.searchID++
	m.hinting = true
	m.thinker.Start(SearchRequest{ID: m.searchID, Start: m.g.Start(), Moves: m.g.Moves(),
		Skill: engine.MaxSkill, Limits: search.Limits{MoveTime: hintTime}})
	m.say("Looking for a hint...")
}

// showHint picks up the hinted piece and puts the cursor on its square of
// arrival, so that Enter plays the hint.
func (m *Model) showHint(r engine.Result) {
	m.hinting = false
	pos := m.g.Position()
	san := sanIfLegal(&pos, r.Move)
	if san == "" {
		m.sayError("No hint found.")
		return
	}
	m.ui.selected, m.ui.cursor = r.Move.From(), r.Move.To()
	m.ui.visual = visualizer{}
	if r.Move.IsPromotion() && r.Move.Promotion() != chess.Queen {
		m.say("Hint: %s (type it to underpromote).", moveNumber(&pos)+san)
		return
	}
	m.say("Hint: %s (Enter plays it, Esc forgets it).", moveNumber(&pos)+san)
}
