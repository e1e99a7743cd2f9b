package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"ox88/chess"
	"ox88/search"
)

func init() {
	commands["solve"] = command{"run a bm/am test suite (EPD); last line: solved K of N", runSolve}
}

// solveHashMB is the table size used for each test position.
const solveHashMB = 64

// epdTest is one test position: best moves (any of them solves it) and
// avoid moves (none of them may be played).
type epdTest struct {
	id     string
	pos    *chess.Position
	best   []chess.Move
	avoid  []chess.Move
	line   int
	source string
}

// parseEPDTest reads an EPD line with bm and/or am operations in SAN.
func parseEPDTest(line string) (epdTest, error) {
	var t epdTest
	fields := strings.Fields(line)
	if len(fields) < 5 {
		return t, fmt.Errorf("too few fields")
	}
	pos, err := chess.ParseFEN(strings.Join(fields[:4], " ") + " 0 1")
	if err != nil {
		return t, err
	}
	t.pos = pos
	t.source = line
	for _, op := range strings.Split(strings.Join(fields[4:], " "), ";") {
		op = strings.TrimSpace(op)
		name, arg, _ := strings.Cut(op, " ")
		switch name {
		case "bm", "am":
			for _, san := range strings.Fields(arg) {
				m, err := pos.ParseSAN(strings.TrimRight(san, ",")) // some suites separate with commas
				if err != nil {
					return t, fmt.Errorf("%s %s: %v", name, san, err)
				}
				if name == "bm" {
					t.best = append(t.best, m)
				} else {
					t.avoid = append(t.avoid, m)
				}
			}
		case "id":
			t.id = strings.Trim(arg, `"`)
		}
	}
	if len(t.best) == 0 && len(t.avoid) == 0 {
		return t, fmt.Errorf("no bm or am operation")
	}
	return t, nil
}

// solved reports whether m passes test t.
func (t *epdTest) solved(m chess.Move) bool {
	for _, a := range t.avoid {
		if m == a {
			return false
		}
	}
	if len(t.best) == 0 {
		return true
	}
	for _, b := range t.best {
		if m == b {
			return true
		}
	}
	return false
}

func runSolve(args []string) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	movetime := fs.Int("movetime", 0, "milliseconds per position (default 1000 unless --nodes)")
	nodes := fs.Uint64("nodes", 0, "nodes per position (reproducible on a busy machine)")
	hash := fs.Int("hash", solveHashMB, "transposition table size in MiB")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: ox88 solve FILE.epd [--movetime MS | --nodes N]\n\nSearches every bm/am position; prints each failure; last line: solved K of N.")
		fs.PrintDefaults()
	}
	// The file may come before or after the flags.
	var file string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if file == "" && fs.NArg() == 1 {
		file = fs.Arg(0)
	}
	if file == "" || fs.NArg() > 1 && file != "" {
		fs.Usage()
		return 2
	}
	if *movetime > 0 && *nodes > 0 {
		fmt.Fprintln(os.Stderr, "ox88 solve: give --movetime or --nodes, not both")
		return 2
	}
	if *movetime == 0 && *nodes == 0 {
		*movetime = 1000
	}
	tests, err := readEPDTests(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ox88 solve:", err)
		return 1
	}
	if *hash < 1 {
		fmt.Fprintln(os.Stderr, "ox88 solve: --hash must be at least 1")
		return 2
	}
	s := search.NewSearcher(*hash)
	solved := 0
	for _, t := range tests {
		s.Clear()
		lim := search.Limits{Nodes: *nodes}
		if *movetime > 0 {
			lim.SoftTime = time.Duration(*movetime) * time.Millisecond
			lim.HardTime = lim.SoftTime
			lim.SoftTime *= 10 // use the whole time: stop only at the hard limit
		}
		r := s.Search(t.pos, nil, lim, nil, nil)
		if t.solved(r.Move) {
			solved++
			continue
		}
		want := ""
		for _, b := range t.best {
			want += " bm " + t.pos.SAN(b)
		}
		for _, a := range t.avoid {
			want += " am " + t.pos.SAN(a)
		}
		fmt.Printf("FAIL %s (line %d): played %s, want%s (depth %d, score %d)\n",
			t.id, t.line, t.pos.SAN(r.Move), want, r.Depth, r.Score)
	}
	fmt.Printf("solved %d of %d\n", solved, len(tests))
	return 0
}

// readEPDTests reads every test of an EPD file; a malformed line is an
// error naming the line.
func readEPDTests(name string) ([]epdTest, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var tests []epdTest
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		t, err := parseEPDTest(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		t.line = n
		if t.id == "" {
			t.id = fmt.Sprintf("#%d", n)
		}
		tests = append(tests, t)
	}
	return tests, sc.Err()
}
