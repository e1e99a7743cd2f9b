package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/game"
	"ox88/play"
	"ox88/web/internal/wire"
)

// stateJSON is everything the page draws for a game; every game request
// answers with it.
type stateJSON struct {
	Sid      string        `json:"sid"`
	FEN      string        `json:"fen"`
	Start    string        `json:"start"` // the FEN the game started from
	Turn     string        `json:"turn"`  // "w" or "b"
	Board    [64]string    `json:"board"` // a1 = 0 ... h8 = 63: "wP", "bK" or ""
	Legal    []legalJSON   `json:"legal"`
	Last     []string      `json:"last"`  // [from, to] of the move that led here, or empty
	Check    string        `json:"check"` // the checked king's square, or ""
	Moves    []string      `json:"moves"` // the whole game in SAN, redo tail included
	Ply      int           `json:"ply"`   // how many of Moves lead to the shown position
	Outcome  outcomeJSON   `json:"outcome"`
	PGN      string        `json:"pgn"`
	Attacks  [2][64][]int  `json:"attacks"` // [side][square] = squares of its pieces attacking it
	Human    string        `json:"human"`   // who plays: "white" or "black" (you against ox88), "both" (two people), "none" (ox88 against itself)
	Players  string        `json:"players"` // the same in words: "you (White) v ox88"
	Level    int           `json:"level"`
	MaxLevel int           `json:"maxLevel"`
	TC       tcJSON        `json:"tc"`
	Clock    clockJSON     `json:"clock"`
	Scores   []*scorePoint `json:"scores"` // per ply, White's view; null where unknown
	Thinking bool          `json:"thinking"`
	Engine   bool          `json:"engineToMove"` // the engine has the move and the game goes on
	Levels   []levelJSON   `json:"levels"`
	// The analysis board: on or off, the path of the position shown in the
	// game tree (game.Path), the tree, and the opening of the line shown.
	Analysis bool         `json:"analysis"`
	Path     []int        `json:"path"`
	Tree     []nodeJSON   `json:"tree"`
	Opening  *openingJSON `json:"opening"`
}

type legalJSON struct {
	From  string `json:"from"`
	To    string `json:"to"`
	UCI   string `json:"uci"`
	SAN   string `json:"san"`
	Promo string `json:"promo,omitempty"`
}

type outcomeJSON struct {
	Over   bool   `json:"over"`
	Result string `json:"result"`
	Reason string `json:"reason"`
	Text   string `json:"text"`
}

type tcJSON struct {
	Base float64 `json:"base"` // seconds; 0: no clocks
	Inc  float64 `json:"inc"`
	Text string  `json:"text"` // as clock.Parse reads it: "5m+3s", "none"
}

type clockJSON struct {
	White   int64  `json:"white"` // milliseconds left
	Black   int64  `json:"black"`
	Running string `json:"running"` // "w", "b" or ""
}

type levelJSON struct {
	Level    int     `json:"level"`
	Name     string  `json:"name"`     // "beginner" ... "full strength"
	MoveTime float64 `json:"moveTime"` // seconds per move at most, without clocks
}

func turnLetter(c chess.Color) string {
	if c == chess.White {
		return "w"
	}
	return "b"
}

