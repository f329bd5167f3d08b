package db

import (
	"context"
	"time"
)

// The counts behind /dashboard/analytics (app/workspace/analytics): each chart is one query,
// counted in the database. Days are Ulaanbaatar days (UTC+8, no daylight saving since 2017).

// PostingCount is one posting with its number of views and applications.
type PostingCount struct {
	ID           int64
	TitleEN      string
	TitleMN      string
	Views        int
	Applications int
}

// ApplicationsPerPosting answers the organisation's postings with the views counted from the
// Ulaanbaatar day sinceDay and the applications received since (most applications first, at
// most limit). opportunities_org_idx, then applications_opportunity_idx and the views' key.
func (s *Store) ApplicationsPerPosting(ctx context.Context, orgID int64, since time.Time, sinceDay string, limit int) ([]PostingCount, error) {
	rs, err := s.rows(ctx, `SELECT o.id, o.title_en, o.title_mn,
			(SELECT coalesce(sum(v.views), 0) FROM opportunity_views v WHERE v.opportunity_id = o.id AND v.day >= ?),
			(SELECT count(*) FROM applications a WHERE a.opportunity_id = o.id AND a.created_at >= ?) AS n
		FROM opportunities o WHERE o.organization_id = ? AND o.status != 'draft'
		ORDER BY n DESC, o.id DESC LIMIT ?`, sinceDay, T(since), orgID, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rs.Close()
	out := []PostingCount{}
	for rs.Next() {
		var p PostingCount
		if err := rs.Scan(&p.ID, &p.TitleEN, &p.TitleMN, &p.Views, &p.Applications); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, p)
	}
	return out, mapErr(rs.Err())
}

// OrgViews counts the views of all the organisation's postings from the Ulaanbaatar day
// sinceDay (the funnel's first step).
func (s *Store) OrgViews(ctx context.Context, orgID int64, sinceDay string) (int, error) {
	var n int
	err := s.row(ctx, `SELECT coalesce(sum(v.views), 0) FROM opportunities o JOIN opportunity_views v ON v.opportunity_id = o.id
		WHERE o.organization_id = ? AND v.day >= ?`, orgID, sinceDay).Scan(&n)
	return n, mapErr(err)
}

// StatusCount is how many of an organisation's applications are in a status, split by
// whether staff ever opened them (reviewed_at).
type StatusCount struct {
	Status   string
	Reviewed bool
	N        int
}

// ApplicationStatuses counts the organisation's applications received since by status and
// reviewed_at (the funnel is computed from it). opportunities_org_idx, then
// applications_opportunity_idx.
func (s *Store) ApplicationStatuses(ctx context.Context, orgID int64, since time.Time) ([]StatusCount, error) {
	rs, err := s.rows(ctx, `SELECT a.status, a.reviewed_at IS NOT NULL, count(*)
		FROM opportunities o JOIN applications a ON a.opportunity_id = o.id
		WHERE o.organization_id = ? AND a.created_at >= ? GROUP BY 1, 2`, orgID, T(since))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rs.Close()
	out := []StatusCount{}
	for rs.Next() {
		var c StatusCount
		if err := rs.Scan(&c.Status, &c.Reviewed, &c.N); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rs.Err())
}

// FirstReviewHours answers, sorted, the hours from submission to the first opening by staff
// of the organisation's applications received since (the median is taken from it).
func (s *Store) FirstReviewHours(ctx context.Context, orgID int64, since time.Time) ([]float64, error) {
	rs, err := s.rows(ctx, `SELECT (julianday(a.reviewed_at) - julianday(a.created_at)) * 24 AS h
		FROM opportunities o JOIN applications a ON a.opportunity_id = o.id
		WHERE o.organization_id = ? AND a.created_at >= ? AND a.reviewed_at IS NOT NULL ORDER BY h`, orgID, T(since))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rs.Close()
	out := []float64{}
	for rs.Next() {
		var h float64
		if err := rs.Scan(&h); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, h)
	}
	return out, mapErr(rs.Err())
}

// ReportRecord is the 24-hour record of the reports about an organisation's postings and
// communities.
type ReportRecord struct {
	Total, Answered, Within24h, Open int
}

// OrgReportRecord counts the reports received since about the organisation's postings and
// about its communities: how many, answered, answered within 24 hours, still open.
// reports_target_idx for the postings, reports_queue_idx for the communities.
func (s *Store) OrgReportRecord(ctx context.Context, orgID int64, since time.Time) (ReportRecord, error) {
	var r ReportRecord
	err := s.row(ctx, `SELECT count(*),
			coalesce(sum(answered_at IS NOT NULL), 0),
			coalesce(sum(answered_at IS NOT NULL AND julianday(answered_at) - julianday(created_at) <= 1.0), 0),
			coalesce(sum(status = 'open'), 0)
		FROM reports WHERE created_at >= ? AND (
			(target_type = 'opportunity' AND target_id IN (SELECT id FROM opportunities WHERE organization_id = ?))
			OR community_id IN (SELECT id FROM communities WHERE organization_id = ?))`,
		T(since), orgID, orgID).Scan(&r.Total, &r.Answered, &r.Within24h, &r.Open)
	return r, mapErr(err)
}

// DayCount is a count on one Ulaanbaatar day (YYYY-MM-DD) or month (YYYY-MM).
type DayCount struct {
	Day string
	N   int
}

