package db

import (
	"context"
	"strings"
	"time"
)

// Interview is an interview of an application (app/workspace/interviews).
type Interview struct {
	ID               int64
	ApplicationID    int64
	OrgID            int64
	ApplicantID      int64
	SchedulerID      int64
	Start            time.Time
	Minutes          int
	Link             string
	Place            string
	Note             string
	Status           string // proposed, confirmed, change_requested, cancelled, held
	ApplicantMessage string
	CancelReason     string
	CancelledBy      string // staff, applicant, withdrawn, declined
	RemindedAt       time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
	// From the application, its posting and the people.
	AppStatus     string
	TitleEn       string
	TitleMn       string
	OrgName       string
	ApplicantName string
	SchedulerName string
}

// End is when the interview ends.
func (i Interview) End() time.Time { return i.Start.Add(time.Duration(i.Minutes) * time.Minute) }

// Live says whether the interview is still to happen (not cancelled, not held).
func (i Interview) Live() bool {
	return i.Status == "proposed" || i.Status == "confirmed" || i.Status == "change_requested"
}

// LiveInterviewStatuses are the statuses of an interview still to happen.
const liveInterview = `('proposed', 'confirmed', 'change_requested')`

const interviewCols = `i.id, i.application_id, i.organization_id, i.applicant_id, coalesce(i.scheduler_id, 0), i.start_at, i.minutes,
	i.link, i.place, i.note, i.status, i.applicant_message, i.cancel_reason, i.cancelled_by, i.reminded_at, i.created_at, i.updated_at,
	a.status, p.title_en, p.title_mn, o.name, ap.first_name || ' ' || ap.last_name, coalesce(sc.first_name || ' ' || sc.last_name, '')`

const interviewFrom = ` FROM interviews i JOIN applications a ON a.id = i.application_id JOIN opportunities p ON p.id = a.opportunity_id
	JOIN organizations o ON o.id = i.organization_id JOIN users ap ON ap.id = i.applicant_id LEFT JOIN users sc ON sc.id = i.scheduler_id `

func scanInterview(sc scanner) (Interview, error) {
	var v Interview
	var start, created, updated string
	var reminded *string
	err := sc.Scan(&v.ID, &v.ApplicationID, &v.OrgID, &v.ApplicantID, &v.SchedulerID, &start, &v.Minutes, &v.Link, &v.Place, &v.Note,
		&v.Status, &v.ApplicantMessage, &v.CancelReason, &v.CancelledBy, &reminded, &created, &updated,
		&v.AppStatus, &v.TitleEn, &v.TitleMn, &v.OrgName, &v.ApplicantName, &v.SchedulerName)
	v.Start, v.CreatedAt, v.UpdatedAt, v.RemindedAt = ParseT(start), ParseT(created), ParseT(updated), nullT(reminded)
	return v, mapErr(err)
}

