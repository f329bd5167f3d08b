package db

// The moderation part of the communities store (app/communities, moderation_*.go): reports
// with their 24-hour clock, the review queue, moderation decisions and their history,
// appeals, blocks and mutes.

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// ModTarget is a reportable item as moderation sees it: where its reports go, who wrote it,
// what it says (for the moderator's preview) and what a hide or remove acts on.
type ModTarget struct {
	Type     string // post, topic, comment, poll, profile, community, opportunity (post/topic: the row's kind)
	ID       int64
	Route    int64 // the community whose moderators answer its reports (0: platform admins)
	AccessID int64 // the community whose read access decides who sees it (0: platform-wide)
	AuthorID int64 // 0: none
	Status   string
	// ParentStatus is the status of the post a comment or poll belongs to ("" otherwise).
	ParentStatus string
	Title, Body  string
	// ContentType and ContentID are what hide, remove and restore change: a post ("post") or a
	// comment ("comment"); "" for profiles, communities and opportunities.
	ContentType string
	ContentID   int64
	// For links: the post's slug and kind, its community's and forum's slugs, a handle.
	Slug, Kind, CommunitySlug, ForumSlug, Handle string
}

// ModerationTarget resolves an item by type and id, or ErrNotFound.
func (s *Store) ModerationTarget(ctx context.Context, typ string, id int64) (*ModTarget, error) {
	t := &ModTarget{Type: typ, ID: id}
	var err error
	const post = `coalesce(p.community_id, 0), coalesce(p.author_id, 0), p.slug, p.kind, coalesce(c.slug, ''), coalesce(f.slug, '')`
	const joins = ` LEFT JOIN communities c ON c.id = p.community_id LEFT JOIN forums f ON f.id = p.forum_id `
	switch typ {
	case "post", "topic":
		err = s.row(ctx, `SELECT `+post+`, p.status, p.title, p.body, p.id FROM posts p`+joins+`WHERE p.id = ?`, id).
			Scan(&t.Route, &t.AuthorID, &t.Slug, &t.Kind, &t.CommunitySlug, &t.ForumSlug, &t.Status, &t.Title, &t.Body, &t.ContentID)
		t.Type, t.ContentType = t.Kind, "post"
	case "comment":
		var author int64
		err = s.row(ctx, `SELECT `+post+`, p.status, p.title, m.body, m.status, coalesce(m.author_id, 0) FROM comments m
			JOIN posts p ON p.id = m.post_id`+joins+`WHERE m.id = ?`, id).
			Scan(&t.Route, &t.AuthorID, &t.Slug, &t.Kind, &t.CommunitySlug, &t.ForumSlug, &t.ParentStatus, &t.Title, &t.Body, &t.Status, &author)
		t.AuthorID, t.ContentType, t.ContentID = author, "comment", id
	case "poll":
		var postID int64
		err = s.row(ctx, `SELECT `+post+`, p.status, o.question, p.id FROM polls o JOIN posts p ON p.id = o.post_id`+joins+`WHERE o.id = ?`, id).
			Scan(&t.Route, &t.AuthorID, &t.Slug, &t.Kind, &t.CommunitySlug, &t.ForumSlug, &t.ParentStatus, &t.Title, &postID)
		t.Status, t.ContentType, t.ContentID = t.ParentStatus, "post", postID
	case "profile":
		err = s.row(ctx, `SELECT u.first_name || ' ' || u.last_name, coalesce(cp.handle, ''), coalesce(cp.bio, '') FROM users u
			LEFT JOIN community_profiles cp ON cp.user_id = u.id WHERE u.id = ?`, id).Scan(&t.Title, &t.Handle, &t.Body)
		t.AuthorID, t.Status = id, "active"
	case "community":
		var en, mn string
		err = s.row(ctx, `SELECT slug, name_en, name_mn, description_en || char(10) || description_mn, status FROM communities WHERE id = ?`, id).
			Scan(&t.CommunitySlug, &en, &mn, &t.Body, &t.Status)
		t.Title, t.AccessID = strings.TrimSpace(en+" / "+mn), id
		t.Title = strings.Trim(t.Title, " /")
	case "opportunity":
		var en, mn string
		err = s.row(ctx, `SELECT slug, title_en, title_mn, description_en, status, coalesce(created_by, 0) FROM opportunities WHERE id = ?`, id).
			Scan(&t.Slug, &en, &mn, &t.Body, &t.Status, &t.AuthorID)
		t.Title = strings.Trim(strings.TrimSpace(en+" / "+mn), " /")
	default:
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, mapErr(err)
	}
	if typ != "community" {
		t.AccessID = t.Route
	}
	return t, nil
}

