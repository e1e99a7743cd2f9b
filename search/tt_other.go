//go:build !linux

package search

// adviseHugePages does nothing outside Linux (see tt_linux.go).
func adviseHugePages(b []ttBucket) error { return nil }

// ttMapping is a table mapped from the system: only on Linux.
type ttMapping struct{}

func (m *ttMapping) unmap() {}

// mapBuckets maps nothing outside Linux: the table lives on Go's heap.
func mapBuckets(tt *TranspositionTable, n uint64) ([]ttBucket, *ttMapping) { return nil, nil }
