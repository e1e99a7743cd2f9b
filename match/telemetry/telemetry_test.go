package telemetry

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ox88/chess"
)

// readSample reads testdata/sample.pgn: game 1 is a real `ox88 match
// --telemetry` game (two ox88s at 2000 nodes, adjudicated at move 40,
// openings without comments); game 2 is written by hand in the newer
// format, with {book} marks, the summary tags and a mate.
func readSample(t *testing.T) []Game {
	t.Helper()
	f, err := os.Open("testdata/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	return games
}

// TestReadSample checks the numbers of chosen moves against the comments
// in the file.
func TestReadSample(t *testing.T) {
	games := readSample(t)
	g := games[0]
	if g.Number != 1 || g.White != "ox88a" || g.Result != "1/2-1/2" || g.Termination != "adjudication" || len(g.Moves) != 80 {
		t.Fatalf("game 1: %s", g)
	}
	if m := g.Moves[3]; m.Searched || m.Book || m.SAN != "2... c6" { // an opening move: no comment
		t.Errorf("ply 4: %+v", m)
	}
	d4 := g.Moves[4] // 3. d4 {d=5 nodes=1435 score=+29 tt=425 bal=+0 diff=+29 0.00s}
	if !d4.Searched || d4.SAN != "3. d4" || d4.Number != 3 || d4.Side != chess.White || d4.Depth != 5 || d4.Nodes != 1435 ||
		!d4.HasScore || d4.Score != 29 || d4.TT != 425 || !d4.HasBal || d4.Bal != 0 || d4.Diff != 29 || d4.Time != 0 {
		t.Errorf("3. d4: %+v", d4)
	}
	nxg6 := g.Moves[18] // 10. Nxg6 {d=4 nodes=1349 score=+57 tt=128 bal=-100 diff=+157 0.00s}: a bishop for a pawn down
	if nxg6.SAN != "10. Nxg6" || nxg6.Bal != -100 || nxg6.Diff != 157 || nxg6.Material != 200 || nxg6.WhiteScore() != 57 {
		t.Errorf("10. Nxg6: %+v", nxg6)
	}
	hxg6 := g.Moves[19] // Black's score -76 is White's +76
	if hxg6.Score != -76 || hxg6.WhiteScore() != 76 || hxg6.Material != -100 || hxg6.Time != 10*time.Millisecond {
		t.Errorf("10... hxg6: %+v", hxg6)
	}
	last := g.Moves[79]
	if last.Score != -181 || last.Nodes != 1960 || last.Ending != "Draw by adjudication: maximum number of moves" {
		t.Errorf("40... c5: %+v", last)
	}

	g = games[1]
	if g.Summary[chess.White] != "moves=2 book=2 nodes=2025 peak=2000 nps=202500 time=0.01s depths=1:1,7:1 mate=1" ||
		!strings.HasPrefix(g.Summary[chess.Black], "moves=2 book=1 ") {
		t.Errorf("summaries %q", g.Summary)
	}
	for i := range 3 {
		if !g.Moves[i].Book || g.Moves[i].Searched {
			t.Errorf("ply %d is not a book move: %+v", i+1, g.Moves[i])
		}
	}
	if nf6 := g.Moves[5]; nf6.HasTT || nf6.HasBal || nf6.Score != 20 || nf6.WhiteScore() != -20 {
		t.Errorf("3... Nf6 (no tt, bal, diff): %+v", nf6)
	}
	mate := g.Moves[6]
	if mate.Mate != 1 || mate.WhiteScore() != MateCP || mate.Material != 100 || mate.Ending != "White mates" {
		t.Errorf("4. Qxf7#: %+v", mate)
	}
}

// TestParseComment reads each form of comment, and refuses what is none.
func TestParseComment(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
		want Move
	}{
		{"score", "+0.31/12 0.52s", Move{Searched: true, Score: 31, HasScore: true, Depth: 12, Time: 520 * time.Millisecond}},
		{"mate and ending", "-M3/20 1.50s, Black mates", Move{Searched: true, Mate: -3, HasScore: true, Depth: 20, Time: 1500 * time.Millisecond, Ending: "Black mates"}},
		{"zero time", "-0.05/1 0.00s", Move{Searched: true, Score: -5, HasScore: true, Depth: 1}},
		{"time only", "0.52s", Move{Searched: true, Time: 520 * time.Millisecond}},
		{"telemetry", "d=9 nodes=7 score=M5 tt=0 bal=-300 diff=+12 future=1 2.00s", Move{Searched: true, Depth: 9, Nodes: 7, Mate: 5,
			HasScore: true, HasTT: true, Bal: -300, HasBal: true, Diff: 12, HasDiff: true, Time: 2 * time.Second}},
		{"book", "book", Move{Book: true}},
		{"words", "a fine move", Move{}},
		{"bad depth", "d=x 0.10s", Move{}},
		{"score without time", "score=+31", Move{}},
		{"empty", "", Move{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ParseComment(c.text); got != c.want {
				t.Errorf("ParseComment(%q) =\n%+v, want\n%+v", c.text, got, c.want)
			}
		})
	}
}

