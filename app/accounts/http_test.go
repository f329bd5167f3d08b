package accounts_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/accounts"
	"gerege/app/apitest"
	"gerege/app/platform/authn"
)

func TestMobileContract(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)

	r := apitest.Register(t, ts, "Bat@Example.mn", nil)
	apitest.MustStatus(t, r, 201)
	token := r.Str("accessToken")
	if token == "" || r.Str("refreshToken") == "" || r.Str("user", "email") != "bat@example.mn" {
		t.Fatalf("register answer: %s", r.Raw)
	}
	if strings.Contains(r.Raw, "argon2") || strings.Contains(strings.ToLower(r.Raw), "passwordhash") {
		t.Fatal("user leaks the password hash")
	}
	if r.Body["user"].(map[string]any)["needsDateOfBirth"] != true {
		t.Error("an account without date of birth must say so")
	}
	me := apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, token)
	apitest.MustStatus(t, me, 200)
	if me.Str("firstName") != "Bat" || me.Str("accountType") != "individual" {
		t.Errorf("me: %s", me.Raw)
	}

	// The JWT's exp is its expiry.
	parts := strings.Split(token, ".")
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	var claims map[string]any
	_ = json.Unmarshal(payload, &claims)
	if exp, _ := claims["exp"].(float64); int64(exp) != clock.Now().Add(15*time.Minute).Unix() {
		t.Errorf("exp %v", claims["exp"])
	}

	apitest.MustStatus(t, apitest.Register(t, ts, "bat@example.mn", nil), 409)

	bad := apitest.Register(t, ts, "not-an-email", map[string]any{"password": "password123", "firstName": "", "dateOfBirth": "2020-01-01",
		"accountType": "robot"})
	apitest.MustStatus(t, bad, 422)
	for _, f := range []string{"email", "password", "firstName", "dateOfBirth", "accountType"} {
		if bad.Str("errors", f) == "" {
			t.Errorf("no message for %s: %s", f, bad.Raw)
		}
	}
	mn := apitest.Call(t, nil, ts, "POST", "/api/auth/register", map[string]any{"email": "x"}, "", "Accept-Language", "mn")
	if mn.Status != 422 || !strings.Contains(mn.Str("errors", "password"), "бөглөнө үү") {
		t.Errorf("messages follow the request language: %s", mn.Raw)
	}

	// Login: the same 401 whether the email or the password is wrong.
	wrongPw := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "bat@example.mn", "password": "nope nope nope"}, "")
	noUser := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "nobody@example.mn", "password": "nope nope nope"}, "")
	apitest.MustStatus(t, wrongPw, 401)
	if wrongPw.Raw != noUser.Raw || noUser.Status != 401 {
		t.Errorf("401 must not hint which was wrong: %s vs %s", wrongPw.Raw, noUser.Raw)
	}
	login := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "BAT@example.mn", "password": "correct horse battery"}, "")
	apitest.MustStatus(t, login, 200)

	// Refresh: rotated on every use; reusing a spent token revokes the family.
	first := login.Str("refreshToken")
	next := apitest.Call(t, nil, ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": first}, "")
	apitest.MustStatus(t, next, 200)
	if next.Str("refreshToken") == first || next.Str("accessToken") == "" {
		t.Fatal("refresh must rotate")
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": first}, ""), 401)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": next.Str("refreshToken")}, ""), 401)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, next.Str("accessToken")), 401)

	// Logout ends the device session at once, access token included.
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/logout", nil, token), 204)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, token), 401)

	// Expiry, with the injected clock.
	l2 := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "bat@example.mn", "password": "correct horse battery"}, "")
	clock.Advance(15*time.Minute + time.Second)
	exp := apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, l2.Str("accessToken"))
	if exp.Status != 401 || exp.Str("code") != "token_expired" || exp.Str("message") != "Token expired" {
		t.Errorf("expired token: %s", exp.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/refresh", map[string]any{"refreshToken": l2.Str("refreshToken")}, ""), 200)
	_ = s
}

func TestTokenTampering(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	tok := apitest.Register(t, ts, "t@example.mn", nil).Str("accessToken")
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
		if r := apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, bad); r.Status != 401 {
			t.Errorf("%s: %d", name, r.Status)
		}
	}
	if r := apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, "", "Authorization", "Basic Zm9vOmJhcg=="); r.Status != 401 {
		t.Errorf("basic auth: %d", r.Status)
	}
}

