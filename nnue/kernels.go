package nnue

import "unsafe"

// The network's inner loops, the kernels, in pure Go. The search calls them
// through addSub, addSubSub, addAddSubSub, screluDot, addRow and subRow, which an amd64
// build defines in kernels_amd64.go as AVX2 assembly (kernels_amd64.s) when
// the CPU has AVX2 and as these functions when it has not; a build for any
// other architecture, or with -tags purego, defines them in
// kernels_generic.go as these functions. Every build compiles the functions
// below, so the tests compare the assembly with them bit for bit.

// Every kernel works on rows of the net's hidden width, a multiple of
// HiddenStep: out and every input have the same length (out may be one of
// the inputs). The output layer's weights w are twice as long.

// addSubGeneric sets out to in + add - sub, lane by lane, wrapping as
// int16 arithmetic does.
func addSubGeneric(out, in, add, sub []int16) {
	o, i0, a, s := lanes(out), lanes(in), lanes(add), lanes(sub)
	i0, a, s = i0[:len(o)], a[:len(o)], s[:len(o)]
	for i := range o {
		o[i] = sub16(add16(i0[i], a[i]), s[i])
	}
}

// addSubSubGeneric sets out to in + add - sub1 - sub2 (a capture).
func addSubSubGeneric(out, in, add, sub1, sub2 []int16) {
	o, i0, a, s1, s2 := lanes(out), lanes(in), lanes(add), lanes(sub1), lanes(sub2)
	i0, a, s1, s2 = i0[:len(o)], a[:len(o)], s1[:len(o)], s2[:len(o)]
	for i := range o {
		o[i] = sub16(sub16(add16(i0[i], a[i]), s1[i]), s2[i])
	}
}

// addAddSubSubGeneric sets out to in + add1 + add2 - sub1 - sub2 (castling).
func addAddSubSubGeneric(out, in, add1, add2, sub1, sub2 []int16) {
	o, i0, a1, a2, s1, s2 := lanes(out), lanes(in), lanes(add1), lanes(add2), lanes(sub1), lanes(sub2)
	i0, a1, a2, s1, s2 = i0[:len(o)], a1[:len(o)], a2[:len(o)], s1[:len(o)], s2[:len(o)]
	for i := range o {
		o[i] = sub16(sub16(add16(add16(i0[i], a1[i]), a2[i]), s1[i]), s2[i])
	}
}

// screluDotGeneric returns the output layer's sum before scaling: the dot
// product of SCReLU(us) ++ SCReLU(them) with w, summed in int64, so it
// cannot overflow for any int16 inputs.
func screluDotGeneric(us, them, w []int16) int64 {
	h := len(us)
	return screluHalf(us, w[:h]) + screluHalf(them[:h], w[h:2*h])
}

// screluHalf is half of screluDotGeneric: SCReLU(a) . w. Each term
// clamp(a)²·w is computed in int32, where it always fits (255²·32768 is
// below 2³¹), and four running sums in int64 let the processor work on
// four terms at once instead of waiting for each addition.
func screluHalf(a, w []int16) int64 {
	var s0, s1, s2, s3 int64
	w = w[:len(a)]
	for i := 0; i+4 <= len(a); i += 4 {
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

// addRowGeneric adds row to dst (Refresh, once per piece; not on the
// search's common path).
func addRowGeneric(dst, row []int16) {
	d, r := lanes(dst), lanes(row)
	r = r[:len(d)]
	for i := range d {
		d[i] = add16(d[i], r[i])
	}
}

// subRowGeneric subtracts row from dst (a king changing its side's view,
// Stack.Push; not on the common path).
func subRowGeneric(dst, row []int16) {
	d, r := lanes(dst), lanes(row)
	r = r[:len(d)]
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

// lanes views a row as packed lanes. A net's arrays and an Accumulator
// are 8-byte aligned (Go aligns every allocation of 8 bytes or more; the
// Accumulator by its first field), and every row starts at a multiple of
// 8 bytes and is a multiple of 8 bytes long, so each view is aligned.
func lanes(row []int16) []uint64 {
	if len(row) == 0 {
		return nil
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&row[0])), len(row)/4)
}