// state builds the page's view of s. The caller holds s.mu.
func (s *session) state(now time.Time) *stateJSON {
	s.checkFlag(now)
	g, clk := s.game(), s.p.Clock()
	vg := s.viewGame() // the line to the position shown: g on the main line
	pos, start := vg.Position(), g.Start()
	tc := clk.TimeControl()
	st := &stateJSON{
		Sid: s.id, FEN: pos.FEN(), Start: start.FEN(), Turn: turnLetter(pos.SideToMove()),
		Ply: g.Ply(), Human: s.p.Players().Name(), Players: s.p.Players().String(), Level: s.p.Level(), MaxLevel: engine.MaxSkill,
		TC:       tcJSON{tc.Base.Seconds(), tc.Inc.Seconds(), tc.String()},
		Thinking: s.thinking, Last: []string{},
		// A copy: the state is encoded after the session's lock is let go.
		Scores: append([]*scorePoint{}, s.scores...),
		Moves:  make([]string, g.Len()), Legal: []legalJSON{}, Board: wire.Board(&pos),
	}
	for i := 1; i <= g.Len(); i++ {
		st.Moves[i-1] = g.SANAt(i)
	}
	for i := range 64 {
		sq := chess.SquareFrom64(i)
		var buf [16]chess.Square
		for side := range 2 {
			att := pos.AttackersOf(sq, chess.Color(side), buf[:0])
			list := make([]int, len(att))
			for j, a := range att {
				list[j] = a.Index64()
			}
			st.Attacks[side][i] = list
		}
	}
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		l := legalJSON{From: m.From().String(), To: m.To().String(), UCI: m.String(), SAN: pos.SAN(m)}
		if m.IsPromotion() {
			l.Promo = strings.ToLower(m.Promotion().Letter())
		}
		st.Legal = append(st.Legal, l)
		// Castling is also the king put on its rook: in Chess960 the king
		// may already stand on its target, and the rook on the king's.
		if !m.IsCastle() {
			continue
		}
		if rook, _ := pos.CastlingRook(m); rook != m.To() {
			l.To, l.UCI = rook.String(), m.From().String()+rook.String()
			st.Legal = append(st.Legal, l)
		}
	}
	if m := vg.LastMove(); m != chess.NoMove && vg.Ply() > 0 {
		st.Last = []string{m.From().String(), m.To().String()}
	}
	if pos.InCheck() {
		st.Check = pos.KingSquare(pos.SideToMove()).String()
	}
	o := vg.Outcome()
	st.Outcome = outcomeJSON{Over: o.Over(), Result: string(o.Result), Reason: o.Reason.String(), Text: o.Text}
	st.PGN = g.PGN()
	st.Analysis, st.Path, st.Opening = s.analysis, s.at(), openingOf(vg)
	if s.analysis {
		st.PGN = g.WholePGN() // the whole tree, whichever move is shown
	}
	st.Tree = treeJSON(g.Tree())
	st.Clock = clockJSON{White: clk.Remaining(chess.White, now).Milliseconds(), Black: clk.Remaining(chess.Black, now).Milliseconds()}
	if side, running := clk.Running(); running {
		st.Clock.Running = turnLetter(side)
	}
	st.Engine = s.p.EngineToMove() && !s.analysis
	for l := 1; l <= engine.MaxSkill; l++ {
		st.Levels = append(st.Levels, levelJSON{l, engine.SkillName(l), play.ThinkTime(l).Seconds()})
	}
	return st
}

// sidRequest is the body of the game requests that need nothing else.
type sidRequest struct {
	Sid string `json:"sid"`
}

// lookup returns the session named by id, or answers 400 and returns nil.
func (s *Server) lookup(w http.ResponseWriter, id string) *session {
	if !validSessionID(id) {
		wire.Error(w, http.StatusBadRequest, "missing or bad session id (sid: 8 to 64 letters, digits, dashes)")
		return nil
	}
	return s.sessions.get(id)
}

// sessionRequest is a JSON body that names its session.
type sessionRequest interface{ sid() string }

// readSession decodes a JSON body into req and finds its session; on bad
// input it has answered 400 and returns nil.
func (s *Server) readSession(w http.ResponseWriter, r *http.Request, req sessionRequest) *session {
	if !wire.ReadJSON(w, r, req) {
		return nil
	}
	return s.lookup(w, req.sid())
}