func (s *Store) interviewList(ctx context.Context, q string, args ...any) ([]Interview, error) {
	rows, err := s.rows(ctx, `SELECT `+interviewCols+interviewFrom+q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Interview{}
	for rows.Next() {
		v, err := scanInterview(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, mapErr(rows.Err())
}

// InterviewByID returns one interview.
func (s *Store) InterviewByID(ctx context.Context, id int64) (Interview, error) {
	return scanInterview(s.row(ctx, `SELECT `+interviewCols+interviewFrom+` WHERE i.id = ?`, id))
}

// InterviewsOfApplication lists an application's interviews, the latest first.
func (s *Store) InterviewsOfApplication(ctx context.Context, appID int64) ([]Interview, error) {
	return s.interviewList(ctx, `WHERE i.application_id = ? ORDER BY i.id DESC LIMIT 20`, appID)
}

// InterviewsOfApplicant lists a person's interviews (as the applicant) starting from since,
// soonest first, cancelled ones included.
func (s *Store) InterviewsOfApplicant(ctx context.Context, userID int64, since time.Time, limit int) ([]Interview, error) {
	return s.interviewList(ctx, `WHERE i.applicant_id = ? AND i.start_at >= ? ORDER BY i.start_at, i.id LIMIT ?`, userID, T(since), limit)
}

// CalendarInterviews lists the live interviews of a person, as the applicant or as the staff
// member who scheduled them, starting in [from, to).
func (s *Store) CalendarInterviews(ctx context.Context, userID int64, from, to time.Time) ([]Interview, error) {
	return s.interviewList(ctx, `WHERE i.id IN (SELECT id FROM interviews WHERE applicant_id = ?1 AND start_at >= ?2 AND start_at < ?3
		UNION SELECT id FROM interviews WHERE scheduler_id = ?1 AND start_at >= ?2 AND start_at < ?3)
		AND i.status IN `+liveInterview+` ORDER BY i.start_at, i.id LIMIT 500`, userID, T(from), T(to))
}

// InsertInterview schedules an interview. An application that has a live interview already is
// ErrConflict (the unique index interviews_live_idx), also when another one raced it.
func (s *Store) InsertInterview(ctx context.Context, v Interview, now time.Time) (int64, error) {
	var id int64
	remind := any(nil)
	if !v.RemindedAt.IsZero() {
		remind = T(v.RemindedAt)
	}
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO interviews (application_id, organization_id, applicant_id, scheduler_id, start_at,
		minutes, link, place, note, reminded_at, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
		v.ApplicationID, v.OrgID, v.ApplicantID, v.SchedulerID, T(v.Start), v.Minutes, v.Link, v.Place, v.Note, remind, T(now), T(now))
	return id, err
}

// MarkInterviewHeld closes a live interview that has taken place (a next round may then be
// scheduled).
func (s *Store) MarkInterviewHeld(ctx context.Context, id int64, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE interviews SET status = 'held', updated_at = ? WHERE id = ? AND status IN `+liveInterview, T(now), id)
	return err
}

// RescheduleInterview moves a live interview (back to proposed, reminder cleared unless
// remindedAt is set) when it is still at start (ErrConflict otherwise: someone changed it).
func (s *Store) RescheduleInterview(ctx context.Context, v Interview, oldStart time.Time, now time.Time) error {
	remind := any(nil)
	if !v.RemindedAt.IsZero() {
		remind = T(v.RemindedAt)
	}
	res, err := s.exec(ctx, `UPDATE interviews SET start_at = ?, minutes = ?, link = ?, place = ?, note = ?, status = 'proposed',
		scheduler_id = ?, applicant_message = '', reminded_at = ?, updated_at = ? WHERE id = ? AND start_at = ? AND status IN `+liveInterview,
		T(v.Start), v.Minutes, v.Link, v.Place, v.Note, v.SchedulerID, remind, T(now), v.ID, T(oldStart))
	if err != nil {
		return err
	}
	return oneRow(res)
}

// AnswerInterview records the applicant's answer (confirmed, or change_requested with a
// message) when the interview is in one of the statuses from (ErrConflict otherwise).
func (s *Store) AnswerInterview(ctx context.Context, id int64, status, message string, now time.Time, from ...string) error {
	q := `UPDATE interviews SET status = ?, applicant_message = ?, updated_at = ? WHERE id = ? AND status IN (` +
		strings.TrimSuffix(strings.Repeat("?,", len(from)), ",") + `)`
	args := []any{status, message, T(now), id}
	for _, f := range from {
		args = append(args, f)
	}
	res, err := s.exec(ctx, q, args...)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// CancelInterview cancels a live interview (ErrConflict when it is not live any more).
func (s *Store) CancelInterview(ctx context.Context, id int64, by, reason string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE interviews SET status = 'cancelled', cancelled_by = ?, cancel_reason = ?, updated_at = ? WHERE id = ?
		AND status IN `+liveInterview, by, reason, T(now), id)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// CancelInterviewsOfApplication cancels an application's live interview (withdrawn, declined),
// returning the ones it cancelled.
func (s *Store) CancelInterviewsOfApplication(ctx context.Context, appID int64, by string, now time.Time) ([]Interview, error) {
	live, err := s.interviewList(ctx, `WHERE i.application_id = ? AND i.status IN `+liveInterview, appID)
	if err != nil || len(live) == 0 {
		return nil, err
	}
	_, err = s.exec(ctx, `UPDATE interviews SET status = 'cancelled', cancelled_by = ?, updated_at = ? WHERE application_id = ?
		AND status IN `+liveInterview, by, T(now), appID)
	return live, err
}

// DueInterviewReminders lists live interviews (proposed or confirmed) starting in [from, to)
// not reminded yet.
func (s *Store) DueInterviewReminders(ctx context.Context, from, to time.Time, limit int) ([]Interview, error) {
	return s.interviewList(ctx, `WHERE i.id IN (SELECT id FROM interviews WHERE start_at >= ? AND start_at < ?
		AND status IN ('proposed', 'confirmed') AND reminded_at IS NULL) ORDER BY i.start_at, i.id LIMIT ?`, T(from), T(to), limit)
}

// MarkInterviewReminded records that an interview's reminder went (false when it already had).
func (s *Store) MarkInterviewReminded(ctx context.Context, id int64, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE interviews SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL`, T(now), id)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
