package db

// The posts part of the communities store (app/communities posts_*.go): posts and topics, their
// tags, search text, covers and scheduled publishing. Reading is always filtered by what the
// viewer may read: published, in the platform-wide content or a community the viewer may
// read (public and active, or members only with the viewer an active member), and not by
// someone the viewer blocked, was blocked by or muted (NotHiddenFor).

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"
)

// Post is a post or topic with its community and forum names and its author's name.
type Post struct {
	ID             int64
	Kind           string // post, topic
	Slug           string
	CommunityID    int64 // 0: platform-wide
	ForumID        int64 // 0: not a topic
	AuthorID       int64
	Lang           string
	Title          string
	Body           string
	BodyHTML       string
	Excerpt        string
	CoverFileID    int64
	Status         string
	PublishAt      time.Time
	PublishedAt    time.Time
	Locked         bool
	Pinned         bool
	SlowMode       int
	CommentCount   int
	LastActivityAt time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
	EditedAt       time.Time

	Tags []string

	AuthorFirst, AuthorLast, AuthorHandle string
	CommunitySlug, CommunityNameEn        string
	CommunityNameMn, CommunityVisibility  string
	CommunityStatus                       string
	ForumSlug, ForumNameEn, ForumNameMn   string
}

const postCols = `p.id, p.kind, p.slug, coalesce(p.community_id, 0), coalesce(p.forum_id, 0), coalesce(p.author_id, 0), p.lang,
	p.title, p.body, p.body_html, p.excerpt, coalesce(p.cover_file_id, 0), p.status, p.publish_at, p.published_at, p.locked,
	p.pinned, p.slow_mode, p.comment_count, p.last_activity_at, p.created_at, p.updated_at, p.edited_at,
	coalesce(u.first_name, ''), coalesce(u.last_name, ''), coalesce(cp.handle, ''),
	coalesce(c.slug, ''), coalesce(c.name_en, ''), coalesce(c.name_mn, ''), coalesce(c.visibility, ''), coalesce(c.status, ''),
	coalesce(f.slug, ''), coalesce(f.name_en, ''), coalesce(f.name_mn, '')`

const postFrom = ` FROM posts p LEFT JOIN users u ON u.id = p.author_id LEFT JOIN community_profiles cp ON cp.user_id = p.author_id
	LEFT JOIN communities c ON c.id = p.community_id LEFT JOIN forums f ON f.id = p.forum_id `

func scanPost(sc scanner) (*Post, error) {
	p := &Post{}
	var publishAt, publishedAt, editedAt *string
	var last, created, updated string
	err := sc.Scan(&p.ID, &p.Kind, &p.Slug, &p.CommunityID, &p.ForumID, &p.AuthorID, &p.Lang, &p.Title, &p.Body, &p.BodyHTML,
		&p.Excerpt, &p.CoverFileID, &p.Status, &publishAt, &publishedAt, &p.Locked, &p.Pinned, &p.SlowMode, &p.CommentCount,
		&last, &created, &updated, &editedAt, &p.AuthorFirst, &p.AuthorLast, &p.AuthorHandle,
		&p.CommunitySlug, &p.CommunityNameEn, &p.CommunityNameMn, &p.CommunityVisibility, &p.CommunityStatus,
		&p.ForumSlug, &p.ForumNameEn, &p.ForumNameMn)
	if err != nil {
		return nil, mapErr(err)
	}
	p.PublishAt, p.PublishedAt, p.EditedAt = nullT(publishAt), nullT(publishedAt), nullT(editedAt)
	p.LastActivityAt, p.CreatedAt, p.UpdatedAt = ParseT(last), ParseT(created), ParseT(updated)
	return p, nil
}

func postTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return T(t)
}

// PostByID returns a post or topic in any status, with its tags.
func (s *Store) PostByID(ctx context.Context, id int64) (*Post, error) {
	return s.postWhere(ctx, `p.id = ?`, id)
}

