package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"gerege/i18n"
)

// Rendered is a page whose content is data (an opportunity, an organisation, later a post):
// the UI's prerendered page for its route is the shell, and the server writes into it what
// crawlers and people without JavaScript need — the real title and description, canonical and
// hreflang links, Open Graph, structured data (JSON-LD), the data the UI starts from (so it
// does not fetch it again), and a read-only rendition of the content.
type Rendered struct {
	Status      int    // 200 when 0
	Title       string // the document title (the " · Gerege" suffix is added)
	Description string
	// Path is the page's path without the language ("/opportunities/it-engineer"): canonical,
	// hreflang and og:url are written for it in every language.
	Path string
	// JSONLD is schema.org structured data (already JSON), nil for none.
	JSONLD []byte
	// Data is what the UI reads instead of fetching (<script type="application/json"
	// id="page-data">), nil for none. It must be JSON.
	Data []byte
	// Body is safe HTML written into the shell's <div data-ssr-slot></div>, which the UI's
	// page keeps as it is when it hydrates (dangerouslySetInnerHTML of the same markup).
	Body string
}

var (
	reTitle     = regexp.MustCompile(`<title>[^<]*</title>`)
	reDesc      = regexp.MustCompile(`<meta name="description" content="[^"]*">`)
	reOGTitle   = regexp.MustCompile(`<meta property="og:title" content="[^"]*">`)
	reOGDesc    = regexp.MustCompile(`<meta property="og:description" content="[^"]*">`)
	reLinks     = regexp.MustCompile(`<link rel="(canonical|alternate)"[^>]*>\n?|<meta property="og:url"[^>]*>\n?`)
	reSlot      = regexp.MustCompile(`<div data-ssr-slot(="")?></div>`)
	scriptClose = strings.NewReplacer("</", `<\/`)
)

// ServeRendered serves rest (a path of lang) with the UI's page for it as the shell and p
// written in. A path no UI route serves is the 404 page.
func (u *UI) ServeRendered(w http.ResponseWriter, r *http.Request, lang, rest string, p Rendered) {
	page := u.Page(rest)
	if page == "" {
		u.ServeStatus(w, r, http.StatusNotFound)
		return
	}
	f := u.withNotice(r, u.files["pages/"+lang+"/"+page+".html"])
	out := renderInto(f.ensure().raw, lang, u.base, p)
	status := p.Status
	if status == 0 {
		status = http.StatusOK
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	if acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		_, _ = zw.Write(out)
		_ = zw.Close()
		out = buf.Bytes()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(out)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(out)
	}
}

// writeXML answers with an XML document (HEAD: its headers, Content-Length included).
func writeXML(w http.ResponseWriter, r *http.Request, doc string) {
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("Content-Length", strconv.Itoa(len(doc)))
	if r.Method != http.MethodHead {
		_, _ = io.WriteString(w, doc)
	}
}

// renderInto writes p into the shell page raw (a page of lang).
func renderInto(raw []byte, lang, base string, p Rendered) []byte {
	s := string(raw)
	title := html.EscapeString(p.Title + " · " + i18n.T(lang, "app.name"))
	desc := html.EscapeString(p.Description)
	s = reTitle.ReplaceAllLiteralString(s, "<title>"+title+"</title>")
	s = reDesc.ReplaceAllLiteralString(s, `<meta name="description" content="`+desc+`">`)
	s = reOGTitle.ReplaceAllLiteralString(s, `<meta property="og:title" content="`+title+`">`)
	s = reOGDesc.ReplaceAllLiteralString(s, `<meta property="og:description" content="`+desc+`">`)
	var head strings.Builder
	if p.Path != "" {
		s = reLinks.ReplaceAllLiteralString(s, "")
		esc := func(l string) string { return html.EscapeString(base + "/" + l + p.Path) }
		head.WriteString(`<link rel="canonical" href="` + esc(lang) + `">` + "\n")
		for _, l := range i18n.Languages {
			head.WriteString(`<link rel="alternate" hreflang="` + l + `" href="` + esc(l) + `">` + "\n")
		}
		head.WriteString(`<link rel="alternate" hreflang="x-default" href="` + esc(i18n.Default) + `">` + "\n")
		head.WriteString(`<meta property="og:url" content="` + esc(lang) + `">` + "\n")
	}
	if len(p.JSONLD) > 0 && json.Valid(p.JSONLD) {
		head.WriteString(`<script type="application/ld+json">` + scriptClose.Replace(string(p.JSONLD)) + "</script>\n")
	}
	if len(p.Data) > 0 && json.Valid(p.Data) {
		head.WriteString(`<script type="application/json" id="page-data">` + scriptClose.Replace(string(p.Data)) + "</script>\n")
	}
	if i := strings.Index(s, "</head>"); i >= 0 && head.Len() > 0 {
		s = s[:i] + head.String() + s[i:]
	}
	if p.Body != "" {
		if loc := reSlot.FindStringIndex(s); loc != nil {
			s = s[:loc[0]] + `<div data-ssr-slot="">` + p.Body + `</div>` + s[loc[1]:]
		}
	}
	return []byte(s)
}

// SitemapURL is one page of a sitemap, in every language.
type SitemapURL struct {
	Path    string // without the language
	LastMod string // YYYY-MM-DD, "" when unknown
}

// ServeSitemapOf serves a sitemap of urls, each in every language with its alternates.
func (u *UI) ServeSitemapOf(w http.ResponseWriter, r *http.Request, urls []SitemapURL) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, su := range urls {
		for _, l := range i18n.Languages {
			b.WriteString("<url><loc>" + html.EscapeString(u.base+"/"+l+su.Path) + "</loc>")
			if su.LastMod != "" {
				b.WriteString("<lastmod>" + html.EscapeString(su.LastMod) + "</lastmod>")
			}
			for _, a := range i18n.Languages {
				b.WriteString(`<xhtml:link rel="alternate" hreflang="` + a + `" href="` + html.EscapeString(u.base+"/"+a+su.Path) + `"/>`)
			}
			b.WriteString("</url>\n")
		}
	}
	b.WriteString("</urlset>\n")
	writeXML(w, r, b.String())
}

// ServeSitemapIndex serves the sitemap index: the build's sitemap of the UI's pages and the
// dynamic ones (paths such as "/sitemap-opportunities.xml").
func (u *UI) ServeSitemapIndex(w http.ResponseWriter, r *http.Request, dynamic []string) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range append([]string{"/sitemap-pages.xml"}, dynamic...) {
		b.WriteString("<sitemap><loc>" + html.EscapeString(u.base+p) + "</loc></sitemap>\n")
	}
	b.WriteString("</sitemapindex>\n")
	writeXML(w, r, b.String())
}
