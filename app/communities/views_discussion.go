package communities

// What the discussion API answers: comments and replies, and polls with their results when
// the poll lets the viewer see them. Bodies of hidden, removed and deleted comments never
// reach people who do not moderate; counts never reach people who may not see them yet.

import (
	"context"
	"fmt"
	"html"
	"strings"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// AuthorView is a comment's author as others see them.
type AuthorView struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Handle string `json:"handle"`
}

// CommentView is one comment or reply.
type CommentView struct {
	ID       int64 `json:"id"`
	PostID   int64 `json:"postId"`
	ParentID int64 `json:"parentId" description:"0 for a top-level comment"`
	// Author is null for a comment its author deleted.
	Author *AuthorView `json:"author"`
	// Status: visible; hidden (by reports, waiting for a moderator); removed (by a moderator,
	// with Reason); deleted (by its author: a placeholder while it has replies).
	Status   string `json:"status" enum:"visible,hidden,removed,deleted"`
	Reason   string `json:"reason"`
	BodyHTML string `json:"bodyHtml" description:"sanitised HTML; empty unless visible (moderators also see hidden and removed text)"`
	// Body is the Markdown as written, for its author's editor only.
	Body       string     `json:"body,omitempty"`
	ReplyCount int        `json:"replyCount"`
	CreatedAt  time.Time  `json:"createdAt"`
	EditedAt   *time.Time `json:"editedAt,omitempty"`
	Mine       bool       `json:"mine"`
	CanReply   bool       `json:"canReply"`
}

// CommentPage is one keyset page of comments or replies.
type CommentPage struct {
	Items []CommentView `json:"items"`
	// Next is the after parameter of the next page ("" at the end).
	Next string `json:"next"`
	// Total is the post's count of comments and replies (top-level lists only).
	Total       int  `json:"total"`
	Locked      bool `json:"locked"`
	CanComment  bool `json:"canComment"`
	CanModerate bool `json:"canModerate"`
	SlowMode    int  `json:"slowMode" description:"minutes between one person's comments (0: none)"`
}

// commentView renders c for a viewer (0: signed out) in lang.
func commentView(c db.Comment, lang string, viewer int64, moderate, participate bool) CommentView {
	v := CommentView{ID: c.ID, PostID: c.PostID, ParentID: c.ParentID, Status: c.Status, ReplyCount: c.ReplyCount,
		CreatedAt: c.CreatedAt}
	if c.Status != "deleted" {
		v.Author = &AuthorView{ID: c.AuthorID, Name: i18n.FullName(lang, c.AuthorFirst, c.AuthorLast), Handle: c.AuthorHandle}
	}
	if !c.EditedAt.IsZero() && c.Status != "deleted" {
		e := c.EditedAt
		v.EditedAt = &e
	}
	if c.Status == "removed" {
		v.Reason = c.Reason
	}
	if c.Status == "visible" || (moderate && c.Status != "deleted") {
		v.BodyHTML = c.BodyHTML
	}
	v.Mine = viewer != 0 && viewer == c.AuthorID && c.Status != "deleted"
	if v.Mine && c.Status == "visible" {
		v.Body = c.Body
	}
	v.CanReply = participate && c.ParentID == 0 && c.Status == "visible"
	return v
}

// PollOptionView is one answer of a poll.
type PollOptionView struct {
	ID    int64  `json:"id"`
	Label string `json:"label"`
}

// PollCount is an option's result.
type PollCount struct {
	ID      int64  `json:"id"`
	Label   string `json:"label"`
	Votes   int    `json:"votes"`
	Percent int    `json:"percent" description:"share of the voters who chose it, rounded"`
}

// PollResults is the result call's answer (and PollView's tally when it may be seen).
type PollResults struct {
	PollID  int64       `json:"pollId"`
	Closed  bool        `json:"closed"`
	Voters  int         `json:"voters"`
	Options []PollCount `json:"options"`
}

// PollView is a poll as the viewer sees it.
type PollView struct {
	ID         int64            `json:"id"`
	PostID     int64            `json:"postId"`
	Question   string           `json:"question"`
	Multiple   bool             `json:"multiple"`
	MaxChoices int              `json:"maxChoices"`
	ClosesAt   *time.Time       `json:"closesAt,omitempty"`
	Closed     bool             `json:"closed"`
	Results    string           `json:"results" enum:"always,after_vote,after_close"`
	Options    []PollOptionView `json:"options"`
	// MyChoices are the viewer's chosen options (empty: not voted).
	MyChoices []int64 `json:"myChoices"`
	CanVote   bool    `json:"canVote"`
	CanEdit   bool    `json:"canEdit" description:"the author, while nobody has voted"`
	CanClose  bool    `json:"canClose"`
	// Tally is present only when the viewer may see the results.
	Tally *PollResults `json:"tally,omitempty"`
	// Notice says why the viewer cannot vote or see results yet (localized), or "".
	Notice string `json:"notice"`
}

