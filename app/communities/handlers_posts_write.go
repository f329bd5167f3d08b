package communities

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/web"
	"gerege/db"
)

// MyPostsQuery filters the author's own posts.
type MyPostsQuery struct {
	Status string `query:"status" enum:"draft,scheduled,published,hidden,removed"`
	After  string `query:"after"`
}

var postStatuses = []string{"draft", "scheduled", "published", "hidden", "removed"}

// MyPosts is GET /api/me/posts.
func (h *Handlers) MyPosts(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	q := r.URL.Query()
	c := &web.Checker{}
	c.OneOf("status", q.Get("status"), false, postStatuses...)
	if err := c.Err(); err != nil {
		return err
	}
	after, err := decodePostCursor(q.Get("after"))
	if err != nil {
		return err
	}
	list, next, err := h.Store.AuthorPosts(r.Context(), u.ID, q.Get("status"), after, 30)
	if err != nil {
		return err
	}
	items, err := h.pageOf(r.Context(), web.Lang(r), list)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, PostPage{Items: items, Next: encodePostCursor(next)})
	return nil
}

// own finds the signed-in author's post of the path's slug (404 for anyone else's).
func (h *Handlers) own(ctx context.Context, u *db.User, slug string) (*db.Post, error) {
	if slug == "" || len(slug) > 200 {
		return nil, web.NotFound()
	}
	p, err := h.Store.PostBySlug(ctx, slug)
	if db.IsNotFound(err) || err == nil && p.AuthorID != u.ID {
		return nil, web.NotFound()
	}
	return p, err
}

func (h *Handlers) editorOf(ctx context.Context, lang string, u *db.User, p *db.Post) (PostEditor, error) {
	a, err := h.access(ctx, u, p.CommunityID)
	var we *web.Error
	if err != nil && !errors.As(err, &we) {
		return PostEditor{}, err
	}
	d, err := h.postDetailOf(ctx, lang, u, a, p)
	if err != nil {
		return PostEditor{}, err
	}
	return PostEditor{PostDetail: d, Body: p.Body, PublishAt: postTimePtr(p.PublishAt), UpdatedAt: p.UpdatedAt.UTC()}, nil
}

func (h *Handlers) writeEditor(w http.ResponseWriter, r *http.Request, status int, u *db.User, id int64) error {
	p, err := h.Store.PostByID(r.Context(), id)
	if err != nil {
		return err
	}
	e, err := h.editorOf(r.Context(), web.Lang(r), u, p)
	if err != nil {
		return err
	}
	web.JSON(w, status, e)
	return nil
}

// GetMyPost is GET /api/me/posts/{slug}.
func (h *Handlers) GetMyPost(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	p, err := h.own(r.Context(), u, chi.URLParam(r, "slug"))
	if err != nil {
		return err
	}
	return h.writeEditor(w, r, http.StatusOK, u, p.ID)
}

func mayNotPost() *web.Error {
	return &web.Error{Status: http.StatusForbidden, Code: "forbidden", Message: web.M("posts.errors.mayNotPost"),
		Fields: map[string]web.Msg{"community": web.M("posts.errors.mayNotPost")}}
}

// communityOf resolves a community's slug ("" platform-wide: 0) for a writer; unknown is the
// field's message.
func (h *Handlers) communityOf(ctx context.Context, slug string) (int64, error) {
	if slug == "" {
		return 0, nil
	}
	if len(slug) > 200 {
		return 0, web.Invalid(map[string]web.Msg{"community": web.M("posts.errors.community")})
	}
	id, err := h.Store.CommunityIDBySlug(ctx, slug)
	if db.IsNotFound(err) {
		return 0, web.Invalid(map[string]web.Msg{"community": web.M("posts.errors.community")})
	}
	return id, err
}

