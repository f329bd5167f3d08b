package communities

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"gerege/app/platform/web"
	"gerege/db"
)

// The rules of moderation: what can be reported and why, which decisions apply to what, the
// 24-hour clock and its escalations, the auto-hide threshold outside communities.
var (
	ReportTargets = []string{"post", "comment", "topic", "poll", "profile", "community", "opportunity"}
	ReportReasons = []string{"spam", "harassment", "hate", "violence", "sexual", "misinformation", "illegal", "other"}
	// Decisions a moderator makes (the migration's CHECK also has auto_hide, by the platform,
	// and unban, when an appeal overturns a ban).
	Decisions      = []string{"hide", "remove", "warn", "suspend", "ban", "dismiss", "restore"}
	AppealOutcomes = []string{"uphold", "overturn"}
	// Appealable decisions: a removal or hiding of content, a suspension or ban.
	appealable = []string{"hide", "remove", "suspend", "ban"}
)

const (
	reportDue        = 24 * time.Hour // a report is answered within this
	escalateAdmins   = 12 * time.Hour // unanswered this long: the community's admins are told
	platformAutoHide = 3              // distinct reporters hiding an item outside communities
	maxNote          = 1000
	maxAppealNote    = 2000
	maxReasonText    = 1000
	maxSuspendDays   = 365
	queuePage        = 50
)

// limitError is the 429 of h.limit: Retry-After, and a message naming what was limited and
// when it can be done again ("You can report again in 12 minutes").
func limitError(what string, retryAfter int) *web.Error {
	minutes := int(math.Ceil(float64(retryAfter) / 60))
	if minutes < 1 {
		minutes = 1
	}
	return &web.Error{Status: 429, Code: "rate_limited", RetryAfter: retryAfter,
		Message: web.M("moderation.server.limited."+what, "count", minutes)}
}

// actionsFor lists the decisions that apply to an item: content (posts, topics, polls through
// their post, comments) can be hidden, removed and restored; the author can be warned, and in
// a community suspended or banned; every report can be dismissed.
func actionsFor(t *db.ModTarget) []string {
	out := []string{}
	if t.ContentType != "" {
		switch t.Status {
		case "hidden":
			out = append(out, "remove", "restore")
		case "removed":
			out = append(out, "restore")
		default:
			out = append(out, "hide", "remove")
		}
	}
	if t.AuthorID != 0 {
		out = append(out, "warn")
		if t.Route != 0 {
			out = append(out, "suspend", "ban")
		}
	}
	return append(out, "dismiss")
}

// visibleStatus is what restore sets: a post is published again, a comment visible.
func visibleStatus(contentType string) string {
	if contentType == "comment" {
		return "visible"
	}
	return "published"
}

// shown reports whether a person who is not a moderator can see the item now (reports of
// items nobody can see are refused as not found).
func shown(t *db.ModTarget) bool {
	switch t.Type {
	case "post", "topic":
		return t.Status == "published"
	case "comment":
		return t.Status == "visible" && t.ParentStatus == "published"
	case "poll":
		return t.ParentStatus == "published"
	case "community":
		return t.Status == "active"
	case "opportunity":
		return t.Status == "published" || t.Status == "closed"
	}
	return true
}

// itemLink is the page of an item, without the language.
func itemLink(t *db.ModTarget) string {
	switch t.Type {
	case "post", "topic", "comment", "poll":
		if t.Kind == "topic" && t.CommunitySlug != "" && t.ForumSlug != "" {
			return "/forums/" + t.CommunitySlug + "/" + t.ForumSlug + "/" + t.Slug
		}
		return "/post/" + t.Slug
	case "profile":
		if t.Handle != "" {
			return "/u/" + t.Handle
		}
	case "community":
		return "/forums/" + t.CommunitySlug
	case "opportunity":
		return "/opportunities/" + t.Slug
	}
	return ""
}

// excerpt cuts text to n characters on a word boundary.
func excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n]
	if i := strings.LastIndexByte(string(r), ' '); i > n/2 {
		return string(r)[:i] + "…"
	}
	return string(r) + "…"
}

type queueCursor struct {
	D time.Time `json:"d"`
	I int64     `json:"i"`
}

func encodeQueueCursor(c queueCursor) string { return web.EncodeCursor(c) }

func decodeQueueCursor(s string) (queueCursor, error) {
	var c queueCursor
	if web.DecodeCursor(s, &c) != nil || c.I <= 0 {
		return c, web.BadCursor()
	}
	return c, nil
}

// checkReason: every decision has a reason.
func checkReason(c *web.Checker, field, v string) {
	c.Text(field, v, true, maxReasonText)
}

func oneOf(list []string, v string) bool { return slices.Contains(list, v) }

func idString(id int64) string { return fmt.Sprint(id) }
