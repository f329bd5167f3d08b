package mail_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/db"
)

// world is a server with people in every relation the rule of who may write to whom knows
// (the chat's people, app/workspace/chat).
type world struct {
	t     *testing.T
	s     *app.Server
	ts    *httptest.Server
	clock *apitest.Clock
	ids   map[string]int64
	web   map[string]*http.Client
}

// people: applicant applied to org1 (owner1, counselor1, manager1 its staff); owner2 runs
// org2 (no application); comm1 and comm2 share an active community, pending is a pending
// member of it; stranger shares nothing; admin is platform support.
func newWorld(t *testing.T, edit ...func(*app.Config)) *world {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock, edit...)
	w := &world{t: t, s: s, ts: ts, clock: clock, ids: map[string]int64{}, web: map[string]*http.Client{}}
	ctx := context.Background()
	st := s.Store()
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	mk := func(name string, n db.NewUser) *db.User {
		n.Email, n.PasswordHash, n.FirstName, n.LastName, n.Language, n.DateOfBirth, n.Verified =
			name+"@example.mn", hash, strings.ToUpper(name[:1])+name[1:], "Test", "en", "1999-01-01", true
		if n.AccountType == "" {
			n.AccountType = "individual"
		}
		u, err := st.CreateUser(ctx, n, clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		w.ids[name] = u.ID
		return u
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.Write.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	now := db.T(clock.Now())
	owner1 := mk("owner1", db.NewUser{AccountType: "enterprise", OrgName: "Org One"})
	mk("owner2", db.NewUser{AccountType: "enterprise", OrgName: "Org Two"})
	for _, p := range []struct{ name, role string }{{"counselor1", "counselor"}, {"manager1", "manager"}} {
		u := mk(p.name, db.NewUser{AccountType: "enterprise"})
		exec(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?, ?, ?, ?)`, owner1.OrgID, u.ID, p.role, now)
	}
	applicant := mk("applicant", db.NewUser{})
	exec(`INSERT INTO opportunities (organization_id, slug, kind, status, created_at, updated_at) VALUES (?, 'job-1', 'job', 'published', ?, ?)`,
		owner1.OrgID, now, now)
	exec(`INSERT INTO applications (opportunity_id, user_id, lang, profile, created_at, updated_at)
		SELECT id, ?, 'en', '{}', ?, ? FROM opportunities WHERE slug = 'job-1'`, applicant.ID, now, now)
	c1, c2, pending := mk("comm1", db.NewUser{}), mk("comm2", db.NewUser{}), mk("pending", db.NewUser{})
	exec(`INSERT INTO communities (slug, created_at, updated_at) VALUES ('club', ?, ?)`, now, now)
	for _, m := range []struct {
		id     int64
		status string
	}{{c1.ID, "active"}, {c2.ID, "active"}, {pending.ID, "pending"}} {
		exec(`INSERT INTO community_members (community_id, user_id, status, joined_at) SELECT id, ?, ?, ? FROM communities WHERE slug = 'club'`,
			m.id, m.status, now)
	}
	mk("stranger", db.NewUser{})
	mk("admin", db.NewUser{IsAdmin: true})
	return w
}

// as is a web client signed in as name (signed in once).
func (w *world) as(name string) *http.Client {
	if c, ok := w.web[name]; ok {
		return c
	}
	c := apitest.SignIn(w.t, w.ts, name+"@example.mn")
	w.web[name] = c
	return c
}

// call sends a JSON request as name ("" for nobody) from the same site.
func (w *world) call(name, method, path string, body any, headers ...string) apitest.Reply {
	w.t.Helper()
	var c *http.Client
	if name != "" {
		c = w.as(name)
	}
	return apitest.Call(w.t, c, w.ts, method, path, body, "", append([]string{"Sec-Fetch-Site", "same-origin"}, headers...)...)
}

// must is call that stops the test unless the status is want.
func (w *world) must(want int, name, method, path string, body any, headers ...string) apitest.Reply {
	w.t.Helper()
	r := w.call(name, method, path, body, headers...)
	apitest.MustStatus(w.t, r, want)
	return r
}

func mustUser(t *testing.T, w *world, name string) *db.User {
	t.Helper()
	u, err := w.s.Store().UserByID(context.Background(), w.ids[name])
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func jsonInto(raw []byte, v any) error { return json.Unmarshal(raw, v) }
