package search

import (
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
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*int(unsafe.Sizeof(b[0])))
	return syscall.Madvise(mem, syscall.MADV_HUGEPAGE)
}