// Report is one person's report of an item.
type Report struct {
	ID                  int64
	TargetType          string
	TargetID            int64
	CommunityID         int64 // 0: platform admins
	TargetUserID        int64
	ReporterID          int64
	ReporterName        string
	Reason, Note        string
	Status              string // open, actioned, dismissed
	DecisionID          int64
	CreatedAt, DueAt    time.Time
	AnsweredAt          time.Time
	EscalatedAdminsAt   time.Time
	EscalatedPlatformAt time.Time
	Late                bool
}

// InsertReport stores an open report (ErrConflict: the reporter has an open report of the item).
func (s *Store) InsertReport(ctx context.Context, r Report) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO reports (target_type, target_id, community_id, target_user_id, reporter_id,
		reason, note, created_at, due_at) VALUES (?,?,?,?,?,?,?,?,?) RETURNING id`,
		r.TargetType, r.TargetID, nullID(r.CommunityID), nullID(r.TargetUserID), r.ReporterID, r.Reason, r.Note, T(r.CreatedAt), T(r.DueAt))
	return id, err
}

// OpenReporters counts the distinct people with an open report of the item.
func (s *Store) OpenReporters(ctx context.Context, typ string, id int64) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(DISTINCT reporter_id) FROM reports WHERE target_type = ? AND target_id = ? AND status = 'open'`,
		typ, id).Scan(&n)
	return n, mapErr(err)
}

const reportCols = `r.id, r.target_type, r.target_id, coalesce(r.community_id, 0), coalesce(r.target_user_id, 0), coalesce(r.reporter_id, 0),
	coalesce(u.first_name || ' ' || u.last_name, ''), r.reason, r.note, r.status, coalesce(r.decision_id, 0), r.created_at, r.due_at,
	r.answered_at, r.escalated_admins_at, r.escalated_platform_at, r.late`

func scanReports(rows *sql.Rows) ([]Report, error) {
	defer rows.Close()
	out := []Report{}
	for rows.Next() {
		var r Report
		var created, due string
		var answered, admins, platform *string
		if err := rows.Scan(&r.ID, &r.TargetType, &r.TargetID, &r.CommunityID, &r.TargetUserID, &r.ReporterID, &r.ReporterName,
			&r.Reason, &r.Note, &r.Status, &r.DecisionID, &created, &due, &answered, &admins, &platform, &r.Late); err != nil {
			return nil, mapErr(err)
		}
		r.CreatedAt, r.DueAt, r.AnsweredAt = ParseT(created), ParseT(due), nullT(answered)
		r.EscalatedAdminsAt, r.EscalatedPlatformAt = nullT(admins), nullT(platform)
		out = append(out, r)
	}
	return out, mapErr(rows.Err())
}

