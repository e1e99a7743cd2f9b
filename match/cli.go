package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"ox88/chess"
	"ox88/clock"
)

// Usage is the help text of "ox88 match".
const Usage = `usage: ox88 match --engine cmd=PATH [name=N] [proto=uci|xboard] [args="A B"]
                  [option.NAME=VALUE ...] --engine ... [flags]

Plays engines against each other and reports W/D/L, Elo with a 95% interval,
LOS, pentanomial pair counts and, with --sprt, a sequential test. The last
two lines of each pairing are cutechess-cli's "Score of" and "Elo difference".

engines
  --engine KEY=VALUE...   one engine (give two or more): cmd= args= name= dir=
                          proto=uci|xboard option.NAME=VALUE
  --each KEY=VALUE...     settings shared by every engine (before or after)
  --tournament T          round-robin (default) or gauntlet (the first engine
                          against each of the others)
openings
  --openings FILE         EPD (positions) or .pgn (move sequences; needed for
                          engines that cannot set up a position, as fairymax)
  --order random|sequential   (default sequential)   --seed N   --plies N
                          each opening is played twice, colours swapped
  --variant standard|fischerandom   Chess960 (also "chess960"): UCI engines get
                          UCI_Chess960, xboard engines "variant fischerandom";
                          set by itself for a book of Chess960 positions
  --chess960 N[,N|N-M...] Chess960 start positions by number (0-959, 518 is
                          the standard array; 0-959 for all), as openings
limits (at least one)
  --tc [MOVES/]TIME[+INC]   clock, e.g. 10+0.1, 40/60, 2:00+1 (bare numbers are
                          seconds, as in cutechess-cli), or with units: 5m+3s, 40/5m
  --st SECONDS            fixed time per move (or --tc 5s/move)
  --nodes N               fixed nodes per move (UCI engines)
  --depth N               fixed depth per move
  --margin MS             clock tolerance in ms before a time loss (default 100)
  --timeout SECONDS       without a clock: a move taking longer stalls (default 60)
games
  --games N               games per pairing (default 2)
  --rounds N              pairs of games per pairing (sets --games 2N)
  --concurrency N         games at once (default 1)
adjudication
  --draw movenumber=N movecount=M score=CP
  --resign movecount=M score=CP [twosided=true]
  --maxmoves N
statistics
  --sprt elo0=E0 elo1=E1 alpha=A beta=B   normalised Elo, stops at a decision
output
  --pgnout FILE           append finished games (cutechess-cli tags and comments)
  --telemetry             comments {d= nodes= score= tt= bal= diff= time}
  --event NAME            the PGN Event tag
  --debug FILE            log every line to and from the engines
  --quiet                 no per-game lines
`

// Main runs "ox88 match" with args and returns the exit status. ctx ends
// the match early (Ctrl-C): the result so far is still printed.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer, progress io.Writer) int {
	cfg, files, err := ParseArgs(args)
	if err == errHelp {
		fmt.Fprint(stdout, Usage)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "ox88 match:", err)
		return 2
	}
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	cfg.Out = stdout
	if cfg.Quiet {
		cfg.Out = io.Discard
	}
	cfg.Progress = progress
	if err := cfg.Validate(); err != nil {
		fmt.Fprintln(stderr, "ox88 match:", err)
		return 2
	}
	if cfg.RandomOrder {
		fmt.Fprintf(stdout, "Openings in random order, seed %d\n", cfg.Seed)
	}
	res, err := Run(ctx, cfg)
	if res != nil {
		WriteReport(stdout, cfg, res)
	}
	if err != nil {
		fmt.Fprintln(stderr, "ox88 match:", err)
		return 1
	}
	if res.Interrupted {
		return 130
	}
	return 0
}

// errHelp asks for the usage text.
var errHelp = fmt.Errorf("help requested")

// openFiles are the files ParseArgs opened, to close after the match.
type openFiles []io.Closer

