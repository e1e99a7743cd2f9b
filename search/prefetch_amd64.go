package search

import "unsafe"

// prefetch asks the processor to bring the cache line at addr closer
// (PREFETCHT0, prefetch_amd64.s) and returns at once: a hint that changes
// no result, only when the memory arrives.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