// TestTable checks the heading, a summary line and two rows of game 2.
func TestTable(t *testing.T) {
	var b strings.Builder
	if err := WriteTable(&b, readSample(t)[1:]); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	want := map[int]string{
		0:  "Game 2: ox88a - weak, 1-0 (normal), 7 plies",
		1:  "  White ox88a: moves=2 book=2 nodes=2025 peak=2000 nps=202500 time=0.01s depths=1:1,7:1 mate=1",
		4:  "   1  1. e4          book                                                              +0",
		10: "   7  4. Qxf7#          1        25     M1     M1     +0              3   0.00s      +100",
	}
	for i, w := range want {
		if i >= len(lines) || lines[i] != w {
			t.Errorf("line %d:\n%q, want\n%q\n%s", i, lines[min(i, len(lines)-1)], w, b.String())
		}
	}
}

// polyline is what the test reads of an SVG polyline.
type polyline struct {
	Class  string `xml:"class,attr"`
	Points string `xml:"points,attr"`
}

// TestSVG: the SVG is well-formed XML, has one block per game and one
// polyline per series with a point per move that has the value.
func TestSVG(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSVG(&b, readSample(t)); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name `xml:"svg"`
		Games   []struct {
			ID        string     `xml:"id,attr"`
			Polylines []polyline `xml:"polyline"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not well-formed: %v", err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("token: %v", err)
		}
	}
	if len(doc.Games) != 2 || doc.Games[0].ID != "game-1" {
		t.Fatalf("%d game blocks", len(doc.Games))
	}
	// Game 1: 76 searched moves (38 each), 80 plies of material. Game 2:
	// 4 searched moves, 2 each. Each engine's score is a line of its own
	// (one line alternating between them zigzagged).
	wantPoints := [2]map[string]int{
		{"score-white": 38, "score-black": 38, "material": 80, "depth-white": 38, "depth-black": 38, "nodes-white": 38, "nodes-black": 38},
		{"score-white": 2, "score-black": 2, "material": 7, "depth-white": 2, "depth-black": 2, "nodes-white": 2, "nodes-black": 2},
	}
	for i, g := range doc.Games {
		seen := map[string]int{}
		for _, p := range g.Polylines {
			seen[p.Class]++
			if n := len(strings.Fields(p.Points)); n != wantPoints[i][p.Class] {
				t.Errorf("game %d, %s: %d points, want %d", i+1, p.Class, n, wantPoints[i][p.Class])
			}
		}
		for class := range wantPoints[i] {
			if seen[class] != 1 {
				t.Errorf("game %d: %d polylines of %s, want 1", i+1, seen[class], class)
			}
		}
		if len(g.Polylines) != len(wantPoints[i]) {
			t.Errorf("game %d: %d polylines", i+1, len(g.Polylines))
		}
	}
}

// chromiumPath is Debian's chromium (apt-get install chromium).
const chromiumPath = "/usr/bin/chromium"

// TestSVGInChromium opens the SVG in headless Chromium: the DOM it parsed
// has no parser error, and a screenshot is a PNG (kept in a temporary
// folder whose path the test logs).
func TestSVGInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("browser test skipped: %s not found (apt-get install -y chromium)", chromiumPath)
	}
	dir := t.TempDir()
	svg := filepath.Join(dir, "telemetry.svg")
	var b bytes.Buffer
	WriteSVG(&b, readSample(t))
	if err := os.WriteFile(svg, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	chromium := func(args ...string) []byte {
		args = append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"}, args...)
		out, err := exec.CommandContext(ctx, chromiumPath, append(args, "file://"+svg)...).Output()
		if err != nil {
			t.Fatalf("chromium %v: %v", args, err)
		}
		return out
	}
	if dom := chromium("--dump-dom"); !bytes.Contains(dom, []byte("<polyline")) || bytes.Contains(dom, []byte("parsererror")) {
		t.Fatalf("chromium did not parse the SVG:\n%.600s", dom)
	}
	shots, err := os.MkdirTemp("", "ox88-telemetry-screenshot-")
	if err != nil {
		t.Fatal(err)
	}
	png := filepath.Join(shots, "telemetry.png")
	chromium("--window-size=960,1368", "--screenshot="+png)
	data, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("no PNG screenshot: %v", err)
	}
	t.Logf("screenshot: %s", png)
}
