//go:build unix && !linux

package match

import "syscall"

// setParentDeathSignal does nothing where the kernel has no such signal.
func setParentDeathSignal(attr *syscall.SysProcAttr) {}
