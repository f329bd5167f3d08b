package communities

// The notifications of the communities part: requests for communities and their decisions,
// requests to join and their decisions, and what people follow (new posts and topics,
// replies). Names of communities are sent in both languages ("name.en", "name.mn").

import (
	"context"

	"gerege/app/platform/notify"
	"gerege/db"
)

var (
	// CommunityRequested tells the platform admins that an organisation asks for a community.
	CommunityRequested = notify.Register(notify.Kind{
		Name: "communities.requested", Title: "communities.notify.requested.title",
		Body: "communities.notify.requested.body", Label: "communities.notify.requested.label",
		DefaultEmail: notify.Immediate,
	})
	// CommunityDecided tells the requester (or a community's admins) what the platform admins decided.
	CommunityDecided = notify.Register(notify.Kind{
		Name: "communities.decided", Title: "communities.notify.decided.title",
		Body: "communities.notify.decided.body", Label: "communities.notify.decided.label",
		DefaultEmail: notify.Immediate, Translate: map[string]string{"status": "communities.notify.decided.statuses."},
	})
	// JoinRequested tells a community's admins that someone asks to join.
	JoinRequested = notify.Register(notify.Kind{
		Name: "communities.joinRequested", Title: "communities.notify.joinRequested.title",
		Body: "communities.notify.joinRequested.body", Label: "communities.notify.joinRequested.label",
		DefaultEmail: notify.Digest,
	})
	// JoinDecided tells the person what the admins decided on their request to join.
	JoinDecided = notify.Register(notify.Kind{
		Name: "communities.joinDecided", Title: "communities.notify.joinDecided.title",
		Body: "communities.notify.joinDecided.body", Label: "communities.notify.joinDecided.label",
		DefaultEmail: notify.Immediate, Translate: map[string]string{"decision": "communities.notify.joinDecided.decisions."},
	})
	// NewPost tells the followers of a community or forum about a new post or topic (in-app);
	// NewPostEmail is the same for those who follow with email.
	NewPost = notify.Register(notify.Kind{
		Name: "communities.newPost", Title: "communities.notify.newPost.title",
		Body: "communities.notify.newPost.body", Label: "communities.notify.newPost.label",
		DefaultEmail: notify.Off, Translate: map[string]string{"kind": "communities.notify.kinds."},
	})
	NewPostEmail = notify.Register(notify.Kind{
		Name: "communities.newPostEmail", Title: "communities.notify.newPost.title",
		Body: "communities.notify.newPost.body", Label: "communities.notify.newPostEmail.label",
		DefaultEmail: notify.Immediate, Translate: map[string]string{"kind": "communities.notify.kinds."},
	})
	// Reply tells the followers of a topic (or post) about a new reply; ReplyEmail by email too.
	Reply = notify.Register(notify.Kind{
		Name: "communities.reply", Title: "communities.notify.reply.title",
		Body: "communities.notify.reply.body", Label: "communities.notify.reply.label",
		DefaultEmail: notify.Off,
	})
	ReplyEmail = notify.Register(notify.Kind{
		Name: "communities.replyEmail", Title: "communities.notify.reply.title",
		Body: "communities.notify.reply.body", Label: "communities.notify.replyEmail.label",
		DefaultEmail: notify.Immediate,
	})
)

// notifyNewPost tells the followers of the community (and forum) about a new post or topic,
// in tx: in-app always, by email when they follow with email. Never the author, people who
// blocked the author or whom the author blocked, or people who may no longer read the community.
func (h *Handlers) notifyNewPost(ctx context.Context, tx *db.Store, e NewPostEvent) error {
	if e.CommunityID == 0 {
		return nil // platform-wide staff posts have no followers
	}
	targets := []db.FollowTarget{{Type: "community", ID: e.CommunityID}}
	if e.ForumID != 0 {
		targets = append(targets, db.FollowTarget{Type: "forum", ID: e.ForumID})
	}
	now := h.Now()
	followers, err := tx.FollowersToNotify(ctx, targets, e.CommunityID, e.AuthorID, now)
	if err != nil {
		return err
	}
	c, err := tx.CommunityByID(ctx, e.CommunityID)
	if err != nil {
		return err
	}
	kind := e.Kind
	if kind != "topic" {
		kind = "post"
	}
	for _, f := range followers {
		k := NewPost
		if f.Email {
			k = NewPostEmail
		}
		if err := notify.Send(ctx, tx, notify.Notification{UserID: f.UserID, Kind: k.Name,
			Params: map[string]string{"title": e.Title, "kind": kind, "name.en": c.NameEn, "name.mn": c.NameMn},
			Link:   e.Link, At: now}); err != nil {
			return err
		}
	}
	return nil
}

// notifyTopicReply tells the followers of a topic (or post) about a new reply, in tx, with the
// same care as notifyNewPost.
func (h *Handlers) notifyTopicReply(ctx context.Context, tx *db.Store, e TopicReplyEvent) error {
	t, err := tx.TopicRefByID(ctx, e.PostID)
	if err != nil {
		return err
	}
	now := h.Now()
	followers, err := tx.FollowersToNotify(ctx, []db.FollowTarget{{Type: "topic", ID: e.PostID}}, t.CommunityID, e.AuthorID, now)
	if err != nil {
		return err
	}
	for _, f := range followers {
		k := Reply
		if f.Email {
			k = ReplyEmail
		}
		if err := notify.Send(ctx, tx, notify.Notification{UserID: f.UserID, Kind: k.Name,
			Params: map[string]string{"title": e.Title}, Link: e.Link, At: now}); err != nil {
			return err
		}
	}
	return nil
}
