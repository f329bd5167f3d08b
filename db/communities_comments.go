package db

// The discussion part of the communities store: comments on posts and replies in topics (one
// level: a reply's parent is a top-level comment), and the @mentions they carry. Lists are
// keyset pages on the id over comments_post_idx (post_id, parent_id, id), so "load more" costs
// the same at any depth.

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// DiscussionPost is what the discussion needs of a post or topic: where it lives, who wrote
// it, whether it takes comments, and how to link to it.
type DiscussionPost struct {
	ID            int64
	Kind          string // post, topic
	Slug          string
	Title         string
	CommunityID   int64 // 0: platform-wide
	CommunitySlug string
	ForumSlug     string
	AuthorID      int64
	Status        string
	Locked        bool
	SlowMode      int // minutes
	CommentCount  int
}

// DiscussionPostOf returns the post or topic id, or ErrNotFound.
func (s *Store) DiscussionPostOf(ctx context.Context, id int64) (*DiscussionPost, error) {
	return s.discussionPost(ctx, `p.id = ?`, id)
}

func (s *Store) discussionPost(ctx context.Context, where string, arg int64) (*DiscussionPost, error) {
	p := &DiscussionPost{}
	var cid, author sql.NullInt64
	var cslug, fslug sql.NullString
	err := s.row(ctx, `SELECT p.id, p.kind, p.slug, p.title, p.community_id, c.slug, f.slug, p.author_id, p.status, p.locked, p.slow_mode, p.comment_count
		FROM posts p LEFT JOIN communities c ON c.id = p.community_id LEFT JOIN forums f ON f.id = p.forum_id
		WHERE `+where, arg).Scan(&p.ID, &p.Kind, &p.Slug, &p.Title, &cid, &cslug, &fslug, &author, &p.Status, &p.Locked, &p.SlowMode, &p.CommentCount)
	if err != nil {
		return nil, mapErr(err)
	}
	p.CommunityID, p.CommunitySlug, p.ForumSlug, p.AuthorID = cid.Int64, cslug.String, fslug.String, author.Int64
	return p, nil
}

// Link is the post's page without the language prefix: /post/{slug}, or
// /forums/{community}/{forum}/{slug} for a topic.
func (p *DiscussionPost) Link() string {
	if p.Kind == "topic" && p.CommunitySlug != "" && p.ForumSlug != "" {
		return "/forums/" + p.CommunitySlug + "/" + p.ForumSlug + "/" + p.Slug
	}
	return "/post/" + p.Slug
}

// Comment is a comment or reply with its author's public name and handle.
type Comment struct {
	ID           int64
	PostID       int64
	ParentID     int64 // 0: top-level
	AuthorID     int64
	AuthorFirst  string
	AuthorLast   string
	AuthorHandle string
	Body         string
	BodyHTML     string
	Status       string // visible, hidden, removed, deleted
	Reason       string
	ReplyCount   int
	CreatedAt    time.Time
	EditedAt     time.Time
}

const commentCols = `c.id, c.post_id, c.parent_id, c.author_id, coalesce(u.first_name, ''), coalesce(u.last_name, ''),
	coalesce(cp.handle, ''), c.body, c.body_html, c.status, c.reason, c.reply_count, c.created_at, c.edited_at
	FROM comments c LEFT JOIN users u ON u.id = c.author_id LEFT JOIN community_profiles cp ON cp.user_id = c.author_id`

func scanComment(sc interface{ Scan(...any) error }) (Comment, error) {
	var c Comment
	var parent, author sql.NullInt64
	var created string
	var edited *string
	err := sc.Scan(&c.ID, &c.PostID, &parent, &author, &c.AuthorFirst, &c.AuthorLast, &c.AuthorHandle, &c.Body, &c.BodyHTML,
		&c.Status, &c.Reason, &c.ReplyCount, &created, &edited)
	c.ParentID, c.AuthorID, c.CreatedAt, c.EditedAt = parent.Int64, author.Int64, ParseT(created), nullT(edited)
	return c, err
}

// CommentByID returns a comment, or ErrNotFound.
func (s *Store) CommentByID(ctx context.Context, id int64) (*Comment, error) {
	c, err := scanComment(s.row(ctx, `SELECT `+commentCols+` WHERE c.id = ?`, id))
	if err != nil {
		return nil, mapErr(err)
	}
	return &c, nil
}

