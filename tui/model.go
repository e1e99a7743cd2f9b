package tui

import (
	"fmt"
	"runtime"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"ox88/book"
	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/game"
	"ox88/play"
	"ox88/search"
	"ox88/syzygy"
)

// Options configure a terminal game.
type Options struct {
	Level   int               // engine skill, 1..engine.MaxSkill (0: the default level)
	FEN     string            // start from this position
	PGN     string            // load the first game of this PGN file (and review its end)
	Color   string            // "white" or "black" (you against ox88), "both" (two people), "none" (ox88 against itself)
	ASCII   bool              // letters instead of Unicode chess glyphs
	TC      clock.TimeControl // clocks (zero: none)
	Book    string            // a Polyglot opening book for ox88 ("": none)
	Threads int               // ox88's search threads (0: DefaultThreads)
	Seed    uint64            // the weak levels' and the book's random choices (0: from the clock)
	Syzygy  string            // Syzygy endgame tables for ox88 (syzygy.Open's paths; "": none)

	// For tests: a fixed clock, a thinker in place of the engine, and a
	// fixed colour profile (Unknown: the one Bubble Tea detects).
	Now     func() time.Time
	Thinker Thinker
	Profile colorprofile.Profile
}

// DefaultLevel is the skill level a game starts at without --level.
const DefaultLevel = play.DefaultLevel

// DefaultThreads is ox88's number of search threads without --threads:
// every core but one, which is left to the screen and the rest of the
// machine, and at least one.
func DefaultThreads() int { return max(runtime.NumCPU()-1, 1) }

// The four ways to play (play.Players); p cycles through them.
const (
	youWhite   = play.YouWhite   // you have White, ox88 Black
	youBlack   = play.YouBlack   // you have Black, ox88 White
	twoHumans  = play.TwoPeople  // two people at one keyboard
	twoEngines = play.EngineOnly // ox88 plays itself; you watch
)

// uiState is the part of the model that a key like b or f changes and that
// is put back when the key turns out to start a typed move (b4, f3).
type uiState struct {
	cursor   chess.Square
	selected chess.Square // the picked piece's square, or NoSquare
	flipped  bool         // Black at the bottom
	overlay  bool         // the whole-board attack counts
	worth    bool         // the heat map of what each piece is worth (w)
	visual   visualizer   // the a/d squares shown
	message  string
	isError  bool
}

// visualizer is the a or d view of one square: which pieces attack it.
type visualizer struct {
	square    chess.Square
	squares   []chess.Square // the attackers (a) or defenders (d)
	defenders bool
}

// promotion is the open promotion picker.
type promotion struct {
	moves []chess.Move // the four promotions of one pawn move, queen first
	index int          // the highlighted choice
}

// Model is the terminal game's Bubble Tea model. Update and View are pure
// apart from the Thinker (which the tests replace) and the clock function.
type Model struct {
	p       *play.Game // the game, who plays, the level and the clocks
	threads int
	ascii   bool

	ui      uiState
	pending *pendingKey // a key that may yet turn out to start a move
	input   string      // a move being typed
	loading bool        // the input line is the load prompt, not a move
	promo   *promotion
	help    bool
	armed   string // "q" or "x" after a first press that needs confirming

	thinker   Thinker
	searchID  int
	thinking  bool
	hinting   bool     // the search is a hint for a person, not ox88's move
	analysing bool     // the search is the analysis (z) of the position shown
	an        analysis // the analysis: on or off, its lines
	paused    bool     // the engine waits (after navigating an engine-only game)
	watching  bool     // ox88 v ox88: the pause between moves is running
	watchID   int      // the pause's number; a navigation makes it stale

	lastByEngine bool        // the last move played came from ox88
	info         search.Info // the latest full report
	infoPly      int         // the ply info belongs to
	currMove     chess.Move  // the root move being searched
	currNum      int

	ticking bool

	rev         *gameReview // the latest review (A), running or done
	reviewing   bool        // the review is on the screen (its progress, then itself)
	reviewID    int         // the latest review job's number; a message with another is stale
	reviewNodes uint64      // each position's search in a review
	practice    *practice   // practising the review's mistakes, or nil

	width, height int
	st            styles
	now           func() time.Time
}

// pendingKey remembers the state before a command key that is also a file
// letter, to restore it if a digit follows.
type pendingKey struct {
	key   rune
	saved uiState
}

