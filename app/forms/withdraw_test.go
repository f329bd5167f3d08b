package forms_test

import (
	"gerege/app/apitest"
	"strings"
	"testing"
)

// The confirmation email leads to the page where the submission can be asked to be deleted,
// with its reference filled in, in the submitter's language.
func TestConfirmationEmailLinksToDeletion(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	r := apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "Сараа", "lastName": "Бат", "email": "saraa@example.mn",
		"phoneNumber": "99112233", "description": "Сургуульд демо үзүүлнэ үү."}, "", "Accept-Language", "mn")
	apitest.MustStatus(t, r, 201)
	ref := r.Str("reference")
	e := apitest.LastEmail(t, s, "saraa@example.mn")
	want := "/mn/support-center/delete-submission?reference=" + ref
	if !strings.Contains(e.Text, want) || !strings.Contains(e.HTML, want) {
		t.Errorf("the confirmation links to %s:\n%s", want, e.Text)
	}
	// The page itself answers (a public UI route).
	if p := apitest.Do(t, ts, "GET", want, "", nil); p.Status != 200 {
		t.Errorf("GET %s: %d", want, p.Status)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/deletion-requests", map[string]any{"reference": strings.ToLower(ref), "email": "Saraa@example.mn"}, ""), 202)
	bad := apitest.Call(t, nil, ts, "POST", "/api/forms/deletion-requests", map[string]any{"reference": "", "email": "nope"}, "", "Accept-Language", "mn")
	if bad.Status != 422 || bad.Str("errors", "reference") == "" || bad.Str("errors", "email") == "" {
		t.Errorf("invalid request: %s", bad.Raw)
	}
}
