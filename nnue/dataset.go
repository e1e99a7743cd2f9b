package nnue

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"unsafe"
)

// Dataset is a sequence of training records read from disk on demand:
// one or more files of records (datagen's shards) read as one, in the
// order given, a torn last record of each file ignored. The trainer reads
// it in chunks through ReadAt, so its memory does not grow with the data.
type Dataset struct {
	parts  []io.ReaderAt
	starts []int64 // the first record of each part; starts[len(parts)] is the total
	closer []io.Closer
}

// OpenDataset opens record files as one dataset. Each must be a regular
// file.
func OpenDataset(names ...string) (*Dataset, error) {
	d := &Dataset{starts: []int64{0}}
	for _, name := range names {
		fi, err := os.Stat(name)
		if err != nil {
			d.Close()
			return nil, err
		}
		if !fi.Mode().IsRegular() {
			d.Close()
			return nil, fmt.Errorf("%s is not a regular file", name)
		}
		f, err := os.Open(name)
		if err != nil {
			d.Close()
			return nil, err
		}
		d.closer = append(d.closer, f)
		d.add(f, fi.Size()/RecordSize)
	}
	return d, nil
}

// DatasetOf returns a dataset that reads recs (copied), for tests and
// small in-memory sets.
func DatasetOf(recs []Record) *Dataset {
	d := &Dataset{starts: []int64{0}}
	d.add(bytes.NewReader(bytes.Clone(recordBytes(recs))), int64(len(recs)))
	return d
}

// add appends n records read from r to the dataset.
func (d *Dataset) add(r io.ReaderAt, n int64) {
	d.parts = append(d.parts, r)
	d.starts = append(d.starts, d.starts[len(d.starts)-1]+n)
}

// Len returns the number of records.
func (d *Dataset) Len() int64 { return d.starts[len(d.starts)-1] }

// ReadAt fills dst with the records from index at on, across files.
func (d *Dataset) ReadAt(dst []Record, at int64) error {
	if at < 0 || at+int64(len(dst)) > d.Len() {
		return fmt.Errorf("nnue: records %d to %d of a dataset of %d", at, at+int64(len(dst)), d.Len())
	}
	for len(dst) > 0 {
		p := 0
		for d.starts[p+1] <= at {
			p++
		}
		n := min(int64(len(dst)), d.starts[p+1]-at)
		if _, err := d.parts[p].ReadAt(recordBytes(dst[:n]), (at-d.starts[p])*RecordSize); err != nil {
			return err
		}
		dst, at = dst[n:], at+n
	}
	return nil
}

// Close closes the dataset's files.
func (d *Dataset) Close() error {
	var errs []error
	for _, c := range d.closer {
		errs = append(errs, c.Close())
	}
	d.closer = nil
	return errors.Join(errs...)
}

// recordBytes views records as their bytes.
func recordBytes(recs []Record) []byte {
	if len(recs) == 0 {
		return nil
	}
	return unsafe.Slice(&recs[0][0], len(recs)*RecordSize)
}
