//go:build !unix

package match

import "os/exec"

// setProcessGroup does nothing on systems without process groups.
func setProcessGroup(cmd *exec.Cmd) {}

// killProcessGroup kills the engine process itself.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
