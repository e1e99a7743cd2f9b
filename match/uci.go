package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"ox88/chess"
)

// uciPlayer drives an engine through the Universal Chess Interface.
type uciPlayer struct {
	cfg     *engineConfig
	p       *process
	timeout time.Duration // for the handshake and isready
	broken  bool          // out of step with the protocol: restart it
}

// warned holds the warnings already given (warnOnce).
var warned sync.Map

// warnOnce writes a warning to stderrSink the first time key is seen: an
// engine restarted, or played by several workers, is warned about once.
func warnOnce(key, format string, args ...any) {
	if _, seen := warned.LoadOrStore(key, true); !seen {
		fmt.Fprintf(stderrSink, format, args...)
	}
}

// stopGrace is how long an engine that overran its deadline has to answer
// "stop" with its bestmove before it is killed and restarted.
const stopGrace = time.Second

// startUCI starts the engine, does the uci/uciok handshake and sends the
// options.
func startUCI(ctx context.Context, cfg *engineConfig, timeout time.Duration, log io.Writer) (*uciPlayer, error) {
	p, err := startProcess(cfg, log)
	if err != nil {
		return nil, err
	}
	u := &uciPlayer{cfg: cfg, p: p, timeout: timeout}
	p.send("uci")
	declared := map[string]bool{} // the options the engine declares, lower case
	var names []string
	if err := waitFor(ctx, p, timeout, func(l string) bool {
		if rest, ok := strings.CutPrefix(l, "option name "); ok {
			name, _, _ := strings.Cut(rest, " type ")
			name = strings.TrimSpace(name)
			declared[strings.ToLower(name)] = true
			names = append(names, name)
		}
		return l == "uciok"
	}); err != nil {
		p.kill()
		return nil, fmt.Errorf("engine %s: no uciok: %w (%s)", cfg.Name, err, p.exitStatus())
	}
	for _, o := range cfg.Options {
		// UCI engines ignore an option they do not know, so a misspelt
		// one would change nothing in silence: say so, once per engine.
		if !declared[strings.ToLower(o.Name)] {
			warnOnce(cfg.Name+"\x00"+o.Name, "ox88 match: engine %s declares no option %q (it has: %s); sent anyway\n",
				cfg.Name, o.Name, strings.Join(names, ", "))
		}
		p.send("setoption name %s value %s", o.Name, o.Value)
	}
	if err := u.sync(ctx); err != nil {
		p.kill()
		return nil, err
	}
	return u, nil
}

func (u *uciPlayer) alive() bool {
	if u.broken {
		return false
	}
	return u.p.running()
}

// sync sends isready and waits for readyok, dropping any stale output (a
// bestmove that came too late for the last game, say).
func (u *uciPlayer) sync(ctx context.Context) error {
	u.p.send("isready")
	if err := waitFor(ctx, u.p, u.timeout, func(l string) bool { return l == "readyok" }); err != nil {
		u.broken = true
		return fmt.Errorf("engine %s: no readyok: %w (%s)", u.cfg.Name, err, u.p.exitStatus())
	}
	return nil
}

func (u *uciPlayer) newGame(ctx context.Context, start string, limits gameLimits) error {
	u.p.send("ucinewgame")
	return u.sync(ctx)
}