// ItemReports lists the reports of an item, open ones first, then the newest (at most limit).
func (s *Store) ItemReports(ctx context.Context, typ string, id int64, limit int) ([]Report, error) {
	rows, err := s.rows(ctx, `SELECT `+reportCols+` FROM reports r LEFT JOIN users u ON u.id = r.reporter_id
		WHERE r.target_type = ? AND r.target_id = ? ORDER BY r.status = 'open' DESC, r.id DESC LIMIT ?`, typ, id, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanReports(rows)
}

// ReportsBy lists a person's reports, newest first (after: keyset on the id; 0 for the first page).
func (s *Store) ReportsBy(ctx context.Context, reporterID, after int64, limit int) ([]Report, error) {
	if after <= 0 {
		after = 1 << 62
	}
	rows, err := s.rows(ctx, `SELECT `+reportCols+` FROM reports r LEFT JOIN users u ON u.id = r.reporter_id
		WHERE r.reporter_id = ? AND r.id < ? ORDER BY r.id DESC LIMIT ?`, reporterID, after, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanReports(rows)
}

// AnswerReports closes every open report of an item with status (actioned, dismissed) and
// decision, at now; a report answered after its due time is late. It returns the reports it
// closed.
func (s *Store) AnswerReports(ctx context.Context, typ string, id int64, status string, decisionID int64, now time.Time) ([]Report, error) {
	rows, err := s.rows(ctx, `UPDATE reports SET status = ?, decision_id = ?, answered_at = ?,
		late = CASE WHEN late = 1 OR due_at < ? THEN 1 ELSE 0 END
		WHERE target_type = ? AND target_id = ? AND status = 'open'
		RETURNING id, coalesce(reporter_id, 0), reason, created_at, late`, status, decisionID, T(now), T(now), typ, id)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Report{}
	for rows.Next() {
		r := Report{TargetType: typ, TargetID: id, Status: status, DecisionID: decisionID, AnsweredAt: now}
		var created string
		if err := rows.Scan(&r.ID, &r.ReporterID, &r.Reason, &created, &r.Late); err != nil {
			return nil, mapErr(err)
		}
		r.CreatedAt = ParseT(created)
		out = append(out, r)
	}
	return out, mapErr(rows.Err())
}

// QueueScope selects a review queue: one community's, the platform's (items outside
// communities), or every late report (platform admins).
type QueueScope struct {
	CommunityID int64 // with Platform and Late false
	Platform    bool
	Late        bool
}

func (q QueueScope) where() (string, []any) {
	switch {
	case q.Late:
		return `r.status = 'open' AND r.late = 1`, nil
	case q.Platform:
		return `r.community_id IS NULL AND r.status = 'open'`, nil
	}
	return `r.community_id = ? AND r.status = 'open'`, []any{q.CommunityID}
}

// QueueRow is one item of a review queue: its oldest open report and how many there are.
type QueueRow struct {
	TargetType  string
	TargetID    int64
	CommunityID int64
	FirstID     int64     // the oldest open report (the keyset)
	DueAt       time.Time // its due time: the item's clock
	CreatedAt   time.Time
	Count       int
	Reasons     []string
	Late        bool
	Escalated   bool // the community's admins were told
}

// Queue lists the items with open reports in scope, the oldest clock first, limit at a time
// after (dueAt, firstID) of the last row of the page before (zero for the first page). An item
// is listed by its oldest open report, so the page walks reports_queue_idx in order and never
// groups the whole queue.
func (s *Store) Queue(ctx context.Context, scope QueueScope, afterDue time.Time, afterID int64, limit int) ([]QueueRow, error) {
	where, args := scope.where()
	q := `SELECT r.id, r.target_type, r.target_id, coalesce(r.community_id, 0), r.due_at, r.created_at FROM reports r WHERE ` + where
	if afterID > 0 {
		q += ` AND (r.due_at > ? OR (r.due_at = ? AND r.id > ?))`
		args = append(args, T(afterDue), T(afterDue), afterID)
	}
	q += ` AND NOT EXISTS (SELECT 1 FROM reports o WHERE o.target_type = r.target_type AND o.target_id = r.target_id
			AND o.status = 'open' AND (o.due_at < r.due_at OR (o.due_at = r.due_at AND o.id < r.id)))
		ORDER BY r.due_at, r.id LIMIT ?`
	rows, err := s.rows(ctx, q, append(args, limit)...)
	if err != nil {
		return nil, mapErr(err)
	}
	out := []QueueRow{}
	for rows.Next() {
		var row QueueRow
		var due, created string
		if err := rows.Scan(&row.FirstID, &row.TargetType, &row.TargetID, &row.CommunityID, &due, &created); err != nil {
			rows.Close()
			return nil, mapErr(err)
		}
		row.DueAt, row.CreatedAt = ParseT(due), ParseT(created)
		out = append(out, row)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, mapErr(err)
	}
	for i := range out {
		r := &out[i]
		var reasons string
		var admins int
		err := s.row(ctx, `SELECT count(*), group_concat(DISTINCT reason), max(late), count(escalated_admins_at) FROM reports
			WHERE target_type = ? AND target_id = ? AND status = 'open'`, r.TargetType, r.TargetID).Scan(&r.Count, &reasons, &r.Late, &admins)
		if err != nil {
			return nil, mapErr(err)
		}
		r.Reasons, r.Escalated = strings.Split(reasons, ","), admins > 0
	}
	return out, nil
}

// QueueCount is the open reports of one queue (community 0: outside communities).
type QueueCount struct {
	CommunityID int64
	Open        int // open reports
	Late        int // of them, past their 24 hours
	Escalated   int // of them, past 12 hours (the community's admins were told)
}

// QueueCounts counts the open reports of the given communities (and, with platform, those
// outside communities) in one aggregate query.
func (s *Store) QueueCounts(ctx context.Context, communities []int64, platform bool) ([]QueueCount, error) {
	out := []QueueCount{}
	if len(communities) == 0 && !platform {
		return out, nil
	}
	conds, args := []string{}, []any{}
	if len(communities) > 0 {
		conds = append(conds, `community_id IN (`+strings.TrimSuffix(strings.Repeat("?,", len(communities)), ",")+`)`)
		for _, id := range communities {
			args = append(args, id)
		}
	}
	if platform {
		conds = append(conds, `community_id IS NULL`)
	}
	rows, err := s.rows(ctx, `SELECT coalesce(community_id, 0), count(*), sum(late), count(escalated_admins_at) FROM reports
		WHERE status = 'open' AND (`+strings.Join(conds, " OR ")+`) GROUP BY community_id`, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var c QueueCount
		if err := rows.Scan(&c.CommunityID, &c.Open, &c.Late, &c.Escalated); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rows.Err())
}

// LateCount counts the open late reports everywhere.
func (s *Store) LateCount(ctx context.Context) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM reports WHERE status = 'open' AND late = 1`).Scan(&n)
	return n, mapErr(err)
}

// CommunityRef names a community.
type CommunityRef struct {
	ID             int64
	Slug           string
	NameEn, NameMn string
	Role           string // the person's role in it ("" for platform admins who are not members)
}

// ModeratedCommunities lists the active communities userID moderates (admin or moderator, not
// suspended or banned at now).
func (s *Store) ModeratedCommunities(ctx context.Context, userID int64, now time.Time) ([]CommunityRef, error) {
	rows, err := s.rows(ctx, `SELECT c.id, c.slug, c.name_en, c.name_mn, m.role FROM community_members m
		JOIN communities c ON c.id = m.community_id
		WHERE m.user_id = ? AND m.role IN ('admin', 'moderator') AND c.status = 'active'
		AND (m.status = 'active' OR (m.status = 'suspended' AND m.suspended_until <= ?)) ORDER BY c.id`, userID, T(now))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []CommunityRef{}
	for rows.Next() {
		var c CommunityRef
		if err := rows.Scan(&c.ID, &c.Slug, &c.NameEn, &c.NameMn, &c.Role); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rows.Err())
}

// CommunityRefs names the given communities.
func (s *Store) CommunityRefs(ctx context.Context, ids []int64) (map[int64]CommunityRef, error) {
	out := map[int64]CommunityRef{}
	if len(ids) == 0 {
		return out, nil
	}
	args := anys(ids)
	rows, err := s.rows(ctx, `SELECT id, slug, name_en, name_mn FROM communities WHERE id IN (`+
		strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")+`)`, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var c CommunityRef
		if err := rows.Scan(&c.ID, &c.Slug, &c.NameEn, &c.NameMn); err != nil {
			return nil, mapErr(err)
		}
		out[c.ID] = c
	}
	return out, mapErr(rows.Err())
}

// SetContentStatus changes a post's or a comment's status (a comment keeps the reason).
func (s *Store) SetContentStatus(ctx context.Context, contentType string, id int64, status, reason string, now time.Time) error {
	var err error
	var res sql.Result
	switch contentType {
	case "post":
		res, err = s.exec(ctx, `UPDATE posts SET status = ?, updated_at = ?,
			published_at = CASE WHEN ? = 'published' THEN coalesce(published_at, ?) ELSE published_at END WHERE id = ?`,
			status, T(now), status, T(now), id)
	case "comment":
		res, err = s.exec(ctx, `UPDATE comments SET status = ?, reason = ? WHERE id = ?`, status, reason, id)
	default:
		return ErrNotFound
	}
	if err != nil {
		return mapErr(err)
	}
	return oneRow(res)
}

// ModAction is a moderation decision: one line of an item's history.
type ModAction struct {
	ID           int64
	CommunityID  int64
	TargetType   string
	TargetID     int64
	TargetUserID int64
	ActorID      int64 // 0: the platform (auto-hide)
	ActorName    string
	Action       string
	Reason       string
	Until        time.Time
	CreatedAt    time.Time
	// The appeal of it, if any.
	AppealID     int64
	AppealStatus string
}

// InsertModAction stores a decision.
func (s *Store) InsertModAction(ctx context.Context, a ModAction) (int64, error) {
	var until any
	if !a.Until.IsZero() {
		until = T(a.Until)
	}
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO moderation_actions (community_id, target_type, target_id, target_user_id, actor_id,
		action, reason, until, created_at) VALUES (?,?,?,?,?,?,?,?,?) RETURNING id`,
		nullID(a.CommunityID), a.TargetType, a.TargetID, nullID(a.TargetUserID), nullID(a.ActorID), a.Action, a.Reason, until, T(a.CreatedAt))
	return id, err
}

