package xboard

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"ox88/chess"
	"ox88/clock"
	"ox88/engine"
	"ox88/game"
)

// maxLine bounds one input line; a longer line is dropped whole.
const maxLine = 1 << 16

// features is the answer to "protover 2". done=1 comes last: the GUI waits
// for it before going on.
const features = `feature myname="ox88" setboard=1 usermove=1 ping=1 san=0 colors=0 ` +
	`sigint=0 sigterm=0 analyze=1 memory=1 debug=1 playother=1 time=1 reuse=1 ` +
	`draw=0 variants="normal,fischerandom" done=1`

// Server is one CECP session: the game, whose side the engine plays, the
// time control, and the output.
type Server struct {
	eng *engine.Engine

	outMu sync.Mutex
	out   *bufio.Writer

	mu       sync.Mutex  // guards everything below
	g        *game.Game  // the game: its moves, the current position, the rules' outcome
	force    bool        // play no side, just record moves
	side     chess.Color // the side the engine plays when not in force mode
	post     bool        // write thinking lines
	analyze  bool
	gameOver bool // a result was reached or received: think no more until new
	chess960 bool // variant fischerandom, until the next new: castling is written O-O, O-O-O
	tc       timeControl
	hashMB   int           // a memory command not yet applied (0: none)
	cur      *searchRecord // the running or last search
}

// NewServer returns a session that drives eng and writes to out.
func NewServer(eng *engine.Engine, out io.Writer) *Server {
	s := &Server{eng: eng, out: bufio.NewWriter(out), g: game.New(nil), side: chess.Black}
	eng.OnInfo(s.info)
	eng.OnBestMove(s.bestMove)
	return s
}

// Run serves a CECP session with a new engine until quit or end of input.
func Run(in io.Reader, out io.Writer) error {
	return NewServer(engine.New(), out).Serve(in)
}

// Serve reads commands until quit or the end of input, then aborts any
// search and returns. Only a read error other than end of input is returned.
func (s *Server) Serve(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), maxLine)
	for sc.Scan() {
		if !s.Handle(sc.Text()) {
			break
		}
	}
	err := sc.Err()
	if errors.Is(err, bufio.ErrTooLong) {
		s.println("Error (line too long): the rest of the input is ignored")
	}
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
		"ics", "hint", "bk", "draw", "nopost", "post", "hard", "easy", ".", "cores",
		"egtpath", "option", "white", "black":
		s.simple(cmd)
	case "protover":
		s.println(features)
	case "ping":
		s.println("pong " + strings.Join(args, " "))
	case "new":
		s.abort()
		s.mu.Lock()
		s.g = game.New(nil)
		s.force, s.side, s.gameOver, s.chess960 = false, chess.Black, false, false
		s.tc.depth = 0
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
		s.force, s.side = false, s.sideToMove()
		s.mu.Unlock()
		s.think()
	case "playother":
		s.abort()
		s.mu.Lock()
		s.force, s.side = false, s.sideToMove().Other()
		s.mu.Unlock()
	case "?":
		s.moveNow()
	case "usermove":
		s.userMove(strings.Join(args, " "), line)
	case "setboard":
		s.setBoard(strings.Join(args, " "), line)
	case "undo", "remove":
		s.takeBack(cmd, line)
	case "level", "st", "sd", "time", "otim", "memory":
		s.setting(cmd, args, line)
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
		s.println("Error (unknown command): " + line)
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

// sideToMove returns the side to move in the game. s.mu must be held.
func (s *Server) sideToMove() chess.Color {
	pos := s.g.Position()
	return pos.SideToMove()
}

// setVariant handles "variant normal|fischerandom", which comes after new
// and before the first move or setboard. For fischerandom, xboard then
// sends the start position by setboard (X-FEN or Shredder-FEN); until it
// does, the game starts from the standard array (Chess960 number 518).
func (s *Server) setVariant(args []string, line string) {
	if len(args) != 1 || args[0] != "normal" && args[0] != "fischerandom" {
		s.println("Error (unsupported variant): " + line)
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
		s.println("Error (illegal position): " + line)
		s.println("# " + err.Error())
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
		s.println("Illegal move: " + text)
		return
	}
	text, over := claim(s.g)
	analyzing, playing := s.analyze, !s.force && !s.gameOver
	if over && playing && !analyzing {
		s.gameOver = true
		s.println(text)
	}
	think := analyzing || playing && !over && s.sideToMove() == s.side
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
		s.println("Error (no move to take back): " + line)
		return
	}
	for range n {
		s.g.Undo()
	}
	s.gameOver = false
	s.mu.Unlock()
	s.restartAnalysis()
}

// setting handles level, st, sd, time, otim and memory.
func (s *Server) setting(cmd string, args []string, line string) {
	bad := func(err error) { s.println(fmt.Sprintf("Error (%v): %s", err, line)) }
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
		d, err := clock.ParseTime(strings.Join(args, ""))
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
	case "memory":
		mb, err := strconv.Atoi(strings.Join(args, ""))
		if err != nil || mb < 1 {
			bad(errors.New("bad memory size"))
			return
		}
		// Applied by think, when no search runs: resizing waits for
		// the search, and an analysis never ends by itself.
		s.hashMB = mb
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

// println writes one line and flushes.
func (s *Server) println(line string) {
	s.outMu.Lock()
	s.out.WriteString(line)
	s.out.WriteByte('\n')
	s.out.Flush()
	s.outMu.Unlock()
}
