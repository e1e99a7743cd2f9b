//go:build !unix

package syzygy

import "os"

// mapFile reads a whole file: systems without syscall.Mmap keep the tables
// in ordinary memory.
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }

// unmapFile releases a file read by mapFile (the collector does).
func unmapFile([]byte) error { return nil }
