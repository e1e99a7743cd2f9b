//go:build amd64 && !purego

package search

import "unsafe"

// prefetch asks the processor to bring the cache line at addr in, without
// waiting for it (PREFETCHT0). It never faults, whatever addr holds.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
