package uci

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"ox88/book"
	"ox88/engine"
	"ox88/nnue"
	"ox88/search"
	"ox88/syzygy"
)

// Option limits and defaults.
const (
	maxMultiPV = 64 // more lines than anyone reads
	// defaultOverheadMS is the time kept back per move for the GUI and
	// the pipe: Stockfish's default, and enough for lichess-bot's
	// network round trip on a quiet connection.
	defaultOverheadMS = 10
	maxOverheadMS     = 5000
	// defaultElo is UCI_Elo's default: a club player. The option's range
	// is the skill levels' estimated ratings (engine.SkillElo).
	defaultElo = 1500
	// maxSkillLevel is the top of Skill Level's range, Stockfish's 0..20,
	// which tools and lichess-bot configurations are written for.
	maxSkillLevel = 20
)

// engineSkill maps a Skill Level (Stockfish's 0..20) onto ox88's skill
// levels 1..engine.MaxSkill: evenly, rounding down, so that only 20 is
// full strength, as in Stockfish:
//
//	Skill Level  0-2  3-4  5-6  7-8  9-11  12-13  14-15  16-17  18-19  20
//	ox88 level     1    2    3    4     5      6      7      8      9  10
func engineSkill(level int) int {
	level = min(max(level, 0), maxSkillLevel)
	return 1 + level*(engine.MaxSkill-1)/maxSkillLevel
}

// The range of UCI_Elo: the ratings of the weakest and strongest levels.
var (
	minElo = engine.SkillElo(1)
	maxElo = engine.SkillElo(engine.MaxSkill)
)

// optionKind is a UCI option type.
type optionKind string

// option declares one UCI option: its name as the GUI shows it, its type,
// default and range.
type option struct {
	name     string
	kind     optionKind // "spin", "check", "string", "button"
	def      string
	min, max int
}

// declare returns the option's "option name ..." line.
func (o option) declare() string {
	s := "option name " + o.name + " type " + string(o.kind)
	switch o.kind {
	case "spin":
		s += fmt.Sprintf(" default %s min %d max %d", o.def, o.min, o.max)
	case "check", "string":
		s += " default " + o.def
	}
	return s
}

// optionTable lists the options in the order "uci" announces them.
var optionTable = []option{
	{name: "Threads", kind: "spin", def: "1", min: 1, max: search.MaxThreads},
	{name: "Hash", kind: "spin", def: strconv.Itoa(search.DefaultHashMB), min: 1, max: engine.MaxHashMB},
	{name: "Clear Hash", kind: "button"},
	{name: "MultiPV", kind: "spin", def: "1", min: 1, max: maxMultiPV},
	{name: "Ponder", kind: "check", def: "false"},
	{name: "OwnBook", kind: "check", def: "false"},
	{name: "BookFile", kind: "string", def: "<empty>"},
	{name: "SyzygyPath", kind: "string", def: "<empty>"},
	{name: "SyzygyProbeDepth", kind: "spin", def: "1", min: 1, max: 100},
	{name: "Syzygy50MoveRule", kind: "check", def: "true"},
	{name: "SyzygyProbeLimit", kind: "spin", def: "7", min: 0, max: 7},
	{name: "UseNNUE", kind: "check", def: strconv.FormatBool(defaultUseNNUE)},
	{name: "EvalFile", kind: "string", def: "<embedded>"},
	{name: "Move Overhead", kind: "spin", def: strconv.Itoa(defaultOverheadMS), min: 0, max: maxOverheadMS},
	{name: "Skill Level", kind: "spin", def: strconv.Itoa(maxSkillLevel), min: 0, max: maxSkillLevel},
	{name: "UCI_LimitStrength", kind: "check", def: "false"},
	{name: "Seed", kind: "spin", def: "0", min: 0, max: 1<<31 - 1},
	{name: "UCI_Elo", kind: "spin", def: strconv.Itoa(defaultElo), min: engine.SkillElo(1), max: engine.SkillElo(engine.MaxSkill)},
	{name: "UCI_ShowWDL", kind: "check", def: "false"},
	{name: "UCI_Chess960", kind: "check", def: "false"},
	{name: "UCI_AnalyseMode", kind: "check", def: "false"},
}

