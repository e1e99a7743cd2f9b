//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// setProcessGroup makes the engine the leader of a new process group, so
// that the terminal's Ctrl-C reaches only the runner and killProcessGroup
// reaches everything the engine started.
func setProcessGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	setParentDeathSignal(cmd.SysProcAttr)
}

// killProcessGroup sends SIGKILL to the engine's whole process group.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill()
	}
}