func TestRateLimitReachedAndLifted(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	_, ts := apitest.NewServerClock(t, clock, func(c *app.Config) { c.Auth.LoginAccount.N = 3 })
	apitest.Register(t, ts, "rl@example.mn", nil)
	bad := map[string]any{"email": "rl@example.mn", "password": "wrong wrong wrong"}
	for i := 0; i < 3; i++ {
		apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", bad, ""), 401)
	}
	r := apitest.Call(t, nil, ts, "POST", "/api/auth/login", bad, "")
	apitest.MustStatus(t, r, 429)
	if r.Header.Get("Retry-After") == "" || r.Str("code") != "rate_limited" {
		t.Errorf("429 without Retry-After: %v %s", r.Header, r.Raw)
	}
	// Even the right password waits until the limit lifts.
	good := map[string]any{"email": "rl@example.mn", "password": "correct horse battery"}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", good, ""), 429)
	clock.Advance(6 * time.Minute)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", good, ""), 200)
}

func TestForgotPasswordIsEnumerationSafe(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	apitest.Register(t, ts, "known@example.mn", nil)
	known := apitest.Call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": "known@example.mn"}, "")
	unknown := apitest.Call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": "unknown@example.mn"}, "")
	if known.Status != 202 || known.Raw != unknown.Raw || unknown.Status != 202 {
		t.Fatalf("answers differ: %d %s / %d %s", known.Status, known.Raw, unknown.Status, unknown.Raw)
	}
	e := apitest.LastEmail(t, s, "known@example.mn")
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
	old := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "known@example.mn", "password": "correct horse battery"}, "")
	wrong := apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", map[string]any{"email": "known@example.mn", "code": "000000", "password": "a brand new passphrase"}, "")
	if apitest.EmailCode(t, e) != "000000" {
		apitest.MustStatus(t, wrong, 422)
	}
	ok := apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", map[string]any{"email": "known@example.mn", "code": apitest.EmailCode(t, e), "password": "a brand new passphrase"}, "")
	apitest.MustStatus(t, ok, 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, old.Str("accessToken")), 401)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "known@example.mn", "password": "a brand new passphrase"}, ""), 200)
	// The code is spent.
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", map[string]any{"email": "known@example.mn", "code": apitest.EmailCode(t, e), "password": "yet another passphrase"}, ""), 422)
}

func TestAgeBoundary(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	_, ts := apitest.NewServerClock(t, clock)
	today := clock.Now()
	thirteen := today.AddDate(-13, 0, 0).Format(time.DateOnly)
	dayShort := today.AddDate(-13, 0, 1).Format(time.DateOnly)
	apitest.MustStatus(t, apitest.Register(t, ts, "young@example.mn", map[string]any{"dateOfBirth": dayShort}), 422)
	apitest.MustStatus(t, apitest.Register(t, ts, "thirteen@example.mn", map[string]any{"dateOfBirth": thirteen}), 201)
	r := apitest.Register(t, ts, "future@example.mn", map[string]any{"dateOfBirth": today.AddDate(0, 0, 1).Format(time.DateOnly)})
	apitest.MustStatus(t, r, 422)
	apitest.MustStatus(t, apitest.Register(t, ts, "bad@example.mn", map[string]any{"dateOfBirth": "2010-02-30"}), 422)
}

