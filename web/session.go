package web

import (
	"container/list"
	"fmt"
	"sync"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/game"
)

// session is one browser tab's game: the moves, who plays which side, the
// level and clocks, and the engine's scores along the way. Its fields are
// guarded by mu (except the store's bookkeeping at the end); a search holds
// no lock while it runs.
type session struct {
	mu       sync.Mutex
	id       string
	g        *game.Game
	players  players     // who plays which side
	level    int         // engine skill, 1..engine.MaxSkill
	clk      clock.Clock // without a clock in its time control: the level's move time
	scores   []*scorePoint
	thinking bool // a search for this session is running
	// stopThink cancels the running search and thinkDone is closed when
	// it has finished (both set while thinking).
	stopThink func()
	thinkDone chan struct{}
	// moveNow asks the running search to stop and play its best move so
	// far (set while thinking).
	moveNow func()
	epoch   uint64 // bumped by every change, so a finished search sees it is stale

	own bool // the game was started here (not read from a PGN): its player tags are ours

	// Guarded by the store's mutex, not mu:
	elem *list.Element // the session's place in the store's LRU list
	used time.Time     // the last request for this session
}

// scorePoint is the engine's verdict on the position after a ply, from
// White's point of view.
type scorePoint struct {
	CP   int `json:"cp"`             // centipawns (mate scores clamp to ±mateCP)
	Mate int `json:"mate,omitempty"` // mate in N moves for White (negative: for Black)
}

// mateCP is where mate scores sit on the evaluation bar and graph.
const mateCP = 2000

// defaultLevel is the skill a new tab starts at.
const defaultLevel = 5

// players says which sides people play; the engine plays the others.
type players uint8

// The four ways to play, as in the terminal game: one bit per side that a
// person plays.
const (
	engineOnly players = 0                   // ox88 plays itself; you watch
	youWhite   players = 1 << chess.White    // you have White, ox88 Black
	youBlack   players = 1 << chess.Black    // you have Black, ox88 White
	twoPeople          = youWhite | youBlack // two people at one board
)

// playersNames are the names of the four in the API ("human": ...), and
// playersTexts the terminal game's words for them.
var (
	playersNames = [...]string{engineOnly: "none", youWhite: "white", youBlack: "black", twoPeople: "both"}
	playersTexts = [...]string{engineOnly: "ox88 v ox88", youWhite: "you (White) v ox88", youBlack: "ox88 v you (Black)", twoPeople: "human v human"}
)

// human reports whether side c is played by a person.
func (p players) human(c chess.Color) bool { return p&(1<<c) != 0 }

// parsePlayers reads the API's name of who plays: a side ("white" or "w",
// "black" or "b"), "both" or "none".
func parsePlayers(s string) (players, error) {
	switch s {
	case "w":
		return youWhite, nil
	case "b":
		return youBlack, nil
	}
	for p, name := range playersNames {
		if s == name {
			return players(p), nil
		}
	}
	return youWhite, fmt.Errorf("who plays %q: want white or black (your side against ox88), both (two people) or none (ox88 against itself)", s)
}

// newSession returns the session of a new tab: a game from the start, the
// person playing White at defaultLevel, no clocks.
func newSession(id string) *session {
	s := &session{id: id, players: youWhite, level: defaultLevel}
	s.reset(game.New(nil), true)
	return s
}

// reset starts a new game g, keeping the settings. A game of the page's own
// (not read from a PGN) gets its tags here.
func (s *session) reset(g *game.Game, own bool) {
	s.g, s.own = g, own
	if own {
		g.SetTag("Event", "ox88 web game")
		g.SetTag("Site", "ox88 web")
		g.SetTag("Date", time.Now().Format("2006.01.02"))
		s.setTags()
	}
	s.scores = nil
	s.clk = clock.New(s.clk.TimeControl())
	s.epoch++
}

// chargeClock stops the running clock, charging the side to move the time
// since it started. It returns false if that flag fell, after recording
// the loss on time.
func (s *session) chargeClock(now time.Time) bool {
	if s.clk.Stop(now) {
		return true
	}
	s.g.SetOutcome(s.g.TimeoutOutcome(s.g.SideToMove()))
	return false
}

// checkFlag records a loss on time if the side to move's clock has run out
// while it thought; a search still running for that side is cancelled
// (its stream then says why).
func (s *session) checkFlag(now time.Time) {
	if s.clk.Flagged(now) {
		s.chargeClock(now)
		if s.thinking && s.stopThink != nil {
			s.stopThink()
		}
	}
}

