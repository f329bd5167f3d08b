package opportunities_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// TestServerRenderedPage: a posting's page carries its title, description, canonical and
// hreflang links, JobPosting data and the detail the UI starts from, without JavaScript.
func TestServerRenderedPage(t *testing.T) {
	t.Parallel()
	w := setup(t)
	p := posting("Engineer </script><script>alert(1)</script>")
	id, slug := w.publish(t, p)
	get := func(path string) apitest.Reply { return apitest.Do(t, w.ts, "GET", path, "", nil) }

	en := get("/en/opportunities/" + slug)
	apitest.MustStatus(t, en, 200)
	for _, want := range []string{
		"<title>Engineer &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Gerege</title>",
		`/en/opportunities/` + slug + `">`,
		`hreflang="mn" href="`, `/mn/opportunities/` + slug,
		`<script type="application/ld+json">`, `"@type":"JobPosting"`, `"validThrough":"2026-12-31T23:59:59+08:00"`,
		`"baseSalary":{"@type":"MonetaryAmount","currency":"MNT"`,
		`<script type="application/json" id="page-data">`,
	} {
		if !strings.Contains(en.Raw, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if !regexp.MustCompile(`<link rel="canonical" href="https?://[^"]+/en/opportunities/` + slug + `">`).MatchString(en.Raw) {
		t.Errorf("canonical link")
	}
	if strings.Contains(en.Raw, "<script>alert(1)") || strings.Count(en.Raw, "</script>") != strings.Count(en.Raw, "<script") {
		t.Errorf("the title broke out of its element")
	}
	m := regexp.MustCompile(`<script type="application/json" id="page-data">(.*?)</script>`).FindStringSubmatch(en.Raw)
	var data struct{ Slug, Title string }
	if m == nil || json.Unmarshal([]byte(strings.ReplaceAll(m[1], `<\/`, `</`)), &data) != nil || data.Slug != slug {
		t.Errorf("page data: %v", m)
	}
	mn := get("/mn/opportunities/" + slug)
	if !strings.Contains(mn.Raw, "<title>Мэдээллийн технологийн инженер · Gerege</title>") || !strings.Contains(mn.Raw, `<html lang="mn"`) {
		t.Errorf("the Mongolian page: %.600s", mn.Raw)
	}
	// The sitemap index names the postings' sitemap, which lists them in both languages.
	if idx := get("/sitemap.xml"); !strings.Contains(idx.Raw, "/sitemap-opportunities.xml") || !strings.Contains(idx.Raw, "/sitemap-pages.xml") {
		t.Errorf("sitemap index: %s", idx.Raw)
	}
	sm := get("/sitemap-opportunities.xml")
	if !strings.Contains(sm.Raw, "/en/opportunities/"+slug+"</loc>") || !strings.Contains(sm.Raw, "/mn/opportunities/"+slug+"</loc>") {
		t.Errorf("sitemap: %s", sm.Raw)
	}
	apitest.MustStatus(t, get("/sitemap-nope.xml"), 404)

	// Closed: still readable, marked, no JobPosting, not in the sitemap; archived: 410.
	apitest.MustStatus(t, call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "closed"}), 200)
	closed := get("/en/opportunities/" + slug)
	if closed.Status != 200 || strings.Contains(closed.Raw, "JobPosting") || !strings.Contains(closed.Raw, `"open":false`) {
		t.Errorf("closed: %d", closed.Status)
	}
	if sm := get("/sitemap-opportunities.xml"); strings.Contains(sm.Raw, slug) {
		t.Errorf("a closed posting is in the sitemap")
	}
	apitest.MustStatus(t, call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "archived"}), 200)
	apitest.MustStatus(t, get("/en/opportunities/"+slug), 410)
	apitest.MustStatus(t, get("/en/opportunities/no-such-posting"), 404)
	// A draft is nobody's business.
	d := call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities", map[string]any{"kind": "job", "titleEn": "Secret draft"})
	apitest.MustStatus(t, get("/en/opportunities/"+d.Str("slug")), 404)
	if r := get("/en/opportunities/" + fmt.Sprint(d.Str("slug"))); strings.Contains(r.Raw, "Secret draft") {
		t.Errorf("a draft's title was shown")
	}
}