func TestVerifyEmailAndDateOfBirth(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	r := apitest.Register(t, ts, "v@example.mn", nil)
	tok := r.Str("accessToken")
	code := apitest.EmailCode(t, apitest.LastEmail(t, s, "v@example.mn"))
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"code": code}, ""), 401)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"code": "12345"}, tok), 422)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"code": code}, tok), 200)
	if me := apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, tok); me.Body["emailVerified"] != true {
		t.Errorf("not verified: %s", me.Raw)
	}
	// Without a date of birth, only the own profile is open.
	org := apitest.Call(t, nil, ts, "GET", "/api/organization", nil, tok)
	if org.Status != 403 || org.Str("code") != "date_of_birth_required" {
		t.Errorf("organization without DOB: %s", org.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PATCH", "/api/account", map[string]any{"dateOfBirth": "2001-05-04"}, tok), 200)
	if org := apitest.Call(t, nil, ts, "GET", "/api/organization", nil, tok); org.Status != 403 || org.Str("code") != "forbidden" {
		t.Errorf("after DOB, an individual is simply not allowed: %s", org.Raw)
	}
	fixed := apitest.Call(t, nil, ts, "PATCH", "/api/account", map[string]any{"dateOfBirth": "2001-05-05"}, tok)
	apitest.MustStatus(t, fixed, 422)

	// The link in the email works without signing in.
	r2 := apitest.Register(t, ts, "link@example.mn", nil)
	_ = r2
	m := apitest.TokenRe.FindStringSubmatch(apitest.LastEmail(t, s, "link@example.mn").Text)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"token": m[1]}, ""), 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"token": m[1]}, ""), 422)
}

func TestIDVerification(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	tok := apitest.Register(t, ts, "id@example.mn", map[string]any{"dateOfBirth": "2005-03-14"}).Str("accessToken")
	put := func(body map[string]any) apitest.Reply {
		return apitest.Call(t, nil, ts, "PUT", "/api/account/id-verification", body, tok)
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
		if r.Status != 422 || !strings.Contains(r.Str("errors", "idNumber"), wantMsg) {
			t.Errorf("%q: %d %s", num, r.Status, r.Raw)
		}
	}
	ok := put(with("уб 05231412"))
	apitest.MustStatus(t, ok, 200)
	if ok.Str("idNumberMasked") != "УБ******12" || ok.Str("status") != "verified" {
		t.Errorf("verified view: %s", ok.Raw)
	}
	var enc []byte
	if err := s.Store().Read.QueryRow(`SELECT id_number_enc FROM id_verifications`).Scan(&enc); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(enc, []byte("05231412")) || bytes.Contains(enc, []byte("УБ")) {
		t.Error("the registry number must be encrypted at rest")
	}
	if me := apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, tok); !strings.Contains(me.Raw, `"restrictedFeatures":[]`) {
		t.Errorf("verified users have no restrictions: %s", me.Raw)
	}
	tok2 := apitest.Register(t, ts, "decline@example.mn", nil).Str("accessToken")
	d := apitest.Call(t, nil, ts, "POST", "/api/account/id-verification/decline", nil, tok2)
	if d.Status != 200 || d.Str("status") != "declined" || !strings.Contains(d.Raw, "postOpportunities") {
		t.Errorf("declined: %s", d.Raw)
	}
}

