//go:build !amd64

package search

import "unsafe"

// prefetch does nothing where ox88 has no prefetch instruction for it
// (prefetch_amd64.s): the table is read the same way, only later.
func prefetch(addr unsafe.Pointer) {}
