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

// The assembly works on four vectors (64 lanes, 128 bytes) per loop
// iteration, and screluDotAVX2 on two of each half: every row is a
// multiple of HiddenStep lanes long (ValidArch), or lanes would be left out.
var _ [0]struct{} = [HiddenStep % 64]struct{}{}

func addSub(out, in, add, sub []int16) {
	if hasAVX2 {
		addSubAVX2(out, in, add, sub)
	} else {
		addSubGeneric(out, in, add, sub)
	}
}

func addSubSub(out, in, add, sub1, sub2 []int16) {
	if hasAVX2 {
		addSubSubAVX2(out, in, add, sub1, sub2)
	} else {
		addSubSubGeneric(out, in, add, sub1, sub2)
	}
}

func addAddSubSub(out, in, add1, add2, sub1, sub2 []int16) {
	if hasAVX2 {
		addAddSubSubAVX2(out, in, add1, add2, sub1, sub2)
	} else {
		addAddSubSubGeneric(out, in, add1, add2, sub1, sub2)
	}
}

func screluDot(us, them, w []int16) int64 {
	if hasAVX2 {
		return screluDotAVX2(us, them, w)
	}
	return screluDotGeneric(us, them, w)
}

func addRow(dst, row []int16) {
	if hasAVX2 {
		addRowAVX2(dst, row)
	} else {
		addRowGeneric(dst, row)
	}
}

func subRow(dst, row []int16) {
	if hasAVX2 {
		subRowAVX2(dst, row)
	} else {
		subRowGeneric(dst, row)
	}
}

// The Go faces of the assembly: every row as long as out (us), w twice
// that; the bounds are checked here, once, so the assembly can trust n.

// addSubAVX2 is addSubGeneric with AVX2.
func addSubAVX2(out, in, add, sub []int16) {
	n := len(out)
	_, _, _ = in[n-1], add[n-1], sub[n-1]
	addSubAsm(&out[0], &in[0], &add[0], &sub[0], n)
}

// addSubSubAVX2 is addSubSubGeneric with AVX2.
func addSubSubAVX2(out, in, add, sub1, sub2 []int16) {
	n := len(out)
	_, _, _, _ = in[n-1], add[n-1], sub1[n-1], sub2[n-1]
	addSubSubAsm(&out[0], &in[0], &add[0], &sub1[0], &sub2[0], n)
}

// addAddSubSubAVX2 is addAddSubSubGeneric with AVX2.
func addAddSubSubAVX2(out, in, add1, add2, sub1, sub2 []int16) {
	n := len(out)
	_, _, _, _, _ = in[n-1], add1[n-1], add2[n-1], sub1[n-1], sub2[n-1]
	addAddSubSubAsm(&out[0], &in[0], &add1[0], &add2[0], &sub1[0], &sub2[0], n)
}

// screluDotAVX2 is screluDotGeneric with AVX2.
func screluDotAVX2(us, them, w []int16) int64 {
	n := len(us)
	_, _ = them[n-1], w[2*n-1]
	return screluDotAsm(&us[0], &them[0], &w[0], n)
}

// addRowAVX2 is addRowGeneric with AVX2.
func addRowAVX2(dst, row []int16) {
	n := len(dst)
	_ = row[n-1]
	addRowAsm(&dst[0], &row[0], n)
}

// subRowAVX2 is subRowGeneric with AVX2.
func subRowAVX2(dst, row []int16) {
	n := len(dst)
	_ = row[n-1]
	subRowAsm(&dst[0], &row[0], n)
}

// addRowAsm adds the n lanes at row to those at dst.
//
//go:noescape
func addRowAsm(dst, row *int16, n int)

// subRowAsm subtracts the n lanes at row from those at dst.
//
//go:noescape
func subRowAsm(dst, row *int16, n int)

// addSubAsm sets the n lanes at out to in + add - sub.
//
//go:noescape
func addSubAsm(out, in, add, sub *int16, n int)

// addSubSubAsm sets the n lanes at out to in + add - sub1 - sub2.
//
//go:noescape
func addSubSubAsm(out, in, add, sub1, sub2 *int16, n int)

// addAddSubSubAsm sets the n lanes at out to in + add1 + add2 - sub1 - sub2.
//
//go:noescape
func addAddSubSubAsm(out, in, add1, add2, sub1, sub2 *int16, n int)

// screluDotAsm is screluDotGeneric on n lanes of us and them and 2n of w,
// for any int16 weights.
//
// The int16 multiply-add instruction (VPMADDWD) sums products of int16
// pairs into int32 lanes; x·x·w, with x = clamp(acc, 0, QA), would be
// VPMADDWD(x·w, x), but x·w need not fit an int16 (255·32767). So each
// weight is split into a high and a low byte, both signed, w = 256·wh + wl
// with wl in [-128, 127] and wh in [-128, 128]: then x·wh and x·wl fit an
// int16 (|x·wh| <= 255·128), and VPMADDWD(x·wh, x) gives x·x·wh of two
// neighbours, summed, in each of eight int32 lanes. Over the 2n inputs a
// lane gathers n/4 such products, at most (n/4)·255²·128 in magnitude:
// below 2³¹ for n up to MaxHidden (1024), so no lane overflows; the lanes
// are widened to int64 at the end, and 256·high + low is the exact sum.
//
//go:noescape
func screluDotAsm(us, them, w *int16, n int) int64