// CommentQuery selects one keyset page of a post's top-level comments (ParentID 0) or of a
// comment's replies.
type CommentQuery struct {
	PostID   int64
	ParentID int64 // 0: top-level comments
	Viewer   int64 // the block and mute filter (0: signed out)
	After    int64 // the last id of the previous page (0: the first page)
	Desc     bool  // newest first
	Limit    int
}

// Comments returns the page q selects. Comments their author deleted stay (as a placeholder)
// only while they have replies.
func (s *Store) Comments(ctx context.Context, q CommentQuery) ([]Comment, error) {
	where := `c.post_id = ? AND c.parent_id IS NULL`
	args := []any{q.PostID}
	if q.ParentID != 0 {
		where = `c.post_id = ? AND c.parent_id = ?`
		args = append(args, q.ParentID)
	}
	op, order := ">", "ASC"
	if q.Desc {
		op, order = "<", "DESC"
	}
	if q.After > 0 {
		where += ` AND c.id ` + op + ` ?`
		args = append(args, q.After)
	}
	cond, cargs := NotHiddenFor("c.author_id", q.Viewer)
	args = append(args, cargs...)
	args = append(args, q.Limit)
	rows, err := s.rows(ctx, `SELECT `+commentCols+` WHERE `+where+` AND (c.status <> 'deleted' OR c.reply_count > 0)
		AND `+cond+` ORDER BY c.id `+order+` LIMIT ?`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Comment{}
	for rows.Next() {
		c, err := scanComment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// InsertComment writes a comment or reply and keeps the counts right: the post's
// comment_count and last_activity_at, the parent's reply_count.
func (s *Store) InsertComment(ctx context.Context, c Comment, now time.Time) (int64, error) {
	var parent any
	if c.ParentID != 0 {
		parent = c.ParentID
	}
	var id int64
	if err := s.writeRow(ctx, []any{&id}, `INSERT INTO comments (post_id, parent_id, author_id, body, body_html, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, c.PostID, parent, c.AuthorID, c.Body, c.BodyHTML, T(now)); err != nil {
		return 0, err
	}
	if _, err := s.exec(ctx, `UPDATE posts SET comment_count = comment_count + 1, last_activity_at = ? WHERE id = ?`,
		T(now), c.PostID); err != nil {
		return 0, err
	}
	if c.ParentID != 0 {
		if _, err := s.exec(ctx, `UPDATE comments SET reply_count = reply_count + 1 WHERE id = ?`, c.ParentID); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// EditComment replaces a comment's text and stamps edited_at.
func (s *Store) EditComment(ctx context.Context, id int64, body, html string, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE comments SET body = ?, body_html = ?, edited_at = ? WHERE id = ? AND status <> 'deleted'`,
		body, html, T(now), id)
	return err
}

// DeleteComment is its author deleting it: the text goes (a placeholder stays while it has
// replies), its mentions go, and the counts drop.
func (s *Store) DeleteComment(ctx context.Context, c *Comment) error {
	res, err := s.exec(ctx, `UPDATE comments SET status = 'deleted', body = '', body_html = '' WHERE id = ? AND status <> 'deleted'`, c.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := s.exec(ctx, `DELETE FROM comment_mentions WHERE comment_id = ?`, c.ID); err != nil {
		return err
	}
	if _, err := s.exec(ctx, `UPDATE posts SET comment_count = max(comment_count - 1, 0) WHERE id = ?`, c.PostID); err != nil {
		return err
	}
	if c.ParentID != 0 {
		_, err = s.exec(ctx, `UPDATE comments SET reply_count = max(reply_count - 1, 0) WHERE id = ?`, c.ParentID)
	}
	return err
}

// LastCommentAt is when author last wrote in the post (zero: never).
func (s *Store) LastCommentAt(ctx context.Context, postID, authorID int64) (time.Time, error) {
	var at string
	err := s.row(ctx, `SELECT created_at FROM comments WHERE author_id = ? AND post_id = ? ORDER BY id DESC LIMIT 1`,
		authorID, postID).Scan(&at)
	if err == sql.ErrNoRows {
		return time.Time{}, nil
	}
	return ParseT(at), err
}

// UsersByHandles maps the handles that exist (lower-cased) to their people.
func (s *Store) UsersByHandles(ctx context.Context, handles []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(handles) == 0 {
		return out, nil
	}
	args := anys(handles)
	rows, err := s.rows(ctx, `SELECT lower(handle), user_id FROM community_profiles WHERE handle IN (?`+
		strings.Repeat(", ?", len(handles)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var h string
		var id int64
		if err := rows.Scan(&h, &id); err != nil {
			return nil, err
		}
		out[h] = id
	}
	return out, rows.Err()
}

// SetMentions records who a comment mentions (replacing what it mentioned before) and
// returns the people newly mentioned.
func (s *Store) SetMentions(ctx context.Context, commentID int64, users []int64) ([]int64, error) {
	before := map[int64]bool{}
	rows, err := s.rows(ctx, `SELECT user_id FROM comment_mentions WHERE comment_id = ?`, commentID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		before[id] = true
	}
	rows.Close()
	if _, err := s.exec(ctx, `DELETE FROM comment_mentions WHERE comment_id = ?`, commentID); err != nil {
		return nil, err
	}
	fresh := []int64{}
	for _, u := range users {
		if _, err := s.exec(ctx, `INSERT OR IGNORE INTO comment_mentions (comment_id, user_id) VALUES (?, ?)`, commentID, u); err != nil {
			return nil, err
		}
		if !before[u] {
			fresh = append(fresh, u)
		}
	}
	return fresh, nil
}

// CommentMentions lists who a comment mentions.
func (s *Store) CommentMentions(ctx context.Context, commentID int64) ([]int64, error) {
	rows, err := s.rows(ctx, `SELECT user_id FROM comment_mentions WHERE comment_id = ? ORDER BY user_id`, commentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// AuthorComment is one of a person's comments, for "download my data".
type AuthorComment struct {
	ID        int64
	PostLink  string
	PostTitle string
	ParentID  int64
	Body      string
	Status    string
	CreatedAt time.Time
	EditedAt  time.Time
}

// CommentsByAuthor lists a person's comments and replies (not deleted), oldest first.
func (s *Store) CommentsByAuthor(ctx context.Context, userID int64) ([]AuthorComment, error) {
	rows, err := s.rows(ctx, `SELECT c.id, c.post_id, coalesce(c.parent_id, 0), c.body, c.status, c.created_at, c.edited_at
		FROM comments c WHERE c.author_id = ? AND c.status <> 'deleted' ORDER BY c.id`, userID)
	if err != nil {
		return nil, err
	}
	type row struct {
		c    AuthorComment
		post int64
	}
	var list []row
	for rows.Next() {
		var r row
		var created string
		var edited *string
		if err := rows.Scan(&r.c.ID, &r.post, &r.c.ParentID, &r.c.Body, &r.c.Status, &created, &edited); err != nil {
			rows.Close()
			return nil, err
		}
		r.c.CreatedAt, r.c.EditedAt = ParseT(created), nullT(edited)
		list = append(list, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]AuthorComment, 0, len(list))
	posts := map[int64]*DiscussionPost{}
	for _, r := range list {
		p, ok := posts[r.post]
		if !ok {
			if p, err = s.DiscussionPostOf(ctx, r.post); err != nil {
				return nil, err
			}
			posts[r.post] = p
		}
		r.c.PostLink, r.c.PostTitle = p.Link(), p.Title
		out = append(out, r.c)
	}
	return out, nil
}

// EraseCommentsOf takes a person's comments out before their account goes: a comment others
// replied to stays as a deleted placeholder without author; the others go; every count
// (posts.comment_count, comments.reply_count) moves with them.
func (s *Store) EraseCommentsOf(ctx context.Context, userID int64) error {
	for _, q := range []string{
		// Counts first, from the rows about to change: comments not yet deleted.
		`UPDATE posts SET comment_count = max(comment_count - (SELECT count(*) FROM comments c
			WHERE c.post_id = posts.id AND c.author_id = ?1 AND c.status <> 'deleted'), 0)
			WHERE id IN (SELECT post_id FROM comments WHERE author_id = ?1 AND status <> 'deleted')`,
		`UPDATE comments SET reply_count = max(reply_count - (SELECT count(*) FROM comments r
			WHERE r.parent_id = comments.id AND r.author_id = ?1 AND r.status <> 'deleted'), 0)
			WHERE id IN (SELECT parent_id FROM comments WHERE author_id = ?1 AND parent_id IS NOT NULL AND status <> 'deleted')`,
		// Replies of others keep their parent as a placeholder.
		`UPDATE comments SET status = 'deleted', body = '', body_html = '', author_id = NULL
			WHERE author_id = ?1 AND parent_id IS NULL AND EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = comments.id AND coalesce(r.author_id, 0) <> ?1)`,
		`DELETE FROM comments WHERE author_id = ?1`,
	} {
		if _, err := s.exec(ctx, q, userID); err != nil {
			return err
		}
	}
	return nil
}
