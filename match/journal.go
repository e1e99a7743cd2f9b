package match

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"ox88/game"
	"ox88/internal/atomicfile"
	"ox88/opening"
)

// A match survives its runner: every finished game is appended to the PGN
// file and synced, then recorded in the journal and synced, before the
// result counts it. The journal is a file of JSON lines, each written
// whole in one write and synced:
//
//	{"header":{"journal":"ox88 match journal","version":1,"fingerprint":…,
//	           "settings":[…],"seed":…,"games":…,"pgnStart":…}}
//	{"game":{"number":3,"result":"1-0","text":"White mates",…,"pgnEnd":…}}
//	…
//	{"end":"all games played"}        (or the SPRT's decision)
//
// The header says which match this is (the settings that decide its games,
// and their SHA-256 fingerprint) and where its games begin in the PGN
// file; a game record says how game N of the schedule ended and where the
// PGN file ended after it. A process killed at any instant leaves at most
// a torn last line in the journal and a torn last game in the PGN file;
// --resume drops both (and any game the PGN file lost), rewrites the
// journal whole (a temporary file renamed over it), and plays the games
// that have no record, with the same openings and colours.

// journalName identifies a journal file; journalVersion is its format.
const (
	journalName    = "ox88 match journal"
	journalVersion = 1
)

// journalEntry is one line of the journal: exactly one field is set.
type journalEntry struct {
	Header *journalHeader `json:"header,omitempty"`
	Game   *journalGame   `json:"game,omitempty"`
	End    string         `json:"end,omitempty"` // why the match ended
}

// journalHeader is the journal's first line.
type journalHeader struct {
	Journal     string   `json:"journal"` // journalName
	Version     int      `json:"version"`
	Fingerprint string   `json:"fingerprint"` // SHA-256 of Settings
	Settings    []string `json:"settings"`    // config.settings
	Seed        uint64   `json:"seed"`
	Games       int      `json:"games"`    // games in the schedule
	PGNStart    int64    `json:"pgnStart"` // the PGN file's size when the match began
}

// journalGame records one finished game: what the result needs to count
// it again, and the PGN file's size once it was written.
type journalGame struct {
	Number      int            `json:"number"` // in the schedule, from 1
	Result      string         `json:"result"`
	Text        string         `json:"text"`
	Termination string         `json:"termination"`
	Fault       string         `json:"fault,omitempty"`
	Faulty      int            `json:"faulty,omitempty"`
	Restarts    int            `json:"restarts,omitempty"`
	Stats       [2]engineStats `json:"stats"` // White's, Black's
	PGNEnd      int64          `json:"pgnEnd,omitempty"`
}

// journal is a journal as read back: its header, its game records in
// order, and its end record, if any.
type journal struct {
	header journalHeader
	games  []journalGame
	end    string
}

// output is where finished games go: the PGN (a file, synced after each
// game, or a test's writer) and the journal.
type output struct {
	pgn      io.Writer
	pgnFile  *os.File // the PGN when it is a file
	pgnSize  int64    // its size
	journal  *os.File // open for appending, or nil
	ended    bool     // the journal has its end record
	pgnLabel string   // the PGN's name in messages
}

