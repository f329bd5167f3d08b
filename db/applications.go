package db

import (
	"context"
	"strings"
	"time"
)

// Application is one person's application to one opportunity.
type Application struct {
	ID            int64
	OpportunityID int64
	OrgID         int64
	Title         string // the posting's title in the applicant's language when listed for them
	TitleEn       string
	TitleMn       string
	OppSlug       string
	OppStatus     string
	OrgName       string
	UserID        int64
	Name          string // the applicant's name now (the snapshot keeps the one they applied with)
	Email         string
	Status        string
	Lang          string
	Profile       string // JSON snapshot
	Answers       string // JSON
	CoverLetter   string
	Meets         bool // every must-have screening answer was met
	Labels        []string
	Message       string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	ReviewedAt    time.Time
	FlaggedAt     time.Time
}

const appCols = `a.id, a.opportunity_id, p.organization_id, p.title_en, p.title_mn, p.slug, p.status, o.name, a.user_id,
	u.first_name || ' ' || u.last_name, u.email, a.status, a.lang, a.profile, a.answers, a.cover_letter, a.meets, a.labels, a.message,
	a.created_at, a.updated_at, a.reviewed_at, a.flagged_at`

const appFrom = ` FROM applications a JOIN opportunities p ON p.id = a.opportunity_id
	JOIN organizations o ON o.id = p.organization_id JOIN users u ON u.id = a.user_id `

func scanApplication(sc scanner) (*Application, error) {
	var a Application
	var labels, created, updated string
	var reviewed, flagged *string
	if err := sc.Scan(&a.ID, &a.OpportunityID, &a.OrgID, &a.TitleEn, &a.TitleMn, &a.OppSlug, &a.OppStatus, &a.OrgName, &a.UserID,
		&a.Name, &a.Email, &a.Status, &a.Lang, &a.Profile, &a.Answers, &a.CoverLetter, &a.Meets, &labels, &a.Message,
		&created, &updated, &reviewed, &flagged); err != nil {
		return nil, mapErr(err)
	}
	a.Labels = jsonStrings(labels)
	a.CreatedAt, a.UpdatedAt = ParseT(created), ParseT(updated)
	a.ReviewedAt, a.FlaggedAt = nullT(reviewed), nullT(flagged)
	return &a, nil
}

// InsertApplication stores an application and its first event; a second one by the same
// person for the same posting is ErrConflict.
func (s *Store) InsertApplication(ctx context.Context, a *Application, now time.Time) (int64, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.writeRow(ctx, []any{&id}, `INSERT INTO applications (opportunity_id, user_id, status, lang, profile, answers,
			cover_letter, meets, created_at, updated_at) VALUES (?,?,'submitted',?,?,?,?,?,?,?) RETURNING id`,
			a.OpportunityID, a.UserID, a.Lang, a.Profile, a.Answers, a.CoverLetter, a.Meets, T(now), T(now)); err != nil {
			return err
		}
		return tx.AddApplicationEvent(ctx, id, a.UserID, "status", "", "submitted", "", now)
	})
	return id, err
}

