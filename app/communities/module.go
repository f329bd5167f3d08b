// Package communities is where people talk: communities run by their own admins and
// moderators, their forums and topics, posts (the platform's content), comments and replies,
// polls, events, follows, and the trust and safety around them — reports answered within 24 hours
// (with the clock visible and escalation by itself), moderation decisions with their history,
// appeals, blocks and mutes, and lower limits for new accounts.
//
// The module is one package in five parts, each in its own files:
//   - communities_*.go: communities, membership and roles, forums, follows, profiles (handles)
//   - posts_*.go: posts and topics, covers, tags, search, scheduled publishing
//   - comments_*.go, polls_*.go: comments and replies, mentions; polls and votes
//   - moderation_*.go: reports, the review queue and its clock, decisions, appeals, blocks, mutes
//   - events_*.go (and handlers_, rules_, views_, notify_, pages_, demo_events.go): events with
//     dates, answers within a capacity (the calendar shows and reminds them: db queries)
package communities

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/jobs"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// Handlers serves the communities API. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Files   *files.Store
	Limiter *web.Limiter
	Now     func() time.Time
	// Limits bounds what one account creates per hour; new accounts have the lower New limits.
	Limits Limits
}

// Limits are the per-account rates of creating content (posts, topics, comments, reports,
// joins, votes). A zero Rate means no limit (tests that are not about limits).
type Limits struct {
	Normal map[string]web.Rate
	New    map[string]web.Rate // the first 24 hours of an account, or until its email is verified
}

// DefaultLimits are the production limits.
func DefaultLimits() Limits {
	h := time.Hour
	return Limits{
		Normal: map[string]web.Rate{"post": {N: 20, Per: h}, "comment": {N: 120, Per: h}, "report": {N: 30, Per: h},
			"join": {N: 30, Per: h}, "vote": {N: 600, Per: h}, "community": {N: 5, Per: h},
			"event": {N: 20, Per: h}, "rsvp": {N: 120, Per: h}},
		New: map[string]web.Rate{"post": {N: 3, Per: h}, "comment": {N: 15, Per: h}, "report": {N: 5, Per: h},
			"join": {N: 5, Per: h}, "vote": {N: 60, Per: h}, "community": {N: 1, Per: h},
			"event": {N: 3, Per: h}, "rsvp": {N: 30, Per: h}},
	}
}

// Mount declares the routes of the parts.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	h.mountCommunities(r, reg)
	h.mountPosts(r, reg)
	h.mountComments(r, reg)
	h.mountPolls(r, reg)
	h.mountModeration(r, reg)
	h.mountEvents(r, reg)
}

// Jobs: scheduled posts are published; reports are escalated at 12 and 24 hours.
func (h *Handlers) Jobs() []jobs.Job {
	var out []jobs.Job
	out = append(out, h.communityJobs()...)
	out = append(out, h.postJobs()...)
	out = append(out, h.moderationJobs()...)
	return out
}

// UserData: what the module keeps of a person, for "download my data" and account deletion.
func (h *Handlers) UserData() []userdata.Section {
	var out []userdata.Section
	out = append(out, h.communityUserData()...)
	out = append(out, h.postUserData()...)
	out = append(out, h.discussionUserData()...)
	out = append(out, h.moderationUserData()...)
	out = append(out, h.eventUserData()...)
	return out
}

// RenderPage serves the server-rendered public pages: /content and /post/{slug} (posts),
// /forums, /forums/{community}, /forums/{community}/{forum} (communities) and
// /forums/{community}/{forum}/{topic} (a topic, with posts), /u/{handle} (a profile).
func (h *Handlers) RenderPage(r *http.Request, lang, rest string) (*web.Rendered, bool, error) {
	parts := strings.Split(strings.Trim(rest, "/"), "/")
	switch {
	case parts[0] == "content" && len(parts) == 1, parts[0] == "post":
		return h.renderPostPage(r, lang, parts)
	case parts[0] == "forums" && len(parts) == 4 && parts[2] == "events":
		return h.renderEventPage(r, lang, parts)
	case parts[0] == "forums" && len(parts) == 4:
		return h.renderTopicPage(r, lang, parts)
	case parts[0] == "forums" && len(parts) <= 3, parts[0] == "u" && len(parts) == 2:
		return h.renderCommunityPage(r, lang, parts)
	}
	return nil, false, nil
}

// Sitemap lists the public communities, forums, posts and topics.
func (h *Handlers) Sitemap(ctx context.Context) (string, []web.SitemapURL, error) {
	a, err := h.communitySitemap(ctx)
	if err != nil {
		return "", nil, err
	}
	b, err := h.postSitemap(ctx)
	if err != nil {
		return "", nil, err
	}
	return "communities", append(a, b...), nil
}

func (h *Handlers) user(r *http.Request) *db.User { return authn.UserOf(r) }

// isNew reports whether u is a new account: its first 24 hours, or until its email is verified.
func (h *Handlers) isNew(u *db.User) bool {
	return u.EmailVerifiedAt.IsZero() || h.Now().Sub(u.CreatedAt) < 24*time.Hour
}

// limit answers 429 with Retry-After when u creates more of what ("post", "comment", "report",
// "join", "vote", "community") than its limit allows; new accounts have lower limits.
func (h *Handlers) limit(u *db.User, what string) error {
	rates, tier := h.Limits.Normal, "n"
	if h.isNew(u) {
		rates, tier = h.Limits.New, "new"
	}
	rate, ok := rates[what]
	if !ok || rate.N == 0 {
		return nil
	}
	if ok, wait := h.Limiter.Allow("communities:"+what+":"+tier+":"+strconv.FormatInt(u.ID, 10), rate); !ok {
		return limitError(what, int(math.Ceil(math.Max(wait.Seconds(), 1))))
	}
	return nil
}
