package search

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"ox88/chess"
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
		t.Run(strconv.Itoa(c.mb)+"MiB", func(t *testing.T) {
			if got := wantsHugePages(NewTranspositionTable(c.mb).mask + 1); got != c.want {
				t.Errorf("%d MiB table: wantsHugePages %v, want %v", c.mb, got, c.want)
			}
		})
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

// rssBytes is this process's resident memory (/proc/self/statm).
func rssBytes(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip(err)
	}
	f := strings.Fields(string(b))
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// TestClearLargeTable: a large table is made resident by Resize (the
// first search does not pay its page faults on the clock), Clear of a
// table nothing has written since is free (after Hash 4096, ucinewgame
// used to write all 4 GiB again), Clear of a written one empties it, a
// Resize to the same size keeps the table and one to another size unmaps
// the old before mapping the new.
func TestClearLargeTable(t *testing.T) {
	const mb = 256
	before := rssBytes(t)
	clears := tableClears.Load()
	tt := NewTranspositionTable(mb)
	if grew := rssBytes(t) - before; grew < mb<<20*9/10 {
		t.Errorf("a new %d MiB table: resident memory grew %d MiB", mb, grew>>20)
	}
	if tt.mapping == nil {
		t.Fatal("a 256 MiB table is not mapped")
	}
	tt.Clear()
	tt.Resize(mb)
	if n := tableClears.Load() - clears; n != 1 {
		t.Errorf("Resize, Clear and Resize to the same size of an unwritten table: %d clears, want 1", n)
	}
	tt.newSearch()
	for i := range tt.buckets {
		tt.store(uint64(i)|0xabcd<<40, chess.NoMove, 7, 7, 3, BoundExact)
	}
	if _, ok := tt.probe(0xabcd << 40); !ok {
		t.Fatal("store then probe: a miss")
	}
	tt.Clear()
	if _, ok := tt.probe(0xabcd << 40); ok {
		t.Fatal("an entry outlived Clear")
	}
	for i := range tt.buckets {
		if tt.buckets[i] != (ttBucket{}) {
			t.Fatalf("bucket %d of %d not cleared", i, len(tt.buckets))
		}
	}
	m := tt.mapping
	tt.Resize(mb)
	if tt.mapping != m || m.freed.Load() {
		t.Error("a Resize to the same size made a new table")
	}
	tt.Resize(mb / 2)
	if !m.freed.Load() || tt.mapping == nil {
		t.Error("a Resize to another size kept the old mapping")
	}
	tt.Resize(1)
	if tt.mapping != nil || len(tt.buckets) != 1<<14 {
		t.Errorf("a 1 MiB table: mapping %v, %d buckets", tt.mapping, len(tt.buckets))
	}
}

// TestClearParallel: a heap table large enough to be cleared by several
// goroutines is cleared to the last bucket.
func TestClearParallel(t *testing.T) {
	tt := NewTranspositionTable(32)
	tt.newSearch()
	for i := range tt.buckets {
		tt.store(uint64(i)|1<<40, chess.NoMove, 7, 7, 3, BoundExact)
	}
	tt.Clear()
	for i := range tt.buckets {
		if tt.buckets[i] != (ttBucket{}) {
			t.Fatalf("bucket %d of %d not cleared", i, len(tt.buckets))
		}
	}
}
