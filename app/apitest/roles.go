package apitest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/platform/secure"
	"gerege/db"
)

// RoleEmails are the accounts Roles signs in, one per kind of user.
var RoleEmails = map[string]string{"individual": "ind@example.mn", "owner": "own@example.mn", "manager": "man@example.mn",
	"counselor": "cou@example.mn", "desk": "desk@example.mn", "desk2": "desk2@example.mn", "admin": "adm@example.mn"}

// Roles signs in one web client for each kind of user, and an anonymous one: individual,
// organisation owner, manager and counselor (of the owner's organisation), forms desk levels
// 1 and 2, platform admin.
func Roles(t testing.TB, s *app.Server, ts *httptest.Server) map[string]*http.Client {
	t.Helper()
	ctx := context.Background()
	hash, _ := secure.NewHasher().Hash(Password)
	mk := func(email string, n db.NewUser, staff int, orgRole string) *http.Client {
		n.Email, n.PasswordHash, n.FirstName, n.LastName, n.Language, n.DateOfBirth = email, hash, "A", "B", "en", "1990-01-01"
		if n.AccountType == "" {
			n.AccountType = "individual"
		}
		u, err := s.Store().CreateUser(ctx, n, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if staff > 0 {
			if err := s.Store().SetStaff(ctx, u.ID, staff, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if orgRole != "" { // a member of the owner's organisation
			if _, err := s.Store().Write.Exec(`INSERT INTO memberships (organization_id, user_id, role, created_at)
				SELECT organization_id, ?, ?, '2026-11-22T10:00:00.000Z' FROM memberships WHERE role = 'owner' LIMIT 1`, u.ID, orgRole); err != nil {
				t.Fatal(err)
			}
		}
		return SignIn(t, ts, email)
	}
	return map[string]*http.Client{
		"anonymous":  WebClient(),
		"individual": mk(RoleEmails["individual"], db.NewUser{}, 0, ""),
		"owner":      mk(RoleEmails["owner"], db.NewUser{AccountType: "enterprise", OrgName: "Org"}, 0, ""),
		"manager":    mk(RoleEmails["manager"], db.NewUser{AccountType: "enterprise"}, 0, "manager"),
		"counselor":  mk(RoleEmails["counselor"], db.NewUser{AccountType: "enterprise"}, 0, "counselor"),
		"desk":       mk(RoleEmails["desk"], db.NewUser{}, 1, ""),
		"desk2":      mk(RoleEmails["desk2"], db.NewUser{}, 2, ""),
		"admin":      mk(RoleEmails["admin"], db.NewUser{IsAdmin: true}, 0, ""),
	}
}

// Scenario is one request and what its answer must be.
type Scenario struct {
	Name   string
	Method string
	Path   string
	As     string // a key of Roles ("" = anonymous)
	Body   any
	Header []string // name, value pairs
	Status int
	// Contains must all occur in the body; NotContains must not (other people's data,
	// sensitive fields, secrets).
	Contains    []string
	NotContains []string
}

// Run runs scenarios against ts with the clients of Roles (which it creates once).
func Run(t *testing.T, s *app.Server, ts *httptest.Server, scenarios []Scenario) {
	t.Helper()
	clients := Roles(t, s, ts)
	for _, sc := range scenarios {
		name := sc.Name
		if name == "" {
			name = sc.Method + " " + sc.Path + " as " + sc.As
		}
		as := sc.As
		if as == "" {
			as = "anonymous"
		}
		c, ok := clients[as]
		if !ok {
			t.Fatalf("%s: no client %q (one of %v)", name, as, slices.Sorted(func(yield func(string) bool) {
				for k := range clients {
					if !yield(k) {
						return
					}
				}
			}))
		}
		r := Call(t, c, ts, sc.Method, sc.Path, sc.Body, "", append([]string{"Sec-Fetch-Site", "same-origin"}, sc.Header...)...)
		if r.Status != sc.Status {
			t.Errorf("%s: status %d, want %d: %.300s", name, r.Status, sc.Status, r.Raw)
		}
		for _, want := range sc.Contains {
			if !strings.Contains(r.Raw, want) {
				t.Errorf("%s: the answer lacks %q: %.300s", name, want, r.Raw)
			}
		}
		for _, bad := range sc.NotContains {
			if strings.Contains(r.Raw, bad) {
				t.Errorf("%s: the answer must not contain %q: %.300s", name, bad, r.Raw)
			}
		}
	}
}
