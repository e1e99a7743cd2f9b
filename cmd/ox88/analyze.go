package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"ox88/engine"
	"ox88/game"
	"ox88/internal/version"
	"ox88/review"
	"ox88/search"
)

func init() {
	commands["analyze"] = command{"review games: mark inaccuracies, mistakes and blunders; annotated PGN out", runAnalyze}
}

// analyzeNodes is the default budget per position: a node count gives the
// same review on a busy machine as on an idle one.
const analyzeNodes = 200_000

func runAnalyze(args []string) int {
	fs := newFlagSet("analyze", "usage: ox88 analyze GAME.pgn [--movetime MS | --nodes N] [--out FILE] [--graph]\n\n"+
		"Evaluates every position of every game, marks inaccuracies (?!), mistakes (?) and\n"+
		"blunders (??) by the drop in winning chances, and writes the games as annotated PGN\n"+
		"(NAGs, [%eval] comments, the better line as a variation). Each side's accuracy and\n"+
		"marks go to standard error.")
	budget := addBudgetFlags(fs, "milliseconds per position",
		fmt.Sprintf("nodes per position (default %d unless --movetime)", analyzeNodes))
	out := fs.String("out", "", "write the annotated PGN to FILE instead of standard output, each game as it is finished (an interrupted run keeps them)")
	graph := fs.Bool("graph", false, "draw each game's evaluation graph on standard error")
	file, status, ok := parseFileArgs(fs, args)
	if !ok {
		return status
	}
	if status := budget.check("analyze"); status != 0 {
		return status
	}
	movetime, nodes := *budget.movetime, *budget.nodes
	lim := search.Limits{Nodes: nodes, MoveTime: time.Duration(movetime) * time.Millisecond}
	if movetime == 0 && nodes == 0 {
		lim.Nodes = analyzeNodes
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := engine.New()
	var w *analyzeOutput
	if *out != "" {
		w = &analyzeOutput{name: *out}
		defer w.close()
	}
	tty := isTerminal(os.Stderr)
	n := 0
	err := game.EachPGNGame(file, func(i int, g *game.Game) error {
		fmt.Fprintf(os.Stderr, "Game %d: %s - %s, %s, %d plies\n", i+1,
			g.Tag("White"), g.Tag("Black"), g.Result(), g.Len())
		start := time.Now()
		r, err := review.Analyze(ctx, e, g, lim, analyzeProgress(os.Stderr, tty, start))
		if tty {
			fmt.Fprint(os.Stderr, "\r\033[K")
		}
		if err != nil {
			return errInterrupted
		}
		fmt.Fprintf(os.Stderr, "Game %d reviewed in %s\n", i+1, time.Since(start).Round(100*time.Millisecond))
		r.WriteSummary(os.Stderr)
		if *graph {
			fmt.Fprint(os.Stderr, r.Graph())
		}
		r.Annotate()
		g.SetTag("Annotator", version.Name())
		text := g.PGN()
		if i > 0 {
			text = "\n" + text
		}
		n++
		if w == nil {
			fmt.Print(text)
			return nil
		}
		return w.write(text)
	})
	switch {
	case err == errInterrupted && n == 0:
		fmt.Fprintln(os.Stderr, "ox88 analyze: interrupted; nothing written")
		return 1
	case err == errInterrupted:
		fmt.Fprintf(os.Stderr, "ox88 analyze: interrupted; the %d games finished are written\n", n)
		return 1
	case err != nil && n > 0:
		fmt.Fprintf(os.Stderr, "ox88 analyze: %v (the %d games before it are written)\n", err, n)
		return 1
	case err != nil:
		return runError("analyze", err)
	}
	return 0
}

// errInterrupted ends the games' loop on Ctrl-C or SIGTERM.
var errInterrupted = errors.New("interrupted")

// analyzeOutput is --out: the file is made when the first game is
// finished (an analysis stopped before that leaves an old file as it
// was), and each finished game is appended and synced at once, so an
// interrupted or killed analysis keeps every game it finished.
type analyzeOutput struct {
	name string
	f    *os.File
}

func (w *analyzeOutput) write(text string) error {
	if w.f == nil {
		f, err := os.Create(w.name)
		if err != nil {
			return err
		}
		w.f = f
	}
	if _, err := w.f.WriteString(text); err != nil {
		return err
	}
	return w.f.Sync()
}

func (w *analyzeOutput) close() {
	if w.f != nil {
		w.f.Close()
	}
}

// analyzeProgress returns review.Analyze's progress callback: the
// positions done and the time the game still needs at the pace so far,
// on a terminal as one line redrawn after each position, elsewhere (a
// log) as a line every analyzeLogEvery.
func analyzeProgress(out io.Writer, tty bool, start time.Time) func(done, total int) {
	last := start
	return func(done, total int) {
		now := time.Now()
		if !tty && (now.Sub(last) < analyzeLogEvery || done == total) {
			return
		}
		last = now
		el := now.Sub(start)
		eta := time.Duration(0)
		if done > 0 {
			eta = el / time.Duration(done) * time.Duration(total-done)
		}
		line := fmt.Sprintf("  position %d of %d, %s, about %s to go", done, total, el.Round(time.Second), eta.Round(time.Second))
		if tty {
			fmt.Fprint(out, "\r\033[K"+line)
		} else {
			fmt.Fprintln(out, line)
		}
	}
}

// analyzeLogEvery spaces the progress lines when standard error is not a
// terminal.
const analyzeLogEvery = 10 * time.Second

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
