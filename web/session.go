package web

import (
	"container/list"
	"sync"
	"time"
	"unsafe"

	"ox88/chess"
	"ox88/game"
	"ox88/play"
	"ox88/review"
)

// session is one browser tab's game: a play.Game (the moves, who plays
// which side, the level and clocks) and the engine's scores along the
// way. Its fields are guarded by mu (except the store's bookkeeping at the
// end); a search holds no lock while it runs.
type session struct {
	mu       sync.Mutex
	id       string
	p        *play.Game
	scores   []*scorePoint
	thinking bool // a search for this session is running
	// stopThink cancels the running search and thinkDone is closed when
	// it has finished (both set while thinking).
	stopThink func()
	thinkDone chan struct{}
	// moveNow asks the running search to stop and play its best move so
	// far (set while thinking).
	moveNow func()

	// analysis is on for the analysis board: a person moves both sides,
	// the engine analyses the position shown, and moves from earlier
	// positions become variations. path is the position shown in the game
	// tree when it is off the main line (nil: the main line at the game's
	// ply).
	analysis bool
	path     game.Path

	// exercises are the last review's positions to practise (practice.go).
	exercises []review.Exercise

	// Guarded by the store's mutex, not mu:
	elem *list.Element // the session's place in the store's LRU list
	used time.Time     // the last request for this session
	size int64         // what the session holds, in bytes (sessionBytes) when last weighed
}

// scorePoint is the engine's verdict on the position after a ply, from
// White's point of view.
type scorePoint struct {
	CP   int `json:"cp"`             // centipawns (mate scores clamp to ±mateCP)
	Mate int `json:"mate,omitempty"` // mate in N moves for White (negative: for Black)
}

// mateCP is where mate scores sit on the evaluation bar and graph.
const mateCP = 2000

// newSession returns the session of a new tab: a game from the start, the
// person playing White at play.DefaultLevel, no clocks.
func newSession(id string) *session {
	p, err := play.New(play.Config{Event: "ox88 web game", Site: "ox88 web", Players: play.YouWhite})
	if err != nil {
		panic(err) // the default configuration is valid
	}
	return &session{id: id, p: p}
}

// game returns the session's game.
func (s *session) game() *game.Game { return s.p.Game() }

// newGame starts a new game from start (nil: the standard start), keeping
// the settings.
func (s *session) newGame(start *chess.Position) {
	s.p.NewGame(start, time.Now())
	s.scores, s.path = nil, nil
}

// load replaces the game with g (own: a position to play on, not a game
// read from a PGN).
func (s *session) load(g *game.Game, own bool) {
	s.p.Load(g, own, time.Now())
	s.scores, s.path = nil, nil
}

// checkFlag records a loss on time if the side to move's clock has run out
// while it thought; a search still running for that side is cancelled
// (its stream then says why).
func (s *session) checkFlag(now time.Time) {
	if s.p.CheckFlag(now) && s.thinking && s.stopThink != nil {
		s.stopThink()
	}
}

// play plays m at the current ply and runs the clocks (play.Game.Play,
// or PlayEngine for ox88's move).
func (s *session) play(m chess.Move, now time.Time, byEngine bool) error {
	playMove := s.p.Play
	if byEngine {
		playMove = s.p.PlayEngine
	}
	if err := playMove(m, now); err != nil {
		return err
	}
	// Playing from an earlier ply dropped the rest of the game.
	s.scores = s.scores[:min(len(s.scores), s.game().Ply())]
	return nil
}

// setScore records the engine's score for the position after ply moves.
func (s *session) setScore(ply int, p *scorePoint) {
	for len(s.scores) <= ply {
		s.scores = append(s.scores, nil)
	}
	s.scores[ply] = p
}

// sessionBase is what a session holds beside its game and scores: the
// struct, its place in the store and the client's list, its id.
const sessionBase = 2 << 10

// bytes returns about how much memory s holds. The caller holds s.mu.
func (s *session) bytes() int64 {
	n := sessionBase + s.game().Bytes() + int64(cap(s.scores))*int64(unsafe.Sizeof(&scorePoint{})+unsafe.Sizeof(scorePoint{}))
	for _, x := range s.exercises {
		n += int64(unsafe.Sizeof(x)) + int64(cap(x.Moves)+cap(x.Line))*int64(unsafe.Sizeof(chess.NoMove))
	}
	return n
}

// sessionStore keeps the sessions by id, dropping those idle longer than
// idle and, past max sessions or budget bytes, the least recently used.
type sessionStore struct {
	mu     sync.Mutex
	byID   map[string]*session
	lru    *list.List // front: most recently used
	idle   time.Duration
	max    int
	budget int64 // bytes all sessions may hold (session.bytes, as last weighed)
	total  int64 // bytes they hold
	stop   chan struct{}
	once   sync.Once
	clock  func() time.Time
}

// sweepEvery is how often the janitor looks for idle sessions.
const sweepEvery = time.Minute

func newSessionStore(idle time.Duration, max int, budget int64) *sessionStore {
	st := &sessionStore{byID: map[string]*session{}, lru: list.New(), idle: idle, max: max, budget: budget,
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
		st.drop(s)
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
		s.size = sessionBase
		st.total += s.size
		for st.lru.Len() > st.max {
			st.drop(st.lru.Back().Value.(*session))
		}
	} else {
		st.lru.MoveToFront(s.elem)
	}
	s.used = st.clock()
	return s
}

// drop forgets s. The caller holds st.mu.
func (st *sessionStore) drop(s *session) {
	st.lru.Remove(s.elem)
	delete(st.byID, s.id)
	st.total -= s.size
}

// weigh records that s holds n bytes now and, while all sessions hold
// more than the budget, drops the least recently used others.
func (st *sessionStore) weigh(s *session, n int64) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.byID[s.id] != s {
		return // dropped meanwhile
	}
	st.total += n - s.size
	s.size = n
	for e := st.lru.Back(); e != nil && st.total > st.budget; {
		prev := e.Prev()
		if old := e.Value.(*session); old != s {
			st.drop(old)
		}
		e = prev
	}
}

// bytes returns what the sessions hold together, as last weighed.
func (st *sessionStore) bytes() int64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.total
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

// startThinking makes the session's search this request's: cancel stops
// it, and the returned channel is closed when end runs (the handler
// defers end). end marks the session idle unless a newer search has taken
// its place meanwhile. The caller holds s.mu; end takes it.
func (s *session) startThinking(cancel func()) (done chan struct{}, end func()) {
	s.thinking = true
	s.stopThink = cancel
	done = make(chan struct{})
	s.thinkDone = done
	return done, func() {
		s.mu.Lock()
		if s.thinkDone == done {
			s.thinking = false
			s.stopThink, s.moveNow = nil, nil
		}
		s.mu.Unlock()
		close(done)
	}
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
