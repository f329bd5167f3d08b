package app_test

import (
	"bytes"
	"compress/gzip"
	"html"
	"io"
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/i18n"
)

// On a --demo installation the served HTML itself says so (no JavaScript needed): the notice
// the UI renders, in the page's language, inside the site header, and <html data-demo> so the
// UI's first render has it too and hydrates onto the same markup. Without --demo, nothing.
func TestDemoNoticeIsInTheServedHTML(t *testing.T) {
	t.Parallel()
	_, demo := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	_, plain := apitest.NewServer(t)
	for _, lang := range i18n.Languages {
		label, text := html.EscapeString(i18n.T(lang, "layout.demo.label")), html.EscapeString(i18n.T(lang, "layout.demo.text"))
		for _, path := range []string{"/" + lang, "/" + lang + "/features", "/" + lang + "/auth/login", "/" + lang + "/no-such-page"} {
			r := apitest.Do(t, demo, "GET", path, "", nil)
			header, _, _ := strings.Cut(r.Raw, "</header>")
			_, header, _ = strings.Cut(header, `<header class="site-header">`)
			want := `<div class="demo-notice" role="note" aria-label="` + label + `"><p class="container"><strong>` + label + `</strong> ` + text + `</p></div>`
			if !strings.HasSuffix(header, want) || !strings.Contains(r.Raw, `<html data-demo lang="`+lang+`"`) {
				t.Errorf("%s (%d): no demo notice under the header:\n%.400s", path, r.Status, r.Raw)
			}
			p := apitest.Do(t, plain, "GET", path, "", nil)
			if p.Status != r.Status || strings.Contains(p.Raw, "demo-notice") || strings.Contains(p.Raw, "data-demo") || strings.Contains(p.Raw, text) {
				t.Errorf("%s: without --demo the page must not say demo (%d)", path, p.Status)
			}
			if r.Header.Get("ETag") == p.Header.Get("ETag") {
				t.Errorf("%s: the demo page shares the plain page's ETag", path)
			}
		}
	}
	// Compressed, too (compressed once, on first use).
	r := apitest.Do(t, demo, "GET", "/mn", "", map[string]string{"Accept-Encoding": "gzip"})
	zr, err := gzip.NewReader(bytes.NewReader([]byte(r.Raw)))
	if err != nil || r.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip: %v %v", err, r.Header)
	}
	body, _ := io.ReadAll(zr)
	if !bytes.Contains(body, []byte(html.EscapeString(i18n.T("mn", "layout.demo.text")))) {
		t.Errorf("the gzipped page has no notice")
	}
}