const actionCols = `a.id, coalesce(a.community_id, 0), a.target_type, a.target_id, coalesce(a.target_user_id, 0), coalesce(a.actor_id, 0),
	coalesce(u.first_name || ' ' || u.last_name, ''), a.action, a.reason, a.until, a.created_at, coalesce(p.id, 0), coalesce(p.status, '')`

const actionFrom = ` FROM moderation_actions a LEFT JOIN users u ON u.id = a.actor_id LEFT JOIN appeals p ON p.action_id = a.id `

func scanActions(rows *sql.Rows) ([]ModAction, error) {
	defer rows.Close()
	out := []ModAction{}
	for rows.Next() {
		var a ModAction
		var until *string
		var created string
		if err := rows.Scan(&a.ID, &a.CommunityID, &a.TargetType, &a.TargetID, &a.TargetUserID, &a.ActorID, &a.ActorName, &a.Action,
			&a.Reason, &until, &created, &a.AppealID, &a.AppealStatus); err != nil {
			return nil, mapErr(err)
		}
		a.Until, a.CreatedAt = nullT(until), ParseT(created)
		out = append(out, a)
	}
	return out, mapErr(rows.Err())
}

// ItemActions is an item's history, oldest first (at most limit, the newest kept).
func (s *Store) ItemActions(ctx context.Context, typ string, id int64, limit int) ([]ModAction, error) {
	rows, err := s.rows(ctx, `SELECT * FROM (SELECT `+actionCols+actionFrom+`WHERE a.target_type = ? AND a.target_id = ?
		ORDER BY a.id DESC LIMIT ?) ORDER BY 1`, typ, id, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanActions(rows)
}

// ModActionByID returns a decision, or ErrNotFound.
func (s *Store) ModActionByID(ctx context.Context, id int64) (*ModAction, error) {
	rows, err := s.rows(ctx, `SELECT `+actionCols+actionFrom+`WHERE a.id = ?`, id)
	if err != nil {
		return nil, mapErr(err)
	}
	list, err := scanActions(rows)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, ErrNotFound
	}
	return &list[0], nil
}

