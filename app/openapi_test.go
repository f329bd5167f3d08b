package app_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/go-chi/chi/v5"

	"gerege/app/apitest"
	"gerege/app/platform/apidoc"
)

// TestOpenAPICoversEveryRoute: the document is built from the route registry, so every route
// is in it; this checks that every route declares what the document needs (operationId,
// summary, request and response types), that the document is valid OpenAPI 3.1 (kin-openapi
// loads and validates it), and that every documented operation is routed and vice versa.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	if err := apidoc.Check(s.Access().Routes()); err != nil {
		t.Fatal(err)
	}
	r := apitest.Do(t, ts, "GET", "/api/openapi.json", "", nil)
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	if r.Status != 200 || json.Unmarshal([]byte(r.Raw), &doc) != nil || doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi.json: %d %.300s", r.Status, r.Raw)
	}
	loader := openapi3.NewLoader()
	spec, err := loader.LoadFromData([]byte(r.Raw))
	if err != nil {
		t.Fatalf("kin-openapi cannot load the document: %v", err)
	}
	if err := spec.Validate(context.Background()); err != nil {
		t.Errorf("the document is not valid: %v", err)
	}
	// Lists and maps are never null (handlers send [] and {}; the contract check fails a nil
	// one), so generated clients need no null checks for them.
	for name, sch := range spec.Components.Schemas {
		for prop, ps := range sch.Value.Properties {
			if ps.Value != nil && ps.Value.Type != nil && ps.Value.Type.Includes("null") &&
				(ps.Value.Type.Includes("array") || ps.Value.Type.Includes("object") && ps.Ref == "") {
				t.Errorf("%s.%s may be null: %v", name, prop, *ps.Value.Type)
			}
		}
	}
	// What a generator needs to type every call (openapi-typescript, openapi-generator): checked
	// on the document as kin-openapi reads it, not only on the registry (apidoc.Check).
	for p, item := range spec.Paths.Map() {
		for m, op := range item.Operations() {
			for code, resp := range op.Responses.Map() {
				if len(code) != 3 || code[0] != '2' || resp.Value == nil {
					continue
				}
				if mt := resp.Value.Content.Get("application/json"); mt != nil && (mt.Schema == nil || mt.Schema.Value == nil) {
					t.Errorf("%s %s: the %s JSON answer has no schema", m, p, code)
				}
			}
			if rb := op.RequestBody; rb != nil && rb.Value != nil {
				for ct, mt := range rb.Value.Content {
					if mt.Schema == nil || mt.Schema.Value == nil {
						t.Errorf("%s %s: the %s request body has no schema", m, p, ct)
					}
				}
			}
		}
	}
	bodiless := map[string]bool{} // writes that take no body (sign out, decline, start)
	for _, rt := range s.Access().Routes() {
		if t := reflect.TypeOf(rt.Doc.Req); t != nil && t.Kind() == reflect.Struct && t.NumField() == 0 {
			bodiless[rt.Doc.ID] = true
		}
	}
	documented := map[string]bool{}
	ids := map[string]bool{}
	for p, ops := range doc.Paths {
		for m, op := range ops {
			documented[strings.ToUpper(m)+" "+p] = true
			id, _ := op["operationId"].(string)
			if id == "" || ids[id] {
				t.Errorf("%s %s: operationId %q missing or used twice", m, p, id)
			}
			ids[id] = true
			if _, ok := op["responses"]; !ok {
				t.Errorf("%s %s: no responses", m, p)
			}
			if m != "get" && m != "delete" && !bodiless[id] {
				if _, ok := op["requestBody"]; !ok {
					t.Errorf("%s %s: a write without a request body", m, p)
				}
			}
		}
	}
	routed := map[string]bool{}
	err = chi.Walk(s.Handler().(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if strings.HasPrefix(route, "/api/") && !strings.HasSuffix(route, "/*") {
			routed[method+" "+strings.TrimSuffix(route, "/")] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(routed) < 30 {
		t.Fatalf("walked only %d API routes", len(routed))
	}
	var missing, extra []string
	for k := range routed {
		if !documented[k] {
			missing = append(missing, k)
		}
	}
	for k := range documented {
		if !routed[k] {
			extra = append(extra, k)
		}
	}
	slices.Sort(missing)
	slices.Sort(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Errorf("undocumented routes: %v\ndocumented but not routed: %v", missing, extra)
	}
}
