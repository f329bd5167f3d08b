package db

// The communities part of the communities store (app/communities): communities and their
// requests, membership and roles, forums and their topics, follows, and profiles (handles).

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// Community is a stored community.
type Community struct {
	ID             int64
	Slug           string
	NameEn         string
	NameMn         string
	DescriptionEn  string
	DescriptionMn  string
	RulesEn        string
	RulesMn        string
	Visibility     string // public, members
	JoinPolicy     string // open, approval
	Status         string // requested, active, rejected, suspended
	Reason         string
	OrganizationID int64
	OrgName        string
	AutoHide       int
	MemberCount    int
	PostCount      int
	CreatedBy      int64
	CreatorName    string
	CreatedAt      time.Time
	UpdatedAt      time.Time
	DecidedAt      time.Time
}

const communityCols = `c.id, c.slug, c.name_en, c.name_mn, c.description_en, c.description_mn, c.rules_en, c.rules_mn,
	c.visibility, c.join_policy, c.status, c.reason, coalesce(c.organization_id, 0), coalesce(o.name, ''), c.auto_hide,
	c.member_count, c.post_count, coalesce(c.created_by, 0), coalesce(u.first_name || ' ' || u.last_name, ''),
	c.created_at, c.updated_at, c.decided_at`

const communityFrom = ` FROM communities c LEFT JOIN organizations o ON o.id = c.organization_id
	LEFT JOIN users u ON u.id = c.created_by `

func scanCommunity(row scanner) (*Community, error) {
	var c Community
	var created, updated string
	var decided *string
	err := row.Scan(&c.ID, &c.Slug, &c.NameEn, &c.NameMn, &c.DescriptionEn, &c.DescriptionMn, &c.RulesEn, &c.RulesMn,
		&c.Visibility, &c.JoinPolicy, &c.Status, &c.Reason, &c.OrganizationID, &c.OrgName, &c.AutoHide,
		&c.MemberCount, &c.PostCount, &c.CreatedBy, &c.CreatorName, &created, &updated, &decided)
	if err != nil {
		return nil, mapErr(err)
	}
	c.CreatedAt, c.UpdatedAt, c.DecidedAt = ParseT(created), ParseT(updated), nullT(decided)
	return &c, nil
}

