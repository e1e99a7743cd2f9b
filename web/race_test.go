//go:build race

package web

// raceEnabled reports whether the race detector is on: it slows the search
// and hides its frames from the profiler, so the browser test only logs
// the profile's shares then.
const raceEnabled = true
