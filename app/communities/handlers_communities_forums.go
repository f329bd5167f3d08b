package communities

// Forums: their admins create, edit, order and delete them; anyone who may read the community
// reads a forum's topics.

import (
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
)

const topicPage = 20

// reservedForumSlugs are path segments of the API below a community's forums (and "events",
// the events' pages: /forums/{community}/events/{id}).
var reservedForumSlugs = []string{"order", "new", "events"}

// forumOf is the path's {forum} in community c.
func (h *Handlers) forumOf(r *http.Request, c *db.Community) (*db.Forum, error) {
	f, err := h.Store.ForumBySlug(r.Context(), c.ID, chi.URLParam(r, "forum"))
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	return f, err
}

// CreateForum is POST /api/communities/{slug}/forums.
func (h *Handlers) CreateForum(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, _, err := h.adminOf(r, u)
	if err != nil {
		return err
	}
	var req ForumRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	ctx := r.Context()
	var f *db.Forum
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		forums, err := tx.ForumsOf(ctx, c.ID)
		if err != nil {
			return err
		}
		if len(forums) >= maxForums {
			return &web.Error{Status: 409, Code: "too_many_forums", Message: web.M("communities.errors.tooManyForums", "max", maxForums)}
		}
		base := search.Slug(req.NameEn)
		if base == "" {
			base = search.Slug(req.NameMn)
		}
		if base == "" || slices.Contains(reservedForumSlugs, base) {
			base = "forum-" + base
		}
		slug, err := search.UniqueSlug(base, func(s string) (bool, error) { return tx.ForumSlugTaken(ctx, c.ID, s) })
		if err != nil {
			return err
		}
		f = &db.Forum{CommunityID: c.ID, Slug: slug, NameEn: req.NameEn, NameMn: req.NameMn,
			DescriptionEn: req.DescriptionEn, DescriptionMn: req.DescriptionMn}
		f.ID, err = tx.CreateForum(ctx, f, h.Now())
		if err != nil {
			return err
		}
		f, err = tx.ForumByID(ctx, f.ID)
		return err
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, forumViewOf(web.Lang(r), f))
	return nil
}

// UpdateForum is PUT /api/communities/{slug}/forums/{forum}.
func (h *Handlers) UpdateForum(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, _, err := h.adminOf(r, u)
	if err != nil {
		return err
	}
	f, err := h.forumOf(r, c)
	if err != nil {
		return err
	}
	var req ForumRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	f.NameEn, f.NameMn, f.DescriptionEn, f.DescriptionMn = req.NameEn, req.NameMn, req.DescriptionEn, req.DescriptionMn
	if err := h.Store.UpdateForum(r.Context(), f); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, forumViewOf(web.Lang(r), f))
	return nil
}

// DeleteForum is DELETE /api/communities/{slug}/forums/{forum}.
func (h *Handlers) DeleteForum(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, _, err := h.adminOf(r, u)
	if err != nil {
		return err
	}
	f, err := h.forumOf(r, c)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if err := h.Store.InTx(ctx, func(tx *db.Store) error { return tx.DeleteForum(ctx, f.ID) }); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ReorderForums is PUT /api/communities/{slug}/forums/order.
func (h *Handlers) ReorderForums(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, _, err := h.adminOf(r, u)
	if err != nil {
		return err
	}
	var req ForumOrder
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	ctx := r.Context()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		forums, err := tx.ForumsOf(ctx, c.ID)
		if err != nil {
			return err
		}
		have := make([]int64, len(forums))
		for i, f := range forums {
			have[i] = f.ID
		}
		got := slices.Clone(req.ForumIDs)
		slices.Sort(have)
		slices.Sort(got)
		if !slices.Equal(have, got) {
			return web.Invalid(map[string]web.Msg{"forumIds": web.M("communities.errors.forumOrder")})
		}
		for i, id := range req.ForumIDs {
			if err := tx.SetForumPosition(ctx, id, i+1); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.detailOf(w, r, u, c.ID, http.StatusOK)
}

// GetForum is GET /api/communities/{slug}/forums/{forum}.
func (h *Handlers) GetForum(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	page, err := h.forumPage(r, web.Lang(r), u, chi.URLParam(r, "slug"), chi.URLParam(r, "forum"), r.URL.Query().Get("after"))
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, page)
	return nil
}

// forumPage is a forum with a page of its topics, for u. Members-only communities answer
// 403 to people who may not read them: nothing of their forums or topics.
func (h *Handlers) forumPage(r *http.Request, lang string, u *db.User, slug, forum, after string) (*ForumPage, error) {
	ctx := r.Context()
	c, err := h.Store.CommunityBySlug(ctx, slug)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	if err != nil {
		return nil, err
	}
	a, err := h.access(ctx, u, c.ID)
	if err != nil {
		return nil, err
	}
	if c.Status != "active" && !a.Read {
		return nil, web.NotFound()
	}
	if !a.Read {
		return nil, &web.Error{Status: 403, Code: "members_only", Message: web.M("communities.errors.membersOnly")}
	}
	f, err := h.Store.ForumBySlug(ctx, c.ID, forum)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	if err != nil {
		return nil, err
	}
	var cur *db.TopicCursor
	if after != "" {
		cur = &db.TopicCursor{}
		if err := web.DecodeCursor(after, cur); err != nil {
			return nil, err
		}
	}
	var viewer int64
	if u != nil {
		viewer = u.ID
	}
	topics, next, err := h.Store.ForumTopics(ctx, f.ID, viewer, cur, topicPage)
	if err != nil {
		return nil, err
	}
	out := &ForumPage{Community: summaryOfCommunity(lang, c, a.Member), Forum: forumViewOf(lang, f),
		Topics: make([]TopicView, 0, len(topics)), Can: h.can(u, c, a)}
	for _, t := range topics {
		out.Topics = append(out.Topics, topicViewOf(c.Slug, f.Slug, t))
	}
	if next != nil {
		out.Next = web.EncodeCursor(next)
	}
	if u != nil {
		out.Forum.Follow.Following, out.Forum.Follow.Email, err = h.Store.FollowOf(ctx, u.ID, "forum", f.ID)
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