// openOutput opens the PGN file and the journal of cfg. For a resumed
// match it reads the journal, checks that it belongs to this match (and
// takes its seed unless --seed was given), repairs the files and returns
// the finished games by number. A new match refuses to overwrite the
// journal of an unfinished one.
func openOutput(cfg *config) (*output, map[int]*gameRecord, error) {
	o := &output{pgn: cfg.PGN, pgnLabel: cfg.PGNPath}
	total := len(cfg.pairings()) * cfg.Games
	var old *journal
	if cfg.JournalPath != "" {
		var err error
		if old, err = readJournal(cfg.JournalPath); err != nil {
			return nil, nil, err
		}
		switch {
		case cfg.Resume && old == nil:
			return nil, nil, fmt.Errorf("--resume: no journal %s", cfg.JournalPath)
		case cfg.Resume && !cfg.SeedGiven:
			cfg.Seed = old.header.Seed
		case !cfg.Resume && old != nil && old.end == "":
			return nil, nil, fmt.Errorf("%s holds an unfinished match (%d of %d games played): "+
				"add --resume to continue it, or remove the journal to start again",
				cfg.JournalPath, len(old.games), old.header.Games)
		}
		if !cfg.Resume {
			old = nil
		}
	}
	settings := cfg.settings()
	header := journalHeader{Journal: journalName, Version: journalVersion, Fingerprint: fingerprint(settings),
		Settings: settings, Seed: cfg.Seed, Games: total}
	var kept []journalGame
	if old != nil {
		if err := old.matches(header); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", cfg.JournalPath, err)
		}
		header, kept = old.header, old.games
	}
	if cfg.PGNPath != "" {
		f, err := os.OpenFile(cfg.PGNPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, nil, err
		}
		o.pgn, o.pgnFile = f, f
		if o.pgnSize, err = fileSize(f); err != nil {
			o.close()
			return nil, nil, err
		}
		if old == nil {
			header.PGNStart = o.pgnSize
		} else if kept, err = o.repairPGN(cfg, header.PGNStart, kept); err != nil {
			o.close()
			return nil, nil, err
		}
	}
	if cfg.JournalPath != "" {
		entries := []journalEntry{{Header: &header}}
		for i := range kept {
			entries = append(entries, journalEntry{Game: &kept[i]})
		}
		if old != nil && old.end != "" && len(kept) == len(old.games) {
			entries = append(entries, journalEntry{End: old.end})
			o.ended = true
		}
		if err := writeJournal(cfg.JournalPath, entries); err != nil {
			o.close()
			return nil, nil, err
		}
		f, err := os.OpenFile(cfg.JournalPath, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			o.close()
			return nil, nil, err
		}
		o.journal = f
	}
	done := map[int]*gameRecord{}
	for _, jg := range kept {
		if jg.Number < 1 || jg.Number > total || done[jg.Number] != nil {
			o.close()
			return nil, nil, fmt.Errorf("%s: game %d is not in the match or recorded twice", cfg.JournalPath, jg.Number)
		}
		done[jg.Number] = jg.record()
	}
	return o, done, nil
}

// repairPGN cuts the PGN file back to the end of the last game the journal
// recorded, dropping a game written but not recorded (the runner died
// between the two) or torn; records of games the file no longer holds
// whole are dropped with it, and those games are played again.
func (o *output) repairPGN(cfg *config, start int64, kept []journalGame) ([]journalGame, error) {
	if o.pgnSize < start {
		return nil, fmt.Errorf("%s is shorter (%d bytes) than when the match began (%d): it was replaced, so the match cannot resume",
			o.pgnLabel, o.pgnSize, start)
	}
	end, n := start, 0
	for n < len(kept) && kept[n].PGNEnd <= o.pgnSize {
		end = kept[n].PGNEnd
		n++
	}
	if n < len(kept) {
		fmt.Fprintf(cfg.Out, "%s lacks the last %d games the journal recorded (it was cut short): they are played again\n", o.pgnLabel, len(kept)-n)
	}
	if o.pgnSize > end {
		fmt.Fprintf(cfg.Out, "Dropped %d bytes of an unfinished game at the end of %s\n", o.pgnSize-end, o.pgnLabel)
		if err := o.pgnFile.Truncate(end); err != nil {
			return nil, err
		}
		if err := o.pgnFile.Sync(); err != nil {
			return nil, err
		}
		o.pgnSize = end
	}
	return kept[:n], nil
}

