package app

import (
	"fmt"
	"strings"
	"testing"
)

func TestContentPublicAndAdmin(t *testing.T) {
	s, ts := newTestServer(t)
	faq := call(t, nil, ts, "GET", "/api/faq", nil, "")
	mustStatus(t, faq, 200)
	if strings.Count(faq.raw, `"slug"`) < 20 {
		t.Fatalf("the FAQ is seeded on first start: %.300s", faq.raw)
	}
	mn := call(t, nil, ts, "GET", "/api/faq?q="+"НАС", nil, "", "Accept-Language", "mn")
	if mn.status != 200 || !strings.Contains(mn.raw, "наснаас") {
		t.Errorf("upper-case Cyrillic query must match lower-case text: %.400s", mn.raw)
	}
	none := call(t, nil, ts, "GET", "/api/faq?q=zzzqqq", nil, "")
	if none.raw != "{\"categories\":[]}\n" {
		t.Errorf("no match: %s", none.raw)
	}
	uni := call(t, nil, ts, "GET", "/api/universities", nil, "", "Accept-Language", "mn")
	if uni.status != 200 || !strings.Contains(uni.raw, "Өмнөд Солонгос") {
		t.Errorf("universities in mn: %.300s", uni.raw)
	}
	legal := call(t, nil, ts, "GET", "/api/legal/terms", nil, "", "Accept-Language", "mn")
	if legal.status != 200 || legal.str("title") != "Үйлчилгээний нөхцөл" || !strings.Contains(legal.raw, "2026-11-22") {
		t.Errorf("legal: %.300s", legal.raw)
	}
	mustStatus(t, call(t, nil, ts, "GET", "/api/legal/terms?version=1999-01-01", nil, ""), 404)
	mustStatus(t, call(t, nil, ts, "GET", "/api/legal/nope", nil, ""), 404)

	// An admin edits; an entry cannot be published while a language is empty.
	if _, err := CreateAdmin(t.Context(), s.Store(), "root@example.mn", "correct horse battery", "R", "A"); err != nil {
		t.Fatal(err)
	}
	admin := webClient()
	mustStatus(t, call(t, admin, ts, "POST", "/api/web/auth/login", map[string]any{"email": "root@example.mn", "password": "correct horse battery"}, ""), 200)
	half := map[string]any{"slug": "new-entry", "category": "accounts", "questionEn": "Where?", "answerEn": "Here.", "published": true}
	r := call(t, admin, ts, "POST", "/api/admin/faq", half, "")
	if r.status != 422 || r.str("errors", "questionMn") == "" || r.str("errors", "answerMn") == "" {
		t.Fatalf("publishing half-translated: %s", r.raw)
	}
	// The missing side says why it is needed, not just "required".
	if got := r.str("errors", "questionMn"); !strings.Contains(got, "both English and Mongolian") {
		t.Errorf("half-translated message: %q", got)
	}
	half["published"] = false
	draft := call(t, admin, ts, "POST", "/api/admin/faq", half, "")
	mustStatus(t, draft, 201)
	id := int64(draft.body["id"].(float64))
	if strings.Contains(call(t, nil, ts, "GET", "/api/faq?q=where", nil, "").raw, "Where?") {
		t.Error("a draft must not be public")
	}
	half["questionMn"], half["answerMn"], half["published"] = "Хаана?", "Энд.", true
	mustStatus(t, call(t, admin, ts, "PUT", fmt.Sprintf("/api/admin/faq/%d", id), half, ""), 200)
	if !strings.Contains(call(t, nil, ts, "GET", "/api/faq?q=хаана", nil, "", "Accept-Language", "mn").raw, "Хаана?") {
		t.Error("the published entry is public")
	}
	dup := call(t, admin, ts, "POST", "/api/admin/faq", half, "")
	if dup.status != 422 || dup.str("errors", "slug") == "" {
		t.Errorf("duplicate slug: %s", dup.raw)
	}
	mustStatus(t, call(t, admin, ts, "DELETE", fmt.Sprintf("/api/admin/faq/%d", id), nil, ""), 204)
	mustStatus(t, call(t, admin, ts, "DELETE", fmt.Sprintf("/api/admin/faq/%d", id), nil, ""), 404)

	u := map[string]any{"slug": "num", "destination": "mongolia", "nameEn": "X University", "cityEn": "Ulaanbaatar", "published": true,
		"website": "javascript:alert(1)"}
	ru := call(t, admin, ts, "POST", "/api/admin/universities", u, "")
	if ru.status != 422 || ru.str("errors", "nameMn") == "" || ru.str("errors", "website") == "" {
		t.Errorf("university validation: %s", ru.raw)
	}
	// A destination's summary is optional, but not half-translated once published.
	dest := map[string]any{"nameEn": "Mongolia", "nameMn": "Монгол", "summaryEn": "Study at home.", "published": true}
	rd := call(t, admin, ts, "PUT", "/api/admin/destinations/mongolia", dest, "", "Accept-Language", "mn")
	if rd.status != 422 || !strings.Contains(rd.str("errors", "summaryMn"), "хоёр хэл") || rd.str("errors", "summaryEn") != "" {
		t.Errorf("half-translated summary: %s", rd.raw)
	}
	dest["summaryEn"] = ""
	mustStatus(t, call(t, admin, ts, "PUT", "/api/admin/destinations/mongolia", dest, ""), 200)
	dest["summaryEn"], dest["summaryMn"] = "Study at home.", "Эх орондоо суралцах."
	mustStatus(t, call(t, admin, ts, "PUT", "/api/admin/destinations/mongolia", dest, ""), 200)

	// A restart does not re-seed what an admin deleted.
	var n int
	s.Store().Read.QueryRow(`SELECT count(*) FROM faq_entries`).Scan(&n)
	s.Store().Write.Exec(`DELETE FROM faq_entries`)
	if err := seedAgain(s); err != nil {
		t.Fatal(err)
	}
	s.Store().Read.QueryRow(`SELECT count(*) FROM faq_entries`).Scan(&n)
	if n != 0 {
		t.Errorf("seeded again: %d", n)
	}
}

