package people_test

import (
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// The demo's people list looks real: the owner sees their staff, one of them suspended.
func TestDemoStaff(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	owner := apitest.WebClient()
	apitest.MustStatus(t, apitest.Call(t, owner, ts, "POST", "/api/web/auth/login",
		map[string]any{"email": "owner@demo.gerege.mn", "password": app.DemoPassword}, "", "Sec-Fetch-Site", "same-origin"), 200)
	r := apitest.Call(t, owner, ts, "GET", "/api/people?limit=100", nil, "")
	apitest.MustStatus(t, r, 200)
	for _, want := range []string{"manager@demo.gerege.mn", "sarah.counselor@demo.gerege.mn", "Энхжин", `"suspended":true`} {
		if !strings.Contains(r.Raw, want) {
			t.Errorf("the demo list lacks %s: %.600s", want, r.Raw)
		}
	}
	if n := strings.Count(r.Raw, `"id":`); n < 6 {
		t.Errorf("the owner sees %d people, want their staff and themselves", n)
	}
	if s := apitest.Call(t, owner, ts, "GET", "/api/people?status=suspended", nil, ""); strings.Count(s.Raw, `"id":`) != 1 {
		t.Errorf("suspended: %s", s.Raw)
	}
}
