package app

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gerege/app/accounts"
	"gerege/app/platform/authn"
	"gerege/app/platform/secure"
	"gerege/db"
)

type apiReply struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

func (r apiReply) str(path ...string) string {
	var v any = r.body
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	s, _ := v.(string)
	return s
}

// call sends a JSON request through c (nil: a client without cookies).
func call(t *testing.T, c *http.Client, ts *httptest.Server, method, path string, body any, token string, headers ...string) apiReply {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, ts.URL+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	if c == nil {
		c = client
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := apiReply{status: res.StatusCode, header: res.Header, raw: string(raw)}
	_ = json.Unmarshal(raw, &out.body)
	return out
}

func mustStatus(t *testing.T, r apiReply, want int) {
	t.Helper()
	if r.status != want {
		t.Fatalf("status %d, want %d: %s", r.status, want, r.raw)
	}
}

var codeRe = regexp.MustCompile(`(?m)^(?:Your code|Таны код): (\d{6})$`)
var tokenRe = regexp.MustCompile(`token=([A-Za-z0-9_-]+)`)

// lastEmail returns the newest outbox email to addr.
func lastEmail(t *testing.T, s *Server, to string) *db.Email {
	t.Helper()
	list, err := s.Store().Outbox(context.Background(), 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		if e.To == to {
			return &e
		}
	}
	t.Fatalf("no email to %s", to)
	return nil
}

func emailCode(t *testing.T, e *db.Email) string {
	t.Helper()
	m := codeRe.FindStringSubmatch(e.Text)
	if m == nil {
		t.Fatalf("no code in email: %s", e.Text)
	}
	return m[1]
}

func register(t *testing.T, ts *httptest.Server, email string, extra map[string]any) apiReply {
	t.Helper()
	body := map[string]any{"email": email, "password": "correct horse battery", "firstName": "Bat", "lastName": "Dorj"}
	for k, v := range extra {
		body[k] = v
	}
	return call(t, nil, ts, "POST", "/api/auth/register", body, "")
}

func TestMobileContract(t *testing.T) {
	clock := newClock()
	s, ts := newTestServerClock(t, clock)

	r := register(t, ts, "Bat@Example.mn", nil)
	mustStatus(t, r, 201)
	token := r.str("accessToken")
	if token == "" || r.str("refreshToken") == "" || r.str("user", "email") != "bat@example.mn" {
		t.Fatalf("register answer: %s", r.raw)
	}
	if strings.Contains(r.raw, "argon2") || strings.Contains(strings.ToLower(r.raw), "passwordhash") {
		t.Fatal("user leaks the password hash")
	}
	if r.body["user"].(map[string]any)["needsDateOfBirth"] != true {
		t.Error("an account without date of birth must say so")
	}
	me := call(t, nil, ts, "GET", "/api/auth/me", nil, token)
	mustStatus(t, me, 200)
	if me.str("firstName") != "Bat" || me.str("accountType") != "individual" {
		t.Errorf("me: %s", me.raw)
	}

	// The JWT's exp is its expiry.
	parts := strings.Split(token, ".")
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	var claims map[string]any
	_ = json.Unmarshal(payload, &claims)
	if exp, _ := claims["exp"].(float64); int64(exp) != clock.Now().Add(15*time.Minute).Unix() {
		t.Errorf("exp %v", claims["exp"])
	}

	mustStatus(t, register(t, ts, "bat@example.mn", nil), 409)

	bad := register(t, ts, "not-an-email", map[string]any{"password": "password123", "firstName": "", "dateOfBirth": "2020-01-01",
		"accountType": "robot"})
	mustStatus(t, bad, 422)
	for _, f := range []string{"email", "password", "firstName", "dateOfBirth", "accountType"} {
		if bad.str("errors", f) == "" {
			t.Errorf("no message for %s: %s", f, bad.raw)
		}
	}
	mn := call(t, nil, ts, "POST", "/api/auth/register", map[string]any{"email": "x"}, "", "Accept-Language", "mn")
	if mn.status != 422 || !strings.Contains(mn.str("errors", "password"), "бөглөнө үү") {
		t.Errorf("messages follow the request language: %s", mn.raw)
	}

	// Login: the same 401 whether the email or the password is wrong.
	wrongPw := call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "bat@example.mn", "password": "nope nope nope"}, "")
	noUser := call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "nobody@example.mn", "password": "nope nope nope"}, "")
	mustStatus(t, wrongPw, 401)
	if wrongPw.raw != noUser.raw || noUser.status != 401 {
		t.Errorf("401 must not hint which was wrong: %s vs %s", wrongPw.raw, noUser.raw)
	}
	login := call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "BAT@example.mn", "password": "correct horse battery"}, "")
	mustStatus(t, login, 200)

	// Refresh: rotated on every use; reusing a spent token revokes the family.
	first := login.str("refreshToken")
	next := call(t, nil, ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": first}, "")
	mustStatus(t, next, 200)
	if next.str("refreshToken") == first || next.str("accessToken") == "" {
		t.Fatal("refresh must rotate")
	}
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": first}, ""), 401)
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": next.str("refreshToken")}, ""), 401)
	mustStatus(t, call(t, nil, ts, "GET", "/api/auth/me", nil, next.str("accessToken")), 401)

	// Logout ends the device session at once, access token included.
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/logout", nil, token), 204)
	mustStatus(t, call(t, nil, ts, "GET", "/api/auth/me", nil, token), 401)

	// Expiry, with the injected clock.
	l2 := call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "bat@example.mn", "password": "correct horse battery"}, "")
	clock.Advance(15*time.Minute + time.Second)
	exp := call(t, nil, ts, "GET", "/api/auth/me", nil, l2.str("accessToken"))
	if exp.status != 401 || exp.str("code") != "token_expired" || exp.str("message") != "Token expired" {
		t.Errorf("expired token: %s", exp.raw)
	}
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": l2.str("refreshToken")}, ""), 200)
	_ = s
}

