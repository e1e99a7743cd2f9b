package lineio

import (
	"bufio"
	"errors"
	"io"
	"slices"
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
		{"", errTooLong},
		{"", nil},
		{"last", nil},
		{"", io.EOF},
	}
	// One byte at a time too: a line may arrive in pieces.
	for _, in := range []struct {
		name string
		r    io.Reader
	}{
		{"whole", strings.NewReader(input)},
		{"one byte at a time", iotest.OneByteReader(strings.NewReader(input))},
	} {
		t.Run(in.name, func(t *testing.T) {
			r := bufio.NewReaderSize(in.r, 16)
			for i, w := range want {
				line, err := readLine(r, max)
				if line != w.line || err != w.err {
					t.Errorf("line %d: %q, %v; want %q, %v", i, line, err, w.line, w.err)
				}
			}
		})
	}
	// A long last line without a newline is skipped too.
	r := bufio.NewReaderSize(strings.NewReader(strings.Repeat("z", 40)), 16)
	if line, err := readLine(r, max); line != "" || err != errTooLong {
		t.Errorf("long last line: %q, %v", line, err)
	}
	if _, err := readLine(r, max); err != io.EOF {
		t.Errorf("after the long last line: %v, want EOF", err)
	}
}

// TestServe: the lines go to handle until it says stop; a line too long is
// skipped with a call of tooLong; the end of input is no error, another
// read error is.
func TestServe(t *testing.T) {
	var got []string
	handle := func(line string) bool {
		got = append(got, line)
		return line != "quit"
	}
	tooLong := func() { got = append(got, "(too long)") }
	in := "uci\n" + strings.Repeat("x", 11) + "\nisready\nquit\nnever read\n"
	if err := Serve(strings.NewReader(in), 10, handle, tooLong); err != nil {
		t.Errorf("Serve: %v", err)
	}
	if want := []string{"uci", "(too long)", "isready", "quit"}; !slices.Equal(got, want) {
		t.Errorf("handled %q, want %q", got, want)
	}
	got = nil
	if err := Serve(strings.NewReader("uci"), 10, handle, nil); err != nil || !slices.Equal(got, []string{"uci"}) {
		t.Errorf("a last line without newline: %q, %v", got, err)
	}
	errRead := errors.New("read failed")
	if err := Serve(iotest.ErrReader(errRead), 10, handle, nil); err != errRead {
		t.Errorf("Serve on a failing reader: %v, want %v", err, errRead)
	}
}
