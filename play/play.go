// Package play is a game people play against ox88, with no user
// interface: who plays which side, the level and the think time per
// level, the clocks, take-back and redo, resignation, hints, the players'
// PGN tags, and the next search the engine should run. The terminal game
// (package tui) and the browser game (package web) both drive a Game, so
// that a rule of play changes in one place; they keep only what they
// draw and how they run the engine.
//
// Package game below it holds the moves, undo and redo, the outcome and
// PGN. Draws by rule (threefold repetition, the fifty-move rule,
// insufficient material, stalemate) are claimed for the players at once:
// game.Outcome ends the game there, so a Game needs no separate claim.
package play

import (
	"errors"
	"fmt"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/game"
	"ox88/search"
)

// Players says which sides people play; ox88 plays the others.
type Players uint8

// The four ways to play, in the order Next cycles through them.
const (
	YouWhite   Players = 1 << chess.White    // you have White, ox88 Black
	YouBlack   Players = 1 << chess.Black    // you have Black, ox88 White
	TwoPeople          = YouWhite | YouBlack // two people at one board
	EngineOnly Players = 0                   // ox88 plays itself; you watch
)

var (
	playersNames = [...]string{EngineOnly: "none", YouWhite: "white", YouBlack: "black", TwoPeople: "both"}
	playersTexts = [...]string{EngineOnly: "ox88 v ox88", YouWhite: "you (White) v ox88", YouBlack: "ox88 v you (Black)", TwoPeople: "human v human"}
)

// Human reports whether side c is played by a person.
func (p Players) Human(c chess.Color) bool { return p&(1<<c) != 0 }

// Name is p as the command line and the browser's API write it: "white",
// "black", "both" or "none".
func (p Players) Name() string { return playersNames[p&TwoPeople] }

// String describes p in words for a title line: "you (White) v ox88".
func (p Players) String() string { return playersTexts[p&TwoPeople] }

// Next returns the way to play after p: you White, you Black, two people,
// ox88 against itself, and round again.
func (p Players) Next() Players {
	switch p {
	case YouWhite:
		return YouBlack
	case YouBlack:
		return TwoPeople
	case TwoPeople:
		return EngineOnly
	}
	return YouWhite
}

// ParsePlayers reads who plays: a side ("white" or "w", "black" or "b"),
// "both" (or "human") or "none" (or "engine", "watch"); "" is "white".
func ParsePlayers(s string) (Players, error) {
	switch s {
	case "", "white", "w":
		return YouWhite, nil
	case "black", "b":
		return YouBlack, nil
	case "both", "human":
		return TwoPeople, nil
	case "none", "engine", "watch":
		return EngineOnly, nil
	}
	return YouWhite, fmt.Errorf("who plays %q: want white or black (your side against ox88), both (two people) or none (ox88 against itself)", s)
}

// DefaultLevel is the level a game starts at when none is chosen.
const DefaultLevel = 5

// thinkTimes is how long ox88 thinks per move without a clock, by level
// (index 0 unused): short at the bottom, so that a beginner's game stays
// brisk. The weak levels' node budgets (engine's skill levels) usually
// end their search well before.
var thinkTimes = [engine.MaxSkill + 1]time.Duration{
	0, 200 * time.Millisecond, 300 * time.Millisecond, 400 * time.Millisecond,
	500 * time.Millisecond, 700 * time.Millisecond, 1 * time.Second,
	1500 * time.Millisecond, 2 * time.Second, 3 * time.Second, 5 * time.Second,
}

// ThinkTime returns how long ox88 thinks per move at level without a
// clock; a level outside 1..engine.MaxSkill is clamped.
func ThinkTime(level int) time.Duration {
	return thinkTimes[min(max(level, 1), engine.MaxSkill)]
}

// HintTime is how long ox88 looks for a person's hint, at full strength.
const HintTime = time.Second

// Config is a Game's start.
type Config struct {
	Event   string            // the PGN Event tag of a game started here ("ox88 web game")
	Site    string            // its Site tag ("" leaves none)
	Players Players           // who plays
	Level   int               // ox88's level, 1..engine.MaxSkill (0: DefaultLevel)
	TC      clock.TimeControl // the clocks (zero: none)
	// Start is where NewGame starts when not told otherwise (nil: the
	// standard start): the command line's --fen or --960.
	Start *chess.Position
}

