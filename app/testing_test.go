package app

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"gerege/db/dbtest"
	"gerege/ui"
)

// newTestServer starts the real router on a fresh, migrated SQLite file.
func newTestServer(t *testing.T, edit ...func(*Config)) (*Server, *httptest.Server) {
	return newTestServerClock(t, nil, edit...)
}

// testClock is a settable clock for expiry tests.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *testClock { return &testClock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)} }

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newTestServerClock(t *testing.T, clock *testClock, edit ...func(*Config)) (*Server, *httptest.Server) {
	t.Helper()
	cfg := DefaultConfig()
	cfg.DB = dbtest.Path(t) // a copy of the migrated template
	cfg.Auth.MinFillTime = 0
	for _, e := range edit {
		e(&cfg)
	}
	var opts []Option
	if clock != nil {
		opts = append(opts, WithClock(clock.Now))
	}
	s, err := New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist(), opts...)
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

// client never follows redirects, so tests see them.
var client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
	return http.ErrUseLastResponse
}}

type reply struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, ts *httptest.Server, method, path, body string, headers map[string]string) reply {
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
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return reply{res.StatusCode, res.Header, string(b)}
}

func newJSON(method, url, body string) (*http.Request, error) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err == nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, err
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
