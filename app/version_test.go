package app

import (
	"runtime/debug"
	"testing"
)

func TestBuildInfo(t *testing.T) {
	stamped := &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261125092012-4d301f1c0ffe+dirty"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "4d301f1c0ffee0ddba11ad00000000000000abcd"},
			{Key: "vcs.time", Value: "2026-11-25T09:20:12Z"}, {Key: "vcs.modified", Value: "true"}}}
	for _, c := range []struct {
		name    string
		ldflags string
		info    *debug.BuildInfo
		want    string
	}{
		{"ldflags win", "v1.2.0", stamped, "v1.2.0 (commit 4d301f1c0ffe, 2026-11-25T09:20:12Z, modified)"},
		{"module version from the go command", "", stamped,
			"v0.0.0-20261125092012-4d301f1c0ffe+dirty (commit 4d301f1c0ffe, 2026-11-25T09:20:12Z, modified)"},
		{"go run or go test: nothing recorded", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev"},
		{"no build info", "", nil, "dev"},
		{"ldflags alone", "v2.0.0", nil, "v2.0.0"},
	} {
		if got := buildFrom(c.ldflags, c.info).String(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
