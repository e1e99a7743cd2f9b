package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// lineBufferSize bounds one line of engine output; longer lines (a huge PV,
// say) are cut, not fatal.
const lineBufferSize = 1 << 20

// lineQueue is how many unread lines of engine output may wait before the
// reader blocks (and so the engine's writes block too).
const lineQueue = 256

// process is a running engine program: its standard input, its output as a
// channel of lines, and the means to kill it with everything it started.
// The program runs in its own process group so that a Ctrl-C on the
// terminal reaches only the runner, which then kills each group itself.
type process struct {
	name  string
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string   // output lines; closed when the output ends
	exit  chan struct{} // closed when the program has exited
	log   io.Writer     // when not nil, every line in and out is copied here

	eof atomic.Bool // the output has ended (set before lines is closed)

	mu      sync.Mutex
	waitErr error
	killed  bool
}

// errExited reports that the engine's output ended: it crashed or quit.
var errExited = errors.New("engine exited")

// startProcess starts the engine program of cfg.
func startProcess(cfg *engineConfig, log io.Writer) (*process, error) {
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	cmd.Dir = cfg.Dir
	cmd.Stderr = nil // engines' chatter on stderr is not part of the protocol
	setProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", cfg.Name, err)
	}
	p := &process{name: cfg.Name, cmd: cmd, stdin: stdin, lines: make(chan string, lineQueue), exit: make(chan struct{}), log: log}
	go p.read(stdout)
	return p, nil
}

// read copies the engine's output into lines, then waits for the program.
func (p *process) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), lineBufferSize)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if p.log != nil {
			fmt.Fprintf(p.log, "%s %s> %s\n", time.Now().Format("15:04:05.000"), p.name, line)
		}
		p.lines <- line
	}
	p.eof.Store(true)
	close(p.lines)
	err := p.cmd.Wait()
	p.mu.Lock()
	p.waitErr = err
	p.mu.Unlock()
	close(p.exit)
}

// running reports whether the program is still there: its output has not
// ended and it has not exited.
func (p *process) running() bool {
	if p.eof.Load() {
		return false
	}
	select {
	case <-p.exit:
		return false
	default:
		return true
	}
}

// send writes one line to the engine. A write to an engine that has gone
// returns an error; the caller finds out what happened from the output.
func (p *process) send(format string, args ...any) error {
	line := fmt.Sprintf(format, args...)
	if p.log != nil {
		fmt.Fprintf(p.log, "%s %s< %s\n", time.Now().Format("15:04:05.000"), p.name, line)
	}
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// kill ends the program and every process in its group, and waits (a
// bounded time) for it to be reaped. It is safe to call more than once.
func (p *process) kill() {
	p.mu.Lock()
	first := !p.killed
	p.killed = true
	p.mu.Unlock()
	if first {
		p.stdin.Close()
		killProcessGroup(p.cmd)
	}
	select {
	case <-p.exit:
	case <-time.After(5 * time.Second):
	}
	// Drain what is left so the reader goroutine can finish.
	go func() {
		for range p.lines {
		}
	}()
}

// quit asks the program to leave with the protocol's quit command, gives it
// a moment, and then kills its group anyway: a well-behaved engine is gone
// by then, and nothing it started may outlive the match.
func (p *process) quit(command string) {
	p.send("%s", command)
	select {
	case <-p.exit:
	case <-time.After(quitGrace):
	}
	p.kill()
}

// quitGrace is how long an engine has to leave after "quit" before its
// process group is killed.
const quitGrace = 500 * time.Millisecond

// exitStatus describes how the program ended, for messages.
func (p *process) exitStatus() string {
	select {
	case <-p.exit:
	default:
		return "still running"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.waitErr == nil {
		return "exited with status 0"
	}
	return p.waitErr.Error()
}

// stderrSink is where the runner's own diagnostics go; tests replace it.
var stderrSink io.Writer = os.Stderr