// write appends a finished game to the PGN (synced) and then records it in
// the journal (synced): once write returns, the game survives a crash.
func (o *output) write(cfg *config, rec *gameRecord) error {
	if o.pgn != nil {
		n, err := io.WriteString(o.pgn, pgnText(cfg, rec))
		o.pgnSize += int64(n)
		if err == nil && o.pgnFile != nil {
			err = o.pgnFile.Sync()
		}
		if err != nil {
			return fmt.Errorf("writing the PGN %s: %w", o.pgnLabel, err)
		}
	}
	jg := journalGame{Number: rec.number, Result: string(rec.outcome.Result), Text: rec.text, Termination: rec.termination,
		Fault: rec.fault, Faulty: rec.faulty, Restarts: rec.restarts, Stats: rec.stats}
	if o.pgnFile != nil {
		jg.PGNEnd = o.pgnSize
	}
	return o.append(journalEntry{Game: &jg})
}

// end records why the match ended, once.
func (o *output) end(reason string) error {
	if o.ended {
		return nil
	}
	o.ended = true
	return o.append(journalEntry{End: reason})
}

// append writes one journal line in one write and syncs it.
func (o *output) append(e journalEntry) error {
	if o.journal == nil {
		return nil
	}
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err := o.journal.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("writing the journal: %w", err)
	}
	if err := o.journal.Sync(); err != nil {
		return fmt.Errorf("writing the journal: %w", err)
	}
	return nil
}

// close closes the files.
func (o *output) close() {
	if o.pgnFile != nil {
		o.pgnFile.Close()
	}
	if o.journal != nil {
		o.journal.Close()
	}
}

// record turns a journal record back into the gameRecord the result
// counts; fromSetup adds where the game stands in the schedule.
func (jg journalGame) record() *gameRecord {
	return &gameRecord{outcome: game.Outcome{Result: game.Result(jg.Result)}, text: jg.Text, termination: jg.Termination,
		fault: jg.Fault, faulty: jg.Faulty, restarts: jg.Restarts, stats: jg.Stats}
}

// readJournal reads the journal at path; a missing file gives nil. The
// text after the last newline is a line the writer did not finish (it
// died mid-write) and is ignored; any other line that is not a record is
// an error.
func readJournal(path string) (*journal, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	lines := bytes.Split(data, []byte("\n"))
	lines = lines[:len(lines)-1] // after the last newline: empty, or torn
	j := &journal{}
	for i, line := range lines {
		var e journalEntry
		bad := json.Unmarshal(line, &e) != nil
		switch {
		case bad:
		case i == 0:
			bad = e.Header == nil || e.Header.Journal != journalName || e.Header.Version != journalVersion
			if !bad {
				j.header = *e.Header
			}
		case e.Game != nil && j.end == "" && validResult(e.Game.Result):
			j.games = append(j.games, *e.Game)
		case e.End != "" && j.end == "":
			j.end = e.End
		default:
			bad = true
		}
		if bad {
			return nil, fmt.Errorf("%s: line %d is not a record of an ox88 match journal", path, i+1)
		}
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: not an ox88 match journal (no header)", path)
	}
	return j, nil
}

// validResult reports whether s is the result of a finished game.
func validResult(s string) bool {
	switch game.Result(s) {
	case game.WhiteWins, game.BlackWins, game.Draw:
		return true
	}
	return false
}

// matches reports how the journal's match differs from the one header
// describes, or nil when they are the same.
func (j *journal) matches(h journalHeader) error {
	if j.header.Fingerprint == h.Fingerprint {
		return nil
	}
	old, cur := j.header.Settings, h.Settings
	for i := range max(len(old), len(cur)) {
		a, b := "(nothing)", "(nothing)"
		if i < len(old) {
			a = old[i]
		}
		if i < len(cur) {
			b = cur[i]
		}
		if a != b {
			return fmt.Errorf("the journal's match differs from this command's:\n  journal: %s\n  command: %s\n"+
				"resume with the flags the match began with", a, b)
		}
	}
	return fmt.Errorf("the journal's fingerprint %s does not match its settings", j.header.Fingerprint)
}