// options holds the current option values.
type options struct {
	useNNUE       bool
	threads       int
	hashMB        int
	multiPV       int
	ponder        bool
	ownBook       bool
	overhead      time.Duration
	skill         int // Skill Level, 0..maxSkillLevel (engineSkill maps it)
	limitStrength bool
	elo           int
	showWDL       bool // info lines carry "wdl W D L" (search.WDL)
	chess960      bool // castling written and read as king-takes-rook
	// analyse is UCI_AnalyseMode: the GUI analyses rather than plays, so
	// the search answers at full strength (Skill Level and
	// UCI_LimitStrength wait) and without the book.
	analyse bool
	tb      search.TablebaseOptions // SyzygyProbeDepth, Syzygy50MoveRule, SyzygyProbeLimit
}

func defaultOptions() options {
	return options{
		useNNUE:  defaultUseNNUE,
		threads:  1,
		hashMB:   search.DefaultHashMB,
		multiPV:  1,
		overhead: defaultOverheadMS * time.Millisecond,
		skill:    maxSkillLevel,
		elo:      defaultElo,
		tb:       search.DefaultTablebaseOptions(),
	}
}

// setOption handles "setoption name <id> [value <x>]". Names are matched
// without regard to case; a bad value is reported and ignored.
func (s *Server) setOption(args []string) {
	name, value := parseSetOption(args)
	var o *option
	for i := range optionTable {
		if strings.EqualFold(optionTable[i].name, name) {
			o = &optionTable[i]
		}
	}
	if o == nil {
		s.out.Printf("info string error: no option named %q\n", name)
		return
	}
	var n int
	var on bool
	switch o.kind {
	case "spin":
		v, err := strconv.Atoi(value)
		if err != nil {
			s.out.Printf("info string error: option %s needs a whole number, not %q\n", o.name, value)
			return
		}
		n = min(max(v, o.min), o.max)
	case "check":
		switch strings.ToLower(value) {
		case "true":
			on = true
		case "false":
		default:
			s.out.Printf("info string error: option %s needs true or false, not %q\n", o.name, value)
			return
		}
	}
	switch o.name {
	case "Threads":
		s.opts.threads = min(n, s.maxThreads)
		if cpus := runtime.GOMAXPROCS(0); s.opts.threads > cpus {
			s.out.Printf("info string Threads %d: this machine runs %d at once, so a search runs %d\n", s.opts.threads, cpus, cpus)
		}
		s.threadsDirty = true
		s.applyPendingIfIdle()
	case "Hash":
		s.opts.hashMB = min(n, s.maxHashMB)
		s.hashDirty = true
		s.applyPendingIfIdle()
	case "Clear Hash":
		s.clearHash = true
		s.applyPendingIfIdle()
	case "MultiPV":
		s.opts.multiPV = n
	case "Ponder":
		s.opts.ponder = on
	case "OwnBook":
		s.opts.ownBook = on
	case "BookFile":
		s.setBookFile(value)
	case "SyzygyPath":
		s.setSyzygyPath(value)
	case "SyzygyProbeDepth":
		s.opts.tb.ProbeDepth = n
	case "Syzygy50MoveRule":
		s.opts.tb.Rule50 = on
	case "SyzygyProbeLimit":
		s.opts.tb.ProbeLimit = n
	case "UCI_AnalyseMode":
		s.opts.analyse = on
	case "UseNNUE":
		s.opts.useNNUE = on
		s.applyNet()
	case "EvalFile":
		s.setEvalFile(value)
	case "Move Overhead":
		s.opts.overhead = time.Duration(n) * time.Millisecond
	case "Skill Level":
		s.opts.skill = n
	case "UCI_LimitStrength":
		s.opts.limitStrength = on
	case "UCI_Elo":
		s.opts.elo = n
	case "UCI_Chess960":
		s.opts.chess960 = on
	case "Seed":
		s.finishSearch()
		s.eng.SetSeed(uint64(n))
	case "UCI_ShowWDL":
		s.opts.showWDL = on
	}
}

// parseSetOption splits "name <id words> value <value words>".
func parseSetOption(args []string) (name, value string) {
	var nameWords, valueWords []string
	in := ""
	for _, w := range args {
		switch {
		case w == "name" && in != "value":
			in = "name"
		case w == "value" && in == "name":
			in = "value"
		case in == "name":
			nameWords = append(nameWords, w)
		case in == "value":
			valueWords = append(valueWords, w)
		}
	}
	return strings.Join(nameWords, " "), strings.Join(valueWords, " ")
}

