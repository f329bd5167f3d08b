package interviews_test

import (
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// The demo student has one confirmed interview and one waiting for their answer, in their
// list and their calendar; the applications are at "interview".
func TestDemo(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	var confirmed, proposed, apps int
	s.Store().Read.QueryRow(`SELECT count(*) FROM interviews i JOIN users u ON u.id = i.applicant_id WHERE u.email = 'student@demo.gerege.mn' AND i.status = 'confirmed'`).Scan(&confirmed)
	s.Store().Read.QueryRow(`SELECT count(*) FROM interviews i JOIN users u ON u.id = i.applicant_id WHERE u.email = 'student@demo.gerege.mn' AND i.status = 'proposed'`).Scan(&proposed)
	s.Store().Read.QueryRow(`SELECT count(*) FROM interviews i JOIN applications a ON a.id = i.application_id WHERE a.status = 'interview'`).Scan(&apps)
	if confirmed != 1 || proposed != 1 || apps != 2 {
		t.Fatalf("demo interviews: %d confirmed, %d proposed, %d applications at interview", confirmed, proposed, apps)
	}
	student := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "student@demo.gerege.mn", "password": app.DemoPassword}, "").Str("accessToken")
	r := apitest.Call(t, nil, ts, "GET", "/api/me/interviews", nil, student, "Accept-Language", "mn")
	if !strings.Contains(r.Raw, "meet.example.mn") || !strings.Contains(r.Raw, `"canConfirm":true`) {
		t.Errorf("student's interviews: %s", r.Raw)
	}
}
