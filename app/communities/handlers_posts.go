package communities

import (
	"context"
	"net/http"
	"strconv"

	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
)

// PostListQuery filters the published posts; they are the page's URL.
type PostListQuery struct {
	Community string `query:"community" description:"a community's slug"`
	Forum     string `query:"forum" description:"a forum's slug (with community): its topics"`
	Platform  bool   `query:"platform" description:"only the platform-wide posts (/content)"`
	Kind      string `query:"kind" enum:"post,topic" description:"post (default) or topic"`
	Tag       string `query:"tag" maxLength:"40"`
	Lang      string `query:"lang" enum:"en,mn" description:"posts in this language or in both"`
	After     string `query:"after" description:"cursor of the next page"`
	Limit     int    `query:"limit" minimum:"1" maximum:"50"`
}

// PostSlugQuery names one post or topic.
type PostSlugQuery struct {
	Slug string `query:"slug" required:"true"`
}

// PostLatestQuery bounds the latest posts.
type PostLatestQuery struct {
	Limit int `query:"limit" minimum:"1" maximum:"20"`
}

// PostSearchQuery is a search over posts and topics.
type PostSearchQuery struct {
	Q     string `query:"q" maxLength:"200" description:"words, in Cyrillic or Latin"`
	Kind  string `query:"kind" enum:"post,topic" description:"empty: both"`
	After string `query:"after"`
	Limit int    `query:"limit" minimum:"1" maximum:"50"`
}

// viewerID is the signed-in person's id, 0 when signed out.
func viewerID(u *db.User) int64 {
	if u == nil {
		return 0
	}
	return u.ID
}

// queryLimit reads the limit parameter (def when absent); out of 1..max is a field error.
func queryLimit(c *web.Checker, v string, def, max int) int {
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		c.Add("limit", web.M("posts.errors.range", "min", 1, "max", max))
		return def
	}
	return n
}

// ListPosts is GET /api/post/list.
func (h *Handlers) ListPosts(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	q := r.URL.Query()
	c := &web.Checker{}
	f := db.PostFilter{Viewer: viewerID(u), Now: h.Now(), Kind: q.Get("kind"), Lang: q.Get("lang"), Tag: NormalizeTag(q.Get("tag")),
		Platform: q.Get("platform") == "true" || q.Get("platform") == "1"}
	c.OneOf("kind", f.Kind, false, "post", "topic")
	c.OneOf("lang", f.Lang, false, "en", "mn")
	c.Text("tag", f.Tag, false, PostTagMax)
	c.Text("community", q.Get("community"), false, 200)
	c.Text("forum", q.Get("forum"), false, 200)
	f.Limit = queryLimit(c, q.Get("limit"), 20, 50)
	if err := c.Err(); err != nil {
		return err
	}
	if f.Kind == "" {
		f.Kind = "post"
	}
	if slug := q.Get("community"); slug != "" {
		if forum := q.Get("forum"); forum != "" {
			fr, err := h.Store.ForumBySlugs(r.Context(), slug, forum)
			if db.IsNotFound(err) {
				return web.NotFound()
			} else if err != nil {
				return err
			}
			f.CommunityID, f.ForumID = fr.CommunityID, fr.ID
		} else {
			id, err := h.Store.CommunityIDBySlug(r.Context(), slug)
			if db.IsNotFound(err) {
				return web.NotFound()
			} else if err != nil {
				return err
			}
			f.CommunityID = id
		}
		if _, err := h.access(r.Context(), u, f.CommunityID); err != nil {
			return err
		}
	}
	after, err := decodePostCursor(q.Get("after"))
	if err != nil {
		return err
	}
	f.After = after
	return h.writePage(w, r, f)
}

func (h *Handlers) writePage(w http.ResponseWriter, r *http.Request, f db.PostFilter) error {
	list, next, err := h.Store.ListPosts(r.Context(), f)
	if err != nil {
		return err
	}
	out, err := h.pageOf(r.Context(), web.Lang(r), list)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, PostPage{Items: out, Next: encodePostCursor(next)})
	return nil
}

