package communities

import (
	"strconv"
	"strings"
	"time"

	"gerege/db"
)

// PostAuthor is who wrote a post or topic.
type PostAuthor struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Handle string `json:"handle" description:"the @handle, empty when the author has none yet"`
}

// PostCommunity is where a post or topic is: its community (empty slug: platform-wide) and,
// for a topic, its forum.
type PostCommunity struct {
	Slug       string `json:"slug" description:"empty for the platform-wide posts"`
	Name       string `json:"name"`
	Visibility string `json:"visibility" enum:"public,members,"`
	Forum      string `json:"forum" description:"the forum's slug (topics)"`
	ForumName  string `json:"forumName"`
}

// CoverSize is one width of a cover.
type CoverSize struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// Cover is a post's cover image in the sizes made on upload, widest first (re-encoded: no
// EXIF or GPS); src is the widest.
type Cover struct {
	Src    string      `json:"src"`
	SrcSet string      `json:"srcset" description:"for <img srcset>: url and width of each size"`
	Width  int         `json:"width"`
	Height int         `json:"height"`
	Sizes  []CoverSize `json:"sizes"`
}

// PostSummary is a post or topic in a list.
type PostSummary struct {
	ID           int64         `json:"id"`
	Kind         string        `json:"kind" enum:"post,topic"`
	Slug         string        `json:"slug"`
	Path         string        `json:"path" description:"the page's path without the language: /post/{slug} or /forums/{community}/{forum}/{slug}"`
	Title        string        `json:"title"`
	Excerpt      string        `json:"excerpt"`
	Lang         string        `json:"lang" enum:"en,mn,both"`
	Tags         []string      `json:"tags"`
	Cover        *Cover        `json:"cover"`
	Author       PostAuthor    `json:"author"`
	Community    PostCommunity `json:"community"`
	PublishedAt  *time.Time    `json:"publishedAt"`
	CommentCount int           `json:"commentCount"`
	Pinned       bool          `json:"pinned"`
	Locked       bool          `json:"locked"`
	Status       string        `json:"status" enum:"draft,scheduled,published,hidden,removed"`
}

// PostPage is a page of posts; next is the cursor of the following page ("" at the end).
type PostPage struct {
	Items []PostSummary `json:"items"`
	Next  string        `json:"next"`
}

// PostDetail is one post or topic as its reader sees it.
type PostDetail struct {
	PostSummary
	BodyHTML string     `json:"bodyHtml" description:"sanitised HTML, rendered from the Markdown when it was saved"`
	Reason   string     `json:"reason" description:"hidden or removed: the moderators' reason (only its author and moderators see such a post)"`
	SlowMode int        `json:"slowMode" description:"minutes between one person's replies (topics); 0 for none"`
	EditedAt *time.Time `json:"editedAt"`
	CanEdit  bool       `json:"canEdit"`
	// CanModerate: the reader moderates the post's community (or the platform-wide posts).
	CanModerate bool `json:"canModerate"`
}

// PostEditor is a post as its author edits it.
type PostEditor struct {
	PostDetail
	Body      string     `json:"body" description:"the Markdown as written"`
	PublishAt *time.Time `json:"publishAt" description:"scheduled: when it is published"`
	UpdatedAt time.Time  `json:"updatedAt"`
}

func postTimePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

func postPath(p *db.Post) string {
	if p.Kind == "topic" {
		return "/forums/" + p.CommunitySlug + "/" + p.ForumSlug + "/" + p.Slug
	}
	return "/post/" + p.Slug
}

func pickLang(lang, en, mn string) string {
	if lang == "mn" && mn != "" || en == "" {
		return mn
	}
	return en
}

func coverURL(fileID int64) string { return "/api/post/covers/" + strconv.FormatInt(fileID, 10) }

func coverOf(sizes []db.PostCover) *Cover {
	if len(sizes) == 0 {
		return nil
	}
	c := &Cover{Src: coverURL(sizes[0].FileID), Width: sizes[0].Width, Height: sizes[0].Height, Sizes: []CoverSize{}}
	var set []string
	for _, s := range sizes {
		u := coverURL(s.FileID)
		c.Sizes = append(c.Sizes, CoverSize{URL: u, Width: s.Width, Height: s.Height})
		set = append(set, u+" "+strconv.Itoa(s.Width)+"w")
	}
	c.SrcSet = strings.Join(set, ", ")
	return c
}

func summaryOfPost(lang string, p *db.Post, covers []db.PostCover) PostSummary {
	tags := p.Tags
	if tags == nil {
		tags = []string{}
	}
	s := PostSummary{ID: p.ID, Kind: p.Kind, Slug: p.Slug, Path: postPath(p), Title: p.Title, Excerpt: p.Excerpt, Lang: p.Lang,
		Tags: tags, Cover: coverOf(covers), PublishedAt: postTimePtr(p.PublishedAt), CommentCount: p.CommentCount,
		Pinned: p.Pinned, Locked: p.Locked, Status: p.Status,
		Author: PostAuthor{ID: p.AuthorID, Name: strings.TrimSpace(p.AuthorFirst + " " + p.AuthorLast), Handle: p.AuthorHandle}}
	if p.CommunityID != 0 {
		s.Community = PostCommunity{Slug: p.CommunitySlug, Name: pickLang(lang, p.CommunityNameEn, p.CommunityNameMn),
			Visibility: p.CommunityVisibility}
		if p.ForumID != 0 {
			s.Community.Forum, s.Community.ForumName = p.ForumSlug, pickLang(lang, p.ForumNameEn, p.ForumNameMn)
		}
	}
	return s
}
