package match

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
	"ox88/clock"
	"ox88/match/stats"
)

// usageHead is the help text before the list of flags.
const usageHead = `usage: ox88 match --engine cmd=PATH [name=N] [proto=uci|xboard] [args="A B"]
                  [option.NAME=VALUE ...] [tc=TC] [st=S] [nodes=N] [depth=D]
                  --engine ... [flags]

Plays engines against each other and reports W/D/L, Elo with a 95% interval,
LOS, pentanomial pair counts, each engine's telemetry and, with --sprt, a
sequential test. The last two lines of each pairing are cutechess-cli's
"Score of" and "Elo difference".

As in cutechess-cli, --engine, --each, --openings, --draw, --resign and --sprt
take KEY=VALUE words after them. Engine settings: cmd= args= (or arg=, one
word) name= dir= proto=uci|xboard option.NAME=VALUE, and its own limits
tc= st= nodes= depth= (--tc, --st, --nodes, --depth set them for every engine;
an engine's tc= or st= replaces the time control it would inherit). Times:
10+0.1 and 40/60 are seconds as in cutechess-cli, 5m+3s and 40/5m have units.

Each finished game is appended to --pgnout and synced; the match's state
goes to a journal (--pgnout FILE.journal unless --journal says), so that a
match stopped by Ctrl-C, a crash or a power cut goes on with the same
command and --resume.

  ox88 match --engine cmd=ox88 args=uci nodes=20000 \
             --engine cmd=stockfish depth=8 option.Hash=16 \
             --openings file=book.pgn order=random --rounds 50 --pgnout games.pgn

flags (one dash or two):
`

// listSep joins the KEY=VALUE words of a setting list into the one value
// package flag gives a flag: NUL, the one byte no command-line argument
// can hold.
const listSep = "\x00"

// listFlags take cutechess-cli's KEY=VALUE words after them.
var listFlags = map[string]bool{"engine": true, "each": true, "openings": true, "draw": true, "resign": true, "sprt": true}

// joinLists rewrites each list flag and the KEY=VALUE words that follow it
// (words that hold "=" and do not start with "-") into one argument,
// "-engine=cmd=a\x00name=A", for package flag. A list flag with no such
// words is left alone: "--openings FILE" takes FILE as its value.
func joinLists(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			return append(out, args[i:]...)
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !strings.HasPrefix(arg, "-") || !listFlags[name] {
			out = append(out, arg)
			continue
		}
		var words []string
		if hasValue {
			words = append(words, value)
		}
		for i+1 < len(args) && strings.Contains(args[i+1], "=") && !strings.HasPrefix(args[i+1], "-") {
			i++
			words = append(words, args[i])
		}
		if len(words) == 0 {
			out = append(out, arg)
			continue
		}
		out = append(out, "-"+name+"="+strings.Join(words, listSep))
	}
	return out
}

// errPrinted is a command-line error package flag has already printed,
// with the usage.
var errPrinted = errors.New("bad command line")

// Main runs "ox88 match" with args, the words after "match", and returns
// the exit status: 0 when the match ended (all games played, or the SPRT
// decided), 1 when it failed, 2 for a bad command line, and 130 when ctx
// ended it (Ctrl-C), after printing the result so far. progress, when not
// nil, gets a live status line (a terminal).
func Main(ctx context.Context, args []string, stdout, stderr, progress io.Writer) int {
	cfg, err := parseArgs(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errPrinted):
		return 2
	case err != nil:
		fmt.Fprintln(stderr, "ox88 match:", err)
		return 2
	}
	cfg.Out, cfg.Progress = stdout, progress
	if cfg.debugPath != "" {
		f, err := os.Create(cfg.debugPath)
		if err != nil {
			fmt.Fprintln(stderr, "ox88 match:", err)
			return 2
		}
		defer f.Close()
		cfg.EngineLog = f // an *os.File takes each Write whole, from any goroutine
	}
	res, err := run(ctx, cfg)
	if res == nil { // nothing ran: the settings, the files or the journal were refused
		fmt.Fprintln(stderr, "ox88 match:", err)
		return 2
	}
	writeReport(stdout, cfg, res)
	if err != nil {
		fmt.Fprintln(stderr, "ox88 match:", err)
	}
	if (err != nil || res.Interrupted) && cfg.JournalPath != "" {
		fmt.Fprintf(stdout, "The journal %s keeps the match: the same command with --resume goes on with it.\n", cfg.JournalPath)
	}
	switch {
	case err != nil:
		return 1
	case res.Interrupted:
		return 130
	}
	return 0
}

