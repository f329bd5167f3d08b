package app

import (
	"strings"
	"testing"
)

// The confirmation email leads to the page where the submission can be asked to be deleted,
// with its reference filled in, in the submitter's language.
func TestConfirmationEmailLinksToDeletion(t *testing.T) {
	s, ts := newTestServer(t)
	r := call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "Сараа", "lastName": "Бат", "email": "saraa@example.mn",
		"phoneNumber": "99112233", "description": "Сургуульд демо үзүүлнэ үү."}, "", "Accept-Language", "mn")
	mustStatus(t, r, 201)
	ref := r.str("reference")
	e := lastEmail(t, s, "saraa@example.mn")
	want := "/mn/support-center/delete-submission?reference=" + ref
	if !strings.Contains(e.Text, want) || !strings.Contains(e.HTML, want) {
		t.Errorf("the confirmation links to %s:\n%s", want, e.Text)
	}
	// The page itself answers (a public UI route).
	if p := do(t, ts, "GET", want, "", nil); p.status != 200 {
		t.Errorf("GET %s: %d", want, p.status)
	}
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/deletion-requests", map[string]any{"reference": strings.ToLower(ref), "email": "Saraa@example.mn"}, ""), 202)
	bad := call(t, nil, ts, "POST", "/api/forms/deletion-requests", map[string]any{"reference": "", "email": "nope"}, "", "Accept-Language", "mn")
	if bad.status != 422 || bad.str("errors", "reference") == "" || bad.str("errors", "email") == "" {
		t.Errorf("invalid request: %s", bad.raw)
	}
}