// play plays m at the current ply and runs the clocks: the mover is charged
// and gets the increment, and the other side's clock starts.
func (s *session) play(m chess.Move, now time.Time) error {
	s.checkFlag(now)
	if o := s.g.Outcome(); o.Over() {
		return errGameOver(o)
	}
	mover := s.g.SideToMove()
	atEnd := s.g.Ply() == s.g.Len()
	if err := s.g.Play(m); err != nil {
		return err
	}
	if !atEnd {
		// Playing from an earlier ply dropped the rest of the game.
		s.scores = s.scores[:min(len(s.scores), s.g.Ply())]
	}
	s.clk.Moved(mover, now)
	if s.g.Outcome().Over() {
		s.clk.Stop(now)
	}
	s.epoch++
	return nil
}

// setScore records the engine's score for the position after ply moves.
func (s *session) setScore(ply int, p *scorePoint) {
	for len(s.scores) <= ply {
		s.scores = append(s.scores, nil)
	}
	s.scores[ply] = p
}

// sessionStore keeps the sessions by id, dropping those idle longer than
// idle and, past max, the least recently used.
type sessionStore struct {
	mu    sync.Mutex
	byID  map[string]*session
	lru   *list.List // front: most recently used
	idle  time.Duration
	max   int
	stop  chan struct{}
	once  sync.Once
	clock func() time.Time
}

// sweepEvery is how often the janitor looks for idle sessions.
const sweepEvery = time.Minute

func newSessionStore(idle time.Duration, max int) *sessionStore {
	st := &sessionStore{byID: map[string]*session{}, lru: list.New(), idle: idle, max: max,
		stop: make(chan struct{}), clock: time.Now}
	go st.janitor()
	return st
}

func (st *sessionStore) janitor() {
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		select {
		case <-st.stop:
			return
		case <-t.C:
			st.sweep()
		}
	}
}

// sweep drops the sessions idle for longer than st.idle.
func (st *sessionStore) sweep() {
	st.mu.Lock()
	defer st.mu.Unlock()
	cut := st.clock().Add(-st.idle)
	for e := st.lru.Back(); e != nil; {
		s := e.Value.(*session)
		if s.used.After(cut) {
			break
		}
		prev := e.Prev()
		st.lru.Remove(e)
		delete(st.byID, s.id)
		e = prev
	}
}

func (st *sessionStore) close() { st.once.Do(func() { close(st.stop) }) }

// get returns the session id, creating it if it does not exist.
func (st *sessionStore) get(id string) *session {
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.byID[id]
	if !ok {
		s = newSession(id)
		st.byID[id] = s
		s.elem = st.lru.PushFront(s)
		for st.lru.Len() > st.max {
			old := st.lru.Remove(st.lru.Back()).(*session)
			delete(st.byID, old.id)
		}
	} else {
		st.lru.MoveToFront(s.elem)
	}
	s.used = st.clock()
	return s
}

// len returns the number of sessions kept.
func (st *sessionStore) len() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.byID)
}

// validSessionID reports whether id looks like one the page makes: 8 to 64
// letters, digits and dashes.
func validSessionID(id string) bool {
	if len(id) < 8 || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// stopThinking cancels the session's running search, if any, and waits up
// to thinkStopWait for it to end. The caller holds s.mu; it is released
// while waiting. It reports whether no search runs any more.
func (s *session) stopThinking() bool {
	if !s.thinking {
		return true
	}
	stop, done := s.stopThink, s.thinkDone
	s.mu.Unlock()
	if stop != nil {
		stop()
	}
	t := time.NewTimer(thinkStopWait)
	select {
	case <-done:
	case <-t.C:
	}
	t.Stop()
	s.mu.Lock()
	return !s.thinking
}

// thinkStopWait bounds how long a person's action waits for the engine's
// search in the same tab to stop.
const thinkStopWait = 5 * time.Second

// setTags names the players in the PGN tags of a game of the page's own
// ("You", "Human" for each of two people, the engine with its level) and
// its time control.
func (s *session) setTags() {
	if !s.own {
		return
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		name := fmt.Sprintf("ox88 (level %d)", s.level)
		switch {
		case s.players == twoPeople:
			name = "Human"
		case s.players.human(c):
			name = "You"
		}
		s.g.SetTag(c.Title(), name)
	}
	tc := ""
	if s.clk.TimeControl().HasClock() {
		tc = s.clk.TimeControl().PGN()
	}
	s.g.SetTag("TimeControl", tc) // none without a clock

}
