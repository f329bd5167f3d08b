package app_test

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/workspace/people"
	"gerege/db"
)

func TestRoutes(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	json := map[string]string{"Content-Type": "application/json"}
	cases := []struct {
		name     string
		method   string
		path     string
		body     string
		headers  map[string]string
		status   int
		contains []string
		header   map[string]string
	}{
		{name: "healthz", method: "GET", path: "/healthz", status: 200, contains: []string{`"ok"`}},
		{name: "readyz", method: "GET", path: "/readyz", status: 200, contains: []string{`"ok"`}},
		{name: "root redirects to detected language", method: "GET", path: "/", status: 302,
			header: map[string]string{"Location": "/en"}},
		{name: "root follows Accept-Language", method: "GET", path: "/",
			headers: map[string]string{"Accept-Language": "mn-MN,mn;q=0.9,en;q=0.5"}, status: 302,
			header: map[string]string{"Location": "/mn"}},
		{name: "lang cookie wins over Accept-Language", method: "GET", path: "/components?x=1",
			headers: map[string]string{"Accept-Language": "en", "Cookie": "lang=mn"}, status: 302,
			header: map[string]string{"Location": "/mn/components?x=1"}},
		{name: "trailing slash is canonicalised", method: "GET", path: "/en/", status: 302,
			header: map[string]string{"Location": "/en"}},
		{name: "home en", method: "GET", path: "/en", status: 200,
			contains: []string{`<html lang="en"`, "<title>"},
			header:   map[string]string{"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"}},
		{name: "home mn", method: "GET", path: "/mn", status: 200, contains: []string{`<html lang="mn"`}},
		{name: "gallery mn", method: "GET", path: "/mn/components", status: 200, contains: []string{`<html lang="mn"`}},
		{name: "unknown page is a real 404 page", method: "GET", path: "/en/no-such-page", status: 404,
			contains: []string{`<html lang="en"`}},
		{name: "unknown page mn", method: "GET", path: "/mn/no/such/page", status: 404,
			contains: []string{`<html lang="mn"`}},
		{name: "missing file is 404", method: "GET", path: "/robots-nope.txt", status: 404},
		{name: "unknown api path is JSON 404", method: "GET", path: "/api/nope", status: 404,
			contains: []string{`"message":"We could not find what you asked for."`},
			header:   map[string]string{"Content-Type": "application/json; charset=utf-8"}},
		{name: "api 404 in Mongolian", method: "GET", path: "/api/nope",
			headers: map[string]string{"Accept-Language": "mn"}, status: 404,
			contains: []string{`"message":"Таны хайсан зүйл олдсонгүй."`}},
		{name: "api wrong method", method: "DELETE", path: "/api/meta", status: 405, contains: []string{`"code":"method_not_allowed"`}},
		{name: "meta", method: "GET", path: "/api/meta", status: 200,
			contains: []string{`"languages":["en","mn"]`, `"demo":false`}},
		{name: "set lang", method: "POST", path: "/api/lang", body: `{"lang":"mn"}`, headers: json, status: 200,
			header: map[string]string{"Set-Cookie": "lang=mn; Path=/; Max-Age=31536000; SameSite=Lax"}},
		{name: "set lang invalid", method: "POST", path: "/api/lang", body: `{"lang":"fr"}`, headers: json, status: 422,
			contains: []string{`"errors":{"lang":`}},
		{name: "malformed JSON", method: "POST", path: "/api/lang", body: `{"lang":`, headers: json, status: 400,
			contains: []string{`"code":"bad_json"`, `"message":"The request body is not valid JSON."`}},
		{name: "trailing garbage", method: "POST", path: "/api/lang", body: `{"lang":"en"} x`, headers: json, status: 400},
		{name: "empty body", method: "POST", path: "/api/lang", headers: json, status: 400},
		{name: "not JSON", method: "POST", path: "/api/lang", body: `lang=en`,
			headers: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, status: 415},
		{name: "oversized body", method: "POST", path: "/api/lang", body: `{"lang":"` + strings.Repeat("a", 2<<20) + `"}`,
			headers: json, status: 413, contains: []string{`"code":"too_large"`}},
		{name: "cross-site POST is refused (CSRF)", method: "POST", path: "/api/lang", body: `{"lang":"mn"}`,
			headers: map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, status: 403,
			contains: []string{`"code":"csrf"`}},
		{name: "same-origin browser POST passes", method: "POST", path: "/api/lang", body: `{"lang":"mn"}`,
			headers: map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}, status: 200},
		{name: "cross-site page POST is refused too", method: "POST", path: "/en", status: 403,
			headers: map[string]string{"Origin": "https://evil.example"}},
		{name: "security headers", method: "GET", path: "/en", status: 200, header: map[string]string{
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin",
			"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := apitest.Do(t, ts, c.method, c.path, c.body, c.headers)
			if res.Status != c.status {
				t.Fatalf("status = %d, want %d; body %.300s", res.Status, c.status, res.Raw)
			}
			for _, s := range c.contains {
				if !strings.Contains(res.Raw, s) {
					t.Errorf("body lacks %q: %.300s", s, res.Raw)
				}
			}
			for k, v := range c.header {
				if got := res.Header.Get(k); got != v {
					t.Errorf("header %s = %q, want %q", k, got, v)
				}
			}
			if res.Header.Get("X-Request-ID") == "" {
				t.Error("no X-Request-ID")
			}
		})
	}
}

