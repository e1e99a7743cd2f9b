package nnue

import "unsafe"

// The network's inner loops, the kernels, in pure Go. The search calls them
// through addSub, addSubSub, addAddSubSub and screluDot, which an amd64
// build defines in kernels_amd64.go as AVX2 assembly (kernels_amd64.s) when
// the CPU has AVX2 and as these functions when it has not; a build for any
// other architecture, or with -tags purego, defines them in
// kernels_generic.go as these functions. Every build compiles the functions
// below, so the tests compare the assembly with them bit for bit.

// addSubGeneric sets out to in + add - sub, lane by lane, wrapping as
// int16 arithmetic does.
func addSubGeneric(out, in, add, sub *[Hidden]int16) {
	o, i0, a, s := lanes(out), lanes(in), lanes(add), lanes(sub)
	for i := range o {
		o[i] = sub16(add16(i0[i], a[i]), s[i])
	}
}

// addSubSubGeneric sets out to in + add - sub1 - sub2 (a capture).
func addSubSubGeneric(out, in, add, sub1, sub2 *[Hidden]int16) {
	o, i0, a, s1, s2 := lanes(out), lanes(in), lanes(add), lanes(sub1), lanes(sub2)
	for i := range o {
		o[i] = sub16(sub16(add16(i0[i], a[i]), s1[i]), s2[i])
	}
}

// addAddSubSubGeneric sets out to in + add1 + add2 - sub1 - sub2 (castling).
func addAddSubSubGeneric(out, in, add1, add2, sub1, sub2 *[Hidden]int16) {
	o, i0, a1, a2, s1, s2 := lanes(out), lanes(in), lanes(add1), lanes(add2), lanes(sub1), lanes(sub2)
	for i := range o {
		o[i] = sub16(sub16(add16(add16(i0[i], a1[i]), a2[i]), s1[i]), s2[i])
	}
}

// screluDotGeneric returns the output layer's sum before scaling: the dot
// product of SCReLU(us) ++ SCReLU(them) with w, summed in int64, so it
// cannot overflow for any int16 inputs (there are 512 terms).
func screluDotGeneric(us, them *[Hidden]int16, w *[2 * Hidden]int16) int64 {
	return screluHalf(us, (*[Hidden]int16)(w[:Hidden])) + screluHalf(them, (*[Hidden]int16)(w[Hidden:]))
}

// screluHalf is half of screluDotGeneric: SCReLU(a) . w. Each term
// clamp(a)²·w is computed in int32, where it always fits (255²·32768 is
// below 2³¹), and four running sums in int64 let the processor work on
// four terms at once instead of waiting for each addition.
func screluHalf(a, w *[Hidden]int16) int64 {
	var s0, s1, s2, s3 int64
	for i := 0; i < Hidden; i += 4 {
		a4, w4 := (*[4]int16)(a[i:i+4]), (*[4]int16)(w[i:i+4])
		x0 := int32(min(max(a4[0], 0), QA))
		x1 := int32(min(max(a4[1], 0), QA))
		x2 := int32(min(max(a4[2], 0), QA))
		x3 := int32(min(max(a4[3], 0), QA))
		s0 += int64(x0 * x0 * int32(w4[0]))
		s1 += int64(x1 * x1 * int32(w4[1]))
		s2 += int64(x2 * x2 * int32(w4[2]))
		s3 += int64(x3 * x3 * int32(w4[3]))
	}
	return s0 + s1 + s2 + s3
}

// addRow adds row to dst (Refresh, once per piece; not on the search's path).
func addRow(dst *[Hidden]int16, row *[Hidden]int16) {
	d, r := lanes(dst), lanes(row)
	for i := range d {
		d[i] = add16(d[i], r[i])
	}
}

// subRow subtracts row from dst (a king crossing the middle in a
// king-mirrored net, Stack.Push; not on the common path).
func subRow(dst *[Hidden]int16, row *[Hidden]int16) {
	d, r := lanes(dst), lanes(row)
	for i := range d {
		d[i] = sub16(d[i], r[i])
	}
}

// The pure-Go accumulator arithmetic works on four int16 lanes at once,
// packed in a uint64 ("SIMD within a register"): the top bit of each lane
// is kept out of the carry chain and put back with an XOR, so no carry
// crosses from one lane into the next. Each lane wraps exactly as int16
// arithmetic does, so the results are bit for bit those of a plain loop
// (TestLanesMatchInt16), about four times faster in pure Go.
const laneTops = 0x8000_8000_8000_8000

// add16 adds the four int16 lanes of a and b.
func add16(a, b uint64) uint64 { return ((a &^ laneTops) + (b &^ laneTops)) ^ ((a ^ b) & laneTops) }

// sub16 subtracts the four int16 lanes of b from a's.
func sub16(a, b uint64) uint64 { return ((a | laneTops) - (b &^ laneTops)) ^ ((a ^ ^b) & laneTops) }

// lanes views an accumulator row as packed lanes. Net and Accumulator are
// 8-byte aligned (their first field), and every row is a multiple of 8
// bytes long, so each view is aligned.
func lanes(row *[Hidden]int16) *[Hidden / 4]uint64 { return (*[Hidden / 4]uint64)(unsafe.Pointer(row)) }