// ActionsAbout lists the decisions about a person (their content or their membership), newest
// first, without the platform's auto-hides.
func (s *Store) ActionsAbout(ctx context.Context, userID int64, limit int) ([]ModAction, error) {
	rows, err := s.rows(ctx, `SELECT `+actionCols+actionFrom+`WHERE a.target_user_id = ? AND a.actor_id IS NOT NULL
		ORDER BY a.id DESC LIMIT ?`, userID, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanActions(rows)
}

// LastAction is the newest decision about an item (ErrNotFound: none).
func (s *Store) LastAction(ctx context.Context, typ string, id int64) (*ModAction, error) {
	list, err := s.ItemActions(ctx, typ, id, 1)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, ErrNotFound
	}
	return &list[0], nil
}

// SanctionMember sets a person's status in a community (suspended with until, banned,
// active again), adding them as a member when they are not one, and recounts the members.
func (s *Store) SanctionMember(ctx context.Context, communityID, userID int64, status string, until time.Time, now time.Time) error {
	var u any
	if !until.IsZero() {
		u = T(until)
	}
	_, err := s.exec(ctx, `INSERT INTO community_members (community_id, user_id, status, suspended_until, joined_at) VALUES (?,?,?,?,?)
		ON CONFLICT (community_id, user_id) DO UPDATE SET status = excluded.status, suspended_until = excluded.suspended_until`,
		communityID, userID, status, u, T(now))
	if err != nil {
		return mapErr(err)
	}
	return s.recountMembers(ctx, communityID)
}