// parseArgs reads the command line of "ox88 match" into a config; package
// flag writes its errors and the usage to output.
func parseArgs(args []string, output io.Writer) (*config, error) {
	cfg := &config{Seed: uint64(time.Now().UnixNano())}
	var engines [][]string
	var each, openings, draw, resign, sprt []string
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(output)
	// A bad flag gets its error and a one-line hint (the whole usage, 80
	// lines, scrolled the error away); -h gets the usage.
	fs.Usage = func() {}
	printUsage := func() {
		fmt.Fprint(fs.Output(), usageHead)
		fs.PrintDefaults()
	}
	// list collects a list flag's words, read once all flags are in.
	list := func(name, usage string, words *[]string) {
		fs.Func(name, usage, func(v string) error {
			*words = append(*words, strings.Split(v, listSep)...)
			return nil
		})
	}
	fs.Func("engine", "one engine by its `KEY=VALUE...` settings (give two or more): cmd= args= name= dir= proto= option.NAME= tc= st= nodes= depth=",
		func(v string) error { engines = append(engines, strings.Split(v, listSep)); return nil })
	list("each", "`KEY=VALUE...` settings for every engine, before its own", &each)
	for _, key := range limitKeys {
		fs.Func(key, limitUsage[key], func(v string) error {
			var l gameLimits
			each = append(each, key+"="+v)
			return l.set(key, v)
		})
	}
	list("openings", "the openings, a `FILE` or file=FILE [format=epd|pgn] [order=random|sequential] [plies=N], each played twice with colours swapped (default: the start position)",
		&openings)
	fs.Func("order", "the openings' order, `random|sequential` (default sequential)", cfg.setOrder)
	fs.Func("seed", "the seed `N` of the random order (default: the clock; a resumed match keeps its own)", func(v string) error {
		n, err := strconv.ParseUint(v, 10, 64)
		cfg.Seed, cfg.SeedGiven = n, true
		return err
	})
	fs.Func("plies", "play at most `N` moves of each PGN opening", intFlag(&cfg.openingPlies, 1))
	fs.Func("variant", "`standard|fischerandom` (Chess960, also \"chess960\"): UCI engines get UCI_Chess960, xboard engines \"variant fischerandom\"; set by itself for a book of Chess960 positions", cfg.setVariant)
	fs.Func("chess960", "play Chess960 from the start positions `N[,N|N-M...]` (0-959; 518 is the standard array), each twice with colours swapped", func(v string) (err error) {
		cfg.Chess960 = true
		cfg.Openings, err = chess960Openings(v)
		return err
	})
	fs.StringVar(&cfg.Tournament, "tournament", roundRobin, "the `KIND` of tournament: round-robin, or gauntlet (the first engine against each of the others)")
	fs.Func("games", "`N` games per pairing (default 2)", intFlag(&cfg.Games, 1))
	fs.Func("rounds", "`N` pairs of games per pairing (sets --games 2N)", func(v string) error {
		err := intFlag(&cfg.Games, 1)(v)
		cfg.Games *= 2
		return err
	})
	fs.Func("concurrency", "play `N` games at once (default 1)", intFlag(&cfg.Concurrency, 1))
	fs.Func("margin", "an engine may pass its clock by `MS` milliseconds before it loses on time (default 100)", func(v string) error {
		var ms int
		err := intFlag(&ms, 0)(v)
		cfg.Margin = time.Duration(ms) * time.Millisecond
		return err
	})
	fs.Func("timeout", "without a clock, an engine whose move takes more than `SECONDS` stalls (default 60)", func(v string) (err error) {
		cfg.HangTimeout, err = clock.ParseTime(v)
		return err
	})
	list("draw", "adjudicate a draw: `movenumber=N movecount=M score=CP`", &draw)
	list("resign", "adjudicate a loss: `movecount=M score=CP [twosided=true]`", &resign)
	fs.Func("maxmoves", "adjudicate a draw at move `N`", intFlag(&cfg.Adjudication.MaxMoves, 1))
	list("sprt", "a sequential test on normalised Elo, `elo0=E0 elo1=E1 alpha=A beta=B`, that stops the match at a decision", &sprt)
	fs.StringVar(&cfg.PGNPath, "pgnout", "", "append each finished game to `FILE`, synced (cutechess-cli's tags and comments)")
	journal := fs.String("journal", "", "keep the match's journal in `FILE` (default: the --pgnout file with .journal added)")
	fs.BoolVar(&cfg.Resume, "resume", false, "go on with the match the journal holds (the same flags as it began with)")
	fs.BoolVar(&cfg.Telemetry, "telemetry", false, "move comments {d= nodes= score= tt= bal= diff= time}, and each engine's summary after each game")
	fs.StringVar(&cfg.Event, "event", "", "the PGN Event tag's `NAME`")
	fs.StringVar(&cfg.debugPath, "debug", "", "log every line to and from the engines in `FILE`")
	fs.BoolVar(&cfg.Quiet, "quiet", false, "no line per finished game")
	if err := fs.Parse(joinLists(args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage()
			return nil, err
		}
		fmt.Fprintln(output, "ox88 match -h lists the flags")
		return nil, fmt.Errorf("%w: %v", errPrinted, err)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (ox88 match -h lists the flags)", fs.Arg(0))
	}
	for _, l := range []struct {
		flag  string
		words []string
		parse func([]string) error
	}{
		{"openings", openings, cfg.setOpenings},
		{"draw", draw, func(w []string) error { return parseDraw(w, &cfg.Adjudication) }},
		{"resign", resign, func(w []string) error { return parseResign(w, &cfg.Adjudication) }},
		{"sprt", sprt, func(w []string) (err error) { cfg.SPRT, err = parseSPRT(w); return err }},
	} {
		if len(l.words) == 0 {
			continue
		}
		if err := l.parse(l.words); err != nil {
			return nil, fmt.Errorf("--%s: %w", l.flag, err)
		}
	}
	if cfg.openingsFile != "" && cfg.Openings != nil {
		return nil, errors.New("--openings and --chess960 exclude each other")
	}
	cfg.JournalPath = *journal
	if cfg.JournalPath == "" && cfg.PGNPath != "" {
		cfg.JournalPath = cfg.PGNPath + ".journal"
	}
	base, err := parseEngine(each, engineConfig{})
	if err != nil {
		return nil, fmt.Errorf("--each: %w", err)
	}
	for _, fields := range engines {
		e, err := parseEngine(fields, base)
		if err != nil {
			return nil, err
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	return cfg, nil
}

// limitUsage describes the flags that give every engine a limit.
var limitUsage = map[string]string{
	"tc":    "every engine's time control `TC`: [MOVES/]TIME[+INC] (10+0.1, 40/60, 2:00+1 in seconds; 5m+3s with units) or TIME/move",
	"st":    "every engine's fixed time per move, in `SECONDS`",
	"nodes": "every engine's `N` nodes per move (UCI engines)",
	"depth": "every engine's depth `N` per move",
}

// setOpenings reads --openings FILE or --openings file=FILE format=
// order= plies=.
func (c *config) setOpenings(words []string) error {
	if len(words) == 1 && !strings.Contains(words[0], "=") {
		c.openingsFile = words[0]
		return nil
	}
	m, err := keyValues(words, "file", "format", "order", "plies")
	if err != nil {
		return err
	}
	for k, v := range m {
		switch k {
		case "file":
			c.openingsFile = v
		case "format":
			if v != "epd" && v != "pgn" {
				return fmt.Errorf("format=%s: want epd or pgn", v)
			}
			c.openingsFormat = v
		case "order":
			err = c.setOrder(v)
		case "plies":
			if err = intFlag(&c.openingPlies, 1)(v); err != nil {
				err = fmt.Errorf("plies=%s: %w", v, err)
			}
		}
		if err != nil {
			return err
		}
	}
	if c.openingsFile == "" {
		return errors.New("file=FILE missing")
	}
	return nil
}

// setVariant reads --variant: standard (or normal) or fischerandom (or
// chess960).
func (c *config) setVariant(v string) error {
	switch v {
	case "standard", "normal":
		c.Chess960 = false
	case "fischerandom", "chess960":
		c.Chess960 = true
	default:
		return fmt.Errorf("%q: want standard or fischerandom", v)
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

// setOrder reads random or sequential.
func (c *config) setOrder(v string) error {
	switch v {
	case "random":
		c.RandomOrder = true
	case "sequential":
		c.RandomOrder = false
	default:
		return fmt.Errorf("order %q: want random or sequential", v)
	}
	return nil
}

// intFlag returns a flag setter that reads an integer of at least lo into p.
func intFlag(p *int, lo int) func(string) error {
	return func(v string) (err error) {
		*p, err = atoiMin(v, lo)
		return err
	}
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
func keyValues(words []string, allowed ...string) (map[string]string, error) {
	m := map[string]string{}
	for _, w := range words {
		k, v, _ := strings.Cut(w, "=")
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			return nil, fmt.Errorf("unknown setting %q (want %s)", k, strings.Join(allowed, ", "))
		}
		m[k] = v
	}
	return m, nil
}

// parseDraw reads --draw movenumber=N movecount=M score=CP.
func parseDraw(words []string, a *adjudicationRules) error {
	m, err := keyValues(words, "movenumber", "movecount", "score")
	if err != nil {
		return err
	}
	field := map[string]*int{"movenumber": &a.DrawMoveNumber, "movecount": &a.DrawMoveCount, "score": &a.DrawScore}
	for k, v := range m {
		n, err := atoiMin(v, 0)
		if err != nil {
			return fmt.Errorf("%s=%s: %w", k, v, err)
		}
		*field[k] = n
	}
	if a.DrawMoveCount == 0 {
		return errors.New("movecount=M missing")
	}
	return nil
}

// parseResign reads --resign movecount=M score=CP [twosided=true].
func parseResign(words []string, a *adjudicationRules) error {
	m, err := keyValues(words, "movecount", "score", "twosided")
	if err != nil {
		return err
	}
	field := map[string]*int{"movecount": &a.ResignMoveCount, "score": &a.ResignScore}
	for k, v := range m {
		if k == "twosided" {
			a.ResignTwoSided, err = strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("twosided=%s: want true or false", v)
			}
			continue
		}
		n, err := atoiMin(v, 1)
		if err != nil {
			return fmt.Errorf("%s=%s: %w", k, v, err)
		}
		*field[k] = n
	}
	if a.ResignMoveCount == 0 || a.ResignScore == 0 {
		return errors.New("movecount=M and score=CP needed")
	}
	return nil
}

// parseSPRT reads --sprt elo0=E0 elo1=E1 alpha=A beta=B.
func parseSPRT(words []string) (*stats.SPRT, error) {
	m, err := keyValues(words, "elo0", "elo1", "alpha", "beta")
	if err != nil {
		return nil, err
	}
	s := &stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	field := map[string]*float64{"elo0": &s.Elo0, "elo1": &s.Elo1, "alpha": &s.Alpha, "beta": &s.Beta}
	for k, v := range m {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: not a number", k, v)
		}
		*field[k] = f
	}
	if s.Elo1 <= s.Elo0 || s.Alpha <= 0 || s.Alpha >= 0.5 || s.Beta <= 0 || s.Beta >= 0.5 {
		return nil, errors.New("want elo0 < elo1 and alpha, beta in (0, 0.5)")
	}
	return s, nil
}
