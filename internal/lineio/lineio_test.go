package lineio

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadLine(t *testing.T) {
	const max = 10
	input := "isready\r\n" + strings.Repeat("x", max) + "\n" + strings.Repeat("y", max+1) + "\n\nlast"
	want := []struct {
		line string
		err  error
	}{
		{"isready", nil},
		{strings.Repeat("x", max), nil},
		{"", ErrTooLong},
		{"", nil},
		{"last", nil},
		{"", io.EOF},
	}
	// One byte at a time too: a line may arrive in pieces.
	for _, in := range []io.Reader{strings.NewReader(input), iotest.OneByteReader(strings.NewReader(input))} {
		r := bufio.NewReaderSize(in, 16)
		for i, w := range want {
			line, err := ReadLine(r, max)
			if line != w.line || err != w.err {
				t.Errorf("line %d: %q, %v; want %q, %v", i, line, err, w.line, w.err)
			}
		}
	}
	// A long last line without a newline is skipped too.
	r := bufio.NewReaderSize(strings.NewReader(strings.Repeat("z", 40)), 16)
	if line, err := ReadLine(r, max); line != "" || err != ErrTooLong {
		t.Errorf("long last line: %q, %v", line, err)
	}
	if _, err := ReadLine(r, max); err != io.EOF {
		t.Errorf("after the long last line: %v, want EOF", err)
	}
}
