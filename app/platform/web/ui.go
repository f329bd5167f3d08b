package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"

	"gerege/i18n"
)

// UI serves the embedded, prebuilt UI: hashed assets with long caching, and the prerendered
// pages of every known route in each language. Start-up only lists the files; each is read
// (and its ETag computed) on its first request, once, and kept: an idle server holds only
// what was asked for (all of dist in memory was ~9 MB of the idle resident set: a copy on the
// heap and the embedded bytes it was copied from).
type UI struct {
	files   map[string]*file // by path inside dist ("assets/app-X.css", "pages/en/index.html")
	routes  []uiRoute
	favicon string
	base    string // the public URL (no trailing slash)
	// Demo, when set, says whether this is a demo installation: pages then carry the demo
	// notice in their HTML (see withNotice), so it is there without JavaScript.
	Demo func(context.Context) bool
}

type file struct {
	// src and path: where the file is read from on first use (nil src: made in memory).
	src      fs.FS
	path     string
	base     string
	loadOnce sync.Once

	raw, gz, br []byte
	ctype, etag string // etag of raw; the compressed variants add -gz and -br
	// lazy: raw was rewritten at start (the public URL), so the build's compressed siblings
	// do not match it; each variant is compressed on first use, once, and kept.
	lazy           bool
	gzOnce, brOnce sync.Once
	// lang is a page's language ("" for other files); demo is the page with the demo notice,
	// made on first use.
	lang     string
	demoOnce sync.Once
	demo     *file
}

// variant returns the body for encoding enc ("br", "gzip" or "") and its ETag; nil when the
// file has no such variant.
func (f *file) variant(enc string) ([]byte, string) {
	f.ensure()
	switch enc {
	case "br":
		if f.lazy {
			f.brOnce.Do(func() {
				var buf bytes.Buffer
				w := brotli.NewWriterOptions(&buf, brotliOptions(len(f.raw)))
				w.Write(f.raw)
				w.Close()
				f.br = buf.Bytes()
			})
		}
		return f.br, strings.TrimSuffix(f.etag, `"`) + `-br"`
	case "gzip":
		if f.lazy {
			f.gzOnce.Do(func() {
				var buf bytes.Buffer
				w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
				w.Write(f.raw)
				w.Close()
				f.gz = buf.Bytes()
			})
		}
		return f.gz, strings.TrimSuffix(f.etag, `"`) + `-gz"`
	}
	return f.raw, f.etag
}

// ensure reads the file the first time it is needed: its raw bytes (with the public URL written
// in where the build left Origin), the build's compressed siblings when they still match, and
// its ETag.
func (f *file) ensure() *file {
	f.loadOnce.Do(func() {
		if f.src == nil {
			return
		}
		raw, err := fs.ReadFile(f.src, f.path)
		if err != nil {
			raw = nil // listed at start from the same embedded files: cannot happen
		}
		f.raw = raw
		if f.base == Origin || !(strings.HasSuffix(f.path, ".html") || strings.HasSuffix(f.path, ".xml")) || !bytes.Contains(raw, []byte(Origin)) {
			f.gz, _ = fs.ReadFile(f.src, f.path+".gz")
			f.br, _ = fs.ReadFile(f.src, f.path+".br")
		} else {
			f.raw = bytes.ReplaceAll(raw, []byte(Origin), []byte(f.base))
			f.lazy = true
		}
		sum := sha256.Sum256(f.raw)
		f.etag = `"` + hex.EncodeToString(sum[:12]) + `"`
	})
	return f
}

// brotliOptions: the best compression with a window no larger than the file needs. The
// default 4 MB window made the first br request of a page cost ~35 MB of heap (kept as
// resident memory long after); a page is tens of kilobytes.
func brotliOptions(size int) brotli.WriterOptions {
	lg := 16
	for lg < 24 && 1<<lg < size {
		lg++
	}
	return brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: lg}
}

type uiRoute struct {
	segs []string // ":name" matches any one segment
	page string
}

// Manifest is ui/dist/manifest.json, written by the UI build.
type Manifest struct {
	Langs  []string `json:"langs"`
	Routes []struct {
		Path string `json:"path"`
		Page string `json:"page"`
	} `json:"routes"`
}

// Origin is the placeholder the UI build writes where an absolute URL of the site belongs
// (canonical and hreflang links, Open Graph, the sitemap); NewUI replaces it with the
// configured public URL.
const Origin = "https://gerege.invalid"

