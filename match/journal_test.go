package match

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"ox88/game"
	"ox88/match/internal/fakeengine"
)

// runnerFlag, as the first argument of the test binary, makes it an
// "ox88 match" runner with the arguments that follow, stopped by SIGINT
// or SIGTERM as the command is (see TestMain).
const runnerFlag = "--match-runner"

// resumeArgs is a match of 24 games between two deterministic fake
// engines, alpha and beta; beta plays an illegal move in about a third of
// its games, so the results vary from game to game.
func resumeArgs(pgn string) []string {
	return []string{
		"--engine", "cmd=" + os.Args[0], "args=" + fakeFlag + fakeengine.UCI, "name=alpha",
		"--engine", "cmd=" + os.Args[0], "args=" + fakeFlag + fakeengine.Flaky, "name=beta",
		"--nodes", "1000", "--games", "24", "--maxmoves", "40", "--concurrency", "2",
		"--openings", "file=../testdata/openings-8moves-100.epd", "order=random", "--seed", "11",
		"--sprt", "elo0=-400", "elo1=400", "alpha=0.001", "beta=0.001",
		"--telemetry", "--pgnout", pgn,
	}
}

// TestKillAndResume plays a match three ways and compares the ends: an
// uninterrupted run (the reference); and the same match in a runner
// process killed with SIGKILL after a few games, whose PGN and journal
// then get a torn last entry each, resumed in a second runner that is
// stopped with SIGINT (Ctrl-C) a few games later, whose PGN is then cut in
// the middle of its last game, resumed to the end. The final report (the
// statistics, the SPRT, each engine's telemetry but its times) and the set
// of games in the PGN (but their times and dates) must equal the
// reference's.
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("three matches of 24 games: not in -short")
	}
	dir := t.TempDir()
	refPGN, pgn := filepath.Join(dir, "ref.pgn"), filepath.Join(dir, "games.pgn")
	journal := pgn + ".journal"
	var refOut bytes.Buffer
	if code := Main(context.Background(), resumeArgs(refPGN), &refOut, io.Discard, nil); code != 0 {
		t.Fatalf("reference run: status %d\n%s", code, refOut.String())
	}

	// 1. SIGKILL after five games, then torn tails.
	runner := startRunner(t, resumeArgs(pgn))
	waitForGames(t, journal, 5)
	runner.cmd.Process.Kill()
	runner.cmd.Wait()
	recs := readRecords(t, journal)
	if len(recs) >= 24 {
		t.Fatalf("the runner finished before it was killed")
	}
	size := fileLen(t, pgn)
	tornGame := "[Event \"ox88 match\"]\n[Site \"?\"]\n\n1. e4 {d=3 nodes=100"
	appendTo(t, pgn, tornGame)
	appendTo(t, journal, `{"game":{"number":24,"resu`)
	wantDropped := size - recs[len(recs)-1].PGNEnd + int64(len(tornGame))

	// 2. Resume; SIGINT a few games later.
	runner = startRunner(t, append(resumeArgs(pgn), "--resume"))
	waitForGames(t, journal, len(recs)+4)
	runner.cmd.Process.Signal(syscall.SIGINT)
	err := runner.cmd.Wait()
	out := runner.out.String()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("after SIGINT: %v, want exit status 130\n%s", err, out)
	}
	for _, want := range []string{
		fmt.Sprintf("Resuming the match of %s: %d of 24 games played\n", journal, len(recs)),
		fmt.Sprintf("Dropped %d bytes of an unfinished game at the end of %s\n", wantDropped, pgn),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the resumed runner did not say %q:\n%s", want, out)
		}
	}
	recs = readRecords(t, journal)
	if want := fmt.Sprintf("Match interrupted after %d games: the result so far.\n", len(recs)); !strings.Contains(out, want) {
		t.Errorf("after SIGINT, want %q (the journal's count) in\n%s", want, out)
	}
	if !strings.Contains(out, "the same command with --resume goes on with it") {
		t.Errorf("no word on --resume after the interruption:\n%s", out)
	}
	if got, want := fileLen(t, pgn), recs[len(recs)-1].PGNEnd; got != want {
		t.Errorf("after SIGINT the PGN holds %d bytes, the journal says %d", got, want)
	}

	// 3. Cut the PGN inside its last game; resume to the end.
	if err := os.Truncate(pgn, recs[len(recs)-1].PGNEnd-10); err != nil {
		t.Fatal(err)
	}
	var last bytes.Buffer
	if code := Main(context.Background(), append(resumeArgs(pgn), "--resume"), &last, io.Discard, nil); code != 0 {
		t.Fatalf("last run: status %d\n%s", code, last.String())
	}
	if want := fmt.Sprintf("%s lacks the last 1 games the journal recorded (it was cut short): they are played again\n", pgn); !strings.Contains(last.String(), want) {
		t.Errorf("want %q in\n%s", want, last.String())
	}

	if got, want := finalReport(last.String()), finalReport(refOut.String()); got != want {
		t.Errorf("the resumed match's report differs from the uninterrupted one's:\n%s\nwant\n%s", got, want)
	}
	gotGames, wantGames := gameSet(t, pgn), gameSet(t, refPGN)
	if len(wantGames) != 24 || len(gotGames) != 24 {
		t.Fatalf("%d games in the reference PGN, %d in the resumed one; want 24", len(wantGames), len(gotGames))
	}
	for k, g := range wantGames {
		if gotGames[k] != g {
			t.Errorf("game %s differs:\n%s\nwant\n%s", k, gotGames[k], g)
		}
	}
	if !strings.Contains(refOut.String(), "Score of alpha vs beta: ") || strings.Count(refOut.String(), "makes an illegal move") == 0 {
		t.Errorf("the reference match should have decisive games:\n%s", refOut.String())
	}
}

