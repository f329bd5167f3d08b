package communities

// Comments on posts and replies in topics: one API for both (a topic's replies are its
// comments), one level of replies, keyset paging on the id, edit and delete own, @mentions.

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authz"
	"gerege/app/platform/markdown"
	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

func (h *Handlers) mountComments(r *authz.Router, reg *authz.Registry) {
	r.Get("/comments", authz.Public, h.ListComments, authz.Doc{ID: "listComments", Query: CommentsQuery{}, Resp: CommentPage{},
		Summary: "A post's or topic's top-level comments, latest or oldest first, keyset paging on the id (after = next of the previous page)"})
	r.Get("/comments/{id}/replies", authz.Public, h.ListReplies, authz.Doc{ID: "listReplies", Query: RepliesQuery{}, Resp: CommentPage{},
		Summary: "A comment's replies, oldest first, keyset paging"})
	r.Post("/comments", authz.CommunitiesParticipate, h.CreateComment, authz.Doc{ID: "createComment", Req: CommentRequest{},
		Resp: CommentView{}, Status: 201,
		Summary: "Comment on a post, reply in a topic, or reply to a top-level comment (parentId); Markdown-lite, @handle mentions notify"})
	r.Put("/comments/{id}", authz.CommunitiesParticipate, h.EditComment, authz.Doc{ID: "editComment", Req: CommentEdit{},
		Resp: CommentView{}, Summary: "Edit one's own comment (shown as edited)"})
	r.Delete("/comments/{id}", authz.CommunitiesParticipate, h.DeleteComment, authz.Doc{ID: "deleteComment", Status: 204,
		Summary: "Delete one's own comment (its text goes; a placeholder stays while it has replies)"})
}

// CommentsQuery is listComments' query.
type CommentsQuery struct {
	PostID int64  `query:"postId" description:"the post or topic"`
	Sort   string `query:"sort" enum:"latest,oldest" description:"latest (default) or oldest first"`
	After  string `query:"after" description:"the next of the previous page"`
	Limit  int    `query:"limit" description:"1-50, default 20"`
}

// RepliesQuery is listReplies' query.
type RepliesQuery struct {
	After string `query:"after"`
	Limit int    `query:"limit"`
}

// CommentRequest is createComment's body.
type CommentRequest struct {
	PostID   int64  `json:"postId"`
	ParentID int64  `json:"parentId,omitempty" description:"reply to this top-level comment"`
	Body     string `json:"body" maxLength:"5000" description:"Markdown-lite"`
}

// CommentEdit is editComment's body.
type CommentEdit struct {
	Body string `json:"body" maxLength:"5000"`
}

// discussionPost loads a post or topic and what u may do there. What u may not read is 404:
// unknown posts, posts of communities u cannot read (members-only), and posts not published
// unless u wrote them or moderates there.
func (h *Handlers) discussionPost(ctx context.Context, u *db.User, postID int64) (*db.DiscussionPost, Access, error) {
	p, err := h.Store.DiscussionPostOf(ctx, postID)
	if db.IsNotFound(err) {
		return nil, Access{}, web.NotFound()
	}
	if err != nil {
		return nil, Access{}, err
	}
	a, err := h.postAccess(ctx, u, p)
	return p, a, err
}

// postAccess is what u may do in p's community; 404 when u may not read p.
func (h *Handlers) postAccess(ctx context.Context, u *db.User, p *db.DiscussionPost) (Access, error) {
	a, err := h.access(ctx, u, p.CommunityID)
	if err != nil {
		return a, err
	}
	if !a.Read {
		return a, web.NotFound()
	}
	if p.Status != "published" {
		mine := u != nil && u.ID == p.AuthorID
		if !(mine || a.Moderate && p.Status != "draft") {
			return a, web.NotFound()
		}
	}
	return a, nil
}

func discViewer(u *db.User) int64 {
	if u == nil {
		return 0
	}
	return u.ID
}

