package nnue

import "unsafe"

// The network's inner loops, the kernels, in pure Go. The search calls them
// through addSub, addSubSub, addAddSubSub and screluDot, which a normal
// build defines in kernels_generic.go as these functions, and a build with
// GOEXPERIMENT=simd on amd64 in kernels_simd.go as vector code when the CPU
// has AVX2 (and as these functions when it has not). Both builds compile
// the functions below, so the tests compare the two bit for bit.

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
// product of SCReLU(us) ++ SCReLU(them) with w, in int64, so it cannot
// overflow for any int16 inputs (each term is below 2^31, and there are 512).
func screluDotGeneric(us, them *[Hidden]int16, w *[2 * Hidden]int16) int64 {
	var sum int64
	for i := 0; i < Hidden; i++ {
		x := int64(min(max(us[i], 0), QA))
		sum += x * x * int64(w[i])
	}
	for i := 0; i < Hidden; i++ {
		x := int64(min(max(them[i], 0), QA))
		sum += x * x * int64(w[Hidden+i])
	}
	return sum
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