func TestEveryManifestRouteServes(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	_ = s
	for _, lang := range []string{"en", "mn"} {
		for _, p := range []string{"/", "/components", "/403", "/404", "/500", "/maintenance", "/coming-soon"} {
			path := "/" + lang + strings.TrimSuffix(p, "/")
			if p == "/" {
				path = "/" + lang
			}
			if res := apitest.Do(t, ts, "GET", path, "", nil); res.Status != 200 || !strings.Contains(res.Raw, `lang="`+lang+`"`) {
				t.Errorf("%s: status %d", path, res.Status)
			}
		}
	}
}

func TestAssetsArePrecompressedAndImmutable(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	page := apitest.Do(t, ts, "GET", "/en", "", nil).Raw
	i := strings.Index(page, "/assets/")
	if i < 0 {
		t.Fatal("home page links no asset")
	}
	asset := page[i : i+strings.IndexAny(page[i:], `"'`)]
	plain := apitest.Do(t, ts, "GET", asset, "", map[string]string{"Accept-Encoding": "identity"})
	if plain.Status != 200 || plain.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("%s: %d %q", asset, plain.Status, plain.Header.Get("Cache-Control"))
	}
	br := apitest.Do(t, ts, "GET", asset, "", map[string]string{"Accept-Encoding": "gzip, br"})
	if br.Header.Get("Content-Encoding") != "br" || len(br.Raw) >= len(plain.Raw) {
		t.Errorf("brotli not served: %q, %d vs %d bytes", br.Header.Get("Content-Encoding"), len(br.Raw), len(plain.Raw))
	}
	gz := apitest.Do(t, ts, "GET", asset, "", map[string]string{"Accept-Encoding": "gzip"})
	if gz.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip not served: %q", gz.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(strings.NewReader(gz.Raw))
	if err != nil {
		t.Fatal(err)
	}
	unz, _ := io.ReadAll(zr)
	if string(unz) != plain.Raw {
		t.Error("gzip variant differs from the file")
	}
	// Each encoding is its own representation with its own ETag; a client revalidates with the
	// ETag it got, sending the same Accept-Encoding.
	notMod := apitest.Do(t, ts, "GET", asset, "", map[string]string{"Accept-Encoding": "identity", "If-None-Match": plain.Header.Get("ETag")})
	if notMod.Status != 304 {
		t.Errorf("If-None-Match: %d", notMod.Status)
	}
	if r := apitest.Do(t, ts, "GET", asset, "", map[string]string{"Accept-Encoding": "gzip, br", "If-None-Match": br.Header.Get("ETag")}); r.Status != 304 {
		t.Errorf("If-None-Match (br): %d", r.Status)
	}
	if br.Header.Get("ETag") == plain.Header.Get("ETag") || gz.Header.Get("ETag") == plain.Header.Get("ETag") {
		t.Error("the encodings share an ETag")
	}
	if res := apitest.Do(t, ts, "GET", "/assets/nope-123.js", "", nil); res.Status != 404 {
		t.Errorf("missing asset: %d", res.Status)
	}
}

