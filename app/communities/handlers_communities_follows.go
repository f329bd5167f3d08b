package communities

// Follows (communities, forums, topics) and profiles (handles and bios).

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/web"
	"gerege/db"
)

// followable checks that u may follow the target: something they may read.
func (h *Handlers) followable(ctx context.Context, u *db.User, targetType string, id int64) error {
	var communityID int64
	switch targetType {
	case "community":
		communityID = id
	case "forum":
		f, err := h.Store.ForumByID(ctx, id)
		if db.IsNotFound(err) {
			return web.NotFound()
		}
		if err != nil {
			return err
		}
		communityID = f.CommunityID
	case "topic":
		t, err := h.Store.TopicRefByID(ctx, id)
		if db.IsNotFound(err) {
			return web.NotFound()
		}
		if err != nil {
			return err
		}
		if t.Status != "published" {
			return web.NotFound()
		}
		blocked, err := h.Store.BlockedEither(ctx, u.ID, t.AuthorID)
		if err != nil {
			return err
		}
		if blocked {
			return web.NotFound()
		}
		communityID = t.CommunityID
	default:
		return web.Invalid(map[string]web.Msg{"targetType": web.M("validation.choice")})
	}
	if id <= 0 {
		return web.NotFound()
	}
	a, err := h.access(ctx, u, communityID)
	if err != nil {
		return err
	}
	if !a.Read || (a.Gate != nil && a.Gate.Status != "active") {
		if a.Gate != nil && a.Gate.Status == "active" && a.Gate.Visibility == "members" {
			return &web.Error{Status: 403, Code: "members_only", Message: web.M("communities.errors.membersOnly")}
		}
		return web.NotFound()
	}
	return nil
}

// Follow is PUT /api/me/follows.
func (h *Handlers) Follow(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req FollowRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if req.TargetID <= 0 {
		return web.NotFound()
	}
	ctx := r.Context()
	if err := h.followable(ctx, u, req.TargetType, req.TargetID); err != nil {
		return err
	}
	if err := h.Store.Follow(ctx, u.ID, req.TargetType, req.TargetID, req.Email, h.Now()); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, FollowState{Following: true, Email: req.Email})
	return nil
}

// Unfollow is DELETE /api/me/follows/{type}/{id}.
func (h *Handlers) Unfollow(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	t := chi.URLParam(r, "type")
	if t != "community" && t != "forum" && t != "topic" {
		return web.NotFound()
	}
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	if err := h.Store.Unfollow(r.Context(), u.ID, t, id); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, FollowState{})
	return nil
}

func followViews(lang string, list []db.FollowRow) []FollowView {
	out := make([]FollowView, 0, len(list))
	for _, f := range list {
		v := FollowView{TargetType: f.TargetType, TargetID: f.TargetID, Email: f.Email, Name: commPick(lang, f.NameEn, f.NameMn),
			CreatedAt: f.CreatedAt}
		switch f.TargetType {
		case "community":
			v.Link = "/forums/" + f.CommunitySlug
		case "forum":
			v.Link = "/forums/" + f.CommunitySlug + "/" + f.ForumSlug
		case "topic":
			if f.TopicSlug != "" {
				v.Link = postLink("topic", f.CommunitySlug, f.ForumSlug, f.TopicSlug)
			}
		}
		out = append(out, v)
	}
	return out
}

// MyFollows is GET /api/me/follows.
func (h *Handlers) MyFollows(w http.ResponseWriter, r *http.Request) error {
	list, err := h.Store.FollowsOf(r.Context(), h.user(r).ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, FollowList{Items: followViews(web.Lang(r), list)})
	return nil
}

// profileView is the public profile with the handle as viewer (nil: signed out) sees it;
// people who blocked one another do not find each other (404).
func (h *Handlers) profileView(ctx context.Context, lang string, viewer *db.User, handle string) (*ProfileView, error) {
	p, err := h.Store.ProfileByHandle(ctx, strings.TrimPrefix(handle, "@"))
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	if err != nil {
		return nil, err
	}
	var vid int64
	if viewer != nil {
		vid = viewer.ID
		blocked, err := h.Store.BlockedEither(ctx, vid, p.UserID)
		if err != nil {
			return nil, err
		}
		if blocked {
			return nil, web.NotFound()
		}
	}
	out := &ProfileView{ID: p.UserID, Handle: p.Handle, Name: p.FirstName + " " + p.LastName, Bio: p.Bio, Self: vid == p.UserID,
		Communities: []ProfileCommunity{}, Posts: []ProfilePost{}}
	cs, err := h.Store.ProfileCommunities(ctx, p.UserID, vid)
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		out.Communities = append(out.Communities, ProfileCommunity{Slug: c.Community.Slug,
			Name: commPick(lang, c.Community.NameEn, c.Community.NameMn), Role: c.Role})
	}
	posts, err := h.Store.RecentPostsBy(ctx, p.UserID, vid, 10)
	if err != nil {
		return nil, err
	}
	for _, a := range posts {
		out.Posts = append(out.Posts, ProfilePost{Kind: a.Kind, Title: a.Title, Excerpt: a.Excerpt,
			Link: postLink(a.Kind, a.CommunitySlug, a.ForumSlug, a.Slug), PublishedAt: a.PublishedAt})
	}
	return out, nil
}

// GetProfile is GET /api/profiles/{handle}.
func (h *Handlers) GetProfile(w http.ResponseWriter, r *http.Request) error {
	v, err := h.profileView(r.Context(), web.Lang(r), h.user(r), chi.URLParam(r, "handle"))
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// myProfile gives u a handle if they have none yet, and returns their profile.
func (h *Handlers) myProfile(ctx context.Context, u *db.User) (MyProfile, error) {
	var out MyProfile
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		if _, err := h.ensureProfile(ctx, tx, u); err != nil {
			return err
		}
		p, err := tx.ProfileOf(ctx, u.ID)
		if err != nil {
			return err
		}
		out = MyProfile{Handle: p.Handle, Bio: p.Bio, Name: p.FirstName + " " + p.LastName}
		return nil
	})
	return out, err
}

// GetMyProfile is GET /api/me/profile.
func (h *Handlers) GetMyProfile(w http.ResponseWriter, r *http.Request) error {
	p, err := h.myProfile(r.Context(), h.user(r))
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, p)
	return nil
}

// PutMyProfile is PUT /api/me/profile.
func (h *Handlers) PutMyProfile(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req ProfileRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	ctx := r.Context()
	if _, err := h.myProfile(ctx, u); err != nil {
		return err
	}
	taken := web.Invalid(map[string]web.Msg{"handle": web.M("communities.errors.handleTaken")})
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		cur, err := tx.CommunityHandleOf(ctx, u.ID)
		if err != nil {
			return err
		}
		if !strings.EqualFold(cur, req.Handle) {
			used, err := tx.HandleTaken(ctx, req.Handle)
			if err != nil {
				return err
			}
			if used {
				return taken
			}
		}
		return tx.UpdateCommunityProfile(ctx, u.ID, req.Handle, req.Bio, h.Now())
	})
	if errors.Is(err, db.ErrConflict) {
		return taken
	}
	if err != nil {
		return err
	}
	p, err := h.myProfile(ctx, u)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, p)
	return nil
}
