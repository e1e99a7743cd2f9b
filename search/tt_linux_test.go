package search

import (
	"os"
	"strings"
	"testing"
)

// TestAdviseHugePages: where the kernel offers transparent huge pages, it
// accepts the table's advice for tables of every size Resize makes (the
// slice handed to madvise is the table's whole, page-aligned memory), and
// the table still works after it.
func TestAdviseHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("no transparent huge pages on this kernel")
	}
	for _, mb := range []int{1, 16, 64} {
		tt := NewTranspositionTable(mb)
		if err := adviseHugePages(tt.buckets); err != nil {
			t.Errorf("%d MiB: madvise: %v", mb, err)
		}
		tt.store(0x1234567890abcdef, 0, 42, 7, 5, BoundExact)
		if e, ok := tt.probe(0x1234567890abcdef); !ok || e.score != 42 || e.eval != 7 || e.depth != 5 {
			t.Errorf("%d MiB: probe after store: %+v %v", mb, e, ok)
		}
	}
}
