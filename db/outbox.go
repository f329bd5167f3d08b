package db

import (
	"context"
	"time"
)

// Email is one message in the outbox.
type Email struct {
	ID        int64     `json:"id"`
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	HTML      string    `json:"html"`
	Kind      string    `json:"kind"`
	Lang      string    `json:"lang"`
	CreatedAt time.Time `json:"createdAt"`
	SentAt    time.Time `json:"sentAt,omitzero"`
	Attempts  int       `json:"attempts"`
	LastError string    `json:"lastError,omitempty"`
	// ListUnsubscribe is the one-click unsubscribe URL (RFC 8058) sent as List-Unsubscribe.
	ListUnsubscribe string `json:"listUnsubscribe,omitempty"`
}

// QueueEmail stores e for delivery. Callers go through app/platform/mail's Mailer, which
// wakes the worker.
func (s *Store) QueueEmail(ctx context.Context, e Email) (int64, error) {
	return s.queueEmail(ctx, e)
}

// queueEmail is the one insert into the outbox (on a bound store, in its transaction).
func (s *Store) queueEmail(ctx context.Context, e Email) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO outbox (to_addr, subject, body_text, body_html, kind, lang, created_at, list_unsubscribe)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, e.To, e.Subject, e.Text, e.HTML, e.Kind, e.Lang, T(e.CreatedAt), e.ListUnsubscribe)
	return id, mapErr(err)
}

const emailCols = `id, to_addr, subject, body_text, body_html, kind, lang, created_at, sent_at, attempts, last_error, list_unsubscribe`

func scanEmail(row scanner) (*Email, error) {
	var e Email
	var created string
	var sent *string
	if err := row.Scan(&e.ID, &e.To, &e.Subject, &e.Text, &e.HTML, &e.Kind, &e.Lang, &created, &sent, &e.Attempts, &e.LastError, &e.ListUnsubscribe); err != nil {
		return nil, mapErr(err)
	}
	e.CreatedAt, e.SentAt = ParseT(created), nullT(sent)
	return &e, nil
}

func (s *Store) emails(ctx context.Context, q string, args ...any) ([]Email, error) {
	rows, err := s.rows(ctx, `SELECT `+emailCols+` FROM outbox `+q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []Email
	for rows.Next() {
		e, err := scanEmail(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *e)
	}
	return out, mapErr(rows.Err())
}

// PendingEmails returns up to limit unsent emails with fewer than maxAttempts tries, oldest first.
func (s *Store) PendingEmails(ctx context.Context, limit, maxAttempts int) ([]Email, error) {
	return s.emails(ctx, `WHERE sent_at IS NULL AND attempts < ? ORDER BY id LIMIT ?`, maxAttempts, limit)
}

// Outbox lists emails newest first, before the id cursor (0 = from the newest).
func (s *Store) Outbox(ctx context.Context, before int64, limit int) ([]Email, error) {
	if before <= 0 {
		before = 1 << 62
	}
	return s.emails(ctx, `WHERE id < ? ORDER BY id DESC LIMIT ?`, before, limit)
}

// EmailByID returns one email.
func (s *Store) EmailByID(ctx context.Context, id int64) (*Email, error) {
	return scanEmail(s.row(ctx, `SELECT `+emailCols+` FROM outbox WHERE id = ?`, id))
}

// MarkEmailSent records delivery.
func (s *Store) MarkEmailSent(ctx context.Context, id int64, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ?`, T(now), id)
	return mapErr(err)
}

// MarkEmailFailed records a failed delivery attempt (the error text has no secrets).
func (s *Store) MarkEmailFailed(ctx context.Context, id int64, msg string) error {
	_, err := s.exec(ctx, `UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?`, msg, id)
	return mapErr(err)
}
