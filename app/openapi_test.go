package app

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
)

// TestOpenAPICoversEveryRoute: every /api route is documented and every documented
// operation is routed.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	s, ts := newTestServer(t)
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	r := do(t, ts, "GET", "/api/openapi.json", "", nil)
	if r.status != 200 || json.Unmarshal([]byte(r.body), &doc) != nil || doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi.json: %d", r.status)
	}
	documented := map[string]bool{}
	for p, ops := range doc.Paths {
		for m := range ops {
			documented[strings.ToUpper(m)+" "+p] = true
		}
	}
	routed := map[string]bool{}
	err := chi.Walk(s.Handler().(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
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
