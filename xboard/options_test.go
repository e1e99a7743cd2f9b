package xboard

import (
	"strings"
	"testing"
	"time"

	"ox88/book"
	"ox88/engine"
	"ox88/internal/linetest"
	"ox88/search"
)

// expectLines checks that the next lines are want, in order.
//
// One line is skipped wherever it comes: the note that some tables were
// not sampled at start. Opening the tables checks them within a time
// budget (syzygy.Open), and on a loaded machine or under the race
// detector the budget can run out, which the front end says in an extra
// line.
func (s *session) expectLines(want ...string) {
	s.T.Helper()
	for _, w := range want {
		l, _ := s.Expect("", 30*time.Second)
		for strings.Contains(l, "not sampled at start") {
			l, _ = s.Expect("", 30*time.Second)
		}
		if l != w {
			s.T.Errorf("got %q, want %q", l, w)
		}
	}
}

// pending returns the settings waiting for the next search.
func (s *session) pending() pendingSettings {
	s.Srv.mu.Lock()
	defer s.Srv.mu.Unlock()
	return s.Srv.pending
}

// TestMemoryAndCores: memory and option Hash resize the table at once
// when no search runs (the time a large table takes to make is the
// command's, not the next move's), cores waits for the next search; both
// are capped at the documented maximums with a note; bad values are
// errors and change nothing.
func TestMemoryAndCores(t *testing.T) {
	s := newSession(t)
	s.Srv.maxHashMB = 64 // engine.MaxHashMB, lowered: the table is made at once
	s.Send("memory 100000", "cores 1000", "ping 1")
	s.expectLines("# memory 100000 MiB: the hash table takes at most 64 MiB",
		"# cores 1000: the search runs at most 256 threads", "pong 1")
	if p := s.pending(); p.hashMB != 0 || p.threads != search.MaxThreads || s.Srv.eng.HashMB() != 64 {
		t.Errorf("pending %+v, table %d MiB; want the caps", p, s.Srv.eng.HashMB())
	}
	s.Send("memory lots", "memory 0", "cores -1", "option Hash=x", "option Hash=100000", "option Hash=32", "cores 2", "ping 2")
	s.expectLines("Error (bad memory size): memory lots", "Error (bad memory size): memory 0",
		"Error (bad number of cores): cores -1", "Error (bad value): option Hash=x",
		"# Hash 100000 MiB: the hash table takes at most 64 MiB", "pong 2")
	if p := s.pending(); p.hashMB != 0 || p.threads != 2 || s.Srv.eng.HashMB() != 32 {
		t.Errorf("pending %+v, table %d MiB; want 32 MiB and 2 threads", p, s.Srv.eng.HashMB())
	}
	s.Srv.maxHashMB = engine.MaxHashMB
	s.Send("xboard", "protover 2")
	if _, lines := s.Expect("feature done=1", time.Second); !strings.Contains(strings.Join(lines, "\n"), `feature option="Hash -spin 32 1 4096"`) {
		t.Errorf("the features do not show Hash 32: %q", lines)
	}
	s.Send("new", "sd 1", "go")
	s.Expect("move", 5*time.Second)
	if n := s.Srv.eng.Threads(); n != 2 {
		t.Errorf("%d threads after cores 2", n)
	}
	if p := s.pending(); p != (pendingSettings{}) {
		t.Errorf("still pending after the search: %+v", p)
	}
}

