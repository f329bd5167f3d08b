package db

import (
	"context"
	"time"
)

// How long things are kept (docs/operations.md says the same; TestRetention checks each).
const (
	// Email codes and reset/verification links: a day after they expired (for the "expired"
	// message), then deleted, used or not.
	CodeRetention = 24 * time.Hour
	// Unaccepted organisation invitations: 30 days after they expired.
	InvitationRetention = 30 * 24 * time.Hour
	// Device sessions (with their refresh tokens): 30 days after they expired or were revoked.
	SessionRetention = 30 * 24 * time.Hour
	// Direction Board attempts never finished: 30 days after their deadline (nobody can
	// resume them). Finished attempts are results people keep and share: kept.
	AttemptRetention = 30 * 24 * time.Hour
	// Outbox: sent emails 30 days after sending; emails that will not be sent (dead after the
	// last attempt, or queued on an installation without SMTP) 30 days after they were
	// written; emails carrying a sign-in code or link (verifyEmail, resetPassword) one day
	// after they were written, whatever their state — the code is long dead by then.
	OutboxRetention           = 30 * 24 * time.Hour
	OutboxCredentialRetention = 24 * time.Hour
	// Notifications: a year after they were made, read or not (the bell and the list are about
	// what is new; a person's own export has them until then).
	NotificationRetention = 365 * 24 * time.Hour
	// OutboxCap bounds the unsent emails kept (the oldest beyond it are deleted), so a flood of
	// submissions on an installation without SMTP cannot fill the disk.
	OutboxCap = 10000
)

type stmt struct {
	sql  string
	args []any
}

// purge runs deletions one by one (retention needs no transaction: each is complete on its
// own) and returns how many rows went.
func (s *Store) purge(ctx context.Context, stmts ...stmt) (int64, error) {
	var total int64
	for _, q := range stmts {
		res, err := s.exec(ctx, q.sql, q.args...)
		if err != nil {
			return total, mapErr(err)
		}
		n, _ := res.RowsAffected()
		total += n
	}
	return total, nil
}

// PurgeSessions deletes expired web sessions, device sessions expired or revoked more than
// SessionRetention ago (their refresh tokens go with them), and expired refresh tokens.
func (s *Store) PurgeSessions(ctx context.Context, now time.Time) (int64, error) {
	return s.purge(ctx,
		stmt{`DELETE FROM sessions WHERE expiry < julianday(?)`, []any{now.UTC().Format(julianFormat)}},
		stmt{`DELETE FROM auth_sessions WHERE expires_at < ? OR revoked_at < ?`,
			[]any{T(now.Add(-SessionRetention)), T(now.Add(-SessionRetention))}},
		stmt{`DELETE FROM refresh_tokens WHERE expires_at < ?`, []any{T(now)}})
}

// PurgeCodes deletes email codes CodeRetention after they expired and unaccepted
// invitations InvitationRetention after they expired.
func (s *Store) PurgeCodes(ctx context.Context, now time.Time) (int64, error) {
	return s.purge(ctx,
		stmt{`DELETE FROM email_codes WHERE expires_at < ?`, []any{T(now.Add(-CodeRetention))}},
		stmt{`DELETE FROM invitations WHERE accepted_at IS NULL AND expires_at < ?`, []any{T(now.Add(-InvitationRetention))}})
}

// PurgeAttempts deletes Direction Board attempts never finished whose deadline passed more
// than AttemptRetention ago (their answers go with them).
func (s *Store) PurgeAttempts(ctx context.Context, now time.Time) (int64, error) {
	return s.purge(ctx, stmt{`DELETE FROM db_attempts WHERE finished_at IS NULL AND deadline_at < ?`,
		[]any{T(now.Add(-AttemptRetention))}})
}

// PurgeOutbox applies the outbox's retention (see OutboxRetention).
func (s *Store) PurgeOutbox(ctx context.Context, now time.Time) (int64, error) {
	return s.purge(ctx,
		stmt{`DELETE FROM outbox WHERE sent_at < ?`, []any{T(now.Add(-OutboxRetention))}},
		stmt{`DELETE FROM outbox WHERE sent_at IS NULL AND created_at < ?`, []any{T(now.Add(-OutboxRetention))}},
		stmt{`DELETE FROM outbox WHERE kind IN ('verifyEmail', 'resetPassword') AND created_at < ?`,
			[]any{T(now.Add(-OutboxCredentialRetention))}},
		stmt{`DELETE FROM outbox WHERE sent_at IS NULL AND id <= (SELECT id FROM outbox WHERE sent_at IS NULL
			ORDER BY id DESC LIMIT 1 OFFSET ?)`, []any{OutboxCap}})
}