// Game is a game people play against ox88: a game.Game, who plays, the
// level and the clocks. It is not safe for concurrent use; the browser
// game guards it with its session's lock, the terminal game runs it on
// one goroutine.
type Game struct {
	g       *game.Game
	players Players
	level   int
	clk     clock.Clock
	tcNext  clock.TimeControl // the time control of the next new game
	start   chess.Position    // where NewGame(nil) starts
	event   string
	site    string
	own     bool    // the game was started here, not read from a PGN: its player tags are ours
	fresh   bool    // no search has been asked for in this game yet
	by      []uint8 // who made each move of the game (byPerson, byEngine; 0: read from a PGN)
	epoch   uint64  // bumped by every change
}

// New returns a game from cfg's start.
func New(cfg Config) (*Game, error) {
	level := cfg.Level
	if level == 0 {
		level = DefaultLevel
	}
	p := &Game{players: cfg.Players & TwoPeople, event: cfg.Event, site: cfg.Site, tcNext: cfg.TC}
	if err := p.SetLevel(level); err != nil {
		return nil, err
	}
	if cfg.Start != nil {
		p.start = *cfg.Start
	} else {
		p.start = *chess.StartPosition()
	}
	p.NewGame(nil, time.Now())
	return p, nil
}

// Game returns the game.Game being played: its moves, position, outcome
// and PGN. A front end reads it; changes go through the Game's methods.
func (p *Game) Game() *game.Game { return p.g }

// Players returns who plays.
func (p *Game) Players() Players { return p.players }

// Level returns ox88's level.
func (p *Game) Level() int { return p.level }

// Clock returns the clocks.
func (p *Game) Clock() *clock.Clock { return &p.clk }

// Epoch returns a number that every change of the game, its players, level
// or clocks increases: a search that started at another epoch is stale.
func (p *Game) Epoch() uint64 { return p.epoch }

// Over reports whether the game has ended at the current ply.
func (p *Game) Over() bool { return p.g.Outcome().Over() }

// HumanToMove reports whether a person plays the side to move.
func (p *Game) HumanToMove() bool { return p.players.Human(p.g.SideToMove()) }

// EngineToMove reports whether ox88 has the move in a game that goes on.
func (p *Game) EngineToMove() bool { return !p.Over() && !p.HumanToMove() }

// NewGame starts a new game from start (nil: the configured start), with
// the time control chosen for it. Who plays and the level stay.
func (p *Game) NewGame(start *chess.Position, now time.Time) {
	if start == nil {
		start = &p.start
	}
	p.replace(game.New(start), true, now)
}

// Load replaces the game with g. A game read from a PGN (own false) keeps
// its tags and is for looking at: two people play it on until who plays is
// changed. A position (own true, from a FEN) is played on as the game is.
// NewGame later starts from the configured start, not g's.
func (p *Game) Load(g *game.Game, own bool, now time.Time) {
	if !own {
		p.players = TwoPeople
	}
	p.replace(g, own, now)
}

func (p *Game) replace(g *game.Game, own bool, now time.Time) {
	p.g, p.own, p.fresh = g, own, true
	p.by = make([]uint8, g.Len())
	p.clk = clock.New(p.tcNext)
	if own {
		p.g.SetTag("Event", p.event)
		if p.site != "" {
			p.g.SetTag("Site", p.site)
		}
		p.g.SetTag("Date", now.Format("2006.01.02"))
	}
	p.changed()
}

// Who made a side's moves, for its PGN tag.
const (
	byPerson uint8 = 1 << iota
	byEngine
)

// changed bumps the epoch and rewrites the tags of a game of our own: the
// players (PlayerName) and the time control.
func (p *Game) changed() {
	p.epoch++
	if !p.own {
		return
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		p.g.SetTag(c.Title(), p.PlayerName(c))
	}
	tc := ""
	if p.clk.TimeControl().HasClock() {
		tc = p.clk.TimeControl().PGN()
	}
	p.g.SetTag("TimeControl", tc) // none without a clock
}

// PlayerName names side c's player for the PGN: who made its moves in the
// game, a taken-back tail included (before its first move, who plays it
// now). "ox88 (level N)" for
// ox88; for a person "You" against ox88, "Human" where people made every
// move of both sides; "You and ox88 (level N)" for a side that both played
// (a person handed the move to ox88, or took it over).
func (p *Game) PlayerName(c chess.Color) string {
	who := func(c chess.Color) uint8 {
		var b uint8
		first := 0 // the first ply c made
		if start := p.g.Start(); start.SideToMove() != c {
			first = 1
		}
		for i := first; i < len(p.by); i += 2 {
			b |= p.by[i]
		}
		if b != 0 {
			return b
		}
		if p.players.Human(c) {
			return byPerson
		}
		return byEngine
	}
	ox88 := fmt.Sprintf("ox88 (level %d)", p.level)
	switch who(c) {
	case byEngine:
		return ox88
	case byPerson:
		if who(c.Other()) == byPerson {
			return "Human"
		}
		return "You"
	}
	return "You and " + ox88
}

