package apitest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"gerege/app"
	"gerege/app/platform/secure"
	"gerege/db"
)

// People is a test server with people in every relation the workspace's rule of who may talk
// to whom knows (authz.MayTalk; chat, mail and the file manager): applicant applied to org1,
// whose staff are owner1, manager1 and counselor1; owner2 runs org2 (no application); comm1
// and comm2 are active members of one community and pending a pending member of it; stranger
// shares nothing with anyone; admin is a platform admin (support). Everyone's email is
// name@example.mn, password Password, language en; nobody's national ID is verified.
type People struct {
	T     *testing.T
	S     *app.Server
	TS    *httptest.Server
	Clock *Clock
	IDs   map[string]int64

	hash string
	mu   sync.Mutex
	web  map[string]*http.Client
}

// NewPeople starts the server (on the injected clock) and creates the people.
func NewPeople(t *testing.T, edit ...func(*app.Config)) *People {
	t.Helper()
	clock := NewClock()
	s, ts := NewServerClock(t, clock, edit...)
	hash, _ := secure.NewHasher().Hash(Password)
	p := &People{T: t, S: s, TS: ts, Clock: clock, IDs: map[string]int64{}, hash: hash, web: map[string]*http.Client{}}
	now := db.T(clock.Now())
	owner1 := p.Add("owner1", db.NewUser{AccountType: "enterprise", OrgName: "Org One"})
	p.Add("owner2", db.NewUser{AccountType: "enterprise", OrgName: "Org Two"})
	for _, s := range []struct{ name, role string }{{"counselor1", "counselor"}, {"manager1", "manager"}} {
		u := p.Add(s.name, db.NewUser{AccountType: "enterprise"})
		p.Exec(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?, ?, ?, ?)`, owner1.OrgID, u.ID, s.role, now)
	}
	applicant := p.Add("applicant", db.NewUser{})
	p.Exec(`INSERT INTO opportunities (organization_id, slug, kind, status, created_at, updated_at) VALUES (?, 'job-1', 'job', 'published', ?, ?)`,
		owner1.OrgID, now, now)
	p.Exec(`INSERT INTO applications (opportunity_id, user_id, lang, profile, created_at, updated_at)
		SELECT id, ?, 'en', '{}', ?, ? FROM opportunities WHERE slug = 'job-1'`, applicant.ID, now, now)
	c1, c2, pending := p.Add("comm1", db.NewUser{}), p.Add("comm2", db.NewUser{}), p.Add("pending", db.NewUser{})
	p.Exec(`INSERT INTO communities (slug, created_at, updated_at) VALUES ('club', ?, ?)`, now, now)
	for _, m := range []struct {
		id     int64
		status string
	}{{c1.ID, "active"}, {c2.ID, "active"}, {pending.ID, "pending"}} {
		p.Exec(`INSERT INTO community_members (community_id, user_id, status, joined_at) SELECT id, ?, ?, ? FROM communities WHERE slug = 'club'`,
			m.id, m.status, now)
	}
	p.Add("stranger", db.NewUser{})
	p.Add("admin", db.NewUser{IsAdmin: true})
	return p
}

// Add creates one more person, name@example.mn (individual unless n says otherwise).
func (p *People) Add(name string, n db.NewUser) *db.User {
	p.T.Helper()
	n.Email, n.PasswordHash, n.FirstName, n.LastName, n.Language, n.DateOfBirth, n.Verified =
		name+"@example.mn", p.hash, strings.ToUpper(name[:1])+name[1:], "Test", "en", "1999-01-01", true
	if n.AccountType == "" {
		n.AccountType = "individual"
	}
	u, err := p.S.Store().CreateUser(context.Background(), n, p.Clock.Now())
	if err != nil {
		p.T.Fatal(err)
	}
	p.IDs[name] = u.ID
	return u
}

// Exec runs a statement on the database (for what the people's setting needs).
func (p *People) Exec(q string, args ...any) {
	p.T.Helper()
	if _, err := p.S.Store().Write.Exec(q, args...); err != nil {
		p.T.Fatal(err)
	}
}

// User is the named person as the database has them now.
func (p *People) User(name string) *db.User {
	p.T.Helper()
	u, err := p.S.Store().UserByID(context.Background(), p.IDs[name])
	if err != nil {
		p.T.Fatal(err)
	}
	return u
}

// As is a web client signed in as name (signed in once).
func (p *People) As(name string) *http.Client {
	p.mu.Lock()
	c, ok := p.web[name]
	p.mu.Unlock()
	if ok {
		return c
	}
	c = SignIn(p.T, p.TS, name+"@example.mn")
	p.mu.Lock()
	p.web[name] = c
	p.mu.Unlock()
	return c
}

// Call sends a JSON request as name ("" for nobody) from the same site.
func (p *People) Call(name, method, path string, body any, headers ...string) Reply {
	p.T.Helper()
	var c *http.Client
	if name != "" {
		c = p.As(name)
	}
	return Call(p.T, c, p.TS, method, path, body, "", append([]string{"Sec-Fetch-Site", "same-origin"}, headers...)...)
}

// Must is Call that stops the test unless the status is want.
func (p *People) Must(want int, name, method, path string, body any, headers ...string) Reply {
	p.T.Helper()
	r := p.Call(name, method, path, body, headers...)
	MustStatus(p.T, r, want)
	return r
}

// Forget drops name's signed-in client: the next call signs in again.
func (p *People) Forget(name string) {
	p.mu.Lock()
	delete(p.web, name)
	p.mu.Unlock()
}