// NewUI loads the built UI from dist, writing baseURL where the build left Origin.
func NewUI(dist fs.FS, baseURL string) (*UI, error) {
	u := &UI{files: map[string]*file{}, base: strings.TrimSuffix(baseURL, "/")}
	mb, err := fs.ReadFile(dist, "manifest.json")
	if err != nil {
		return nil, fmt.Errorf("ui: %w (run `npm run build`)", err)
	}
	var m Manifest
	if err := json.Unmarshal(mb, &m); err != nil {
		return nil, fmt.Errorf("ui: manifest.json: %w", err)
	}
	// Nothing is read or compressed here: files are read on their first request (file.ensure)
	// and served with the build's .br and .gz siblings; pages the public URL is written into
	// are compressed on their first request, once (file.variant) — start-up used to spend
	// half its CPU recompressing them.
	err = fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".gz") || strings.HasSuffix(p, ".br") {
			return err
		}
		f := &file{src: dist, path: p, base: baseURL, ctype: contentType(p)}
		if rest, ok := strings.CutPrefix(p, "pages/"); ok && strings.HasSuffix(p, ".html") {
			f.lang, _, _ = strings.Cut(rest, "/")
		}
		u.files[p] = f
		if strings.HasPrefix(p, "assets/favicon-") && !strings.HasSuffix(p, ".map") {
			u.favicon = "/" + p
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("ui: %w", err)
	}
	for _, r := range m.Routes {
		u.routes = append(u.routes, uiRoute{segs: split(r.Path), page: r.Page})
		for _, l := range i18n.Languages {
			if u.files["pages/"+l+"/"+r.Page+".html"] == nil {
				return nil, fmt.Errorf("ui: page %s of %s missing for %s", r.Page, r.Path, l)
			}
		}
	}
	for _, status := range []string{"403", "404", "500", "maintenance"} {
		if u.files["pages/en/"+status+".html"] == nil {
			return nil, fmt.Errorf("ui: status page %s missing", status)
		}
	}
	return u, nil
}

func contentType(p string) string {
	switch path.Ext(p) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".json":
		return "application/json"
	case ".xml":
		return "application/xml; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(p)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func split(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// Page returns the page name serving path (without language prefix), or "".
func (u *UI) Page(p string) string {
	segs := split(p)
next:
	for _, r := range u.routes {
		if len(r.segs) != len(segs) {
			continue
		}
		for i, s := range r.segs {
			if !strings.HasPrefix(s, ":") && s != segs[i] {
				continue next
			}
		}
		return r.page
	}
	return ""
}

// Favicon is the hashed favicon's URL path.
func (u *UI) Favicon() string { return u.favicon }

// serve writes f, choosing brotli, then gzip, then identity by Accept-Encoding; each
// encoding has its own ETag, and If-None-Match is compared with the one chosen.
func serve(w http.ResponseWriter, r *http.Request, f *file, status int, cache string) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", cache)
	h.Set("Vary", "Accept-Encoding")
	body, etag := f.variant("")
	ae := r.Header.Get("Accept-Encoding")
	for _, enc := range []string{"br", "gzip"} {
		if !acceptsEncoding(ae, enc) {
			continue
		}
		if b, e := f.variant(enc); b != nil {
			body, etag = b, e
			h.Set("Content-Encoding", enc)
			break
		}
	}
	h.Set("ETag", etag)
	if status == http.StatusOK && etagMatch(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// etagMatch is If-None-Match's weak comparison against etag ("*" matches anything).
func etagMatch(header, etag string) bool {
	for part := range strings.SplitSeq(header, ",") {
		part = strings.TrimPrefix(strings.TrimSpace(part), "W/")
		if part == "*" || part == etag {
			return true
		}
	}
	return false
}

func acceptsEncoding(header, enc string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			v, err := strconv.ParseFloat(q, 64)
			return err == nil && v > 0
		}
		return true
	}
	return false
}

// ServeAsset serves /assets/<name>: hashed names, cached for a year as immutable.
func (u *UI) ServeAsset(w http.ResponseWriter, r *http.Request) {
	f := u.files[strings.TrimPrefix(r.URL.Path, "/")]
	if f == nil || !strings.HasPrefix(r.URL.Path, "/assets/") {
		u.ServeStatus(w, r, http.StatusNotFound)
		return
	}
	serve(w, r, f, http.StatusOK, "public, max-age=31536000, immutable")
}