// WarnMember counts a warning on a member (nothing when they are not a member).
func (s *Store) WarnMember(ctx context.Context, communityID, userID int64) error {
	_, err := s.exec(ctx, `UPDATE community_members SET warnings = warnings + 1 WHERE community_id = ? AND user_id = ?`, communityID, userID)
	return mapErr(err)
}

// CommunityAdminIDs lists the active admins of a community.
func (s *Store) CommunityAdminIDs(ctx context.Context, communityID int64) ([]int64, error) {
	return s.ids(ctx, `SELECT user_id FROM community_members WHERE community_id = ? AND role = 'admin' AND status = 'active' ORDER BY user_id`, communityID)
}

// PlatformAdminIDs lists the platform's admins.
func (s *Store) PlatformAdminIDs(ctx context.Context) ([]int64, error) {
	return s.ids(ctx, `SELECT id FROM users WHERE is_admin = 1 ORDER BY id`)
}

// Escalated is what one escalation stamped: how many reports of each community (0: outside
// communities).
type Escalated map[int64]int

// EscalateAdmins stamps the open reports of communities unanswered since before (12 hours
// ago) that their admins have not been told of yet, once each.
func (s *Store) EscalateAdmins(ctx context.Context, before, now time.Time) (Escalated, error) {
	return s.escalate(ctx, `UPDATE reports SET escalated_admins_at = ? WHERE status = 'open' AND escalated_admins_at IS NULL
		AND community_id IS NOT NULL AND created_at <= ? RETURNING community_id`, T(now), T(before))
}

// EscalatePlatform marks late the open reports past their due time, once each.
func (s *Store) EscalatePlatform(ctx context.Context, now time.Time) (Escalated, error) {
	return s.escalate(ctx, `UPDATE reports SET escalated_platform_at = ?, late = 1 WHERE status = 'open'
		AND escalated_platform_at IS NULL AND due_at <= ? RETURNING coalesce(community_id, 0)`, T(now), T(now))
}

func (s *Store) escalate(ctx context.Context, q string, args ...any) (Escalated, error) {
	rows, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := Escalated{}
	for rows.Next() {
		var c int64
		if err := rows.Scan(&c); err != nil {
			return nil, mapErr(err)
		}
		out[c]++
	}
	return out, mapErr(rows.Err())
}

// Appeal is an author's appeal of a decision.
type Appeal struct {
	ID         int64
	ActionID   int64
	AuthorID   int64
	AuthorName string
	Note       string
	Status     string // open, upheld, overturned
	DecidedBy  int64
	Reason     string
	CreatedAt  time.Time
	DecidedAt  time.Time
	Action     ModAction
}

