//go:build amd64 && !purego

package nnue

import "golang.org/x/sys/cpu"

// The kernels of an amd64 build: assembly on 256-bit AVX2 vectors of
// sixteen int16 (kernels_amd64.s) when the CPU has AVX2 (checked once, at
// start-up), the pure-Go kernels of kernels.go when it has not. Integer
// vector arithmetic wraps as Go's does, and screluDotAVX2 keeps every
// partial sum in range, so the results are the pure-Go ones bit for bit
// (kernels_test.go, kernels_amd64_test.go). -tags purego leaves this file
// and the assembly out, and kernels_generic.go in.

// hasAVX2 reports whether the CPU runs the AVX2 kernels.
var hasAVX2 = cpu.X86.HasAVX2

// The assembly works on four vectors (128 bytes) per loop iteration, and
// screluDotAVX2 on two of each half; a Hidden that is not a multiple of 64
// would leave lanes out, so it does not compile.
var _ [0]struct{} = [Hidden % 64]struct{}{}

func addSub(out, in, add, sub *[Hidden]int16) {
	if hasAVX2 {
		addSubAVX2(out, in, add, sub)
	} else {
		addSubGeneric(out, in, add, sub)
	}
}

func addSubSub(out, in, add, sub1, sub2 *[Hidden]int16) {
	if hasAVX2 {
		addSubSubAVX2(out, in, add, sub1, sub2)
	} else {
		addSubSubGeneric(out, in, add, sub1, sub2)
	}
}

func addAddSubSub(out, in, add1, add2, sub1, sub2 *[Hidden]int16) {
	if hasAVX2 {
		addAddSubSubAVX2(out, in, add1, add2, sub1, sub2)
	} else {
		addAddSubSubGeneric(out, in, add1, add2, sub1, sub2)
	}
}

func screluDot(us, them *[Hidden]int16, w *[2 * Hidden]int16) int64 {
	if hasAVX2 {
		return screluDotAVX2(us, them, w)
	}
	return screluDotGeneric(us, them, w)
}

// addSubAVX2 is addSubGeneric with AVX2.
//
//go:noescape
func addSubAVX2(out, in, add, sub *[Hidden]int16)

// addSubSubAVX2 is addSubSubGeneric with AVX2.
//
//go:noescape
func addSubSubAVX2(out, in, add, sub1, sub2 *[Hidden]int16)

// addAddSubSubAVX2 is addAddSubSubGeneric with AVX2.
//
//go:noescape
func addAddSubSubAVX2(out, in, add1, add2, sub1, sub2 *[Hidden]int16)

// screluDotAVX2 is screluDotGeneric with AVX2, for any int16 weights.
//
// The int16 multiply-add instruction (VPMADDWD) sums products of int16
// pairs into int32 lanes; x·x·w, with x = clamp(acc, 0, QA), would be
// VPMADDWD(x·w, x), but x·w need not fit an int16 (255·32767). So each
// weight is split into a high and a low byte, both signed, w = 256·wh + wl
// with wl in [-128, 127] and wh in [-128, 128]: then x·wh and x·wl fit an
// int16 (|x·wh| <= 255·128), and VPMADDWD(x·wh, x) gives x·x·wh of two
// neighbours, summed, in each of eight int32 lanes. Over the 512 inputs a
// lane gathers 32 such pairs, at most 32·2·255²·128 < 2^30 in magnitude,
// so no lane overflows; the lanes are widened to int64 at the end, and
// 256·high + low is the exact sum.
//
//go:noescape
func screluDotAVX2(us, them *[Hidden]int16, w *[2 * Hidden]int16) int64
