package db

import (
	"context"
	"encoding/json"
	"strconv"
	"time"
)

// OwnSubmission is a form a signed-in user sent (forms.OwnSubmission is its view): the answers
// kept in clear (the sealed sensitive ones stay with staff; support sends them on request).
type OwnSubmission struct {
	Form      string
	Reference string
	Status    string
	CreatedAt time.Time
	Answers   json.RawMessage
}

// SubmissionsOfUser lists the forms a user sent while signed in, newest first.
func (s *Store) SubmissionsOfUser(ctx context.Context, userID int64) ([]OwnSubmission, error) {
	rows, err := s.rows(ctx, `SELECT form, reference, status, created_at, data
		FROM submissions WHERE user_id = ? ORDER BY created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []OwnSubmission{}
	for rows.Next() {
		var x OwnSubmission
		var created, data string
		if err := rows.Scan(&x.Form, &x.Reference, &x.Status, &created, &data); err != nil {
			return nil, mapErr(err)
		}
		x.CreatedAt, x.Answers = ParseT(created), rawJSON(data)
		out = append(out, x)
	}
	return out, mapErr(rows.Err())
}

// OwnDraft is a form a user started and has not sent.
type OwnDraft struct {
	Form      string
	UpdatedAt time.Time
	Answers   json.RawMessage
}

// DraftsOfUser lists a user's saved drafts.
func (s *Store) DraftsOfUser(ctx context.Context, userID int64) ([]OwnDraft, error) {
	rows, err := s.rows(ctx, `SELECT form, updated_at, data FROM form_drafts WHERE user_id = ? ORDER BY form`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []OwnDraft{}
	for rows.Next() {
		var x OwnDraft
		var updated, data string
		if err := rows.Scan(&x.Form, &updated, &data); err != nil {
			return nil, mapErr(err)
		}
		x.UpdatedAt, x.Answers = ParseT(updated), rawJSON(data)
		out = append(out, x)
	}
	return out, mapErr(rows.Err())
}

// rawJSON passes stored JSON through, or quotes it as a string when it is not valid JSON.
func rawJSON(s string) json.RawMessage {
	if json.Valid([]byte(s)) {
		return json.RawMessage(s)
	}
	b, _ := json.Marshal(s)
	return b
}

// EraseFormsOfUser is the forms' part of deleting an account: the drafts go, the submissions
// stay with the desk as if sent signed out (they are asked for by reference), and the kept
// Idempotency-Key answers of the account (which carry its receipts) go.
func (s *Store) EraseFormsOfUser(ctx context.Context, userID int64) error {
	if _, err := s.exec(ctx, `DELETE FROM form_drafts WHERE user_id = ?`, userID); err != nil {
		return mapErr(err)
	}
	if _, err := s.exec(ctx, `UPDATE submissions SET user_id = NULL WHERE user_id = ?`, userID); err != nil {
		return mapErr(err)
	}
	_, err := s.exec(ctx, `DELETE FROM idempotency_keys WHERE scope LIKE 'forms:%:user:' || ?`, strconv.FormatInt(userID, 10))
	return mapErr(err)
}

// DetachAttemptsOfUser is the Direction Board's part of deleting an account: its attempts stay,
// anonymous, in the statistics (as those of takers who never signed in).
func (s *Store) DetachAttemptsOfUser(ctx context.Context, userID int64) error {
	_, err := s.exec(ctx, `UPDATE db_attempts SET user_id = NULL WHERE user_id = ?`, userID)
	return mapErr(err)
}

// EraseNotificationsOfUser is the notifications' part of deleting an account: every
// notification and email setting of the account.
func (s *Store) EraseNotificationsOfUser(ctx context.Context, userID int64) error {
	if _, err := s.exec(ctx, `DELETE FROM notifications WHERE user_id = ?`, userID); err != nil {
		return mapErr(err)
	}
	_, err := s.exec(ctx, `DELETE FROM notification_prefs WHERE user_id = ?`, userID)
	return mapErr(err)
}