// InsertAppeal stores an appeal (ErrConflict: the decision was appealed already).
func (s *Store) InsertAppeal(ctx context.Context, actionID, authorID int64, note string, now time.Time) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO appeals (action_id, author_id, note, created_at) VALUES (?,?,?,?) RETURNING id`,
		actionID, authorID, note, T(now))
	return id, err
}

const appealCols = `p.id, p.action_id, coalesce(p.author_id, 0), coalesce(w.first_name || ' ' || w.last_name, ''), p.note, p.status,
	coalesce(p.decided_by, 0), p.reason, p.created_at, p.decided_at,
	a.id, coalesce(a.community_id, 0), a.target_type, a.target_id, coalesce(a.target_user_id, 0), coalesce(a.actor_id, 0),
	coalesce(u.first_name || ' ' || u.last_name, ''), a.action, a.reason, a.until, a.created_at`

const appealFrom = ` FROM appeals p JOIN moderation_actions a ON a.id = p.action_id LEFT JOIN users u ON u.id = a.actor_id
	LEFT JOIN users w ON w.id = p.author_id `

func scanAppeals(rows *sql.Rows) ([]Appeal, error) {
	defer rows.Close()
	out := []Appeal{}
	for rows.Next() {
		var p Appeal
		var created, acreated string
		var decided, until *string
		a := &p.Action
		if err := rows.Scan(&p.ID, &p.ActionID, &p.AuthorID, &p.AuthorName, &p.Note, &p.Status, &p.DecidedBy, &p.Reason, &created, &decided,
			&a.ID, &a.CommunityID, &a.TargetType, &a.TargetID, &a.TargetUserID, &a.ActorID, &a.ActorName, &a.Action, &a.Reason, &until, &acreated); err != nil {
			return nil, mapErr(err)
		}
		p.CreatedAt, p.DecidedAt = ParseT(created), nullT(decided)
		a.Until, a.CreatedAt, a.AppealID, a.AppealStatus = nullT(until), ParseT(acreated), p.ID, p.Status
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}

// AppealByID returns an appeal with its decision, or ErrNotFound.
func (s *Store) AppealByID(ctx context.Context, id int64) (*Appeal, error) {
	rows, err := s.rows(ctx, `SELECT `+appealCols+appealFrom+`WHERE p.id = ?`, id)
	if err != nil {
		return nil, mapErr(err)
	}
	list, err := scanAppeals(rows)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, ErrNotFound
	}
	return &list[0], nil
}

// OpenAppeals lists the open appeals of decisions in the given communities (with platform:
// every open appeal, for the platform's admins), oldest first.
func (s *Store) OpenAppeals(ctx context.Context, communities []int64, platform bool, limit int) ([]Appeal, error) {
	if platform {
		rows, err := s.rows(ctx, `SELECT `+appealCols+appealFrom+`WHERE p.status = 'open' ORDER BY p.id LIMIT ?`, limit)
		if err != nil {
			return nil, mapErr(err)
		}
		return scanAppeals(rows)
	}
	if len(communities) == 0 {
		return []Appeal{}, nil
	}
	conds, args := []string{}, []any{}
	if len(communities) > 0 {
		conds = append(conds, `a.community_id IN (`+strings.TrimSuffix(strings.Repeat("?,", len(communities)), ",")+`)`)
		for _, id := range communities {
			args = append(args, id)
		}
	}
	rows, err := s.rows(ctx, `SELECT `+appealCols+appealFrom+`WHERE p.status = 'open' AND (`+strings.Join(conds, " OR ")+`)
		ORDER BY p.id LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanAppeals(rows)
}

// DecideAppeal records the decision of an open appeal (ErrNotFound: not open).
func (s *Store) DecideAppeal(ctx context.Context, id int64, status string, by int64, reason string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE appeals SET status = ?, decided_by = ?, reason = ?, decided_at = ? WHERE id = ? AND status = 'open'`,
		status, by, reason, T(now), id)
	if err != nil {
		return mapErr(err)
	}
	return oneRow(res)
}

// ModerationStat is one community's record of answering reports within 24 hours.
type ModerationStat struct {
	CommunityID int64 // 0: outside communities
	Answered    int
	OnTime      int // answered within 24 hours
	Open        int
	Late        int // open and late
}

// ModerationStats counts, per community, the reports made since since: answered, answered
// within their 24 hours, still open, open and late.
func (s *Store) ModerationStats(ctx context.Context, since time.Time) ([]ModerationStat, error) {
	rows, err := s.rows(ctx, `SELECT coalesce(community_id, 0), count(answered_at), count(answered_at) - sum(CASE WHEN answered_at IS NOT NULL THEN late ELSE 0 END),
		sum(status = 'open'), sum(status = 'open' AND late = 1) FROM reports WHERE created_at >= ?
		GROUP BY community_id ORDER BY community_id`, T(since))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []ModerationStat{}
	for rows.Next() {
		var m ModerationStat
		if err := rows.Scan(&m.CommunityID, &m.Answered, &m.OnTime, &m.Open, &m.Late); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, m)
	}
	return out, mapErr(rows.Err())
}

// Person is someone a person blocked or muted.
type Person struct {
	UserID int64
	Name   string
	Handle string
	Since  time.Time
}

// Block records that userID blocked other (again is fine) and, in the same transaction,
// withdraws the file-manager shares between them both ways (WithdrawWsSharesBetween): a block
// ends every way they reach each other, and lifting it later gives nothing back.
func (s *Store) Block(ctx context.Context, userID, other int64, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		_, err := tx.exec(ctx, `INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?,?,?) ON CONFLICT DO NOTHING`, userID, other, T(now))
		if err != nil {
			return err
		}
		return tx.WithdrawWsSharesBetween(ctx, userID, other)
	})
}

// Unblock undoes a block (nothing when there was none).
func (s *Store) Unblock(ctx context.Context, userID, other int64) error {
	_, err := s.exec(ctx, `DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?`, userID, other)
	return mapErr(err)
}

// Mute records that userID muted other (again is fine).
func (s *Store) Mute(ctx context.Context, userID, other int64, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO mutes (user_id, muted_id, created_at) VALUES (?,?,?) ON CONFLICT DO NOTHING`, userID, other, T(now))
	return mapErr(err)
}