// CreatePost is POST /api/me/posts: a draft.
func (h *Handlers) CreatePost(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req PostRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	p := &db.Post{Kind: "post", AuthorID: u.ID, Status: "draft"}
	c := &web.Checker{}
	checkPost(c, req, p, false)
	if err := c.Err(); err != nil {
		return err
	}
	cid, err := h.communityOf(r.Context(), req.Community)
	if err != nil {
		return err
	}
	if !h.mayPostIn(r.Context(), u, cid) {
		return mayNotPost()
	}
	p.CommunityID = cid
	if err := h.limit(u, "post"); err != nil {
		return err
	}
	if err := h.insertPost(r.Context(), u, p, time.Time{}); err != nil {
		return err
	}
	return h.writeEditor(w, r, http.StatusCreated, u, p.ID)
}

// insertPost stores p with a fresh slug and its search text (and, for a topic published at
// once, tells the followers), in one transaction; the author gets a handle.
func (h *Handlers) insertPost(ctx context.Context, u *db.User, p *db.Post, publishedAt time.Time) error {
	now := h.Now()
	return h.Store.InTx(ctx, func(tx *db.Store) error {
		if _, err := h.ensureProfile(ctx, tx, u); err != nil {
			return err
		}
		var err error
		for range 3 {
			if p.Slug, err = newSlug(ctx, tx, p.Title); err != nil {
				return err
			}
			if err = tx.InsertPost(ctx, p, now); !errors.Is(err, db.ErrConflict) {
				break
			}
		}
		if err != nil {
			return err
		}
		if err := tx.IndexPost(ctx, p.ID, postSearchText(p)); err != nil {
			return err
		}
		if !publishedAt.IsZero() && p.CommunityID != 0 {
			return h.notifyNewPost(ctx, tx, NewPostEvent{PostID: p.ID, CommunityID: p.CommunityID, ForumID: p.ForumID,
				AuthorID: p.AuthorID, Kind: p.Kind, Title: p.Title, Link: postPath(p)})
		}
		return nil
	})
}

// UpdatePost is PUT /api/me/posts/{slug}.
func (h *Handlers) UpdatePost(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req PostRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	p, err := h.own(r.Context(), u, chi.URLParam(r, "slug"))
	if err != nil {
		return err
	}
	if p.Status == "hidden" || p.Status == "removed" {
		return web.Conflict(web.M("posts.errors.moderated"))
	}
	c := &web.Checker{}
	checkPost(c, req, p, p.Status != "draft")
	if err := c.Err(); err != nil {
		return err
	}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.UpdatePost(r.Context(), p, p.Status == "published", h.Now()); err != nil {
			return err
		}
		return tx.IndexPost(r.Context(), p.ID, postSearchText(p))
	})
	if err != nil {
		return err
	}
	return h.writeEditor(w, r, http.StatusOK, u, p.ID)
}

// SetPostStatus is POST /api/me/posts/{slug}/status.
func (h *Handlers) SetPostStatus(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req PostStatusRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	c.OneOf("status", req.Status, true, "published", "scheduled", "draft")
	now := h.Now()
	var at time.Time
	if req.Status == "scheduled" {
		t, err := time.Parse(time.RFC3339, req.PublishAt)
		switch {
		case req.PublishAt == "":
			c.Add("publishAt", web.M("validation.required"))
		case err != nil:
			c.Add("publishAt", web.M("posts.errors.publishAt"))
		case !t.After(now):
			c.Add("publishAt", web.M("posts.errors.publishAtPast"))
		case t.Sub(now) > ScheduleMax:
			c.Add("publishAt", web.M("posts.errors.publishAtFar"))
		}
		at = t.UTC().Truncate(time.Second)
	}
	if err := c.Err(); err != nil {
		return err
	}
	p, err := h.own(r.Context(), u, chi.URLParam(r, "slug"))
	if err != nil {
		return err
	}
	if p.Kind == "topic" {
		return web.Conflict(web.M("posts.errors.topicStatus"))
	}
	if p.Status == "hidden" || p.Status == "removed" {
		return web.Conflict(web.M("posts.errors.moderated"))
	}
	if req.Status != "draft" {
		if !h.mayPostIn(r.Context(), u, p.CommunityID) {
			return mayNotPost()
		}
		c := &web.Checker{}
		c.Text("body", p.Body, true, PostBodyMax)
		if err := c.Err(); err != nil {
			return err
		}
	}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		switch req.Status {
		case "published":
			if p.Status == "published" {
				return nil
			}
			return h.publish(r.Context(), tx, p, []string{"draft", "scheduled"}, now)
		case "scheduled":
			return tx.SetPostStatus(r.Context(), p, []string{"draft", "scheduled"}, "scheduled", at, now)
		default:
			if p.Status == "draft" {
				return nil
			}
			return tx.SetPostStatus(r.Context(), p, []string{"scheduled", "published"}, "draft", time.Time{}, now)
		}
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("posts.errors.statusChanged"))
	}
	if err != nil {
		return err
	}
	return h.writeEditor(w, r, http.StatusOK, u, p.ID)
}

