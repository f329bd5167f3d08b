package analytics_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/db"
)

type orgView struct {
	Postings []struct {
		Title        string `json:"title"`
		Applications int    `json:"applications"`
	} `json:"postings"`
	Funnel []struct {
		Stage string `json:"stage"`
		Count int    `json:"count"`
	} `json:"funnel"`
	Median   *float64 `json:"medianFirstReviewHours"`
	Reviewed int      `json:"reviewed"`
	Reports  struct {
		Total, Answered, Within24h, Open int
	} `json:"reports"`
}

// seed writes known data: the owner's organisation (the one of apitest.Roles) with two
// postings, six applications at known stages and four reports; a second organisation with its
// own posting, applications and report, which must never count for the first.
func seed(t *testing.T, st *db.Store, clock *apitest.Clock) {
	t.Helper()
	ctx := context.Background()
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	n := 0
	person := func(created time.Time) int64 {
		t.Helper()
		n++
		u, err := st.CreateUser(ctx, db.NewUser{Email: "p" + string(rune('a'+n)) + "@example.mn", PasswordHash: hash, FirstName: "A", LastName: "B",
			Language: "en", DateOfBirth: "1990-01-01", AccountType: "individual"}, created)
		if err != nil {
			t.Fatal(err)
		}
		return u.ID
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.Write.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	var orgA, orgB int64
	if err := st.Write.QueryRow(`SELECT organization_id FROM memberships WHERE role = 'owner' LIMIT 1`).Scan(&orgA); err != nil {
		t.Fatal(err)
	}
	if err := st.Write.QueryRow(`INSERT INTO organizations (name, created_at) VALUES ('Org B', '2026-11-01T00:00:00.000Z') RETURNING id`).Scan(&orgB); err != nil {
		t.Fatal(err)
	}
	opp := func(org int64, slug, title string) int64 {
		t.Helper()
		var id int64
		if err := st.Write.QueryRow(`INSERT INTO opportunities (organization_id, slug, kind, status, title_en, created_at, updated_at)
			VALUES (?, ?, 'job', 'published', ?, '2026-11-01', '2026-11-01') RETURNING id`, org, slug, title).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	a1, a2, b1 := opp(orgA, "a1", "PostingAlpha"), opp(orgA, "a2", "PostingQuiet"), opp(orgB, "b1", "SecretBravo")
	app := func(o int64, status, created string, reviewedAfter time.Duration) {
		t.Helper()
		var reviewed any
		if reviewedAfter > 0 {
			c, _ := time.Parse(db.TimeFormat, created)
			reviewed = c.Add(reviewedAfter).UTC().Format(db.TimeFormat)
		}
		exec(`INSERT INTO applications (opportunity_id, user_id, status, lang, profile, created_at, updated_at, reviewed_at)
			VALUES (?, ?, ?, 'en', '{}', ?, ?, ?)`, o, person(clock.Now().Add(-72*time.Hour)), status, created, created, reviewed)
	}
	const at = "2026-11-20T00:00:00.000Z"
	app(a1, "submitted", at, 0)
	app(a1, "submitted", at, 2*time.Hour)
	app(a1, "shortlisted", at, 4*time.Hour)
	app(a1, "interview", at, 6*time.Hour)
	app(a1, "hired", at, 10*time.Hour)
	app(a1, "declined", at, time.Hour)
	app(a2, "hired", "2026-01-01T00:00:00.000Z", time.Hour) // before the window
	for i := 0; i < 3; i++ {
		app(b1, "hired", at, 100*time.Hour) // the other organisation's
	}
	// Views: 40 of the first posting in the 90-day window (and 7 before it), the other
	// organisation's 500.
	if err := st.AddOpportunityViews(ctx, map[db.ViewDay]int{{OpportunityID: a1, Day: "2026-11-20"}: 30,
		{OpportunityID: a1, Day: "2026-11-22"}: 10, {OpportunityID: a1, Day: "2026-01-01"}: 7,
		{OpportunityID: b1, Day: "2026-11-20"}: 500}); err != nil {
		t.Fatal(err)
	}
	var commA, commB int64
	for _, c := range []struct {
		slug string
		org  int64
		id   *int64
	}{{"comm-a", orgA, &commA}, {"comm-b", orgB, &commB}} {
		if err := st.Write.QueryRow(`INSERT INTO communities (slug, status, organization_id, created_at, updated_at) VALUES (?, 'active', ?, '2026-11-01', '2026-11-01') RETURNING id`,
			c.slug, c.org).Scan(c.id); err != nil {
			t.Fatal(err)
		}
	}
	// Subscribers: the organisation's community has 2 active members (a pending one does not
	// count) and 1 follower; the other organisation's has 5 members.
	member := func(comm int64, status string) {
		exec(`INSERT INTO community_members (community_id, user_id, status, joined_at) VALUES (?, ?, ?, '2026-11-01')`, comm, person(clock.Now().Add(-72*time.Hour)), status)
	}
	member(commA, "active")
	member(commA, "active")
	member(commA, "pending")
	for i := 0; i < 5; i++ {
		member(commB, "active")
	}
	exec(`INSERT INTO follows (user_id, target_type, target_id, created_at) VALUES (?, 'community', ?, '2026-11-01')`, person(clock.Now().Add(-72*time.Hour)), commA)
	exec(`UPDATE communities SET name_en = CASE slug WHEN 'comm-a' THEN 'CommunityAlpha' ELSE 'SecretCommunityB' END`)
	report := func(kind string, target int64, comm any, answeredAfter time.Duration) {
		t.Helper()
		status, answered := "open", any(nil)
		if answeredAfter > 0 {
			status, answered = "actioned", time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC).Add(answeredAfter).Format(db.TimeFormat)
		}
		exec(`INSERT INTO reports (target_type, target_id, community_id, reason, status, created_at, due_at, answered_at)
			VALUES (?, ?, ?, 'spam', ?, ?, '2026-11-21T00:00:00.000Z', ?)`, kind, target, comm, status, at, answered)
	}
	report("opportunity", a1, nil, 2*time.Hour)  // within 24 h
	report("opportunity", a1, nil, 30*time.Hour) // late
	report("opportunity", a1, nil, 0)            // open
	report("post", 1, commA, time.Hour)          // the organisation's community, within 24 h
	report("opportunity", b1, nil, time.Hour)    // the other organisation's posting
	report("post", 2, commB, time.Hour)          // the other organisation's community
	report("post", 3, nil, 0)                    // outside any community

	// Sign-ups at known Ulaanbaatar days (clock: 2026-11-22 18:00 in Ulaanbaatar).
	person(time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)) // 22 Nov 04:00 in Ulaanbaatar
	person(time.Date(2026, 11, 21, 15, 0, 0, 0, time.UTC)) // 21 Nov 23:00 in Ulaanbaatar
	exec(`INSERT INTO db_attempts (id, key_hash, lang, started_at, deadline_at, finished_at, code, result_token)
		VALUES ('x1', 'k', 'en', '2026-11-20T00:00:00.000Z', '2026-11-20T01:00:00.000Z', '2026-11-20T00:30:00.000Z', 'SIA', 't1'),
		       ('x2', 'k', 'en', '2026-11-20T00:00:00.000Z', '2026-11-20T01:00:00.000Z', NULL, '', 't2')`)
}

