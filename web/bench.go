package web

import (
	"net/http"
	"strconv"

	"ox88/search"
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
}

// handleBench runs `ox88 bench` (search.Bench) at ?depth=, so the page
// shows the command's signature, and streams "progress" after every
// position and "done" with the signature. A bench cannot be interrupted;
// when the page goes away its result is dropped.
func (s *Server) handleBench(w http.ResponseWriter, r *http.Request) {
	depth := defaultBenchDepth
	if d := r.URL.Query().Get("depth"); d != "" {
		var err error
		if depth, err = strconv.Atoi(d); err != nil || depth < 1 || depth > maxBenchDepth {
			writeError(w, http.StatusBadRequest, "depth: want 1 to "+strconv.Itoa(maxBenchDepth))
			return
		}
	}
	ctx := r.Context()
	eng, err := s.acquire(ctx)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	es := newEventStream(w)
	progress := make(chan benchProgress, 64)
	done := make(chan benchResult, 1)
	go func() {
		defer s.release(eng)
		var sum uint64
		nodes, el := search.Bench(depth, func(i int, r search.Result, _ []uint64) {
			sum += r.Nodes
			select {
			case progress <- benchProgress{i + 1, len(search.BenchPositions), sum}:
			default:
			}
		})
		res := benchResult{Depth: depth, Nodes: nodes, TimeMS: el.Milliseconds(), NPS: nps(nodes, el)}
		res.Line = strconv.FormatUint(res.Nodes, 10) + " nodes " + strconv.FormatUint(res.NPS, 10) + " nps"
		done <- res
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case p := <-progress:
			if !es.send("progress", p) {
				return
			}
		case res := <-done:
			for len(progress) > 0 {
				es.send("progress", <-progress)
			}
			es.send("done", res)
			return
		}
	}
}