func (s *Store) dayCounts(ctx context.Context, q string, args ...any) ([]DayCount, error) {
	rs, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rs.Close()
	out := []DayCount{}
	for rs.Next() {
		var c DayCount
		if err := rs.Scan(&c.Day, &c.N); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rs.Err())
}

// SignupsPerDay counts the accounts created since, per Ulaanbaatar day (days without sign-ups
// are absent). users_created_idx (0018).
func (s *Store) SignupsPerDay(ctx context.Context, since time.Time) ([]DayCount, error) {
	return s.dayCounts(ctx, `SELECT date(created_at, '+8 hours') AS d, count(*) FROM users
		WHERE created_at >= ? GROUP BY d ORDER BY d`, T(since))
}

// ActivePerDay counts the distinct people who signed in (an auth session was created) since,
// per Ulaanbaatar day. Sessions are the only record of sign-ins; a person who stays signed in
// across days counts on the day they signed in. auth_sessions_created_idx.
func (s *Store) ActivePerDay(ctx context.Context, since time.Time) ([]DayCount, error) {
	return s.dayCounts(ctx, `SELECT date(created_at, '+8 hours') AS d, count(DISTINCT user_id) FROM auth_sessions
		WHERE created_at >= ? GROUP BY d ORDER BY d`, T(since))
}

// HollandCodeCount is how many finished Direction Board attempts have a code.
type HollandCodeCount struct {
	Code string
	N    int
}

// DirectionBoardCodes counts the finished Direction Board attempts started since by the first
// letter of their Holland code (R, I, A, S, E, C). db_attempts_started_idx.
func (s *Store) DirectionBoardCodes(ctx context.Context, since time.Time) ([]HollandCodeCount, error) {
	rs, err := s.rows(ctx, `SELECT substr(code, 1, 1) AS c, count(*) FROM db_attempts
		WHERE started_at >= ? AND finished_at IS NOT NULL AND code != '' GROUP BY c ORDER BY c`, T(since))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rs.Close()
	out := []HollandCodeCount{}
	for rs.Next() {
		var c HollandCodeCount
		if err := rs.Scan(&c.Code, &c.N); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rs.Err())
}

// CommunityCount is one of an organisation's communities with its subscribers.
type CommunityCount struct {
	ID        int64
	NameEN    string
	NameMN    string
	Members   int
	Followers int
}

// OrgCommunities answers the organisation's active communities with their active members and
// their followers today (most members first, at most limit). communities_org_idx, then the
// community_members key and follows_target_idx.
func (s *Store) OrgCommunities(ctx context.Context, orgID int64, limit int) ([]CommunityCount, error) {
	rs, err := s.rows(ctx, `SELECT c.id, c.name_en, c.name_mn,
			(SELECT count(*) FROM community_members m WHERE m.community_id = c.id AND m.status = 'active') AS members,
			(SELECT count(*) FROM follows f WHERE f.target_type = 'community' AND f.target_id = c.id)
		FROM communities c WHERE c.organization_id = ? AND c.status = 'active'
		ORDER BY members DESC, c.id LIMIT ?`, orgID, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rs.Close()
	out := []CommunityCount{}
	for rs.Next() {
		var c CommunityCount
		if err := rs.Scan(&c.ID, &c.NameEN, &c.NameMN, &c.Members, &c.Followers); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rs.Err())
}

// The platform's monthly series (Ulaanbaatar months, YYYY-MM), each one query over the index
// named beside it; months without a count are absent.
var monthlyQueries = map[string]string{
	// users_created_idx (0018)
	"signups": `SELECT strftime('%Y-%m', created_at, '+8 hours') AS m, count(*) FROM users WHERE created_at >= ? GROUP BY m ORDER BY m`,
	// auth_sessions_created_idx (0020): distinct people who signed in that month
	"active": `SELECT strftime('%Y-%m', created_at, '+8 hours') AS m, count(DISTINCT user_id) FROM auth_sessions WHERE created_at >= ? GROUP BY m ORDER BY m`,
	// opportunities_first_published_idx (0020): postings by the month they were published
	"postings": `SELECT strftime('%Y-%m', published_at, '+8 hours') AS m, count(*) FROM opportunities WHERE published_at >= ? GROUP BY m ORDER BY m`,
	// applications_created_idx (0020)
	"applications": `SELECT strftime('%Y-%m', created_at, '+8 hours') AS m, count(*) FROM applications WHERE created_at >= ? GROUP BY m ORDER BY m`,
	// submissions_created_idx (0020): every form's submissions
	"forms": `SELECT strftime('%Y-%m', created_at, '+8 hours') AS m, count(*) FROM submissions WHERE created_at >= ? GROUP BY m ORDER BY m`,
}

// MonthlySeries are the names of the monthly series, in their order.
var MonthlySeries = []string{"signups", "active", "postings", "applications", "forms"}

// PerMonth counts the series (one of MonthlySeries) since, per Ulaanbaatar month.
func (s *Store) PerMonth(ctx context.Context, series string, since time.Time) ([]DayCount, error) {
	q, ok := monthlyQueries[series]
	if !ok {
		return nil, ErrNotFound
	}
	return s.dayCounts(ctx, q, T(since))
}
