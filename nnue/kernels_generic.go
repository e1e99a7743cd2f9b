//go:build !amd64 || purego

package nnue

// The kernels of a build for any architecture but amd64, or of one with
// -tags purego: the pure-Go ones of kernels.go.

func addSub(out, in, add, sub []int16) { addSubGeneric(out, in, add, sub) }

func addSubSub(out, in, add, sub1, sub2 []int16) {
	addSubSubGeneric(out, in, add, sub1, sub2)
}

func addAddSubSub(out, in, add1, add2, sub1, sub2 []int16) {
	addAddSubSubGeneric(out, in, add1, add2, sub1, sub2)
}

func screluDot(us, them, w []int16) int64 {
	return screluDotGeneric(us, them, w)
}

func addRow(dst, row []int16) { addRowGeneric(dst, row) }

func subRow(dst, row []int16) { subRowGeneric(dst, row) }
