package content_test

import (
	"context"
	"fmt"
	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/content"
	"strings"
	"testing"
	"time"
)

func TestContentPublicAndAdmin(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	faq := apitest.Call(t, nil, ts, "GET", "/api/faq", nil, "")
	apitest.MustStatus(t, faq, 200)
	if strings.Count(faq.Raw, `"slug"`) < 20 {
		t.Fatalf("the FAQ is seeded on first start: %.300s", faq.Raw)
	}
	mn := apitest.Call(t, nil, ts, "GET", "/api/faq?q="+"НАС", nil, "", "Accept-Language", "mn")
	if mn.Status != 200 || !strings.Contains(mn.Raw, "наснаас") {
		t.Errorf("upper-case Cyrillic query must match lower-case text: %.400s", mn.Raw)
	}
	none := apitest.Call(t, nil, ts, "GET", "/api/faq?q=zzzqqq", nil, "")
	if none.Raw != "{\"categories\":[]}\n" {
		t.Errorf("no match: %s", none.Raw)
	}
	uni := apitest.Call(t, nil, ts, "GET", "/api/universities", nil, "", "Accept-Language", "mn")
	if uni.Status != 200 || !strings.Contains(uni.Raw, "Өмнөд Солонгос") {
		t.Errorf("universities in mn: %.300s", uni.Raw)
	}
	legal := apitest.Call(t, nil, ts, "GET", "/api/legal/terms", nil, "", "Accept-Language", "mn")
	if legal.Status != 200 || legal.Str("title") != "Үйлчилгээний нөхцөл" || !strings.Contains(legal.Raw, "2026-11-22") {
		t.Errorf("legal: %.300s", legal.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/legal/terms?version=1999-01-01", nil, ""), 404)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/legal/nope", nil, ""), 404)

	// An admin edits; an entry cannot be published while a language is empty.
	if _, err := app.CreateAdmin(t.Context(), s.Store(), "root@example.mn", "correct horse battery", "R", "A"); err != nil {
		t.Fatal(err)
	}
	admin := apitest.WebClient()
	apitest.MustStatus(t, apitest.Call(t, admin, ts, "POST", "/api/web/auth/login", map[string]any{"email": "root@example.mn", "password": "correct horse battery"}, ""), 200)
	half := map[string]any{"slug": "new-entry", "category": "accounts", "questionEn": "Where?", "answerEn": "Here.", "published": true}
	r := apitest.Call(t, admin, ts, "POST", "/api/admin/faq", half, "")
	if r.Status != 422 || r.Str("errors", "questionMn") == "" || r.Str("errors", "answerMn") == "" {
		t.Fatalf("publishing half-translated: %s", r.Raw)
	}
	// The missing side says why it is needed, not just "required".
	if got := r.Str("errors", "questionMn"); !strings.Contains(got, "both English and Mongolian") {
		t.Errorf("half-translated message: %q", got)
	}
	half["published"] = false
	draft := apitest.Call(t, admin, ts, "POST", "/api/admin/faq", half, "")
	apitest.MustStatus(t, draft, 201)
	id := int64(draft.Body["id"].(float64))
	if strings.Contains(apitest.Call(t, nil, ts, "GET", "/api/faq?q=where", nil, "").Raw, "Where?") {
		t.Error("a draft must not be public")
	}
	half["questionMn"], half["answerMn"], half["published"] = "Хаана?", "Энд.", true
	apitest.MustStatus(t, apitest.Call(t, admin, ts, "PUT", fmt.Sprintf("/api/admin/faq/%d", id), half, ""), 200)
	if !strings.Contains(apitest.Call(t, nil, ts, "GET", "/api/faq?q=хаана", nil, "", "Accept-Language", "mn").Raw, "Хаана?") {
		t.Error("the published entry is public")
	}
	dup := apitest.Call(t, admin, ts, "POST", "/api/admin/faq", half, "")
	if dup.Status != 422 || dup.Str("errors", "slug") == "" {
		t.Errorf("duplicate slug: %s", dup.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, admin, ts, "DELETE", fmt.Sprintf("/api/admin/faq/%d", id), nil, ""), 204)
	apitest.MustStatus(t, apitest.Call(t, admin, ts, "DELETE", fmt.Sprintf("/api/admin/faq/%d", id), nil, ""), 404)

	u := map[string]any{"slug": "num", "destination": "mongolia", "nameEn": "X University", "cityEn": "Ulaanbaatar", "published": true,
		"website": "javascript:alert(1)"}
	ru := apitest.Call(t, admin, ts, "POST", "/api/admin/universities", u, "")
	if ru.Status != 422 || ru.Str("errors", "nameMn") == "" || ru.Str("errors", "website") == "" {
		t.Errorf("university validation: %s", ru.Raw)
	}
	// A destination's summary is optional, but not half-translated once published.
	dest := map[string]any{"nameEn": "Mongolia", "nameMn": "Монгол", "summaryEn": "Study at home.", "published": true}
	rd := apitest.Call(t, admin, ts, "PUT", "/api/admin/destinations/mongolia", dest, "", "Accept-Language", "mn")
	if rd.Status != 422 || !strings.Contains(rd.Str("errors", "summaryMn"), "хоёр хэл") || rd.Str("errors", "summaryEn") != "" {
		t.Errorf("half-translated summary: %s", rd.Raw)
	}
	dest["summaryEn"] = ""
	apitest.MustStatus(t, apitest.Call(t, admin, ts, "PUT", "/api/admin/destinations/mongolia", dest, ""), 200)
	dest["summaryEn"], dest["summaryMn"] = "Study at home.", "Эх орондоо суралцах."
	apitest.MustStatus(t, apitest.Call(t, admin, ts, "PUT", "/api/admin/destinations/mongolia", dest, ""), 200)

	// A restart does not re-seed what an admin deleted.
	var n int
	s.Store().Read.QueryRow(`SELECT count(*) FROM faq_entries`).Scan(&n)
	s.Store().Write.Exec(`DELETE FROM faq_entries`)
	if err := content.Seed(context.Background(), s.Store(), time.Now()); err != nil {
		t.Fatal(err)
	}
	s.Store().Read.QueryRow(`SELECT count(*) FROM faq_entries`).Scan(&n)
	if n != 0 {
		t.Errorf("seeded again: %d", n)
	}
}
