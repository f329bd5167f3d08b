package main

import (
	"os/exec"
	"testing"
)

// TestGoModTidy keeps go.mod and go.sum as `go mod tidy -e` leaves them: direct dependencies
// marked direct, nothing required that no package imports. (-e because the module proxy here
// refuses a pseudo-version that a dependency's own tests need; see STACK-NOTES.)
func TestGoModTidy(t *testing.T) {
	out, err := exec.Command("go", "mod", "tidy", "-e", "-diff").CombinedOutput()
	if err != nil {
		t.Fatalf("go.mod or go.sum is not tidy: run `go mod tidy -e` and check that no pinned version moved\n%s", out)
	}
}