// PostBySlug returns a post or topic in any status, with its tags.
func (s *Store) PostBySlug(ctx context.Context, slug string) (*Post, error) {
	return s.postWhere(ctx, `p.slug = ?`, slug)
}

func (s *Store) postWhere(ctx context.Context, cond string, arg any) (*Post, error) {
	p, err := scanPost(s.row(ctx, `SELECT `+postCols+postFrom+`WHERE `+cond, arg))
	if err != nil {
		return nil, err
	}
	tags, err := s.PostTags(ctx, []int64{p.ID})
	p.Tags = tags[p.ID]
	return p, err
}

// PostSlugTaken reports whether a post or topic already uses slug.
func (s *Store) PostSlugTaken(ctx context.Context, slug string) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM posts WHERE slug = ?`, slug).Scan(&n)
	return n > 0, mapErr(err)
}

// InsertPost stores a new post or topic (its id is set) with its tags. Publishing a topic at
// once (status published) also counts it in its forum and community.
func (s *Store) InsertPost(ctx context.Context, p *Post, now time.Time) error {
	err := s.writeRow(ctx, []any{&p.ID}, `INSERT INTO posts (kind, slug, community_id, forum_id, author_id, lang, title, body,
		body_html, excerpt, status, publish_at, published_at, last_activity_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.Kind, p.Slug, nullID(p.CommunityID), nullID(p.ForumID), nullID(p.AuthorID), p.Lang, p.Title, p.Body, p.BodyHTML,
		p.Excerpt, p.Status, postTime(p.PublishAt), postTime(p.PublishedAt), T(now), T(now), T(now))
	if err != nil {
		return err
	}
	p.CreatedAt, p.UpdatedAt, p.LastActivityAt = now, now, now
	if err := s.SetPostTags(ctx, p.ID, p.Tags); err != nil {
		return err
	}
	if p.Status == "published" {
		return s.countPost(ctx, p, 1)
	}
	return nil
}

// countPost adds d to the counts of the community (posts) and forum (topics) of p.
func (s *Store) countPost(ctx context.Context, p *Post, d int) error {
	if p.ForumID != 0 {
		if _, err := s.exec(ctx, `UPDATE forums SET topic_count = max(topic_count + ?, 0) WHERE id = ?`, d, p.ForumID); err != nil {
			return err
		}
	}
	if p.CommunityID != 0 {
		_, err := s.exec(ctx, `UPDATE communities SET post_count = max(post_count + ?, 0) WHERE id = ?`, d, p.CommunityID)
		return err
	}
	return nil
}

