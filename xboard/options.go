package xboard

import (
	"fmt"
	"strconv"
	"strings"

	"ox88/book"
	"ox88/engine"
	"ox88/internal/version"
	"ox88/search"
	"ox88/syzygy"
)

// mainFeatures is the first line of the answer to "protover 2", after
// myname (version.Name: the revision, as UCI's id name): memory, smp and
// egt ask the GUI for memory, cores and egtpath, and nps=1 says that nps
// is understood.
const mainFeatures = `setboard=1 usermove=1 ping=1 san=0 colors=0 ` +
	`sigint=0 sigterm=0 analyze=1 memory=1 smp=1 egt="syzygy" nps=1 debug=1 playother=1 ` +
	`time=1 reuse=1 draw=0 variants="normal,fischerandom"`

// features returns the answer to "protover 2": mainFeatures, the options
// with their current values, and done=1 last (the GUI waits for it).
func (s *Server) features() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	own := 0
	if s.ownBook {
		own = 1
	}
	return []string{
		fmt.Sprintf("feature myname=%q %s", version.Name(), mainFeatures),
		fmt.Sprintf(`feature option="Hash -spin %d 1 %d"`, s.hashMB, s.maxHashMB),
		fmt.Sprintf(`feature option="OwnBook -check %d"`, own),
		fmt.Sprintf(`feature option="BookFile -file %s"`, s.bookPath),
		fmt.Sprintf(`feature option="SyzygyPath -path %s"`, s.tablesPath),
		fmt.Sprintf(`feature option="SyzygyProbeDepth -spin %d 1 100"`, s.tbOpt.ProbeDepth),
		fmt.Sprintf(`feature option="Syzygy50MoveRule -check %d"`, boolInt(s.tbOpt.Rule50)),
		fmt.Sprintf(`feature option="SyzygyProbeLimit -spin %d 0 7"`, s.tbOpt.ProbeLimit),
		"feature done=1",
	}
}

// pendingSettings are engine settings that wait for the next search to
// start (Server.think applies them): resizing the table, changing the
// threads and swapping the tables each wait for a running search, and an
// analysis never ends by itself.
type pendingSettings struct {
	hashMB    int                      // memory or option Hash (0: unchanged)
	threads   int                      // cores (0: unchanged)
	tables    *syzygy.Tablebases       // egtpath syzygy or option SyzygyPath ...
	setTables bool                     // ... when set (tables nil: none)
	tbOpt     *search.TablebaseOptions // the Syzygy options, when changed
}

// apply gives the engine the settings. No search may be running.
func (p pendingSettings) apply(eng *engine.Engine) {
	if p.hashMB > 0 {
		eng.SetHashSize(p.hashMB)
	}
	if p.threads > 0 {
		eng.SetThreads(p.threads)
	}
	if p.setTables {
		eng.SetTablebases(p.tables)
	}
	if p.tbOpt != nil {
		eng.SetTablebaseOptions(*p.tbOpt)
	}
}

// boolInt is a check option's value in a feature: 1 or 0.
func boolInt(on bool) int {
	if on {
		return 1
	}
	return 0
}

// memory handles "memory N", the MiB the engine may use: all of it goes to
// the hash table, at most Server.maxHashMB (engine.MaxHashMB), which a
// larger N is cut to with a note.
func (s *Server) memory(args []string, line string) {
	mb, err := strconv.Atoi(strings.Join(args, ""))
	if err != nil || mb < 1 {
		s.out.Println("Error (bad memory size): " + line)
		return
	}
	s.setHash(mb, "memory")
}

// setHash sets the hash table's size, capped: at once when no search
// runs (a large table takes time to make, and that time belongs to the
// command, not to the next move's clock), else for the next search.
func (s *Server) setHash(mb int, what string) {
	s.mu.Lock()
	if mb > s.maxHashMB {
		s.out.Printf("# %s %d MiB: the hash table takes at most %d MiB\n", what, mb, s.maxHashMB)
		mb = s.maxHashMB
	}
	s.hashMB = mb
	idle := s.cur == nil || s.cur.finished
	if idle {
		s.pending.hashMB = 0
	} else {
		s.pending.hashMB = mb
	}
	s.mu.Unlock()
	if idle {
		s.eng.SetHashSize(mb)
	}
}

