package db

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Submission is one received form.
type Submission struct {
	ID        int64     `json:"id"`
	Form      string    `json:"form"`
	Reference string    `json:"reference"`
	Status    string    `json:"status"`
	Lang      string    `json:"lang"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Country   string    `json:"country"`
	UserID    int64     `json:"-"`
	Data      string    `json:"-"`
	Sensitive []byte    `json:"-"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// NewSubmission is what the forms capability stores; Search is the text to find it by.
type NewSubmission struct {
	Form, Prefix, Lang, Name, Email, Country, Data, Search string
	Sensitive                                              []byte
	UserID                                                 int64
}

// Idempotent carries the Idempotency-Key of a request; Answer builds the response that is
// kept and repeated for the same request. Scope names the client (and the form) so a key is
// never shared between clients; RequestHash identifies the request's body.
type Idempotent struct {
	Scope, Key, RequestHash string
	Answer                  func(s *Submission) (status int, body string)
}

// Replay is a kept answer returned for a repeated key, with the hash of the request it
// answered (the caller refuses a key reused for another body).
type Replay struct {
	Status      int
	Body        string
	RequestHash string
}

// IdempotencyTTL is how long a kept answer is repeated (and kept).
const IdempotencyTTL = 24 * time.Hour

// IdempotencyRecord returns the answer kept for key in scope within IdempotencyTTL before
// now, or ErrNotFound. It is the one lookup of idempotency keys (CreateSubmission uses it
// inside its transaction).
func (s *Store) IdempotencyRecord(ctx context.Context, scope, key string, now time.Time) (*Replay, error) {
	var r Replay
	err := s.row(ctx, `SELECT status, body, request_hash FROM idempotency_keys WHERE scope = ? AND key = ? AND created_at > ?`,
		scope, key, T(now.Add(-IdempotencyTTL))).Scan(&r.Status, &r.Body, &r.RequestHash)
	if err != nil {
		return nil, mapErr(err)
	}
	return &r, nil
}

// CreateSubmission stores a submission completely or not at all: its reference
// (PREFIX-YEAR-NNNNNN), search entry, history and the idempotency answer, in one transaction
// (the caller's, when called on a bound store: the emails it causes go in there too). A key
// already used within 24 hours returns its first answer.
func (s *Store) CreateSubmission(ctx context.Context, n NewSubmission, idem *Idempotent, now time.Time) (*Submission, *Replay, error) {
	var sub *Submission
	var replay *Replay
	err := s.InTx(ctx, func(tx *Store) error {
		if idem != nil && idem.Key != "" {
			r, err := tx.IdempotencyRecord(ctx, idem.Scope, idem.Key, now)
			if err == nil {
				replay = r
				return nil
			}
			if err != ErrNotFound {
				return err
			}
		}
		prefix := fmt.Sprintf("%s-%d", n.Prefix, now.Year())
		var seq int64
		if err := tx.writeRow(ctx, []any{&seq}, `INSERT INTO form_sequences (prefix, last) VALUES (?, 1)
			ON CONFLICT (prefix) DO UPDATE SET last = last + 1 RETURNING last`, prefix); err != nil {
			return err
		}
		sub = &Submission{Form: n.Form, Reference: fmt.Sprintf("%s-%06d", prefix, seq), Status: "new", Lang: n.Lang,
			Name: n.Name, Email: n.Email, Country: n.Country, UserID: n.UserID, Data: n.Data, CreatedAt: now, UpdatedAt: now}
		var user any
		if n.UserID != 0 {
			user = n.UserID
		}
		if err := tx.writeRow(ctx, []any{&sub.ID}, `INSERT INTO submissions (form, reference, lang, name, email, country, user_id, data,
			sensitive, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?) RETURNING id`, n.Form, sub.Reference, n.Lang, n.Name,
			n.Email, n.Country, user, n.Data, n.Sensitive, T(now), T(now)); err != nil {
			return err
		}
		// The search entry is written at the end of the group (see execLater).
		if err := tx.execLater(ctx, `INSERT INTO submissions_search (rowid, body) VALUES (?, ?)`, sub.ID,
			strings.ToLower(sub.Reference+" "+n.Search)); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO submission_events (submission_id, at, kind, to_status) VALUES (?, ?, 'created', 'new')`,
			sub.ID, T(now)); err != nil {
			return err
		}
		if idem != nil && idem.Key != "" {
			status, body := idem.Answer(sub)
			if _, err := tx.exec(ctx, `INSERT INTO idempotency_keys (scope, key, status, body, request_hash, created_at) VALUES (?,?,?,?,?,?)
				ON CONFLICT (scope, key) DO UPDATE SET status = excluded.status, body = excluded.body,
				request_hash = excluded.request_hash, created_at = excluded.created_at`,
				idem.Scope, idem.Key, status, body, idem.RequestHash, T(now)); err != nil {
				return err
			}
		}
		return nil
	})
	return sub, replay, err
}

// DeleteOldIdempotencyKeys forgets keys older than IdempotencyTTL.
func (s *Store) DeleteOldIdempotencyKeys(ctx context.Context, now time.Time) error {
	_, err := s.exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < ?`, T(now.Add(-IdempotencyTTL)))
	return mapErr(err)
}

// SubmissionFilter selects and orders a list of one form's submissions.
type SubmissionFilter struct {
	Form     string
	Query    string
	Status   string
	Country  string
	From, To time.Time // created_at range, To exclusive
	Sort     string    // newest (default), oldest, name
	After    string    // cursor from the previous page
	Limit    int
}

const subCols = `s.id, s.form, s.reference, s.status, s.lang, s.name, s.email, s.country, coalesce(s.user_id, 0), s.data, s.sensitive, s.created_at, s.updated_at`

func scanSubmission(row scanner) (*Submission, error) {
	var x Submission
	var created, updated string
	if err := row.Scan(&x.ID, &x.Form, &x.Reference, &x.Status, &x.Lang, &x.Name, &x.Email, &x.Country, &x.UserID, &x.Data,
		&x.Sensitive, &created, &updated); err != nil {
		return nil, mapErr(err)
	}
	x.CreatedAt, x.UpdatedAt = ParseT(created), ParseT(updated)
	return &x, nil
}

// where builds the WHERE clause of f (without keyset or order).
func (f SubmissionFilter) where() (string, []any) {
	conds := []string{"s.form = ?"}
	args := []any{f.Form}
	if f.Status != "" {
		conds, args = append(conds, "s.status = ?"), append(args, f.Status)
	}
	if f.Country != "" {
		conds, args = append(conds, "s.country = ?"), append(args, f.Country)
	}
	if !f.From.IsZero() {
		conds, args = append(conds, "s.created_at >= ?"), append(args, T(f.From))
	}
	if !f.To.IsZero() {
		conds, args = append(conds, "s.created_at < ?"), append(args, T(f.To))
	}
	if q := strings.ToLower(strings.TrimSpace(f.Query)); q != "" {
		if len([]rune(q)) >= 3 {
			conds = append(conds, "s.id IN (SELECT rowid FROM submissions_search WHERE submissions_search MATCH ?)")
			args = append(args, `"`+strings.ReplaceAll(q, `"`, `""`)+`"`)
		} else {
			conds = append(conds, "(lower(s.reference) LIKE ? OR s.email LIKE ?)")
			args = append(args, "%"+q+"%", "%"+q+"%")
		}
	}
	return strings.Join(conds, " AND "), args
}

// Submissions returns one page of submissions and the cursor of the next (keyset paging, so
// every page is as fast as the first).
func (s *Store) Submissions(ctx context.Context, f SubmissionFilter) ([]Submission, string, error) {
	where, args := f.where()
	order := "s.created_at DESC, s.id DESC"
	key := "(s.created_at, s.id) < (?, ?)"
	switch f.Sort {
	case "oldest":
		order, key = "s.created_at, s.id", "(s.created_at, s.id) > (?, ?)"
	case "name":
		order, key = "s.name, s.id", "(s.name, s.id) > (?, ?)"
	}
	if f.After != "" {
		// The key may contain "|" (a name can); the id after the last one cannot.
		cut := strings.LastIndexByte(f.After, '|')
		if cut < 0 {
			return nil, "", ErrNotFound
		}
		a, id := f.After[:cut], f.After[cut+1:]
		var n int64
		if _, err := fmt.Sscan(id, &n); err != nil {
			return nil, "", ErrNotFound
		}
		where += " AND " + key
		args = append(args, a, n)
	}
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	rows, err := s.rows(ctx, `SELECT `+subCols+` FROM submissions s WHERE `+where+` ORDER BY `+order+` LIMIT ?`,
		append(args, f.Limit+1)...)
	if err != nil {
		return nil, "", mapErr(err)
	}
	defer rows.Close()
	out := []Submission{}
	for rows.Next() {
		x, err := scanSubmission(rows)
		if err != nil {
			return nil, "", err
		}
		out = append(out, *x)
	}
	if err := rows.Err(); err != nil {
		return nil, "", mapErr(err)
	}
	next := ""
	if len(out) > f.Limit {
		out = out[:f.Limit]
		last := out[len(out)-1]
		if f.Sort == "name" {
			next = last.Name + "|" + fmt.Sprint(last.ID)
		} else {
			next = T(last.CreatedAt) + "|" + fmt.Sprint(last.ID)
		}
	}
	return out, next, nil
}

// CountSubmissions counts what f selects (without paging).
func (s *Store) CountSubmissions(ctx context.Context, f SubmissionFilter) (int, error) {
	where, args := f.where()
	var n int
	err := s.row(ctx, `SELECT count(*) FROM submissions s WHERE `+where, args...).Scan(&n)
	return n, mapErr(err)
}

// EachSubmission calls fn for every submission f selects, oldest first (exports).
func (s *Store) EachSubmission(ctx context.Context, f SubmissionFilter, fn func(*Submission) error) error {
	where, args := f.where()
	rows, err := s.rows(ctx, `SELECT `+subCols+` FROM submissions s WHERE `+where+` ORDER BY s.created_at, s.id`, args...)
	if err != nil {
		return mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		x, err := scanSubmission(rows)
		if err != nil {
			return err
		}
		if err := fn(x); err != nil {
			return err
		}
	}
	return mapErr(rows.Err())
}

// SubmissionByID returns one submission.
func (s *Store) SubmissionByID(ctx context.Context, id int64) (*Submission, error) {
	return scanSubmission(s.row(ctx, `SELECT `+subCols+` FROM submissions s WHERE s.id = ?`, id))
}

// SubmissionEvent is one line of a submission's history.
type SubmissionEvent struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	ActorID   int64     `json:"actorId,omitempty"`
	ActorName string    `json:"actorName,omitempty"`
	Kind      string    `json:"kind"`
	From      string    `json:"from,omitempty"`
	To        string    `json:"to,omitempty"`
	Note      string    `json:"note,omitempty"`
}

// SubmissionHistory lists the history oldest first.
func (s *Store) SubmissionHistory(ctx context.Context, id int64) ([]SubmissionEvent, error) {
	rows, err := s.rows(ctx, `SELECT e.id, e.at, coalesce(e.actor_id, 0), coalesce(u.first_name || ' ' || u.last_name, ''),
		e.kind, e.from_status, e.to_status, e.note FROM submission_events e LEFT JOIN users u ON u.id = e.actor_id
		WHERE e.submission_id = ? ORDER BY e.id`, id)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []SubmissionEvent{}
	for rows.Next() {
		var e SubmissionEvent
		var at string
		if err := rows.Scan(&e.ID, &at, &e.ActorID, &e.ActorName, &e.Kind, &e.From, &e.To, &e.Note); err != nil {
			return nil, mapErr(err)
		}
		e.At = ParseT(at)
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}

// SetSubmissionStatus changes the status and records who did it (with an optional note).
func (s *Store) SetSubmissionStatus(ctx context.Context, id, actor int64, status, note string, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		var from string
		if err := tx.row(ctx, `SELECT status FROM submissions WHERE id = ?`, id).Scan(&from); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE submissions SET status = ?, updated_at = ? WHERE id = ?`, status, T(now), id); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO submission_events (submission_id, at, actor_id, kind, from_status, to_status, note)
			VALUES (?, ?, ?, 'status', ?, ?, ?)`, id, T(now), actor, from, status, note)
		return err
	})
}