func TestMaintenanceMode(t *testing.T) {
	t.Parallel()
	t.Run("flag", func(t *testing.T) {
		_, ts := apitest.NewServer(t, func(c *app.Config) { c.Maintenance = true })
		page := apitest.Do(t, ts, "GET", "/mn", "", nil)
		if page.Status != 503 || page.Header.Get("Retry-After") == "" || !strings.Contains(page.Raw, `lang="mn"`) {
			t.Errorf("page: %d %q", page.Status, page.Header.Get("Retry-After"))
		}
		api := apitest.Do(t, ts, "GET", "/api/meta", "", nil)
		if api.Status != 503 || !strings.Contains(api.Raw, `"code":"maintenance"`) {
			t.Errorf("api: %d %s", api.Status, api.Raw)
		}
		if res := apitest.Do(t, ts, "GET", "/healthz", "", nil); res.Status != 200 {
			t.Errorf("healthz during maintenance: %d", res.Status)
		}
	})
	t.Run("stored setting", func(t *testing.T) {
		s, ts := apitest.NewServer(t)
		if err := s.Store().SetSetting(context.Background(), db.SettingMaintenance, "on"); err != nil {
			t.Fatal(err)
		}
		s.InvalidateMaintenance()
		if res := apitest.Do(t, ts, "GET", "/en", "", nil); res.Status != 503 {
			t.Errorf("on: %d", res.Status)
		}
		if err := s.Store().SetSetting(context.Background(), db.SettingMaintenance, "off"); err != nil {
			t.Fatal(err)
		}
		s.InvalidateMaintenance()
		if res := apitest.Do(t, ts, "GET", "/en", "", nil); res.Status != 200 {
			t.Errorf("off: %d", res.Status)
		}
	})
}