// SetPlayers changes who plays, keeping the game.
func (p *Game) SetPlayers(players Players) {
	p.players = players & TwoPeople
	p.changed()
}

// SetLevel changes ox88's level from its next search.
func (p *Game) SetLevel(level int) error {
	if level < 1 || level > engine.MaxSkill {
		return fmt.Errorf("level %d: want 1 to %d", level, engine.MaxSkill)
	}
	p.level = level
	p.changed()
	return nil
}

// SetTimeControl chooses the clocks, for this game at once (both clocks
// start again from the new base, stopped until the next move) and for
// the games after it.
func (p *Game) SetTimeControl(tc clock.TimeControl) {
	p.tcNext = tc
	p.clk = clock.New(tc)
	p.changed()
}

// CheckFlag ends the game on time, with the clocks stopped, when the
// running clock has run out at now, and reports whether it did.
func (p *Game) CheckFlag(now time.Time) bool {
	side, _ := p.clk.Running()
	if p.Over() || !p.clk.Flagged(now) {
		return false
	}
	p.clk.Stop(now)
	p.g.SetOutcome(p.g.TimeoutOutcome(side))
	p.changed()
	return true
}

// ErrGameOver wraps the outcome of a game that has ended.
type ErrGameOver struct{ Outcome game.Outcome }

func (e ErrGameOver) Error() string { return "the game is over: " + e.Outcome.Text }

// Play plays a person's legal move at the current ply (dropping the redo
// tail) and runs the clocks: the mover is charged its time and gets the
// increment, the other side's clock starts; an ended game stops them. A
// move of a side whose flag had fallen is refused, with the game lost on
// time.
func (p *Game) Play(m chess.Move, now time.Time) error { return p.play(m, now, byPerson) }

// PlayEngine plays ox88's move, as Play does.
func (p *Game) PlayEngine(m chess.Move, now time.Time) error { return p.play(m, now, byEngine) }

func (p *Game) play(m chess.Move, now time.Time, by uint8) error {
	p.CheckFlag(now)
	if o := p.g.Outcome(); o.Over() {
		return ErrGameOver{o}
	}
	mover, ply := p.g.SideToMove(), p.g.Ply()
	if err := p.g.Play(m); err != nil {
		return err
	}
	p.by = append(p.by[:ply], by) // a move at an earlier ply drops the tail
	p.clk.Moved(mover, now)
	if p.Over() {
		p.clk.Stop(now) // at the same instant: the loser of a mate is not charged
	}
	p.changed()
	return nil
}

// PlayAt plays a person's move m from the position path names in the game
// tree (an analysis board): at the end of the main line it is Play;
// elsewhere the move there is followed, or a variation started or
// extended (game.Game.PlayAt), and nothing is dropped. It returns the
// path of the position reached; on the main line the game shows it.
func (p *Game) PlayAt(path game.Path, m chess.Move, now time.Time) (game.Path, error) {
	if len(path) == 1 && path[0] == p.g.Len() {
		if path[0] != p.g.Ply() {
			_ = p.g.GoTo(path[0])
		}
		if err := p.Play(m, now); err != nil {
			return nil, err
		}
		return game.Path{p.g.Ply()}, nil
	}
	next, err := p.g.PlayAt(path, m)
	if err != nil {
		return nil, err
	}
	if !next.InVariation() {
		_ = p.g.GoTo(next[0])
	}
	p.changed()
	return next, nil
}

// StopClocks stops the running clock at now, for a pause (a review, a
// take-back), charging the side to move the time it used (a take-back
// does not give it back); a flag that had fallen ends the game on time
// first. The next move starts the clocks again.
func (p *Game) StopClocks(now time.Time) {
	p.CheckFlag(now)
	p.clk.Stop(now)
}