// AddSubmissionNote records an internal note.
func (s *Store) AddSubmissionNote(ctx context.Context, id, actor int64, note string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO submission_events (submission_id, at, actor_id, kind, note) VALUES (?, ?, ?, 'note', ?)`,
		id, T(now), actor, note)
	if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
		return ErrNotFound
	}
	return mapErr(err)
}

// DeleteSubmission erases a submission and records who deleted it and why.
func (s *Store) DeleteSubmission(ctx context.Context, id, actor int64, reason string, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		var ref, form string
		if err := tx.row(ctx, `SELECT reference, form FROM submissions WHERE id = ?`, id).Scan(&ref, &form); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM submissions_search WHERE rowid = ?`, id); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM submissions WHERE id = ?`, id); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE deletion_requests SET handled_at = ? WHERE reference = ? AND handled_at IS NULL`, T(now), ref); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO submission_deletions (reference, form, deleted_at, actor_id, reason) VALUES (?,?,?,?,?)`,
			ref, form, T(now), actor, reason)
		return err
	})
}

// RequestDeletion records a person's request to delete their submission.
func (s *Store) RequestDeletion(ctx context.Context, reference, email string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO deletion_requests (reference, email, created_at) VALUES (?, ?, ?)`, reference, email, T(now))
	return mapErr(err)
}

