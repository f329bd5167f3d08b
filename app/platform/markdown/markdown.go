// Package markdown renders what people write (posting descriptions, posts, comments) from
// Markdown to HTML that is safe to put in a page: goldmark (CommonMark + GFM tables, strike-
// through, autolinks) renders, raw HTML in the source is escaped, and bluemonday's UGC policy
// sanitises the result as a second wall, with every link nofollow and opened safely.
package markdown

import (
	"bytes"
	"crypto/sha256"
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

// HTML renders src to sanitised HTML. The same text is rendered once: results are kept in a
// small cache (pages show the same descriptions again and again).
func HTML(src string) template.HTML {
	return template.HTML(renders.get('h', src, func() string { return string(render(src)) })) //nolint:gosec // sanitised by render
}

func render(src string) template.HTML {
	once.Do(setup)
	var buf bytes.Buffer
	if err := md.Convert([]byte(src), &buf); err != nil {
		// goldmark does not fail on any input; should it, show the text escaped.
		return template.HTML("<p>" + template.HTMLEscapeString(src) + "</p>")
	}
	return template.HTML(policy.SanitizeBytes(buf.Bytes())) //nolint:gosec // sanitised just above
}

// Plain returns the text of src without Markdown syntax, for summaries, search and meta
// descriptions: the rendered HTML with its tags stripped. Cached like HTML.
func Plain(src string) string {
	return renders.get('p', src, func() string { return plain(src) })
}

func plain(src string) string {
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

// renders keeps recent results of HTML and Plain, keyed by a hash of the source, within a
// budget of bytes: rendering a description costs tens of microseconds to milliseconds, a
// lookup a hash of the text. When the budget is reached, a quarter of the entries (whichever
// the map yields first) make room.
var renders = &cache{budget: 8 << 20, m: map[[sha256.Size]byte]string{}}

type cache struct {
	mu     sync.Mutex
	budget int // bytes of results kept at most
	size   int
	m      map[[sha256.Size]byte]string
}

// small texts render faster than they hash and store: they are not cached.
const cacheFrom = 64

func (c *cache) get(kind byte, src string, fill func() string) string {
	if len(src) < cacheFrom {
		return fill()
	}
	h := sha256.New()
	h.Write([]byte{kind})
	h.Write([]byte(src))
	var key [sha256.Size]byte
	h.Sum(key[:0])
	c.mu.Lock()
	v, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = fill()
	if len(v) > c.budget/16 {
		return v // one huge text does not push out everything else
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[key]; !ok {
		for k, old := range c.m {
			if c.size+len(v) <= c.budget*3/4 {
				break
			}
			delete(c.m, k)
			c.size -= len(old)
		}
		c.m[key] = v
		c.size += len(v)
	}
	return v
}
