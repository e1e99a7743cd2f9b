//go:build goexperiment.simd && amd64

package nnue

import (
	"simd/archsimd"
	"unsafe"
)

// The kernels of a GOEXPERIMENT=simd build on amd64: 256-bit AVX2 vectors of
// sixteen int16 when the CPU has them (checked once, at start-up), the
// pure-Go kernels of kernels.go when it has not. Integer vector arithmetic
// wraps as Go's does, and screluDotAVX2 keeps every partial sum in range,
// so the results are the pure-Go ones bit for bit (kernels_test.go).

// hasAVX2 reports whether the CPU runs the AVX2 kernels.
var hasAVX2 = archsimd.X86.AVX2()

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

// vectors views a row as sixteen blocks of one 256-bit vector each.
func vectors(row *[Hidden]int16) *[Hidden / 16][16]int16 {
	return (*[Hidden / 16][16]int16)(unsafe.Pointer(row))
}

// addSubAVX2 is addSubGeneric with AVX2.
func addSubAVX2(out, in, add, sub *[Hidden]int16) {
	o, i0, a, s := vectors(out), vectors(in), vectors(add), vectors(sub)
	for i := range o {
		v := archsimd.LoadInt16x16(&i0[i]).Add(archsimd.LoadInt16x16(&a[i]))
		v.Sub(archsimd.LoadInt16x16(&s[i])).Store(&o[i])
	}
	archsimd.ClearAVXUpperBits()
}

// addSubSubAVX2 is addSubSubGeneric with AVX2.
func addSubSubAVX2(out, in, add, sub1, sub2 *[Hidden]int16) {
	o, i0, a, s1, s2 := vectors(out), vectors(in), vectors(add), vectors(sub1), vectors(sub2)
	for i := range o {
		v := archsimd.LoadInt16x16(&i0[i]).Add(archsimd.LoadInt16x16(&a[i]))
		v = v.Sub(archsimd.LoadInt16x16(&s1[i]))
		v.Sub(archsimd.LoadInt16x16(&s2[i])).Store(&o[i])
	}
	archsimd.ClearAVXUpperBits()
}

// addAddSubSubAVX2 is addAddSubSubGeneric with AVX2.
func addAddSubSubAVX2(out, in, add1, add2, sub1, sub2 *[Hidden]int16) {
	o, i0, a1, a2 := vectors(out), vectors(in), vectors(add1), vectors(add2)
	s1, s2 := vectors(sub1), vectors(sub2)
	for i := range o {
		v := archsimd.LoadInt16x16(&i0[i]).Add(archsimd.LoadInt16x16(&a1[i]))
		v = v.Add(archsimd.LoadInt16x16(&a2[i]))
		v = v.Sub(archsimd.LoadInt16x16(&s1[i]))
		v.Sub(archsimd.LoadInt16x16(&s2[i])).Store(&o[i])
	}
	archsimd.ClearAVXUpperBits()
}

// screluDotAVX2 is screluDotGeneric with AVX2, for any int16 weights.
//
// The int16 multiply-add instruction (VPMADDWD, DotProductPairs) sums
// products of int16 pairs into int32 lanes; x·x·w, with x = clamp(acc, 0,
// QA), would be DotProductPairs(x·w, x), but x·w need not fit an int16
// (255·32767). So each weight is split into a high and a low byte, both signed,
// w = 256·wh + wl with wl in [-128, 127] and wh in [-128, 128]: then x·wh
// and x·wl fit an int16 (|x·wh| <= 255·128), and DotProductPairs(x·wh, x)
// gives x·x·wh of two neighbours, summed, in each of eight int32 lanes.
// Over the 512 inputs a lane gathers 32 such pairs, at most
// 32·2·255²·128 < 2^30 in magnitude, so no lane overflows; the lanes are
// summed in int64 at the end, and 256·high + low is the exact sum.
func screluDotAVX2(us, them *[Hidden]int16, w *[2 * Hidden]int16) int64 {
	weights := (*[2][Hidden]int16)(unsafe.Pointer(w))
	var high, low archsimd.Int32x8
	high, low = screluDotHalfAVX2(us, &weights[0], high, low)
	high, low = screluDotHalfAVX2(them, &weights[1], high, low)
	var h, l [8]int32
	high.Store(&h)
	low.Store(&l)
	archsimd.ClearAVXUpperBits()
	var sumHigh, sumLow int64
	for i := range h {
		sumHigh += int64(h[i])
		sumLow += int64(l[i])
	}
	return sumHigh<<8 + sumLow
}

// screluDotHalfAVX2 adds one accumulator's share to the high and low sums
// of screluDotAVX2.
func screluDotHalfAVX2(acc, w *[Hidden]int16, high, low archsimd.Int32x8) (archsimd.Int32x8, archsimd.Int32x8) {
	zero, qa := archsimd.BroadcastInt16x16(0), archsimd.BroadcastInt16x16(QA)
	a, ws := vectors(acc), vectors(w)
	for i := range a {
		x := archsimd.LoadInt16x16(&a[i]).Max(zero).Min(qa)
		wv := archsimd.LoadInt16x16(&ws[i])
		wl := wv.ShiftAllLeft(8).ShiftAllRight(8)           // the low byte, sign-extended
		wh := wv.ShiftAllRight(8).Sub(wl.ShiftAllRight(15)) // (w - wl) / 256 without overflow
		high = high.Add(x.Mul(wh).DotProductPairs(x))
		low = low.Add(x.Mul(wl).DotProductPairs(x))
	}
	return high, low
}
