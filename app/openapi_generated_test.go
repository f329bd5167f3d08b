package app_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"gerege/app/apitest"
	"gerege/app/platform/apidoc"
)

var update = flag.Bool("update", false, "rewrite ui/src/generated/openapi.json from the route registry")

const uiOpenAPIFile = "../ui/src/generated/openapi.json"

// TestOpenAPIIsGenerated: the UI's copy of the API document (ui/src/generated/openapi.json,
// from which `npm run gen:api` writes the UI's API types) is the document the server serves,
// never typed again. Run `go test ./app -run TestOpenAPIIsGenerated -update` after adding or
// changing a route or one of its Go types, then `npm run gen:api`.
func TestOpenAPIIsGenerated(t *testing.T) {
	t.Parallel()
	s, _ := apitest.NewServer(t)
	// A fixed version: the committed copy must not change with each build; the served one
	// carries the binary's version.
	build := func() []byte {
		doc, err := apidoc.Build(s.Access().Routes(), "dev")
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := json.Indent(&out, doc, "", "  "); err != nil {
			t.Fatal(err)
		}
		out.WriteByte('\n')
		return out.Bytes()
	}
	want := build()
	if again := build(); !bytes.Equal(want, again) {
		t.Fatal("two builds of the API document differ: it must not depend on map order")
	}
	const run = "run: go test ./app -run TestOpenAPIIsGenerated -update && npm run gen:api"
	if *update {
		if err := os.WriteFile(filepath.FromSlash(uiOpenAPIFile), want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.FromSlash(uiOpenAPIFile))
	if err != nil {
		t.Fatalf("%v (%s)", err, run)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not the document the routes give: %s", uiOpenAPIFile, run)
	}
}
