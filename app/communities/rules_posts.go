package communities

import (
	"context"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gerege/app/platform/markdown"
	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
)

// Limits of what a post holds.
const (
	PostTitleMax   = 200
	PostBodyMax    = 50000
	PostExcerptMax = 300
	PostTagsMax    = 10
	PostTagMax     = 40
	SlowModeMax    = 24 * 60 // minutes
	// ScheduleMax is how far ahead a post may be scheduled.
	ScheduleMax = 366 * 24 * time.Hour
	excerptAuto = 240
)

// PostLangs are a post's languages: English, Mongolian, or both.
var PostLangs = []string{"en", "mn", "both"}

// PostRequest is what an author writes (create and update).
type PostRequest struct {
	Title     string   `json:"title" maxLength:"200"`
	Body      string   `json:"body" maxLength:"50000" description:"Markdown"`
	Excerpt   string   `json:"excerpt" maxLength:"300" description:"empty: the start of the body"`
	Lang      string   `json:"lang" enum:"en,mn,both"`
	Tags      []string `json:"tags" maxItems:"10" description:"at most 10, each at most 40 characters; stored lowercase"`
	Community string   `json:"community" description:"create only: the community's slug; empty for a platform-wide staff post (communities.admin)"`
}

// TopicRequest starts a topic in a forum (published at once).
type TopicRequest struct {
	Community string   `json:"community"`
	Forum     string   `json:"forum"`
	Title     string   `json:"title" maxLength:"200"`
	Body      string   `json:"body" maxLength:"50000" description:"Markdown"`
	Lang      string   `json:"lang" enum:"en,mn,both"`
	Tags      []string `json:"tags" maxItems:"10"`
}

// PostStatusRequest publishes now, schedules, or takes a post back to draft.
type PostStatusRequest struct {
	Status    string `json:"status" enum:"published,scheduled,draft"`
	PublishAt string `json:"publishAt" format:"date-time" description:"scheduled: when (RFC 3339, in the future, within a year)"`
}

// TopicSettings are what a community's moderators set on a topic.
type TopicSettings struct {
	SlowMode int  `json:"slowMode" minimum:"0" maximum:"1440" description:"minutes between one person's replies; 0 for none"`
	Locked   bool `json:"locked" description:"no new replies"`
	Pinned   bool `json:"pinned" description:"first in its forum"`
}

// normalizeText makes line ends \n (browsers send \r\n from a textarea).
func normalizeText(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// NormalizeTag is a tag as stored: trimmed of '#' and spaces, lowercase, inner spaces single.
func NormalizeTag(t string) string {
	t = strings.TrimLeft(strings.TrimSpace(t), "#")
	return strings.ToLower(strings.Join(strings.Fields(t), " "))
}

// checkPost checks an author's text and fills p with it, rendered: the title, the body's
// Markdown (rendered and sanitised once, here), the excerpt and the tags. publishing asks for
// a body too.
func checkPost(c *web.Checker, req PostRequest, p *db.Post, publishing bool) {
	req.Title = strings.TrimSpace(req.Title)
	req.Body = normalizeText(req.Body)
	req.Excerpt = strings.TrimSpace(normalizeText(req.Excerpt))
	c.Text("title", req.Title, true, PostTitleMax)
	if strings.ContainsRune(req.Title, '\n') {
		c.Add("title", web.M("validation.invalidCharacters"))
	}
	c.Text("body", req.Body, publishing, PostBodyMax)
	c.Text("excerpt", req.Excerpt, false, PostExcerptMax)
	c.OneOf("lang", req.Lang, true, PostLangs...)
	tags := checkTags(c, req.Tags)
	if c.Err() != nil {
		return
	}
	p.Title, p.Body, p.Lang, p.Tags = req.Title, req.Body, req.Lang, tags
	p.BodyHTML = string(markdown.HTML(req.Body))
	p.Excerpt = req.Excerpt
	if p.Excerpt == "" {
		p.Excerpt = markdown.Excerpt(req.Body, excerptAuto)
	}
}

// checkTags normalizes tags (lowercase, no duplicates) and checks their number and length.
func checkTags(c *web.Checker, in []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, t := range in {
		t = NormalizeTag(t)
		switch {
		case t == "":
			continue
		case !utf8.ValidString(t) || strings.ContainsFunc(t, unicode.IsControl) || strings.ContainsAny(t, ",<>\"'`"):
			c.Add("tags", web.M("posts.errors.tagCharacters"))
		case utf8.RuneCountInString(t) > PostTagMax:
			c.Add("tags", web.M("posts.errors.tagTooLong", "max", PostTagMax))
		}
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	if len(out) > PostTagsMax {
		c.Add("tags", web.M("posts.errors.tooManyTags", "max", PostTagsMax))
	}
	return out
}

// postSearchText is what a post is found by: title, tags and plain body, folded.
func postSearchText(p *db.Post) string {
	return search.Doc(p.Title, strings.Join(p.Tags, " "), p.Excerpt, markdown.Plain(p.Body))
}

// newSlug is a readable unique slug for title (Cyrillic transliterated).
func newSlug(ctx context.Context, tx *db.Store, title string) (string, error) {
	base := search.Slug(title)
	if base == "" {
		base = "post"
	}
	// "new" is the editor's address (/dashboard/post/new), never a post's.
	return search.UniqueSlug(base, func(s string) (bool, error) {
		if s == "new" {
			return true, nil
		}
		return tx.PostSlugTaken(ctx, s)
	})
}

// mayRead is whether the viewer u (nil: signed out) with access a to the post's community
// may see the post: published and readable; drafts and scheduled posts only by their author;
// hidden and removed ones by their author (who sees why) and the moderators.
func mayRead(u *db.User, a Access, p *db.Post) bool {
	author := u != nil && u.ID == p.AuthorID
	switch p.Status {
	case "published":
		return a.Read || author
	case "hidden", "removed":
		return author || a.Moderate
	default:
		return author
	}
}
