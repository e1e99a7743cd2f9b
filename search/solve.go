package search

import (
	"fmt"
	"slices"

	"ox88/chess"
)

// SolveResult is the outcome of one test position of a suite.
type SolveResult struct {
	Test   *chess.EPD
	Result Result
	Solved bool // the move played is one of the bm moves and none of the am moves
}

// SolveSuite searches every test position of suite (EPD lines with bm
// and/or am moves) within lim, with a table of hashMB MiB cleared before
// each, and calls each, when it is not nil, with every outcome. It returns
// how many were solved. A position with neither bm nor am is an error,
// found before any search.
func SolveSuite(suite []*chess.EPD, lim Limits, hashMB int, each func(SolveResult)) (solved int, err error) {
	for _, e := range suite {
		if len(e.Best)+len(e.Avoid) == 0 {
			return 0, fmt.Errorf("line %d: no bm or am operation", e.Line)
		}
	}
	s := NewSearcher(hashMB)
	for _, e := range suite {
		s.Clear()
		r := s.Search(e.Pos, nil, lim, nil, nil)
		ok := !slices.Contains(e.Avoid, r.Move) && (len(e.Best) == 0 || slices.Contains(e.Best, r.Move))
		if ok {
			solved++
		}
		if each != nil {
			each(SolveResult{e, r, ok})
		}
	}
	return solved, nil
}