// ListComments is GET /api/comments.
func (h *Handlers) ListComments(w http.ResponseWriter, r *http.Request) error {
	postID, err := discQueryID(r, "postId")
	if err != nil {
		return err
	}
	sort := r.URL.Query().Get("sort")
	if sort == "" {
		sort = "latest"
	}
	if sort != "latest" && sort != "oldest" {
		return web.Invalid(map[string]web.Msg{"sort": web.M("validation.choice")})
	}
	after, limit, err := commentPageParams(r)
	if err != nil {
		return err
	}
	u := h.user(r)
	p, a, err := h.discussionPost(r.Context(), u, postID)
	if err != nil {
		return err
	}
	out, err := h.commentPage(r, u, a, db.CommentQuery{PostID: p.ID, After: after, Desc: sort == "latest", Limit: limit})
	if err != nil {
		return err
	}
	out.Total, out.Locked, out.SlowMode = p.CommentCount, p.Locked, p.SlowMode
	out.CanComment = a.Participate && p.Status == "published" && !p.Locked
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) commentPage(r *http.Request, u *db.User, a Access, q db.CommentQuery) (CommentPage, error) {
	q.Viewer = discViewer(u)
	q.Limit++
	list, err := h.Store.Comments(r.Context(), q)
	if err != nil {
		return CommentPage{}, err
	}
	out := CommentPage{Items: []CommentView{}, CanModerate: a.Moderate}
	if len(list) == q.Limit {
		list = list[:q.Limit-1]
		out.Next = strconv.FormatInt(list[len(list)-1].ID, 10)
	}
	lang := web.Lang(r)
	for _, c := range list {
		out.Items = append(out.Items, commentView(c, lang, q.Viewer, a.Moderate, a.Participate))
	}
	return out, nil
}

