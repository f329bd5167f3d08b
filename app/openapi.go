package app

import (
	_ "embed"
	"net/http"
)

// openapi.json documents the JSON API for the mobile app (OpenAPI 3.1). A test checks that
// every /api route of the router is described and every described path is routed.
//
//go:embed openapi.json
var openapi []byte

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(openapi)
}
