package db

import (
	"context"
	"errors"
	"time"
)

// AuthSession is one signed-in device.
type AuthSession struct {
	ID         string
	UserID     int64
	Kind       string // web | api
	UserAgent  string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	Revoked    bool
}

func scanSession(row scanner) (*AuthSession, error) {
	var a AuthSession
	var created, seen, expires string
	var revoked *string
	if err := row.Scan(&a.ID, &a.UserID, &a.Kind, &a.UserAgent, &created, &seen, &expires, &revoked); err != nil {
		return nil, mapErr(err)
	}
	a.CreatedAt, a.LastSeenAt, a.ExpiresAt, a.Revoked = ParseT(created), ParseT(seen), ParseT(expires), revoked != nil
	return &a, nil
}

const sessionCols = `id, user_id, kind, user_agent, created_at, last_seen_at, expires_at, revoked_at`

// CreateAuthSession records a new signed-in device.
func (s *Store) CreateAuthSession(ctx context.Context, a AuthSession) error {
	_, err := s.exec(ctx, `INSERT INTO auth_sessions (`+sessionCols+`) VALUES (?,?,?,?,?,?,?,NULL)`,
		a.ID, a.UserID, a.Kind, a.UserAgent, T(a.CreatedAt), T(a.CreatedAt), T(a.ExpiresAt))
	return mapErr(err)
}

// AuthSessionByID returns the session, revoked or not, or ErrNotFound.
func (s *Store) AuthSessionByID(ctx context.Context, id string) (*AuthSession, error) {
	return scanSession(s.row(ctx, `SELECT `+sessionCols+` FROM auth_sessions WHERE id = ?`, id))
}

// TouchAuthSession records activity (callers throttle how often).
func (s *Store) TouchAuthSession(ctx context.Context, id string, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE auth_sessions SET last_seen_at = ? WHERE id = ?`, T(now), id)
	return mapErr(err)
}

// ExtendAuthSession moves an API session's expiry (refresh-token rotation).
func (s *Store) ExtendAuthSession(ctx context.Context, id string, until, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE auth_sessions SET expires_at = ?, last_seen_at = ? WHERE id = ?`, T(until), T(now), id)
	return mapErr(err)
}

// RevokeAuthSession signs one device out; only the owner's sessions can be revoked.
func (s *Store) RevokeAuthSession(ctx context.Context, userID int64, id string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE auth_sessions SET revoked_at = coalesce(revoked_at, ?)
		WHERE id = ? AND user_id = ?`, T(now), id, userID)
	return affected(res, err)
}

// RevokeUserSessions signs the user out everywhere except keep (may be "").
func (s *Store) RevokeUserSessions(ctx context.Context, userID int64, keep string, now time.Time) (int64, error) {
	res, err := s.exec(ctx, `UPDATE auth_sessions SET revoked_at = ?
		WHERE user_id = ? AND id != ? AND revoked_at IS NULL`, T(now), userID, keep)
	if err != nil {
		return 0, mapErr(err)
	}
	return res.RowsAffected()
}

// ActiveSessions lists the user's unrevoked, unexpired sessions, most recently seen first.
func (s *Store) ActiveSessions(ctx context.Context, userID int64, now time.Time) ([]AuthSession, error) {
	rows, err := s.rows(ctx, `SELECT `+sessionCols+` FROM auth_sessions
		WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY last_seen_at DESC, id LIMIT 100`, userID, T(now))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []AuthSession
	for rows.Next() {
		a, err := scanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *a)
	}
	return out, mapErr(rows.Err())
}

// ErrTokenReused is returned when a refresh token is presented a second time: the whole
// session (token family) has been revoked.
var ErrTokenReused = errors.New("db: refresh token reused")

// AddRefreshToken stores the hash of a new refresh token of session.
func (s *Store) AddRefreshToken(ctx context.Context, hash, session string, now, expires time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at)
		VALUES (?, ?, ?, ?)`, hash, session, T(now), T(expires))
	return mapErr(err)
}