// Who may read what: the organisation's figures for its owner and managers only, never the
// other organisation's; the platform's figures for admins only; bad windows are 400 on "days".
func TestAnalyticsPermissionsAndIsolation(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	clients := apitest.Roles(t, s, ts)
	seed(t, s.Store(), clock)
	org, plat := "/api/analytics/organization", "/api/analytics/platform"
	secret := []string{"SecretBravo", "Org B", "SecretCommunityB"}
	for _, sc := range []apitest.Scenario{
		{Name: "org signed out", Method: "GET", Path: org, Status: 401},
		{Name: "org individual", Method: "GET", Path: org, As: "individual", Status: 403},
		{Name: "org counselor", Method: "GET", Path: org, As: "counselor", Status: 403},
		{Name: "org desk", Method: "GET", Path: org, As: "desk", Status: 403},
		{Name: "org admin", Method: "GET", Path: org, As: "admin", Status: 403},
		{Name: "org owner", Method: "GET", Path: org, As: "owner", Status: 200,
			Contains: []string{`"title":"PostingAlpha","views":40,"applications":6`, `"title":"PostingQuiet","views":0,"applications":0`,
				`{"stage":"viewed","count":40}`, `"name":"CommunityAlpha","members":2,"followers":1`},
			NotContains: append([]string{`"count":540`, `"views":500`}, secret...)},
		{Name: "org manager", Method: "GET", Path: org, As: "manager", Status: 200,
			Contains: []string{"PostingAlpha"}, NotContains: secret},
		{Name: "org days text", Method: "GET", Path: org + "?days=abc", As: "owner", Status: 422, Contains: []string{`"days"`}},
		{Name: "org days zero", Method: "GET", Path: org + "?days=0", As: "owner", Status: 422, Contains: []string{`"days"`}},
		{Name: "org days huge", Method: "GET", Path: org + "?days=99999999999999999999", As: "owner", Status: 422, Contains: []string{`"days"`}},
		{Name: "platform signed out", Method: "GET", Path: plat, Status: 401},
		{Name: "platform owner", Method: "GET", Path: plat, As: "owner", Status: 403},
		{Name: "platform individual", Method: "GET", Path: plat, As: "individual", Status: 403},
		{Name: "platform admin", Method: "GET", Path: plat, As: "admin", Status: 200,
			Contains: []string{`{"day":"2026-11-22","count":1}`, `{"day":"2026-11-21","count":1}`, `{"key":"S","count":1}`, `{"key":"R","count":0}`,
				`{"key":"applications","months":[{"month":"2025-12","count":0}`, `{"month":"2026-11","count":9}`, `{"month":"2026-01","count":1}`}},
		{Name: "platform days", Method: "GET", Path: plat + "?days=91", As: "admin", Status: 422, Contains: []string{`"days"`}},
		{Name: "csv owner", Method: "GET", Path: plat + "/signups.csv", As: "owner", Status: 403},
		{Name: "csv admin", Method: "GET", Path: plat + "/signups.csv?days=7", As: "admin", Status: 200,
			Contains: []string{"Day,Sign-ups", "2026-11-22,1", "2026-11-16,0"}},
		{Name: "funnel csv", Method: "GET", Path: org + "/funnel.csv", As: "owner", Status: 200,
			Contains: []string{"Stage,Number", "Viewed,40", "Submitted,6", "Hired,1"}},
		{Name: "postings csv", Method: "GET", Path: org + "/postings.csv", As: "manager", Status: 200,
			Contains: []string{"Posting,Views,Applications", "PostingAlpha,40,6"}, NotContains: secret},
		{Name: "communities csv", Method: "GET", Path: org + "/communities.csv", As: "owner", Status: 200,
			Contains: []string{"Community,Members,Followers", "CommunityAlpha,2,1"}, NotContains: secret},
		{Name: "reports csv", Method: "GET", Path: org + "/reports.csv", As: "owner", Status: 200, Contains: []string{"Answered within 24 hours,2"}},
		{Name: "org csv unknown", Method: "GET", Path: org + "/everything.csv", As: "owner", Status: 404},
		{Name: "org csv admin", Method: "GET", Path: org + "/funnel.csv", As: "admin", Status: 403},
		{Name: "org csv bad days", Method: "GET", Path: org + "/funnel.csv?days=x", As: "owner", Status: 422},
		{Name: "month csv", Method: "GET", Path: plat + "/month-applications.csv", As: "admin", Status: 200, Contains: []string{"2026-11,9"}},
		{Name: "holland csv", Method: "GET", Path: plat + "/holland.csv", As: "admin", Status: 200, Contains: []string{"S,1"}},
		{Name: "platform csv unknown", Method: "GET", Path: plat + "/month-nothing.csv", As: "admin", Status: 404},
		{Name: "csv bad days", Method: "GET", Path: plat + "/signups.csv?days=-1", As: "admin", Status: 422},
	} {
		as := sc.As
		if as == "" {
			as = "anonymous"
		}
		r := apitest.Call(t, clients[as], ts, sc.Method, sc.Path, nil, "")
		if r.Status != sc.Status {
			t.Errorf("%s: status %d, want %d: %.300s", sc.Name, r.Status, sc.Status, r.Raw)
		}
		for _, want := range sc.Contains {
			if !strings.Contains(r.Raw, want) {
				t.Errorf("%s: the answer lacks %q: %.400s", sc.Name, want, r.Raw)
			}
		}
		for _, bad := range sc.NotContains {
			if strings.Contains(r.Raw, bad) {
				t.Errorf("%s: the answer holds another organisation's %q", sc.Name, bad)
			}
		}
	}
}