// DeletionRequest is an open request.
type DeletionRequest struct {
	ID        int64     `json:"id"`
	Reference string    `json:"reference"`
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"createdAt"`
	Exists    bool      `json:"exists"`
}

// OpenDeletionRequests lists requests not yet handled.
func (s *Store) OpenDeletionRequests(ctx context.Context) ([]DeletionRequest, error) {
	rows, err := s.rows(ctx, `SELECT d.id, d.reference, d.email, d.created_at,
		EXISTS (SELECT 1 FROM submissions s WHERE s.reference = d.reference AND s.email = d.email)
		FROM deletion_requests d WHERE d.handled_at IS NULL ORDER BY d.id LIMIT 500`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []DeletionRequest{}
	for rows.Next() {
		var d DeletionRequest
		var at string
		if err := rows.Scan(&d.ID, &d.Reference, &d.Email, &at, &d.Exists); err != nil {
			return nil, mapErr(err)
		}
		d.CreatedAt = ParseT(at)
		out = append(out, d)
	}
	return out, mapErr(rows.Err())
}

// Draft is a signed-in user's unfinished form.
func (s *Store) Draft(ctx context.Context, userID int64, form string) (string, time.Time, error) {
	var data, at string
	err := s.row(ctx, `SELECT data, updated_at FROM form_drafts WHERE user_id = ? AND form = ?`, userID, form).Scan(&data, &at)
	return data, ParseT(at), mapErr(err)
}

// SaveDraft stores the draft.
func (s *Store) SaveDraft(ctx context.Context, userID int64, form, data string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO form_drafts (user_id, form, data, updated_at) VALUES (?,?,?,?)
		ON CONFLICT (user_id, form) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`, userID, form, data, T(now))
	return mapErr(err)
}

// DeleteDraft removes the draft (after a successful submission).
func (s *Store) DeleteDraft(ctx context.Context, userID int64, form string) error {
	_, err := s.exec(ctx, `DELETE FROM form_drafts WHERE user_id = ? AND form = ?`, userID, form)
	return mapErr(err)
}
