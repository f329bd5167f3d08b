package home_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/platform/authz"
	"gerege/app/platform/secure"
	"gerege/app/platform/widgets"
	"gerege/db"
)

// Only the widgets a person may see: an individual's deadlines and reports, never the
// organisation's applications; the staff's applications, never an individual's deadlines.
func TestHomeAnswersOnlyPermittedWidgets(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	apitest.Run(t, s, ts, []apitest.Scenario{
		{Name: "signed out", Method: "GET", Path: "/api/workspace/home", Status: 401},
		{Name: "individual", Method: "GET", Path: "/api/workspace/home", As: "individual", Status: 200,
			Contains:    []string{`"key":"deadlines"`, `"href":"/dashboard/saved"`, `"key":"reportsOnTheClock"`},
			NotContains: []string{"applicationsToReview"}},
		{Name: "owner", Method: "GET", Path: "/api/workspace/home", As: "owner", Status: 200,
			Contains:    []string{`"key":"applicationsToReview"`, `"href":"/dashboard/kanban"`},
			NotContains: []string{`"deadlines"`}},
		{Name: "counselor", Method: "GET", Path: "/api/workspace/home", As: "counselor", Status: 200,
			Contains: []string{`"key":"applicationsToReview"`}, NotContains: []string{`"deadlines"`}},
		{Name: "forms desk", Method: "GET", Path: "/api/workspace/home", As: "desk", Status: 200,
			NotContains: []string{"applicationsToReview"}},
		{Name: "permissions signed out", Method: "GET", Path: "/api/workspace/permissions", Status: 401},
		{Name: "permissions", Method: "GET", Path: "/api/workspace/permissions", As: "individual", Status: 200,
			Contains: []string{`"name":"admin.audit.read"`, `"name":"staff.sensitive"`}},
	})
}

type homeView struct {
	Widgets []struct {
		Key   string `json:"key"`
		Href  string `json:"href"`
		Count int    `json:"count"`
	} `json:"widgets"`
}