// writeJournal replaces the journal at path with entries, atomically
// (package atomicfile): a crash leaves the old journal or the new one.
func writeJournal(path string, entries []journalEntry) error {
	err := atomicfile.Write(path, func(w io.Writer) error {
		for _, e := range entries {
			line, err := json.Marshal(e)
			if err != nil {
				return err
			}
			if _, err := w.Write(append(line, '\n')); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("writing the journal %s: %w", path, err)
	}
	return nil
}

// fileSize returns the size of an open file.
func fileSize(f *os.File) (int64, error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// settings lists what decides the match's games, one line each, for the
// journal: the same settings and seed give the same schedule, openings,
// colours and limits; and the PGN file the games go to. The concurrency,
// the debug log and the live line are not among them: a match may resume
// with another --concurrency.
func (c *config) settings() []string {
	var s []string
	add := func(format string, args ...any) { s = append(s, fmt.Sprintf(format, args...)) }
	for i, e := range c.Engines {
		add("engine %d: name=%q cmd=%q args=%q dir=%q proto=%s options=%q limits=%q",
			i+1, e.Name, e.Cmd, e.Args, e.Dir, e.Proto, e.Options, e.Limits.describe())
	}
	add("tournament %s, %d games a pairing", c.Tournament, c.Games)
	order := "sequential"
	if c.RandomOrder {
		order = "random"
	}
	h := sha256.New()
	for _, op := range c.Openings {
		fmt.Fprintf(h, "%s %s\n", op.FEN, strings.Join(op.Moves, " "))
	}
	add("openings: %d, SHA-256 %x, %s order, seed %d", len(c.Openings), h.Sum(nil)[:8], order, c.Seed)
	add("margin %v, timeout %v", c.Margin, c.HangTimeout)
	add("adjudication %+v", c.Adjudication)
	sprt := "none"
	if c.SPRT != nil {
		sprt = c.SPRT.String()
	}
	add("sprt %s", sprt)
	add("telemetry %v, event %q, pgnout %q", c.Telemetry, c.Event, c.PGNPath)
	return s
}

// fingerprint returns the SHA-256 of settings, in hex.
func fingerprint(settings []string) string {
	return fmt.Sprintf("%x", sha256.Sum256([]byte(strings.Join(settings, "\n"))))
}

// pgnText returns a finished game in PGN with cutechess-cli's tags, the
// ECO and Opening tags (the openings file's, or else named from the
// game's moves by opening.Classify), and each engine's telemetry summary
// in the WhiteTelemetry and BlackTelemetry tags. When the engines have different time controls, WhiteTimeControl
// and BlackTimeControl replace TimeControl, as cutechess-cli writes them.
func pgnText(cfg *config, rec *gameRecord) string {
	g := rec.g
	event := cfg.Event
	if event == "" {
		event = "ox88 match"
	}
	g.SetTag("Event", event)
	g.SetTag("Site", "?")
	g.SetTag("Date", time.Now().Format("2006.01.02"))
	g.SetTag("Round", fmt.Sprint(rec.pair+1))
	g.SetTag("White", cfg.Engines[rec.white].Name)
	g.SetTag("Black", cfg.Engines[rec.black].Name)
	g.SetTag("PlyCount", fmt.Sprint(g.Len()))
	g.SetTag("Termination", rec.termination)
	wtc, btc := cfg.Engines[rec.white].Limits.PGN(), cfg.Engines[rec.black].Limits.PGN()
	if wtc == btc {
		g.SetTag("TimeControl", wtc)
	} else {
		g.SetTag("WhiteTimeControl", wtc)
		g.SetTag("BlackTimeControl", btc)
	}
	g.SetTag("WhiteTelemetry", rec.stats[0].String())
	g.SetTag("BlackTelemetry", rec.stats[1].String())
	start := g.Start()
	opening.Classify(&start, g.AllMoves()).SetTags(g) // unless the openings file named it
	return g.PGN() + "\n"
}
