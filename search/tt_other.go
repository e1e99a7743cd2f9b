//go:build !linux

package search

// adviseHugePages does nothing outside Linux (see tt_linux.go).
func adviseHugePages(b []ttBucket) error { return nil }