// NewModel returns a model for opts.
func NewModel(opts Options) (*Model, error) {
	m := &Model{threads: DefaultThreads(), ascii: opts.ASCII, now: opts.Now, thinker: opts.Thinker,
		reviewNodes: defaultReviewNodes, an: analysis{lines: defaultAnalysisLines}}
	if m.now == nil {
		m.now = time.Now
	}
	if opts.Level != 0 && (opts.Level < 1 || opts.Level > engine.MaxSkill) {
		return nil, fmt.Errorf("level must be 1 to %d, got %d", engine.MaxSkill, opts.Level)
	}
	if opts.Threads != 0 {
		if opts.Threads < 1 || opts.Threads > search.MaxThreads {
			return nil, fmt.Errorf("threads must be 1 to %d, got %d", search.MaxThreads, opts.Threads)
		}
		m.threads = opts.Threads
	}
	players, err := play.ParsePlayers(opts.Color)
	if err != nil {
		return nil, fmt.Errorf("color must be white, black, both or none, got %q", opts.Color)
	}
	cfg := play.Config{Event: "ox88 terminal game", Players: players, Level: opts.Level, TC: opts.TC}
	if opts.FEN != "" {
		g, err := game.NewFromFEN(opts.FEN)
		if err != nil {
			return nil, fmt.Errorf("--fen: %v", err)
		}
		start := g.Start()
		cfg.Start = &start // n starts again from here
	}
	if m.p, err = play.New(cfg); err != nil {
		return nil, err
	}
	if opts.PGN != "" {
		games, err := game.ReadPGNFile(opts.PGN)
		if err != nil {
			return nil, err
		}
		m.p.Load(games[0], false, m.now())
		m.p.SetPlayers(players)
	}
	m.ui = uiState{cursor: chess.NewSquare(4, 1), selected: chess.NoSquare, flipped: m.p.Players() == youBlack}
	if m.p.Players() == youBlack {
		m.ui.cursor = chess.NewSquare(4, 6)
	}
	m.st = newStyles(opts.Profile)
	m.width, m.height = 100, 30
	var openings *book.Book
	if opts.Book != "" {
		b, err := book.Open(opts.Book)
		if err != nil {
			return nil, err
		}
		seed := opts.Seed
		if seed == 0 {
			seed = uint64(m.now().UnixNano()) // a different opening each game
		}
		b.Seed(seed)
		openings = b
	}
	var tables *syzygy.Tablebases
	if opts.Syzygy != "" {
		if tables, err = syzygy.Open(opts.Syzygy); err != nil {
			return nil, fmt.Errorf("--syzygy: %v", err)
		}
	}
	if m.thinker == nil {
		eng := engine.New()
		eng.SetTablebases(tables)
		eng.SetThreads(m.threads)
		eng.SetSeed(opts.Seed)
		if openings != nil {
			eng.SetBook(openings)
		}
		m.thinker = newEngineThinker(eng)
	}
	if o := m.game().Outcome(); o.Over() {
		m.ui.message = o.Text
	} else {
		m.ui.message = "Your move: type e2e4 or Nf3 and Enter, or pick with the cursor. ? for help."
		if m.p.Players() == twoEngines {
			m.ui.message = "ox88 plays itself. p changes who plays, ? for help."
		}
	}
	return m, nil
}

// Game returns the game being played.
func (m *Model) Game() *game.Game { return m.p.Game() }

// game is Game for the model's own code.
func (m *Model) game() *game.Game { return m.p.Game() }

// watchMsg ends the pause between two moves of ox88 against itself.
type watchMsg int

// watchPause is the least time between two moves when ox88 plays itself
// without clocks, so that a person can follow the game.
const watchPause = 700 * time.Millisecond

// tickMsg drives the clocks' display and the flag fall.
type tickMsg time.Time

// tickInterval is how often the clocks redraw (tenths show under 10 s).
const tickInterval = 100 * time.Millisecond

func tick() tea.Cmd {
	return tea.Tick(tickInterval, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// Init starts listening to the engine and, if it is its turn, lets it think.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.thinker.Listen(), m.afterChange())
}

// Update handles one message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case tea.ColorProfileMsg:
		m.st = newStyles(msg.Profile)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		m.paste(msg.Content)
		return m, nil
	case tea.MouseClickMsg:
		return m, m.mouse(msg.Mouse())
	case infoMsg:
		if msg.ID == m.searchID && m.analysing {
			m.analysisInfo(msg.Info)
		}
		if msg.ID == m.searchID && m.thinking {
			if len(msg.Info.PV) > 0 && msg.Info.MultiPV <= 1 {
				// Weak levels search several lines; show the best.
				m.info, m.infoPly = msg.Info, m.game().Ply()
			}
			if msg.Info.CurrMove != chess.NoMove {
				m.currMove, m.currNum = msg.Info.CurrMove, msg.Info.CurrMoveNumber
			}
		}
		return m, m.thinker.Listen()
	case bestMsg:
		cmd := m.engineMoved(msg)
		return m, tea.Batch(m.thinker.Listen(), cmd)
	case reviewProgressMsg:
		return m, m.reviewProgress(msg)
	case reviewDoneMsg:
		return m, m.reviewDone(msg)
	case judgeDoneMsg:
		return m, m.judgeDone(msg)
	case tickMsg:
		return m, m.onTick()
	case watchMsg:
		if int(msg) == m.watchID && m.watching {
			m.watching = false
			if !m.over() && !m.humanToMove() && !m.thinking && !m.paused {
				return m, m.startEngine()
			}
		}
		return m, nil
	}
	return m, nil
}

// say shows a message; sayError shows a complaint.
func (m *Model) say(format string, args ...any) {
	m.ui.message, m.ui.isError = fmt.Sprintf(format, args...), false
}

func (m *Model) sayError(format string, args ...any) {
	m.ui.message, m.ui.isError = fmt.Sprintf(format, args...), true
}

// humanToMove reports whether a person plays the side to move.
func (m *Model) humanToMove() bool {
	return m.p.Players().Human(m.game().SideToMove())
}

// over reports whether the game at the current ply has ended.
func (m *Model) over() bool { return m.game().Outcome().Over() }
