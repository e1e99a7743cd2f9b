package tui

import (
	"ox88/chess"
	"ox88/engine"
)

// hint asks ox88 what it would play on the person's turn (play.Game.Hint).
// The answer arrives as a bestMsg like any search, and showHint shows it.
func (m *Model) hint() {
	if m.hinting {
		return
	}
	req, err := m.p.Hint()
	if err != nil {
		m.sayErr(err)
		return
	}
	m.searchID++
	m.hinting, m.analysing = true, false // the thinker stops the analysis
	m.thinker.Start(SearchRequest{ID: m.searchID, Request: req})
	m.say("Looking for a hint...")
}

// showHint picks up the hinted piece and puts the cursor on its square of
// arrival, so that Enter plays the hint.
func (m *Model) showHint(r engine.Result) {
	m.hinting = false
	pos := m.game().Position()
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
