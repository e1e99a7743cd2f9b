package uci

import (
	"io"
	"strings"
	"sync"

	"ox88/book"
	"ox88/chess"
	"ox88/engine"
	"ox88/internal/lineio"
	"ox88/internal/version"
	"ox88/nnue"
	"ox88/search"
)

// maxLine bounds one input line. The longest sane line is a position
// command with a whole game's moves (a thousand plies is about 5 KB); a
// longer line is dropped whole rather than read into memory without end.
const maxLine = 1 << 20

// Server is one UCI session: an engine, the position the GUI last set, the
// option values, and the output.
type Server struct {
	eng *engine.Engine
	out *lineio.Writer

	// Used on the reader goroutine only.
	start        chess.Position // the last good position command: its start
	moves        []chess.Move   // and its moves
	opts         options
	book         *book.Book
	bookPath     string    // the file book was read from
	net          *nnue.Net // EvalFile's network (nil: the embedded one)
	threadsDirty bool      // Threads changed while a search ran: apply before the next go
	hashDirty    bool      // Hash changed while a search ran: apply before the next go
	clearHash    bool      // Clear Hash pressed while a search ran
	maxHashMB    int       // the cap on Hash: engine.MaxHashMB (tests lower it)
	maxThreads   int       // the cap on Threads: search.MaxThreads (tests lower it)
	perftCur     *perftRun // the last go perft started, or nil

	mu  sync.Mutex    // guards cur and what it points to
	cur *searchRecord // the last search started, or nil
}

// NewServer returns a session that drives eng and writes to out. It
// installs its own callbacks on eng.
func NewServer(eng *engine.Engine, out io.Writer) *Server {
	s := &Server{eng: eng, out: lineio.NewWriter(out), opts: defaultOptions(), maxHashMB: engine.MaxHashMB, maxThreads: search.MaxThreads}
	s.start = *chess.StartPosition()
	eng.OnInfo(s.info)
	eng.OnBestMove(s.bestMove)
	return s
}

// Run serves a UCI session with a new engine until quit or the end of in.
func Run(in io.Reader, out io.Writer) error {
	return NewServer(engine.New(), out).Serve(in)
}

// Serve reads commands from in until quit or the end of input, then stops
// any search, waits for its bestmove and returns. Only a read error other
// than the end of input is returned. A line longer than maxLine is dropped
// whole: a GUI never sends one.
func (s *Server) Serve(in io.Reader) error {
	err := lineio.Serve(in, maxLine, s.Handle, nil)
	s.stopPerft()
	s.finishSearch()
	return err
}

// Handle runs one command line and reports whether the session goes on
// (false after quit). Words before the first known command are skipped,
// as the protocol asks; a line with no known command gets Stockfish's
// answer, "Unknown command: 'LINE'. Type help for more information.",
// which a GUI ignores as it does every line that starts with a word it
// does not know. Empty lines and lines starting with # are ignored.
func (s *Server) Handle(line string) bool {
	f := strings.Fields(line)
	for len(f) > 0 && !isCommand(f[0]) {
		f = f[1:]
	}
	if len(f) == 0 {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			s.out.Printf("Unknown command: '%s'. Type help for more information.\n", line)
		}
		return true
	}
	cmd, args := f[0], f[1:]
	switch cmd {
	case "uci":
		s.uci()
	case "isready":
		s.out.Println("readyok")
	case "debug", "register":
		// Accepted and ignored: there is no debug output, no registration.
	case "setoption":
		s.setOption(args)
	case "ucinewgame":
		s.stopPerft()
		s.finishSearch()
		s.applyPending()
		s.eng.NewGame()
	case "position":
		s.position(args)
	case "go":
		s.goCmd(args)
	case "stop":
		s.stopPerft()
		s.stop()
	case "ponderhit":
		s.ponderHit()
	case "d":
		pos := s.current()
		s.out.Println(pos.Board())
		s.out.Printf("Fen: %s\nKey: %016x\n", pos.FEN(), pos.Key())
	case "eval":
		s.eval()
	case "help":
		s.out.Printf("%s", helpText)
	case "quit":
		return false
	}
	return true
}

// isCommand reports whether w is a command Handle knows.
func isCommand(w string) bool {
	switch w {
	case "uci", "isready", "debug", "register", "setoption", "ucinewgame",
		"position", "go", "stop", "ponderhit", "d", "eval", "help", "quit":
		return true
	}
	return false
}

func (s *Server) uci() {
	s.out.Println("id name " + version.Name())
	s.out.Println("id author the ox88 authors")
	for _, o := range optionTable {
		s.out.Println(o.declare())
	}
	s.out.Println("uciok")
}

// current returns the position the last good position command set, in
// Chess960 notation when UCI_Chess960 is on (or its start position is
// Chess960 with the rooks off the corners: ParseFEN turns it on).
func (s *Server) current() chess.Position {
	pos := s.start
	if s.opts.chess960 {
		pos.SetChess960(true)
	}
	for _, m := range s.moves {
		pos.MakeMove(m)
	}
	return pos
}

// position handles "position startpos|fen FEN [moves m1 m2 ...]". On any
// error the previous position stays and the error is reported.
func (s *Server) position(args []string) {
	var start *chess.Position
	rest := args
	switch {
	case len(args) > 0 && args[0] == "startpos":
		start, rest = chess.StartPosition(), args[1:]
	case len(args) > 0 && args[0] == "fen":
		end := 1
		for end < len(args) && args[end] != "moves" {
			end++
		}
		fen := strings.Join(args[1:end], " ")
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			s.out.Printf("info string error: bad FEN %q: %v; position unchanged\n", fen, err)
			return
		}
		start, rest = pos, args[end:]
	default:
		s.out.Printf("info string error: position needs startpos or fen; position unchanged\n")
		return
	}
	var moves []chess.Move
	if len(rest) > 0 && rest[0] == "moves" {
		pos := *start
		for i, w := range rest[1:] {
			m, err := pos.ParseUCI(w)
			if err != nil {
				s.out.Printf("info string error: move %d %q is illegal in %s: %v; position unchanged\n", i+1, w, pos.FEN(), err)
				return
			}
			moves = append(moves, m)
			pos.MakeMove(m)
		}
	}
	s.start, s.moves = *start, moves
}
