// Package lineio is the line plumbing of the protocol servers (UCI,
// xboard): Serve reads their command lines with a bound on the length (a
// line longer than the bound is skipped whole, never read into memory
// without end, and the session goes on with the next one), and Writer
// writes their output a whole line at a time from several goroutines.
package lineio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// readBuffer is the size of Serve's read buffer: a longer line is read in
// pieces.
const readBuffer = 64 << 10

// errTooLong is returned by readLine for a line longer than its bound,
// which was skipped; the next call reads the line after it.
var errTooLong = errors.New("line too long")

// Serve reads the lines of in and hands each to handle until handle
// returns false or the input ends. A line longer than max bytes (its end
// not counted) is skipped, and tooLong, if not nil, is called for it. Only
// a read error other than the end of input is returned.
func Serve(in io.Reader, max int, handle func(line string) bool, tooLong func()) error {
	r := bufio.NewReaderSize(in, readBuffer)
	for {
		line, err := readLine(r, max)
		switch {
		case errors.Is(err, errTooLong):
			if tooLong != nil {
				tooLong()
			}
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return err
		case !handle(line):
			return nil
		}
	}
}

// readLine returns the next line of r without its end ("\n" or "\r\n"). A
// line longer than max bytes (its end not counted) is skipped, and
// readLine returns errTooLong for it. The last line needs no newline;
// after it, the error is io.EOF.
func readLine(r *bufio.Reader, max int) (string, error) {
	var buf []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > max+len("\r\n") {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case tooLong && (err == nil || err == io.EOF):
			return "", errTooLong
		case err != nil && (len(buf) == 0 || err != io.EOF):
			return "", err
		}
		if line := strings.TrimRight(string(buf), "\r\n"); len(line) <= max {
			return line, nil
		}
		return "", errTooLong
	}
}

// Writer writes a server's output, a whole line (or lines) at a time, from
// the goroutine that reads the commands and from the engine's callbacks
// alike; each call is flushed at once, as a GUI waits for it.
type Writer struct {
	mu  sync.Mutex
	out *bufio.Writer
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{out: bufio.NewWriter(w)} }

// Println writes line and a newline.
func (w *Writer) Println(line string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.out.WriteString(line)
	w.out.WriteByte('\n')
	w.out.Flush()
}

// Printf writes formatted text.
func (w *Writer) Printf(format string, a ...any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	fmt.Fprintf(w.out, format, a...)
	w.out.Flush()
}
