package communities

// Shared by the four parts: what a person may do in a community, their handle, and the events
// the communities part turns into notifications for followers.

import (
	"context"
	"errors"
	"strings"

	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
)

// Access is what a person (nil: signed out) may do in a community, or on the platform-wide
// content when the community is 0.
type Access struct {
	Gate   *db.CommunityGate   // nil for platform-wide content
	Member *db.CommunityMember // nil when not a member (or signed out)
	// Read: see the community's content (public and active; members only: active members).
	Read bool
	// Participate: post, comment, vote (an active member, not suspended or banned; on the
	// platform-wide content, any account that may participate).
	Participate bool
	// Moderate: act on reports and content (the community's moderators and admins; platform
	// admins everywhere, as the escalation of last resort).
	Moderate bool
	// Admin: run the community (its admins; platform admins).
	Admin bool
	// PlatformAdmin: the person holds communities.admin.
	PlatformAdmin bool
}

// access works out what u may do in community id (0: the platform-wide content). An unknown
// community is web.NotFound.
func (h *Handlers) access(ctx context.Context, u *db.User, id int64) (Access, error) {
	var a Access
	a.PlatformAdmin = u != nil && u.IsAdmin
	participant := u != nil && canParticipate(u)
	if id == 0 {
		a.Read, a.Participate, a.Moderate, a.Admin = true, participant, a.PlatformAdmin, a.PlatformAdmin
		return a, nil
	}
	g, err := h.Store.CommunityGateOf(ctx, id)
	if db.IsNotFound(err) {
		return a, web.NotFound()
	}
	if err != nil {
		return a, err
	}
	a.Gate = g
	if u != nil {
		m, err := h.Store.CommunityMemberOf(ctx, id, u.ID)
		switch {
		case err == nil:
			a.Member = m
		case !db.IsNotFound(err):
			return a, err
		}
	}
	now := h.Now()
	if g.Status != "active" {
		// Requested, rejected or suspended: only platform admins (and, for a request, its admins) see it.
		a.Read = a.PlatformAdmin || (g.Status == "requested" && a.Member != nil && a.Member.Role == "admin")
		a.Admin, a.Moderate = a.PlatformAdmin, a.PlatformAdmin
		return a, nil
	}
	active := a.Member.Active(now)
	a.Read = g.Visibility == "public" || active || a.PlatformAdmin
	a.Participate = participant && active
	a.Moderate = a.Member.Moderates(now) || a.PlatformAdmin
	a.Admin = (active && a.Member.Role == "admin") || a.PlatformAdmin
	return a, nil
}

// canParticipate: the account holds communities.participate (every account type does today).
func canParticipate(u *db.User) bool {
	return u.AccountType == "individual" || u.AccountType == "enterprise"
}

// ensureProfile returns u's handle for @mentions, giving them one (their name in Latin
// letters, made unique) the first time they take part.
func (h *Handlers) ensureProfile(ctx context.Context, tx *db.Store, u *db.User) (string, error) {
	handle, err := tx.CommunityHandleOf(ctx, u.ID)
	if err == nil || !db.IsNotFound(err) {
		return handle, err
	}
	base := strings.ReplaceAll(search.Slug(u.FirstName+" "+u.LastName), "-", ".")
	if len(base) > 24 {
		base = strings.TrimRight(base[:24], ".")
	}
	if len(base) < 3 {
		base = "member"
	}
	for range 5 {
		// UniqueSlug numbers with "-", which a handle spells "_": check the handle it becomes.
		handle, err = search.UniqueSlug(base, func(s string) (bool, error) { return tx.HandleTaken(ctx, strings.ReplaceAll(s, "-", "_")) })
		if err != nil {
			return "", err
		}
		handle = strings.ReplaceAll(handle, "-", "_")
		err = tx.CreateCommunityProfile(ctx, u.ID, handle, h.Now())
		if !errors.Is(err, db.ErrConflict) {
			return handle, err
		}
	}
	return "", err
}

// NewPostEvent is a post or topic just published in a community: the communities part
// notifies the people following the community (and, for a topic, its forum).
type NewPostEvent struct {
	PostID, CommunityID, ForumID, AuthorID int64  // ForumID 0 for a post
	Kind                                   string // post, topic
	Title                                  string
	Link                                   string // the page's path without the language, e.g. /post/slug
}

// TopicReplyEvent is a reply just written in a topic (or a comment on a post): the
// communities part notifies the people following the topic.
type TopicReplyEvent struct {
	PostID, CommentID, AuthorID int64
	Title                       string
	Link                        string
}
