// Package fakeengine is a misbehaving chess engine for the match runner's
// tests: it speaks UCI or xboard, plays legal moves picked from the
// position's key, and, by mode, plays an illegal move, crashes, hangs,
// overruns its time, or leaves a child process behind for the runner to
// kill.
package fakeengine

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
)

// Modes.
const (
	UCI       = "uci"      // a well-behaved UCI engine
	Xboard    = "xboard"   // a well-behaved xboard engine
	Illegal   = "illegal"  // UCI; its FaultMove-th move is illegal
	Flaky     = "flaky"    // UCI; its FaultMove-th move is illegal in some games (by the position's key)
	Crash     = "crash"    // UCI; exits instead of its FaultMove-th move
	Hang      = "hang"     // UCI; never answers its FaultMove-th go, nor stop
	Slow      = "slow"     // UCI; overruns its FaultMove-th move's time, then answers
	NoHello   = "nohello"  // UCI; never says uciok
	Spawn     = "spawn"    // UCI; starts a child (sleep) and then hangs like Hang
	XCrash    = "xcrash"   // xboard; exits instead of its FaultMove-th move
	XIllegal  = "xillegal" // xboard; its FaultMove-th move is illegal
	FaultMove = 3
)

// flakyOdds: Flaky plays its illegal move when the position's key is a
// multiple of it, in about one game in flakyOdds.
const flakyOdds = 3

// ChildPIDFile, when set in the environment, is where Spawn writes its
// child's process id.
const ChildPIDFile = "OX88_FAKE_CHILD_PID"

// Run plays mode on in and out until quit or the end of input, and returns
// the exit status.
func Run(mode string, in io.Reader, out io.Writer) int {
	e := &fake{mode: mode, out: bufio.NewWriter(out)}
	e.pos = *chess.StartPosition()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if done, code := e.command(f); done {
			return code
		}
		e.out.Flush()
	}
	return 0
}

type fake struct {
	mode     string
	out      *bufio.Writer
	pos      chess.Position
	moves    int // go commands answered
	xbForce  bool
	xbColor  chess.Color
	chess960 bool // UCI_Chess960 or variant fischerandom: castle whenever it can
}

func (e *fake) say(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
	e.out.Flush()
}

// pick returns a legal move chosen by the position's key, or NoMove.
func (e *fake) pick() chess.Move {
	var ml chess.MoveList
	e.pos.GenerateMoves(&ml)
	if ml.N == 0 {
		return chess.NoMove
	}
	for _, m := range ml.Slice() {
		if e.chess960 && m.IsCastle() {
			return m
		}
	}
	return ml.Moves[e.pos.Key()%uint64(ml.N)]
}

func (e *fake) command(f []string) (bool, int) {
	if e.mode == Xboard || e.mode == XCrash || e.mode == XIllegal {
		return e.xboard(f)
	}
	switch f[0] {
	case "uci":
		if e.mode == NoHello {
			return false, 0
		}
		e.say("id name fake-%s", e.mode)
		e.say("option name Hash type spin default 1 min 1 max 16")
		e.say("uciok")
	case "setoption":
		if strings.Join(f, " ") == "setoption name UCI_Chess960 value true" {
			e.chess960 = true
		}
	case "ucinewgame":
		e.moves = 0
	case "isready":
		e.say("readyok")
	case "position":
		e.position(f[1:])
	case "go":
		e.moves++
		if e.moves == FaultMove {
			switch e.mode {
			case Flaky:
				if e.pos.Key()%flakyOdds == 0 {
					e.say("bestmove a1a8")
					return false, 0
				}
			case Illegal:
				e.say("bestmove a1a8")
				return false, 0
			case Crash:
				return true, 3
			case Hang:
				time.Sleep(time.Hour) // never answer, not even stop
			case Spawn:
				e.spawn()
				time.Sleep(time.Hour)
			case Slow:
				time.Sleep(600 * time.Millisecond)
			}
		}
		m := e.pick()
		e.pos.SetChess960(e.chess960)
		e.say("info depth 3 score cp %d nodes %d time 1 pv %s", 10+e.moves, 100*e.moves, e.pos.UCI(m))
		e.say("info string tt=%d bal=+1 diff=%+d", e.moves, 9+e.moves)
		e.say("bestmove %s", e.pos.UCI(m))
	case "quit":
		return true, 0
	}
	return false, 0
}

func (e *fake) position(f []string) {
	i := 0
	if len(f) > 0 && f[0] == "startpos" {
		e.pos = *chess.StartPosition()
		i = 1
	} else if len(f) > 0 && f[0] == "fen" {
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		p, err := chess.ParseFEN(strings.Join(f[1:j], " "))
		if err != nil {
			return
		}
		e.pos = *p
		i = j
	}
	if i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			m, err := e.pos.ParseUCI(s)
			if err != nil {
				return
			}
			e.pos.MakeMove(m)
		}
	}
}

// spawn starts a long sleep in the engine's process group and records its
// id, so a test can check that the runner killed it.
func (e *fake) spawn() {
	cmd := exec.Command("sleep", "300")
	if err := cmd.Start(); err != nil {
		return
	}
	if path := os.Getenv(ChildPIDFile); path != "" {
		os.WriteFile(path, []byte(strconv.Itoa(cmd.Process.Pid)), 0o644)
	}
}

// xboard handles the CECP commands the runner sends.
func (e *fake) xboard(f []string) (bool, int) {
	switch f[0] {
	case "protover":
		e.say(`feature myname="fake xboard" setboard=1 usermove=1 ping=1 san=0 variants="normal,fischerandom"`)
		e.say(`feature option="Resign -check 0" done=1`)
	case "option":
		// Like HoiChess, exit on an option that was not declared.
		if name, _, _ := strings.Cut(strings.Join(f[1:], " "), "="); name != "Resign" {
			e.say("Illegal option: %s", name)
			return true, 1
		}
	case "new":
		e.moves = 0
		e.pos = *chess.StartPosition()
		e.xbForce = false
		e.xbColor = chess.Black
		e.chess960 = false
	case "variant":
		e.chess960 = len(f) > 1 && f[1] == "fischerandom"
	case "force":
		e.xbForce = true
	case "setboard":
		if p, err := chess.ParseFEN(strings.Join(f[1:], " ")); err == nil {
			e.pos = *p
		}
	case "ping":
		if len(f) > 1 {
			e.say("pong %s", f[1])
		}
	case "usermove":
		if len(f) > 1 {
			if m, err := e.pos.ParseMove(f[1]); err == nil {
				e.pos.MakeMove(m)
			} else {
				e.say("Illegal move: %s", f[1])
			}
		}
		if !e.xbForce && e.pos.SideToMove() == e.xbColor {
			return e.xbMove()
		}
	case "go":
		e.xbForce = false
		e.xbColor = e.pos.SideToMove()
		return e.xbMove()
	case "quit":
		return true, 0
	}
	return false, 0
}

func (e *fake) xbMove() (bool, int) {
	e.moves++
	if e.moves == FaultMove {
		switch e.mode {
		case XCrash:
			return true, 3
		case XIllegal:
			e.say("move a1a8")
			return false, 0
		}
	}
	m := e.pick()
	if m == chess.NoMove {
		return false, 0
	}
	text := m.String()
	if e.chess960 && m.IsCastle() {
		text = strings.TrimRight(e.pos.SAN(m), "+#") // O-O, O-O-O
	}
	e.say("%d %d %d %d %s", 2, 5+e.moves, 1, 50*e.moves, text)
	e.pos.MakeMove(m)
	e.say("move %s", text)
	return false, 0
}