// pageOf turns posts into summaries with their covers.
func (h *Handlers) pageOf(ctx context.Context, lang string, list []*db.Post) ([]PostSummary, error) {
	ids := make([]int64, len(list))
	for i, p := range list {
		ids[i] = p.ID
	}
	covers, err := h.Store.PostCovers(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]PostSummary, len(list))
	for i, p := range list {
		out[i] = summaryOfPost(lang, p, covers[p.ID])
	}
	return out, nil
}

// LatestPosts is GET /api/post/latest.
func (h *Handlers) LatestPosts(w http.ResponseWriter, r *http.Request) error {
	c := &web.Checker{}
	limit := queryLimit(c, r.URL.Query().Get("limit"), 5, 20)
	if err := c.Err(); err != nil {
		return err
	}
	return h.writePage(w, r, db.PostFilter{Viewer: viewerID(h.user(r)), Now: h.Now(), Kind: "post", Limit: limit})
}

// SearchPosts is GET /api/post/search.
func (h *Handlers) SearchPosts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	c := &web.Checker{}
	c.Text("q", q.Get("q"), false, 200)
	c.OneOf("kind", q.Get("kind"), false, "post", "topic")
	limit := queryLimit(c, q.Get("limit"), 20, 50)
	if err := c.Err(); err != nil {
		return err
	}
	after, err := decodePostCursor(q.Get("after"))
	if err != nil {
		return err
	}
	m, ok := search.Match(q.Get("q"))
	if !ok {
		web.JSON(w, http.StatusOK, PostPage{Items: []PostSummary{}})
		return nil
	}
	return h.writePage(w, r, db.PostFilter{Viewer: viewerID(h.user(r)), Now: h.Now(), Kind: q.Get("kind"), Match: m,
		After: after, Limit: limit})
}

// readable finds the post or topic of slug that u may read, with u's access to its
// community; anything else is a 404.
func (h *Handlers) readable(ctx context.Context, u *db.User, slug string) (*db.Post, Access, error) {
	var a Access
	if slug == "" || len(slug) > 200 {
		return nil, a, web.NotFound()
	}
	p, err := h.Store.PostBySlug(ctx, slug)
	if db.IsNotFound(err) {
		return nil, a, web.NotFound()
	}
	if err != nil {
		return nil, a, err
	}
	a, err = h.access(ctx, u, p.CommunityID)
	if err != nil {
		return nil, a, err
	}
	if !mayRead(u, a, p) {
		return nil, a, web.NotFound()
	}
	if u != nil && u.ID != p.AuthorID && !a.Moderate {
		blocked, err := h.Store.BlockedEither(ctx, u.ID, p.AuthorID)
		if err != nil {
			return nil, a, err
		}
		if blocked {
			return nil, a, web.NotFound()
		}
	}
	return p, a, nil
}

// detailOf is the reader's view of p.
func (h *Handlers) postDetailOf(ctx context.Context, lang string, u *db.User, a Access, p *db.Post) (PostDetail, error) {
	covers, err := h.Store.PostCovers(ctx, []int64{p.ID})
	if err != nil {
		return PostDetail{}, err
	}
	d := PostDetail{PostSummary: summaryOfPost(lang, p, covers[p.ID]), BodyHTML: p.BodyHTML,
		SlowMode: p.SlowMode, EditedAt: postTimePtr(p.EditedAt), CanModerate: a.Moderate,
		CanEdit: u != nil && u.ID == p.AuthorID && p.Status != "removed"}
	if p.Status == "hidden" || p.Status == "removed" {
		if d.Reason, err = h.Store.PostModerationReason(ctx, p.ID); err != nil {
			return d, err
		}
	}
	return d, nil
}

// PostDetails is GET /api/post/details?slug=.
func (h *Handlers) PostDetails(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	p, a, err := h.readable(r.Context(), u, r.URL.Query().Get("slug"))
	if err != nil {
		return err
	}
	d, err := h.postDetailOf(r.Context(), web.Lang(r), u, a, p)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, d)
	return nil
}
