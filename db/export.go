package db

import (
	"context"
	"encoding/json"
	"time"
)

// OwnSubmission is a form a signed-in user sent, as their data export shows it: the answers
// kept in clear (the sealed sensitive ones stay with staff; support sends them on request).
type OwnSubmission struct {
	Form      string          `json:"form"`
	Reference string          `json:"reference"`
	Status    string          `json:"status"`
	CreatedAt time.Time       `json:"createdAt"`
	Answers   json.RawMessage `json:"answers"`
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
	Form      string          `json:"form"`
	UpdatedAt time.Time       `json:"updatedAt"`
	Answers   json.RawMessage `json:"answers"`
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