// tabPosition returns the position the tab named by sid shows; on a bad
// sid it has answered 400 and returns false.
func (s *Server) tabPosition(w http.ResponseWriter, sid string) (chess.Position, bool) {
	ss := s.lookup(w, sid)
	if ss == nil {
		return chess.Position{}, false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.position(), true
}

// withSession decodes a JSON body into req, finds its session, locks it,
// stops a search the engine runs for that tab (a person's action wins),
// runs f and answers with the session's state, or with f's error as a 400
// (409 if the search did not stop).
func (s *Server) withSession(w http.ResponseWriter, r *http.Request, req sessionRequest, f func(*session) error) {
	ss := s.readSession(w, r, req)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	if !ss.stopThinking() {
		ss.mu.Unlock()
		wire.Error(w, http.StatusConflict, "the engine is thinking in this game and did not stop")
		return
	}
	err := f(ss)
	var st *stateJSON
	if err == nil {
		st = ss.state(time.Now())
	}
	held := ss.bytes()
	ss.mu.Unlock()
	s.clients.weigh(clientIP(r), ss, held, s.sessions)
	if err != nil {
		wire.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	wire.JSON(w, http.StatusOK, st)
}

func (r *sidRequest) sid() string { return r.Sid }

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	ss := s.lookup(w, r.URL.Query().Get("sid"))
	if ss == nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	wire.JSON(w, http.StatusOK, ss.state(time.Now()))
}

// newRequest starts a new game, optionally changing who plays, from the
// standard position or a Chess960 one.
type newRequest struct {
	Sid      string `json:"sid"`
	Human    string `json:"human,omitempty"`    // as stateJSON.Human; empty keeps who plays
	Chess960 *int   `json:"chess960,omitempty"` // a Chess960 start position, 0 to 959
}

func (r *newRequest) sid() string { return r.Sid }

func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	req := &newRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if req.Human != "" {
			p, err := play.ParsePlayers(req.Human)
			if err != nil {
				return err
			}
			ss.p.SetPlayers(p)
		}
		var start *chess.Position
		if n := req.Chess960; n != nil {
			if *n < 0 || *n >= chess.Chess960Positions {
				return fmt.Errorf("Chess960 start position %d: want 0 to %d", *n, chess.Chess960Positions-1)
			}
			start = chess.Chess960Start(*n)
		}
		ss.newGame(start)
		return nil
	})
}

// moveRequest plays a move given in UCI ("e2e4", "e7e8q") or SAN. On the
// analysis board it plays into the game tree, from the position at Path
// (default: the one shown), and Line plays several moves at once (a line
// of the analysis, up to the move clicked).
type moveRequest struct {
	Sid  string   `json:"sid"`
	Move string   `json:"move"`
	Path []int    `json:"path,omitempty"`
	Line []string `json:"line,omitempty"`
}

func (r *moveRequest) sid() string { return r.Sid }

func errGameOver(o game.Outcome) error { return play.ErrGameOver{Outcome: o} }

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	req := &moveRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if ss.analysis {
			moves := req.Line
			if m := strings.TrimSpace(req.Move); m != "" {
				moves = append([]string{m}, moves...)
			}
			return ss.analysisMoves(req.Path, moves)
		}
		if len(req.Path) > 0 || len(req.Line) > 0 {
			return errors.New("path and line are for the analysis board (settings: analysis true)")
		}
		if o := ss.game().Outcome(); o.Over() {
			return errGameOver(o)
		}
		pos := ss.game().Position()
		m, err := pos.ParseMove(strings.TrimSpace(req.Move))
		if err != nil {
			return err
		}
		return ss.play(m, time.Now(), false)
	})
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	req := &sidRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if ss.path != nil {
			return ss.stepBack()
		}
		return ss.p.TakeBack(time.Now())
	})
}

func (s *Server) handleRedo(w http.ResponseWriter, r *http.Request) {
	req := &sidRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if ss.path != nil {
			return ss.stepForward()
		}
		return ss.p.Redo(time.Now())
	})
}

// gotoRequest shows the position after Ply moves (for review), or the
// one at Path in the game tree (game.Path).
type gotoRequest struct {
	Sid  string `json:"sid"`
	Ply  int    `json:"ply"`
	Path []int  `json:"path,omitempty"`
}