// UpdatePost saves what the author edits (title, body, excerpt, language, tags). edited marks
// a change to something already published.
func (s *Store) UpdatePost(ctx context.Context, p *Post, edited bool, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE posts SET title = ?, body = ?, body_html = ?, excerpt = ?, lang = ?, updated_at = ?,
		edited_at = coalesce(?, edited_at) WHERE id = ?`, p.Title, p.Body, p.BodyHTML, p.Excerpt, p.Lang, T(now),
		postTime(postIf(edited, now)), p.ID)
	if err != nil {
		return err
	}
	if err := oneRow(res); err != nil {
		return err
	}
	p.UpdatedAt = now
	return s.SetPostTags(ctx, p.ID, p.Tags)
}

func postIf(ok bool, t time.Time) time.Time {
	if ok {
		return t
	}
	return time.Time{}
}

// SetPostStatus moves a post from one of from to status (publishAt for scheduled; publishing
// stamps published_at once). A post no longer in from is ErrConflict. The community's and
// forum's counts follow what is published.
func (s *Store) SetPostStatus(ctx context.Context, p *Post, from []string, status string, publishAt, now time.Time) error {
	publishedAt := p.PublishedAt
	if status == "published" && publishedAt.IsZero() {
		publishedAt = now
	}
	args := []any{status, postTime(publishAt), postTime(publishedAt), T(now), T(now), p.ID}
	res, err := s.exec(ctx, `UPDATE posts SET status = ?, publish_at = ?, published_at = ?, updated_at = ?,
		last_activity_at = CASE WHEN published_at IS NULL THEN ? ELSE last_activity_at END
		WHERE id = ? AND status IN (`+placeholders(len(from))+`)`, append(args, anys(from)...)...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	was := p.Status
	p.Status, p.PublishAt, p.PublishedAt, p.UpdatedAt = status, publishAt, publishedAt, now
	switch {
	case was != "published" && status == "published":
		return s.countPost(ctx, p, 1)
	case was == "published" && status != "published":
		return s.countPost(ctx, p, -1)
	}
	return nil
}

// DeletePost deletes a post (its tags, covers and search text go with it; the caller deletes
// the cover files through the file store).
func (s *Store) DeletePost(ctx context.Context, p *Post) error {
	if _, err := s.exec(ctx, `DELETE FROM post_search WHERE rowid = ?`, p.ID); err != nil {
		return err
	}
	res, err := s.exec(ctx, `DELETE FROM posts WHERE id = ?`, p.ID)
	if err != nil {
		return err
	}
	if err := oneRow(res); err != nil {
		return err
	}
	if p.Status == "published" {
		return s.countPost(ctx, p, -1)
	}
	return nil
}

// SetTopicSettings sets a topic's slow mode (minutes), lock and pin.
func (s *Store) SetTopicSettings(ctx context.Context, id int64, slowMode int, locked, pinned bool, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE posts SET slow_mode = ?, locked = ?, pinned = ?, updated_at = ? WHERE id = ?`,
		slowMode, locked, pinned, T(now), id)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// SetPostTags replaces the post's tags.
func (s *Store) SetPostTags(ctx context.Context, id int64, tags []string) error {
	if _, err := s.exec(ctx, `DELETE FROM post_tags WHERE post_id = ?`, id); err != nil {
		return err
	}
	for _, t := range tags {
		if _, err := s.exec(ctx, `INSERT OR IGNORE INTO post_tags (post_id, tag) VALUES (?, ?)`, id, t); err != nil {
			return err
		}
	}
	return nil
}

// PostTags returns the tags of each post, sorted.
func (s *Store) PostTags(ctx context.Context, ids []int64) (map[int64][]string, error) {
	out := map[int64][]string{}
	if len(ids) == 0 {
		return out, nil
	}
	args := anys(ids)
	rows, err := s.rows(ctx, `SELECT post_id, tag FROM post_tags WHERE post_id IN (`+placeholders(len(ids))+`) ORDER BY post_id, tag`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var t string
		if err := rows.Scan(&id, &t); err != nil {
			return nil, err
		}
		out[id] = append(out[id], t)
	}
	return out, rows.Err()
}

// IndexPost replaces a post's search text (folded with app/platform/search).
func (s *Store) IndexPost(ctx context.Context, id int64, text string) error {
	if _, err := s.exec(ctx, `DELETE FROM post_search WHERE rowid = ?`, id); err != nil {
		return err
	}
	if text == "" {
		return nil
	}
	if err := s.addSearchTerms(ctx, "post_search", text); err != nil {
		return err
	}
	return s.execLater(ctx, `INSERT INTO post_search (rowid, text) VALUES (?, ?)`, id, text)
}

// PostCursor is a keyset position in a list of posts (newest first).
type PostCursor struct {
	At string `json:"a"`
	ID int64  `json:"i"`
}

// PostFilter selects published posts and topics a viewer may read.
type PostFilter struct {
	Viewer      int64     // 0: signed out
	Now         time.Time // for suspensions that have ended
	Kind        string    // post, topic, "" both
	CommunityID int64
	Platform    bool // only the platform-wide posts
	ForumID     int64
	Tag         string
	Lang        string // en or mn: that language or both
	Match       string // an FTS5 expression from search.Match
	After       *PostCursor
	Limit       int
}