func seedAgain(s *Server) error { return contentSeed(s) }

func TestSiteExtras(t *testing.T) {
	clock := newClock() // 22 November 2026: the next timeline is 2027's
	_, ts := newTestServerClock(t, clock, func(c *Config) {
		c.AppStoreURL, c.PlayStoreURL = "https://apps.apple.com/app/id1", "https://play.google.com/store/apps/details?id=mn.gerege"
	})
	meta := call(t, nil, ts, "GET", "/api/meta", nil, "")
	if meta.str("appStoreUrl") != "https://apps.apple.com/app/id1" || meta.str("supportEmail") != "support@gerege.mn" {
		t.Errorf("meta: %s", meta.raw)
	}
	ics := do(t, ts, "GET", "/api/programs/volunteer/timeline.ics?lang=mn", "", nil)
	if ics.status != 200 || !strings.HasPrefix(ics.header.Get("Content-Type"), "text/calendar") ||
		!strings.Contains(ics.body, "DTSTART;VALUE=DATE:20270720\r\nDTEND;VALUE=DATE:20270726") ||
		!strings.Contains(ics.body, "DTSTART;VALUE=DATE:20270901\r\nDTEND;VALUE=DATE:20271216") ||
		strings.Count(ics.body, "BEGIN:VEVENT") != 4 || !strings.Contains(ics.body, "Соёлын сайн дурын хөтөлбөр") {
		t.Errorf("ics: %d %s", ics.status, ics.body)
	}
	one := do(t, ts, "GET", "/api/programs/volunteer/timeline.ics?phase=training", "", nil)
	if strings.Count(one.body, "BEGIN:VEVENT") != 1 || !strings.Contains(one.body, "DTEND;VALUE=DATE:20270901") {
		t.Errorf("training: %s", one.body)
	}
	if r := do(t, ts, "GET", "/api/programs/volunteer/timeline.ics?phase=party", "", nil); r.status != 404 {
		t.Errorf("unknown phase: %d", r.status)
	}
	robots := do(t, ts, "GET", "/robots.txt", "", nil)
	if robots.status != 200 || !strings.Contains(robots.body, "Sitemap: http://localhost:8080/sitemap.xml") {
		t.Errorf("robots: %s", robots.body)
	}
}
