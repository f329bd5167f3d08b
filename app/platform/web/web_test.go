package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"
)

func TestDetectLang(t *testing.T) {
	for _, c := range []struct{ path, cookie, host, accept, want string }{
		{"/mn/about-us", "en", "en.gerege.org", "en", "mn"},
		{"/about-us", "mn", "en.gerege.org", "en", "mn"},
		{"/about-us", "", "mn.gerege.org", "en", "mn"},
		{"/about-us", "", "MN.gerege.org:8443", "en", "mn"},
		{"/about-us", "", "mn", "en", "en"},
		{"/about-us", "", "www.gerege.org", "mn-MN,en;q=0.5", "mn"},
		{"/about-us", "xx", "gerege.org", "", "en"},
	} {
		r := httptest.NewRequest("GET", c.path, nil)
		r.Host = c.host
		if c.cookie != "" {
			r.AddCookie(&http.Cookie{Name: LangCookie, Value: c.cookie})
		}
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		if got := DetectLang(r); got != c.want {
			t.Errorf("%+v: %q", c, got)
		}
	}
}

func TestAcceptLanguage(t *testing.T) {
	cases := map[string]string{
		"":                               "",
		"mn":                             "mn",
		"mn-MN,mn;q=0.9,en;q=0.8":        "mn",
		"en-US;q=0.5,en;q=0.9,mn;q=0.95": "mn",
		"fr-FR, de;q=0.5":                "",
		"EN":                             "en",
		"mn;q=0, en;q=0.1":               "en",
		"mn;q=abc, en":                   "en",
		"*":                              "",
		";;;,,, mn ; q=0.3":              "mn",
	}
	for h, want := range cases {
		if got := AcceptLanguage(h); got != want {
			t.Errorf("AcceptLanguage(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestRecoverServesJSON500AndLogsStack(t *testing.T) {
	var logs bytes.Buffer
	k := &Kit{Log: slog.New(slog.NewJSONHandler(&logs, nil))}
	h := k.RequestID(k.Recover(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("boom with secret detail")
	})))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x", nil))
	if rec.Code != 500 {
		t.Fatalf("status %d", rec.Code)
	}
	if strings.Contains(rec.Body.String(), "secret detail") || !strings.Contains(rec.Body.String(), "Something went wrong") {
		t.Errorf("500 body leaks or lacks the generic text: %s", rec.Body)
	}
	if !strings.Contains(logs.String(), "boom with secret detail") || !strings.Contains(logs.String(), "request_id") ||
		!strings.Contains(logs.String(), "goroutine") {
		t.Errorf("log lacks the panic, request id or stack: %s", logs.String())
	}
}

func TestDecode(t *testing.T) {
	type body struct {
		Name string `json:"name"`
	}
	cases := []struct {
		in     string
		status int
	}{
		{`{"name":"a"}`, 0},
		{`{"name":"a","extra":1}`, 0},
		{``, 400},
		{`{`, 400},
		{`[]`, 400},
		{`{"name":5}`, 400},
		{`{"name":"a"}{"name":"b"}`, 400},
		{`null`, 0},
	}
	for _, c := range cases {
		var b body
		err := DecodeReader(strings.NewReader(c.in), &b)
		got := 0
		if err != nil {
			got = AsError(err).Status
		}
		if got != c.status {
			t.Errorf("%q: status %d, want %d (%v)", c.in, got, c.status, err)
		}
	}
	r := httptest.NewRequest("POST", "/api/x", strings.NewReader(strings.Repeat(" ", 100)+`{}`))
	r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, 50)
	if err := DecodeReader(r.Body, &struct{}{}); AsError(err).Status != 413 {
		t.Errorf("over the limit: %v", err)
	}
}

// FuzzDecode: no input makes the decoder panic or return anything but nil or a 4xx *Error.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"lang":"mn"}`, `{"a":[1,2,{"b":null}]}`, `{`, "\x00", `"\ud800"`, `{"lang":"` + strings.Repeat("я", 100) + `"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v struct {
			Lang string         `json:"lang"`
			Any  map[string]any `json:"any"`
		}
		err := DecodeReader(io.LimitReader(bytes.NewReader(data), 1<<16), &v)
		if err != nil {
			if e := AsError(err); e.Status < 400 || e.Status >= 500 {
				t.Fatalf("status %d for %q", e.Status, data)
			}
		}
	})
}

