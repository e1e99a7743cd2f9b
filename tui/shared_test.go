package tui

import (
	"testing"

	"ox88/chess"
	"ox88/engine"
	"ox88/play/playtest"
)

// TestSharedScripts plays playtest's scripts through the terminal game's
// keys; web's TestSharedScripts plays them through the browser's API, and
// both must end with the same game.
func TestSharedScripts(t *testing.T) {
	for _, sc := range playtest.Scripts {
		t.Run(sc.Name, func(t *testing.T) {
			h := newHarness(t, Options{FEN: sc.FEN, Color: sc.Players.Name(), Level: sc.Level, ASCII: true}, 100, 30)
			for i, st := range sc.Steps {
				switch st.Do {
				case "move":
					h.typeText(st.Move + "\r")
				case "ox88":
					req := h.eng.last(t)
					pos := h.m.game().Position()
					var ml chess.MoveList
					pos.GenerateMoves(&ml)
					if !h.m.thinking || ml.N != 1 {
						t.Fatalf("step %d: thinking %v, %d legal moves: want ox88 to move, its move forced", i, h.m.thinking, ml.N)
					}
					h.send(bestMsg{ID: req.ID, Result: engine.Result{Move: ml.Moves[0]}})
				case "undo":
					h.typeText("u")
				case "redo":
					h.typeText("r")
				case "resign":
					h.typeText("xx")
				}
				if h.m.ui.isError != st.Refused {
					t.Fatalf("step %d (%s %s): refused %v (%q), want %v", i, st.Do, st.Move, h.m.ui.isError, h.m.ui.message, st.Refused)
				}
			}
			if got, want := playtest.Of(h.m.game()), sc.Want(); got != want {
				t.Fatalf("got  %+v\nwant %+v", got, want)
			}
		})
	}
}