// ReadableCond is the SQL condition that keeps the posts (alias p, communities c joined) a
// viewer may read when published: platform-wide, or in an active community that is public or
// of which the viewer is an active member; and not by someone hidden from the viewer.
func ReadableCond(viewer int64, now time.Time) (string, []any) {
	hidden, hargs := NotHiddenFor("p.author_id", viewer)
	q := `(p.community_id IS NULL OR (c.status = 'active' AND (c.visibility = 'public' OR EXISTS (SELECT 1 FROM community_members m
		WHERE m.community_id = p.community_id AND m.user_id = ? AND (m.status = 'active' OR (m.status = 'suspended'
		AND m.suspended_until IS NOT NULL AND m.suspended_until <= ?)))))) AND ` + hidden
	return q, append([]any{viewer, T(now)}, hargs...)
}

// PostSearchMax is how many of the newest matches a search looks at: a word in almost every
// post still answers quickly, and the search pages through the newest 5,000 matches.
const PostSearchMax = 5000

// ListPosts returns the published posts and topics f selects, newest first, and the cursor
// of the next page (nil at the end).
func (s *Store) ListPosts(ctx context.Context, f PostFilter) ([]*Post, *PostCursor, error) {
	where := []string{`p.status = 'published'`}
	var args []any
	add := func(c string, a ...any) { where = append(where, c); args = append(args, a...) }
	rc, ra := ReadableCond(f.Viewer, f.Now)
	add(rc, ra...)
	if f.Kind != "" {
		add(`p.kind = ?`, f.Kind)
	}
	if f.CommunityID != 0 {
		add(`p.community_id = ?`, f.CommunityID)
	}
	if f.Platform {
		add(`p.community_id IS NULL`)
	}
	if f.ForumID != 0 {
		add(`p.forum_id = ?`, f.ForumID)
	}
	if f.Tag != "" {
		add(`EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = p.id AND t.tag = ?)`, f.Tag)
	}
	if f.Lang != "" {
		add(`p.lang IN (?, 'both')`, f.Lang)
	}
	if f.Match != "" {
		m, err := s.expandMatch(ctx, "post_search", f.Match)
		if err != nil {
			return nil, nil, err
		}
		// The newest PostSearchMax matches (ids grow with time), read once into a list. Few
		// matches (under fewMatches): the list drives, its posts are looked up and sorted. Many
		// (a common word): the published index is walked newest-first and each post probed in
		// the list ("+" keeps the planner from driving with the list), stopping at the page.
		// EXISTS … MATCH ? AND rowid = p.id per row was far slower for a common word.
		var n int
		if err := s.row(ctx, `SELECT count(*) FROM (SELECT 1 FROM post_search WHERE post_search MATCH ? LIMIT `+
			strconv.Itoa(fewMatches)+`)`, m).Scan(&n); err != nil {
			return nil, nil, mapErr(err)
		}
		in := `p.id IN `
		if n >= fewMatches {
			in = `+p.id IN `
		}
		add(in+`(SELECT rowid FROM post_search WHERE post_search MATCH ? ORDER BY rowid DESC LIMIT `+
			strconv.Itoa(PostSearchMax)+`)`, m)
	}
	if f.After != nil {
		add(`(p.published_at, p.id) < (?, ?)`, f.After.At, f.After.ID)
	}
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	rows, err := s.rows(ctx, `SELECT `+postCols+postFrom+`WHERE `+strings.Join(where, ` AND `)+
		` ORDER BY p.published_at DESC, p.id DESC LIMIT ?`, append(args, limit+1)...)
	if err != nil {
		return nil, nil, err
	}
	list, err := scanPosts(rows)
	if err != nil {
		return nil, nil, err
	}
	var next *PostCursor
	if len(list) > limit {
		list = list[:limit]
		last := list[limit-1]
		next = &PostCursor{At: T(last.PublishedAt), ID: last.ID}
	}
	return list, next, s.withTags(ctx, list)
}

func scanPosts(rows *sql.Rows) ([]*Post, error) {
	defer rows.Close()
	list := []*Post{}
	for rows.Next() {
		p, err := scanPost(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, p)
	}
	return list, rows.Err()
}