// ParseArgs reads the command line of "ox88 match" into a Config. Flags
// may start with one dash or two; KEY=VALUE lists follow --engine, --each,
// --draw, --resign and --sprt.
func ParseArgs(args []string) (*Config, openFiles, error) {
	cfg := &Config{Seed: uint64(time.Now().UnixNano())}
	var files openFiles
	var engines [][]string
	var each []string
	fail := func(err error) (*Config, openFiles, error) {
		for _, f := range files {
			f.Close()
		}
		return nil, nil, err
	}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if !strings.HasPrefix(arg, "-") {
			return fail(fmt.Errorf("unexpected argument %q", arg))
		}
		name := strings.TrimLeft(arg, "-")
		value, hasValue := "", false
		if k, v, ok := strings.Cut(name, "="); ok {
			name, value, hasValue = k, v, true
		}
		// list collects the KEY=VALUE words after a flag.
		list := func() []string {
			var out []string
			for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && strings.Contains(args[i+1], "=") {
				i++
				out = append(out, args[i])
			}
			return out
		}
		// next returns the flag's one value.
		next := func() (string, error) {
			if hasValue {
				return value, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("flag -%s needs a value", name)
			}
			i++
			return args[i], nil
		}
		var err error
		var v string
		switch name {
		case "h", "help":
			return fail(errHelp)
		case "engine":
			engines = append(engines, list())
		case "each":
			each = append(each, list()...)
		case "draw":
			err = parseDraw(list(), &cfg.Adjudication)
		case "resign":
			err = parseResign(list(), &cfg.Adjudication)
		case "sprt":
			cfg.SPRT, err = parseSPRT(list())
		case "telemetry":
			cfg.Telemetry = true
		case "quiet":
			cfg.Quiet = true
		default:
			if v, err = next(); err != nil {
				return fail(err)
			}
			err = cfg.setFlag(name, v, &files)
		}
		if err != nil {
			return fail(err)
		}
	}
	if cfg.openingsFile != "" && cfg.Openings != nil {
		return fail(errors.New("--openings and --chess960 exclude each other"))
	}
	base, err := ParseEngine(each, EngineConfig{})
	if err != nil {
		return fail(fmt.Errorf("--each: %w", err))
	}
	for _, fields := range engines {
		e, err := ParseEngine(fields, base)
		if err != nil {
			return fail(err)
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	return cfg, files, nil
}

// setFlag sets one single-valued flag.
func (cfg *Config) setFlag(name, v string, files *openFiles) error {
	var err error
	switch name {
	case "tournament":
		cfg.Tournament = v
	case "openings":
		cfg.openingsFile = v
	case "order":
		switch v {
		case "random":
			cfg.RandomOrder = true
		case "sequential":
			cfg.RandomOrder = false
		default:
			return fmt.Errorf("--order %q: want random or sequential", v)
		}
	case "variant":
		switch v {
		case "standard", "normal":
			cfg.Chess960 = false
		case "fischerandom", "chess960":
			cfg.Chess960 = true
		default:
			return fmt.Errorf("--variant %q: want standard or fischerandom", v)
		}
	case "chess960":
		cfg.Chess960 = true
		cfg.Openings, err = chess960Openings(v)
	case "seed":
		cfg.Seed, err = strconv.ParseUint(v, 10, 64)
	case "plies":
		cfg.openingPlies, err = atoiMin(v, 1)
	case "tc":
		var tc clock.TimeControl
		tc, err = clock.Parse(v)
		cfg.Limits.Moves, cfg.Limits.Base, cfg.Limits.Inc = tc.Moves, tc.Base, tc.Inc
		cfg.Limits.MoveTime = max(cfg.Limits.MoveTime, tc.MoveTime)
	case "st":
		cfg.Limits.MoveTime, err = clock.ParseTime(v)
	case "nodes":
		cfg.Limits.Nodes, err = strconv.ParseUint(v, 10, 64)
	case "depth":
		cfg.Limits.Depth, err = atoiMin(v, 1)
	case "margin":
		var ms int
		ms, err = atoiMin(v, 0)
		cfg.Margin = time.Duration(ms) * time.Millisecond
	case "timeout":
		cfg.HangTimeout, err = clock.ParseTime(v)
	case "games":
		cfg.Games, err = atoiMin(v, 1)
	case "rounds":
		var r int
		r, err = atoiMin(v, 1)
		cfg.Games = 2 * r
	case "concurrency":
		cfg.Concurrency, err = atoiMin(v, 1)
	case "maxmoves":
		cfg.Adjudication.MaxMoves, err = atoiMin(v, 1)
	case "pgnout":
		var f *os.File
		f, err = os.OpenFile(v, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err == nil {
			*files = append(*files, f)
			cfg.PGN = f
		}
	case "debug":
		var f *os.File
		f, err = os.Create(v)
		if err == nil {
			*files = append(*files, f)
			cfg.EngineLog = &lockedWriter{w: f}
		}
	case "event":
		cfg.Event = v
	default:
		return fmt.Errorf("unknown flag -%s (ox88 match -h lists them)", name)
	}
	if err != nil {
		return fmt.Errorf("-%s %s: %w", name, v, err)
	}
	return nil
}

// chess960Openings returns the Chess960 start positions a --chess960 list
// names: numbers and ranges ("518", "0-959", "1,5,100-110").
func chess960Openings(list string) ([]Opening, error) {
	var ops []Opening
	for _, part := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 0 || b < a || b >= chess.Chess960Positions {
			return nil, fmt.Errorf("%q is not a start position number or range in 0-%d", part, chess.Chess960Positions-1)
		}
		for n := a; n <= b; n++ {
			ops = append(ops, Opening{FEN: chess.Chess960Start(n).FEN()})
		}
	}
	return ops, nil
}

// atoiMin reads an integer of at least lo.
func atoiMin(s string, lo int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("not an integer")
	}
	if n < lo {
		return 0, fmt.Errorf("must be at least %d", lo)
	}
	return n, nil
}

