package xboard

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/game"
	"ox88/internal/lineio"
	"ox88/search"
)

// maxLine bounds one input line; a longer line is dropped whole, with an
// error.
const maxLine = 1 << 16

// Server is one CECP session: the game, whose side the engine plays, the
// time control, and the output.
type Server struct {
	eng *engine.Engine
	out *lineio.Writer

	mu       sync.Mutex  // guards everything below
	g        *game.Game  // the game: its moves, the current position, the rules' outcome
	force    bool        // play no side, just record moves
	side     chess.Color // the side the engine plays when not in force mode
	post     bool        // write thinking lines
	analyze  bool
	gameOver bool // a result was reached or received: think no more until new
	chess960 bool // variant fischerandom, until the next new: castling is written O-O, O-O-O
	tc       timeControl
	cur      *searchRecord // the running or last search

	// The settings (options.go): their values, for the features, and
	// what the next search must apply.
	hashMB     int                     // the hash table's size, MiB
	ownBook    bool                    // OwnBook: play from book
	book       engine.Book             // the book OwnBook plays from (BookFile, or the engine's at start)
	bookPath   string                  // BookFile
	tablesPath string                  // SyzygyPath, egtpath syzygy
	tbOpt      search.TablebaseOptions // SyzygyProbeDepth, Syzygy50MoveRule, SyzygyProbeLimit
	pending    pendingSettings
	maxHashMB  int // the cap on memory and Hash: engine.MaxHashMB (tests lower it)
	maxThreads int // the cap on cores: search.MaxThreads (tests lower it)
}

// NewServer returns a session that drives eng and writes to out. A book
// the engine has (engine.Engine.SetBook) is played, as if OwnBook were on.
func NewServer(eng *engine.Engine, out io.Writer) *Server {
	s := &Server{eng: eng, out: lineio.NewWriter(out), g: game.New(nil), side: chess.Black,
		hashMB: search.DefaultHashMB, tbOpt: search.DefaultTablebaseOptions(), maxHashMB: engine.MaxHashMB, maxThreads: search.MaxThreads}
	s.book = eng.Book()
	s.ownBook = s.book != nil
	eng.OnInfo(s.info)
	eng.OnBestMove(s.bestMove)
	return s
}

// Serve reads commands until quit or the end of input, then aborts any
// search and returns. Only a read error other than end of input is
// returned. A line longer than maxLine is skipped with an error.
func (s *Server) Serve(in io.Reader) error {
	err := lineio.Serve(in, maxLine, s.Handle, func() {
		s.out.Printf("Error (line too long): a line of more than %d bytes was ignored\n", maxLine)
	})
	s.abort()
	return err
}

// Handle runs one command line and reports whether the session goes on.
func (s *Server) Handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	cmd, args := f[0], f[1:]
	switch cmd {
	case "xboard", "accepted", "rejected", "random", "computer", "name", "rating",
		"ics", "draw", "nopost", "post", "hard", "easy", "white", "black":
		s.simple(cmd)
	case "hint":
		s.hint()
	case "bk":
		s.bookLines()
	case ".":
		s.stat01()
	case "protover":
		for _, l := range s.features() {
			s.out.Println(l)
		}
	case "ping":
		s.ping("pong " + strings.Join(args, " "))
	case "new":
		s.abort()
		s.mu.Lock()
		s.g = game.New(nil)
		s.force, s.side, s.gameOver, s.chess960 = false, chess.Black, false, false
		s.tc.depth, s.tc.nps = 0, 0
		analyzing := s.analyze
		s.mu.Unlock()
		s.eng.NewGame()
		if analyzing {
			s.think()
		}
	case "variant":
		s.setVariant(args, line)
	case "force":
		s.abort()
		s.mu.Lock()
		s.force = true
		s.mu.Unlock()
	case "go":
		s.abort()
		s.mu.Lock()
		s.force, s.side = false, s.g.SideToMove()
		s.mu.Unlock()
		s.think()
	case "playother":
		s.abort()
		s.mu.Lock()
		s.force, s.side = false, s.g.SideToMove().Other()
		s.mu.Unlock()
	case "?":
		s.moveNow()
	case "usermove":
		s.userMove(strings.Join(args, " "), line)
	case "setboard":
		s.setBoard(strings.Join(args, " "), line)
	case "undo", "remove":
		s.takeBack(cmd, line)
	case "level", "st", "sd", "nps", "time", "otim":
		s.setting(cmd, args, line)
	case "memory":
		s.memory(args, line)
	case "cores":
		s.cores(args, line)
	case "egtpath":
		s.egtPath(argText(line), line)
	case "option":
		s.option(argText(line), line)
	case "analyze":
		s.abort()
		s.mu.Lock()
		s.analyze = true
		s.mu.Unlock()
		s.think()
	case "exit":
		s.abort()
		s.mu.Lock()
		s.analyze = false
		s.mu.Unlock()
	case "result":
		s.abort()
		s.mu.Lock()
		s.gameOver = true
		s.mu.Unlock()
	case "eval":
		s.eval()
	case "quit":
		return false
	default:
		// A bare move, as protocol version 1 and people at a terminal send.
		s.mu.Lock()
		pos := s.g.Position()
		_, err := pos.ParseMove(cmd)
		s.mu.Unlock()
		if err == nil && len(args) == 0 {
			s.userMove(cmd, line)
			return true
		}
		s.out.Println("Error (unknown command): " + line)
	}
	return true
}

