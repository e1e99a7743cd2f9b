package main

import (
	"fmt"
	"runtime/debug"
)

// version is the release name; `make` or -ldflags "-X main.version=..."
// may set it. The VCS revision comes from the build info Go embeds.
var version = "dev"

// versionLine returns "ox88 VERSION (REVISION[, modified], GOVERSION)".
func versionLine() string {
	rev, dirty, gov := "unknown revision", false, "unknown Go"
	if bi, ok := debug.ReadBuildInfo(); ok {
		gov = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
				if len(rev) > 12 {
					rev = rev[:12]
				}
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if dirty {
		rev += ", modified"
	}
	return fmt.Sprintf("ox88 %s (%s, %s)", version, rev, gov)
}
