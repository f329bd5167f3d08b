package db

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// User is an account. PasswordHash never leaves the server.
type User struct {
	ID              int64
	Email           string
	PasswordHash    string
	FirstName       string
	LastName        string
	DateOfBirth     string // YYYY-MM-DD or ""
	AccountType     string // individual | enterprise
	IsAdmin         bool
	Staff           int // 0 none, 1 forms desk, 2 desk with sensitive fields
	Language        string
	EmailVerifiedAt time.Time
	TermsVersion    string
	PrivacyVersion  string
	CreatedAt       time.Time
	// Membership of an organisation (enterprise accounts).
	OrgID   int64
	OrgName string
	OrgRole string // owner | manager | counselor
	// SuspendedAt is when a platform admin or the organisation's owner suspended the account
	// (zero: active). A suspended account cannot sign in or call the API.
	SuspendedAt time.Time
}

const userCols = `u.id, u.email, u.password_hash, u.first_name, u.last_name, coalesce(u.date_of_birth, ''),
	u.account_type, u.is_admin, u.staff, u.language, u.email_verified_at, coalesce(u.terms_version, ''),
	coalesce(u.privacy_version, ''), u.created_at,
	coalesce(m.organization_id, 0), coalesce(o.name, ''), coalesce(m.role, ''), u.suspended_at`

const userFrom = ` FROM users u
	LEFT JOIN memberships m ON m.user_id = u.id
	LEFT JOIN organizations o ON o.id = m.organization_id `

type scanner interface{ Scan(...any) error }

func scanUser(row scanner) (*User, error) {
	var u User
	var verified, suspended *string
	var created string
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &u.FirstName, &u.LastName, &u.DateOfBirth,
		&u.AccountType, &u.IsAdmin, &u.Staff, &u.Language, &verified, &u.TermsVersion, &u.PrivacyVersion, &created,
		&u.OrgID, &u.OrgName, &u.OrgRole, &suspended)
	if err != nil {
		return nil, mapErr(err)
	}
	u.EmailVerifiedAt = nullT(verified)
	u.SuspendedAt = nullT(suspended)
	u.CreatedAt = ParseT(created)
	return &u, nil
}

// NewUser is what registration stores.
type NewUser struct {
	Email, PasswordHash, FirstName, LastName, DateOfBirth, AccountType, Language string
	TermsVersion, PrivacyVersion                                                 string
	OrgName                                                                      string // enterprise: creates the organisation, owned by the user
	IsAdmin                                                                      bool
	Verified                                                                     bool
}

// CreateUser stores a new account (and its organisation) in one transaction. An email
// already registered is ErrConflict.
func (s *Store) CreateUser(ctx context.Context, n NewUser, now time.Time) (*User, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Store) error {
		var dob, verified, terms, privacy, accepted any
		if n.DateOfBirth != "" {
			dob = n.DateOfBirth
		}
		if n.Verified {
			verified = T(now)
		}
		if n.TermsVersion != "" {
			terms, privacy, accepted = n.TermsVersion, n.PrivacyVersion, T(now)
		}
		err := tx.writeRow(ctx, []any{&id}, `INSERT INTO users (email, password_hash, first_name, last_name,
			date_of_birth, account_type, is_admin, language, email_verified_at, terms_version, privacy_version,
			terms_accepted_at, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
			n.Email, n.PasswordHash, n.FirstName, n.LastName, dob, n.AccountType, n.IsAdmin, n.Language,
			verified, terms, privacy, accepted, T(now), T(now))
		if err != nil {
			return err
		}
		if n.AccountType == "enterprise" && n.OrgName != "" {
			var org int64
			if err := tx.writeRow(ctx, []any{&org}, `INSERT INTO organizations (name, created_at) VALUES (?, ?) RETURNING id`,
				n.OrgName, T(now)); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `INSERT INTO memberships (organization_id, user_id, role, created_at)
				VALUES (?, ?, 'owner', ?)`, org, id, T(now)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.UserByID(ctx, id)
}

// BackdateAccounts makes the accounts whose email ends in domain (and that were created at or
// after since) look created at `at`: the demo's people are an installation's established
// members, not accounts in their first day with the new-account limits.
func (s *Store) BackdateAccounts(ctx context.Context, domain string, since, at time.Time) error {
	_, err := s.exec(ctx, `UPDATE users SET created_at = ? WHERE email LIKE ? AND created_at >= ?`, T(at), "%"+domain, T(since))
	return err
}

// UserByID returns the user with id, or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id int64) (*User, error) {
	return scanUser(s.row(ctx, `SELECT `+userCols+userFrom+`WHERE u.id = ?`, id))
}

// UserByEmail returns the user with email (any case), or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	return scanUser(s.row(ctx, `SELECT `+userCols+userFrom+`WHERE u.email = ?`, email))
}

// ProfileUpdate holds the fields a user edits on the account page; nil means unchanged.
type ProfileUpdate struct {
	FirstName, LastName, Language, DateOfBirth *string
}

// UpdateProfile changes a user's own profile fields.
func (s *Store) UpdateProfile(ctx context.Context, id int64, p ProfileUpdate, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE users SET
		first_name = coalesce(?, first_name), last_name = coalesce(?, last_name),
		language = coalesce(?, language), date_of_birth = coalesce(?, date_of_birth), updated_at = ?
		WHERE id = ?`, p.FirstName, p.LastName, p.Language, p.DateOfBirth, T(now), id)
	return affected(res, err)
}

func affected(res sql.Result, err error) error {
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// SetPassword replaces a user's password hash.
func (s *Store) SetPassword(ctx context.Context, id int64, hash string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, T(now), id)
	return affected(res, err)
}

// MarkEmailVerified records that the user proved they read their email.
func (s *Store) MarkEmailVerified(ctx context.Context, id int64, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE users SET email_verified_at = coalesce(email_verified_at, ?),
		updated_at = ? WHERE id = ?`, T(now), T(now), id)
	return affected(res, err)
}

// SetAdmin grants or removes platform administration.
func (s *Store) SetAdmin(ctx context.Context, id int64, admin bool, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE users SET is_admin = ?, updated_at = ? WHERE id = ?`, admin, T(now), id)
	return affected(res, err)
}

// SetStaff sets the user's forms-desk level (0, 1 or 2).
func (s *Store) SetStaff(ctx context.Context, id int64, level int, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE users SET staff = ?, updated_at = ? WHERE id = ?`, level, T(now), id)
	return affected(res, err)
}

// DeleteUser erases the account and everything that cascades from it. An organisation left
// without members goes too.
func (s *Store) DeleteUser(ctx context.Context, id int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.exec(ctx, `DELETE FROM users WHERE id = ?`, id)
		if err := affected(res, err); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `DELETE FROM organizations WHERE id NOT IN (SELECT organization_id FROM memberships)`)
		return err
	})
}

// CountUsers returns how many accounts exist.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM users`).Scan(&n)
	return n, mapErr(err)
}

// IsNotFound is errors.Is(err, ErrNotFound).
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
