//go:build race

package search

// raceEnabled reports whether the race detector is on: it slows the search
// about tenfold, so the full bench is left to the plain run.
const raceEnabled = true
