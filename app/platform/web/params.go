package web

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
)

// PathID reads the path parameter name as a positive id. Anything else — letters, zero, a
// negative or too large number — is 404, as an id that does not exist: a person cannot tell
// a malformed id from a missing one, and no 500 comes of it.
func PathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil || id <= 0 {
		return 0, NotFound()
	}
	return id, nil
}