func (s *Store) communities(ctx context.Context, q string, args ...any) ([]*Community, error) {
	rows, err := s.rows(ctx, `SELECT `+communityCols+communityFrom+q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []*Community{}
	for rows.Next() {
		c, err := scanCommunity(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, mapErr(rows.Err())
}

// CommunityBySlug returns a community by its slug, or ErrNotFound.
func (s *Store) CommunityBySlug(ctx context.Context, slug string) (*Community, error) {
	return scanCommunity(s.row(ctx, `SELECT `+communityCols+communityFrom+`WHERE c.slug = ?`, slug))
}

// CommunityByID returns a community by its id, or ErrNotFound.
func (s *Store) CommunityByID(ctx context.Context, id int64) (*Community, error) {
	return scanCommunity(s.row(ctx, `SELECT `+communityCols+communityFrom+`WHERE c.id = ?`, id))
}

// CommunitySlugTaken reports whether a community has the slug.
func (s *Store) CommunitySlugTaken(ctx context.Context, slug string) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM communities WHERE slug = ?`, slug).Scan(&n)
	return n > 0, mapErr(err)
}

// CreateCommunity stores c (its slug already unique) and returns its id.
func (s *Store) CreateCommunity(ctx context.Context, c *Community, now time.Time) (int64, error) {
	var org, by any
	if c.OrganizationID != 0 {
		org = c.OrganizationID
	}
	if c.CreatedBy != 0 {
		by = c.CreatedBy
	}
	var decided any
	if c.Status == "active" {
		decided = T(now)
	}
	res, err := s.exec(ctx, `INSERT INTO communities (slug, name_en, name_mn, description_en, description_mn, rules_en, rules_mn,
		visibility, join_policy, status, organization_id, auto_hide, created_by, created_at, updated_at, decided_by, decided_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.Slug, c.NameEn, c.NameMn, c.DescriptionEn, c.DescriptionMn, c.RulesEn, c.RulesMn, c.Visibility, c.JoinPolicy,
		c.Status, org, c.AutoHide, by, T(now), T(now), map[bool]any{true: by, false: nil}[c.Status == "active"], decided)
	if err != nil {
		return 0, mapErr(err)
	}
	return res.LastInsertId()
}

// UpdateCommunity saves what a community's admins edit.
func (s *Store) UpdateCommunity(ctx context.Context, c *Community, now time.Time) error {
	return affected(s.exec(ctx, `UPDATE communities SET name_en = ?, name_mn = ?, description_en = ?, description_mn = ?,
		rules_en = ?, rules_mn = ?, visibility = ?, join_policy = ?, auto_hide = ?, updated_at = ? WHERE id = ?`,
		c.NameEn, c.NameMn, c.DescriptionEn, c.DescriptionMn, c.RulesEn, c.RulesMn, c.Visibility, c.JoinPolicy,
		c.AutoHide, T(now), c.ID))
}

// SetCommunityStatus records a platform admin's decision on a community.
func (s *Store) SetCommunityStatus(ctx context.Context, id int64, status, reason string, by int64, now time.Time) error {
	return affected(s.exec(ctx, `UPDATE communities SET status = ?, reason = ?, decided_by = ?, decided_at = ?, updated_at = ?
		WHERE id = ?`, status, reason, by, T(now), T(now), id))
}

// IndexCommunity replaces a community's search text.
func (s *Store) IndexCommunity(ctx context.Context, id int64, body string) error {
	if _, err := s.exec(ctx, `DELETE FROM community_search WHERE rowid = ?`, id); err != nil {
		return err
	}
	if body == "" {
		return nil
	}
	if err := s.addSearchTerms(ctx, "community_search", body); err != nil {
		return err
	}
	return s.execLater(ctx, `INSERT INTO community_search (rowid, text) VALUES (?, ?)`, id, body)
}

// CommunityCursor is the position after the last community of a page (by members, then id).
type CommunityCursor struct {
	Members int   `json:"m"`
	ID      int64 `json:"i"`
}

// CommunityFilter selects active communities: the public ones and those Viewer is a member
// of (any status), matching Match (an FTS5 expression, "" for none).
type CommunityFilter struct {
	Viewer int64
	Match  string
	After  *CommunityCursor
	Limit  int
}

// ListCommunities returns a page of active communities, most members first, and the cursor
// of the next page (nil at the end).
func (s *Store) ListCommunities(ctx context.Context, f CommunityFilter) ([]*Community, *CommunityCursor, error) {
	where := []string{`c.status = 'active'`, `(c.visibility = 'public' OR c.id IN (SELECT community_id FROM community_members WHERE user_id = ?))`}
	args := []any{f.Viewer}
	if f.Match != "" {
		m, err := s.expandMatch(ctx, "community_search", f.Match)
		if err != nil {
			return nil, nil, err
		}
		where = append(where, `c.id IN (SELECT rowid FROM community_search WHERE community_search MATCH ?)`)
		args = append(args, m)
	}
	if f.After != nil {
		where = append(where, `(c.member_count < ? OR (c.member_count = ? AND c.id > ?))`)
		args = append(args, f.After.Members, f.After.Members, f.After.ID)
	}
	args = append(args, f.Limit+1)
	list, err := s.communities(ctx, `WHERE `+strings.Join(where, ` AND `)+` ORDER BY c.member_count DESC, c.id LIMIT ?`, args...)
	if err != nil {
		return nil, nil, err
	}
	if len(list) > f.Limit {
		list = list[:f.Limit]
		last := list[len(list)-1]
		return list, &CommunityCursor{Members: last.MemberCount, ID: last.ID}, nil
	}
	return list, nil, nil
}

// CommunitiesByStatus returns the communities in one of statuses, oldest first (the admins' queue).
func (s *Store) CommunitiesByStatus(ctx context.Context, statuses []string, limit int) ([]*Community, error) {
	if len(statuses) == 0 {
		return []*Community{}, nil
	}
	args := make([]any, 0, len(statuses)+1)
	for _, st := range statuses {
		args = append(args, st)
	}
	args = append(args, limit)
	return s.communities(ctx, `WHERE c.status IN (`+placeholders(len(statuses))+`) ORDER BY c.created_at, c.id LIMIT ?`, args...)
}

// CountCommunitiesByStatus counts communities per status.
func (s *Store) CountCommunitiesByStatus(ctx context.Context) (map[string]int, error) {
	return s.countByStatus(ctx, `SELECT status, count(*) FROM communities GROUP BY status`)
}

// MyCommunity is one of a person's communities: their membership, or a request they made.
type MyCommunity struct {
	Community *Community
	Role      string // "" when not a member (a request someone else decided on)
	Status    string // membership status
}

// CommunitiesOf returns the communities userID belongs to (any membership status) or asked
// for, newest first.
func (s *Store) CommunitiesOf(ctx context.Context, userID int64) ([]MyCommunity, error) {
	rows, err := s.rows(ctx, `SELECT `+communityCols+`, coalesce(m.role, ''), coalesce(m.status, '')`+communityFrom+
		`LEFT JOIN community_members m ON m.community_id = c.id AND m.user_id = ?
		WHERE m.user_id IS NOT NULL OR c.created_by = ? ORDER BY c.id DESC LIMIT 500`, userID, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []MyCommunity{}
	for rows.Next() {
		var mc MyCommunity
		var c Community
		var created, updated string
		var decided *string
		if err := rows.Scan(&c.ID, &c.Slug, &c.NameEn, &c.NameMn, &c.DescriptionEn, &c.DescriptionMn, &c.RulesEn, &c.RulesMn,
			&c.Visibility, &c.JoinPolicy, &c.Status, &c.Reason, &c.OrganizationID, &c.OrgName, &c.AutoHide,
			&c.MemberCount, &c.PostCount, &c.CreatedBy, &c.CreatorName, &created, &updated, &decided, &mc.Role, &mc.Status); err != nil {
			return nil, mapErr(err)
		}
		c.CreatedAt, c.UpdatedAt, c.DecidedAt = ParseT(created), ParseT(updated), nullT(decided)
		mc.Community = &c
		out = append(out, mc)
	}
	return out, mapErr(rows.Err())
}

// PutMember adds or replaces userID's membership of communityID and recounts the members.
func (s *Store) PutMember(ctx context.Context, communityID, userID int64, role, status string, now time.Time) error {
	if _, err := s.exec(ctx, `INSERT INTO community_members (community_id, user_id, role, status, joined_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (community_id, user_id) DO UPDATE SET role = excluded.role, status = excluded.status, joined_at = excluded.joined_at`,
		communityID, userID, role, status, T(now)); err != nil {
		return mapErr(err)
	}
	return s.recountMembers(ctx, communityID)
}

// SetMemberRole changes a member's role.
func (s *Store) SetMemberRole(ctx context.Context, communityID, userID int64, role string) error {
	return affected(s.exec(ctx, `UPDATE community_members SET role = ? WHERE community_id = ? AND user_id = ?`, role, communityID, userID))
}

// SetMemberStatus changes a membership's status (a pending request approved) and recounts.
func (s *Store) SetMemberStatus(ctx context.Context, communityID, userID int64, status string, now time.Time) error {
	if err := affected(s.exec(ctx, `UPDATE community_members SET status = ?, joined_at = ? WHERE community_id = ? AND user_id = ?`,
		status, T(now), communityID, userID)); err != nil {
		return err
	}
	return s.recountMembers(ctx, communityID)
}

// RemoveMember deletes a membership (leaving, a refused request) and recounts.
func (s *Store) RemoveMember(ctx context.Context, communityID, userID int64) error {
	if err := affected(s.exec(ctx, `DELETE FROM community_members WHERE community_id = ? AND user_id = ?`, communityID, userID)); err != nil {
		return err
	}
	return s.recountMembers(ctx, communityID)
}

func (s *Store) recountMembers(ctx context.Context, communityID int64) error {
	_, err := s.exec(ctx, `UPDATE communities SET member_count = (SELECT count(*) FROM community_members
		WHERE community_id = ? AND status IN ('active', 'suspended')) WHERE id = ?`, communityID, communityID)
	return mapErr(err)
}

// CountAdmins counts the active admins of a community.
func (s *Store) CountAdmins(ctx context.Context, communityID int64) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM community_members WHERE community_id = ? AND role = 'admin' AND status = 'active'`,
		communityID).Scan(&n)
	return n, mapErr(err)
}

// CommunityStaff returns the ids of the community's active members with one of roles.
func (s *Store) CommunityStaff(ctx context.Context, communityID int64, roles ...string) ([]int64, error) {
	args := []any{communityID}
	for _, r := range roles {
		args = append(args, r)
	}
	return s.ids(ctx, `SELECT user_id FROM community_members WHERE community_id = ? AND status = 'active' AND role IN (`+
		placeholders(len(roles))+`) ORDER BY user_id`, args...)
}

// PlatformAdmins returns the ids of the platform's admins.
func (s *Store) PlatformAdmins(ctx context.Context) ([]int64, error) {
	return s.ids(ctx, `SELECT id FROM users WHERE is_admin = 1 ORDER BY id`)
}

// MemberRow is a member in a community's list of members.
type MemberRow struct {
	UserID    int64
	FirstName string
	LastName  string
	Handle    string
	Role      string
	Status    string
	JoinedAt  time.Time
}

// MemberFilter selects a community's members: Statuses (empty: active and suspended), the
// people Viewer may see (db.NotHiddenFor), after the user id After, admins first.
type MemberFilter struct {
	CommunityID int64
	Statuses    []string
	Viewer      int64
	After       int64
	Limit       int
}

// CommunityMembers returns a page of a community's members (by user id) and whether more follow.
func (s *Store) CommunityMembers(ctx context.Context, f MemberFilter) ([]MemberRow, bool, error) {
	if len(f.Statuses) == 0 {
		f.Statuses = []string{"active", "suspended"}
	}
	cond, cargs := NotHiddenFor("m.user_id", f.Viewer)
	args := []any{f.CommunityID}
	for _, st := range f.Statuses {
		args = append(args, st)
	}
	args = append(args, cargs...)
	args = append(args, f.After, f.Limit+1)
	rows, err := s.rows(ctx, `SELECT m.user_id, u.first_name, u.last_name, coalesce(p.handle, ''), m.role, m.status, m.joined_at
		FROM community_members m JOIN users u ON u.id = m.user_id LEFT JOIN community_profiles p ON p.user_id = m.user_id
		WHERE m.community_id = ? AND m.status IN (`+placeholders(len(f.Statuses))+`) AND `+cond+` AND m.user_id > ?
		ORDER BY m.user_id LIMIT ?`, args...)
	if err != nil {
		return nil, false, mapErr(err)
	}
	defer rows.Close()
	out := []MemberRow{}
	for rows.Next() {
		var m MemberRow
		var joined string
		if err := rows.Scan(&m.UserID, &m.FirstName, &m.LastName, &m.Handle, &m.Role, &m.Status, &joined); err != nil {
			return nil, false, mapErr(err)
		}
		m.JoinedAt = ParseT(joined)
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, false, mapErr(err)
	}
	more := len(out) > f.Limit
	if more {
		out = out[:f.Limit]
	}
	return out, more, nil
}

// CountPendingMembers counts the requests to join a community.
func (s *Store) CountPendingMembers(ctx context.Context, communityID int64) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM community_members WHERE community_id = ? AND status = 'pending'`, communityID).Scan(&n)
	return n, mapErr(err)
}

// Forum is a category of a community.
type Forum struct {
	ID            int64
	CommunityID   int64
	Slug          string
	NameEn        string
	NameMn        string
	DescriptionEn string
	DescriptionMn string
	Position      int
	TopicCount    int
	CreatedAt     time.Time
}

const forumCols = `id, community_id, slug, name_en, name_mn, description_en, description_mn, position, topic_count, created_at`

func scanForum(row scanner) (*Forum, error) {
	var f Forum
	var created string
	if err := row.Scan(&f.ID, &f.CommunityID, &f.Slug, &f.NameEn, &f.NameMn, &f.DescriptionEn, &f.DescriptionMn,
		&f.Position, &f.TopicCount, &created); err != nil {
		return nil, mapErr(err)
	}
	f.CreatedAt = ParseT(created)
	return &f, nil
}

// ForumsOf returns a community's forums in their order.
func (s *Store) ForumsOf(ctx context.Context, communityID int64) ([]*Forum, error) {
	rows, err := s.rows(ctx, `SELECT `+forumCols+` FROM forums WHERE community_id = ? ORDER BY position, id`, communityID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []*Forum{}
	for rows.Next() {
		f, err := scanForum(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}

// ForumBySlug returns a community's forum, or ErrNotFound.
func (s *Store) ForumBySlug(ctx context.Context, communityID int64, slug string) (*Forum, error) {
	return scanForum(s.row(ctx, `SELECT `+forumCols+` FROM forums WHERE community_id = ? AND slug = ?`, communityID, slug))
}

// ForumByID returns a forum, or ErrNotFound.
func (s *Store) ForumByID(ctx context.Context, id int64) (*Forum, error) {
	return scanForum(s.row(ctx, `SELECT `+forumCols+` FROM forums WHERE id = ?`, id))
}

// ForumSlugTaken reports whether the community has a forum with the slug.
func (s *Store) ForumSlugTaken(ctx context.Context, communityID int64, slug string) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM forums WHERE community_id = ? AND slug = ?`, communityID, slug).Scan(&n)
	return n > 0, mapErr(err)
}

// CreateForum adds a forum at the end of the community's list.
func (s *Store) CreateForum(ctx context.Context, f *Forum, now time.Time) (int64, error) {
	res, err := s.exec(ctx, `INSERT INTO forums (community_id, slug, name_en, name_mn, description_en, description_mn, position, created_at)
		VALUES (?, ?, ?, ?, ?, ?, (SELECT coalesce(max(position), 0) + 1 FROM forums WHERE community_id = ?), ?)`,
		f.CommunityID, f.Slug, f.NameEn, f.NameMn, f.DescriptionEn, f.DescriptionMn, f.CommunityID, T(now))
	if err != nil {
		return 0, mapErr(err)
	}
	return res.LastInsertId()
}

// UpdateForum saves a forum's names and descriptions.
func (s *Store) UpdateForum(ctx context.Context, f *Forum) error {
	return affected(s.exec(ctx, `UPDATE forums SET name_en = ?, name_mn = ?, description_en = ?, description_mn = ? WHERE id = ?`,
		f.NameEn, f.NameMn, f.DescriptionEn, f.DescriptionMn, f.ID))
}

// SetForumPosition places a forum.
func (s *Store) SetForumPosition(ctx context.Context, id int64, position int) error {
	return affected(s.exec(ctx, `UPDATE forums SET position = ? WHERE id = ?`, position, id))
}

// DeleteForum deletes a forum and its topics (and their follows).
func (s *Store) DeleteForum(ctx context.Context, id int64) error {
	if _, err := s.exec(ctx, `DELETE FROM follows WHERE (target_type = 'forum' AND target_id = ?)
		OR (target_type = 'topic' AND target_id IN (SELECT id FROM posts WHERE forum_id = ?))`, id, id); err != nil {
		return mapErr(err)
	}
	if _, err := s.exec(ctx, `DELETE FROM post_search WHERE rowid IN (SELECT id FROM posts WHERE forum_id = ?)`, id); err != nil {
		return mapErr(err)
	}
	return affected(s.exec(ctx, `DELETE FROM forums WHERE id = ?`, id))
}

// TopicRow is a topic in a forum's list.
type TopicRow struct {
	ID             int64
	Slug           string
	Title          string
	Excerpt        string
	Lang           string
	AuthorID       int64
	AuthorName     string
	AuthorHandle   string
	Pinned         bool
	Locked         bool
	CommentCount   int
	PublishedAt    time.Time
	LastActivityAt time.Time
}

// TopicCursor is the position after the last topic of a page.
type TopicCursor struct {
	Pinned bool   `json:"p"`
	At     string `json:"a"`
	ID     int64  `json:"i"`
}

// ForumTopics returns a page of a forum's published topics that viewer may see, pinned first,
// then by newest activity, and the cursor of the next page (nil at the end).
func (s *Store) ForumTopics(ctx context.Context, forumID, viewer int64, after *TopicCursor, limit int) ([]TopicRow, *TopicCursor, error) {
	cond, cargs := NotHiddenFor("p.author_id", viewer)
	args := append([]any{forumID}, cargs...)
	keyset := ""
	if after != nil {
		pin := 0
		if after.Pinned {
			pin = 1
		}
		keyset = ` AND (p.pinned < ? OR (p.pinned = ? AND (p.last_activity_at < ? OR (p.last_activity_at = ? AND p.id < ?))))`
		args = append(args, pin, pin, after.At, after.At, after.ID)
	}
	args = append(args, limit+1)
	rows, err := s.rows(ctx, `SELECT p.id, p.slug, p.title, p.excerpt, p.lang, coalesce(p.author_id, 0),
		coalesce(u.first_name || ' ' || u.last_name, ''), coalesce(pr.handle, ''), p.pinned, p.locked, p.comment_count,
		coalesce(p.published_at, p.created_at), p.last_activity_at
		FROM posts p LEFT JOIN users u ON u.id = p.author_id LEFT JOIN community_profiles pr ON pr.user_id = p.author_id
		WHERE p.forum_id = ? AND p.kind = 'topic' AND p.status = 'published' AND `+cond+keyset+`
		ORDER BY p.pinned DESC, p.last_activity_at DESC, p.id DESC LIMIT ?`, args...)
	if err != nil {
		return nil, nil, mapErr(err)
	}
	defer rows.Close()
	out := []TopicRow{}
	for rows.Next() {
		var t TopicRow
		var pub, last string
		if err := rows.Scan(&t.ID, &t.Slug, &t.Title, &t.Excerpt, &t.Lang, &t.AuthorID, &t.AuthorName, &t.AuthorHandle,
			&t.Pinned, &t.Locked, &t.CommentCount, &pub, &last); err != nil {
			return nil, nil, mapErr(err)
		}
		t.PublishedAt, t.LastActivityAt = ParseT(pub), ParseT(last)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, mapErr(err)
	}
	if len(out) > limit {
		out = out[:limit]
		last := out[len(out)-1]
		return out, &TopicCursor{Pinned: last.Pinned, At: T(last.LastActivityAt), ID: last.ID}, nil
	}
	return out, nil, nil
}

// TopicRef is what a follow of a topic needs to know about it.
type TopicRef struct {
	ID          int64
	Slug        string
	Title       string
	Kind        string
	CommunityID int64
	ForumID     int64
	Status      string
	AuthorID    int64
}

// TopicRefByID returns a post or topic's reference, or ErrNotFound.
func (s *Store) TopicRefByID(ctx context.Context, id int64) (*TopicRef, error) {
	var t TopicRef
	err := s.row(ctx, `SELECT id, slug, title, kind, coalesce(community_id, 0), coalesce(forum_id, 0), status, coalesce(author_id, 0)
		FROM posts WHERE id = ?`, id).Scan(&t.ID, &t.Slug, &t.Title, &t.Kind, &t.CommunityID, &t.ForumID, &t.Status, &t.AuthorID)
	if err != nil {
		return nil, mapErr(err)
	}
	return &t, nil
}

// Follow records that userID follows a target (again: updates the email choice).
func (s *Store) Follow(ctx context.Context, userID int64, targetType string, targetID int64, email bool, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO follows (user_id, target_type, target_id, email, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id, target_type, target_id) DO UPDATE SET email = excluded.email`, userID, targetType, targetID, email, T(now))
	return mapErr(err)
}

// Unfollow forgets a follow (nothing to forget is fine).
func (s *Store) Unfollow(ctx context.Context, userID int64, targetType string, targetID int64) error {
	_, err := s.exec(ctx, `DELETE FROM follows WHERE user_id = ? AND target_type = ? AND target_id = ?`, userID, targetType, targetID)
	return mapErr(err)
}

// FollowOf returns whether userID follows the target and with email.
func (s *Store) FollowOf(ctx context.Context, userID int64, targetType string, targetID int64) (following, email bool, err error) {
	err = s.row(ctx, `SELECT email FROM follows WHERE user_id = ? AND target_type = ? AND target_id = ?`, userID, targetType, targetID).Scan(&email)
	if err == sql.ErrNoRows {
		return false, false, nil
	}
	return err == nil, email, mapErr(err)
}

// FollowRow is one of a person's follows with what it names.
type FollowRow struct {
	TargetType    string
	TargetID      int64
	Email         bool
	CreatedAt     time.Time
	CommunityID   int64
	CommunitySlug string
	NameEn        string // the community's or forum's name, or the topic's title
	NameMn        string
	ForumSlug     string
	TopicSlug     string
}

// FollowsOf returns userID's follows, newest first.
func (s *Store) FollowsOf(ctx context.Context, userID int64) ([]FollowRow, error) {
	rows, err := s.rows(ctx, `SELECT f.target_type, f.target_id, f.email, f.created_at,
		coalesce(c.id, fc.id, pc.id, 0), coalesce(c.slug, fc.slug, pc.slug, ''),
		coalesce(c.name_en, fo.name_en, p.title, ''), coalesce(c.name_mn, fo.name_mn, p.title, ''),
		coalesce(fo.slug, pf.slug, ''), coalesce(p.slug, '')
		FROM follows f
		LEFT JOIN communities c ON f.target_type = 'community' AND c.id = f.target_id
		LEFT JOIN forums fo ON f.target_type = 'forum' AND fo.id = f.target_id
		LEFT JOIN communities fc ON fc.id = fo.community_id
		LEFT JOIN posts p ON f.target_type = 'topic' AND p.id = f.target_id
		LEFT JOIN communities pc ON pc.id = p.community_id
		LEFT JOIN forums pf ON pf.id = p.forum_id
		WHERE f.user_id = ? ORDER BY f.created_at DESC, f.target_type, f.target_id LIMIT 1000`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []FollowRow{}
	for rows.Next() {
		var f FollowRow
		var created string
		if err := rows.Scan(&f.TargetType, &f.TargetID, &f.Email, &created, &f.CommunityID, &f.CommunitySlug, &f.NameEn, &f.NameMn,
			&f.ForumSlug, &f.TopicSlug); err != nil {
			return nil, mapErr(err)
		}
		f.CreatedAt = ParseT(created)
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}

// Follower is someone to tell about something they follow.
type Follower struct {
	UserID int64
	Email  bool
}

// FollowTarget is one followed thing.
type FollowTarget struct {
	Type string
	ID   int64
}

// FollowersToNotify returns the people following any of targets who may still read community
// communityID (0: platform-wide content) at now, other than authorID and the people who
// blocked authorID or whom authorID blocked; one row per person (email if any follow asks).
func (s *Store) FollowersToNotify(ctx context.Context, targets []FollowTarget, communityID, authorID int64, now time.Time) ([]Follower, error) {
	if len(targets) == 0 {
		return nil, nil
	}
	var ors []string
	var args []any
	for _, t := range targets {
		ors = append(ors, `(f.target_type = ? AND f.target_id = ?)`)
		args = append(args, t.Type, t.ID)
	}
	args = append(args, authorID, authorID, authorID)
	read := `1`
	if communityID != 0 {
		// The community reads: active, and public or the follower an active member; platform
		// admins read everything.
		read = `EXISTS (SELECT 1 FROM communities c WHERE c.id = ? AND c.status = 'active' AND (c.visibility = 'public'
			OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = f.user_id
				AND (m.status = 'active' OR (m.status = 'suspended' AND m.suspended_until IS NOT NULL AND m.suspended_until <= ?)))))
			OR EXISTS (SELECT 1 FROM users a WHERE a.id = f.user_id AND a.is_admin = 1)`
		args = append(args, communityID, T(now))
	}
	rows, err := s.rows(ctx, `SELECT f.user_id, max(f.email) FROM follows f
		WHERE (`+strings.Join(ors, ` OR `)+`) AND f.user_id <> ?
		AND f.user_id NOT IN (SELECT blocked_id FROM blocks WHERE user_id = ? UNION ALL SELECT user_id FROM blocks WHERE blocked_id = ?)
		AND (`+read+`)
		GROUP BY f.user_id ORDER BY f.user_id`, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []Follower
	for rows.Next() {
		var f Follower
		if err := rows.Scan(&f.UserID, &f.Email); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}

// Profile is a person's community profile.
type Profile struct {
	UserID    int64
	Handle    string
	Bio       string
	FirstName string
	LastName  string
	CreatedAt time.Time
}

// ProfileByHandle returns the profile with the handle (case-insensitively), or ErrNotFound.
func (s *Store) ProfileByHandle(ctx context.Context, handle string) (*Profile, error) {
	return s.profile(ctx, `p.handle = ?`, handle)
}

// ProfileOf returns the person's profile, or ErrNotFound when they have none yet.
func (s *Store) ProfileOf(ctx context.Context, userID int64) (*Profile, error) {
	return s.profile(ctx, `p.user_id = ?`, userID)
}

func (s *Store) profile(ctx context.Context, cond string, arg any) (*Profile, error) {
	var p Profile
	var created string
	err := s.row(ctx, `SELECT p.user_id, p.handle, p.bio, u.first_name, u.last_name, p.created_at
		FROM community_profiles p JOIN users u ON u.id = p.user_id WHERE `+cond, arg).
		Scan(&p.UserID, &p.Handle, &p.Bio, &p.FirstName, &p.LastName, &created)
	if err != nil {
		return nil, mapErr(err)
	}
	p.CreatedAt = ParseT(created)
	return &p, nil
}

// UpdateCommunityProfile changes a person's handle and bio (ErrConflict: the handle is taken).
func (s *Store) UpdateCommunityProfile(ctx context.Context, userID int64, handle, bio string, now time.Time) error {
	return affected(s.exec(ctx, `UPDATE community_profiles SET handle = ?, bio = ?, updated_at = ? WHERE user_id = ?`,
		handle, bio, T(now), userID))
}

// ProfileCommunities returns the active communities userID is an active member of that viewer
// may see (public ones, and members-only ones viewer is an active member of).
func (s *Store) ProfileCommunities(ctx context.Context, userID, viewer int64) ([]MyCommunity, error) {
	rows, err := s.rows(ctx, `SELECT c.slug, c.name_en, c.name_mn, m.role FROM community_members m JOIN communities c ON c.id = m.community_id
		WHERE m.user_id = ? AND m.status = 'active' AND c.status = 'active' AND (c.visibility = 'public'
			OR c.id IN (SELECT community_id FROM community_members WHERE user_id = ? AND status = 'active'))
		ORDER BY c.member_count DESC, c.id LIMIT 50`, userID, viewer)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []MyCommunity{}
	for rows.Next() {
		c := &Community{}
		var mc MyCommunity
		if err := rows.Scan(&c.Slug, &c.NameEn, &c.NameMn, &mc.Role); err != nil {
			return nil, mapErr(err)
		}
		mc.Community, mc.Status = c, "active"
		out = append(out, mc)
	}
	return out, mapErr(rows.Err())
}

// AuthoredPost is one of a person's published posts or topics on their profile.
type AuthoredPost struct {
	ID            int64
	Kind          string
	Slug          string
	Title         string
	Excerpt       string
	CommunitySlug string
	ForumSlug     string
	PublishedAt   time.Time
}

// RecentPostsBy returns userID's newest published posts and topics that viewer may read:
// platform-wide, or in active communities that are public or that viewer is an active member of.
func (s *Store) RecentPostsBy(ctx context.Context, userID, viewer int64, limit int) ([]AuthoredPost, error) {
	rows, err := s.rows(ctx, `SELECT p.id, p.kind, p.slug, p.title, p.excerpt, coalesce(c.slug, ''), coalesce(f.slug, ''),
		coalesce(p.published_at, p.created_at)
		FROM posts p LEFT JOIN communities c ON c.id = p.community_id LEFT JOIN forums f ON f.id = p.forum_id
		WHERE p.author_id = ? AND p.status = 'published' AND (p.community_id IS NULL OR (c.status = 'active' AND (c.visibility = 'public'
			OR c.id IN (SELECT community_id FROM community_members WHERE user_id = ? AND status = 'active'))))
		ORDER BY p.id DESC LIMIT ?`, userID, viewer, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []AuthoredPost{}
	for rows.Next() {
		var a AuthoredPost
		var pub string
		if err := rows.Scan(&a.ID, &a.Kind, &a.Slug, &a.Title, &a.Excerpt, &a.CommunitySlug, &a.ForumSlug, &pub); err != nil {
			return nil, mapErr(err)
		}
		a.PublishedAt = ParseT(pub)
		out = append(out, a)
	}
	return out, mapErr(rows.Err())
}

// SitemapForum is a public community (ForumSlug "") or one of its forums in the sitemap.
type SitemapForum struct {
	CommunitySlug string
	ForumSlug     string // "" for the community itself
	UpdatedAt     time.Time
}

// CommunitySitemap lists the active public communities and their forums.
func (s *Store) CommunitySitemap(ctx context.Context, limit int) ([]SitemapForum, error) {
	rows, err := s.rows(ctx, `SELECT c.slug, '', c.updated_at FROM communities c WHERE c.status = 'active' AND c.visibility = 'public'
		UNION ALL SELECT c.slug, f.slug, c.updated_at FROM forums f JOIN communities c ON c.id = f.community_id
		WHERE c.status = 'active' AND c.visibility = 'public' LIMIT ?`, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []SitemapForum
	for rows.Next() {
		var f SitemapForum
		var up string
		if err := rows.Scan(&f.CommunitySlug, &f.ForumSlug, &up); err != nil {
			return nil, mapErr(err)
		}
		f.UpdatedAt = ParseT(up)
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}
