package match

import (
	"context"
	"errors"
)

// workerMsg is a worker's report of one game (or of a fatal error).
type workerMsg struct {
	rec      *gameRecord
	err      error
	restarts int
}

// worker plays games one after another, keeping the engine processes it
// started for the next game and restarting those that failed.
type worker struct {
	cfg   *config
	cache map[int]player
}

func (w *worker) run(ctx context.Context, jobs <-chan *gameSetup, out chan<- workerMsg) {
	defer w.closeAll()
	for s := range jobs {
		if ctx.Err() != nil {
			return
		}
		// Engines this game does not need are closed: a gauntlet moves on
		// to the next opponent.
		for idx, p := range w.cache {
			if idx != s.white && idx != s.black {
				p.quit()
				delete(w.cache, idx)
			}
		}
		msg := workerMsg{}
		var players [2]player
		for i, idx := range [2]int{s.white, s.black} {
			p, restarted, err := w.engine(ctx, idx)
			if restarted {
				msg.restarts++
			}
			if err != nil {
				if ctx.Err() != nil {
					return
				}
				out <- workerMsg{err: err, restarts: msg.restarts}
				return
			}
			players[i] = p
		}
		if s.white == s.black {
			// One engine cannot play itself in one process.
			out <- workerMsg{err: errors.New("an engine cannot play itself: give it twice under two names")}
			return
		}
		rec, err := playGame(ctx, s, players)
		if err == nil && rec != nil && !rec.aborted {
			for _, p := range players {
				p.gameOver(string(rec.outcome.Result), rec.text)
			}
		}
		msg.rec, msg.err = rec, err
		out <- msg // the collector reads until every worker has finished
		if err != nil {
			return
		}
	}
}

// engine returns a started engine for index idx, starting (or restarting
// one that failed) as needed.
func (w *worker) engine(ctx context.Context, idx int) (player, bool, error) {
	restarted := false
	if p := w.cache[idx]; p != nil {
		if p.alive() {
			return p, false, nil
		}
		p.quit()
		delete(w.cache, idx)
		restarted = true
	}
	cfg := &w.cfg.Engines[idx]
	var p player
	var err error
	switch cfg.Proto {
	case protoXboard:
		p, err = startXboard(ctx, cfg, w.cfg.StartTimeout, w.cfg.EngineLog)
	default:
		p, err = startUCI(ctx, cfg, w.cfg.StartTimeout, w.cfg.EngineLog)
	}
	if err != nil {
		return nil, restarted, err
	}
	w.cache[idx] = p
	return p, restarted, nil
}

// closeAll quits every engine the worker started.
func (w *worker) closeAll() {
	for idx, p := range w.cache {
		p.quit()
		delete(w.cache, idx)
	}
}
