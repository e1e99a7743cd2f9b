package engine

import "ox88/search"

// traceHashMB is the table of a traced search: fresh each time, the size
// of a new engine's, so that a traced search counts the nodes of the same
// search by a new engine.
const traceHashMB = search.DefaultHashMB

// Trace searches the current position to depth plies with the engine's
// own search (search.Searcher: every pruning, reduction, extension and
// table cutoff) and records it in a search.Trace that keeps the first
// budget nodes. The search runs on one thread with a fresh table and the
// engine's options and endgame tables, so its node count, the trace's
// Count, is that of a new engine's Think to the same depth. It does not
// disturb a running search.
func (e *Engine) Trace(depth, budget int) (*search.Trace, search.Result) {
	e.ctl.Lock()
	opt, tb := e.searcher.Options(), e.tb
	e.ctl.Unlock()
	e.mu.Lock()
	pos, hist := e.pos, e.history
	e.mu.Unlock()
	s := search.NewSearcher(traceHashMB)
	s.SetOptions(opt)
	s.SetTablebases(tb)
	t := search.NewTrace(&pos, budget)
	s.SetRecorder(t)
	return t, s.Search(&pos, hist, search.Limits{Depth: max(depth, 1)}, nil, nil)
}

// MaxTraceNodes bounds the nodes a Trace of the front ends records (ox88
// trace, the browser's tree tab): some 25 MB of records.
const MaxTraceNodes = 200_000