// setBookFile loads the book at path ("" or "<empty>": no book). A book
// that cannot be read is reported and the previous one stays.
func (s *Server) setBookFile(path string) {
	if path == "" || path == "<empty>" {
		s.book, s.bookPath = nil, ""
		return
	}
	b, err := book.Open(path)
	if err != nil {
		s.out.Printf("info string error: %v\n", err)
		return
	}
	s.book, s.bookPath = b, path
	s.out.Printf("info string book %s: %d entries\n", path, b.Len())
}

// defaultUseNNUE says whether the network evaluates from the start: it
// does since the embedded net beat the hand-written evaluation in a
// measured match (docs/STRENGTH.md).
const defaultUseNNUE = true

// setEvalFile loads a network file ("" or "<embedded>": the built-in
// one). A file that cannot be used is reported and the previous network
// stays.
func (s *Server) setEvalFile(path string) {
	if path == "" || path == "<embedded>" {
		s.net = nil
		s.applyNet()
		return
	}
	n, err := nnue.Load(path)
	if err != nil {
		s.out.Printf("info string error: %v\n", err)
		return
	}
	s.net = n
	s.out.Printf("info string EvalFile %s loaded\n", path)
	s.applyNet()
}

// applyNet gives the engine the network the options choose: EvalFile's,
// or the embedded one, when UseNNUE is on.
func (s *Server) applyNet() {
	var n *nnue.Net
	if s.opts.useNNUE {
		n = s.net
		if n == nil {
			n = nnue.Default()
		}
	}
	s.finishSearch()
	s.eng.SetNet(n)
}

// setSyzygyPath opens the endgame tables in path's directories ("" or
// "<empty>": none). Tables that cannot be read are reported and the
// previous ones stay.
func (s *Server) setSyzygyPath(path string) {
	if path == "" || path == "<empty>" {
		s.finishSearch()
		s.eng.SetTablebases(nil)
		return
	}
	tb, err := syzygy.Open(path)
	if err != nil {
		s.out.Printf("info string error: %v\n", err)
		return
	}
	summary := tb.Summary()
	if n, _ := tb.Count(); n == 0 {
		// A directory of something else (SyzygyPath /etc) is a mistake
		// worth a word, and the tables in use stay.
		s.out.Printf("info string error: syzygy %s: %s; tables unchanged\n", path, summary[0])
	} else {
		s.finishSearch()
		s.eng.SetTablebases(tb)
		s.out.Printf("info string syzygy %s: %s\n", path, summary[0])
	}
	for _, line := range summary[1:] {
		s.out.Printf("info string syzygy: %s\n", line)
	}
}

// applyPendingIfIdle applies Threads, Hash and Clear Hash now unless a search is
// running; then they wait for the next go.
func (s *Server) applyPendingIfIdle() {
	s.mu.Lock()
	idle := s.cur == nil || s.cur.finished
	s.mu.Unlock()
	if idle {
		s.eng.Wait()
		s.applyPending()
	}
}

// applyPending sets the threads and resizes or clears the hash table if
// asked to. The engine must be idle.
func (s *Server) applyPending() {
	if s.threadsDirty {
		s.eng.SetThreads(s.opts.threads)
		s.threadsDirty = false
	}
	if s.hashDirty {
		s.eng.SetHashSize(s.opts.hashMB)
		s.hashDirty = false
	}
	if s.clearHash {
		s.eng.ClearHash()
		s.clearHash = false
	}
}

// applySearchOptions gives the engine the options read at each go.
func (s *Server) applySearchOptions() {
	s.applyPending()
	s.eng.SetMultiPV(s.opts.multiPV)
	s.eng.SetTablebaseOptions(s.opts.tb)
	skill := engineSkill(s.opts.skill)
	if s.opts.limitStrength {
		skill = engine.SkillForElo(s.opts.elo)
	}
	if s.opts.analyse {
		skill = engine.MaxSkill
	}
	s.eng.SetSkill(skill)
	if s.opts.ownBook && s.book != nil && !s.opts.analyse {
		s.eng.SetBook(s.book)
	} else {
		s.eng.SetBook(nil)
	}
}