// Unmute undoes a mute.
func (s *Store) Unmute(ctx context.Context, userID, other int64) error {
	_, err := s.exec(ctx, `DELETE FROM mutes WHERE user_id = ? AND muted_id = ?`, userID, other)
	return mapErr(err)
}

// Blocked lists the people userID blocked (mutes: muted), newest first.
func (s *Store) Blocked(ctx context.Context, userID int64, mutes bool, limit int) ([]Person, error) {
	table, col := "blocks", "blocked_id"
	if mutes {
		table, col = "mutes", "muted_id"
	}
	rows, err := s.rows(ctx, `SELECT x.`+col+`, u.first_name || ' ' || u.last_name, coalesce(cp.handle, ''), x.created_at FROM `+table+` x
		JOIN users u ON u.id = x.`+col+` LEFT JOIN community_profiles cp ON cp.user_id = u.id
		WHERE x.user_id = ? ORDER BY x.created_at DESC, x.`+col+` DESC LIMIT ?`, userID, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Person{}
	for rows.Next() {
		var p Person
		var since string
		if err := rows.Scan(&p.UserID, &p.Name, &p.Handle, &since); err != nil {
			return nil, mapErr(err)
		}
		p.Since = ParseT(since)
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}

// UserExists reports whether there is an account with id.
func (s *Store) UserExists(ctx context.Context, id int64) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM users WHERE id = ?`, id).Scan(&n)
	return n > 0, mapErr(err)
}

// Muted reports whether userID muted other.
func (s *Store) Muted(ctx context.Context, userID, other int64) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM mutes WHERE user_id = ? AND muted_id = ?`, userID, other).Scan(&n)
	return n > 0, mapErr(err)
}

// BlockedBy reports whether userID blocked other (one way).
func (s *Store) BlockedBy(ctx context.Context, userID, other int64) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM blocks WHERE user_id = ? AND blocked_id = ?`, userID, other).Scan(&n)
	return n > 0, mapErr(err)
}

// EraseReporter detaches a deleted account from the reports it made (the reports stay for
// the items' history, without the reporter's note).
func (s *Store) EraseReporter(ctx context.Context, userID int64) error {
	_, err := s.exec(ctx, `UPDATE reports SET note = '', reporter_id = NULL WHERE reporter_id = ?`, userID)
	return mapErr(err)
}

// SetReportClock sets a report's escalation stamps and late mark (the demo's reports of
// different ages; the clock job does this for real ones).
func (s *Store) SetReportClock(ctx context.Context, id int64, admins, platform time.Time, late bool) error {
	var a, p any
	if !admins.IsZero() {
		a = T(admins)
	}
	if !platform.IsZero() {
		p = T(platform)
	}
	_, err := s.exec(ctx, `UPDATE reports SET escalated_admins_at = ?, escalated_platform_at = ?, late = ? WHERE id = ?`, a, p, late, id)
	return mapErr(err)
}
