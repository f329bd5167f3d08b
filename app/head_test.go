package app_test

import (
	"gerege/app/apitest"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestHeadAnswersLikeGet: an uptime monitor (or a crawler) that sends HEAD gets what GET
// would answer — same status and headers, no body — on every path GET serves: monitors,
// pages, assets, and every API GET route of every module (walked from the registry, so a
// new route is covered without a new row).
func TestHeadAnswersLikeGet(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	page := apitest.Do(t, ts, "GET", "/en", "", nil).Raw
	i := strings.Index(page, "/assets/")
	if i < 0 {
		t.Fatal("home page links no asset")
	}
	asset := page[i : i+strings.IndexAny(page[i:], `"'`)]
	paths := []string{"/healthz", "/readyz", "/en", "/mn/components", "/en/no-such-page", "/", "/robots.txt",
		"/sitemap.xml", "/favicon.ico", asset, "/en/dashboard", "/api/nope"}
	param := regexp.MustCompile(`\{[^}]+\}`)
	for _, rt := range s.Access().Routes() {
		if rt.Method == http.MethodGet {
			p := param.ReplaceAllStringFunc(rt.Pattern, func(m string) string {
				if m == "{form}" {
					return "volunteer"
				}
				return "1"
			})
			paths = append(paths, strings.ReplaceAll(p, "*", "x"))
		}
	}
	for _, p := range paths {
		for _, enc := range []string{"", "gzip, deflate, br"} {
			h := map[string]string{"Accept-Encoding": enc}
			get := apitest.Do(t, ts, "GET", p, "", h)
			head := apitest.Do(t, ts, "HEAD", p, "", h)
			if head.Status != get.Status {
				t.Errorf("HEAD %s = %d, GET = %d", p, head.Status, get.Status)
				continue
			}
			if head.Raw != "" {
				t.Errorf("HEAD %s sent a body", p)
			}
			for _, k := range []string{"Content-Type", "Content-Encoding", "ETag", "Cache-Control", "Location", "Vary"} {
				if head.Header.Get(k) != get.Header.Get(k) {
					t.Errorf("HEAD %s: %s = %q, GET has %q", p, k, head.Header.Get(k), get.Header.Get(k))
				}
			}
			// (net/http writes a redirect's little HTML body for GET only, so its length differs.)
			if cl := get.Header.Get("Content-Length"); cl != "" && (get.Status < 300 || get.Status >= 400) && head.Header.Get("Content-Length") != cl {
				t.Errorf("HEAD %s: Content-Length = %q, GET has %q", p, head.Header.Get("Content-Length"), cl)
			}
		}
	}
}
