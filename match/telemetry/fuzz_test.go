package telemetry

import (
	"strings"
	"testing"
)

// FuzzRead: any text as a match's PGN is read or refused with an error,
// never a panic; each game's moves are numbered from ply 1, and the table
// and the SVG are written for whatever was read.
func FuzzRead(f *testing.F) {
	f.Add("1. e4 {book} e5 {+0.31/12 0.52s} 2. Nf3 {d=12 nodes=5000 score=31 tt=10 bal=0 diff=31 0.52s} *")
	f.Add("[WhiteTelemetry \"x\"]\n1. e4 {-M3/20 1.0s, White mates} 1-0")
	f.Add("1. e4 {d= nodes=x score=#5 2s}")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := Read(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, g := range games {
			for i, m := range g.Moves {
				if m.Ply != i+1 {
					t.Fatalf("move %d has ply %d", i+1, m.Ply)
				}
			}
		}
		var b strings.Builder
		if err := WriteTable(&b, games); err != nil {
			t.Fatal(err)
		}
		if err := WriteSVG(&b, games); err != nil {
			t.Fatal(err)
		}
	})
}
