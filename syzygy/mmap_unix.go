//go:build unix

package syzygy

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps a file into memory, read-only.
func mapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := info.Size()
	if size <= 0 || int64(int(size)) != size {
		return nil, fmt.Errorf("%s: cannot map %d bytes", path, size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("mapping %s: %w", path, err)
	}
	return data, nil
}

// unmapFile releases a mapping made by mapFile.
func unmapFile(data []byte) error { return syscall.Munmap(data) }