// TestEgtPath: egtpath syzygy and option SyzygyPath open the tables for
// the next search, which then keeps a won pawn ending won; a bad path or
// another kind of tables is an error.
func TestEgtPath(t *testing.T) {
	// White wins only with Ka2 (the tables); at depth 3 the search alone
	// prefers b4, which lets the black king catch the pawn.
	const fen = "8/3k4/8/8/8/8/1P6/K7 w - - 0 1"
	s := newSession(t)
	s.Send("new", "setboard "+fen, "sd 3", "go")
	if l, _ := s.Expect("move", 5*time.Second); l != "move b2b4" {
		t.Logf("without tables: %q (the test assumes b2b4)", l)
	}
	s.Send("new", "egtpath nalimov /tb", "egtpath syzygy /nonexistent/tables", "ping 1")
	s.expectLines("Error (unsupported tablebase type): egtpath nalimov /tb", "Error (bad tablebase path): egtpath syzygy /nonexistent/tables")
	if l, _ := s.Expect("", time.Second); !strings.HasPrefix(l, "# syzygy: ") {
		t.Errorf("the reason: %q", l)
	}
	s.expectLines("pong 1")
	s.Send("egtpath syzygy ../testdata/syzygy", "setboard "+fen, "sd 3", "go")
	s.expectLines(`# syzygy "../testdata/syzygy": 35 tables (35 with DTZ), up to 4 pieces`, "move a1a2")
	// The option says the same, and an empty path takes the tables away.
	s.Send("new", "option SyzygyPath=", "option SyzygyPath=../testdata/syzygy", "ping 2")
	s.expectLines(`# syzygy "": none`, `# syzygy "../testdata/syzygy": 35 tables (35 with DTZ), up to 4 pieces`, "pong 2")
	if p := s.pending(); !p.setTables || p.tables == nil {
		t.Errorf("pending %+v, want the tables", p)
	}
	// A directory without tables is an error that keeps them.
	empty := t.TempDir()
	s.Send("egtpath syzygy "+empty, "ping 3")
	s.expectLines("Error (bad tablebase path): egtpath syzygy "+empty, "# syzygy: no Syzygy tables (*.rtbw files) found", "pong 3")
	if p := s.pending(); !p.setTables || p.tables == nil {
		t.Errorf("pending %+v after an empty directory, want the tables still", p)
	}
}

// TestBookOptions: BookFile loads a Polyglot book and OwnBook plays from
// it; a book the engine was given at start is played until OwnBook=0.
func TestBookOptions(t *testing.T) {
	// A book with one move, 1. a3, in the start position.
	path := linetest.StartBook(t, "a2a3")

	s := newSession(t)
	s.Send("option BookFile=/nonexistent/book.bin", "ping 1")
	s.expectLines("Error (bad book file): option BookFile=/nonexistent/book.bin")
	s.Expect("pong 1", time.Second)
	s.Send("option BookFile="+path, "new", "sd 1", "go")
	s.expectLines("# book " + path + ": 1 entries")
	if l, _ := s.Expect("move", 5*time.Second); l == "move a2a3" {
		t.Error("played from the book with OwnBook off")
	}
	s.Send("option OwnBook=1", "new", "sd 1", "go")
	s.expectLines("move a2a3")
	s.Send("option OwnBook=maybe", "option Frobnicate=3", "ping 2")
	s.expectLines("Error (bad value): option OwnBook=maybe", "Error (unknown option): option Frobnicate=3", "pong 2")

	// The engine's own book (ox88 xboard --book) is on at start.
	eng := engine.New()
	bk, err := book.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	eng.SetBook(bk)
	srv := NewServer(eng, &linetest.SyncBuffer{})
	if !srv.ownBook || srv.book == nil {
		t.Error("the engine's book is not the server's")
	}
	srv.Handle("option OwnBook=0")
	if eng.Book() != nil {
		t.Error("OwnBook=0 left the engine its book")
	}
}

// TestTablebaseOptions: Stockfish's Syzygy options are features, take
// their values for the next search (bounded to UCI's ranges) and refuse
// a bad one; eval prints the heat map's numbers as comments.
func TestTablebaseOptions(t *testing.T) {
	s := newSession(t)
	s.Send("option SyzygyProbeDepth=0", "option Syzygy50MoveRule=0", "option SyzygyProbeLimit=9",
		"option Syzygy50MoveRule=maybe", "ping 1")
	s.expectLines("Error (bad value): option Syzygy50MoveRule=maybe", "pong 1")
	want := search.TablebaseOptions{ProbeDepth: 1, Rule50: false, ProbeLimit: 7}
	if p := s.pending(); p.tbOpt == nil || *p.tbOpt != want {
		t.Errorf("pending %+v, want %+v", p.tbOpt, want)
	}
	s.Send("xboard", "protover 2")
	_, lines := s.Expect("feature done=1", time.Second)
	for _, f := range []string{`feature option="SyzygyProbeDepth -spin 1 1 100"`, `feature option="Syzygy50MoveRule -check 0"`,
		`feature option="SyzygyProbeLimit -spin 7 0 7"`} {
		if !strings.Contains(strings.Join(lines, "\n"), f) {
			t.Errorf("no %s in %q", f, lines)
		}
	}
	s.Send("setboard 8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "eval")
	_, lines = s.Expect("# Network evaluation +", time.Second)
	if !strings.Contains(strings.Join(lines, "\n"), "# |   R   |       |") {
		t.Errorf("eval printed %q", lines)
	}
}
