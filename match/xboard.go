package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
)

// xboardPlayer drives an engine through the Chess Engine Communication
// Protocol, version 2 (xboard/WinBoard). The engine is kept in force mode
// except while it thinks: each move request sends the moves it has not
// seen, its clocks, and "go"; after its move, "force" again. So the engine
// never thinks on its own, and the runner alone decides whose turn it is.
type xboardPlayer struct {
	cfg      *engineConfig
	p        *process
	timeout  time.Duration
	features map[string]string
	options  map[string]bool // the options the engine declared
	sent     int             // moves of the current game the engine knows
	forced   bool            // the engine is in force mode
	pingN    int
	broken   bool
}

// featureWait is how long an engine has to say "feature done=1" when it
// never said "done=0" (the protocol's two seconds).
const featureWait = 2 * time.Second

// startXboard starts the engine, reads its features and sends the options.
func startXboard(ctx context.Context, cfg *engineConfig, timeout time.Duration, log io.Writer) (*xboardPlayer, error) {
	p, err := startProcess(cfg, log)
	if err != nil {
		return nil, err
	}
	x := &xboardPlayer{cfg: cfg, p: p, timeout: timeout, features: map[string]string{}, options: map[string]bool{}}
	p.send("xboard")
	p.send("protover 2")
	wait := featureWait
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for done := false; !done; {
		line, err := waitLine(ctx, p, deadline.C)
		if errors.Is(err, errDeadline) {
			break // a protocol-1 engine, or one that forgot done=1
		}
		if err != nil {
			p.kill()
			return nil, fmt.Errorf("engine %s: during feature negotiation: %v (%s)", cfg.Name, err, p.exitStatus())
		}
		if !strings.HasPrefix(line, "feature ") {
			continue
		}
		for _, kv := range parseFeatures(strings.TrimPrefix(line, "feature ")) {
			x.features[kv[0]] = kv[1]
			if kv[0] == "option" {
				// "NAME -type ...": the engine declares an option.
				name, _, _ := strings.Cut(kv[1], " -")
				x.options[strings.TrimSpace(name)] = true
			}
			if kv[0] == "done" {
				if kv[1] == "1" {
					done = true
				} else {
					// done=0: the engine needs more time to start.
					deadline.Reset(timeout)
				}
			}
			p.send("accepted %s", kv[0])
		}
	}
	for _, o := range cfg.Options {
		// Some engines exit on an option they do not know (HoiChess:
		// "Illegal option"), so only declared options are sent.
		if !x.options[o.Name] {
			fmt.Fprintf(stderrSink, "ox88 match: engine %s does not declare option %q; not sent\n", cfg.Name, o.Name)
			continue
		}
		p.send("option %s=%s", o.Name, o.Value)
	}
	return x, nil
}

// parseFeatures splits a feature line into name/value pairs; values may be
// quoted and contain spaces.
func parseFeatures(s string) [][2]string {
	var out [][2]string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			break
		}
		name := strings.TrimSpace(s[:eq])
		s = s[eq+1:]
		var value string
		if strings.HasPrefix(s, `"`) {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				value, s = s[1:], ""
			} else {
				value, s = s[1:end+1], s[end+2:]
			}
		} else {
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			value, s = s[:end], s[end:]
		}
		out = append(out, [2]string{name, value})
	}
	return out
}

func (x *xboardPlayer) feature(name string) bool { return x.features[name] == "1" }

func (x *xboardPlayer) alive() bool {
	if x.broken {
		return false
	}
	return x.p.running()
}

// canSetBoard reports whether the engine accepts positions by FEN.
func (x *xboardPlayer) canSetBoard() bool { return x.feature("setboard") }

func (x *xboardPlayer) newGame(ctx context.Context, start string, limits gameLimits) error {
	x.p.send("new")
	if x.cfg.chess960 {
		if !slices.Contains(strings.Split(x.features["variants"], ","), "fischerandom") {
			return fmt.Errorf("engine %s %w: it does not play fischerandom (feature variants=%q)", x.cfg.Name, errCannotSetUp, x.features["variants"])
		}
		x.p.send("variant fischerandom")
	}
	x.p.send("force")
	x.forced = true
	x.p.send("easy") // no pondering: the runner's clocks assume none
	x.p.send("post") // thinking output, for scores in the PGN
	switch {
	case limits.HasClock():
		x.p.send("%s", limits.Level())
	case limits.MoveTime > 0:
		x.p.send("st %d", max(1, int(limits.MoveTime.Round(time.Second)/time.Second)))
	}
	if limits.Depth > 0 {
		x.p.send("sd %d", limits.Depth)
	}
	if start != chess.StartFEN {
		if !x.canSetBoard() {
			return fmt.Errorf("engine %s %w (setboard=0): use a PGN opening book", x.cfg.Name, errCannotSetUp)
		}
		x.p.send("setboard %s", start)
	}
	x.sent = 0
	return x.ping(ctx)
}