func (s *Store) withTags(ctx context.Context, list []*Post) error {
	ids := make([]int64, len(list))
	for i, p := range list {
		ids[i] = p.ID
	}
	tags, err := s.PostTags(ctx, ids)
	for _, p := range list {
		p.Tags = tags[p.ID]
	}
	return err
}

// AuthorPosts returns an author's posts and topics in every status, most recently changed
// first (keyset on updated_at, id); status "" for all.
func (s *Store) AuthorPosts(ctx context.Context, authorID int64, status string, after *PostCursor, limit int) ([]*Post, *PostCursor, error) {
	where := `p.author_id = ?`
	args := []any{authorID}
	if status != "" {
		where += ` AND p.status = ?`
		args = append(args, status)
	}
	if after != nil {
		where += ` AND (p.updated_at < ? OR (p.updated_at = ? AND p.id < ?))`
		args = append(args, after.At, after.At, after.ID)
	}
	rows, err := s.rows(ctx, `SELECT `+postCols+postFrom+`WHERE `+where+` ORDER BY p.updated_at DESC, p.id DESC LIMIT ?`,
		append(args, limit+1)...)
	if err != nil {
		return nil, nil, err
	}
	list, err := scanPosts(rows)
	if err != nil {
		return nil, nil, err
	}
	var next *PostCursor
	if len(list) > limit {
		list = list[:limit]
		next = &PostCursor{At: T(list[limit-1].UpdatedAt), ID: list[limit-1].ID}
	}
	return list, next, s.withTags(ctx, list)
}

// DuePosts returns the ids of scheduled posts whose time has come.
func (s *Store) DuePosts(ctx context.Context, now time.Time, limit int) ([]int64, error) {
	return s.ids(ctx, `SELECT id FROM posts WHERE status = 'scheduled' AND publish_at <= ? ORDER BY publish_at, id LIMIT ?`, T(now), limit)
}

