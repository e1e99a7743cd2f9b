// Package atomicfile writes whole files crash-safe: the data goes into a
// temporary file beside the target, is synced, and is renamed over the
// target, and the directory is synced so the rename survives a power cut.
// A process killed at any instant leaves the old file or the new one under
// the name, never half of one (at worst a stray temporary file, which the
// next write to the same name does not trip over).
//
// Everything ox88 writes whole goes through here: opening books, networks
// and training checkpoints, saved games, tuned tables, a match's journal.
// Files that grow by appending (a match's PGN, datagen's records) append
// whole records instead and recover from a torn tail on the next start.
package atomicfile

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// Write creates or replaces name with what fill writes. The file is
// buffered; fill's error, or any error of writing, syncing or renaming,
// leaves name as it was and removes the temporary file.
func Write(name string, fill func(w io.Writer) error) error {
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	bw := bufio.NewWriterSize(f, 1<<16)
	err = fill(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// WriteFile is Write for data already in memory.
func WriteFile(name string, data []byte) error {
	return Write(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