func (r *gotoRequest) sid() string { return r.Sid }

func (s *Server) handleGoTo(w http.ResponseWriter, r *http.Request) {
	req := &gotoRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if len(req.Path) > 0 {
			if _, err := ss.game().PositionAtPath(req.Path); err != nil {
				return err
			}
			if game.Path(req.Path).InVariation() && !ss.analysis {
				return errors.New("variations are followed on the analysis board (settings: analysis true)")
			}
			ss.show(req.Path)
			return nil
		}
		ss.path = nil
		return ss.p.GoTo(req.Ply, time.Now())
	})
}

// settingsRequest changes the level, who plays (keeping the game) or the
// time control; nil fields stay as they are. A new time control resets the
// clocks.
type settingsRequest struct {
	Sid   string  `json:"sid"`
	Level *int    `json:"level,omitempty"`
	Human *string `json:"human,omitempty"` // as stateJSON.Human
	TC    *string `json:"tc,omitempty"`    // "5m+3s", "none" (clock.ParseForPlay)
	// Analysis turns the analysis board on (a person moves both sides, no
	// clocks, ox88 analyses) or off (back to the main line).
	Analysis *bool `json:"analysis,omitempty"`
}

func (r *settingsRequest) sid() string { return r.Sid }

func (s *Server) handleSettings(w http.ResponseWriter, r *http.Request) {
	req := &settingsRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		// Check everything before changing anything.
		players := ss.p.Players()
		if req.Human != nil {
			p, err := play.ParsePlayers(*req.Human)
			if err != nil {
				return err
			}
			players = p
		}
		var tc clock.TimeControl
		if req.TC != nil {
			var err error
			if tc, err = clock.ParseForPlay(*req.TC); err != nil {
				return err
			}
		}
		if req.Level != nil {
			if err := ss.p.SetLevel(*req.Level); err != nil {
				return err
			}
		}
		ss.p.SetPlayers(players)
		if req.TC != nil {
			ss.p.SetTimeControl(tc)
		}
		if req.Analysis != nil {
			ss.analysis = *req.Analysis
			if ss.analysis {
				ss.p.SetPlayers(play.TwoPeople)
				ss.p.SetTimeControl(clock.TimeControl{})
			} else {
				ss.path = nil
			}
		}
		return nil
	})
}

// importRequest replaces the game with one read from a FEN or a PGN. A game
// read from a PGN is for looking at, as in the terminal game: two people
// play it on until the page says who plays.
type importRequest struct {
	Sid string `json:"sid"`
	FEN string `json:"fen,omitempty"`
	PGN string `json:"pgn,omitempty"`
}

func (r *importRequest) sid() string { return r.Sid }

func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	req := &importRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		var g *game.Game
		own := true
		switch {
		case strings.TrimSpace(req.FEN) != "":
			var err error
			if g, err = game.NewFromFEN(strings.TrimSpace(req.FEN)); err != nil {
				return fmt.Errorf("FEN: %v", err)
			}
		case strings.TrimSpace(req.PGN) != "":
			games, err := game.ParsePGN(req.PGN)
			if err != nil {
				return fmt.Errorf("PGN: %v", err)
			}
			if len(games) == 0 {
				return errors.New("PGN: no game found")
			}
			g, own = games[0], false
		default:
			return errors.New("give a fen or a pgn")
		}
		if n, most := sessionBase+g.Bytes(), s.clients.limits.SessionBytes; n > most {
			return fmt.Errorf("PGN: the game is too large to keep here: %d KB, at most %d KB a client", n>>10, most>>10)
		}
		ss.load(g, own)
		return nil
	})
}

func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	req := &sidRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if ss.analysis {
			return errors.New("this is the analysis board: no one plays to resign")
		}
		return ss.p.Resign(time.Now())
	})
}
