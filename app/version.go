package app

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Version is set at build time with -ldflags "-X gerege/app.Version=…" (the Makefile's build
// target sets it from `git describe --tags --always --dirty`). When it is not set, BuildInfo
// falls back on what the go command recorded in the binary.
var Version = ""

// Build describes the running binary.
type Build struct {
	Version  string // release version, or "dev"
	Commit   string // VCS revision the binary was built from, if the go command recorded it
	Time     string // commit time (RFC 3339), if recorded
	Modified bool   // built from a working tree with uncommitted changes
}

// String is what `gerege version` prints after the name, e.g.
// "v1.2.0 (commit 4d301f1c0ffe, 2026-11-25T09:20:00Z)".
func (b Build) String() string {
	var extra []string
	if b.Commit != "" {
		extra = append(extra, "commit "+b.Commit)
	}
	if b.Time != "" {
		extra = append(extra, b.Time)
	}
	if b.Modified {
		extra = append(extra, "modified")
	}
	if len(extra) == 0 {
		return b.Version
	}
	return fmt.Sprintf("%s (%s)", b.Version, strings.Join(extra, ", "))
}

// BuildInfo returns the version set with -ldflags, else the main module's version and the VCS
// stamp `go build` records (vcs.revision, vcs.time, vcs.modified); "dev" when neither says.
func BuildInfo() Build {
	info, _ := debug.ReadBuildInfo()
	return buildFrom(Version, info)
}

func buildFrom(ldflags string, info *debug.BuildInfo) Build {
	b := Build{Version: ldflags}
	if info != nil {
		if b.Version == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			b.Version = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				b.Commit = s.Value[:min(12, len(s.Value))]
			case "vcs.time":
				b.Time = s.Value
			case "vcs.modified":
				b.Modified = s.Value == "true"
			}
		}
	}
	if b.Version == "" {
		b.Version = "dev"
	}
	return b
}
