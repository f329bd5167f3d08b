package web

import (
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestServeRendered(t *testing.T) {
	shell := `<html lang="en"><head><title>Shell · Gerege</title>
<meta name="description" content="shell">
<link rel="canonical" href="https://gerege.invalid/en/opportunities">
<link rel="alternate" hreflang="mn" href="https://gerege.invalid/mn/opportunities">
<meta property="og:url" content="https://gerege.invalid/en/opportunities">
</head><body><main><div data-ssr-slot=""></div></main></body></html>`
	dist := fstest.MapFS{
		"manifest.json":               {Data: []byte(`{"langs":["en","mn"],"routes":[{"path":"/opportunities/:slug","page":"opportunities"}]}`)},
		"pages/en/opportunities.html": {Data: []byte(shell)},
		"pages/en/404.html":           {Data: []byte("not found")},
		"pages/mn/opportunities.html": {Data: []byte(shell)},
	}
	for _, s := range []string{"403", "404", "500", "maintenance"} {
		dist["pages/en/"+s+".html"] = &fstest.MapFile{Data: []byte("x")}
	}
	u, err := NewUI(dist, "https://school.example.mn")
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	u.ServeRendered(rec, httptest.NewRequest("GET", "/en/opportunities/x", nil), "en", "/opportunities/x", Rendered{
		Title: `A <b>&</b>`, Description: `"quoted"`, Path: "/opportunities/x", JSONLD: []byte(`{"a":"</script>"}`),
		Data: []byte(`{"slug":"x"}`), Body: `<h1>Read me</h1>`, Status: 200})
	got := rec.Body.String()
	for _, want := range []string{
		`<title>A &lt;b&gt;&amp;&lt;/b&gt; · Gerege</title>`, `<meta name="description" content="&#34;quoted&#34;">`,
		`<link rel="canonical" href="https://school.example.mn/en/opportunities/x">`,
		`hreflang="mn" href="https://school.example.mn/mn/opportunities/x">`, `hreflang="x-default"`,
		`<meta property="og:url" content="https://school.example.mn/en/opportunities/x">`,
		`<script type="application/ld+json">{"a":"<\/script>"}</script>`,
		`<script type="application/json" id="page-data">{"slug":"x"}</script>`,
		`<div data-ssr-slot=""><h1>Read me</h1></div>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %s in %s", want, got)
		}
	}
	if strings.Count(got, `rel="canonical"`) != 1 || strings.Contains(got, "gerege.invalid") {
		t.Errorf("the shell's links were left: %s", got)
	}
	rec = httptest.NewRecorder()
	u.ServeRendered(rec, httptest.NewRequest("GET", "/en/opportunities/x/y", nil), "en", "/opportunities/x/y", Rendered{Title: "x"})
	if rec.Code != 404 {
		t.Errorf("no UI route: %d", rec.Code)
	}
}
