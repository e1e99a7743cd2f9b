package web

import (
	"net/http"
	"strconv"
	"time"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
)

// BenchFunc runs the engine's bench: fixed positions searched to depth, a
// fresh table for each. It calls each after every position with the nodes
// that position took, and returns the total nodes (the signature) and the
// search time. cmd/ox88 passes the same function `ox88 bench` runs, so the
// page's signature is the command's.
type BenchFunc func(depth int, each func(i, total int, nodes uint64)) (nodes uint64, elapsed time.Duration)

// Bench bounds for the page.
const (
	defaultBenchDepth = 8
	maxBenchDepth     = 14
)

// fallbackBench searches the perft-standard positions through the engine
// facade, clearing its table before each; it is used when the server was
// built without a BenchFunc (as in this package's tests). Its node count is
// a signature too, but not the one `ox88 bench` prints.
func fallbackBench(depth int, each func(i, total int, nodes uint64)) (uint64, time.Duration) {
	var total uint64
	var el time.Duration
	eng := engine.New()
	for i, p := range perftPositions {
		pos, _ := chess.ParseFEN(p.FEN)
		eng.NewGame()
		eng.SetPosition(pos, nil)
		start := time.Now()
		r := eng.Think(search.Limits{Depth: depth})
		el += time.Since(start)
		total += r.Info.Nodes
		each(i, len(perftPositions), r.Info.Nodes)
	}
	return total, el
}

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

// handleBench runs the bench at ?depth= and streams "progress" after every
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
	bench := s.cfg.Bench
	if bench == nil {
		bench = fallbackBench
	}
	progress := make(chan benchProgress, 64)
	done := make(chan benchResult, 1)
	go func() {
		defer s.release(eng)
		var sum uint64
		nodes, el := bench(depth, func(i, total int, n uint64) {
			sum += n
			select {
			case progress <- benchProgress{i + 1, total, sum}:
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
