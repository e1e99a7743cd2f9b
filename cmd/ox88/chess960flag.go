package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"

	"ox88/chess"
)

// chess960Flag is "--960 [N]": play Chess960 from start position N (0 to
// 959, 518 being the standard array), or from a random one when N is left
// out. The flag package sees a boolean flag, so "--960" alone works; N comes
// with "=" or as the next argument (see start).
type chess960Flag struct {
	set bool
	n   int // -1: random
}

func (f *chess960Flag) IsBoolFlag() bool { return true }

func (f *chess960Flag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return strconv.Itoa(f.n)
}

func (f *chess960Flag) Set(s string) error {
	switch s {
	case "true":
		f.set, f.n = true, -1
		return nil
	case "false":
		f.set = false
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= chess.Chess960Positions {
		return fmt.Errorf("want a start position number from 0 to %d", chess.Chess960Positions-1)
	}
	f.set, f.n = true, n
	return nil
}

// start returns the FEN of the chosen start position ("" when the flag is
// not set) and its number. It takes N from the first argument left after
// fs.Parse when "--960 N" was written with a space, and parses the flags
// that follow it.
func (f *chess960Flag) start(fs *flag.FlagSet) (fen string, n int, err error) {
	if !f.set {
		return "", 0, nil
	}
	if f.n < 0 && fs.NArg() > 0 {
		if err := f.Set(fs.Arg(0)); err != nil {
			return "", 0, fmt.Errorf("--960 %s: %v", fs.Arg(0), err)
		}
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return "", 0, err
		}
	}
	if f.n < 0 {
		f.n = rand.IntN(chess.Chess960Positions)
	}
	return chess.Chess960Start(f.n).FEN(), f.n, nil
}
