package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"ox88/book"
	"ox88/search"
	"ox88/syzygy"
	"ox88/web"
)

func init() {
	commands["web"] = command{"the browser game: play, watch the engine think, perft, profile, search tree", runWeb}
}

// gnuchessBook is where Debian's gnuchess-book package puts its Polyglot
// book; the analysis board's explorer shows it when no --book is given.
const gnuchessBook = "/usr/share/games/gnuchess/book.bin"

// webShutdownWait is how long Ctrl-C waits for open requests to finish.
const webShutdownWait = 3 * time.Second

// runWeb is `ox88 web`: it listens on --addr, prints the URL and serves the
// browser game until Ctrl-C.
func runWeb(args []string) int {
	fs := newFlagSet("web", "usage: ox88 web [--addr 127.0.0.1:8088] [--searches N] [--threads N] [--token] [--host NAME] [--book FILE] [--syzygy DIR]\n\n"+
		"Serves the browser game and prints its URL; everything it needs is inside\nthe binary. "+
		"Bound to anything but loopback, the URL carries a random token\n(?token=...) that every request of the page must bring. Ctrl-C stops it.")
	addr := fs.String("addr", "127.0.0.1:8088", "address to listen on (host:port; port 0 picks a free one)")
	searches := fs.Int("searches", 2, "CPU-bound jobs (searches, perft, bench) that run at once")
	threads := fs.Int("threads", 0, "search threads of each engine (0: the cores shared among the --searches jobs, at least 1)")
	token := fs.Bool("token", false, "ask for the start-up token on loopback too (beyond loopback it is always asked for)")
	bookFile := fs.String("book", "", "a Polyglot opening book for the analysis board's explorer (default: gnuchess-book's "+gnuchessBook+" when installed)")
	syzygyPath := fs.String("syzygy", "", "directories of Syzygy tables (.rtbw, .rtbz), separated by "+string(os.PathListSeparator)+": the engines probe them and the analysis board shows their verdict")
	var hosts hostList
	fs.Var(&hosts, "host", "a name of this machine that requests may be addressed to (repeatable; the listen address always may)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *threads < 0 || *threads > search.MaxThreads {
		return badUsage("web", "--threads %d: want 1 to %d, or 0 for the cores shared among the jobs", *threads, search.MaxThreads)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return runError("web", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := web.Config{MaxSearches: *searches, Threads: *threads, Hosts: hosts}
	name := *bookFile
	if _, err := os.Stat(gnuchessBook); name == "" && err == nil {
		name = gnuchessBook
	}
	if name != "" {
		b, err := book.Open(name)
		if err != nil {
			return runError("web", fmt.Errorf("--book: %w", err))
		}
		cfg.Book, cfg.BookName = b, name
	}
	if *syzygyPath != "" {
		tb, err := syzygy.Open(*syzygyPath)
		if err != nil {
			return runError("web", fmt.Errorf("--syzygy: %w", err))
		}
		cfg.Tablebases = tb
	}
	if *token {
		cfg.Token = web.NewToken()
	}
	return serveWeb(ctx, ln, cfg, os.Stdout)
}

// hostList is the repeatable --host flag.
type hostList []string

func (h *hostList) String() string     { return strings.Join(*h, ",") }
func (h *hostList) Set(v string) error { *h = append(*h, v); return nil }

// serveWeb serves the browser game with cfg on ln until ctx ends (Ctrl-C),
// after printing its URL to out.
func serveWeb(ctx context.Context, ln net.Listener, cfg web.Config, out io.Writer) int {
	cfg.Addr = ln.Addr().String()
	srv := web.New(cfg)
	defer srv.Close()
	hs := srv.HTTPServer()
	fmt.Fprintf(out, "ox88 web: serving the browser game at %s\n", srv.URL())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return runError("web", err)
		}
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), webShutdownWait)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}
	return 0
}
