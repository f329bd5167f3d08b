package db

import (
	"context"
	"time"
)

// Member is one person of an organisation.
type Member struct {
	UserID    int64  `json:"userId"`
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Role      string `json:"role"`
}

// Members lists an organisation's members.
func (s *Store) Members(ctx context.Context, orgID int64) ([]Member, error) {
	rows, err := s.rows(ctx, `SELECT u.id, u.email, u.first_name, u.last_name, m.role
		FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = ? ORDER BY m.created_at, u.id`, orgID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []Member
	for rows.Next() {
		var m Member
		if err := rows.Scan(&m.UserID, &m.Email, &m.FirstName, &m.LastName, &m.Role); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, m)
	}
	return out, mapErr(rows.Err())
}

// Invitation asks someone by email to join an organisation.
type Invitation struct {
	ID        int64     `json:"id"`
	OrgID     int64     `json:"-"`
	OrgName   string    `json:"organization"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	ExpiresAt time.Time `json:"expiresAt"`
	Accepted  bool      `json:"accepted"`
}

// CreateInvitation stores an invitation whose token hashes to tokenHash.
func (s *Store) CreateInvitation(ctx context.Context, orgID, by int64, email, role, tokenHash string, now, expires time.Time) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO invitations (organization_id, email, role, token_hash, invited_by, created_at, expires_at)
		VALUES (?,?,?,?,?,?,?) RETURNING id`, orgID, email, role, tokenHash, by, T(now), T(expires))
	return id, mapErr(err)
}

// Invitations lists an organisation's pending invitations.
func (s *Store) Invitations(ctx context.Context, orgID int64, now time.Time) ([]Invitation, error) {
	rows, err := s.rows(ctx, `SELECT i.id, i.organization_id, o.name, i.email, i.role, i.expires_at, i.accepted_at IS NOT NULL
		FROM invitations i JOIN organizations o ON o.id = i.organization_id
		WHERE i.organization_id = ? AND i.accepted_at IS NULL AND i.expires_at > ? ORDER BY i.id DESC LIMIT 200`, orgID, T(now))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []Invitation
	for rows.Next() {
		var inv Invitation
		var exp string
		if err := rows.Scan(&inv.ID, &inv.OrgID, &inv.OrgName, &inv.Email, &inv.Role, &exp, &inv.Accepted); err != nil {
			return nil, mapErr(err)
		}
		inv.ExpiresAt = ParseT(exp)
		out = append(out, inv)
	}
	return out, mapErr(rows.Err())
}

// InvitationByToken returns an unaccepted, unexpired invitation, or ErrNotFound.
func (s *Store) InvitationByToken(ctx context.Context, tokenHash string, now time.Time) (*Invitation, error) {
	var inv Invitation
	var exp string
	err := s.row(ctx, `SELECT i.id, i.organization_id, o.name, i.email, i.role, i.expires_at
		FROM invitations i JOIN organizations o ON o.id = i.organization_id
		WHERE i.token_hash = ? AND i.accepted_at IS NULL AND i.expires_at > ?`, tokenHash, T(now)).Scan(
		&inv.ID, &inv.OrgID, &inv.OrgName, &inv.Email, &inv.Role, &exp)
	if err != nil {
		return nil, mapErr(err)
	}
	inv.ExpiresAt = ParseT(exp)
	return &inv, nil
}

// AcceptInvitation makes the user a member (an enterprise account) in one transaction. A user
// who already belongs to an organisation gets ErrConflict.
func (s *Store) AcceptInvitation(ctx context.Context, inv *Invitation, userID int64, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.exec(ctx, `UPDATE invitations SET accepted_at = ? WHERE id = ? AND accepted_at IS NULL`, T(now), inv.ID)
		if err := affected(res, err); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?,?,?,?)`,
			inv.OrgID, userID, inv.Role, T(now)); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `UPDATE users SET account_type = 'enterprise', updated_at = ? WHERE id = ?`, T(now), userID)
		return err
	})
}
