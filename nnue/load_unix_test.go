//go:build unix

package nnue

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadRefuses: Load reads only a regular file, and only the bytes its
// header's shape implies: /dev/zero and a FIFO are refused at once (the
// FIFO without blocking: no writer ever opens it), a truncated file and
// one with trailing bytes are refused, and nets of every shape load.
func TestLoadRefuses(t *testing.T) {
	dir := t.TempDir()
	good := randomShape(9, 512, 4, OutputBuckets, true)
	name := filepath.Join(dir, "net.nnue")
	if err := good.Save(name); err != nil {
		t.Fatal(err)
	}
	if got, err := Load(name); err != nil || !got.Equal(good) {
		t.Fatalf("a good net: %v", err)
	}
	data, _ := os.ReadFile(name)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	write := func(base string, b []byte) string {
		p := filepath.Join(dir, base)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for what, c := range map[string]struct {
		name string
		want string
	}{
		"/dev/zero":   {"/dev/zero", "not a regular file"},
		"a FIFO":      {fifo, "not a regular file"},
		"a directory": {dir, "not a regular file"},
		"truncated":   {write("short", data[:len(data)-1000]), "truncated"},
		"oversized":   {write("long", append(bytes.Clone(data), make([]byte, 1000)...)), "trailing data"},
		"huge":        {write("huge", append(bytes.Clone(data[:headerSizeV4]), make([]byte, maxFileSize)...)), "larger than any net"},
		"raw, long":   {write("raw", make([]byte, rawSize+64)), "trailing data"},
	} {
		t.Run(what, func(t *testing.T) {
			done := make(chan error, 1)
			go func() { _, err := Load(c.name); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("%s: error %v, want one saying %q", what, err, c.want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: Load still reading after 5 s", what)
			}
		})
	}
}
