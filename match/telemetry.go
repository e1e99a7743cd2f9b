package match

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Telemetry: what the runner records of the engines' thinking, per move
// in the PGN comments and per engine in a summary (engineStats) at the
// end of each game (the PGN's WhiteTelemetry and BlackTelemetry tags) and
// of the match (the report). docs/ENGINE.md Part VIII §7 gives the format
// for programs that read it back.

// bookComment marks a move that came from a book: the opening's moves, and
// the moves an engine took from its own book (ox88 says "info string book
// move"), as cutechess-cli marks them.
const bookComment = "book"

// moveComment writes a move's comment: cutechess-cli's "{+0.31/12 0.52s}",
// or with telemetry the micro-Max style "{d=12 nodes=… score=… tt=… bal=…
// diff=… 0.52s}" (fields the engine did not report are left out); a
// move from the engine's own book is "{book}".
func moveComment(r moveReply, telemetry bool) string {
	if r.info.book {
		return bookComment
	}
	secs := fmt.Sprintf("%.2fs", r.elapsed.Seconds())
	in := r.info
	if telemetry {
		var parts []string
		if in.depth > 0 {
			parts = append(parts, fmt.Sprintf("d=%d", in.depth))
		}
		if in.nodes > 0 {
			parts = append(parts, fmt.Sprintf("nodes=%d", in.nodes))
		}
		if in.hasScore {
			parts = append(parts, "score="+formatCP(in))
		}
		if in.hasTT {
			parts = append(parts, fmt.Sprintf("tt=%d", in.tt))
		}
		if in.hasBal {
			parts = append(parts, fmt.Sprintf("bal=%+d", in.bal))
		}
		if in.hasDiff {
			parts = append(parts, fmt.Sprintf("diff=%+d", in.diff))
		}
		return strings.Join(append(parts, secs), " ")
	}
	if !in.hasScore {
		return secs
	}
	var score string
	switch {
	case in.mate > 0:
		score = fmt.Sprintf("+M%d", in.mate)
	case in.mate < 0:
		score = fmt.Sprintf("-M%d", -in.mate)
	default:
		score = fmt.Sprintf("%+.2f", float64(in.score)/100)
	}
	return fmt.Sprintf("%s/%d %s", score, in.depth, secs)
}

// formatCP writes a score in centipawns ("+31") or as a mate ("M5", "-M3").
func formatCP(in searchInfo) string {
	switch {
	case in.mate > 0:
		return fmt.Sprintf("M%d", in.mate)
	case in.mate < 0:
		return fmt.Sprintf("-M%d", -in.mate)
	}
	return fmt.Sprintf("%+d", in.score)
}

// engineStats sums one engine's thinking over a game or a match. Book
// moves count only as book moves; the rest come from the engine's last
// report for each move it searched.
type engineStats struct {
	Moves  int           `json:"moves"`            // moves it searched
	Book   int           `json:"book"`             // book moves played for it
	Nodes  uint64        `json:"nodes"`            // nodes over its searched moves
	Peak   uint64        `json:"peak"`             // most nodes in one move
	Time   time.Duration `json:"time"`             // its thinking time, as the runner measured it
	Depths map[int]int   `json:"depths,omitempty"` // searched moves by the depth reached
	Mate   int           `json:"mate"`             // moves with a mate score: the mate zone
}

// addMove counts one move the engine played.
func (s *engineStats) addMove(r moveReply) {
	s.Time += r.elapsed
	if r.info.book {
		s.Book++
		return
	}
	s.Moves++
	s.Nodes += r.info.nodes
	s.Peak = max(s.Peak, r.info.nodes)
	if r.info.depth > 0 {
		if s.Depths == nil {
			s.Depths = map[int]int{}
		}
		s.Depths[r.info.depth]++
	}
	if r.info.mate != 0 {
		s.Mate++
	}
}

// add sums o into s.
func (s *engineStats) add(o engineStats) {
	s.Moves += o.Moves
	s.Book += o.Book
	s.Nodes += o.Nodes
	s.Peak = max(s.Peak, o.Peak)
	s.Time += o.Time
	s.Mate += o.Mate
	for d, n := range o.Depths {
		if s.Depths == nil {
			s.Depths = map[int]int{}
		}
		s.Depths[d] += n
	}
}

// nps returns the nodes searched per second of thinking time.
func (s engineStats) nps() uint64 {
	if s.Time <= 0 {
		return 0
	}
	return uint64(float64(s.Nodes) / s.Time.Seconds())
}

// String writes the summary as key=value words, in this order:
// "moves=40 book=8 nodes=1234567 peak=56000 nps=812345 time=31.52s
// depths=5:3,6:10,7:27 mate=2" (depths: depth:moves, by depth; "-" when
// no move reported a depth).
func (s engineStats) String() string {
	depths := make([]int, 0, len(s.Depths))
	for d := range s.Depths {
		depths = append(depths, d)
	}
	sort.Ints(depths)
	hist := make([]string, len(depths))
	for i, d := range depths {
		hist[i] = fmt.Sprintf("%d:%d", d, s.Depths[d])
	}
	if len(hist) == 0 {
		hist = []string{"-"}
	}
	return fmt.Sprintf("moves=%d book=%d nodes=%d peak=%d nps=%d time=%.2fs depths=%s mate=%d",
		s.Moves, s.Book, s.Nodes, s.Peak, s.nps(), s.Time.Seconds(), strings.Join(hist, ","), s.Mate)
}
