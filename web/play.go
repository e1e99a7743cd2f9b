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

// levelMoveTime is the time per move at each skill level when the game has
// no clocks: short at the low levels so a beginner's game moves along.
var levelMoveTime = [engine.MaxSkill + 1]time.Duration{
	0, 100 * time.Millisecond, 200 * time.Millisecond, 300 * time.Millisecond,
	500 * time.Millisecond, 700 * time.Millisecond, time.Second, 1500 * time.Millisecond,
	2 * time.Second, 3 * time.Second, 5 * time.Second,
}

// moveTime returns the time per move for level without clocks.
func moveTime(level int) time.Duration {
	return levelMoveTime[min(max(level, 1), engine.MaxSkill)]
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
	pos, start := s.g.Position(), s.g.Start()
	tc := s.clk.TimeControl()
	st := &stateJSON{
		Sid: s.id, FEN: pos.FEN(), Start: start.FEN(), Turn: turnLetter(pos.SideToMove()),
		Ply: s.g.Ply(), Human: playersNames[s.players], Players: playersTexts[s.players], Level: s.level, MaxLevel: engine.MaxSkill,
		TC:       tcJSON{tc.Base.Seconds(), tc.Inc.Seconds(), tc.String()},
		Thinking: s.thinking, Last: []string{},
		// A copy: the state is encoded after the session's lock is let go.
		Scores: append([]*scorePoint{}, s.scores...),
		Moves:  make([]string, s.g.Len()), Legal: []legalJSON{}, Board: wire.Board(&pos),
	}
	for i := 1; i <= s.g.Len(); i++ {
		st.Moves[i-1] = s.g.SANAt(i)
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
	if m := s.g.LastMove(); m != chess.NoMove && s.g.Ply() > 0 {
		st.Last = []string{m.From().String(), m.To().String()}
	}
	if pos.InCheck() {
		st.Check = pos.KingSquare(pos.SideToMove()).String()
	}
	o := s.g.Outcome()
	st.Outcome = outcomeJSON{Over: o.Over(), Result: string(o.Result), Reason: o.Reason.String(), Text: o.Text}
	st.PGN = s.g.PGN()
	st.Clock = clockJSON{White: s.clk.Remaining(chess.White, now).Milliseconds(), Black: s.clk.Remaining(chess.Black, now).Milliseconds()}
	if side, running := s.clk.Running(); running {
		st.Clock.Running = turnLetter(side)
	}
	st.Engine = !o.Over() && !s.players.human(pos.SideToMove())
	for l := 1; l <= engine.MaxSkill; l++ {
		st.Levels = append(st.Levels, levelJSON{l, engine.SkillName(l), moveTime(l).Seconds()})
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

// withSession decodes a JSON body into req, finds its session, locks it,
// stops a search the engine runs for that tab (a person's action wins),
// runs f and answers with the session's state, or with f's error as a 400
// (409 if the search did not stop).
func (s *Server) withSession(w http.ResponseWriter, r *http.Request, req interface{ sid() string }, f func(*session) error) {
	if !wire.ReadJSON(w, r, req) {
		return
	}
	ss := s.lookup(w, req.sid())
	if ss == nil {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if !ss.stopThinking() {
		wire.Error(w, http.StatusConflict, "the engine is thinking in this game and did not stop")
		return
	}
	if err := f(ss); err != nil {
		wire.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	wire.JSON(w, http.StatusOK, ss.state(time.Now()))
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
			p, err := parsePlayers(req.Human)
			if err != nil {
				return err
			}
			ss.players = p
		}
		var start *chess.Position
		if n := req.Chess960; n != nil {
			if *n < 0 || *n >= chess.Chess960Positions {
				return fmt.Errorf("Chess960 start position %d: want 0 to %d", *n, chess.Chess960Positions-1)
			}
			start = chess.Chess960Start(*n)
		}
		ss.reset(game.New(start), true)
		return nil
	})
}

// moveRequest plays a move given in UCI ("e2e4", "e7e8q") or SAN.
type moveRequest struct {
	Sid  string `json:"sid"`
	Move string `json:"move"`
}

func (r *moveRequest) sid() string { return r.Sid }

func errGameOver(o game.Outcome) error { return errors.New("the game is over: " + o.Text) }

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	req := &moveRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if o := ss.g.Outcome(); o.Over() {
			return errGameOver(o)
		}
		pos := ss.g.Position()
		m, err := pos.ParseMove(strings.TrimSpace(req.Move))
		if err != nil {
			return err
		}
		return ss.play(m, time.Now())
	})
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	req := &sidRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		now := time.Now()
		ss.chargeClock(now)
		if !ss.g.Undo() {
			return errors.New("nothing to take back")
		}
		// Against ox88, take back its reply and the person's move together.
		for ss.players != engineOnly && !ss.players.human(ss.g.SideToMove()) && ss.g.Ply() > 0 {
			ss.g.Undo()
		}
		ss.epoch++
		return nil
	})
}

func (s *Server) handleRedo(w http.ResponseWriter, r *http.Request) {
	req := &sidRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		ss.chargeClock(time.Now())
		if !ss.g.Redo() {
			return errors.New("nothing to redo")
		}
		for ss.players != engineOnly && !ss.players.human(ss.g.SideToMove()) && ss.g.Ply() < ss.g.Len() {
			ss.g.Redo()
		}
		ss.epoch++
		return nil
	})
}

// gotoRequest shows the position after Ply moves (for review).
type gotoRequest struct {
	Sid string `json:"sid"`
	Ply int    `json:"ply"`
}

func (r *gotoRequest) sid() string { return r.Sid }

func (s *Server) handleGoTo(w http.ResponseWriter, r *http.Request) {
	req := &gotoRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if req.Ply < 0 || req.Ply > ss.g.Len() {
			return fmt.Errorf("ply %d is outside the game (0 to %d)", req.Ply, ss.g.Len())
		}
		ss.chargeClock(time.Now())
		ss.epoch++
		return ss.g.GoTo(req.Ply)
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
}

func (r *settingsRequest) sid() string { return r.Sid }

func (s *Server) handleSettings(w http.ResponseWriter, r *http.Request) {
	req := &settingsRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if req.Level != nil {
			if *req.Level < 1 || *req.Level > engine.MaxSkill {
				return fmt.Errorf("level %d: want 1 to %d", *req.Level, engine.MaxSkill)
			}
			ss.level = *req.Level
		}
		if req.Human != nil {
			p, err := parsePlayers(*req.Human)
			if err != nil {
				return err
			}
			ss.players = p
		}
		if req.TC != nil {
			tc, err := clock.ParseForPlay(*req.TC)
			if err != nil {
				return err
			}
			ss.clk = clock.New(tc)
		}
		ss.setTags()
		ss.epoch++
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
			ss.players = twoPeople
		default:
			return errors.New("give a fen or a pgn")
		}
		ss.reset(g, own)
		return nil
	})
}

func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	req := &sidRequest{}
	s.withSession(w, r, req, func(ss *session) error {
		if o := ss.g.Outcome(); o.Over() {
			return errGameOver(o)
		}
		// The person resigns; of two people, or watching, the side to move.
		loser := ss.g.SideToMove()
		switch ss.players {
		case youWhite:
			loser = chess.White
		case youBlack:
			loser = chess.Black
		}
		ss.chargeClock(time.Now())
		ss.g.SetOutcome(game.NewOutcome(game.WinFor(loser.Other()), game.Resignation))
		ss.epoch++
		return nil
	})
}