func TestDemoAndSecretPersist(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := dir + "/x.db"
	s1, ts1 := apitest.NewServer(t, func(c *app.Config) { c.DB = path; c.Demo = true })
	secret := string(s1.Secret())
	var meta struct{ Demo bool }
	if err := json.Unmarshal([]byte(apitest.Do(t, ts1, "GET", "/api/meta", "", nil).Raw), &meta); err != nil || !meta.Demo {
		t.Fatalf("demo not reported: %v", err)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts1, "POST", "/api/auth/login", map[string]any{"email": "admin@demo.gerege.mn", "password": app.DemoPassword}, ""), 200)
	var subs, attempts int
	s1.Store().Read.QueryRow(`SELECT count(*) FROM submissions`).Scan(&subs)
	s1.Store().Read.QueryRow(`SELECT count(*) FROM db_attempts WHERE finished_at IS NOT NULL`).Scan(&attempts)
	if subs == 0 || attempts == 0 {
		t.Errorf("demo content: %d submissions, %d results", subs, attempts)
	}
	// The demo student has earlier results to show on their profile.
	tok := apitest.Call(t, nil, ts1, "POST", "/api/auth/login", map[string]any{"email": "student@demo.gerege.mn", "password": app.DemoPassword}, "").Str("accessToken")
	if mine := apitest.Call(t, nil, ts1, "GET", "/api/account/direction-board", nil, tok); strings.Count(mine.Raw, `"resultToken"`) != 2 {
		t.Errorf("the student's results: %s", mine.Raw)
	}
	// … and notifications of their support request's progress (one read, one not).
	if n := apitest.Call(t, nil, ts1, "GET", "/api/notifications", nil, tok); strings.Count(n.Raw, `"kind":"forms.status"`) != 2 || n.Body["unread"].(float64) != 1 {
		t.Errorf("the student's notifications: %s", n.Raw)
	}
	// The demo's people are established members, not new accounts with the communities'
	// first-day limits: the owner may ask for two communities within the hour.
	var young int
	s1.Store().Read.QueryRow(`SELECT count(*) FROM users WHERE email LIKE '%@demo.gerege.mn' AND created_at > ?`,
		time.Now().Add(-24*time.Hour).UTC().Format("2006-01-02T15:04:05.000Z")).Scan(&young)
	if young != 0 {
		t.Errorf("%d demo accounts are in their first day", young)
	}
	owner := apitest.Call(t, nil, ts1, "POST", "/api/auth/login", map[string]any{"email": "owner@demo.gerege.mn", "password": app.DemoPassword}, "").Str("accessToken")
	apitest.MustStatus(t, apitest.Call(t, nil, ts1, "PUT", "/api/account/id-verification", map[string]any{"surname": "Батболд",
		"givenName": "Оюунаа", "dateOfBirth": "2000-04-15", "idNumber": "УБ00241512"}, owner), 200)
	for i, name := range []string{"Robotics club", "Debate club"} {
		r := apitest.Call(t, nil, ts1, "POST", "/api/communities/requests", map[string]any{"nameEn": name, "descriptionEn": "A club of the school.",
			"visibility": "public", "joinPolicy": "open"}, owner)
		if r.Status != 201 {
			t.Errorf("request %d (the demo owner must not have the new-account limits): %d %s", i+1, r.Status, r.Raw)
		}
	}
	ts1.Close()
	s1.Close()
	s2, _ := apitest.NewServer(t, func(c *app.Config) { c.DB = path; c.Demo = true })
	var users int
	s2.Store().Read.QueryRow(`SELECT count(*) FROM users`).Scan(&users)
	// + the opportunities demo's two organisations and four applicants, the calendar demo's
	// counselor, the people demo's staff
	if users != len(app.DemoAccounts)+7+len(people.DemoStaff) {
		t.Errorf("a second --demo start must not add more: %d accounts", users)
	}
	if string(s2.Secret()) != secret || len(secret) != 32 {
		t.Error("the generated secret must survive a restart")
	}
}

func TestDemoLeavesRealDataAlone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.DB = dir + "/real.db" })
	apitest.Register(t, ts, "real@example.mn", nil)
	ts.Close()
	s, ts2 := apitest.NewServer(t, func(c *app.Config) { c.DB = dir + "/real.db"; c.Demo = true })
	var n int
	s.Store().Read.QueryRow(`SELECT count(*) FROM users`).Scan(&n)
	if n != 1 || strings.Contains(apitest.Call(t, nil, ts2, "GET", "/api/meta", nil, "").Raw, `"demo":true`) {
		t.Errorf("--demo on a database with accounts must change nothing: %d users", n)
	}
}

func TestSessionsAreStoredInSQLite(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	res := apitest.Do(t, ts, "GET", "/api/meta", "", nil)
	if res.Status != 200 {
		t.Fatal(res.Status)
	}
	// A session is only written when something is put in it; use the manager directly the way
	// the accounts capability will, through a request on the real router.
	req, _ := http.NewRequest("GET", ts.URL+"/api/meta", nil)
	ctx, err := s.Sessions().Load(req.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	s.Sessions().Put(ctx, "k", "v")
	token, _, err := s.Sessions().Commit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.Store().Read.QueryRow(`SELECT count(*) FROM sessions WHERE token = ?`, token).Scan(&n); err != nil || n != 1 {
		t.Fatalf("session row: %d %v", n, err)
	}
	req.AddCookie(&http.Cookie{Name: "gerege_session", Value: token})
	r2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r2.Body.Close()
	if r2.StatusCode != 200 {
		t.Fatal(r2.StatusCode)
	}
}