// SitemapPosts returns the public published posts and topics (platform-wide, or in public
// active communities), newest first.
func (s *Store) SitemapPosts(ctx context.Context, limit int) ([]*Post, error) {
	rows, err := s.rows(ctx, `SELECT `+postCols+postFrom+`WHERE p.status = 'published'
		AND (p.community_id IS NULL OR (c.status = 'active' AND c.visibility = 'public'))
		ORDER BY p.published_at DESC, p.id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	return scanPosts(rows)
}

// PostModerationReason returns the reason of the latest hide or remove decision on a post or
// topic ("" when none is recorded: hidden by reports).
func (s *Store) PostModerationReason(ctx context.Context, id int64) (string, error) {
	var reason string
	err := s.row(ctx, `SELECT reason FROM moderation_actions WHERE target_type IN ('post', 'topic') AND target_id = ?
		AND action IN ('hide', 'remove', 'auto_hide') ORDER BY id DESC LIMIT 1`, id).Scan(&reason)
	if IsNotFound(mapErr(err)) {
		return "", nil
	}
	return reason, mapErr(err)
}

// CommunityBySlugRef is a community's id, for filters given by slug (ErrNotFound when none).
func (s *Store) CommunityIDBySlug(ctx context.Context, slug string) (int64, error) {
	var id int64
	err := s.row(ctx, `SELECT id FROM communities WHERE slug = ?`, slug).Scan(&id)
	return id, mapErr(err)
}

// ForumRef is a forum and its community.
type ForumRef struct {
	ID, CommunityID int64
	Slug            string
}

// ForumBySlugs returns the forum slug of the community slug.
func (s *Store) ForumBySlugs(ctx context.Context, community, forum string) (*ForumRef, error) {
	f := &ForumRef{Slug: forum}
	err := s.row(ctx, `SELECT f.id, f.community_id FROM forums f JOIN communities c ON c.id = f.community_id
		WHERE c.slug = ? AND f.slug = ?`, community, forum).Scan(&f.ID, &f.CommunityID)
	if err != nil {
		return nil, mapErr(err)
	}
	return f, nil
}

// PostCover is one size of a post's cover.
type PostCover struct {
	PostID        int64
	Width, Height int
	FileID        int64
}

// PostCovers returns the sizes of the covers of posts, widest first.
func (s *Store) PostCovers(ctx context.Context, ids []int64) (map[int64][]PostCover, error) {
	out := map[int64][]PostCover{}
	if len(ids) == 0 {
		return out, nil
	}
	args := anys(ids)
	rows, err := s.rows(ctx, `SELECT post_id, width, height, file_id FROM post_covers WHERE post_id IN (`+placeholders(len(ids))+
		`) ORDER BY post_id, width DESC`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var c PostCover
		if err := rows.Scan(&c.PostID, &c.Width, &c.Height, &c.FileID); err != nil {
			return nil, err
		}
		out[c.PostID] = append(out[c.PostID], c)
	}
	return out, rows.Err()
}

// SetPostCover replaces the post's cover sizes (the first is the largest, named by
// posts.cover_file_id); none removes the cover. It returns the file ids of the old sizes,
// for the caller to delete.
func (s *Store) SetPostCover(ctx context.Context, postID int64, sizes []PostCover, now time.Time) ([]int64, error) {
	old, err := s.ids(ctx, `SELECT file_id FROM post_covers WHERE post_id = ?`, postID)
	if err != nil {
		return nil, err
	}
	if _, err := s.exec(ctx, `DELETE FROM post_covers WHERE post_id = ?`, postID); err != nil {
		return nil, err
	}
	var cover any
	for i, c := range sizes {
		if i == 0 {
			cover = c.FileID
		}
		if _, err := s.exec(ctx, `INSERT INTO post_covers (post_id, width, height, file_id) VALUES (?, ?, ?, ?)`,
			postID, c.Width, c.Height, c.FileID); err != nil {
			return nil, err
		}
	}
	res, err := s.exec(ctx, `UPDATE posts SET cover_file_id = ?, updated_at = ? WHERE id = ?`, cover, T(now), postID)
	if err != nil {
		return nil, err
	}
	return old, oneRow(res)
}

// PostOfCover returns the post whose cover (any size) is the file, or ErrNotFound.
func (s *Store) PostOfCover(ctx context.Context, fileID int64) (*Post, error) {
	return s.postWhere(ctx, `p.id = (SELECT post_id FROM post_covers WHERE file_id = ?)`, fileID)
}

// AuthorPostIDs returns the ids of every post and topic of an author (for erasure).
func (s *Store) AuthorPostIDs(ctx context.Context, authorID int64) ([]int64, error) {
	return s.ids(ctx, `SELECT id FROM posts WHERE author_id = ?`, authorID)
}

// CoverFileIDs returns the cover files of posts (for erasure).
func (s *Store) CoverFileIDs(ctx context.Context, postIDs []int64) ([]int64, error) {
	if len(postIDs) == 0 {
		return nil, nil
	}
	args := anys(postIDs)
	return s.ids(ctx, `SELECT file_id FROM post_covers WHERE post_id IN (`+placeholders(len(postIDs))+`)`, args...)
}

// UnindexPosts removes posts' search text.
func (s *Store) UnindexPosts(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		if _, err := s.exec(ctx, `DELETE FROM post_search WHERE rowid = ?`, id); err != nil {
			return err
		}
	}
	return nil
}

// ActiveMemberOf returns an active member of a community (its admins first, then the
// earliest), or ErrNotFound.
func (s *Store) ActiveMemberOf(ctx context.Context, communityID int64) (int64, error) {
	var id int64
	err := s.row(ctx, `SELECT user_id FROM community_members WHERE community_id = ? AND status = 'active'
		ORDER BY role = 'admin' DESC, joined_at, user_id LIMIT 1`, communityID).Scan(&id)
	return id, mapErr(err)
}