// cores handles "cores N": the search's threads, at most
// Server.maxThreads (search.MaxThreads), which a larger N is cut to with a
// note.
func (s *Server) cores(args []string, line string) {
	n, err := strconv.Atoi(strings.Join(args, ""))
	if err != nil || n < 1 {
		s.out.Println("Error (bad number of cores): " + line)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if n > s.maxThreads {
		s.out.Printf("# cores %d: the search runs at most %d threads\n", n, s.maxThreads)
		n = s.maxThreads
	}
	s.pending.threads = n
}

// egtPath handles "egtpath TYPE PATH". Only Syzygy tables are known.
func (s *Server) egtPath(text, line string) {
	kind, path, _ := strings.Cut(text, " ")
	if kind != "syzygy" {
		s.out.Println("Error (unsupported tablebase type): " + line)
		return
	}
	s.setTables(strings.TrimSpace(path), line)
}

// setTables opens the Syzygy tables in path's directories for the next
// search ("" or "<empty>": none). Tables that cannot be read are reported
// and the previous ones stay.
func (s *Server) setTables(path, line string) {
	tb, err := syzygy.Open(path)
	if err != nil {
		s.out.Println("Error (bad tablebase path): " + line)
		s.out.Println("# " + err.Error())
		return
	}
	summary := tb.Summary()
	if n, _ := tb.Count(); n == 0 && path != "" && path != "<empty>" {
		// A directory of something else is a mistake worth a word, and
		// the tables in use stay.
		s.out.Println("Error (bad tablebase path): " + line)
		for _, l := range summary {
			s.out.Println("# syzygy: " + l)
		}
		return
	}
	if tb.MaxPieces() == 0 {
		tb = nil // no tables: the search need not ask
		summary = []string{"none"}
	}
	s.out.Printf("# syzygy %q: %s\n", path, summary[0])
	for _, l := range summary[1:] {
		s.out.Println("# syzygy: " + l)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tablesPath, s.pending.tables, s.pending.setTables = path, tb, true
}

// option handles "option NAME=VALUE", for the options the features
// declare; names are matched without regard to case.
func (s *Server) option(text, line string) {
	name, value, _ := strings.Cut(text, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	switch strings.ToLower(name) {
	case "hash":
		mb, err := strconv.Atoi(value)
		if err != nil || mb < 1 {
			s.out.Println("Error (bad value): " + line)
			return
		}
		s.setHash(mb, "Hash")
	case "ownbook":
		on, err := strconv.ParseBool(value)
		if err != nil {
			s.out.Println("Error (bad value): " + line)
			return
		}
		s.mu.Lock()
		s.ownBook = on
		s.mu.Unlock()
		s.useBook()
	case "bookfile":
		s.setBookFile(value, line)
	case "syzygypath":
		s.setTables(value, line)
	case "syzygyprobedepth", "syzygyprobelimit", "syzygy50moverule":
		s.setTablebaseOption(strings.ToLower(name), value, line)
	default:
		s.out.Println("Error (unknown option): " + line)
	}
}

// setTablebaseOption sets one of Stockfish's Syzygy options (the same
// names and ranges as UCI's) for the next search.
func (s *Server) setTablebaseOption(name, value, line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o := s.tbOpt
	var err error
	var n int
	if name == "syzygy50moverule" {
		o.Rule50, err = strconv.ParseBool(value)
	} else if n, err = strconv.Atoi(value); name == "syzygyprobedepth" {
		o.ProbeDepth = min(max(n, 1), 100)
	} else {
		o.ProbeLimit = min(max(n, 0), 7)
	}
	if err != nil {
		s.out.Println("Error (bad value): " + line)
		return
	}
	s.tbOpt, s.pending.tbOpt = o, &o
}

// setBookFile loads the Polyglot book at path ("": none). A book that
// cannot be read is reported and the previous one stays.
func (s *Server) setBookFile(path, line string) {
	var b *book.Book
	if path != "" {
		var err error
		if b, err = book.Open(path); err != nil {
			s.out.Println("Error (bad book file): " + line)
			s.out.Println("# " + err.Error())
			return
		}
		s.out.Printf("# book %s: %d entries\n", path, b.Len())
	}
	s.mu.Lock()
	s.book, s.bookPath = nil, path
	if b != nil {
		s.book = b
	}
	s.mu.Unlock()
	s.useBook()
}

// useBook gives the engine the book if OwnBook is on (the engine reads it
// when a search starts, so this needs no waiting).
func (s *Server) useBook() {
	s.mu.Lock()
	var b engine.Book
	if s.ownBook && s.book != nil {
		b = s.book
	}
	s.mu.Unlock()
	s.eng.SetBook(b)
}
