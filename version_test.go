package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionOfBuiltBinary builds the binary as `go build` does without -ldflags and checks
// that `gerege version` names the commit it was built from (it printed "gerege dev" for every
// build). -buildvcs=auto because this machine's go env sets GOFLAGS=-buildvcs=false.
func TestVersionOfBuiltBinary(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "gerege")
	build := exec.Command("go", "build", "-buildvcs=auto", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.TrimSpace(string(out))
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil { // not a git checkout: nothing to stamp, and the binary must say so
		if got != "gerege dev" {
			t.Errorf("outside git: %q, want gerege dev", got)
		}
		return
	}
	if want := "commit " + string(head[:12]); !strings.Contains(got, want) {
		t.Errorf("gerege version = %q, want it to contain %q", got, want)
	}
	if strings.HasPrefix(got, "gerege dev") {
		t.Errorf("gerege version = %q: a build from a commit has a version", got)
	}
}