// AddApplicationEvent records a status change or an internal note.
func (s *Store) AddApplicationEvent(ctx context.Context, id, actor int64, kind, from, to, note string, at time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO application_events (application_id, at, actor_id, kind, from_status, to_status, note)
		VALUES (?,?,?,?,?,?,?)`, id, T(at), nullID(actor), kind, from, to, note)
	return err
}

// ApplicationByID returns one application.
func (s *Store) ApplicationByID(ctx context.Context, id int64) (*Application, error) {
	return scanApplication(s.row(ctx, `SELECT `+appCols+appFrom+`WHERE a.id = ?`, id))
}

// OrgApplication is application id if it was made to organisation orgID (ErrNotFound
// otherwise, and for no organisation): what the organisation's staff may open.
func (s *Store) OrgApplication(ctx context.Context, id, orgID int64) (*Application, error) {
	a, err := s.ApplicationByID(ctx, id)
	if err == nil && (orgID == 0 || a.OrgID != orgID) {
		return nil, ErrNotFound
	}
	return a, err
}

// ApplicationOf returns the person's application to a posting, or ErrNotFound.
func (s *Store) ApplicationOf(ctx context.Context, oppID, userID int64) (*Application, error) {
	return scanApplication(s.row(ctx, `SELECT `+appCols+appFrom+`WHERE a.opportunity_id = ? AND a.user_id = ?`, oppID, userID))
}

// AppFilter selects applications: a person's own, or an organisation's (optionally one posting's).
type AppFilter struct {
	UserID        int64
	OrgID         int64
	OpportunityID int64
	Status        string
	AfterAt       string // keyset: created_at of the last row seen
	AfterID       int64
	Limit         int
	Oldest        bool // oldest first (the pipeline); newest first otherwise
}

// Applications returns one page of applications f selects and whether there are more.
func (s *Store) Applications(ctx context.Context, f AppFilter) ([]*Application, bool, error) {
	var where []string
	var args []any
	add := func(c string, a ...any) { where = append(where, c); args = append(args, a...) }
	if f.UserID != 0 {
		add(`a.user_id = ?`, f.UserID)
	}
	if f.OrgID != 0 {
		add(`p.organization_id = ?`, f.OrgID)
	}
	if f.OpportunityID != 0 {
		add(`a.opportunity_id = ?`, f.OpportunityID)
	}
	if f.Status != "" {
		add(`a.status = ?`, f.Status)
	}
	cmp, order := "<", "DESC"
	if f.Oldest {
		cmp, order = ">", "ASC"
	}
	if f.AfterID != 0 {
		add(`(a.created_at `+cmp+` ? OR (a.created_at = ? AND a.id `+cmp+` ?))`, f.AfterAt, f.AfterAt, f.AfterID)
	}
	if len(where) == 0 {
		where = append(where, "1")
	}
	limit := f.Limit
	if limit <= 0 || limit > 500 {
		limit = 50
	}
	rows, err := s.rows(ctx, `SELECT `+appCols+appFrom+`WHERE `+strings.Join(where, " AND ")+
		` ORDER BY a.created_at `+order+`, a.id `+order+` LIMIT ?`, append(args, limit+1)...)
	if err != nil {
		return nil, false, mapErr(err)
	}
	defer rows.Close()
	out := []*Application{}
	for rows.Next() {
		a, err := scanApplication(rows)
		if err != nil {
			return nil, false, err
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, false, mapErr(err)
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	return out, more, nil
}

// SetApplicationStatus moves an application from one status to another (ErrConflict when it
// is no longer in from), with its event. message is kept with a decline.
func (s *Store) SetApplicationStatus(ctx context.Context, id int64, from, to string, actor int64, message string, at time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		q := `UPDATE applications SET status = ?, updated_at = ?`
		args := []any{to, T(at)}
		if to == "declined" {
			q += `, message = ?`
			args = append(args, message)
		}
		if to != "opted_out" {
			q += `, reviewed_at = coalesce(reviewed_at, ?)`
			args = append(args, T(at))
		}
		res, err := tx.exec(ctx, q+` WHERE id = ? AND status = ?`, append(args, id, from)...)
		if err != nil {
			return err
		}
		if oneRow(res) != nil {
			return ErrConflict
		}
		// Withdrawing or declining an application cancels its interview (workspace_interviews.go).
		if to == "opted_out" || to == "declined" {
			by := map[string]string{"opted_out": "withdrawn", "declined": "declined"}[to]
			if _, err := tx.CancelInterviewsOfApplication(ctx, id, by, at); err != nil {
				return err
			}
		}
		return tx.AddApplicationEvent(ctx, id, actor, "status", from, to, message, at)
	})
}

// SetApplicationLabels replaces an application's labels.
func (s *Store) SetApplicationLabels(ctx context.Context, id int64, labels []string, at time.Time) error {
	res, err := s.exec(ctx, `UPDATE applications SET labels = ?, updated_at = ? WHERE id = ?`, jsonOf(labels), T(at), id)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// ApplicationEvents returns an application's timeline, oldest first; notes only when withNotes.
func (s *Store) ApplicationEvents(ctx context.Context, id int64, withNotes bool) ([]Event, error) {
	q := `SELECT e.at, coalesce(e.actor_id, 0), coalesce(u.first_name || ' ' || u.last_name, ''), e.kind, e.from_status,
		e.to_status, e.note FROM application_events e LEFT JOIN users u ON u.id = e.actor_id WHERE e.application_id = ?`
	if !withNotes {
		q += ` AND e.kind = 'status'`
	}
	return s.events(ctx, q+` ORDER BY e.id`, id)
}

// ApplicationCounts counts a posting's applications per status.
func (s *Store) ApplicationCounts(ctx context.Context, oppID int64) (map[string]int, error) {
	return s.countByStatus(ctx, `SELECT status, count(*) FROM applications WHERE opportunity_id = ? GROUP BY status`, oppID)
}

// ApplicationTotals counts the applications of each posting in ids (every status), for the
// organisation's list of postings; postings without any are absent.
func (s *Store) ApplicationTotals(ctx context.Context, ids []int64) (map[int64]int, error) {
	out := map[int64]int{}
	if len(ids) == 0 {
		return out, nil
	}
	args := anys(ids)
	rows, err := s.rows(ctx, `SELECT opportunity_id, count(*) FROM applications WHERE opportunity_id IN (`+placeholders(len(ids))+`) GROUP BY opportunity_id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// Waiting is an organisation's applications not reviewed within the promise.
type Waiting struct {
	OrgID   int64
	OrgName string
	IDs     []int64
	Oldest  time.Time
}

// UnreviewedSince lists applications submitted before cutoff that nobody reviewed and that
// were not flagged yet, grouped by organisation (open applications only).
func (s *Store) UnreviewedSince(ctx context.Context, cutoff time.Time, limit int) ([]Waiting, error) {
	rows, err := s.rows(ctx, `SELECT p.organization_id, o.name, a.id, a.created_at FROM applications a
		JOIN opportunities p ON p.id = a.opportunity_id JOIN organizations o ON o.id = p.organization_id
		WHERE a.reviewed_at IS NULL AND a.flagged_at IS NULL AND a.status = 'submitted' AND a.created_at < ?
		ORDER BY p.organization_id, a.created_at LIMIT ?`, T(cutoff), limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []Waiting
	for rows.Next() {
		var org, id int64
		var name, at string
		if err := rows.Scan(&org, &name, &id, &at); err != nil {
			return nil, mapErr(err)
		}
		if len(out) == 0 || out[len(out)-1].OrgID != org {
			out = append(out, Waiting{OrgID: org, OrgName: name, Oldest: ParseT(at)})
		}
		out[len(out)-1].IDs = append(out[len(out)-1].IDs, id)
	}
	return out, mapErr(rows.Err())
}

// FlagApplications marks applications as flagged to their organisation.
func (s *Store) FlagApplications(ctx context.Context, ids []int64, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	args := []any{T(at)}
	for _, id := range ids {
		args = append(args, id)
	}
	_, err := s.exec(ctx, `UPDATE applications SET flagged_at = ? WHERE id IN (`+placeholders(len(ids))+`)`, args...)
	return err
}

// IncrementHired counts a hire on its posting and returns the new count and the openings.
func (s *Store) IncrementHired(ctx context.Context, oppID int64, at time.Time) (hired, openings int, err error) {
	err = s.writeRow(ctx, []any{&hired, &openings}, `UPDATE opportunities SET hired = hired + 1, updated_at = ? WHERE id = ?
		RETURNING hired, openings`, T(at), oppID)
	return hired, openings, err
}

// DeleteApplicationsOf deletes a person's applications (with their history).
func (s *Store) DeleteApplicationsOf(ctx context.Context, userID int64) error {
	_, err := s.exec(ctx, `DELETE FROM applications WHERE user_id = ?`, userID)
	return err
}

// AppFile is a document sent with an application.
type AppFile struct {
	FileID    int64
	Kind      string
	Name      string
	Size      int64
	MediaType string
}

// AddApplicationFile records that file belongs to application as kind.
func (s *Store) AddApplicationFile(ctx context.Context, appID, fileID int64, kind string) error {
	_, err := s.exec(ctx, `INSERT INTO application_files (application_id, file_id, kind) VALUES (?,?,?)`, appID, fileID, kind)
	return err
}

// ApplicationFiles lists the documents of an application.
func (s *Store) ApplicationFiles(ctx context.Context, appID int64) ([]AppFile, error) {
	rows, err := s.rows(ctx, `SELECT f.id, af.kind, f.name, f.size, f.media_type FROM application_files af
		JOIN files f ON f.id = af.file_id WHERE af.application_id = ? ORDER BY af.kind, f.id`, appID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []AppFile{}
	for rows.Next() {
		var f AppFile
		if err := rows.Scan(&f.FileID, &f.Kind, &f.Name, &f.Size, &f.MediaType); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}

// ApplicationFileIDs lists the file ids of a person's applications (erasure).
func (s *Store) ApplicationFileIDs(ctx context.Context, userID int64) ([]int64, error) {
	return s.ids(ctx, `SELECT af.file_id FROM application_files af JOIN applications a ON a.id = af.application_id
		WHERE a.user_id = ?`, userID)
}