// simple handles the commands that only set a flag or are ignored.
func (s *Server) simple(cmd string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch cmd {
	case "post":
		s.post = true
	case "nopost":
		s.post = false
	}
	// hard/easy: ox88 does not ponder under xboard, so both are no-ops;
	// the rest are informational.
}

// setVariant handles "variant normal|fischerandom", which comes after new
// and before the first move or setboard. For fischerandom, xboard then
// sends the start position by setboard (X-FEN or Shredder-FEN); until it
// does, the game starts from the standard array (Chess960 number 518).
func (s *Server) setVariant(args []string, line string) {
	if len(args) != 1 || args[0] != "normal" && args[0] != "fischerandom" {
		s.out.Println("Error (unsupported variant): " + line)
		return
	}
	s.abort()
	s.mu.Lock()
	s.chess960 = args[0] == "fischerandom"
	start := s.g.Start()
	start.SetChess960(s.chess960 || start.Chess960())
	s.g = game.New(&start)
	s.mu.Unlock()
}

// setBoard handles "setboard FEN".
func (s *Server) setBoard(fen, line string) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		s.out.Println("Error (illegal position): " + line)
		s.out.Println("# " + err.Error())
		return
	}
	s.abort()
	s.mu.Lock()
	pos.SetChess960(s.chess960 || pos.Chess960())
	s.g = game.New(pos)
	s.gameOver = false
	s.mu.Unlock()
	s.restartAnalysis()
}

// userMove plays the opponent's move and, if it is then the engine's turn,
// starts thinking (or, in analysis, analyses the new position).
func (s *Server) userMove(text, line string) {
	s.abort()
	s.mu.Lock()
	if _, err := s.g.PlayString(text); err != nil || text == "" {
		s.mu.Unlock()
		s.out.Println("Illegal move: " + text)
		return
	}
	text, over := claim(s.g)
	analyzing, playing := s.analyze, !s.force && !s.gameOver
	if over && playing && !analyzing {
		s.gameOver = true
		s.out.Println(text)
	}
	think := analyzing || playing && !over && s.g.SideToMove() == s.side
	s.mu.Unlock()
	if think {
		s.think()
	}
}

// takeBack handles undo (one ply) and remove (two plies).
func (s *Server) takeBack(cmd, line string) {
	n := 1
	if cmd == "remove" {
		n = 2
	}
	s.abort()
	s.mu.Lock()
	if s.g.Ply() < n {
		s.mu.Unlock()
		s.out.Println("Error (no move to take back): " + line)
		return
	}
	for range n {
		s.g.Undo()
	}
	s.gameOver = false
	s.mu.Unlock()
	s.restartAnalysis()
}

// argText returns the text of line after its command word, as typed (a
// path may hold spaces).
func argText(line string) string {
	line = strings.TrimSpace(line)
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		return strings.TrimSpace(line[i:])
	}
	return ""
}

// setting handles level, st, sd, nps, time and otim.
func (s *Server) setting(cmd string, args []string, line string) {
	bad := func(err error) { s.out.Printf("Error (%v): %s\n", err, line) }
	s.mu.Lock()
	defer s.mu.Unlock()
	switch cmd {
	case "level":
		tc, err := clock.ParseLevel(args)
		if err != nil {
			bad(err)
			return
		}
		s.tc.TimeControl, s.tc.haveClock = tc, false
	case "st":
		d, err := parseMoveTime(strings.Join(args, ""))
		if err != nil || d <= 0 {
			bad(errors.New("bad seconds per move"))
			return
		}
		s.tc.TimeControl = clock.TimeControl{MoveTime: d}
	case "sd":
		d, err := strconv.Atoi(strings.Join(args, ""))
		if err != nil || d < 0 {
			bad(errors.New("bad depth"))
			return
		}
		s.tc.depth = d
	case "time", "otim":
		d, err := parseCentiseconds(args)
		if err != nil {
			bad(err)
			return
		}
		if cmd == "time" {
			s.tc.mine, s.tc.haveClock = d, true
		} else {
			s.tc.theirs = d
		}
	case "nps":
		n, err := parseNodeRate(args)
		if err != nil {
			bad(err)
			return
		}
		s.tc.nps = n
	}
}

// analyzing reports whether analysis mode is on.
func (s *Server) analyzing() bool { s.mu.Lock(); defer s.mu.Unlock(); return s.analyze }

// restartAnalysis starts a new analysis search if analysis mode is on.
func (s *Server) restartAnalysis() {
	if s.analyzing() {
		s.think()
	}
}
