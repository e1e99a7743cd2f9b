package tui

import (
	"math/rand/v2"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/search"
)

// TestRandomKeysNeverPanic presses random keys, clicks random squares,
// resizes the terminal, lets the fake engine answer (sometimes late,
// sometimes with a stale number), analyses, reviews and practises with
// the real one, for thousands of steps, drawing the view
// after each: whatever a person does, the game must not crash, and the
// game must stay consistent with its moves.
func TestRandomKeysNeverPanic(t *testing.T) {
	t.Chdir(t.TempDir()) // s saves files
	keys := []tea.KeyPressMsg{
		{Code: tea.KeyEnter}, {Code: tea.KeyEsc}, {Code: tea.KeyBackspace}, {Code: tea.KeySpace, Text: " "},
		{Code: tea.KeyUp}, {Code: tea.KeyDown}, {Code: tea.KeyLeft}, {Code: tea.KeyRight},
		{Code: tea.KeyHome}, {Code: tea.KeyEnd}, {Code: tea.KeyTab},
	}
	for _, r := range "abcdefgh12345678xNBRQKO-=+?uimnoprstvqjklwzL0/AAAp" {
		keys = append(keys, typed(r))
	}
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 99))
		colors := []string{"white", "black", "both", "none"}
		h := newHarness(t, Options{Color: colors[seed%4], TC: clock.TimeControl{Base: time.Minute}}, 80, 24)
		h.m.reviewNodes = 500
		practising, analysing, maxLen := 0, 0, 0
		for step := 0; step < 700; step++ {
			switch r := rng.IntN(100); {
			case r < 10:
				// A legal move, typed.
				pos := h.m.game().Position()
				var ml chess.MoveList
				pos.GenerateMoves(&ml)
				if ml.N > 0 {
					h.send(tea.KeyPressMsg{Code: tea.KeyEsc})
					h.typeText(ml.Moves[rng.IntN(ml.N)].String() + "\r")
				}
			case r < 70:
				h.send(keys[rng.IntN(len(keys))])
			case r < 78:
				sq := chess.SquareFrom64(rng.IntN(64))
				l := h.m.layout()
				h.send(tea.MouseClickMsg{X: l.boardX + sq.File()*l.cellW + 1, Y: l.boardY + (7-sq.Rank())*l.cellH,
					Button: tea.MouseLeft})
			case r < 80:
				h.send(tea.WindowSizeMsg{Width: 20 + rng.IntN(120), Height: 8 + rng.IntN(40)})
			case r < 95 && len(h.eng.reqs) > 0:
				// Answer the latest request (or an older one) with a
				// random legal move of the current position.
				req := h.eng.reqs[rng.IntN(len(h.eng.reqs))]
				pos := h.m.game().Position()
				var ml chess.MoveList
				pos.GenerateMoves(&ml)
				mv := chess.NoMove
				if ml.N > 0 {
					mv = ml.Moves[rng.IntN(ml.N)]
				}
				h.send(infoMsg{ID: req.ID, Info: search.Info{Depth: 3, PV: []chess.Move{mv, mv}, CurrMove: mv}})
				h.send(bestMsg{ID: req.ID, Result: engine.Result{Move: mv}})
			case r < 97 && h.m.rev != nil && h.m.rev.job != nil:
				// The running review's next message, if it has one.
				select {
				case msg := <-h.m.rev.job.progress:
					h.send(msg)
				case msg := <-h.m.rev.job.done:
					h.send(msg)
				default:
				}
			case r < 97 && h.m.practice != nil && h.m.practice.job != nil:
				// The judgement of a practice answer, if it is done.
				select {
				case msg := <-h.m.practice.job.done:
					h.send(msg)
				default:
				}
			default:
				h.now = h.now.Add(time.Duration(rng.IntN(3000)) * time.Millisecond)
				h.send(tickMsg(h.now))
			}
			_ = h.m.screen()
			if h.m.practice != nil {
				practising++
			}
			if h.m.analysing {
				analysing++
			}
			maxLen = max(maxLen, h.m.game().Len())
			// The game's positions must follow from its moves.
			pos := h.m.game().Start()
			for _, mv := range h.m.game().Moves() {
				pos.MakeMove(mv)
			}
			if cur := h.m.game().Position(); cur.FEN() != pos.FEN() {
				t.Fatalf("seed %d step %d: position %s, moves lead to %s", seed, step, cur.FEN(), pos.FEN())
			}
		}
		t.Logf("seed %d: %d plies, %d searches, %s; %d steps analysing, %d practising, longest %d", seed, h.m.game().Len(), len(h.eng.reqs),
			h.m.game().Outcome(), analysing, practising, maxLen)
	}
}