func TestSessionsAndSignOutEverywhere(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	a := apitest.Register(t, ts, "multi@example.mn", nil).Str("accessToken")
	b := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "multi@example.mn", "password": "correct horse battery"}, "",
		"User-Agent", "Mozilla/5.0 (Linux; Android 14) Chrome/130.0").Str("accessToken")
	list := apitest.Call(t, nil, ts, "GET", "/api/account/sessions", nil, a)
	if !strings.Contains(list.Raw, "Chrome · Android") || strings.Count(list.Raw, `"id"`) != 2 {
		t.Errorf("sessions: %s", list.Raw)
	}
	// The mobile app is named in the reader's language (the server built "Gerege app" into mn).
	apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "multi@example.mn", "password": "correct horse battery"}, "",
		"User-Agent", "Gerege/1.0 (iPhone; iOS 18.1)")
	mn := apitest.Call(t, nil, ts, "GET", "/api/account/sessions", nil, a, "Accept-Language", "mn")
	if !strings.Contains(mn.Raw, "Gerege апп · iOS") || strings.Contains(mn.Raw, "Gerege app") {
		t.Errorf("mn sessions: %s", mn.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/account/sessions/revoke-all", nil, a), 204)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, a), 401)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, b), 401)
}

func TestPasswordRulesAndChange(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	for pw, ok := range map[string]bool{"short": false, "password1": false, "Password123": false, "qwertyuiop": false,
		"pw@example.mn": false, "correct horse battery": true} {
		email := fmt.Sprintf("pw%d@example.mn", len(pw))
		if pw == "pw@example.mn" {
			email = "pw@example.mn"
		}
		r := apitest.Register(t, ts, email, map[string]any{"password": pw})
		if (r.Status == 201) != ok {
			t.Errorf("password %q: %d %s", pw, r.Status, r.Raw)
		}
	}
	tok := apitest.Register(t, ts, "change@example.mn", nil).Str("accessToken")
	other := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "change@example.mn", "password": "correct horse battery"}, "").Str("accessToken")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/account/password", map[string]any{"currentPassword": "nope", "newPassword": "another fine passphrase"}, tok), 422)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/account/password", map[string]any{"currentPassword": "correct horse battery", "newPassword": "another fine passphrase"}, tok), 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, tok), 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, other), 401)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "DELETE", "/api/account", map[string]any{"password": "correct horse battery"}, tok), 422)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "DELETE", "/api/account", map[string]any{"password": "another fine passphrase"}, tok), 204)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "change@example.mn", "password": "another fine passphrase"}, ""), 401)
}

func TestWebSessions(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock, func(c *app.Config) { c.Auth.MinFillTime = 3 * time.Second })
	c := apitest.WebClient()
	// Filled in faster than a person can: refused.
	apitest.MustStatus(t, apitest.WebRegister(t, c, ts, "web@example.mn", nil), 422)
	ft := apitest.Call(t, c, ts, "GET", "/api/web/auth/form-token", nil, "").Str("formToken")
	clock.Advance(4 * time.Second)
	honey := apitest.Call(t, c, ts, "POST", "/api/web/auth/register", map[string]any{"email": "bot@example.mn", "password": "correct horse battery",
		"firstName": "B", "lastName": "O", "dateOfBirth": "2000-01-01", "acceptTerms": true, "formToken": ft, "website": "http://spam"}, "")
	apitest.MustStatus(t, honey, 422)
	noDob := apitest.Call(t, c, ts, "POST", "/api/web/auth/register", map[string]any{"email": "nodob@example.mn", "password": "correct horse battery",
		"firstName": "B", "lastName": "O", "formToken": ft}, "")
	if noDob.Status != 422 || noDob.Str("errors", "dateOfBirth") == "" || noDob.Str("errors", "acceptTerms") == "" {
		t.Errorf("web form needs DOB and terms: %s", noDob.Raw)
	}
	ent := apitest.Call(t, c, ts, "POST", "/api/web/auth/register", map[string]any{"email": "web@example.mn", "password": "correct horse battery",
		"firstName": "Saraa", "lastName": "Bold", "dateOfBirth": "2000-01-02", "acceptTerms": true, "formToken": ft,
		"accountType": "enterprise", "organization": "Nomads School"}, "", "Sec-Fetch-Site", "same-origin")
	apitest.MustStatus(t, ent, 201)
	if ent.Str("user", "organization", "role") != "owner" || ent.Str("user", "sessionExpiresAt") == "" {
		t.Errorf("enterprise owner: %s", ent.Raw)
	}
	var terms string
	s.Store().Read.QueryRow(`SELECT terms_version FROM users WHERE email = 'web@example.mn'`).Scan(&terms)
	if terms != accounts.LegalVersion {
		t.Errorf("terms version recorded: %q", terms)
	}
	apitest.MustStatus(t, apitest.Call(t, c, ts, "GET", "/api/auth/me", nil, ""), 200)
	// The cookie never works from another site's page (CSRF).
	apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/logout", nil, "", "Sec-Fetch-Site", "cross-site"), 403)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/logout", nil, "", "Sec-Fetch-Site", "same-origin"), 204)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "GET", "/api/auth/me", nil, ""), 401)
	// Signing out again (another tab, an expired session) is not an error.
	apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/logout", nil, "", "Sec-Fetch-Site", "same-origin"), 204)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/logout", nil, "", "Sec-Fetch-Site", "cross-site"), 403)
	login := apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": "web@example.mn", "password": "correct horse battery"}, "")
	apitest.MustStatus(t, login, 200)
	// The web session expires when it says.
	clock.Advance(15 * 24 * time.Hour)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "GET", "/api/auth/me", nil, ""), 401)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/logout", nil, ""), 204)
}

