package db

import (
	"context"
	"time"
)

// The counts behind the workspace home's widgets (app/platform/widgets): each one indexed
// query, run on every load of a person's home.

// NewApplicationsOf counts the applications waiting in the organisation's postings: status
// submitted (nobody moved them yet). opportunities_org_idx, then applications_opportunity_idx.
func (s *Store) NewApplicationsOf(ctx context.Context, orgID int64) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM opportunities o JOIN applications a ON a.opportunity_id = o.id AND a.status = 'submitted'
		WHERE o.organization_id = ?`, orgID).Scan(&n)
	return n, mapErr(err)
}

// OpenReportsFor counts the open reports userID moderates: those in the active communities
// where they are an active admin or moderator and, with platform (platform admins), those
// outside communities. community_members_user_idx, then reports_queue_idx.
func (s *Store) OpenReportsFor(ctx context.Context, userID int64, platform bool, now time.Time) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM reports r WHERE r.status = 'open' AND (r.community_id IN (
			SELECT m.community_id FROM community_members m JOIN communities c ON c.id = m.community_id
			WHERE m.user_id = ? AND m.role IN ('admin', 'moderator') AND c.status = 'active'
			AND (m.status = 'active' OR (m.status = 'suspended' AND m.suspended_until <= ?)))
		OR (? AND r.community_id IS NULL))`, userID, T(now), platform).Scan(&n)
	return n, mapErr(err)
}

// SavedClosing counts userID's saved opportunities still open whose deadline (YYYY-MM-DD) is
// from through to, both included. The saved_opportunities key, then each posting by id.
func (s *Store) SavedClosing(ctx context.Context, userID int64, from, to string) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM saved_opportunities s JOIN opportunities o ON o.id = s.opportunity_id
		WHERE s.user_id = ? AND o.status = 'published' AND o.deadline != '' AND o.deadline >= ? AND o.deadline <= ?`,
		userID, from, to).Scan(&n)
	return n, mapErr(err)
}
