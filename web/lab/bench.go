package lab

import (
	"net/http"
	"strconv"

	"ox88/engine"
	"ox88/search"
	"ox88/web/internal/wire"
)

// Bench bounds for the page.
const (
	defaultBenchDepth = 8
	maxBenchDepth     = 14
)

type benchProgress struct {
	Done  int    `json:"done"`
	Total int    `json:"total"`
	Nodes uint64 `json:"nodes"`
}

type benchResult struct {
	Depth  int    `json:"depth"`
	Nodes  uint64 `json:"nodes"` // the signature
	TimeMS int64  `json:"timeMs"`
	NPS    uint64 `json:"nps"`
	Line   string `json:"line"` // the command's last line: "N nodes M nps"
	// The move-ordering statistic of `ox88 bench -v`.
	Cutoffs        uint64  `json:"cutoffs"`
	FirstMovePct   float64 `json:"firstMovePct"`
	MovesPerCutoff float64 `json:"movesPerCutoff"`
}

// handleBench runs `ox88 bench` (engine.Bench) at ?depth=, so the page
// shows the command's signature, and streams "progress" after every
// position and "done" with the signature. When the page goes away (the
// request's context ends) the bench stops at once and gives its job slot
// back.
func (l *lab) handleBench(w http.ResponseWriter, r *http.Request) {
	depth := defaultBenchDepth
	if d := r.URL.Query().Get("depth"); d != "" {
		var err error
		if depth, err = strconv.Atoi(d); err != nil || depth < 1 || depth > maxBenchDepth {
			wire.Error(w, http.StatusBadRequest, "depth: want 1 to "+strconv.Itoa(maxBenchDepth))
			return
		}
	}
	eng, ok := l.host.Acquire(w, r)
	if !ok {
		return
	}
	defer l.host.Release(eng)
	es := wire.NewStream(w)
	b, err := engine.Bench(r.Context(), depth, func(done, total int, nodes uint64) {
		es.Send("progress", benchProgress{done, total, nodes})
	})
	if err != nil {
		return // the page has gone
	}
	res := benchResult{Depth: depth, Nodes: b.Nodes, TimeMS: b.Elapsed.Milliseconds(), NPS: search.NPS(b.Nodes, b.Elapsed),
		Cutoffs: b.Ordering.Cutoffs, FirstMovePct: 100 * b.Ordering.FirstMoveRate(), MovesPerCutoff: b.Ordering.MovesPerCutoff()}
	res.Line = strconv.FormatUint(res.Nodes, 10) + " nodes " + strconv.FormatUint(res.NPS, 10) + " nps"
	es.Send("done", res)
}
