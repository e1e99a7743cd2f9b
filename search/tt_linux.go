package search

import (
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with 2 MiB pages where it
// can (madvise MADV_HUGEPAGE; a no-op where transparent huge pages are
// off). A probe lands on a random bucket, so with 4 KiB pages nearly every
// probe of a large table also misses the TLB and walks the page tables;
// with huge pages the TLB covers 512 times as much of it. The advice is
// only advice: Resize asks it for tables of hugePagesMin and more
// (wantsHugePages) and ignores the error (the kernel refuses it where
// transparent huge pages are compiled out), and the table works as before;
// TestAdviseHugePages checks that a kernel that offers them accepts it.
func adviseHugePages(b []ttBucket) error {
	if len(b) == 0 {
		return nil
	}
	return syscall.Madvise(bucketBytes(b), syscall.MADV_HUGEPAGE)
}

// bucketBytes is the table's memory as bytes.
func bucketBytes(b []ttBucket) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*int(unsafe.Sizeof(b[0])))
}

// ttMapping is a table's memory mapped from the system, outside Go's heap
// (the buckets hold no pointers, so the collector need not see them).
type ttMapping struct {
	mem   []byte
	freed atomic.Bool
}

// unmap gives the memory back, once.
func (m *ttMapping) unmap() {
	if !m.freed.Swap(true) {
		_ = syscall.Munmap(m.mem)
	}
}

// mapBuckets maps n zeroed buckets (an anonymous private mapping) and
// advises huge pages for them. The mapping is unmapped by Resize, or when tt is collected. It
// returns nil if the system refuses, and Resize falls back to Go's heap.
func mapBuckets(tt *TranspositionTable, n uint64) ([]ttBucket, *ttMapping) {
	size := n * uint64(unsafe.Sizeof(ttBucket{}))
	mem, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil
	}
	m := &ttMapping{mem: mem}
	runtime.AddCleanup(tt, func(m *ttMapping) { m.unmap() }, m)
	b := unsafe.Slice((*ttBucket)(unsafe.Pointer(&mem[0])), n)
	_ = adviseHugePages(b)
	return b, m
}