func TestTokenTampering(t *testing.T) {
	_, ts := newTestServer(t)
	tok := register(t, ts, "t@example.mn", nil).str("accessToken")
	parts := strings.Split(tok, ".")
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + parts[1] + "."
	other := authn.NewTokens([]byte("another installation's secret, 32+ chars"), time.Hour, time.Now)
	foreign, _, _ := other.Issue(1, "x")
	for name, bad := range map[string]string{
		"wrong signature": parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2])),
		"alg none":        none,
		"other key":       foreign,
		"garbage":         "abc",
		"payload changed": parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"2","sid":"x","iss":"gerege","exp":9999999999}`)) + "." + parts[2],
	} {
		if r := call(t, nil, ts, "GET", "/api/auth/me", nil, bad); r.status != 401 {
			t.Errorf("%s: %d", name, r.status)
		}
	}
	if r := call(t, nil, ts, "GET", "/api/auth/me", nil, "", "Authorization", "Basic Zm9vOmJhcg=="); r.status != 401 {
		t.Errorf("basic auth: %d", r.status)
	}
}

func TestRateLimitReachedAndLifted(t *testing.T) {
	clock := newClock()
	_, ts := newTestServerClock(t, clock, func(c *Config) { c.Auth.LoginAccount.N = 3 })
	register(t, ts, "rl@example.mn", nil)
	bad := map[string]any{"email": "rl@example.mn", "password": "wrong wrong wrong"}
	for i := 0; i < 3; i++ {
		mustStatus(t, call(t, nil, ts, "POST", "/api/auth/login", bad, ""), 401)
	}
	r := call(t, nil, ts, "POST", "/api/auth/login", bad, "")
	mustStatus(t, r, 429)
	if r.header.Get("Retry-After") == "" || r.str("code") != "rate_limited" {
		t.Errorf("429 without Retry-After: %v %s", r.header, r.raw)
	}
	// Even the right password waits until the limit lifts.
	good := map[string]any{"email": "rl@example.mn", "password": "correct horse battery"}
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/login", good, ""), 429)
	clock.Advance(6 * time.Minute)
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/login", good, ""), 200)
}

func TestForgotPasswordIsEnumerationSafe(t *testing.T) {
	s, ts := newTestServer(t)
	register(t, ts, "known@example.mn", nil)
	known := call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": "known@example.mn"}, "")
	unknown := call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": "unknown@example.mn"}, "")
	if known.status != 202 || known.raw != unknown.raw || unknown.status != 202 {
		t.Fatalf("answers differ: %d %s / %d %s", known.status, known.raw, unknown.status, unknown.raw)
	}
	e := lastEmail(t, s, "known@example.mn")
	if e.Kind != "resetPassword" {
		t.Fatalf("newest email is %s", e.Kind)
	}
	list, _ := s.Store().Outbox(context.Background(), 0, 100)
	for _, m := range list {
		if m.To == "unknown@example.mn" {
			t.Fatal("an email went to an unknown address")
		}
	}
	// Reset with a wrong code, then the right one; old sessions end.
	old := call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "known@example.mn", "password": "correct horse battery"}, "")
	wrong := call(t, nil, ts, "POST", "/api/auth/reset-password", map[string]any{"email": "known@example.mn", "code": "000000", "password": "a brand new passphrase"}, "")
	if emailCode(t, e) != "000000" {
		mustStatus(t, wrong, 422)
	}
	ok := call(t, nil, ts, "POST", "/api/auth/reset-password", map[string]any{"email": "known@example.mn", "code": emailCode(t, e), "password": "a brand new passphrase"}, "")
	mustStatus(t, ok, 200)
	mustStatus(t, call(t, nil, ts, "GET", "/api/auth/me", nil, old.str("accessToken")), 401)
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "known@example.mn", "password": "a brand new passphrase"}, ""), 200)
	// The code is spent.
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/reset-password", map[string]any{"email": "known@example.mn", "code": emailCode(t, e), "password": "yet another passphrase"}, ""), 422)
}

func TestAgeBoundary(t *testing.T) {
	clock := newClock()
	_, ts := newTestServerClock(t, clock)
	today := clock.Now()
	thirteen := today.AddDate(-13, 0, 0).Format(time.DateOnly)
	dayShort := today.AddDate(-13, 0, 1).Format(time.DateOnly)
	mustStatus(t, register(t, ts, "young@example.mn", map[string]any{"dateOfBirth": dayShort}), 422)
	mustStatus(t, register(t, ts, "thirteen@example.mn", map[string]any{"dateOfBirth": thirteen}), 201)
	r := register(t, ts, "future@example.mn", map[string]any{"dateOfBirth": today.AddDate(0, 0, 1).Format(time.DateOnly)})
	mustStatus(t, r, 422)
	mustStatus(t, register(t, ts, "bad@example.mn", map[string]any{"dateOfBirth": "2010-02-30"}), 422)
}

func TestVerifyEmailAndDateOfBirth(t *testing.T) {
	s, ts := newTestServer(t)
	r := register(t, ts, "v@example.mn", nil)
	tok := r.str("accessToken")
	code := emailCode(t, lastEmail(t, s, "v@example.mn"))
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"code": code}, ""), 401)
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"code": "12345"}, tok), 422)
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"code": code}, tok), 200)
	if me := call(t, nil, ts, "GET", "/api/auth/me", nil, tok); me.body["emailVerified"] != true {
		t.Errorf("not verified: %s", me.raw)
	}
	// Without a date of birth, only the own profile is open.
	org := call(t, nil, ts, "GET", "/api/organization", nil, tok)
	if org.status != 403 || org.str("code") != "date_of_birth_required" {
		t.Errorf("organization without DOB: %s", org.raw)
	}
	mustStatus(t, call(t, nil, ts, "PATCH", "/api/account", map[string]any{"dateOfBirth": "2001-05-04"}, tok), 200)
	if org := call(t, nil, ts, "GET", "/api/organization", nil, tok); org.status != 403 || org.str("code") != "forbidden" {
		t.Errorf("after DOB, an individual is simply not allowed: %s", org.raw)
	}
	fixed := call(t, nil, ts, "PATCH", "/api/account", map[string]any{"dateOfBirth": "2001-05-05"}, tok)
	mustStatus(t, fixed, 422)

	// The link in the email works without signing in.
	r2 := register(t, ts, "link@example.mn", nil)
	_ = r2
	m := tokenRe.FindStringSubmatch(lastEmail(t, s, "link@example.mn").Text)
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"token": m[1]}, ""), 200)
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"token": m[1]}, ""), 422)
}

func TestIDVerification(t *testing.T) {
	s, ts := newTestServer(t)
	tok := register(t, ts, "id@example.mn", map[string]any{"dateOfBirth": "2005-03-14"}).str("accessToken")
	put := func(body map[string]any) apiReply {
		return call(t, nil, ts, "PUT", "/api/account/id-verification", body, tok)
	}
	base := map[string]any{"surname": "Батболд", "givenName": "Тэмүүлэн", "dateOfBirth": "2005-03-14"}
	with := func(num string) map[string]any {
		m := map[string]any{"idNumber": num}
		for k, v := range base {
			m[k] = v
		}
		return m
	}
	for num, wantMsg := range map[string]string{
		"AB05231412": "two Cyrillic letters",
		"УБ0523141":  "two Cyrillic letters",
		"УБ05231312": "does not match",
		"УБ05131412": "two Cyrillic letters",
		"УБ05331412": "two Cyrillic letters",
		"":           "required",
	} {
		r := put(with(num))
		if r.status != 422 || !strings.Contains(r.str("errors", "idNumber"), wantMsg) {
			t.Errorf("%q: %d %s", num, r.status, r.raw)
		}
	}
	ok := put(with("уб 05231412"))
	mustStatus(t, ok, 200)
	if ok.str("idNumberMasked") != "УБ******12" || ok.str("status") != "verified" {
		t.Errorf("verified view: %s", ok.raw)
	}
	var enc []byte
	if err := s.Store().Read.QueryRow(`SELECT id_number_enc FROM id_verifications`).Scan(&enc); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(enc, []byte("05231412")) || bytes.Contains(enc, []byte("УБ")) {
		t.Error("the registry number must be encrypted at rest")
	}
	if me := call(t, nil, ts, "GET", "/api/auth/me", nil, tok); !strings.Contains(me.raw, `"restrictedFeatures":[]`) {
		t.Errorf("verified users have no restrictions: %s", me.raw)
	}
	tok2 := register(t, ts, "decline@example.mn", nil).str("accessToken")
	d := call(t, nil, ts, "POST", "/api/account/id-verification/decline", nil, tok2)
	if d.status != 200 || d.str("status") != "declined" || !strings.Contains(d.raw, "postOpportunities") {
		t.Errorf("declined: %s", d.raw)
	}
}

func TestSessionsAndSignOutEverywhere(t *testing.T) {
	_, ts := newTestServer(t)
	a := register(t, ts, "multi@example.mn", nil).str("accessToken")
	b := call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "multi@example.mn", "password": "correct horse battery"}, "",
		"User-Agent", "Mozilla/5.0 (Linux; Android 14) Chrome/130.0").str("accessToken")
	list := call(t, nil, ts, "GET", "/api/account/sessions", nil, a)
	if !strings.Contains(list.raw, "Chrome · Android") || strings.Count(list.raw, `"id"`) != 2 {
		t.Errorf("sessions: %s", list.raw)
	}
	// The mobile app is named in the reader's language (the server built "Gerege app" into mn).
	call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "multi@example.mn", "password": "correct horse battery"}, "",
		"User-Agent", "Gerege/1.0 (iPhone; iOS 18.1)")
	mn := call(t, nil, ts, "GET", "/api/account/sessions", nil, a, "Accept-Language", "mn")
	if !strings.Contains(mn.raw, "Gerege апп · iOS") || strings.Contains(mn.raw, "Gerege app") {
		t.Errorf("mn sessions: %s", mn.raw)
	}
	mustStatus(t, call(t, nil, ts, "POST", "/api/account/sessions/revoke-all", nil, a), 204)
	mustStatus(t, call(t, nil, ts, "GET", "/api/auth/me", nil, a), 401)
	mustStatus(t, call(t, nil, ts, "GET", "/api/auth/me", nil, b), 401)
}

func TestPasswordRulesAndChange(t *testing.T) {
	_, ts := newTestServer(t)
	for pw, ok := range map[string]bool{"short": false, "password1": false, "Password123": false, "qwertyuiop": false,
		"pw@example.mn": false, "correct horse battery": true} {
		email := fmt.Sprintf("pw%d@example.mn", len(pw))
		if pw == "pw@example.mn" {
			email = "pw@example.mn"
		}
		r := register(t, ts, email, map[string]any{"password": pw})
		if (r.status == 201) != ok {
			t.Errorf("password %q: %d %s", pw, r.status, r.raw)
		}
	}
	tok := register(t, ts, "change@example.mn", nil).str("accessToken")
	other := call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "change@example.mn", "password": "correct horse battery"}, "").str("accessToken")
	mustStatus(t, call(t, nil, ts, "POST", "/api/account/password", map[string]any{"currentPassword": "nope", "newPassword": "another fine passphrase"}, tok), 422)
	mustStatus(t, call(t, nil, ts, "POST", "/api/account/password", map[string]any{"currentPassword": "correct horse battery", "newPassword": "another fine passphrase"}, tok), 200)
	mustStatus(t, call(t, nil, ts, "GET", "/api/auth/me", nil, tok), 200)
	mustStatus(t, call(t, nil, ts, "GET", "/api/auth/me", nil, other), 401)
	mustStatus(t, call(t, nil, ts, "DELETE", "/api/account", map[string]any{"password": "correct horse battery"}, tok), 422)
	mustStatus(t, call(t, nil, ts, "DELETE", "/api/account", map[string]any{"password": "another fine passphrase"}, tok), 204)
	mustStatus(t, call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "change@example.mn", "password": "another fine passphrase"}, ""), 401)
}

// webClient has a cookie jar and sends browser-like same-origin headers.
func webClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func webRegister(t *testing.T, c *http.Client, ts *httptest.Server, email string, extra map[string]any) apiReply {
	t.Helper()
	ft := call(t, c, ts, "GET", "/api/web/auth/form-token", nil, "").str("formToken")
	body := map[string]any{"email": email, "password": "correct horse battery", "firstName": "Saraa", "lastName": "Bold",
		"dateOfBirth": "2000-01-02", "acceptTerms": true, "formToken": ft}
	for k, v := range extra {
		body[k] = v
	}
	return call(t, c, ts, "POST", "/api/web/auth/register", body, "", "Sec-Fetch-Site", "same-origin")
}

func TestWebSessions(t *testing.T) {
	clock := newClock()
	s, ts := newTestServerClock(t, clock, func(c *Config) { c.Auth.MinFillTime = 3 * time.Second })
	c := webClient()
	// Filled in faster than a person can: refused.
	mustStatus(t, webRegister(t, c, ts, "web@example.mn", nil), 422)
	ft := call(t, c, ts, "GET", "/api/web/auth/form-token", nil, "").str("formToken")
	clock.Advance(4 * time.Second)
	honey := call(t, c, ts, "POST", "/api/web/auth/register", map[string]any{"email": "bot@example.mn", "password": "correct horse battery",
		"firstName": "B", "lastName": "O", "dateOfBirth": "2000-01-01", "acceptTerms": true, "formToken": ft, "website": "http://spam"}, "")
	mustStatus(t, honey, 422)
	noDob := call(t, c, ts, "POST", "/api/web/auth/register", map[string]any{"email": "nodob@example.mn", "password": "correct horse battery",
		"firstName": "B", "lastName": "O", "formToken": ft}, "")
	if noDob.status != 422 || noDob.str("errors", "dateOfBirth") == "" || noDob.str("errors", "acceptTerms") == "" {
		t.Errorf("web form needs DOB and terms: %s", noDob.raw)
	}
	ent := call(t, c, ts, "POST", "/api/web/auth/register", map[string]any{"email": "web@example.mn", "password": "correct horse battery",
		"firstName": "Saraa", "lastName": "Bold", "dateOfBirth": "2000-01-02", "acceptTerms": true, "formToken": ft,
		"accountType": "enterprise", "organization": "Nomads School"}, "", "Sec-Fetch-Site", "same-origin")
	mustStatus(t, ent, 201)
	if ent.str("user", "organization", "role") != "owner" || ent.str("user", "sessionExpiresAt") == "" {
		t.Errorf("enterprise owner: %s", ent.raw)
	}
	var terms string
	s.Store().Read.QueryRow(`SELECT terms_version FROM users WHERE email = 'web@example.mn'`).Scan(&terms)
	if terms != accounts.LegalVersion {
		t.Errorf("terms version recorded: %q", terms)
	}
	mustStatus(t, call(t, c, ts, "GET", "/api/auth/me", nil, ""), 200)
	// The cookie never works from another site's page (CSRF).
	mustStatus(t, call(t, c, ts, "POST", "/api/web/auth/logout", nil, "", "Sec-Fetch-Site", "cross-site"), 403)
	mustStatus(t, call(t, c, ts, "POST", "/api/web/auth/logout", nil, "", "Sec-Fetch-Site", "same-origin"), 204)
	mustStatus(t, call(t, c, ts, "GET", "/api/auth/me", nil, ""), 401)
	// Signing out again (another tab, an expired session) is not an error.
	mustStatus(t, call(t, c, ts, "POST", "/api/web/auth/logout", nil, "", "Sec-Fetch-Site", "same-origin"), 204)
	mustStatus(t, call(t, c, ts, "POST", "/api/web/auth/logout", nil, "", "Sec-Fetch-Site", "cross-site"), 403)
	login := call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": "web@example.mn", "password": "correct horse battery"}, "")
	mustStatus(t, login, 200)
	// The web session expires when it says.
	clock.Advance(15 * 24 * time.Hour)
	mustStatus(t, call(t, c, ts, "GET", "/api/auth/me", nil, ""), 401)
	mustStatus(t, call(t, c, ts, "POST", "/api/web/auth/logout", nil, ""), 204)
}

func TestOrganizationInvitation(t *testing.T) {
	s, ts := newTestServer(t)
	owner := webClient()
	mustStatus(t, webRegister(t, owner, ts, "owner@example.mn", map[string]any{"accountType": "enterprise", "organization": "Steppe Tours"}), 201)
	inv := call(t, owner, ts, "POST", "/api/organization/invitations", map[string]any{"email": "counselor@example.mn", "role": "counselor"}, "")
	mustStatus(t, inv, 201)
	invited := lastEmail(t, s, "counselor@example.mn")
	m := tokenRe.FindStringSubmatch(invited.Text)
	// No account yet: "Hello," — never the email address as a name; the inviter's name and the
	// role as running text writes them.
	if !strings.HasPrefix(invited.Text, "Hello,\n") || strings.Contains(invited.Text, "Hello counselor@") ||
		!strings.Contains(invited.Text, "Saraa Bold invites you to join Steppe Tours on Gerege as counselor.") {
		t.Errorf("invitation to a newcomer: %q", invited.Text)
	}
	// Someone with an account is greeted by name, in the language they chose: Mongolian puts
	// the inviter's surname first, and the role is a word of the sentence, not a title.
	dorj := register(t, ts, "dorj@example.mn", map[string]any{"firstName": "Дорж", "lastName": "Бат"}).str("accessToken")
	mustStatus(t, call(t, nil, ts, "PATCH", "/api/account", map[string]any{"language": "mn"}, dorj), 200)
	mustStatus(t, call(t, owner, ts, "POST", "/api/organization/invitations", map[string]any{"email": "dorj@example.mn", "role": "manager"}, ""), 201)
	known := lastEmail(t, s, "dorj@example.mn")
	for _, want := range []string{"Сайн байна уу, Дорж", "Bold Saraa таныг Gerege дээрх Steppe Tours байгууллагад", "Таны үүрэг: менежер."} {
		if !strings.Contains(known.Text, want) {
			t.Errorf("invitation to a member: no %q in %q", want, known.Text)
		}
	}
	if strings.Contains(known.Text, "dorj@example.mn,") || known.Lang != "mn" {
		t.Errorf("invitation to a member: %s %q", known.Lang, known.Text)
	}
	other := register(t, ts, "other@example.mn", map[string]any{"dateOfBirth": "1999-09-09"}).str("accessToken")
	mustStatus(t, call(t, nil, ts, "POST", "/api/organization/invitations/accept", map[string]any{"token": m[1]}, other), 403)
	tok := register(t, ts, "counselor@example.mn", map[string]any{"dateOfBirth": "1990-01-01"}).str("accessToken")
	acc := call(t, nil, ts, "POST", "/api/organization/invitations/accept", map[string]any{"token": m[1]}, tok)
	mustStatus(t, acc, 200)
	if acc.str("organization", "role") != "counselor" || acc.str("accountType") != "enterprise" {
		t.Errorf("joined: %s", acc.raw)
	}
	mustStatus(t, call(t, nil, ts, "POST", "/api/organization/invitations", map[string]any{"email": "x@example.mn", "role": "manager"}, tok), 403)
	org := call(t, owner, ts, "GET", "/api/organization", nil, "")
	if !strings.Contains(org.raw, "counselor@example.mn") {
		t.Errorf("members: %s", org.raw)
	}
}

// roleEmails are the accounts roleClients signs in.
var roleEmails = map[string]string{"individual": "ind@example.mn", "owner": "own@example.mn", "manager": "man@example.mn",
	"counselor": "cou@example.mn", "desk": "desk@example.mn", "desk2": "desk2@example.mn", "admin": "adm@example.mn"}

// roleClients signs in one web client for each kind of user (and an anonymous one): individual,
// organisation owner, manager and counselor, forms desk levels 1 and 2, platform admin.
func roleClients(t *testing.T, s *Server, ts *httptest.Server) map[string]*http.Client {
	t.Helper()
	ctx := context.Background()
	hash, _ := secure.NewHasher().Hash("correct horse battery")
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
		c := webClient()
		mustStatus(t, call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": "correct horse battery"}, ""), 200)
		return c
	}
	return map[string]*http.Client{
		"anonymous":  webClient(),
		"individual": mk(roleEmails["individual"], db.NewUser{}, 0, ""),
		"owner":      mk(roleEmails["owner"], db.NewUser{AccountType: "enterprise", OrgName: "Org"}, 0, ""),
		"manager":    mk(roleEmails["manager"], db.NewUser{AccountType: "enterprise"}, 0, "manager"),
		"counselor":  mk(roleEmails["counselor"], db.NewUser{AccountType: "enterprise"}, 0, "counselor"),
		"desk":       mk(roleEmails["desk"], db.NewUser{}, 1, ""),
		"desk2":      mk(roleEmails["desk2"], db.NewUser{}, 2, ""),
		"admin":      mk(roleEmails["admin"], db.NewUser{IsAdmin: true}, 0, ""),
	}
}

// TestRoleTable checks every dashboard page and admin API route for each kind of user.
func TestRoleTable(t *testing.T) {
	s, ts := newTestServer(t)
	users := roleClients(t, s, ts)
	// allowed: any answer but 401/403 (a write with an empty body is refused later, as 404 or 422).
	const allowed = -1
	type row struct {
		method, path string
		who          []string // who may; everyone else signed in gets 403, the anonymous visitor 302 (pages) or 401 (API)
		status       int      // what those who may get
	}
	everyone := []string{"individual", "owner", "manager", "counselor", "desk", "desk2", "admin"}
	orgManagers := []string{"owner", "manager"}
	deskStaff := []string{"desk", "desk2", "admin"}
	admins := []string{"admin"}
	rows := []row{
		{"GET", "/en/dashboard", everyone, 200},
		{"GET", "/mn/dashboard/user/profile", everyone, 200},
		{"GET", "/en/dashboard/user/account", everyone, 200},
		{"GET", "/mn/dashboard/notifications", everyone, 200},
		{"GET", "/en/dashboard/organization", orgManagers, 200},
		{"GET", "/en/dashboard/forms", deskStaff, 200},
		{"GET", "/mn/dashboard/forms/volunteer/12", deskStaff, 200},
		{"GET", "/en/dashboard/admin/direction-board", deskStaff, 200}, // aggregate numbers only
		{"GET", "/en/dashboard/admin/outbox", admins, 200},
		{"GET", "/en/dashboard/admin/audit", admins, 200},
		{"GET", "/en/dashboard/admin/settings", admins, 200},
		{"GET", "/en/dashboard/admin/faq", admins, 200},
		{"GET", "/mn/dashboard/admin/universities", admins, 200},
		{"GET", "/api/auth/me", everyone, 200},
		{"GET", "/api/account/sessions", everyone, 200},
		{"GET", "/api/account/export", everyone, 200},
		{"GET", "/api/account/direction-board", everyone, 200},
		{"GET", "/api/organization", orgManagers, 200},
		{"POST", "/api/organization/invitations", []string{"owner"}, allowed}, // owners invite; managers see the members
		{"GET", "/api/admin/forms/volunteer/submissions", deskStaff, 200},
		{"GET", "/api/admin/forms/roadmap/export.csv", deskStaff, 200},
		{"GET", "/api/admin/forms/contact/export.xlsx", deskStaff, 200},
		{"GET", "/api/admin/submissions/999999", deskStaff, 404},
		{"POST", "/api/admin/submissions/999999/status", deskStaff, allowed},
		{"POST", "/api/admin/submissions/999999/notes", deskStaff, allowed},
		{"DELETE", "/api/admin/submissions/999999", deskStaff, allowed}, // level 1 too: answering deletion requests is desk work
		{"GET", "/api/admin/deletion-requests", deskStaff, 200},
		{"GET", "/api/admin/direction-board/stats", deskStaff, 200},
		{"PUT", "/api/admin/users/staff", admins, allowed},
		{"PUT", "/api/admin/users/admin", admins, allowed},
		{"GET", "/api/admin/outbox", admins, 200},
		{"GET", "/api/admin/outbox/999999", admins, 404},
		{"GET", "/api/admin/audit", admins, 200},
		{"PUT", "/api/admin/maintenance", admins, allowed},
		{"GET", "/api/admin/faq", admins, 200},
		{"POST", "/api/admin/faq", admins, allowed},
		{"PUT", "/api/admin/faq/999999", admins, allowed},
		{"DELETE", "/api/admin/faq/999999", admins, allowed},
		{"GET", "/api/admin/universities", admins, 200},
		{"POST", "/api/admin/universities", admins, allowed},
		{"PUT", "/api/admin/universities/999999", admins, allowed},
		{"DELETE", "/api/admin/universities/999999", admins, allowed},
		{"PUT", "/api/admin/destinations/nowhere", admins, allowed},
		{"DELETE", "/api/admin/destinations/nowhere", admins, allowed},
	}
	for _, r := range rows {
		for who, c := range users {
			isPage := !strings.HasPrefix(r.path, "/api/")
			want := 403
			switch {
			case who == "anonymous" && isPage:
				want = 302
			case who == "anonymous":
				want = 401
			case slices.Contains(r.who, who):
				want = r.status
			}
			var body any
			if r.method != "GET" {
				body = map[string]any{}
			}
			got := call(t, c, ts, r.method, r.path, body, "", "Sec-Fetch-Site", "same-origin")
			if want == allowed && (got.status == 401 || got.status == 403 || got.status >= 500) || want != allowed && got.status != want {
				t.Errorf("%s %s as %s: %d, want %d: %.200s", r.method, r.path, who, got.status, want, got.raw)
			}
			if who == "anonymous" && got.status == 302 && !strings.Contains(got.header.Get("Location"), "/auth/login?returnTo="+strings.ReplaceAll(r.path, "/", "%2F")) {
				t.Errorf("%s: signed-out visitors go to sign in and come back: %q", r.path, got.header.Get("Location"))
			}
		}
	}
	if got := call(t, users["anonymous"], ts, "GET", "/en/dashboard/no-such-page", nil, ""); got.status != 404 {
		t.Errorf("an unknown dashboard page: %d", got.status)
	}
	for who, nav := range map[string]string{
		"admin":     `"dashboard":["home","notifications","profile","account","submissions","outbox","audit","directionBoard","faq","universities","settings"]`,
		"desk":      `"dashboard":["home","notifications","profile","account","submissions","directionBoard"]`,
		"manager":   `"dashboard":["home","notifications","profile","account","organization"]`,
		"counselor": `"dashboard":["home","notifications","profile","account"]`,
	} {
		if me := call(t, users[who], ts, "GET", "/api/auth/me", nil, ""); !strings.Contains(me.raw, nav) {
			t.Errorf("%s navigation: %s", who, me.raw)
		}
	}
}

func TestLegacyAuthPathsRedirect(t *testing.T) {
	_, ts := newTestServer(t)
	for from, to := range map[string]string{
		"/auth/jwt/login?returnTo=%2Fen%2Fdashboard": "/en/auth/login?returnTo=%2Fen%2Fdashboard",
		"/auth/jwt/register":                         "/en/auth/register",
		"/auth/amplify/new-password":                 "/en/auth/new-password",
		"/auth/firebase/verify":                      "/en/auth/verify",
		"/auth/auth0/login":                          "/en/auth/login",
		"/auth-demo/classic/forgot-password":         "/en/auth/forgot-password",
		"/auth-demo/modern/verify?x=1":               "/en/auth/verify?x=1",
		"/mn/auth/jwt/login":                         "/mn/auth/login",
	} {
		r := do(t, ts, "GET", from, "", nil)
		if r.status != 302 || r.header.Get("Location") != to {
			t.Errorf("%s → %d %q, want %q", from, r.status, r.header.Get("Location"), to)
		}
	}
}