// FuzzAcceptLanguage: any header gives a supported language or "".
func FuzzAcceptLanguage(f *testing.F) {
	for _, s := range []string{"mn-MN,mn;q=0.9", "en;q=0.1", ";q=", ",,,", "mn;q=1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if got := AcceptLanguage(h); got != "" && got != "en" && got != "mn" {
			t.Fatalf("AcceptLanguage(%q) = %q", h, got)
		}
	})
}

func TestUIWritesTheBaseURL(t *testing.T) {
	page := `<html lang="en"><link rel="canonical" href="https://gerege.invalid/en/about-us"></html>`
	dist := fstest.MapFS{
		"manifest.json":             {Data: []byte(`{"langs":["en","mn"],"routes":[{"path":"/about-us","page":"about-us"}]}`)},
		"pages/en/about-us.html":    {Data: []byte(page)},
		"pages/en/about-us.html.br": {Data: []byte("stale")},
		"pages/mn/about-us.html":    {Data: []byte(strings.ReplaceAll(page, "/en/", "/mn/"))},
		"sitemap.xml":               {Data: []byte(`<loc>https://gerege.invalid/en/about-us</loc>`)},
	}
	for _, s := range []string{"403", "404", "500", "maintenance"} {
		dist["pages/en/"+s+".html"] = &fstest.MapFile{Data: []byte("x")}
	}
	u, err := NewUI(dist, "https://school.example.mn")
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/en/about-us", nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	u.ServePage(rec, req, "en", "/about-us")
	// Brotli is served where offered, compressed from the rewritten page — never the build's
	// stale copy, which still holds the placeholder.
	if rec.Header().Get("Content-Encoding") != "br" || rec.Body.String() == "stale" {
		t.Fatalf("a rewritten page must be served in fresh brotli: %q %q", rec.Header().Get("Content-Encoding"), rec.Body)
	}
	b, _ := io.ReadAll(brotli.NewReader(rec.Body))
	if !strings.Contains(string(b), `href="https://school.example.mn/en/about-us"`) {
		t.Errorf("page: %s", b)
	}
	// Each page keeps its own bytes.
	rec = httptest.NewRecorder()
	req = httptest.NewRequest("GET", "/mn/about-us", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	u.ServePage(rec, req, "mn", "/about-us")
	zr, _ := gzip.NewReader(rec.Body)
	b, _ = io.ReadAll(zr)
	if string(b) != `<html lang="en"><link rel="canonical" href="https://school.example.mn/mn/about-us"></html>` {
		t.Errorf("second page: %s", b)
	}
	rec = httptest.NewRecorder()
	u.ServeSitemap(rec, httptest.NewRequest("GET", "/sitemap.xml", nil))
	if !strings.Contains(rec.Body.String(), "https://school.example.mn/en/about-us") || rec.Header().Get("Content-Type") != "application/xml; charset=utf-8" {
		t.Errorf("sitemap: %s %s", rec.Header(), rec.Body)
	}
}

func TestClientGoneIsNotAServerError(t *testing.T) {
	var logs bytes.Buffer
	k := &Kit{Log: slog.New(slog.NewJSONHandler(&logs, nil))}
	h := k.RequestID(k.AccessLog(k.Handler(func(w http.ResponseWriter, r *http.Request) error {
		return fmt.Errorf("query: %w", context.Canceled)
	})))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x", nil))
	if rec.Code != StatusClientClosed {
		t.Errorf("status %d", rec.Code)
	}
	if strings.Contains(logs.String(), `"level":"ERROR"`) {
		t.Errorf("a client that went away is logged as an error: %s", logs.String())
	}
}

// An error that knows it is a "not found" (the store's, for a record gone in a race) is a 404
// with the localized message, wrapped or not; any other unknown error stays a 500.
func TestNotFoundFromTheStoreIsA404(t *testing.T) {
	for _, err := range []error{goneErr{}, fmt.Errorf("deleting: %w", goneErr{})} {
		if e := AsError(err); e.Status != 404 || e.Code != "not_found" {
			t.Errorf("%v: %d %s", err, e.Status, e.Code)
		}
	}
	if e := AsError(errors.New("boom")); e.Status != 500 {
		t.Errorf("plain error: %d", e.Status)
	}
}

type goneErr struct{}

func (goneErr) Error() string   { return "gone" }
func (goneErr) HTTPStatus() int { return 404 }
