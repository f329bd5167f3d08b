package db

// The shared part of the communities store (app/communities): a person's membership of a
// community and the block and mute filter every list of posts, topics, comments and profiles
// applies. The rest of the module's queries live in db/communities_*.go, one file per part.

import (
	"context"
	"time"
)

// CommunityMember is a person's membership of a community.
type CommunityMember struct {
	CommunityID    int64
	UserID         int64
	Role           string // admin, moderator, member
	Status         string // pending, active, suspended, banned
	SuspendedUntil time.Time
	Warnings       int
	JoinedAt       time.Time
}

// CommunityMemberOf returns userID's membership of communityID, or ErrNotFound.
func (s *Store) CommunityMemberOf(ctx context.Context, communityID, userID int64) (*CommunityMember, error) {
	m := &CommunityMember{CommunityID: communityID, UserID: userID}
	var until *string
	var joined string
	err := s.row(ctx, `SELECT role, status, suspended_until, warnings, joined_at FROM community_members
		WHERE community_id = ? AND user_id = ?`, communityID, userID).Scan(&m.Role, &m.Status, &until, &m.Warnings, &joined)
	if err != nil {
		return nil, mapErr(err)
	}
	m.SuspendedUntil, m.JoinedAt = nullT(until), ParseT(joined)
	return m, nil
}

// Active reports whether the member may take part at now: active, or suspended until a time
// that has passed.
func (m *CommunityMember) Active(now time.Time) bool {
	return m != nil && (m.Status == "active" || m.Status == "suspended" && !m.SuspendedUntil.IsZero() && !now.Before(m.SuspendedUntil))
}

// Moderates reports whether the member is an admin or moderator of the community at now.
func (m *CommunityMember) Moderates(now time.Time) bool {
	return m.Active(now) && (m.Role == "admin" || m.Role == "moderator")
}

// NotHiddenFor is the SQL condition that keeps out what viewer must not see of the person
// in column col (an author_id, a user_id): people viewer blocked, people who blocked viewer,
// and people viewer muted. Use it as `AND ` + cond, with args appended in order. A signed-out
// viewer (0) sees everyone: the condition is "1".
func NotHiddenFor(col string, viewer int64) (cond string, args []any) {
	if viewer == 0 {
		return "1", nil
	}
	return "coalesce(" + col + ", 0) NOT IN (SELECT blocked_id FROM blocks WHERE user_id = ? UNION ALL " +
			"SELECT user_id FROM blocks WHERE blocked_id = ? UNION ALL SELECT muted_id FROM mutes WHERE user_id = ?)",
		[]any{viewer, viewer, viewer}
}

// BlockedEither reports whether a blocked b or b blocked a: they cannot see, mention, reply to
// or message each other.
func (s *Store) BlockedEither(ctx context.Context, a, b int64) (bool, error) {
	if a == 0 || b == 0 || a == b {
		return false, nil
	}
	var n int
	err := s.row(ctx, `SELECT count(*) FROM blocks WHERE (user_id = ? AND blocked_id = ?) OR (user_id = ? AND blocked_id = ?)`,
		a, b, b, a).Scan(&n)
	return n > 0, err
}

// CommunityGate is what decides access to a community: its status and visibility.
type CommunityGate struct {
	ID         int64
	Slug       string
	Status     string // requested, active, rejected, suspended
	Visibility string // public, members
	AutoHide   int
}

// CommunityGateOf returns the community's gate, or ErrNotFound.
func (s *Store) CommunityGateOf(ctx context.Context, id int64) (*CommunityGate, error) {
	g := &CommunityGate{ID: id}
	err := s.row(ctx, `SELECT slug, status, visibility, auto_hide FROM communities WHERE id = ?`, id).
		Scan(&g.Slug, &g.Status, &g.Visibility, &g.AutoHide)
	if err != nil {
		return nil, mapErr(err)
	}
	return g, nil
}

// CommunityHandleOf returns the person's handle, or ErrNotFound when they have none yet.
func (s *Store) CommunityHandleOf(ctx context.Context, userID int64) (string, error) {
	var h string
	err := s.row(ctx, `SELECT handle FROM community_profiles WHERE user_id = ?`, userID).Scan(&h)
	return h, mapErr(err)
}

// HandleTaken reports whether a handle is in use (case-insensitively).
func (s *Store) HandleTaken(ctx context.Context, handle string) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM community_profiles WHERE handle = ?`, handle).Scan(&n)
	return n > 0, err
}

// CreateCommunityProfile gives the person a handle.
func (s *Store) CreateCommunityProfile(ctx context.Context, userID int64, handle string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO community_profiles (user_id, handle, created_at, updated_at) VALUES (?, ?, ?, ?)`,
		userID, handle, T(now), T(now))
	return err
}
