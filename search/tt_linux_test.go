package search

import (
	"os"
	"strings"
	"testing"
)

// TestAdviseHugePages: Resize asks for huge pages from 64 MiB on and not
// below; where the kernel offers transparent huge pages, it accepts the
// advice for a table of any size (the slice handed to madvise is the
// table's whole, page-aligned memory), and the table still works after it.
func TestAdviseHugePages(t *testing.T) {
	for _, c := range []struct {
		mb   int
		want bool
	}{{1, false}, {16, false}, {32, false}, {63, false}, {64, true}, {100, true}} {
		if got := wantsHugePages(NewTranspositionTable(c.mb).mask + 1); got != c.want {
			t.Errorf("%d MiB table: wantsHugePages %v, want %v", c.mb, got, c.want)
		}
	}
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
