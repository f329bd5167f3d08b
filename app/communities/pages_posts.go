package communities

import (
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"strings"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// renderPostPage renders /post/{slug} on the server (title, description, Article structured
// data, the cover and the sanitised body; the detail the UI starts from). The lists (/content,
// /post) are the UI's own pages: ok is false for them.
func (h *Handlers) renderPostPage(r *http.Request, lang string, parts []string) (*web.Rendered, bool, error) {
	if len(parts) != 2 || parts[0] != "post" {
		return nil, false, nil
	}
	p, d, err := h.pageDetail(r, lang, parts[1])
	if err == nil && p.Kind != "post" {
		err = web.NotFound()
	}
	if err != nil {
		return h.notReadable(lang, "/post/"+parts[1], err)
	}
	out, err := h.rendered(r.Context(), lang, p, d)
	return out, true, err
}

// renderTopicPage renders /forums/{community}/{forum}/{topic} on the server.
func (h *Handlers) renderTopicPage(r *http.Request, lang string, parts []string) (*web.Rendered, bool, error) {
	if len(parts) != 4 {
		return nil, false, nil
	}
	p, d, err := h.pageDetail(r, lang, parts[3])
	if err == nil && (p.Kind != "topic" || p.CommunitySlug != parts[1] || p.ForumSlug != parts[2]) {
		err = web.NotFound()
	}
	if err != nil {
		return h.notReadable(lang, strings.Join(parts, "/"), err)
	}
	out, err := h.rendered(r.Context(), lang, p, d)
	return out, true, err
}

// notReadable answers a page the public cannot read (unknown, members only, a draft, hidden):
// 404 with the page's shell and nothing of the post, the same for every such slug. Pages are
// rendered without the session, so the app then asks the API with the reader's cookie: a
// member, the author or a moderator sees it there.
func (h *Handlers) notReadable(lang, path string, err error) (*web.Rendered, bool, error) {
	var we *web.Error
	if !errors.As(err, &we) || we.Status != http.StatusNotFound {
		return nil, true, err
	}
	return &web.Rendered{Status: http.StatusNotFound, Title: i18n.T(lang, "posts.read.notFound"), Path: path}, true, nil
}

func (h *Handlers) pageDetail(r *http.Request, lang, slug string) (*db.Post, PostDetail, error) {
	u := h.user(r)
	p, a, err := h.readable(r.Context(), u, slug)
	if err != nil {
		return nil, PostDetail{}, err
	}
	d, err := h.postDetailOf(r.Context(), lang, u, a, p)
	return p, d, err
}

var postBodyTmpl = template.Must(template.New("post").Parse(`<article class="post-page">
{{if .D.Community.Name}}<p class="post-page__place">{{.D.Community.Name}}{{if .D.Community.ForumName}} · {{.D.Community.ForumName}}{{end}}</p>{{end}}
<h1>{{.D.Title}}</h1>
<p class="post-page__meta">{{.D.Author.Name}}{{if .Date}} · <time datetime="{{.DateTime}}">{{.Date}}</time>{{end}}</p>
{{if .D.Cover}}<img class="post-page__cover" src="{{.D.Cover.Src}}" srcset="{{.D.Cover.SrcSet}}" sizes="(max-width: 800px) 100vw, 800px" width="{{.D.Cover.Width}}" height="{{.D.Cover.Height}}" alt="">{{end}}
<div class="post-page__body">{{.Body}}</div>
{{if .D.Tags}}<ul class="post-page__tags">{{range .D.Tags}}<li>#{{.}}</li>{{end}}</ul>{{end}}
</article>`))

// ubLoc is Ulaanbaatar time, in which dates are shown.
var ubLoc = time.FixedZone("ULAT", 8*3600)

// pageComments is how many of a post's newest comments its server-rendered page carries (the
// UI's "load more" pages on from there).
const pageComments = 20

func (h *Handlers) rendered(ctx context.Context, lang string, p *db.Post, d PostDetail) (*web.Rendered, error) {
	data, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	var date, dateTime string
	if d.PublishedAt != nil {
		date, dateTime = d.PublishedAt.In(ubLoc).Format(time.DateOnly), d.PublishedAt.Format(time.RFC3339)
	}
	var b strings.Builder
	err = postBodyTmpl.Execute(&b, map[string]any{"D": d, "Date": date, "DateTime": dateTime,
		"Body": template.HTML(d.BodyHTML)}) //nolint:gosec // sanitised by markdown.HTML when saved
	if err != nil {
		return nil, err
	}
	// The newest comments as a signed-out visitor sees them, for crawlers and readers without
	// JavaScript (the page is rendered without the session; the UI's comments take over).
	if d.Status == "published" && p.CommentCount > 0 {
		comments, err := h.CommentsHTML(ctx, p.ID, lang, pageComments)
		if err != nil {
			return nil, err
		}
		b.WriteString(comments)
	}
	typ := "Article"
	if p.Kind == "topic" {
		typ = "DiscussionForumPosting"
	}
	ld := map[string]any{"@context": "https://schema.org", "@type": typ, "headline": d.Title, "description": d.Excerpt,
		"author": map[string]any{"@type": "Person", "name": d.Author.Name}, "url": d.Path,
		"inLanguage": map[string]any{"en": "en", "mn": "mn", "both": []string{"en", "mn"}}[p.Lang]}
	if d.PublishedAt != nil {
		ld["datePublished"] = dateTime
		ld["dateModified"] = p.UpdatedAt.UTC().Format(time.RFC3339)
	}
	if d.Cover != nil {
		ld["image"] = d.Cover.Src
	}
	if p.Kind == "topic" {
		ld["commentCount"] = p.CommentCount
	}
	jsonld, err := json.Marshal(ld)
	if err != nil {
		return nil, err
	}
	title := d.Title
	if d.Status != "published" {
		title += " · " + i18n.T(lang, "posts.dashboard.statuses."+d.Status)
	}
	return &web.Rendered{Title: title, Description: d.Excerpt, Path: d.Path, JSONLD: jsonld, Data: data, Body: b.String()}, nil
}

// postSitemap lists the public published posts and topics (platform-wide, or in public
// communities), newest first.
func (h *Handlers) postSitemap(ctx context.Context) ([]web.SitemapURL, error) {
	list, err := h.Store.SitemapPosts(ctx, 25000)
	if err != nil {
		return nil, err
	}
	out := make([]web.SitemapURL, 0, len(list))
	for _, p := range list {
		out = append(out, web.SitemapURL{Path: postPath(p), LastMod: p.UpdatedAt.UTC().Format(time.DateOnly)})
	}
	return out, nil
}