func TestOrganizationInvitation(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	owner := apitest.WebClient()
	apitest.MustStatus(t, apitest.WebRegister(t, owner, ts, "owner@example.mn", map[string]any{"accountType": "enterprise", "organization": "Steppe Tours"}), 201)
	apitest.OnPlan(t, s, "owner@example.mn", "starter") // three staff seats are needed below; the free plan has two
	inv := apitest.Call(t, owner, ts, "POST", "/api/organization/invitations", map[string]any{"email": "counselor@example.mn", "role": "counselor"}, "")
	apitest.MustStatus(t, inv, 201)
	invited := apitest.LastEmail(t, s, "counselor@example.mn")
	m := apitest.TokenRe.FindStringSubmatch(invited.Text)
	// No account yet: "Hello," — never the email address as a name; the inviter's name and the
	// role as running text writes them.
	if !strings.HasPrefix(invited.Text, "Hello,\n") || strings.Contains(invited.Text, "Hello counselor@") ||
		!strings.Contains(invited.Text, "Saraa Bold invites you to join Steppe Tours on Gerege as counselor.") {
		t.Errorf("invitation to a newcomer: %q", invited.Text)
	}
	// Someone with an account is greeted by name, in the language they chose: Mongolian puts
	// the inviter's surname first, and the role is a word of the sentence, not a title.
	dorj := apitest.Register(t, ts, "dorj@example.mn", map[string]any{"firstName": "Дорж", "lastName": "Бат"}).Str("accessToken")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PATCH", "/api/account", map[string]any{"language": "mn"}, dorj), 200)
	apitest.MustStatus(t, apitest.Call(t, owner, ts, "POST", "/api/organization/invitations", map[string]any{"email": "dorj@example.mn", "role": "manager"}, ""), 201)
	known := apitest.LastEmail(t, s, "dorj@example.mn")
	for _, want := range []string{"Сайн байна уу, Дорж", "Bold Saraa таныг Gerege дээрх Steppe Tours байгууллагад", "Таны үүрэг: менежер."} {
		if !strings.Contains(known.Text, want) {
			t.Errorf("invitation to a member: no %q in %q", want, known.Text)
		}
	}
	if strings.Contains(known.Text, "dorj@example.mn,") || known.Lang != "mn" {
		t.Errorf("invitation to a member: %s %q", known.Lang, known.Text)
	}
	other := apitest.Register(t, ts, "other@example.mn", map[string]any{"dateOfBirth": "1999-09-09"}).Str("accessToken")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/organization/invitations/accept", map[string]any{"token": m[1]}, other), 403)
	tok := apitest.Register(t, ts, "counselor@example.mn", map[string]any{"dateOfBirth": "1990-01-01"}).Str("accessToken")
	acc := apitest.Call(t, nil, ts, "POST", "/api/organization/invitations/accept", map[string]any{"token": m[1]}, tok)
	apitest.MustStatus(t, acc, 200)
	if acc.Str("organization", "role") != "counselor" || acc.Str("accountType") != "enterprise" {
		t.Errorf("joined: %s", acc.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/organization/invitations", map[string]any{"email": "x@example.mn", "role": "manager"}, tok), 403)
	org := apitest.Call(t, owner, ts, "GET", "/api/organization", nil, "")
	if !strings.Contains(org.Raw, "counselor@example.mn") {
		t.Errorf("members: %s", org.Raw)
	}
}

func TestLegacyAuthPathsRedirect(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
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
		r := apitest.Do(t, ts, "GET", from, "", nil)
		if r.Status != 302 || r.Header.Get("Location") != to {
			t.Errorf("%s → %d %q, want %q", from, r.Status, r.Header.Get("Location"), to)
		}
	}
}