// The funnel, the median time to first review and the 24-hour record on known data: only the
// window's applications and only the organisation's reports count.
func TestAnalyticsFiguresOnKnownData(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	owner := apitest.Roles(t, s, ts)["owner"]
	seed(t, s.Store(), clock)
	r := apitest.Call(t, owner, ts, "GET", "/api/analytics/organization", nil, "")
	apitest.MustStatus(t, r, 200)
	var v orgView
	if err := json.Unmarshal([]byte(r.Raw), &v); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"viewed": 40, "submitted": 6, "reviewed": 5, "shortlisted": 3, "interview": 2, "offer": 1, "hired": 1}
	got := map[string]int{}
	for _, st := range v.Funnel {
		got[st.Stage] = st.Count
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("funnel %s = %d, want %d (%v)", k, got[k], n, got)
		}
	}
	if v.Median == nil || *v.Median != 4 || v.Reviewed != 5 {
		t.Errorf("median %v over %d, want 4 h over 5", v.Median, v.Reviewed)
	}
	if rp := v.Reports; rp.Total != 4 || rp.Answered != 3 || rp.Within24h != 2 || rp.Open != 1 {
		t.Errorf("reports %+v, want 4 received, 3 answered, 2 within 24 h, 1 open", rp)
	}
	// A year-long window takes in January's application of the quiet posting.
	r = apitest.Call(t, owner, ts, "GET", "/api/analytics/organization?days=365", nil, "")
	apitest.MustStatus(t, r, 200)
	if !strings.Contains(r.Raw, `"title":"PostingQuiet","views":0,"applications":1`) || !strings.Contains(r.Raw, `"title":"PostingAlpha","views":47,`) {
		t.Errorf("a year's window: %s", r.Raw)
	}
}
