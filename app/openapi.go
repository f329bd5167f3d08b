package app

import (
	"net/http"
	"sync"

	"gerege/app/platform/apidoc"
)

// openAPI serves the API document (OpenAPI 3.1), built once from the route registry and the
// Go types every route declares (app/platform/apidoc), so it cannot drift from the code.
func (s *Server) openAPI() http.HandlerFunc {
	build := sync.OnceValues(func() ([]byte, error) { return apidoc.Build(s.access.Routes(), BuildInfo().Version) })
	return func(w http.ResponseWriter, r *http.Request) {
		doc, err := build()
		if err != nil {
			s.kit.Fail(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(doc)
	}
}
