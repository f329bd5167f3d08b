package communities

import (
	"context"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/web"
	"gerege/db"
)

// mountPosts declares the posts part's routes: the original product's calls (list, details,
// latest, search) and the author's, the covers, topics and their moderators' settings.
func (h *Handlers) mountPosts(r *authz.Router, reg *authz.Registry) {
	r.Get("/post/list", authz.Public, h.ListPosts, authz.Doc{ID: "listPosts", Query: PostListQuery{}, Resp: PostPage{},
		Summary: "Published posts (or topics) the reader may read, newest first: filters community, forum, tag, language; keyset paging"})
	r.Get("/post/details", authz.Public, h.PostDetails, authz.Doc{ID: "getPost", Query: PostSlugQuery{}, Resp: PostDetail{},
		Summary: "One post or topic (404 unknown, not readable, or hidden from the reader)"})
	r.Get("/post/latest", authz.Public, h.LatestPosts, authz.Doc{ID: "latestPosts", Query: PostLatestQuery{}, Resp: PostPage{},
		Summary: "The latest published posts the reader may read"})
	r.Get("/post/search", authz.Public, h.SearchPosts, authz.Doc{ID: "searchPosts", Query: PostSearchQuery{}, Resp: PostPage{},
		Summary: "Posts and topics by words in the title, tags or body, in Cyrillic or Latin spelling; only what the reader may read"})
	r.Get("/post/covers/{id}", authz.Public, h.ServeCover, authz.Doc{ID: "getPostCover", Produces: "image/jpeg",
		Summary: "One size of a post's cover (cached; only when the reader may read the post)"})

	r.Get("/me/posts", authz.CommunitiesParticipate, h.MyPosts, authz.Doc{ID: "listMyPosts", Query: MyPostsQuery{}, Resp: PostPage{},
		Summary: "The signed-in person's posts and topics in every status, most recently changed first"})
	r.Post("/me/posts", authz.CommunitiesParticipate, h.CreatePost, authz.Doc{ID: "createPost", Req: PostRequest{}, Resp: PostEditor{},
		Status: 201, Summary: "Create a draft post in a community (a member who may take part) or platform-wide (communities.admin)"})
	r.Get("/me/posts/{slug}", authz.CommunitiesParticipate, h.GetMyPost, authz.Doc{ID: "getMyPost", Resp: PostEditor{},
		Summary: "One of the person's posts, to edit"})
	r.Put("/me/posts/{slug}", authz.CommunitiesParticipate, h.UpdatePost, authz.Doc{ID: "updatePost", Req: PostRequest{},
		Resp: PostEditor{}, Summary: "Save a post's text, language and tags (the community stays; the slug stays)"})
	r.Delete("/me/posts/{slug}", authz.CommunitiesParticipate, h.DeletePost, authz.Doc{ID: "deletePost", Status: 204,
		Summary: "Delete one's own draft or scheduled post"})
	r.Post("/me/posts/{slug}/status", authz.CommunitiesParticipate, h.SetPostStatus, authz.Doc{ID: "setPostStatus",
		Req: PostStatusRequest{}, Resp: PostEditor{}, Summary: "Publish now, schedule at a time, or take back to draft"})
	r.Post("/me/posts/{slug}/cover", authz.CommunitiesParticipate, h.UploadCover, authz.Doc{ID: "uploadPostCover",
		Req: CoverUpload{}, Resp: PostEditor{}, Summary: "Set the cover: multipart/form-data with the image in the field cover (JPEG, PNG, WebP, GIF; 5 MB; " +
			"at most 40 megapixels): resized to 1600, 800 and 400 px wide and re-encoded (EXIF and GPS removed)"})
	r.Delete("/me/posts/{slug}/cover", authz.CommunitiesParticipate, h.RemoveCover, authz.Doc{ID: "removePostCover",
		Resp: PostEditor{}, Summary: "Remove the cover"})

	r.Post("/topics", authz.CommunitiesParticipate, h.CreateTopic, authz.Doc{ID: "createTopic", Req: TopicRequest{},
		Resp: PostDetail{}, Status: 201, Summary: "Start a topic in a forum (members who may take part); published at once"})
	r.Put("/topics/{slug}/settings", authz.CommunitiesParticipate, h.SetTopicSettings, authz.Doc{ID: "setTopicSettings",
		Req: TopicSettings{}, Resp: PostDetail{}, Summary: "Slow mode, lock and pin of a topic (the community's moderators)"})

	reg.AddPage(authz.Page{Key: "posts", Path: "/dashboard/post", Perm: authz.CommunitiesParticipate, Order: 17, Sub: true})
}

// postJobs: scheduled posts are published when their time comes.
func (h *Handlers) postJobs() []jobs.Job {
	return []jobs.Job{{Name: "communities.publishScheduled", Every: time.Minute, Run: h.publishDue}}
}

func encodePostCursor(c *db.PostCursor) string {
	if c == nil {
		return ""
	}
	return web.EncodeCursor(c)
}

func decodePostCursor(s string) (*db.PostCursor, error) {
	if s == "" {
		return nil, nil
	}
	var c db.PostCursor
	if web.DecodeCursor(s, &c) != nil || c.ID <= 0 || db.ParseT(c.At).IsZero() {
		return nil, web.BadCursor()
	}
	return &c, nil
}

// publishDue publishes the scheduled posts whose time has come (each in its own
// transaction, with the followers' notification). A post whose author may no longer post
// there goes back to draft.
func (h *Handlers) publishDue(ctx context.Context, now time.Time) error {
	ids, err := h.Store.DuePosts(ctx, now, 200)
	if err != nil {
		return err
	}
	for _, id := range ids {
		err := h.Store.InTx(ctx, func(tx *db.Store) error {
			p, err := tx.PostByID(ctx, id)
			if err != nil {
				return err
			}
			if p.Status != "scheduled" {
				return nil
			}
			author, err := tx.UserByID(ctx, p.AuthorID)
			if err != nil && !db.IsNotFound(err) {
				return err
			}
			if author == nil || !h.mayPostIn(ctx, author, p.CommunityID) {
				return tx.SetPostStatus(ctx, p, []string{"scheduled"}, "draft", time.Time{}, now)
			}
			return h.publish(ctx, tx, p, []string{"scheduled"}, now)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// mayPostIn reports whether u may publish in community id (0: platform-wide: admins only).
func (h *Handlers) mayPostIn(ctx context.Context, u *db.User, id int64) bool {
	a, err := h.access(ctx, u, id)
	if err != nil {
		return false
	}
	if id == 0 {
		return a.PlatformAdmin
	}
	return a.Participate
}

// publish makes p published (from one of from), indexes it and tells the community's
// followers, in tx.
func (h *Handlers) publish(ctx context.Context, tx *db.Store, p *db.Post, from []string, now time.Time) error {
	if err := tx.SetPostStatus(ctx, p, from, "published", time.Time{}, now); err != nil {
		return err
	}
	if p.CommunityID == 0 {
		return nil
	}
	return h.notifyNewPost(ctx, tx, NewPostEvent{PostID: p.ID, CommunityID: p.CommunityID, ForumID: p.ForumID, AuthorID: p.AuthorID,
		Kind: p.Kind, Title: p.Title, Link: postPath(p)})
}