// DeletePost is DELETE /api/me/posts/{slug}: a draft or scheduled post, with its cover.
func (h *Handlers) DeletePost(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	p, err := h.own(r.Context(), u, chi.URLParam(r, "slug"))
	if err != nil {
		return err
	}
	if !slices.Contains([]string{"draft", "scheduled"}, p.Status) {
		return web.Conflict(web.M("posts.errors.deleteDraftOnly"))
	}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		files, err := tx.CoverFileIDs(r.Context(), []int64{p.ID})
		if err != nil {
			return err
		}
		if err := tx.DeletePost(r.Context(), p); err != nil {
			return err
		}
		return h.Files.Delete(r.Context(), tx, files...)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// CreateTopic is POST /api/topics: a topic in a forum, published at once.
func (h *Handlers) CreateTopic(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req TopicRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	p := &db.Post{Kind: "topic", AuthorID: u.ID, Status: "published"}
	c := &web.Checker{}
	c.Text("community", req.Community, true, 200)
	c.Text("forum", req.Forum, true, 200)
	checkPost(c, PostRequest{Title: req.Title, Body: req.Body, Lang: req.Lang, Tags: req.Tags}, p, true)
	if err := c.Err(); err != nil {
		return err
	}
	f, err := h.Store.ForumBySlugs(r.Context(), req.Community, req.Forum)
	if db.IsNotFound(err) {
		return web.Invalid(map[string]web.Msg{"forum": web.M("posts.errors.forum")})
	}
	if err != nil {
		return err
	}
	a, err := h.access(r.Context(), u, f.CommunityID)
	if err != nil {
		return err
	}
	if !a.Participate {
		return mayNotPost()
	}
	if err := h.limit(u, "post"); err != nil {
		return err
	}
	now := h.Now()
	p.CommunityID, p.ForumID, p.PublishedAt = f.CommunityID, f.ID, now
	if err := h.insertPost(r.Context(), u, p, now); err != nil {
		return err
	}
	p, err = h.Store.PostByID(r.Context(), p.ID)
	if err != nil {
		return err
	}
	d, err := h.postDetailOf(r.Context(), web.Lang(r), u, a, p)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, d)
	return nil
}

// SetTopicSettings is PUT /api/topics/{slug}/settings (the community's moderators).
func (h *Handlers) SetTopicSettings(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req TopicSettings
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	if req.SlowMode < 0 || req.SlowMode > SlowModeMax {
		c.Add("slowMode", web.M("posts.errors.range", "min", 0, "max", SlowModeMax))
	}
	if err := c.Err(); err != nil {
		return err
	}
	p, a, err := h.readable(r.Context(), u, chi.URLParam(r, "slug"))
	if err != nil {
		return err
	}
	if p.Kind != "topic" {
		return web.NotFound()
	}
	if !a.Moderate {
		return web.Forbidden()
	}
	if err := h.Store.SetTopicSettings(r.Context(), p.ID, req.SlowMode, req.Locked, req.Pinned, h.Now()); err != nil {
		return err
	}
	p, err = h.Store.PostByID(r.Context(), p.ID)
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