// ping waits for the engine to process everything sent so far, when it
// supports ping; stale output before the pong is dropped.
func (x *xboardPlayer) ping(ctx context.Context) error {
	if !x.feature("ping") {
		return nil
	}
	x.pingN++
	want := fmt.Sprintf("pong %d", x.pingN)
	x.p.send("ping %d", x.pingN)
	if err := waitFor(ctx, x.p, x.timeout, func(l string) bool { return strings.TrimSpace(l) == want }); err != nil {
		x.broken = true
		return fmt.Errorf("engine %s: no %q: %w (%s)", x.cfg.Name, want, err, x.p.exitStatus())
	}
	return nil
}

// centis converts a clock reading to the protocol's centiseconds.
func centis(d time.Duration) int64 { return max(d.Milliseconds()/10, 1) }

func (x *xboardPlayer) move(ctx context.Context, req *moveRequest) (moveReply, error) {
	if !x.forced {
		x.p.send("force")
		x.forced = true
	}
	for ; x.sent < len(req.moves); x.sent++ {
		mv := req.moves[x.sent]
		switch san := req.sans[x.sent]; {
		case x.feature("san"):
			mv = san
		case x.cfg.chess960 && strings.HasPrefix(san, "O-O"):
			mv = strings.TrimRight(san, "+#") // xboard's Chess960 castling
		}
		if x.feature("usermove") {
			x.p.send("usermove %s", mv)
		} else {
			x.p.send("%s", mv)
		}
	}
	if req.limits.HasClock() {
		own, opp := req.times.WTime, req.times.BTime
		if req.pos.SideToMove() == chess.Black {
			own, opp = opp, own
		}
		x.p.send("time %d", centis(own))
		x.p.send("otim %d", centis(opp))
	}
	started := time.Now()
	x.p.send("go")
	x.forced = false
	timer := time.NewTimer(req.deadline)
	defer timer.Stop()
	var info searchInfo
	for {
		line, err := waitLine(ctx, x.p, timer.C)
		if err != nil {
			elapsed := time.Since(started)
			// The engine's state is unknown now: restart it for the next game.
			x.broken = true
			return moveReply{info: info, elapsed: elapsed}, err
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "move" && len(f) > 1:
			elapsed := time.Since(started)
			x.p.send("force")
			x.forced = true
			x.sent = len(req.moves) + 1
			return moveReply{move: f[1], info: info, elapsed: elapsed}, nil
		case f[0] == "resign":
			x.p.send("force")
			x.forced = true
			return moveReply{resign: true, info: info, elapsed: time.Since(started)}, nil
		case len(f) >= 4 && isInt(f[0]):
			parseThinking(f, &info)
		}
	}
}

// isInt reports whether s is a decimal integer (thinking lines start with
// the depth, possibly followed by a '.' or '&' in some engines: trimmed).
func isInt(s string) bool {
	_, err := strconv.Atoi(strings.TrimRight(s, ".&"))
	return err == nil
}

// parseThinking reads "ply score time nodes pv" thinking output.
func parseThinking(f []string, info *searchInfo) {
	depth, _ := strconv.Atoi(strings.TrimRight(f[0], ".&"))
	score, err := strconv.Atoi(f[1])
	if err != nil {
		return
	}
	nodes, _ := strconv.ParseUint(f[3], 10, 64)
	info.depth, info.nodes, info.hasScore = depth, nodes, true
	info.score, info.mate = score, 0
	// xboard's mate convention: 100000+N for mate in N moves, -100000-N
	// for being mated (some engines count plies or subtract instead).
	if score >= xboardMateThreshold || score <= -xboardMateThreshold {
		n := abs(abs(score) - xboardMate)
		info.mate = max(n, 1)
		if score < 0 {
			info.mate = -info.mate
		}
		info.score = mateScore(info.mate)
	}
}

// xboardMate is the base of xboard's mate scores; scores beyond
// xboardMateThreshold in size are read as mates.
const (
	xboardMate          = 100000
	xboardMateThreshold = 90000
)

func (x *xboardPlayer) gameOver(result, reason string) {
	if x.alive() {
		x.p.send("result %s {%s}", result, reason)
		x.p.send("force")
		x.forced = true
	}
}

func (x *xboardPlayer) quit() { x.p.quit("quit") }
