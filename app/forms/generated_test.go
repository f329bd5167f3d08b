package forms

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite ui/src/generated/forms.json from the Go declarations")

const uiSchemaFile = "../../ui/src/generated/forms.json"

// TestUISchemaIsGenerated: the UI's copy of the forms (fields, limits, choices, sensitivity,
// statuses) is generated from the Go declarations, never typed again. Run
// `go test ./app/forms -run TestUISchemaIsGenerated -update` after changing a form.
func TestUISchemaIsGenerated(t *testing.T) {
	want, err := json.MarshalIndent(UI(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		if err := os.WriteFile(filepath.FromSlash(uiSchemaFile), want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.FromSlash(uiSchemaFile))
	if err != nil {
		t.Fatalf("%v (run: go test ./app/forms -run TestUISchemaIsGenerated -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the Go declarations give: run go test ./app/forms -run TestUISchemaIsGenerated -update", uiSchemaFile)
	}
}

// TestStatusesMatchTheDatabase: the statuses' third home is the table's CHECK constraint
// (migrations are never edited once released, so this test keeps them in step).
func TestStatusesMatchTheDatabase(t *testing.T) {
	t.Parallel()
	var found []string
	files, _ := filepath.Glob("../../migrations/*_forms*.up.sql")
	check := regexp.MustCompile(`status\s+TEXT[^,]*CHECK \(status IN \(([^)]*)\)\)`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m := check.FindSubmatch(b); m != nil {
			found = nil
			for _, s := range strings.Split(string(m[1]), ",") {
				found = append(found, strings.Trim(strings.TrimSpace(s), "'"))
			}
		}
	}
	if !slices.Equal(found, Statuses) {
		t.Errorf("the submissions table allows %v, the code %v", found, Statuses)
	}
}