func (u *uciPlayer) move(ctx context.Context, req *moveRequest) (moveReply, error) {
	var b strings.Builder
	b.WriteString("position ")
	if req.start == chess.StartFEN {
		b.WriteString("startpos")
	} else {
		b.WriteString("fen " + req.start)
	}
	if len(req.moves) > 0 {
		b.WriteString(" moves " + strings.Join(req.moves, " "))
	}
	u.p.send("%s", b.String())

	b.Reset()
	b.WriteString("go")
	l := req.limits
	if l.HasClock() {
		t := req.times
		fmt.Fprintf(&b, " wtime %d btime %d", t.WTime.Milliseconds(), t.BTime.Milliseconds())
		if t.WInc > 0 {
			fmt.Fprintf(&b, " winc %d binc %d", t.WInc.Milliseconds(), t.BInc.Milliseconds())
		}
		if mtg := t.MovesToGo; mtg > 0 {
			fmt.Fprintf(&b, " movestogo %d", mtg)
		}
	}
	if l.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", l.MoveTime.Milliseconds())
	}
	if l.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", l.Nodes)
	}
	if l.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", l.Depth)
	}
	if b.Len() == 2 {
		b.WriteString(" infinite") // never sent by the runner: it always sets a limit
	}
	started := time.Now()
	u.p.send("%s", b.String())

	timer := time.NewTimer(req.deadline)
	defer timer.Stop()
	var info searchInfo
	for {
		line, err := waitLine(ctx, u.p, timer.C)
		if err != nil {
			elapsed := time.Since(started)
			switch {
			case errors.Is(err, errDeadline):
				u.stopLate()
			case errors.Is(err, errAborted):
				u.broken = true // about to be killed; no time to wait for it
			}
			return moveReply{info: info, elapsed: elapsed}, err
		}
		switch {
		case strings.HasPrefix(line, "info "):
			parseUCIInfo(line, &info)
		case strings.HasPrefix(line, "bestmove"):
			elapsed := time.Since(started)
			f := strings.Fields(line)
			mv := ""
			if len(f) > 1 {
				mv = f[1]
			}
			return moveReply{move: mv, info: info, elapsed: elapsed}, nil
		}
	}
}

// stopLate sends stop to an engine that overran, and waits briefly for its
// bestmove; an engine that does not answer is marked for restart.
func (u *uciPlayer) stopLate() {
	u.p.send("stop")
	err := waitFor(context.Background(), u.p, stopGrace, func(l string) bool { return strings.HasPrefix(l, "bestmove") })
	if err != nil {
		u.broken = true
	}
}

func (u *uciPlayer) gameOver(result, reason string) {}

func (u *uciPlayer) quit() { u.p.quit("quit") }

// parseUCIInfo reads an info line into info: depth, score (cp or mate),
// nodes, and the telemetry words of "info string". A score marked
// lowerbound or upperbound is only a bound (an aspiration window failed),
// so it does not replace the last exact score.
func parseUCIInfo(line string, info *searchInfo) {
	f := strings.Fields(line)
	var score, mate int
	hasScore, bound := false, false
	defer func() {
		if hasScore && !bound {
			info.score, info.mate, info.hasScore = score, mate, true
		}
	}()
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			info.parseTelemetry(strings.Join(f[i+1:], " "))
			return
		case "pv":
			return // the rest is the line of play
		case "depth":
			if i+1 < len(f) {
				if n, err := strconv.Atoi(f[i+1]); err == nil {
					info.depth = n
				}
				i++
			}
		case "nodes":
			if i+1 < len(f) {
				if n, err := strconv.ParseUint(f[i+1], 10, 64); err == nil {
					info.nodes = n
				}
				i++
			}
		case "tbhits", "hashfull", "nps", "time", "seldepth", "multipv", "currmovenumber":
			i++
		case "lowerbound", "upperbound":
			bound = true
		case "score":
			if i+2 < len(f) {
				n, err := strconv.Atoi(f[i+2])
				if err == nil {
					switch f[i+1] {
					case "cp":
						score, mate, hasScore = n, 0, true
					case "mate":
						score, mate, hasScore = mateScore(n), n, true
					}
				}
				i += 2
			}
		}
	}
}

// mateValue is the centipawn value given to a reported mate for the
// adjudication rules: far beyond any material count.
const mateValue = 100000

// mateScore returns a centipawn stand-in for "mate in n" (negative n: the
// mover is mated), nearer mates scoring further from zero.
func mateScore(n int) int {
	switch {
	case n > 0:
		return mateValue - n
	case n < 0:
		return -mateValue - n
	}
	return -mateValue // "mate 0": the mover is mated now
}
