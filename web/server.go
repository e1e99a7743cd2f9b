package web

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"ox88/book"
	"ox88/chess"
	"ox88/engine"
	"ox88/syzygy"
	"ox88/web/internal/wire"
	"ox88/web/lab"
)

//go:embed static
var staticFiles embed.FS

// Limits of the server. Each is a guard against one client taking the
// machine: the numbers are generous for a person and small for a script.
const (
	// maxBodyBytes caps a request body; a pasted PGN of a long game is a
	// few kilobytes, so 256 KiB leaves room for comments.
	maxBodyBytes = 256 << 10
	// defaultMaxSearches is how many CPU-bound jobs (engine searches,
	// perft, bench, profile, tree) run at once; more wait for a slot.
	defaultMaxSearches = 2
	// slotWait is how long a job waits for a free slot before it gets
	// 503 Service Unavailable.
	slotWait = 30 * time.Second
	// sessionIdle is how long an untouched session (a browser tab's game)
	// is kept.
	sessionIdle = 2 * time.Hour
	// maxSessions caps the sessions kept at once; past it the least
	// recently used one is dropped.
	maxSessions = 1000
	// defaultSessionBytes is what all sessions together may hold (their
	// games, scores and bookkeeping: session.bytes); past it the least
	// recently used are dropped. A game of 35,000 plies holds about 2.5 MB.
	defaultSessionBytes = 512 << 20
)

// Config sets up a Server. Zero fields take the defaults above.
type Config struct {
	MaxSearches int           // CPU-bound jobs at once (default defaultMaxSearches)
	Threads     int           // search threads of each engine (default: the cores shared among MaxSearches jobs, at least 1)
	Logger      *log.Logger   // where handler panics are reported (default: log.Default())
	SlotWait    time.Duration // how long a job waits for a slot (default slotWait)
	// SessionBytes is what all tabs' games may hold together (default
	// defaultSessionBytes); past it the least recently used go. Each
	// client's share is PerClient.SessionBytes.
	SessionBytes int64

	// The door (guard.go). Addr is the host:port the server listens on, as
	// its listener reports it; empty: each connection's local address.
	// Requests must be addressed to it, or to one of Hosts. Token, when
	// set, is required of every API request; empty: New makes one, required
	// only when Addr is not loopback. PerClient caps each remote IP.
	Addr      string
	Hosts     []string
	Token     string
	PerClient ClientLimits

	// Book is the opening book the analysis board's explorer shows (nil:
	// none), BookName its file.
	Book     *book.Book
	BookName string
	// Tablebases are the Syzygy tables the server's engines probe (nil:
	// none); the analysis board shows their verdict at the root.
	Tablebases *syzygy.Tablebases
}

// Server is the browser game: it holds the sessions (one per browser tab)
// and a pool of engines, and serves the page and its JSON and SSE API.
type Server struct {
	cfg      Config
	sessions *sessionStore
	slots    chan struct{}       // the semaphore of CPU-bound jobs
	engines  chan *engine.Engine // idle engines, reused between jobs
	mux      *http.ServeMux

	review reviewer // game review: reviewGame (tests put a fake in)

	token   string       // the token API requests carry when one is asked for
	clients *clientTable // what each client holds, against Config.PerClient
}

// New returns a Server with cfg.
func New(cfg Config) *Server {
	if cfg.MaxSearches <= 0 {
		cfg.MaxSearches = defaultMaxSearches
	}
	if cfg.Threads <= 0 {
		cfg.Threads = max(1, runtime.NumCPU()/cfg.MaxSearches)
	}
	if cfg.SlotWait <= 0 {
		cfg.SlotWait = slotWait
	}
	if cfg.Logger == nil {
		cfg.Logger = log.Default()
	}
	if cfg.SessionBytes <= 0 {
		cfg.SessionBytes = defaultSessionBytes
	}
	s := &Server{
		cfg:      cfg,
		sessions: newSessionStore(sessionIdle, maxSessions, cfg.SessionBytes),
		slots:    make(chan struct{}, cfg.MaxSearches),
		engines:  make(chan *engine.Engine, cfg.MaxSearches),
		mux:      http.NewServeMux(),
		token:    cfg.Token,
		clients:  newClientTable(cfg.PerClient),
		review:   reviewGame,
	}
	if s.token == "" {
		s.token = NewToken()
	}
	s.routes()
	return s
}

