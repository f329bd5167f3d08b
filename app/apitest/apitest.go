// Package apitest runs the real platform for tests: a server on a copy of the migrated
// template database (db/dbtest), the real router over HTTP (httptest), a settable clock, JSON
// calls with and without cookies, one signed-in client per kind of user, and a scenario runner
// (method, path, role, body → status, what the answer must contain and must NOT contain — the
// last is how a test proves other people's data and sensitive fields stay out). Every JSON
// answer of the API is also checked against the API document (contract.go).
//
// Modules test their handlers with it from their own folder (package x_test), so each
// module's own tests cover its code.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gerege/app"
	"gerege/db"
	"gerege/db/dbtest"
	"gerege/ui"
)

// Clock is a settable clock for expiry tests.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock at 2026-11-22 10:00 UTC.
func NewClock() *Clock { return &Clock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// NewServer starts the real router on a copy of the migrated template database; edit
// changes the configuration first.
func NewServer(t testing.TB, edit ...func(*app.Config)) (*app.Server, *httptest.Server) {
	return NewServerClock(t, nil, edit...)
}

// NewServerClock is NewServer with the server reading time from clock (nil: the real time).
func NewServerClock(t testing.TB, clock *Clock, edit ...func(*app.Config)) (*app.Server, *httptest.Server) {
	t.Helper()
	cfg := app.DefaultConfig()
	cfg.DB = dbtest.Path(t)
	cfg.Auth.MinFillTime = 0
	for _, e := range edit {
		e(&cfg)
	}
	var opts []app.Option
	if clock != nil {
		opts = append(opts, app.WithClock(clock.Now))
	}
	// GEREGE_TEST_LOG=1 shows the servers' logs (an internal error's cause) on stderr.
	var logs io.Writer = io.Discard
	if os.Getenv("GEREGE_TEST_LOG") != "" {
		logs = os.Stderr
	}
	s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(logs, nil)), ui.Dist(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(contract(t, s, s.Handler()))
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return s, ts
}

// noRedirects is the client for calls without cookies; it never follows redirects, so tests
// see them.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// WebClient has a cookie jar (a browser's session) and does not follow redirects.
func WebClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// Reply is an answer: status, headers, the raw body and, when it is a JSON object, decoded.
type Reply struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    string
}

// Str is the string at path in the JSON body ("" when absent).
func (r Reply) Str(path ...string) string {
	var v any = r.Body
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	s, _ := v.(string)
	return s
}

// Call sends a JSON request through c (nil: a client without cookies); token, when set, is
// sent as a bearer token; headers are name, value pairs.
func Call(t testing.TB, c *http.Client, ts *httptest.Server, method, path string, body any, token string, headers ...string) Reply {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return send(t, c, req)
}

// Do sends a raw body (any content) with headers through a client without cookies.
func Do(t testing.TB, ts *httptest.Server, method, path, body string, headers map[string]string) Reply {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return send(t, nil, req)
}

func send(t testing.TB, c *http.Client, req *http.Request) Reply {
	t.Helper()
	if c == nil {
		c = noRedirects
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := Reply{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// MustStatus stops the test unless r has status want.
func MustStatus(t testing.TB, r Reply, want int) {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d: %s", r.Status, want, r.Raw)
	}
}

// Password is the password of every account the helpers create.
const Password = "correct horse battery"

// SignIn returns a web client signed in as email (with Password).
func SignIn(t testing.TB, ts *httptest.Server, email string) *http.Client {
	t.Helper()
	c := WebClient()
	MustStatus(t, Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": Password}, ""), 200)
	return c
}

// Admin creates a platform admin and returns a web client signed in as them.
func Admin(t testing.TB, s *app.Server, ts *httptest.Server, email string) *http.Client {
	t.Helper()
	if _, err := app.CreateAdmin(context.Background(), s.Store(), email, Password, "Ada", "Admin"); err != nil {
		t.Fatal(err)
	}
	return SignIn(t, ts, email)
}

// Register creates an account through the mobile API (Password, "Bat Dorj"; extra fields
// added or replaced) and returns the answer.
func Register(t testing.TB, ts *httptest.Server, email string, extra map[string]any) Reply {
	t.Helper()
	body := map[string]any{"email": email, "password": Password, "firstName": "Bat", "lastName": "Dorj"}
	for k, v := range extra {
		body[k] = v
	}
	return Call(t, nil, ts, "POST", "/api/auth/register", body, "")
}

// LastEmail returns the newest outbox email to addr.
func LastEmail(t testing.TB, s *app.Server, to string) *db.Email {
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

// CodeRe finds the 6-digit code in an email (both languages); TokenRe a link's token.
var (
	CodeRe  = regexp.MustCompile(`(?m)^(?:Your code|Таны код): (\d{6})$`)
	TokenRe = regexp.MustCompile(`token=([A-Za-z0-9_-]+)`)
)

// EmailCode is the 6-digit code in e.
func EmailCode(t testing.TB, e *db.Email) string {
	t.Helper()
	m := CodeRe.FindStringSubmatch(e.Text)
	if m == nil {
		t.Fatalf("no code in email: %s", e.Text)
	}
	return m[1]
}

// WebRegister creates an account through the web form on client c (a form token fetched
// first; extra fields added or replaced).
func WebRegister(t testing.TB, c *http.Client, ts *httptest.Server, email string, extra map[string]any) Reply {
	t.Helper()
	ft := Call(t, c, ts, "GET", "/api/web/auth/form-token", nil, "").Str("formToken")
	body := map[string]any{"email": email, "password": Password, "firstName": "Saraa", "lastName": "Bold",
		"dateOfBirth": "2000-01-02", "acceptTerms": true, "formToken": ft}
	for k, v := range extra {
		body[k] = v
	}
	return Call(t, c, ts, "POST", "/api/web/auth/register", body, "", "Sec-Fetch-Site", "same-origin")
}