// PostPoll is the poll of a post, if it has one.
type PostPoll struct {
	Poll *PollView `json:"poll"`
}

// resultsVisible: always; after_vote once the viewer voted (or the poll closed); after_close
// once it closed. The poll's author and moderators see them too.
func resultsVisible(p *db.Poll, closed, voted, privileged bool) bool {
	switch {
	case privileged || closed || p.Results == "always":
		return true
	case p.Results == "after_vote":
		return voted
	}
	return false
}

func pollTally(p *db.Poll, closed bool) *PollResults {
	t := &PollResults{PollID: p.ID, Closed: closed, Voters: p.Voters, Options: []PollCount{}}
	for _, o := range p.Options {
		pc := PollCount{ID: o.ID, Label: o.Label, Votes: o.Votes}
		if p.Voters > 0 {
			pc.Percent = (o.Votes*100 + p.Voters/2) / p.Voters
		}
		t.Options = append(t.Options, pc)
	}
	return t
}

// pollView renders p for the viewer.
func pollView(p *db.Poll, lang string, now time.Time, mine []int64, participate, author, moderate bool) PollView {
	closed := p.Closed(now)
	v := PollView{ID: p.ID, PostID: p.PostID, Question: p.Question, Multiple: p.Multiple, MaxChoices: p.MaxChoices,
		Closed: closed, Results: p.Results, Options: []PollOptionView{}, MyChoices: mine}
	if v.MyChoices == nil {
		v.MyChoices = []int64{}
	}
	if !p.ClosesAt.IsZero() {
		c := p.ClosesAt
		v.ClosesAt = &c
	}
	for _, o := range p.Options {
		v.Options = append(v.Options, PollOptionView{ID: o.ID, Label: o.Label})
	}
	v.CanVote = participate && !closed
	v.CanEdit = author && !closed && p.Voters == 0
	v.CanClose = (author || moderate) && !closed
	if resultsVisible(p, closed, len(mine) > 0, author || moderate) {
		v.Tally = pollTally(p, closed)
	}
	switch {
	case closed:
		v.Notice = web.TLang(lang, "discussion.poll.closedNotice")
	case v.Tally == nil && p.Results == "after_vote":
		v.Notice = web.TLang(lang, "discussion.poll.afterVoteNotice")
	case v.Tally == nil:
		v.Notice = web.TLang(lang, "discussion.poll.afterCloseNotice")
	}
	return v
}

// CommentsHTML is the server-rendered form of a post's first comments, for the post and topic
// pages crawlers read (the posts part puts it in the page; the UI's Comments takes over): the
// newest limit top-level comments as a signed-out visitor sees them, each with its author,
// time and sanitised text; removed, hidden and deleted ones are left out, and a post without a
// visible comment gets nothing (no empty heading).
func (h *Handlers) CommentsHTML(ctx context.Context, postID int64, lang string, limit int) (string, error) {
	list, err := h.Store.Comments(ctx, db.CommentQuery{PostID: postID, Desc: true, Limit: limit})
	if err != nil {
		return "", err
	}
	var b strings.Builder
	shown := 0
	for _, c := range list {
		if c.Status != "visible" {
			continue
		}
		if shown++; shown == 1 {
			b.WriteString(`<section class="discussion"><h2>` + html.EscapeString(web.TLang(lang, "discussion.comments.title")) + `</h2><ol class="comment-list">`)
		}
		fmt.Fprintf(&b, `<li class="comment" id="comment-%d"><article><header class="comment-meta"><strong>%s</strong> <time datetime="%s">%s</time></header><div class="comment-body">%s</div></article></li>`,
			c.ID, html.EscapeString(i18n.FullName(lang, c.AuthorFirst, c.AuthorLast)), c.CreatedAt.UTC().Format(time.RFC3339),
			c.CreatedAt.UTC().Format("2006-01-02"), c.BodyHTML)
	}
	if shown > 0 {
		b.WriteString(`</ol></section>`)
	}
	return b.String(), nil
}