func getHome(t *testing.T, c *http.Client, url string) homeView {
	t.Helper()
	res, err := c.Get(url + "/api/workspace/home")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	var v homeView
	if err := json.NewDecoder(res.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func count(v homeView, key string) int {
	for _, w := range v.Widgets {
		if w.Key == key {
			return w.Count
		}
	}
	return -1
}

// The counts: saved opportunities closing within 7 days (not later, not closed, not another
// person's), new applications of the organisation's postings (not reviewed ones, not another
// organisation's), open reports of the communities the person moderates (not others').
func TestHomeCounts(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock() // 2026-11-22 10:00 UTC (18:00 in Ulaanbaatar)
	s, ts := apitest.NewServerClock(t, clock)
	ctx := context.Background()
	st := s.Store()
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	mk := func(email string, n db.NewUser) int64 {
		t.Helper()
		n.Email, n.PasswordHash, n.FirstName, n.LastName, n.Language, n.DateOfBirth = email, hash, "A", "B", "en", "1990-01-01"
		if n.AccountType == "" {
			n.AccountType = "individual"
		}
		u, err := st.CreateUser(ctx, n, clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		return u.ID
	}
	saver, otherID := mk("saver@example.mn", db.NewUser{}), mk("other@example.mn", db.NewUser{})
	boss := mk("boss@example.mn", db.NewUser{AccountType: "enterprise", OrgName: "Org A"})
	var orgID int64
	if err := st.Write.QueryRow(`SELECT organization_id FROM memberships WHERE user_id = ?`, boss).Scan(&orgID); err != nil {
		t.Fatalf("the owner's organisation: %v", err)
	}
	var otherOrg int64
	if err := st.Write.QueryRow(`INSERT INTO organizations (name, created_at) VALUES ('Org B', '2026-11-01T00:00:00.000Z') RETURNING id`).Scan(&otherOrg); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.Write.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	opp := func(org int64, slug, status, deadline string) int64 {
		t.Helper()
		var id int64
		if err := st.Write.QueryRow(`INSERT INTO opportunities (organization_id, slug, kind, status, deadline, created_at, updated_at) VALUES (?, ?, 'job', ?, ?, '2026-11-01', '2026-11-01') RETURNING id`,
			org, slug, status, deadline).Scan(&id); err != nil {
			t.Fatalf("opportunity %s: %v", slug, err)
		}
		return id
	}
	save := func(user, opp int64) {
		exec(`INSERT INTO saved_opportunities (user_id, opportunity_id, created_at) VALUES (?, ?, '2026-11-01')`, user, opp)
	}
	soon := opp(orgID, "soon", "published", "2026-11-29")    // 7 days from today in Ulaanbaatar: counted
	today := opp(orgID, "today", "published", "2026-11-22")  // closes today: counted
	later := opp(orgID, "later", "published", "2026-11-30")  // 8 days: not yet
	closed := opp(orgID, "closed", "closed", "2026-11-25")   // closed already
	none := opp(otherOrg, "none", "published", "")           // no deadline
	past := opp(otherOrg, "past", "published", "2026-11-21") // yesterday
	for _, o := range []int64{soon, today, later, closed, none, past} {
		save(saver, o)
	}
	save(otherID, soon)
	app := func(opp, user int64, status string) {
		exec(`INSERT INTO applications (opportunity_id, user_id, status, lang, profile, created_at, updated_at) VALUES (?, ?, ?, 'en', '{}', '2026-11-20', '2026-11-20')`,
			opp, user, status)
	}
	app(soon, saver, "submitted")
	app(today, saver, "submitted")
	app(later, saver, "reviewed") // moved already: not new
	app(soon, otherID, "submitted")
	app(past, saver, "submitted") // another organisation's posting

	// A community the saver moderates with two open reports and one answered; another
	// community's report.
	comm := func(slug string) int64 {
		var id int64
		if err := st.Write.QueryRow(`INSERT INTO communities (slug, status, created_at, updated_at) VALUES (?, 'active', '2026-11-01', '2026-11-01') RETURNING id`, slug).Scan(&id); err != nil {
			t.Fatalf("community: %v", err)
		}
		return id
	}
	mine, theirs := comm("mine"), comm("theirs")
	exec(`INSERT INTO community_members (community_id, user_id, role, joined_at) VALUES (?, ?, 'moderator', '2026-11-01')`, mine, saver)
	report := func(comm any, target int64, status string) {
		exec(`INSERT INTO reports (target_type, target_id, community_id, reason, status, created_at, due_at) VALUES ('post', ?, ?, 'spam', ?, '2026-11-22', '2026-11-23')`,
			target, comm, status)
	}
	report(mine, 1, "open")
	report(mine, 2, "open")
	report(mine, 3, "dismissed")
	report(theirs, 4, "open")
	report(nil, 5, "open") // outside communities: platform admins'

	saverC := apitest.SignIn(t, ts, "saver@example.mn")
	h := getHome(t, saverC, ts.URL)
	if got := count(h, "deadlines"); got != 2 {
		t.Errorf("deadlines = %d, want 2 (today and in 7 days)", got)
	}
	if got := count(h, "reportsOnTheClock"); got != 2 {
		t.Errorf("reports = %d, want 2", got)
	}
	if got := count(h, "applicationsToReview"); got != -1 {
		t.Errorf("an individual sees the applications widget (%d)", got)
	}
	if got := count(getHome(t, apitest.SignIn(t, ts, "other@example.mn"), ts.URL), "reportsOnTheClock"); got != 0 {
		t.Errorf("a member who moderates nothing: reports = %d, want 0", got)
	}
	if got := count(getHome(t, apitest.SignIn(t, ts, "boss@example.mn"), ts.URL), "applicationsToReview"); got != 3 {
		t.Errorf("applications = %d, want 3 (submitted, in the organisation's postings)", got)
	}
	// Nine days later, every deadline has passed.
	clock.Advance(9 * 24 * time.Hour)
	if got := count(getHome(t, saverC, ts.URL), "deadlines"); got != 0 {
		t.Errorf("nine days later: deadlines = %d, want 0", got)
	}
}

// One failing widget does not fail the page: it is left out, the others are answered.
func TestHomeLeavesOutAFailingWidget(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	s.Widgets().Add(
		widgets.Widget{Key: "brokenWidget", Perm: authz.SignedIn, Href: "/dashboard/x", Order: 1,
			Count: func(context.Context, *db.User) (int, error) { return 0, errors.New("the database is on fire") }},
		widgets.Widget{Key: "fineWidget", Perm: authz.SignedIn, Href: "/dashboard/y", Order: 2,
			Count: func(context.Context, *db.User) (int, error) { return 7, nil }},
		widgets.Widget{Key: "adminWidget", Perm: authz.AdminAuditRead, Href: "/dashboard/z", Order: 3,
			Count: func(context.Context, *db.User) (int, error) { return 1, nil }},
	)
	r := apitest.Call(t, apitest.Roles(t, s, ts)["individual"], ts, "GET", "/api/workspace/home", nil, "")
	apitest.MustStatus(t, r, 200)
	if !strings.Contains(r.Raw, `{"key":"fineWidget","href":"/dashboard/y","count":7}`) {
		t.Errorf("the working widget is missing: %s", r.Raw)
	}
	for _, no := range []string{"brokenWidget", "fire", "adminWidget"} {
		if strings.Contains(r.Raw, no) {
			t.Errorf("%q in %s", no, r.Raw)
		}
	}
}
