package people_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/web"
	"gerege/db"
)

func generous(c *app.Config) {
	many := web.Rate{N: 1 << 20, Per: time.Minute}
	a := &c.Auth
	a.LoginIP, a.LoginAccount, a.RegisterIP, a.EmailIP, a.EmailAccount, a.VerifyAccount = many, many, many, many, many, many
}

// world is a server with the role clients of apitest.Roles, another organisation (an owner
// and a manager with a name nobody else has) and a sealed national ID on the counselor.
type world struct {
	s        *app.Server
	ts       *httptest.Server
	clients  map[string]*http.Client
	id       map[string]int64 // by role key, plus "otherOwner", "otherManager"
	otherOrg int64
}

const secretName = "Zolzayasecret"

func newWorld(t *testing.T) *world {
	t.Helper()
	s, ts := apitest.NewServer(t, generous)
	w := &world{s: s, ts: ts, clients: apitest.Roles(t, s, ts), id: map[string]int64{}}
	ctx, st := context.Background(), s.Store()
	for role, email := range apitest.RoleEmails {
		u, err := st.UserByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		w.id[role] = u.ID
	}
	owner, err := st.CreateUser(ctx, db.NewUser{Email: "other-own@example.mn", PasswordHash: "$argon2id$not-a-real-hash", FirstName: "Other",
		LastName: "Owner", AccountType: "enterprise", OrgName: "Other Org", Language: "en", DateOfBirth: "1990-01-01"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	w.id["otherOwner"], w.otherOrg = owner.ID, owner.OrgID
	man, err := st.CreateUser(ctx, db.NewUser{Email: "other-man@example.mn", PasswordHash: "$argon2id$not-a-real-hash", FirstName: secretName,
		LastName: "Болд", AccountType: "enterprise", Language: "mn", DateOfBirth: "1990-01-01"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.MoveToOrg(ctx, man.ID, owner.OrgID, "manager", time.Now()); err != nil {
		t.Fatal(err)
	}
	w.id["otherManager"] = man.ID
	if err := st.SaveIDVerification(ctx, db.IDVerification{UserID: w.id["counselor"], Status: "verified", Surname: "B", GivenName: "A",
		DateOfBirth: "1990-01-01", IDNumberEnc: []byte("SEALEDNUMBER"), IDNumberMask: "УБ******01", UpdatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	return w
}

type scenario struct {
	as, method, path string
	body             any
	status           int
	contains, not    []string
}

// secrets must never be in any answer of the people API.
var secrets = []string{"argon2", "password", "Hash", "SEALEDNUMBER", "УБ**", "refresh", "token"}

func (w *world) run(t *testing.T, list []scenario) {
	t.Helper()
	for _, sc := range list {
		c := w.clients[sc.as]
		if c == nil {
			t.Fatalf("no client %q", sc.as)
		}
		r := apitest.Call(t, c, w.ts, sc.method, sc.path, sc.body, "", "Sec-Fetch-Site", "same-origin")
		name := fmt.Sprintf("%s %s as %s", sc.method, sc.path, sc.as)
		if r.Status != sc.status {
			t.Errorf("%s: status %d, want %d: %.400s", name, r.Status, sc.status, r.Raw)
		}
		for _, want := range sc.contains {
			if !strings.Contains(r.Raw, want) {
				t.Errorf("%s: the answer lacks %q: %.400s", name, want, r.Raw)
			}
		}
		for _, bad := range append(sc.not, secrets...) {
			if strings.Contains(r.Raw, bad) {
				t.Errorf("%s: the answer must not contain %q: %.400s", name, bad, r.Raw)
			}
		}
	}
}

func TestWhoSeesWhom(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := func(key string) string { return fmt.Sprint("/api/people/", w.id[key]) }
	own := []string{"man@example.mn", "cou@example.mn", "own@example.mn"}
	outside := []string{"other-man@example.mn", secretName, "other-own@example.mn", "Other Org", "ind@example.mn", "adm@example.mn", "desk@example.mn"}
	w.run(t, []scenario{
		// Admins see everyone, with the verified flags but never the ID number.
		{"admin", "GET", "/api/people?limit=100", nil, 200, append(own, "other-man@example.mn", secretName, "ind@example.mn", `"idVerified":true`), nil},
		{"admin", "GET", p("otherManager"), nil, 200, []string{secretName, "Other Org", `"orgRole":"manager"`}, nil},
		// Owners see their organisation and nobody else.
		{"owner", "GET", "/api/people?limit=100", nil, 200, own, outside},
		{"owner", "GET", fmt.Sprintf("/api/people?org=%d", w.otherOrg), nil, 200, []string{`"items":[]`}, outside},
		{"owner", "GET", "/api/people?q=" + secretName, nil, 200, []string{`"items":[]`}, outside},
		{"owner", "GET", p("otherManager"), nil, 404, nil, outside},
		{"owner", "PATCH", p("otherManager"), map[string]any{"firstName": "X"}, 404, nil, outside},
		{"owner", "POST", p("otherManager") + "/suspend", struct{}{}, 404, nil, outside},
		{"owner", "POST", p("otherManager") + "/sign-out", struct{}{}, 404, nil, outside},
		{"owner", "GET", p("individual"), nil, 404, nil, outside},
		{"owner", "PATCH", p("individual"), map[string]any{"firstName": "X"}, 404, nil, outside},
		{"owner", "GET", p("admin"), nil, 404, nil, outside},
		{"owner", "GET", p("manager"), nil, 200, []string{"man@example.mn", `"suspend":true`, `"admin":false`}, outside},
		{"owner", "GET", "/api/people/options", nil, 200, []string{`"all":false`, `"Org"`}, []string{"Other Org"}},
		{"admin", "GET", "/api/people/options", nil, 200, []string{`"all":true`, "Other Org"}, nil},
		// Owners manage their staff: name, manager ↔ counselor.
		{"owner", "PATCH", p("counselor"), map[string]any{"firstName": "Saraa", "orgRole": "manager"}, 200,
			[]string{`"firstName":"Saraa"`, `"orgRole":"manager"`}, nil},
		{"owner", "PATCH", p("counselor"), map[string]any{"orgRole": "counselor"}, 200, []string{`"orgRole":"counselor"`}, nil},
		{"owner", "PATCH", p("counselor"), map[string]any{"orgRole": "owner"}, 422, []string{"orgRole"}, nil},
		{"owner", "PATCH", p("owner"), map[string]any{"orgRole": "manager"}, 409, []string{"people_self"}, nil},
		{"owner", "POST", p("owner") + "/suspend", struct{}{}, 409, []string{"people_self"}, nil},
		{"owner", "PUT", p("manager") + "/roles", map[string]any{"admin": true}, 403, nil, nil},
		// Nobody demotes or suspends themselves.
		{"admin", "PUT", p("admin") + "/roles", map[string]any{"admin": false}, 409, []string{"people_self"}, nil},
		{"admin", "POST", p("admin") + "/suspend", struct{}{}, 409, []string{"people_self"}, nil},
		{"admin", "PATCH", p("admin"), map[string]any{"lastName": "Adminova"}, 200, []string{"Adminova"}, nil},
		// Admins grant and take back platform roles (through the admin page's store calls).
		{"admin", "PUT", p("individual") + "/roles", map[string]any{"admin": true, "deskLevel": "desk"}, 200,
			[]string{`"admin":true`, `"deskLevel":"desk"`}, nil},
		{"admin", "PUT", p("individual") + "/roles", map[string]any{"admin": false, "deskLevel": "none"}, 200,
			[]string{`"admin":false`, `"deskLevel":"none"`}, nil},
		{"admin", "PUT", p("owner") + "/roles", map[string]any{"organizationId": w.otherOrg}, 403, []string{"people_not_allowed"}, nil},
		{"admin", "PUT", p("counselor") + "/roles", map[string]any{"organizationId": w.otherOrg, "orgRole": "manager"}, 200,
			[]string{"Other Org", `"orgRole":"manager"`}, nil},
		{"owner", "GET", p("counselor"), nil, 404, nil, nil}, // no longer theirs
		// Everyone else manages nobody.
		{"manager", "GET", "/api/people", nil, 403, nil, outside},
		{"counselor", "GET", "/api/people", nil, 403, nil, outside},
		{"individual", "GET", "/api/people", nil, 403, nil, outside},
		{"desk", "GET", "/api/people", nil, 403, nil, outside},
		{"manager", "PATCH", p("counselor"), map[string]any{"firstName": "X"}, 403, nil, nil},
		{"anonymous", "GET", "/api/people", nil, 401, nil, outside},
	})
}

func TestSearchFiltersAndPaging(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.run(t, []scenario{
		// Folded search: Latin finds Cyrillic, part of a word, the email.
		{"admin", "GET", "/api/people?q=bold", nil, 200, []string{"other-man@example.mn"}, []string{"cou@example.mn"}},
		{"admin", "GET", "/api/people?q=zolza", nil, 200, []string{"other-man@example.mn"}, nil},
		{"admin", "GET", "/api/people?q=other-own%40example.mn", nil, 200, []string{"other-own@example.mn"}, []string{"other-man@example.mn"}},
		{"admin", "GET", "/api/people?role=counselor", nil, 200, []string{"cou@example.mn"}, []string{"man@example.mn"}},
		{"admin", "GET", "/api/people?role=admin", nil, 200, []string{"adm@example.mn"}, []string{"cou@example.mn"}},
		{"admin", "GET", "/api/people?role=staff", nil, 200, []string{"desk@example.mn", "desk2@example.mn"}, []string{"cou@example.mn"}},
		{"admin", "GET", "/api/people?role=individual", nil, 200, []string{"ind@example.mn"}, []string{"cou@example.mn"}},
		{"admin", "GET", fmt.Sprintf("/api/people?org=%d", w.otherOrg), nil, 200, []string{"other-man@example.mn"}, []string{"cou@example.mn"}},
		{"admin", "GET", "/api/people?verified=id", nil, 200, []string{"cou@example.mn"}, []string{"man@example.mn"}},
		{"admin", "GET", "/api/people?verified=email", nil, 200, []string{`"items":[]`}, nil},
		{"admin", "GET", "/api/people?status=suspended", nil, 200, []string{`"items":[]`}, nil},
		{"admin", "GET", "/api/people?sort=created", nil, 200, []string{"other-man@example.mn"}, nil},
		{"admin", "GET", "/api/people?sort=lastSignIn", nil, 200, []string{"adm@example.mn"}, nil},
		// Bad input: 400 on the field, never 500.
		{"admin", "GET", "/api/people?role=wizard", nil, 400, []string{`"role"`}, nil},
		{"admin", "GET", "/api/people?sort=shoe-size", nil, 400, []string{`"sort"`}, nil},
		{"admin", "GET", "/api/people?status=asleep", nil, 400, []string{`"status"`}, nil},
		{"admin", "GET", "/api/people?verified=maybe", nil, 400, []string{`"verified"`}, nil},
		{"admin", "GET", "/api/people?org=abc", nil, 400, []string{`"org"`}, nil},
		{"admin", "GET", "/api/people?limit=0", nil, 400, []string{`"limit"`}, nil},
		{"admin", "GET", "/api/people?after=!!!garbage~~", nil, 400, []string{`"after"`}, nil},
		{"admin", "GET", "/api/people?after=bm90IGpzb24", nil, 400, []string{`"after"`}, nil},
		{"admin", "GET", "/api/people?after=e30", nil, 400, []string{`"after"`}, nil}, // {}
		{"admin", "GET", "/api/people?q=" + strings.Repeat("x", 300), nil, 400, []string{`"q"`}, nil},
		{"admin", "GET", "/api/people?q=%22%29%28*%3A%5E+OR+NEAR", nil, 200, nil, nil},
		{"admin", "GET", "/api/people/abc", nil, 404, nil, nil},
		{"admin", "GET", "/api/people/99999999", nil, 404, nil, nil},
		{"admin", "PATCH", fmt.Sprint("/api/people/", w.id["manager"]), map[string]any{"firstName": "  "}, 422, []string{`"firstName"`}, nil},
		{"admin", "PATCH", fmt.Sprint("/api/people/", w.id["manager"]), map[string]any{"orgRole": "wizard"}, 422, []string{`"orgRole"`}, nil},
		{"admin", "PUT", fmt.Sprint("/api/people/", w.id["manager"], "/roles"), map[string]any{"deskLevel": "god"}, 422, []string{`"deskLevel"`}, nil},
		{"admin", "PUT", fmt.Sprint("/api/people/", w.id["manager"], "/roles"), map[string]any{"organizationId": 99999}, 422, []string{`"organizationId"`}, nil},
		{"admin", "POST", "/api/people/invitations", map[string]any{"email": "not-an-email", "role": "manager", "organizationId": w.otherOrg}, 422, []string{`"email"`}, nil},
		{"admin", "POST", "/api/people/invitations", map[string]any{"email": "a@b.mn", "role": "emperor", "organizationId": w.otherOrg}, 422, []string{`"role"`}, nil},
		{"admin", "POST", "/api/people/invitations", map[string]any{"email": "a@b.mn", "role": "manager"}, 422, []string{`"organizationId"`}, nil},
		{"owner", "POST", "/api/people/invitations", map[string]any{"email": "a@b.mn", "role": "manager", "organizationId": w.otherOrg}, 422, []string{`"organizationId"`}, nil},
	})
	// Keyset paging walks every account exactly once, in each order.
	for _, sort := range []string{"name", "created", "lastSignIn", "name:mn"} {
		sort, lang, _ := strings.Cut(sort, ":") // in Mongolian, by surname first
		if lang == "" {
			lang = "en"
		}
		seen, after, pages := map[float64]bool{}, "", 0
		for {
			r := apitest.Call(t, w.clients["admin"], w.ts, "GET", "/api/people?limit=3&sort="+sort+"&after="+after, nil, "", "Accept-Language", lang)
			apitest.MustStatus(t, r, 200)
			for _, it := range r.Body["items"].([]any) {
				id := it.(map[string]any)["id"].(float64)
				if seen[id] {
					t.Fatalf("sort %s: %v twice", sort, id)
				}
				seen[id] = true
			}
			pages++
			if after = r.Str("next"); after == "" || pages > 20 {
				break
			}
		}
		if len(seen) != 9 {
			t.Errorf("sort %s: %d people over %d pages, want 9", sort, len(seen), pages)
		}
	}
}

// Suspension ends a bearer token, a refresh token and a cookie session at once; the person
// cannot sign in until reactivated. Force sign-out ends them too but lets them sign in again.
func TestSuspensionAndSignOutEndSessions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const email = "victim@example.mn"
	reg := apitest.Register(t, w.ts, email, map[string]any{"dateOfBirth": "2000-01-01"})
	apitest.MustStatus(t, reg, 201)
	bearer, refresh := reg.Str("accessToken"), reg.Str("refreshToken")
	cookie := apitest.SignIn(t, w.ts, email)
	u, _ := w.s.Store().UserByEmail(context.Background(), email)
	path := fmt.Sprint("/api/people/", u.ID)
	alive := func(want int) {
		t.Helper()
		apitest.MustStatus(t, apitest.Call(t, nil, w.ts, "GET", "/api/auth/me", nil, bearer), want)
		apitest.MustStatus(t, apitest.Call(t, cookie, w.ts, "GET", "/api/auth/me", nil, ""), want)
	}
	alive(200)
	admin := w.clients["admin"]
	same := []string{"Sec-Fetch-Site", "same-origin"}
	r := apitest.Call(t, admin, w.ts, "POST", path+"/suspend", struct{}{}, "", same...)
	apitest.MustStatus(t, r, 200)
	if !strings.Contains(r.Raw, `"suspended":true`) {
		t.Fatalf("not suspended: %s", r.Raw)
	}
	alive(401)
	apitest.MustStatus(t, apitest.Call(t, nil, w.ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": refresh}, ""), 401)
	login := map[string]any{"email": email, "password": apitest.Password}
	if r := apitest.Call(t, nil, w.ts, "POST", "/api/auth/login", login, ""); r.Status != 403 || !strings.Contains(r.Raw, "account_suspended") {
		t.Fatalf("a suspended account signed in: %d %s", r.Status, r.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, apitest.WebClient(), w.ts, "POST", "/api/web/auth/login", login, "", same...), 403)
	w.run(t, []scenario{{"admin", "GET", "/api/people?status=suspended", nil, 200, []string{email}, nil}})
	// Reactivated: signs in again (the old tokens stay dead).
	apitest.MustStatus(t, apitest.Call(t, admin, w.ts, "POST", path+"/reactivate", struct{}{}, "", same...), 200)
	alive(401)
	again := apitest.Call(t, nil, w.ts, "POST", "/api/auth/login", login, "")
	apitest.MustStatus(t, again, 200)
	bearer, refresh = again.Str("accessToken"), again.Str("refreshToken")
	cookie = apitest.SignIn(t, w.ts, email)
	alive(200)
	// Force sign-out: everything ends, signing in works.
	apitest.MustStatus(t, apitest.Call(t, admin, w.ts, "POST", path+"/sign-out", struct{}{}, "", same...), 200)
	alive(401)
	apitest.MustStatus(t, apitest.Call(t, nil, w.ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": refresh}, ""), 401)
	apitest.MustStatus(t, apitest.Call(t, nil, w.ts, "POST", "/api/auth/login", login, ""), 200)
	// Every change is in the audit log.
	audit := apitest.Call(t, admin, w.ts, "GET", fmt.Sprint("/api/admin/audit?user=", u.ID), nil, "")
	for _, ev := range []string{"person.suspended", "person.reactivated", "person.signed_out"} {
		if !strings.Contains(audit.Raw, ev) {
			t.Errorf("the audit log lacks %s: %s", ev, audit.Raw)
		}
	}
	// An owner suspends their own counselor: the counselor's cookie session ends.
	cou := w.clients["counselor"]
	apitest.MustStatus(t, apitest.Call(t, cou, w.ts, "GET", "/api/auth/me", nil, ""), 200)
	apitest.MustStatus(t, apitest.Call(t, w.clients["owner"], w.ts, "POST", fmt.Sprint("/api/people/", w.id["counselor"], "/suspend"), struct{}{}, "", same...), 200)
	apitest.MustStatus(t, apitest.Call(t, cou, w.ts, "GET", "/api/auth/me", nil, ""), 401)
}

// Invitations go through the accounts' invitation: an email with a link, never a password;
// owners invite to their organisation, admins to any; they are rate limited.
func TestInvitations(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// Both organisations have room for more staff (the free plan's two seats are taken).
	apitest.OnPlan(t, w.s, apitest.RoleEmails["owner"], "starter")
	apitest.SetPlan(t, w.s.Store(), w.otherOrg, "starter")
	w.run(t, []scenario{
		{"owner", "POST", "/api/people/invitations", map[string]any{"email": "New.Counselor@Example.mn", "role": "counselor"}, 201,
			[]string{"new.counselor@example.mn", `"organization":"Org"`}, nil},
		{"admin", "POST", "/api/people/invitations", map[string]any{"email": "boss@example.mn", "role": "manager", "organizationId": w.otherOrg}, 201,
			[]string{"Other Org"}, nil},
		{"manager", "POST", "/api/people/invitations", map[string]any{"email": "x@example.mn", "role": "counselor"}, 403, nil, nil},
	})
	e := apitest.LastEmail(t, w.s, "new.counselor@example.mn")
	if !apitest.TokenRe.MatchString(e.Text) || strings.Contains(e.Text, apitest.Password) {
		t.Errorf("the invitation should hold a link and no password: %s", e.Text)
	}
	audit := apitest.Call(t, w.clients["admin"], w.ts, "GET", "/api/admin/audit", nil, "")
	if !strings.Contains(audit.Raw, "invited:manager:boss@example.mn") {
		t.Errorf("no audit entry of the invitation: %.500s", audit.Raw)
	}
	// 30 an hour per inviter.
	last := 0
	for i := 0; i < 31; i++ {
		last = apitest.Call(t, w.clients["owner"], w.ts, "POST", "/api/people/invitations",
			map[string]any{"email": fmt.Sprintf("n%d@example.mn", i), "role": "counselor"}, "", "Sec-Fetch-Site", "same-origin").Status
	}
	if last != 429 {
		t.Errorf("the 31st invitation within an hour: %d, want 429", last)
	}
}

// The last active admin cannot be demoted or suspended, even by another admin racing them.
func TestLastAdmin(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	second := apitest.Admin(t, w.s, w.ts, "second@example.mn")
	same := []string{"Sec-Fetch-Site", "same-origin"}
	apitest.MustStatus(t, apitest.Call(t, second, w.ts, "PUT", fmt.Sprint("/api/people/", w.id["admin"], "/roles"), map[string]any{"admin": false}, "", same...), 200)
	// Now "second" is the only admin: nobody can demote them (only they could, and not themselves).
	u, _ := w.s.Store().UserByEmail(context.Background(), "second@example.mn")
	r := apitest.Call(t, second, w.ts, "PUT", fmt.Sprint("/api/people/", u.ID, "/roles"), map[string]any{"admin": false}, "", same...)
	apitest.MustStatus(t, r, 409)
	if n, _ := w.s.Store().ActiveAdmins(context.Background()); n != 1 {
		t.Errorf("%d active admins, want 1", n)
	}
}
