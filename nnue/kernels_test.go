package nnue

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"ox88/chess"
)

// kernels is one implementation of the network's kernels, for the tests to
// hold against another.
type kernels struct {
	addSub       func(out, in, add, sub []int16)
	addSubSub    func(out, in, add, sub1, sub2 []int16)
	addAddSubSub func(out, in, add1, add2, sub1, sub2 []int16)
	screluDot    func(us, them, w []int16) int64
	addRow       func(dst, row []int16)
	subRow       func(dst, row []int16)
}

var (
	// genericKernels are the pure-Go kernels, compiled in every build.
	genericKernels = kernels{addSubGeneric, addSubSubGeneric, addAddSubSubGeneric, screluDotGeneric, addRowGeneric, subRowGeneric}
	// buildKernels are the ones the search calls in this build.
	buildKernels = kernels{addSub, addSubSub, addAddSubSub, screluDot, addRow, subRow}
	// plainKernels are the definitions, one int16 at a time (the generic
	// output layer is already written that way).
	plainKernels = kernels{
		func(out, in, add, sub []int16) {
			for i := range out {
				out[i] = in[i] + add[i] - sub[i]
			}
		},
		func(out, in, add, sub1, sub2 []int16) {
			for i := range out {
				out[i] = in[i] + add[i] - sub1[i] - sub2[i]
			}
		},
		func(out, in, add1, add2, sub1, sub2 []int16) {
			for i := range out {
				out[i] = in[i] + add1[i] + add2[i] - sub1[i] - sub2[i]
			}
		},
		screluDotGeneric,
		func(dst, row []int16) {
			for i := range dst {
				dst[i] += row[i]
			}
		},
		func(dst, row []int16) {
			for i := range dst {
				dst[i] -= row[i]
			}
		},
	}
)

// TestKernels holds the kernels this build's search calls (the AVX2
// assembly in an amd64 build on a CPU that has AVX2, unless -tags purego),
// and the pure-Go ones, against the plain definitions.
func TestKernels(t *testing.T) {
	compareKernels(t, buildKernels, plainKernels)
	compareKernels(t, genericKernels, plainKernels)
}

// compareKernels checks that got and want give identical results on random
// rows (int16 extremes and wrap-around included), on the largest sums the
// output layer can see, and on the accumulators and weight columns of real
// positions with the embedded net.
func compareKernels(t *testing.T, got, want kernels) {
	t.Helper()
	check := func(what string, us, them, a1, a2, s1, s2 []int16, w []int16) {
		t.Helper()
		g, h := make([]int16, len(us)), make([]int16, len(us))
		got.addSub(g, us, a1, s1)
		want.addSub(h, us, a1, s1)
		if !slices.Equal(g, h) {
			t.Fatalf("%s: addSub differs", what)
		}
		got.addSubSub(g, us, a1, s1, s2)
		want.addSubSub(h, us, a1, s1, s2)
		if !slices.Equal(g, h) {
			t.Fatalf("%s: addSubSub differs", what)
		}
		got.addAddSubSub(g, them, a1, a2, s1, s2)
		want.addAddSubSub(h, them, a1, a2, s1, s2)
		if !slices.Equal(g, h) {
			t.Fatalf("%s: addAddSubSub differs", what)
		}
		copy(g, us)
		copy(h, us)
		got.addRow(g, a1)
		want.addRow(h, a1)
		got.subRow(g, s2)
		want.subRow(h, s2)
		if !slices.Equal(g, h) {
			t.Fatalf("%s: addRow or subRow differs", what)
		}
		if g, h := got.screluDot(us, them, w), want.screluDot(us, them, w); g != h {
			t.Fatalf("%s: screluDot %d, want %d", what, g, h)
		}
	}

	rng := rand.New(rand.NewPCG(6, 6))
	extremes := []int16{-32768, -32767, -1, 0, 1, QA - 1, QA, QA + 1, 32767}
	value := func() int16 {
		if rng.IntN(4) == 0 {
			return extremes[rng.IntN(len(extremes))]
		}
		return int16(rng.Uint32())
	}
	// Every width a net may have, the widest holding the largest sums the
	// AVX2 output layer can gather in one lane.
	for _, h := range []int{HiddenStep, Hidden, 512, 768, MaxHidden} {
		var rows [6][]int16
		for r := range rows {
			rows[r] = make([]int16, h)
		}
		w := make([]int16, 2*h)
		for round := range 300 * Hidden / h {
			for r := range rows {
				for i := range rows[r] {
					rows[r][i] = value()
				}
			}
			for i := range w {
				if w[i] = value(); round%2 == 0 {
					w[i] %= 128 // the range trained nets have
				}
			}
			check(fmt.Sprintf("random, width %d", h), rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], w)
		}
		// The largest sums: every input at QA, every weight at an extreme.
		for i := range rows[0] {
			rows[0][i] = QA
		}
		for _, x := range []int16{32767, -32768} {
			for i := range w {
				w[i] = x
			}
			check(fmt.Sprintf("largest, width %d", h), rows[0], rows[0], rows[1], rows[2], rows[3], rows[4], w)
		}
	}

	// Real positions: every node of a small tree, its two accumulators and
	// the columns of each move's changes (a quiet move or a capture repeats
	// a column where castling has two).
	net := Default()
	depth := 2
	if testing.Short() {
		depth = 1
	}
	for _, fen := range treeFENs {
		pos := chess.MustParseFEN(fen)
		var walk func(d int)
		walk = func(d int) {
			var acc Accumulator
			net.Refresh(&acc, pos)
			side := pos.SideToMove()
			if d == 0 {
				h := net.Hidden
				check(pos.FEN(), acc.v[side][:h], acc.v[side^1][:h], acc.v[0][:h], acc.v[0][:h], acc.v[0][:h], acc.v[0][:h], net.layer(0))
				return
			}
			var ml chess.MoveList
			pos.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				dl := moveDelta(pos, m)
				for c := chess.White; c <= chess.Black; c++ {
					col := func(pc chess.Piece, sq chess.Square) []int16 { return net.row(Feature(c, pc, sq)) }
					h := net.Hidden
					check(pos.FEN()+" "+m.String(), acc.v[c][:h], acc.v[c^1][:h],
						col(dl.addPc[0], dl.addSq[0]), col(dl.addPc[dl.nAdd-1], dl.addSq[dl.nAdd-1]),
						col(dl.subPc[0], dl.subSq[0]), col(dl.subPc[dl.nSub-1], dl.subSq[dl.nSub-1]), net.layer(0))
				}
				u := pos.MakeMove(m)
				walk(d - 1)
				pos.UnmakeMove(m, u)
			}
		}
		walk(depth)
	}
}

func BenchmarkOutput(b *testing.B) {
	net := Default()
	var acc Accumulator
	net.Refresh(&acc, chess.MustParseFEN(treeFENs[1]))
	b.ReportAllocs()
	for b.Loop() {
		net.Output(&acc.v[0], &acc.v[1], 0)
	}
}
