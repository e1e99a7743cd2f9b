package lab

import (
	"context"
	_ "embed"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
	"ox88/search"
	"ox88/web/internal/wire"
)

// perftStandardEPD is a copy of testdata/perft-standard.epd (a test keeps
// the two equal): the positions and counts published on the Chess
// Programming Wiki's "Perft Results" page.
//
//go:embed perft-standard.epd
var perftStandardEPD string

// perftNames names the lines of perft-standard.epd in order, as the wiki does.
var perftNames = []string{"Initial position", "Kiwipete", "Position 3", "Position 4",
	"Position 4 (mirrored)", "Position 5", "Position 6"}

// perftPosition is one position of the standard set with its known counts.
type perftPosition struct {
	Name   string   `json:"name"`
	FEN    string   `json:"fen"`
	Counts []uint64 `json:"counts"` // Counts[d-1] is the count at depth d
}

// perftPositions is the standard set, read once from the embedded file.
var perftPositions = mustParsePerftEPD(perftStandardEPD)

// parsePerftEPD reads lines of "FEN ;D1 n ;D2 n ...", the counts in order
// of depth.
func parsePerftEPD(text string) ([]perftPosition, error) {
	epds, err := chess.ReadEPD(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	out := make([]perftPosition, len(epds))
	for i, e := range epds {
		out[i] = perftPosition{Name: "Position " + strconv.Itoa(i+1), FEN: e.Pos.FEN()}
		if i < len(perftNames) {
			out[i].Name = perftNames[i]
		}
		for d, c := range e.Perft {
			if c.Depth != d+1 {
				return nil, fmt.Errorf("perft EPD line %d: want ;D1 n ;D2 n ... in order", e.Line)
			}
			out[i].Counts = append(out[i].Counts, c.Nodes)
		}
	}
	return out, nil
}

func mustParsePerftEPD(text string) []perftPosition {
	p, err := parsePerftEPD(text)
	if err != nil {
		panic(err)
	}
	return p
}

// maxPerftDepth bounds the depth the page may ask for: depth 7 from the
// start position is 3.2 billion leaves, minutes here, and can be cancelled.
const maxPerftDepth = 7

func (l *lab) handlePerftPositions(w http.ResponseWriter, r *http.Request) {
	wire.JSON(w, http.StatusOK, map[string]any{"positions": perftPositions, "maxDepth": maxPerftDepth})
}

// perftProgress is sent after each root move.
type perftProgress struct {
	Done   int    `json:"done"`  // root moves counted
	Total  int    `json:"total"` // root moves
	Move   string `json:"move"`  // the root move just counted, in SAN
	Count  uint64 `json:"count"` // its leaves
	Nodes  uint64 `json:"nodes"` // leaves so far
	TimeMS int64  `json:"timeMs"`
	NPS    uint64 `json:"nps"`
}

// perftResult is the final event.
type perftResult struct {
	Nodes    uint64        `json:"nodes"`
	Expected uint64        `json:"expected"` // 0: no published count
	Match    bool          `json:"match"`
	TimeMS   int64         `json:"timeMs"`
	NPS      uint64        `json:"nps"`
	Divide   []divideEntry `json:"divide"`
}

type divideEntry struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// handlePerft counts the move tree of a standard position (pos=index) or a
// FEN (fen=...) to depth, streaming "progress" after each root move and
// "done" at the end. Closing the stream (the page's Cancel) stops it.
func (l *lab) handlePerft(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	depth, err := strconv.Atoi(q.Get("depth"))
	if err != nil || depth < 1 || depth > maxPerftDepth {
		wire.Error(w, http.StatusBadRequest, "depth: want 1 to "+strconv.Itoa(maxPerftDepth))
		return
	}
	var pos *chess.Position
	var expected uint64
	if fen := q.Get("fen"); fen != "" {
		if pos, err = chess.ParseFEN(fen); err != nil {
			wire.Error(w, http.StatusBadRequest, "FEN: "+err.Error())
			return
		}
	} else {
		i, err := strconv.Atoi(q.Get("pos"))
		if err != nil || i < 0 || i >= len(perftPositions) {
			wire.Error(w, http.StatusBadRequest, "pos: want a position index 0 to "+strconv.Itoa(len(perftPositions)-1)+" or a fen")
			return
		}
		p := perftPositions[i]
		pos, _ = chess.ParseFEN(p.FEN)
		if depth <= len(p.Counts) {
			expected = p.Counts[depth-1]
		}
	}
	eng, ok := l.host.Acquire(w, r)
	if !ok {
		return
	}
	defer l.host.Release(eng)

	es := wire.NewStream(w)
	res, ok := runPerft(r.Context(), pos, depth, func(p perftProgress) bool { return es.Send("progress", p) })
	if !ok {
		return
	}
	res.Expected = expected
	res.Match = expected == 0 || expected == res.Nodes
	es.Send("done", res)
}

// runPerft counts pos's tree to depth, calling progress after each root
// move. It stops early, returning false, when ctx ends or progress returns
// false.
func runPerft(ctx context.Context, pos *chess.Position, depth int, progress func(perftProgress) bool) (perftResult, bool) {
	start := time.Now()
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	res := perftResult{Divide: []divideEntry{}}
	for i, m := range ml.Slice() {
		san := pos.SAN(m)
		u := pos.MakeMove(m)
		n, ok := perftCancel(ctx, pos, depth-1)
		pos.UnmakeMove(m, u)
		if !ok {
			return res, false
		}
		res.Nodes += n
		res.Divide = append(res.Divide, divideEntry{san, n})
		el := time.Since(start)
		if !progress(perftProgress{Done: i + 1, Total: ml.N, Move: san, Count: n, Nodes: res.Nodes,
			TimeMS: el.Milliseconds(), NPS: search.NPS(res.Nodes, el)}) {
			return res, false
		}
	}
	if depth == 0 {
		res.Nodes = 1
	}
	el := time.Since(start)
	res.TimeMS, res.NPS = el.Milliseconds(), search.NPS(res.Nodes, el)
	return res, true
}

// perftChunkDepth is the depth below which perftCancel hands over to the
// plain Perft: a depth-3 count is at most about a hundred thousand leaves
// (a millisecond or so), so a cancel is seen at once.
const perftChunkDepth = 3

// perftCancel is Perft that looks at ctx between subtrees.
func perftCancel(ctx context.Context, pos *chess.Position, depth int) (uint64, bool) {
	if depth <= perftChunkDepth {
		return pos.Perft(depth), ctx.Err() == nil
	}
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	var nodes uint64
	for _, m := range ml.Slice() {
		if ctx.Err() != nil {
			return nodes, false
		}
		u := pos.MakeMove(m)
		n, ok := perftCancel(ctx, pos, depth-1)
		pos.UnmakeMove(m, u)
		if !ok {
			return nodes, false
		}
		nodes += n
	}
	return nodes, true
}
