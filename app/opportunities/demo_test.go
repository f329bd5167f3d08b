package opportunities_test

import (
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// TestDemo: an offline demo shows the whole flow — verified organisations, 40+ opportunities
// of all seven kinds in both languages, some waiting for approval, and applications in
// several statuses.
func TestDemo(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	var published, waiting, orgs, statuses int
	s.Store().Read.QueryRow(`SELECT count(*) FROM opportunities WHERE status = 'published' AND title_mn <> '' AND title_en <> ''`).Scan(&published)
	s.Store().Read.QueryRow(`SELECT count(*) FROM opportunities WHERE status = 'submitted'`).Scan(&waiting)
	s.Store().Read.QueryRow(`SELECT count(*) FROM org_profiles WHERE status = 'verified'`).Scan(&orgs)
	s.Store().Read.QueryRow(`SELECT count(DISTINCT status) FROM applications`).Scan(&statuses)
	if published < 38 || waiting < 2 || orgs < 3 || statuses < 5 {
		t.Errorf("demo: %d published, %d waiting, %d verified organisations, %d application statuses", published, waiting, orgs, statuses)
	}
	for _, kind := range []string{"job", "career", "education", "development", "exchange", "recruitment", "travel"} {
		r := apitest.Do(t, ts, "GET", "/api/opportunities?kind="+kind, "", map[string]string{"Accept-Language": "mn"})
		if r.Status != 200 || !strings.Contains(r.Raw, `"lang":"mn"`) {
			t.Errorf("%s: %d %.200s", kind, r.Status, r.Raw)
		}
	}
	// The owner sees applicants; the student sees their applications.
	owner := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "owner@demo.gerege.mn", "password": app.DemoPassword}, "").Str("accessToken")
	if r := apitest.Call(t, nil, ts, "GET", "/api/org/applications", nil, owner); !strings.Contains(r.Raw, `"status":"shortlisted"`) && !strings.Contains(r.Raw, `"status":"interview"`) {
		t.Errorf("owner's pipeline: %.300s", r.Raw)
	}
	student := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "student@demo.gerege.mn", "password": app.DemoPassword}, "").Str("accessToken")
	if r := apitest.Call(t, nil, ts, "GET", "/api/me/applications", nil, student); strings.Count(r.Raw, `"slug"`) < 3 {
		t.Errorf("student's applications: %.300s", r.Raw)
	}
}
