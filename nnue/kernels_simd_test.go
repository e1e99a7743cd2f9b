//go:build goexperiment.simd && amd64

package nnue

import "testing"

// TestAVX2KernelsMatchGeneric holds the AVX2 kernels directly against the
// pure-Go ones, whichever the search calls.
func TestAVX2KernelsMatchGeneric(t *testing.T) {
	if !hasAVX2 {
		t.Skip("this CPU has no AVX2; the search uses the pure-Go kernels")
	}
	compareKernels(t, kernels{addSubAVX2, addSubSubAVX2, addAddSubSubAVX2, screluDotAVX2}, genericKernels)
}
