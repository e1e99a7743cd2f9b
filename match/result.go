package match

import (
	"ox88/game"
	"ox88/match/stats"
)

// matchResult is a match's outcome so far.
type matchResult struct {
	Pairings    []*pairingResult
	Engines     []engineStats // per engine: its thinking over all its games
	Games       int           // games completed
	Interrupted bool          // stopped by the context (Ctrl-C)
	Stopped     string        // why it stopped early (the SPRT's decision), or ""
	Restarts    int           // engines restarted after a fault
}

// pairingResult is the outcome of one pairing, from engine A's side.
type pairingResult struct {
	A, B         int // engine indices
	Tally        stats.Tally
	WhiteTally   stats.Tally    // A's results with White
	Terminations map[string]int // by result text, "White mates" and so on
	Faults       [2]faultCount  // per engine: A then B
	pairs        map[int]*pairScore
	llr          float64
	decision     stats.Decision
}

// faultCount counts the ways an engine lost a game by its own fault.
type faultCount struct {
	Illegal, Crash, Stall, Time int
}

// pairScore collects the two games of one opening.
type pairScore struct {
	points float64 // A's points so far
	games  int
}

// newResult returns the empty result of a match between cfg's engines.
func newResult(cfg *config) *matchResult {
	res := &matchResult{Engines: make([]engineStats, len(cfg.Engines))}
	for _, p := range cfg.pairings() {
		res.Pairings = append(res.Pairings, &pairingResult{A: p[0], B: p[1], Terminations: map[string]int{}, pairs: map[int]*pairScore{}})
	}
	return res
}

// add counts a finished game: in its pairing, in its engines' telemetry
// and, with an SPRT, in the test, which may stop the match. It is the one
// place a game enters the result, whether it was just played or read back
// from the journal of an interrupted match.
func (res *matchResult) add(cfg *config, rec *gameRecord) {
	res.Games++
	res.Restarts += rec.restarts
	res.Engines[rec.white].add(rec.stats[0])
	res.Engines[rec.black].add(rec.stats[1])
	pr := res.Pairings[rec.pairing]
	pr.add(rec)
	if cfg.SPRT != nil && res.Stopped == "" {
		pr.decision, pr.llr = cfg.SPRT.Decide(pr.Tally)
		if pr.decision != stats.Continue {
			res.Stopped = "SPRT: " + pr.decision.String()
		}
	}
}

// add counts a finished game in the pairing.
func (pr *pairingResult) add(rec *gameRecord) {
	var aPoints float64
	aWhite := rec.white == pr.A
	switch rec.outcome.Result {
	case game.WhiteWins:
		if aWhite {
			aPoints = 1
		}
	case game.BlackWins:
		if !aWhite {
			aPoints = 1
		}
	default:
		aPoints = 0.5
	}
	pr.Tally.Add(aPoints)
	if aWhite {
		pr.WhiteTally.Add(aPoints)
	}
	pr.Terminations[rec.text]++
	if rec.fault != "" {
		f := &pr.Faults[0]
		if rec.faulty == pr.B {
			f = &pr.Faults[1]
		}
		switch rec.fault {
		case faultIllegal:
			f.Illegal++
		case faultCrash:
			f.Crash++
		case faultStall:
			f.Stall++
		case faultTime:
			f.Time++
		}
	}
	ps := pr.pairs[rec.pair]
	if ps == nil {
		ps = &pairScore{}
		pr.pairs[rec.pair] = ps
	}
	ps.points += aPoints
	ps.games++
	if ps.games == 2 {
		pr.Tally.Penta[int(ps.points*2)]++
		delete(pr.pairs, rec.pair)
	}
}
