// Package lineio reads the command lines of the protocol servers (UCI,
// xboard) with a bound on their length: a line longer than the bound is
// skipped whole, never read into memory without end, and the session goes
// on with the next one.
package lineio

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// ErrTooLong is returned by ReadLine for a line longer than its bound,
// which was skipped; the next call reads the line after it.
var ErrTooLong = errors.New("line too long")

// ReadLine returns the next line of r without its end ("\n" or "\r\n"). A
// line longer than max bytes (its end not counted) is skipped, and
// ReadLine returns ErrTooLong for it. The last line needs no newline; after it, the error is io.EOF.
func ReadLine(r *bufio.Reader, max int) (string, error) {
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
			return "", ErrTooLong
		case err != nil && (len(buf) == 0 || err != io.EOF):
			return "", err
		}
		if line := strings.TrimRight(string(buf), "\r\n"); len(line) <= max {
			return line, nil
		}
		return "", ErrTooLong
	}
}
