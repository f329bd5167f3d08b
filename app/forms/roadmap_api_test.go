package forms_test

import (
	"encoding/csv"
	"fmt"
	"gerege/app/apitest"
	"strings"
	"testing"
	"time"
)

// The Road Map Program registration over the API, and its export read column by column.
func TestRoadmapAPI(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	ok := apitest.Call(t, nil, ts, "POST", "/api/forms/roadmap", apitest.RoadmapBody("Тэмүүлэн", "temuulen@example.mn"), "", "Accept-Language", "mn")
	apitest.MustStatus(t, ok, 201)
	ref := ok.Str("reference")
	if ref != fmt.Sprintf("RMP-%d-000001", time.Now().Year()) || ok.Str("form") != "roadmap" {
		t.Errorf("receipt: %s", ok.Raw)
	}
	if e := apitest.LastEmail(t, s, "temuulen@example.mn"); !strings.Contains(e.Subject, ref) || e.Lang != "mn" {
		t.Errorf("confirmation: %s (%s)", e.Subject, e.Lang)
	}

	// Invalid: every problem on its own field, rows named, nothing stored.
	bad := apitest.RoadmapBody("", "temuulen@")
	bad["school"] = "  "
	bad["guardians"] = []map[string]any{{"name": "Дулмаа", "relationship": "", "phone": "12"}}
	r := apitest.Call(t, nil, ts, "POST", "/api/forms/roadmap", bad, "", "Accept-Language", "mn")
	if r.Status != 422 {
		t.Fatalf("invalid: %s", r.Raw)
	}
	for _, f := range []string{"firstName", "school", "email", "guardians.0.relationship", "guardians.0.phone"} {
		if r.Str("errors", f) == "" {
			t.Errorf("no message for %s: %s", f, r.Raw)
		}
	}
	if strings.Contains(r.Str("errors", "school"), "required") || r.Str("errors", "school") == "" {
		t.Errorf("messages follow the language: %s", r.Str("errors", "school"))
	}
	noGuardian := apitest.RoadmapBody("Тэмүүлэн", "t2@example.mn")
	noGuardian["guardians"] = []any{}
	if r := apitest.Call(t, nil, ts, "POST", "/api/forms/roadmap", noGuardian, ""); r.Status != 422 || r.Str("errors", "guardians") == "" {
		t.Errorf("at least one guardian: %s", r.Raw)
	}
	var n int
	s.Store().Read.QueryRow(`SELECT count(*) FROM submissions WHERE form = 'roadmap'`).Scan(&n)
	if n != 1 {
		t.Errorf("invalid submissions stored something: %d rows", n)
	}

	// The export, as staff who may see contacts of minors: every column in the documented order.
	sens := staffClient(t, s, ts, ts.URL, "sens@example.mn", false, 2)
	apitest.MustStatus(t, apitest.Call(t, sens, ts, "POST", "/api/web/auth/login", map[string]any{"email": "sens@example.mn", "password": "correct horse battery"}, ""), 200)
	res := apitest.Do(t, ts, "GET", "/api/admin/forms/roadmap/export.csv", "", map[string]string{"Cookie": cookieOf(sens, ts.URL)})
	if res.Status != 200 || !strings.HasPrefix(res.Raw, "\uFEFF") || !strings.Contains(res.Header.Get("Content-Disposition"), ".csv") {
		t.Fatalf("csv: %d %v %.80q", res.Status, res.Header, res.Raw)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.Raw, "\uFEFF"))).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("csv rows: %v %d", err, len(recs))
	}
	want := []string{"reference", "status", "createdAt", "lang", "firstName", "lastName", "school", "class", "destination", "phone", "email"}
	for i := 1; i <= 5; i++ {
		for _, p := range []string{"Name", "Relationship", "Phone", "Email"} {
			want = append(want, fmt.Sprintf("guardian%d%s", i, p))
		}
	}
	if strings.Join(recs[0], ",") != strings.Join(want, ",") {
		t.Errorf("header:\n got %v\nwant %v", recs[0], want)
	}
	values := map[string]string{"reference": ref, "status": "new", "lang": "mn", "firstName": "Тэмүүлэн", "lastName": "Батболд",
		"school": "23-р сургууль", "class": "10б", "destination": "Япон", "phone": "+97688112233", "email": "temuulen@example.mn",
		"guardian1Name": "Дулмаа", "guardian1Relationship": "Ээж", "guardian1Phone": "+97699112233", "guardian1Email": "dulmaa@example.mn",
		"guardian2Name": "Батболд", "guardian2Relationship": "Аав", "guardian2Phone": "+97695112233", "guardian2Email": ""}
	for i, h := range recs[0] {
		got := recs[1][i]
		switch {
		case h == "createdAt":
			if _, err := time.Parse(time.RFC3339, got); err != nil {
				t.Errorf("createdAt %q", got)
			}
		case strings.HasPrefix(h, "guardian3") || strings.HasPrefix(h, "guardian4") || strings.HasPrefix(h, "guardian5"):
			if got != "" {
				t.Errorf("%s = %q, want empty", h, got)
			}
		default:
			if got != values[h] {
				t.Errorf("%s = %q, want %q", h, got, values[h])
			}
		}
	}
	// Desk staff without the sensitive level get no contacts of minors.
	desk := staffClient(t, s, ts, ts.URL, "desk@example.mn", false, 1)
	apitest.MustStatus(t, apitest.Call(t, desk, ts, "POST", "/api/web/auth/login", map[string]any{"email": "desk@example.mn", "password": "correct horse battery"}, ""), 200)
	if d := apitest.Do(t, ts, "GET", "/api/admin/forms/roadmap/export.csv", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)}); strings.Contains(d.Raw, "guardian") || strings.Contains(d.Raw, "Дулмаа") {
		t.Errorf("desk export shows guardians: %.300s", d.Raw)
	}
}
