package web

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"ox88/play/playtest"
	"ox88/web/internal/webtest"
)

// TestSharedScripts plays playtest's scripts through the browser's API;
// tui's TestSharedScripts plays them through the terminal game's keys,
// and both must end with the same game.
func TestSharedScripts(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	for n, sc := range playtest.Scripts {
		t.Run(sc.Name, func(t *testing.T) {
			sid := fmt.Sprintf("shared-script-%d", n)
			body := func(kv string) string { return `{"sid":"` + sid + `"` + kv + `}` }
			var st stateJSON
			call := func(path, kv string, refused bool) {
				t.Helper()
				if code := webtest.Call(t, ts, "POST", path, body(kv), &st); (code != 200) != refused {
					t.Fatalf("%s %s: %d, want refused %v", path, kv, code, refused)
				}
			}
			call("/api/settings", fmt.Sprintf(`,"level":%d,"human":%q`, sc.Level, sc.Players.Name()), false)
			if sc.FEN != "" {
				call("/api/import", fmt.Sprintf(`,"fen":%q`, sc.FEN), false)
			} else {
				call("/api/new", "", false)
			}
			for i, step := range sc.Steps {
				switch step.Do {
				case "move":
					call("/api/move", fmt.Sprintf(`,"move":%q`, step.Move), step.Refused)
				case "ox88":
					webtest.Call(t, ts, "GET", "/api/state?sid="+sid, "", &st)
					if !st.Engine || len(st.Legal) != 1 {
						t.Fatalf("step %d: engine to move %v, %d legal moves: want ox88 to move, its move forced", i, st.Engine, len(st.Legal))
					}
					evs := webtest.Events(t, ts, "/api/think?sid="+sid+"&turn="+st.Turn, "done", "fail")
					if len(evs) == 0 || evs[len(evs)-1].Name != "done" {
						t.Fatalf("step %d: think: %v", i, evs)
					}
					waitIdle(t, s)
				case "undo", "redo", "resign":
					call("/api/"+step.Do, "", step.Refused)
				}
			}
			webtest.Call(t, ts, "GET", "/api/state?sid="+sid, "", &st)
			got := playtest.Game{Moves: strings.Join(st.Moves, " "), Ply: st.Ply, Outcome: st.Outcome.Text,
				Result: pgnTag(st.PGN, "Result"), White: pgnTag(st.PGN, "White"), Black: pgnTag(st.PGN, "Black")}
			if want := sc.Want(); got != want {
				t.Fatalf("got  %+v\nwant %+v", got, want)
			}
		})
	}
}

// pgnTag returns the value of tag name in pgn.
func pgnTag(pgn, name string) string {
	m := regexp.MustCompile(`\[` + name + ` ("(?:[^"\\]|\\.)*")\]`).FindStringSubmatch(pgn)
	if m == nil {
		return ""
	}
	var v string
	_ = json.Unmarshal([]byte(m[1]), &v)
	return v
}