// TakeBack takes back the last move and, in a game against ox88, ox88's
// moves before it, back to a person's turn. The clocks stop (the side to
// move is charged the time it used) until the next move.
func (p *Game) TakeBack(now time.Time) error {
	p.StopClocks(now)
	if !p.g.Undo() {
		return errors.New("nothing to take back")
	}
	for p.players != EngineOnly && !p.HumanToMove() && p.g.Ply() > 0 {
		p.g.Undo()
	}
	p.changed()
	return nil
}

// Redo replays taken-back moves: against ox88, up to a person's next turn.
// The clocks stop as for TakeBack.
func (p *Game) Redo(now time.Time) error {
	p.StopClocks(now)
	if !p.g.Redo() {
		return errors.New("nothing to redo")
	}
	for p.players != EngineOnly && !p.HumanToMove() && p.g.Ply() < p.g.Len() {
		p.g.Redo()
	}
	p.changed()
	return nil
}

// GoTo shows the position after ply moves. The clocks stop as for TakeBack.
func (p *Game) GoTo(ply int, now time.Time) error {
	if ply < 0 || ply > p.g.Len() {
		return fmt.Errorf("ply %d is outside the game (0 to %d)", ply, p.g.Len())
	}
	p.StopClocks(now)
	_ = p.g.GoTo(ply)
	p.changed()
	return nil
}

// Resign ends the game lost for the person who resigns: the only person
// against ox88, or the side to move of two people (or of ox88 against
// itself). The clocks stop.
func (p *Game) Resign(now time.Time) error {
	if o := p.g.Outcome(); o.Over() {
		return ErrGameOver{o}
	}
	loser := p.g.SideToMove()
	switch p.players {
	case YouWhite:
		loser = chess.White
	case YouBlack:
		loser = chess.Black
	}
	p.StopClocks(now)
	if !p.Over() {
		p.g.SetOutcome(game.NewOutcome(game.WinFor(loser.Other()), game.Resignation))
	}
	p.changed()
	return nil
}

// Request is a search for ox88 to run: the game from its start to the
// position to search, the skill and the limits.
type Request struct {
	Start   chess.Position
	Moves   []chess.Move // from Start to the position to search (for repetitions)
	Skill   int
	Limits  search.Limits
	NewGame bool // the first search of a new game: the engine forgets the last one
}

// NextSearch returns the search ox88 should run now for the side to move:
// on the clocks the game has (search.ClockLimits), or for the level's
// ThinkTime without them. A front end asks for it when EngineToMove, or
// when a person hands the move to ox88 (move now). It fails when the game
// is over.
func (p *Game) NextSearch(now time.Time) (Request, error) {
	p.CheckFlag(now)
	if o := p.g.Outcome(); o.Over() {
		return Request{}, ErrGameOver{o}
	}
	req := p.request(p.level)
	if p.clk.TimeControl().HasClock() {
		req.Limits = search.ClockLimits(p.clk.Times(p.g.SideToMove(), now))
	} else {
		req.Limits = search.Limits{MoveTime: ThinkTime(p.level)}
	}
	return req, nil
}

// Hint returns the search for a person's hint: HintTime at full strength,
// on the person's own turn only.
func (p *Game) Hint() (Request, error) {
	switch {
	case p.Over():
		return Request{}, errors.New("the game is over")
	case !p.HumanToMove():
		return Request{}, errors.New("hints are for your own turn")
	}
	req := p.request(engine.MaxSkill)
	req.Limits = search.Limits{MoveTime: HintTime}
	return req, nil
}

func (p *Game) request(skill int) Request {
	req := Request{Start: p.g.Start(), Moves: p.g.Moves(), Skill: skill, NewGame: p.fresh}
	p.fresh = false
	return req
}

// MaxAnalysisLines is the most lines (MultiPV) an analysis shows.
const MaxAnalysisLines = 5

// Analysis returns the search that analyses the position on the board for
// a person: full strength, no book, no limit (it runs until stopped, or
// until the search ends by itself at a forced mate or its depth cap),
// reporting the lines best lines (1 to MaxAnalysisLines). It fails when
// the game is over.
func (p *Game) Analysis(lines int) (Request, error) {
	if lines < 1 || lines > MaxAnalysisLines {
		return Request{}, fmt.Errorf("%d lines: want 1 to %d", lines, MaxAnalysisLines)
	}
	if o := p.g.Outcome(); o.Over() {
		return Request{}, ErrGameOver{o}
	}
	req := p.request(engine.MaxSkill)
	req.Limits = search.Limits{Infinite: true, MultiPV: lines}
	return req, nil
}