// routes registers every handler. Unknown paths fall to notFound.
func (s *Server) routes() {
	static, _ := fs.Sub(staticFiles, "static")
	files := http.FileServerFS(static)
	s.mux.Handle("GET /{$}", files)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", files))

	s.mux.HandleFunc("POST /api/new", s.handleNew)
	s.mux.HandleFunc("GET /api/state", s.handleState)
	s.mux.HandleFunc("POST /api/move", s.handleMove)
	s.mux.HandleFunc("POST /api/undo", s.handleUndo)
	s.mux.HandleFunc("POST /api/redo", s.handleRedo)
	s.mux.HandleFunc("POST /api/goto", s.handleGoTo)
	s.mux.HandleFunc("POST /api/settings", s.handleSettings)
	s.mux.HandleFunc("POST /api/import", s.handleImport)
	s.mux.HandleFunc("POST /api/resign", s.handleResign)
	s.mux.HandleFunc("GET /api/think", s.handleThink)
	s.mux.HandleFunc("POST /api/movenow", s.handleMoveNow)
	s.mux.HandleFunc("GET /api/values", s.handleValues)
	s.mux.HandleFunc("GET /api/review", s.handleReview)
	s.mux.HandleFunc("POST /api/practice", s.handlePractice)
	s.mux.HandleFunc("GET /api/analyse", s.handleAnalyse)
	s.mux.HandleFunc("GET /api/book", s.handleBook)

	lab.Register(s.mux, labHost{s})

	s.mux.HandleFunc("/", s.notFound)
}

// ServeHTTP serves a request, turning a panic in any handler into a 500
// with a JSON message: one bad request never takes the server down.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.cfg.Logger.Printf("web: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			wire.Error(w, http.StatusInternalServerError, "internal error")
		}
	}()
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	}
	// The page loads nothing from elsewhere, and the browser is told to
	// refuse it if it ever tried.
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer") // the token never leaves in a Referer
	release, ok := s.admit(w, r)
	if !ok {
		return
	}
	defer release()
	s.mux.ServeHTTP(w, r)
}

// Close ends the session janitor. Running searches end with their requests.
func (s *Server) Close() { s.sessions.close() }

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		wire.Error(w, http.StatusNotFound, fmt.Sprintf("no such API route: %s %s", r.Method, r.URL.Path))
		return
	}
	wire.Error(w, http.StatusNotFound, "not found: "+r.URL.Path)
}

// contentSecurityPolicy allows only this server's own scripts, styles and
// connections (inline style attributes are how the SVG board is drawn).
const contentSecurityPolicy = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

// acquire takes a job slot and an engine (with Config.Threads threads) for
// a request whose context is ctx, waiting up to Config.SlotWait or until
// ctx ends. When every slot stays taken it answers w 503 and returns false;
// when ctx ends first it returns false without an answer (no one listens).
// release gives both back.
func (s *Server) acquire(w http.ResponseWriter, ctx context.Context) (*engine.Engine, bool) {
	t := time.NewTimer(s.cfg.SlotWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, false
	case <-t.C:
		wire.Error(w, http.StatusServiceUnavailable, "the server is busy with other searches; try again in a moment")
		return nil, false
	}
	select {
	case e := <-s.engines:
		return e, true
	default:
		e := engine.New()
		e.SetThreads(s.cfg.Threads)
		if s.cfg.Tablebases != nil {
			e.SetTablebases(s.cfg.Tablebases)
		}
		return e, true
	}
}

// release gives back the job slot and the engine of an acquire.
func (s *Server) release(e *engine.Engine) {
	if e != nil {
		e.OnInfo(nil)
		e.OnBestMove(nil)
		select {
		case s.engines <- e:
		default:
		}
	}
	<-s.slots
}

// labHost lends the lab (package lab) the server's job slots, engines and
// the tabs' games.
type labHost struct{ s *Server }

func (h labHost) Acquire(w http.ResponseWriter, r *http.Request) (*engine.Engine, bool) {
	return h.s.acquire(w, r.Context())
}

func (h labHost) Release(e *engine.Engine) { h.s.release(e) }

func (h labHost) TabPosition(w http.ResponseWriter, sid string) (*chess.Position, bool) {
	pos, ok := h.s.tabPosition(w, sid)
	if !ok {
		return nil, false
	}
	return &pos, true
}
