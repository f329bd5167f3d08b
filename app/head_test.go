package app

import (
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
	s, ts := newTestServer(t)
	page := do(t, ts, "GET", "/en", "", nil).body
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
			get := do(t, ts, "GET", p, "", h)
			head := do(t, ts, "HEAD", p, "", h)
			if head.status != get.status {
				t.Errorf("HEAD %s = %d, GET = %d", p, head.status, get.status)
				continue
			}
			if head.body != "" {
				t.Errorf("HEAD %s sent a body", p)
			}
			for _, k := range []string{"Content-Type", "Content-Encoding", "ETag", "Cache-Control", "Location", "Vary"} {
				if head.header.Get(k) != get.header.Get(k) {
					t.Errorf("HEAD %s: %s = %q, GET has %q", p, k, head.header.Get(k), get.header.Get(k))
				}
			}
			// (net/http writes a redirect's little HTML body for GET only, so its length differs.)
			if cl := get.header.Get("Content-Length"); cl != "" && (get.status < 300 || get.status >= 400) && head.header.Get("Content-Length") != cl {
				t.Errorf("HEAD %s: Content-Length = %q, GET has %q", p, head.header.Get("Content-Length"), cl)
			}
		}
	}
}