// RotateRefreshToken spends the token with oldHash and stores newHash in its place, in one
// transaction. An unknown, expired or revoked token is ErrNotFound; a spent one revokes the
// session and is ErrTokenReused.
func (s *Store) RotateRefreshToken(ctx context.Context, oldHash, newHash string, now, expires time.Time) (*AuthSession, error) {
	var sessionID string
	reused := false
	err := s.InTx(ctx, func(tx *Store) error {
		var used *string
		var exp string
		err := tx.row(ctx, `SELECT r.session_id, r.used_at, r.expires_at FROM refresh_tokens r
			JOIN auth_sessions a ON a.id = r.session_id
			WHERE r.token_hash = ? AND a.revoked_at IS NULL`, oldHash).Scan(&sessionID, &used, &exp)
		if err != nil {
			return err
		}
		if used != nil {
			reused = true
			_, err := tx.exec(ctx, `UPDATE auth_sessions SET revoked_at = ? WHERE id = ?`, T(now), sessionID)
			return err
		}
		if !ParseT(exp).After(now) {
			return ErrNotFound
		}
		if _, err := tx.exec(ctx, `UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?`, T(now), oldHash); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at)
			VALUES (?, ?, ?, ?)`, newHash, sessionID, T(now), T(expires)); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `UPDATE auth_sessions SET expires_at = ?, last_seen_at = ? WHERE id = ?`,
			T(expires), T(now), sessionID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if reused {
		return nil, ErrTokenReused
	}
	return s.AuthSessionByID(ctx, sessionID)
}

// EmailCode is a one-time code sent by email.
type EmailCode struct {
	ID       int64
	UserID   int64
	Purpose  string
	CodeHash string
	Attempts int
	Expires  time.Time
	Used     bool
}

// CreateEmailCode stores a new code for user and purpose, voiding earlier unused ones.
func (s *Store) CreateEmailCode(ctx context.Context, userID int64, purpose, codeHash, linkHash string, now, expires time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `UPDATE email_codes SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`,
			T(now), userID, purpose); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO email_codes (user_id, purpose, code_hash, link_hash, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?)`, userID, purpose, codeHash, linkHash, T(now), T(expires))
		return err
	})
}

func scanCode(row scanner) (*EmailCode, error) {
	var c EmailCode
	var exp string
	var used *string
	if err := row.Scan(&c.ID, &c.UserID, &c.Purpose, &c.CodeHash, &c.Attempts, &exp, &used); err != nil {
		return nil, mapErr(err)
	}
	c.Expires, c.Used = ParseT(exp), used != nil
	return &c, nil
}

const codeCols = `id, user_id, purpose, code_hash, attempts, expires_at, used_at`

// CurrentEmailCode returns the user's newest unused code for purpose, or ErrNotFound.
func (s *Store) CurrentEmailCode(ctx context.Context, userID int64, purpose string) (*EmailCode, error) {
	return scanCode(s.row(ctx, `SELECT `+codeCols+` FROM email_codes
		WHERE user_id = ? AND purpose = ? AND used_at IS NULL ORDER BY id DESC LIMIT 1`, userID, purpose))
}

// EmailCodeByLink returns the unused code whose link token hashes to linkHash.
func (s *Store) EmailCodeByLink(ctx context.Context, purpose, linkHash string) (*EmailCode, error) {
	return scanCode(s.row(ctx, `SELECT `+codeCols+` FROM email_codes
		WHERE link_hash = ? AND purpose = ? AND used_at IS NULL`, linkHash, purpose))
}

// CountEmailCodeAttempt records a wrong guess and returns the new count.
func (s *Store) CountEmailCodeAttempt(ctx context.Context, id int64) (int, error) {
	var n int
	err := s.writeRow(ctx, []any{&n}, `UPDATE email_codes SET attempts = attempts + 1 WHERE id = ? RETURNING attempts`, id)
	return n, mapErr(err)
}

// UseEmailCode spends a code; false when it was already spent (a race lost).
func (s *Store) UseEmailCode(ctx context.Context, id int64, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE email_codes SET used_at = ? WHERE id = ? AND used_at IS NULL`, T(now), id)
	if err != nil {
		return false, mapErr(err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
