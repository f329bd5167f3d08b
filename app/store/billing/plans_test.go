package billing_test

import (
	"context"
	"strings"
	"testing"

	"gerege/app/apitest"
)

func TestPlansAccess(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generous)
	body := map[string]any{"code": "team", "nameEn": "Team", "nameMn": "Баг", "summaryEn": "", "summaryMn": "",
		"limits": map[string]any{"postings": 5, "staff": 3, "communities": 1}, "priceMnt": 50000, "priceUsd": 1500, "active": true, "sort": 3}
	apitest.Run(t, s, ts, []apitest.Scenario{
		{Method: "GET", Path: "/api/billing/plans", Status: 200, Contains: []string{`"code":"starter"`, `"Байгууллага Эхлэл"`, `"currency":"MNT"`}},
		{Method: "GET", Path: "/api/billing/admin/plans", As: "owner", Status: 403},
		{Method: "POST", Path: "/api/billing/plans", As: "owner", Body: body, Status: 403},
		{Method: "POST", Path: "/api/billing/plans", As: "admin", Body: body, Status: 201, Contains: []string{`"code":"team"`, `"amount":50000`}},
		{Name: "code taken", Method: "POST", Path: "/api/billing/plans", As: "admin", Body: body, Status: 422, Contains: []string{`"code"`}},
		{Name: "bad input", Method: "POST", Path: "/api/billing/plans", As: "admin", Status: 400,
			Body: map[string]any{"code": "X Y", "nameEn": "", "nameMn": "", "limits": map[string]any{"postings": -5}, "priceMnt": -1, "priceUsd": 1.5},
		},
		{Name: "not json", Method: "POST", Path: "/api/billing/plans", As: "admin", Body: "nope", Status: 400},
	})
}

func TestPlansBadInputNamesFields(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.call(t, "admin", "POST", "/api/billing/plans", map[string]any{"code": "X Y", "nameEn": "", "nameMn": "",
		"limits": map[string]any{"postings": -5, "staff": 1, "communities": 1}, "priceMnt": -1, "priceUsd": 10})
	w.must(t, r, 422)
	for _, f := range []string{"code", "nameEn", "nameMn", "limits.postings", "priceMnt"} {
		if !strings.Contains(r.Raw, `"`+f+`"`) {
			t.Errorf("no error for %s: %s", f, r.Raw)
		}
	}
	// The free plan stays free.
	free := planID(t, w.s.Store(), "free")
	r = w.call(t, "admin", "PUT", path("/api/billing/plans/%d", free), map[string]any{"code": "free", "nameEn": "Free", "nameMn": "Үнэгүй",
		"limits": map[string]any{"postings": 2, "staff": 2, "communities": 0}, "priceMnt": 100, "priceUsd": 0, "active": true})
	w.must(t, r, 422)
	w.must(t, w.call(t, "admin", "PUT", "/api/billing/plans/999999", map[string]any{"code": "zzz", "nameEn": "Z", "nameMn": "З",
		"limits": map[string]any{"postings": 2, "staff": 2, "communities": 0}, "priceMnt": 100, "priceUsd": 0, "active": true}), 404)
}

func TestRetiredPlansAreNotPublic(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	st := w.s.Store()
	starter := planID(t, st, "starter")
	w.must(t, w.call(t, "admin", "PUT", path("/api/billing/plans/%d", starter), map[string]any{"code": "starter", "nameEn": "Enterprise Starter",
		"nameMn": "Байгууллага Эхлэл", "limits": map[string]any{"postings": 10, "staff": 5, "communities": 1}, "priceMnt": 49000, "priceUsd": 1500,
		"active": false, "sort": 1}), 200)
	pub := w.call(t, "anonymous", "GET", "/api/billing/plans", nil)
	if strings.Contains(pub.Raw, `"starter"`) {
		t.Fatalf("a retired plan is public: %s", pub.Raw)
	}
	all := w.call(t, "admin", "GET", "/api/billing/admin/plans", nil)
	if !strings.Contains(all.Raw, `"starter"`) {
		t.Fatalf("admins lost the retired plan: %s", all.Raw)
	}
	_ = context.Background()
}
