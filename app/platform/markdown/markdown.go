// Package markdown renders what people write (posting descriptions, posts, comments) from
// Markdown to HTML that is safe to put in a page: goldmark (CommonMark + GFM tables, strike-
// through, autolinks) renders, raw HTML in the source is escaped, and bluemonday's UGC policy
// sanitises the result as a second wall, with every link nofollow and opened safely.
package markdown

import (
	"bytes"
	"html"
	"html/template"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

var (
	once   sync.Once
	md     goldmark.Markdown
	policy *bluemonday.Policy
	strict *bluemonday.Policy
)

func setup() {
	// goldmark escapes raw HTML unless html.WithUnsafe is given: it is not.
	md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify))
	strict = bluemonday.StrictPolicy()
	policy = bluemonday.UGCPolicy()
	policy.RequireNoFollowOnLinks(true)
	policy.RequireNoReferrerOnLinks(true)
	policy.AddTargetBlankToFullyQualifiedLinks(true)
	policy.AllowURLSchemes("http", "https", "mailto")
	policy.AllowImages() // only from allowed schemes; the CSP keeps images to our own origin
}

// HTML renders src to sanitised HTML.
func HTML(src string) template.HTML {
	once.Do(setup)
	var buf bytes.Buffer
	if err := md.Convert([]byte(src), &buf); err != nil {
		// goldmark does not fail on any input; should it, show the text escaped.
		return template.HTML("<p>" + template.HTMLEscapeString(src) + "</p>")
	}
	return template.HTML(policy.SanitizeBytes(buf.Bytes())) //nolint:gosec // sanitised just above
}

// Plain returns the text of src without Markdown syntax, for summaries, search and meta
// descriptions: the rendered HTML with its tags stripped.
func Plain(src string) string {
	once.Do(setup)
	var buf bytes.Buffer
	if err := md.Convert([]byte(src), &buf); err != nil {
		return src
	}
	text := html.UnescapeString(strict.Sanitize(buf.String()))
	return strings.Join(strings.Fields(text), " ")
}

// Excerpt is Plain cut at a word boundary to at most max characters, with "…" when cut.
func Excerpt(src string, max int) string {
	s := []rune(Plain(src))
	if len(s) <= max {
		return string(s)
	}
	cut := string(s[:max])
	if i := strings.LastIndexByte(cut, ' '); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " .,;:") + "…"
}
