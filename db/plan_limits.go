package db

import (
	"context"
	"fmt"
	"time"
)

// The plans' limits (issue #16): what an organisation's plan allows and how much of it is in
// use. The modules call these inside the transaction that would open one more posting, staff
// seat or community, so the count and the change are one step of the single writer: two
// requests racing for the last free slot cannot both pass (app/platform/plans).

// Plan limits by name.
const (
	LimitPostings    = "postings"
	LimitStaff       = "staff"
	LimitCommunities = "communities"
)

// OrgPlan is the plan whose limits apply to an organisation now: its subscription's plan while
// the subscription is active or past due (a renewal being retried keeps its plan), otherwise
// the free plan (no subscription, one waiting for its first payment, or an ended one).
func (s *Store) OrgPlan(ctx context.Context, orgID int64) (BillingPlan, error) {
	return scanPlan(s.row(ctx, `SELECT `+planCols+` FROM billing_plans WHERE id = coalesce(
		(SELECT plan_id FROM billing_subscriptions WHERE org_id = ? AND status IN ('active', 'past_due')),
		(SELECT id FROM billing_plans WHERE code = 'free'))`, orgID))
}

// Max is the plan's limit of what ("postings", "staff", "communities"); -1 means no limit.
func (p BillingPlan) Max(what string) (int, error) {
	switch what {
	case LimitPostings:
		return p.MaxPostings, nil
	case LimitStaff:
		return p.MaxStaff, nil
	case LimitCommunities:
		return p.MaxCommunities, nil
	}
	return 0, fmt.Errorf("db: unknown plan limit %q", what)
}

// PlanUsed counts what of an organisation's plan is in use at now:
//   - postings: its open postings, submitted (waiting for approval) or published; drafts,
//     postings sent back, closed and archived ones do not count;
//   - staff: its members (the owner included) and its invitations not yet accepted nor expired;
//   - communities: its communities requested, active or suspended (a rejected request does not
//     count; a suspended community may be reinstated).
func (s *Store) PlanUsed(ctx context.Context, orgID int64, what string, now time.Time) (int, error) {
	var q string
	args := []any{orgID}
	switch what {
	case LimitPostings:
		q = `SELECT count(*) FROM opportunities WHERE organization_id = ? AND status IN ('submitted', 'published')`
	case LimitStaff:
		q = `SELECT (SELECT count(*) FROM memberships WHERE organization_id = ?1)
			+ (SELECT count(*) FROM invitations WHERE organization_id = ?1 AND accepted_at IS NULL AND expires_at > ?2)`
		args = append(args, T(now))
	case LimitCommunities:
		q = `SELECT count(*) FROM communities WHERE organization_id = ? AND status IN ('requested', 'active', 'suspended')`
	default:
		return 0, fmt.Errorf("db: unknown plan limit %q", what)
	}
	var n int
	err := s.row(ctx, q, args...).Scan(&n)
	return n, mapErr(err)
}