// ListReplies is GET /api/comments/{id}/replies.
func (h *Handlers) ListReplies(w http.ResponseWriter, r *http.Request) error {
	id, err := discPathID(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	after, limit, err := commentPageParams(r)
	if err != nil {
		return err
	}
	u := h.user(r)
	parent, p, a, err := h.readableComment(r.Context(), u, id)
	if err != nil {
		return err
	}
	out, err := h.commentPage(r, u, a, db.CommentQuery{PostID: parent.PostID, ParentID: parent.ID, After: after, Limit: limit})
	if err != nil {
		return err
	}
	out.Total, out.Locked, out.SlowMode = parent.ReplyCount, p.Locked, p.SlowMode
	out.CanComment = a.Participate && p.Status == "published" && !p.Locked && parent.Status == "visible"
	web.JSON(w, http.StatusOK, out)
	return nil
}

// readableComment loads a comment u may see: its post readable, its author not blocked or
// muted either way.
func (h *Handlers) readableComment(ctx context.Context, u *db.User, id int64) (*db.Comment, *db.DiscussionPost, Access, error) {
	c, err := h.Store.CommentByID(ctx, id)
	if db.IsNotFound(err) {
		return nil, nil, Access{}, web.NotFound()
	}
	if err != nil {
		return nil, nil, Access{}, err
	}
	p, a, err := h.discussionPost(ctx, u, c.PostID)
	if err != nil {
		return nil, nil, a, err
	}
	if u != nil && c.AuthorID != u.ID {
		blocked, err := h.Store.BlockedEither(ctx, u.ID, c.AuthorID)
		if err != nil {
			return nil, nil, a, err
		}
		if blocked {
			return nil, nil, a, web.NotFound()
		}
	}
	return c, p, a, nil
}

// discParticipate refuses people who may read but not take part (not a member, suspended).
func discParticipate(a Access) error {
	if !a.Participate {
		return &web.Error{Status: 403, Code: "not_member", Message: web.M("discussion.errors.join")}
	}
	return nil
}

// mentionable resolves the handles body mentions to the people who may be mentioned by
// author: not the author, not blocked either way, and able to read the community.
func (h *Handlers) mentionable(ctx context.Context, author int64, communityID int64, members bool, body string) (map[string]int64, error) {
	handles := mentionsIn(body)
	if len(handles) > maxMentions {
		handles = handles[:maxMentions]
	}
	found, err := h.Store.UsersByHandles(ctx, handles)
	if err != nil {
		return nil, err
	}
	for hd, uid := range found {
		blocked, err := h.Store.BlockedEither(ctx, author, uid)
		if err != nil {
			return nil, err
		}
		ok := uid != author && !blocked
		if ok && members {
			m, err := h.Store.CommunityMemberOf(ctx, communityID, uid)
			if err != nil && !db.IsNotFound(err) {
				return nil, err
			}
			ok = m.Active(h.Now())
		}
		if !ok {
			delete(found, hd)
		}
	}
	return found, nil
}

// render turns a comment's Markdown into sanitised HTML with its mentions linked.
func renderComment(body string, mentions map[string]int64) string {
	allowed := make(map[string]bool, len(mentions))
	for hd := range mentions {
		allowed[hd] = true
	}
	return string(markdown.HTML(linkMentions(body, allowed)))
}

// CreateComment is POST /api/comments.
func (h *Handlers) CreateComment(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req CommentRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Body = strings.TrimSpace(req.Body)
	c := &web.Checker{}
	checkCommentBody(c, req.Body)
	if req.PostID <= 0 {
		c.Add("postId", web.M("validation.required"))
	}
	if req.ParentID < 0 {
		c.Add("parentId", web.M("discussion.errors.badId"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	ctx := r.Context()
	p, a, err := h.discussionPost(ctx, u, req.PostID)
	if err != nil {
		return err
	}
	if err := discParticipate(a); err != nil {
		return err
	}
	if p.Status != "published" {
		return &web.Error{Status: 409, Code: "not_published", Message: web.M("discussion.errors.notPublished")}
	}
	if p.Locked {
		return &web.Error{Status: 409, Code: "locked", Message: web.M("discussion.errors.locked")}
	}
	var parent *db.Comment
	if req.ParentID != 0 {
		parent, err = h.Store.CommentByID(ctx, req.ParentID)
		if db.IsNotFound(err) || err == nil && parent.PostID != p.ID {
			return web.Invalid(map[string]web.Msg{"parentId": web.M("discussion.errors.parentUnknown")})
		}
		if err != nil {
			return err
		}
		if parent.ParentID != 0 {
			return web.Invalid(map[string]web.Msg{"parentId": web.M("discussion.errors.replyDepth")})
		}
		if parent.Status != "visible" {
			return web.Invalid(map[string]web.Msg{"parentId": web.M("discussion.errors.parentGone")})
		}
		// Nobody replies to a person they blocked or who blocked them (who cannot see it anyway).
		if blocked, err := h.Store.BlockedEither(ctx, u.ID, parent.AuthorID); err != nil {
			return err
		} else if blocked {
			return web.Invalid(map[string]web.Msg{"parentId": web.M("discussion.errors.parentUnknown")})
		}
	}
	if err := h.limit(u, "comment"); err != nil {
		return err
	}
	now := h.Now()
	if p.SlowMode > 0 && !a.Moderate {
		last, err := h.Store.LastCommentAt(ctx, p.ID, u.ID)
		if err != nil {
			return err
		}
		if wait := last.Add(time.Duration(p.SlowMode) * time.Minute).Sub(now); !last.IsZero() && wait > 0 {
			mins := int(math.Ceil(wait.Minutes()))
			return &web.Error{Status: 429, Code: "slow_mode", RetryAfter: int(math.Ceil(wait.Seconds())),
				Message: web.M("discussion.errors.slowMode", "minutes", mins, "every", p.SlowMode)}
		}
	}
	mentions, err := h.mentionable(ctx, u.ID, p.CommunityID, a.Gate != nil && a.Gate.Visibility == "members", req.Body)
	if err != nil {
		return err
	}
	html := renderComment(req.Body, mentions)
	var id int64
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if _, err := h.ensureProfile(ctx, tx, u); err != nil {
			return err
		}
		id, err = tx.InsertComment(ctx, db.Comment{PostID: p.ID, ParentID: req.ParentID, AuthorID: u.ID, Body: req.Body, BodyHTML: html}, now)
		if err != nil {
			return err
		}
		link := p.Link() + "#comment-" + strconv.FormatInt(id, 10)
		if err := h.notifyMentions(ctx, tx, id, u, p, link, mentions, now); err != nil {
			return err
		}
		if parent != nil && parent.AuthorID != u.ID && parent.AuthorID != 0 {
			if err := notify.Send(ctx, tx, notify.Notification{UserID: parent.AuthorID, Kind: Replied.Name, At: now, Link: link,
				Params: map[string]string{"name.en": i18n.FullName("en", u.FirstName, u.LastName),
					"name.mn": i18n.FullName("mn", u.FirstName, u.LastName), "title": p.Title}}); err != nil {
				return err
			}
		}
		return h.notifyTopicReply(ctx, tx, TopicReplyEvent{PostID: p.ID, CommentID: id, AuthorID: u.ID, Title: p.Title, Link: link})
	})
	if err != nil {
		return err
	}
	return h.writeComment(w, r, u, a, id, http.StatusCreated)
}

// notifyMentions records the comment's mentions and notifies the people newly mentioned.
func (h *Handlers) notifyMentions(ctx context.Context, tx *db.Store, commentID int64, u *db.User, p *db.DiscussionPost,
	link string, mentions map[string]int64, now time.Time) error {
	ids := make([]int64, 0, len(mentions))
	for _, id := range mentions {
		ids = append(ids, id)
	}
	fresh, err := tx.SetMentions(ctx, commentID, ids)
	if err != nil {
		return err
	}
	for _, uid := range fresh {
		if err := notify.Send(ctx, tx, notify.Notification{UserID: uid, Kind: Mentioned.Name, At: now, Link: link,
			Params: map[string]string{"name.en": i18n.FullName("en", u.FirstName, u.LastName),
				"name.mn": i18n.FullName("mn", u.FirstName, u.LastName), "title": p.Title}}); err != nil {
			return err
		}
	}
	return nil
}

func (h *Handlers) writeComment(w http.ResponseWriter, r *http.Request, u *db.User, a Access, id int64, status int) error {
	c, err := h.Store.CommentByID(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, status, commentView(*c, web.Lang(r), u.ID, a.Moderate, a.Participate))
	return nil
}

// ownComment loads a comment u wrote and may still change.
func (h *Handlers) ownComment(r *http.Request, u *db.User) (*db.Comment, *db.DiscussionPost, Access, error) {
	id, err := discPathID(r, chi.URLParam(r, "id"))
	if err != nil {
		return nil, nil, Access{}, err
	}
	c, p, a, err := h.readableComment(r.Context(), u, id)
	if err != nil {
		return nil, nil, a, err
	}
	if c.Status == "deleted" {
		return nil, nil, a, web.NotFound()
	}
	if c.AuthorID != u.ID {
		return nil, nil, a, &web.Error{Status: 403, Code: "not_yours", Message: web.M("discussion.errors.notYours")}
	}
	if err := discParticipate(a); err != nil { // suspended or banned: no changes either
		return nil, nil, a, err
	}
	return c, p, a, nil
}

// EditComment is PUT /api/comments/{id}.
func (h *Handlers) EditComment(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req CommentEdit
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Body = strings.TrimSpace(req.Body)
	ch := &web.Checker{}
	checkCommentBody(ch, req.Body)
	if err := ch.Err(); err != nil {
		return err
	}
	c, p, a, err := h.ownComment(r, u)
	if err != nil {
		return err
	}
	if c.Status != "visible" {
		return &web.Error{Status: 409, Code: "moderated", Message: web.M("discussion.errors.moderated")}
	}
	ctx := r.Context()
	mentions, err := h.mentionable(ctx, u.ID, p.CommunityID, a.Gate != nil && a.Gate.Visibility == "members", req.Body)
	if err != nil {
		return err
	}
	html := renderComment(req.Body, mentions)
	now := h.Now()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := tx.EditComment(ctx, c.ID, req.Body, html, now); err != nil {
			return err
		}
		return h.notifyMentions(ctx, tx, c.ID, u, p, p.Link()+"#comment-"+strconv.FormatInt(c.ID, 10), mentions, now)
	})
	if err != nil {
		return err
	}
	return h.writeComment(w, r, u, a, c.ID, http.StatusOK)
}

// DeleteComment is DELETE /api/comments/{id}.
func (h *Handlers) DeleteComment(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, _, _, err := h.ownComment(r, u)
	if err != nil {
		return err
	}
	if c.Status == "removed" { // the moderator's decision stays in place
		return &web.Error{Status: 409, Code: "moderated", Message: web.M("discussion.errors.moderated")}
	}
	if err := h.Store.InTx(r.Context(), func(tx *db.Store) error { return tx.DeleteComment(r.Context(), c) }); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