// ServePage serves a language-prefixed UI path: the route's prerendered page, or the 404
// page with status 404 when no UI route matches.
func (u *UI) ServePage(w http.ResponseWriter, r *http.Request, lang, rest string) {
	page := u.Page(rest)
	if page == "" {
		u.ServeStatus(w, r, http.StatusNotFound)
		return
	}
	serve(w, r, u.withNotice(r, u.files["pages/"+lang+"/"+page+".html"]), http.StatusOK, "no-cache")
}

// withNotice is page f as this installation serves it: on a demo installation, with the demo
// notice the UI shows (ui/src/components/Layout.tsx, DemoNotice) written under the header and
// <html data-demo>, which tells the UI to render the notice from its first render, so the page
// hydrates onto the same markup.
func (u *UI) withNotice(r *http.Request, f *file) *file {
	if u.Demo == nil || f.lang == "" || !u.Demo(r.Context()) {
		return f
	}
	f.demoOnce.Do(func() {
		f.demo = f
		raw, ok := withDemoNotice(f.ensure().raw, f.lang)
		if !ok {
			return
		}
		sum := sha256.Sum256(raw)
		f.demo = &file{raw: raw, ctype: f.ctype, lazy: true, lang: f.lang, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
	})
	return f.demo
}

// withDemoNotice writes the demo notice, in lang, as the last child of the page's site header
// (where the UI renders it) and marks <html data-demo>; false when the page has no site header.
func withDemoNotice(page []byte, lang string) ([]byte, bool) {
	s := string(page)
	open := strings.Index(s, `<header class="site-header">`)
	if open < 0 {
		return nil, false
	}
	end := strings.Index(s[open:], "</header>")
	if end < 0 || strings.Contains(s[open+1:open+end], "<header") {
		return nil, false
	}
	end += open
	htmlTag := strings.Index(s, "<html")
	if htmlTag < 0 || htmlTag > open {
		return nil, false
	}
	label, text := html.EscapeString(i18n.T(lang, "layout.demo.label")), html.EscapeString(i18n.T(lang, "layout.demo.text"))
	notice := `<div class="demo-notice" role="note" aria-label="` + label + `"><p class="container"><strong>` + label +
		`</strong> ` + text + `</p></div>`
	var b strings.Builder
	b.WriteString(s[:htmlTag+len("<html")])
	b.WriteString(" data-demo")
	b.WriteString(s[htmlTag+len("<html") : end])
	b.WriteString(notice)
	b.WriteString(s[end:])
	return []byte(b.String()), true
}

// ServeStatus writes the localized status page for status (403, 404, 500, 503, …).
func (u *UI) ServeStatus(w http.ResponseWriter, r *http.Request, status int) {
	name := fmt.Sprint(status)
	switch {
	case status == http.StatusServiceUnavailable:
		name = "maintenance"
	case status == 401:
		name = "403"
	case status >= 500:
		name = "500"
	case status >= 400 && u.files["pages/en/"+name+".html"] == nil:
		name = "404"
	}
	lang := Lang(r)
	f := u.files["pages/"+lang+"/"+name+".html"]
	if f == nil {
		f = u.files["pages/"+i18n.Default+"/"+name+".html"]
	}
	serve(w, r, u.withNotice(r, f), status, "no-store")
}

// Redirect sends a non-prefixed path to its language-prefixed form, keeping the query.
func (u *UI) Redirect(w http.ResponseWriter, r *http.Request, lang, rest string) {
	target := "/" + lang + strings.TrimRight(rest, "/")
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	w.Header().Set("Vary", "Cookie, Accept-Language")
	http.Redirect(w, r, target, http.StatusFound)
}

// ServeSitemap serves the sitemap the build wrote (404 when it wrote none).
func (u *UI) ServeSitemap(w http.ResponseWriter, r *http.Request) {
	f := u.files["sitemap.xml"]
	if f == nil {
		u.ServeStatus(w, r, http.StatusNotFound)
		return
	}
	serve(w, r, f, http.StatusOK, "public, max-age=3600")
}

// Has reports whether dist holds the file at p (used by tests).
func (u *UI) Has(p string) bool { return u.files[p] != nil }
