package tui

import (
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
	"ox88/engine"
	"ox88/play"
	"ox88/search"
)

// SearchRequest asks for a move in a position: a play.Request (the game,
// the skill, the limits, whether it is a new game's first search) and its
// number.
type SearchRequest struct {
	ID int // echoed in the messages, so a stale search's reports are ignored
	play.Request
}

// Thinker runs searches in the background for the model. Start and Stop
// return at once; the search reports through the messages infoMsg and
// bestMsg, which Listen delivers to the Bubble Tea program.
type Thinker interface {
	Start(req SearchRequest) // stop any running search, then search req
	Stop()                   // make the running search move now
	Cancel()                 // stop the running search; its move will be ignored
	Listen() tea.Cmd         // a command that waits for the next report
}

// infoMsg is a progress report of search ID.
type infoMsg struct {
	ID   int
	Info search.Info
}

// bestMsg is the result of search ID.
type bestMsg struct {
	ID     int
	Result engine.Result
}

// infoInterval is the shortest gap between two forwarded "currmove"
// reports: the search sends one per root move, far faster than a person
// reads, and every message redraws the screen.
const infoInterval = 80 * time.Millisecond

// engineThinker drives an engine.Engine from one goroutine, so the engine's
// blocking calls (SetPosition and Go wait for the previous search) never
// run on the interface's goroutine.
type engineThinker struct {
	eng  *engine.Engine
	reqs chan SearchRequest // Start and Cancel (ID < 0) requests, in order
	out  chan tea.Msg       // reports for the program
	mu   sync.Mutex
	last time.Time // when the last currmove report was forwarded
}

// reportBuffer is how many reports may wait for the interface; progress
// reports beyond it are dropped (the next one replaces them anyway).
const reportBuffer = 64

// newEngineThinker starts the driving goroutine for eng.
func newEngineThinker(eng *engine.Engine) *engineThinker {
	t := &engineThinker{eng: eng, reqs: make(chan SearchRequest, 16), out: make(chan tea.Msg, reportBuffer)}
	go t.loop()
	return t
}

func (t *engineThinker) loop() {
	for req := range t.reqs {
		t.eng.Stop()
		t.eng.Wait()
		if req.ID < 0 {
			continue
		}
		if len(t.reqs) > 0 {
			continue // a newer request is already waiting: this one is stale
		}
		id := req.ID
		if req.NewGame {
			t.eng.NewGame()
		}
		t.eng.SetSkill(req.Skill)
		t.eng.OnInfo(func(info search.Info) { t.info(id, info) })
		t.eng.OnBestMove(func(r engine.Result) { t.out <- bestMsg{ID: id, Result: r} })
		t.eng.SetPosition(&req.Start, req.Moves)
		t.eng.Go(req.Limits)
	}
}

// info forwards a progress report without ever blocking the search.
func (t *engineThinker) info(id int, info search.Info) {
	if len(info.PV) == 0 && info.CurrMove != chess.NoMove {
		t.mu.Lock()
		now := time.Now()
		if now.Sub(t.last) < infoInterval {
			t.mu.Unlock()
			return
		}
		t.last = now
		t.mu.Unlock()
	}
	info.PV = append([]chess.Move(nil), info.PV...) // the search may reuse its buffer
	select {
	case t.out <- infoMsg{ID: id, Info: info}:
	default:
	}
}

func (t *engineThinker) Start(req SearchRequest) { t.reqs <- req }
func (t *engineThinker) Stop()                   { t.eng.Stop() }
func (t *engineThinker) Cancel()                 { t.eng.Stop(); t.reqs <- SearchRequest{ID: -1} }
func (t *engineThinker) Listen() tea.Cmd         { return func() tea.Msg { return <-t.out } }
