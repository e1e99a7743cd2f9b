package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"ox88/web"
)

func init() {
	commands["web"] = command{"the browser game: play, watch the engine think, perft, profile, search tree", runWeb}
}

// webShutdownWait is how long Ctrl-C waits for open requests to finish.
const webShutdownWait = 3 * time.Second

// runWeb is `ox88 web`: it listens on --addr, prints the URL and serves the
// browser game until Ctrl-C.
func runWeb(args []string) int {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8088", "address to listen on (host:port; port 0 picks a free one)")
	searches := fs.Int("searches", 2, "CPU-bound jobs (searches, perft, bench) that run at once")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: ox88 web [--addr 127.0.0.1:8088] [--searches N]\n\nServes the browser game and prints its URL; everything it needs is inside\nthe binary. Ctrl-C stops it.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ox88 web:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveWeb(ctx, ln, *searches, os.Stdout)
}

// serveWeb serves the browser game on ln until ctx ends (Ctrl-C), after
// printing its URL to out.
func serveWeb(ctx context.Context, ln net.Listener, searches int, out io.Writer) int {
	srv := web.New(web.Config{MaxSearches: searches})
	defer srv.Close()
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(out, "ox88 web: serving the browser game at http://%s/\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(os.Stderr, "ox88 web:", err)
			return 1
		}
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), webShutdownWait)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}
	return 0
}