// keyValues reads KEY=VALUE words into a map, refusing keys not in allowed.
func keyValues(flag string, words []string, allowed ...string) (map[string]string, error) {
	m := map[string]string{}
	for _, w := range words {
		k, v, _ := strings.Cut(w, "=")
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			return nil, fmt.Errorf("-%s: unknown setting %q (want %s)", flag, k, strings.Join(allowed, ", "))
		}
		m[k] = v
	}
	return m, nil
}

// parseDraw reads --draw movenumber=N movecount=M score=CP.
func parseDraw(words []string, a *Adjudication) error {
	m, err := keyValues("draw", words, "movenumber", "movecount", "score")
	if err != nil {
		return err
	}
	for k, v := range m {
		n, err := atoiMin(v, 0)
		if err != nil {
			return fmt.Errorf("-draw %s=%s: %w", k, v, err)
		}
		switch k {
		case "movenumber":
			a.DrawMoveNumber = n
		case "movecount":
			a.DrawMoveCount = n
		case "score":
			a.DrawScore = n
		}
	}
	if a.DrawMoveCount == 0 {
		return fmt.Errorf("-draw needs movecount=M")
	}
	return nil
}

// parseResign reads --resign movecount=M score=CP [twosided=true].
func parseResign(words []string, a *Adjudication) error {
	m, err := keyValues("resign", words, "movecount", "score", "twosided")
	if err != nil {
		return err
	}
	for k, v := range m {
		if k == "twosided" {
			a.ResignTwoSided, err = strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("-resign twosided=%s: want true or false", v)
			}
			continue
		}
		n, err := atoiMin(v, 1)
		if err != nil {
			return fmt.Errorf("-resign %s=%s: %w", k, v, err)
		}
		if k == "movecount" {
			a.ResignMoveCount = n
		} else {
			a.ResignScore = n
		}
	}
	if a.ResignMoveCount == 0 || a.ResignScore == 0 {
		return fmt.Errorf("-resign needs movecount=M and score=CP")
	}
	return nil
}

// parseSPRT reads --sprt elo0=E0 elo1=E1 alpha=A beta=B.
func parseSPRT(words []string) (*SPRT, error) {
	m, err := keyValues("sprt", words, "elo0", "elo1", "alpha", "beta")
	if err != nil {
		return nil, err
	}
	s := &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	for k, v := range m {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("-sprt %s=%s: not a number", k, v)
		}
		switch k {
		case "elo0":
			s.Elo0 = f
		case "elo1":
			s.Elo1 = f
		case "alpha":
			s.Alpha = f
		case "beta":
			s.Beta = f
		}
	}
	if s.Elo1 <= s.Elo0 || s.Alpha <= 0 || s.Alpha >= 0.5 || s.Beta <= 0 || s.Beta >= 0.5 {
		return nil, fmt.Errorf("-sprt: want elo0 < elo1 and alpha, beta in (0, 0.5)")
	}
	return s, nil
}

// lockedWriter serialises writes from several engines' goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