// TestJournalRefusals: a new match does not overwrite the journal of an
// unfinished one, and --resume needs a journal.
func TestJournalRefusals(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "g.pgn")
	journal := pgn + ".journal"
	entries := []journalEntry{{Header: &journalHeader{Journal: journalName, Version: journalVersion, Games: 24}},
		{Game: &journalGame{Number: 1, Result: "1-0"}}}
	if err := writeJournal(journal, entries); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"unfinished match", resumeArgs(pgn), journal + " holds an unfinished match (1 of 24 games played): add --resume to continue it, or remove the journal to start again"},
		{"no journal", append(resumeArgs(filepath.Join(dir, "new.pgn")), "--resume"), "--resume: no journal " + filepath.Join(dir, "new.pgn.journal")},
		{"no file named", append(resumeArgs(""), "--resume"), "--resume needs the match's journal: give --pgnout or --journal as before"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if code := Main(context.Background(), tc.args, io.Discard, &stderr, nil); code != 2 || stderr.String() != "ox88 match: "+tc.err+"\n" {
				t.Errorf("status %d, stderr %q; want 2 and %q", code, stderr.String(), tc.err)
			}
		})
	}
	appendTo(t, journal, "not json\n")
	var stderr bytes.Buffer
	want := "ox88 match: " + journal + ": line 3 is not a record of an ox88 match journal\n"
	if code := Main(context.Background(), append(resumeArgs(pgn), "--resume"), io.Discard, &stderr, nil); code != 2 || stderr.String() != want {
		t.Errorf("a corrupt journal: status %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
}

// runner is a match runner process and its output.
type runner struct {
	cmd *exec.Cmd
	out *bytes.Buffer
}

// startRunner starts the test binary as a match runner with args.
func startRunner(t *testing.T, args []string) runner {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{runnerFlag}, args...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	return runner{cmd, &out}
}

// waitForGames waits until the journal records n games.
func waitForGames(t *testing.T, journal string, n int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		data, _ := os.ReadFile(journal)
		if bytes.Count(data, []byte(`{"game":`)) >= n {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the journal never recorded %d games", n)
}

// readRecords returns the journal's game records (a torn last line left out).
func readRecords(t *testing.T, journal string) []journalGame {
	t.Helper()
	j, err := readJournal(journal)
	if err != nil || j == nil {
		t.Fatalf("reading the journal: %v", err)
	}
	return j.games
}

func fileLen(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString(text)
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
}

// times matches what differs between two runs of the same games: the
// times of moves and of whole games, nodes a second, and the date.
var times = regexp.MustCompile(`\d+\.\d\ds|nps=\d+|\[Date "[^"]*"\]`)

// finalReport returns the report at the end of a match's output, from the
// telemetry on, with the times masked.
func finalReport(out string) string {
	i := strings.Index(out, "\nTelemetry (")
	if i < 0 {
		return "(no report)"
	}
	return times.ReplaceAllString(out[i:], "T")
}

// gameSet reads a PGN file into its games by round and white player, each
// written out again with the times masked.
func gameSet(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := game.ParsePGN(string(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	set := map[string]string{}
	for _, g := range games {
		g.GoTo(g.Len())
		set[g.Tag("Round")+" "+g.Tag("White")] = times.ReplaceAllString(g.PGN(), "T")
	}
	return set
}

// TestJournalLines pins the journal's line format that docs/ENGINE.md
// describes.
func TestJournalLines(t *testing.T) {
	jg := journalGame{Number: 3, Result: "1-0", Text: "White mates", Termination: "normal", PGNEnd: 1713,
		Stats: [2]engineStats{{Moves: 2, Book: 1, Nodes: 300, Peak: 200, Time: time.Second, Depths: map[int]int{3: 2}}, {}}}
	line, _ := json.Marshal(journalEntry{Game: &jg})
	want := `{"game":{"number":3,"result":"1-0","text":"White mates","termination":"normal","stats":[` +
		`{"moves":2,"book":1,"nodes":300,"peak":200,"time":1000000000,"depths":{"3":2},"mate":0},` +
		`{"moves":0,"book":0,"nodes":0,"peak":0,"time":0,"mate":0}],"pgnEnd":1713}}`
	if string(line) != want {
		t.Errorf("got  %s\nwant %s", line, want)
	}
	if got := jg.Stats[0].String(); got != "moves=2 book=1 nodes=300 peak=200 nps=300 time=1.00s depths=3:2 mate=0" {
		t.Errorf("summary %q", got)
	}
}
