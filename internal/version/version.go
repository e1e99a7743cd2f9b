// Package version says which ox88 this is: the release name (set by
// `make` through -ldflags "-X ox88/internal/version.release=...") and the
// VCS revision Go embeds in the build info.
package version

import (
	"fmt"
	"runtime/debug"
)

// release is the release name; "dev" for a plain go build or go run.
var release = "dev"

// revision returns the VCS revision (12 characters, ", modified" when the
// tree had changes) and the Go release, or "" when the build has none.
func revision() (rev string, dirty bool, goVersion string) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "", false, "unknown Go"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	return rev, dirty, bi.GoVersion
}

// Name returns the engine's name for protocols: "ox88 RELEASE", with the
// revision's first 7 characters when it is known ("ox88 dev-1a2b3c4").
func Name() string {
	rev, _, _ := revision()
	if rev != "" && release == "dev" {
		return "ox88 dev-" + rev[:min(len(rev), 7)]
	}
	return "ox88 " + release
}

// Line returns the --version line: "ox88 RELEASE (REVISION[, modified], GOVERSION)".
func Line() string {
	rev, dirty, gov := revision()
	if rev == "" {
		rev = "unknown revision"
	}
	if dirty {
		rev += ", modified"
	}
	return fmt.Sprintf("ox88 %s (%s, %s)", release, rev, gov)
}
