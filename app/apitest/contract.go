package apitest

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"gerege/app"
	"gerege/app/platform/apidoc"
)

// contractRouter is the API document, built once per test binary from the first server's
// registry (every server mounts the same routes).
var contractRouter = struct {
	once   sync.Once
	router routers.Router
	err    error
}{}

// contract wraps the server's handler so that every JSON answer of the API that any test
// sees is checked against the API document: the document is generated from the types each
// route declares, and this proves the handlers really answer with those types (a route that
// declared the wrong type, or a field that disappeared, fails whichever test called it).
func contract(t testing.TB, s *app.Server, next http.Handler) http.Handler {
	contractRouter.once.Do(func() {
		doc, err := apidoc.Build(s.Access().Routes(), "test")
		if err != nil {
			contractRouter.err = err
			return
		}
		spec, err := openapi3.NewLoader().LoadFromData(doc)
		if err != nil {
			contractRouter.err = err
			return
		}
		spec.Servers = nil // match paths as they are
		contractRouter.router, contractRouter.err = gorillamux.NewRouter(spec)
	})
	if contractRouter.err != nil {
		t.Fatalf("API document: %v", contractRouter.err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/api/openapi.json" {
			next.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())

		ct := rec.Header().Get("Content-Type")
		if !strings.HasPrefix(ct, "application/json") || rec.Code == http.StatusMethodNotAllowed {
			return
		}
		find := r
		if r.Method == http.MethodHead {
			// HEAD is GET without a body (chi's GetHead): its route is the GET operation, and
			// there is no body to check.
			find = r.Clone(r.Context())
			find.Method = http.MethodGet
		}
		route, params, err := contractRouter.router.FindRoute(find)
		if err == nil && r.Method == http.MethodHead {
			return
		}
		if err != nil {
			if rec.Code != http.StatusNotFound {
				t.Errorf("contract: %s %s answered %d but is not in the API document", r.Method, r.URL.Path, rec.Code)
			}
			return
		}
		in := &openapi3filter.ResponseValidationInput{
			RequestValidationInput: &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
				Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
			Status: rec.Code, Header: rec.Header(),
			Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
		}
		in.SetBodyBytes(bytes.Clone(rec.Body.Bytes()))
		if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
			t.Errorf("contract: %s %s → %d does not match the API document: %v\n%.400s", r.Method, r.URL.Path, rec.Code, err, rec.Body.String())
		}
	})
}
