//go:build !amd64 || purego

package search

import "unsafe"

// prefetch does nothing on this build: the load in probe waits instead.
func prefetch(addr unsafe.Pointer) {}
