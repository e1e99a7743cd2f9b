package match

import "syscall"

// setParentDeathSignal asks Linux to kill the engine if the runner dies
// without cleaning up (kill -9): the last guard against orphans.
func setParentDeathSignal(attr *syscall.SysProcAttr) {
	attr.Pdeathsig = syscall.SIGKILL
}
