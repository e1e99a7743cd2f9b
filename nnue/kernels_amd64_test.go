//go:build amd64 && !purego

package nnue

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAVX2KernelsMatchGeneric holds the AVX2 assembly kernels directly
// against the pure-Go ones, whichever the search calls: on random rows
// (int16 extremes, values around 0 and QA, and wrap-around), on the
// largest output sums, and on real positions (compareKernels).
func TestAVX2KernelsMatchGeneric(t *testing.T) {
	if !hasAVX2 {
		t.Skip("this CPU has no AVX2; the search uses the pure-Go kernels")
	}
	compareKernels(t, kernels{addSubAVX2, addSubSubAVX2, addAddSubSubAVX2, screluDotAVX2, addRowAVX2, subRowAVX2}, genericKernels)
}

// TestAVX2KernelsEdges adds to TestAVX2KernelsMatchGeneric what
// compareKernels does not try: inputs crowded around the clamp points 0 and
// QA and around the int16 ends, weights whose low byte sits at the edges of
// the high/low split (0x7f, 0x80, 0xff, 0x00), and out being the same row
// as an input, as an in-place update would make it.
func TestAVX2KernelsEdges(t *testing.T) {
	if !hasAVX2 {
		t.Skip("this CPU has no AVX2; the search uses the pure-Go kernels")
	}
	rng := rand.New(rand.NewPCG(88, 2))
	near := []int16{-32768, -32767, -2, -1, 0, 1, 2, QA - 2, QA - 1, QA, QA + 1, QA + 2, 32766, 32767}
	input := func() int16 { return near[rng.IntN(len(near))] + int16(rng.IntN(3)-1) } // wraps at the ends
	lowBytes := []uint16{0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff}
	weight := func() int16 { return int16(uint16(rng.IntN(256))<<8 | lowBytes[rng.IntN(len(lowBytes))]) }

	for _, h := range []int{HiddenStep, Hidden, MaxHidden} {
		testAVX2Edges(t, rng, h, input, weight)
	}
}

// testAVX2Edges is TestAVX2KernelsEdges at width h.
func testAVX2Edges(t *testing.T, rng *rand.Rand, h int, input, weight func() int16) {
	var rows [6][]int16
	for r := range rows {
		rows[r] = make([]int16, h)
	}
	w := make([]int16, 2*h)
	for round := range 200 {
		for r := range rows {
			for i := range rows[r] {
				rows[r][i] = input()
			}
		}
		for i := range w {
			w[i] = weight()
		}
		if g, h := screluDotAVX2(rows[0], rows[1], w), screluDotGeneric(rows[0], rows[1], w); g != h {
			t.Fatalf("round %d: screluDot %d, want %d", round, g, h)
		}
		if g, h := screluDotAVX2(rows[2], rows[2], w), screluDotGeneric(rows[2], rows[2], w); g != h {
			t.Fatalf("round %d: screluDot(us = them) %d, want %d", round, g, h)
		}

		// In place: out is in, then out is an added or subtracted row.
		for _, k := range []struct {
			name      string
			avx2, gen func(out, in, a1, a2, s1, s2 []int16)
		}{
			{"addSub",
				func(o, i, a1, _, s1, _ []int16) { addSubAVX2(o, i, a1, s1) },
				func(o, i, a1, _, s1, _ []int16) { addSubGeneric(o, i, a1, s1) }},
			{"addSubSub",
				func(o, i, a1, _, s1, s2 []int16) { addSubSubAVX2(o, i, a1, s1, s2) },
				func(o, i, a1, _, s1, s2 []int16) { addSubSubGeneric(o, i, a1, s1, s2) }},
			{"addAddSubSub", addAddSubSubAVX2, addAddSubSubGeneric},
		} {
			for alias := range 6 {
				var g, e [6][]int16
				for r := range rows {
					g[r], e[r] = slices.Clone(rows[r]), slices.Clone(rows[r])
				}
				k.avx2(g[alias], g[0], g[1], g[2], g[3], g[4])
				k.gen(e[alias], e[0], e[1], e[2], e[3], e[4])
				if !slices.Equal(g[alias], e[alias]) {
					t.Fatalf("round %d: %s with out = row %d differs", round, k.name, alias)
				}
			}
		}
	}
}
