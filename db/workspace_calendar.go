package db

import (
	"context"
	"strconv"
	"time"
)

// The workspace's calendar and appointments (app/workspace/calendar): hosts' availability,
// bookings, people's own events and their private feed.

// BookingHours is one span of a host's week: minutes from local midnight.
type BookingHours struct {
	Weekday  int // 0 = Sunday
	StartMin int
	EndMin   int
}

// BookingException is a day off (Kind "off") or extra hours ("extra") on one local day.
type BookingException struct {
	Day      string // YYYY-MM-DD
	Kind     string
	StartMin int
	EndMin   int
}

// BookingHost is a host's availability.
type BookingHost struct {
	UserID        int64
	SlotMinutes   int
	BufferMinutes int
	TimeZone      string
	Published     bool
	UpdatedAt     time.Time
	Hours         []BookingHours
	Exceptions    []BookingException
}

// BookingHostOf returns a host's availability (ErrNotFound when they never published any).
func (s *Store) BookingHostOf(ctx context.Context, userID int64) (BookingHost, error) {
	h := BookingHost{UserID: userID, Hours: []BookingHours{}, Exceptions: []BookingException{}}
	var updated string
	err := s.row(ctx, `SELECT slot_minutes, buffer_minutes, time_zone, published, updated_at FROM booking_hosts WHERE user_id = ?`,
		userID).Scan(&h.SlotMinutes, &h.BufferMinutes, &h.TimeZone, &h.Published, &updated)
	if err != nil {
		return h, mapErr(err)
	}
	h.UpdatedAt = ParseT(updated)
	rows, err := s.rows(ctx, `SELECT weekday, start_min, end_min FROM booking_hours WHERE user_id = ? ORDER BY weekday, start_min`, userID)
	if err != nil {
		return h, mapErr(err)
	}
	for rows.Next() {
		var x BookingHours
		if err := rows.Scan(&x.Weekday, &x.StartMin, &x.EndMin); err != nil {
			rows.Close()
			return h, mapErr(err)
		}
		h.Hours = append(h.Hours, x)
	}
	rows.Close()
	rows, err = s.rows(ctx, `SELECT day, kind, start_min, end_min FROM booking_exceptions WHERE user_id = ? ORDER BY day, start_min`, userID)
	if err != nil {
		return h, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var x BookingException
		if err := rows.Scan(&x.Day, &x.Kind, &x.StartMin, &x.EndMin); err != nil {
			return h, mapErr(err)
		}
		h.Exceptions = append(h.Exceptions, x)
	}
	return h, mapErr(rows.Err())
}

// SaveBookingHost replaces a host's availability (settings, weekly hours, exceptions).
func (s *Store) SaveBookingHost(ctx context.Context, h BookingHost, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `INSERT INTO booking_hosts (user_id, slot_minutes, buffer_minutes, time_zone, published, updated_at)
			VALUES (?,?,?,?,?,?) ON CONFLICT (user_id) DO UPDATE SET slot_minutes = excluded.slot_minutes,
			buffer_minutes = excluded.buffer_minutes, time_zone = excluded.time_zone, published = excluded.published,
			updated_at = excluded.updated_at`, h.UserID, h.SlotMinutes, h.BufferMinutes, h.TimeZone, h.Published, T(now)); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM booking_hours WHERE user_id = ?`, h.UserID); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM booking_exceptions WHERE user_id = ?`, h.UserID); err != nil {
			return err
		}
		for _, x := range h.Hours {
			if _, err := tx.exec(ctx, `INSERT INTO booking_hours (user_id, weekday, start_min, end_min) VALUES (?,?,?,?)`,
				h.UserID, x.Weekday, x.StartMin, x.EndMin); err != nil {
				return err
			}
		}
		for _, x := range h.Exceptions {
			if _, err := tx.exec(ctx, `INSERT INTO booking_exceptions (user_id, day, kind, start_min, end_min) VALUES (?,?,?,?,?)`,
				h.UserID, x.Day, x.Kind, x.StartMin, x.EndMin); err != nil {
				return err
			}
		}
		return nil
	})
}

// BookingHostSummary is a published host with their organisation, for the list students see.
type BookingHostSummary struct {
	UserID      int64
	FirstName   string
	LastName    string
	OrgName     string
	OrgRole     string
	SlotMinutes int
}

// PublishedBookingHosts lists the hosts who published availability and belong to an
// organisation, by organisation then name.
func (s *Store) PublishedBookingHosts(ctx context.Context, limit int) ([]BookingHostSummary, error) {
	rows, err := s.rows(ctx, `SELECT u.id, u.first_name, u.last_name, o.name, m.role, h.slot_minutes
		FROM booking_hosts h JOIN users u ON u.id = h.user_id
		JOIN memberships m ON m.user_id = u.id JOIN organizations o ON o.id = m.organization_id
		WHERE h.published = 1 AND EXISTS (SELECT 1 FROM booking_hours x WHERE x.user_id = h.user_id)
		ORDER BY o.name, u.first_name, u.id LIMIT ?`, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []BookingHostSummary{}
	for rows.Next() {
		var x BookingHostSummary
		if err := rows.Scan(&x.UserID, &x.FirstName, &x.LastName, &x.OrgName, &x.OrgRole, &x.SlotMinutes); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, x)
	}
	return out, mapErr(rows.Err())
}

// Booking statuses.
const (
	BookingBooked    = "booked"
	BookingCancelled = "cancelled"
	BookingNoShow    = "no_show"
)

// Booking is a booked slot with both people's names.
type Booking struct {
	ID          int64
	HostID      int64
	StudentID   int64
	Start, End  time.Time
	Status      string
	Note        string
	CreatedAt   time.Time
	CancelledAt time.Time
	CancelledBy int64
	RemindedAt  time.Time
	HostName    string
	StudentName string
	OrgName     string
}

const bookingCols = `b.id, b.host_id, b.student_id, b.start_at, b.end_at, b.status, b.note, b.created_at,
	b.cancelled_at, coalesce(b.cancelled_by, 0), b.reminded_at,
	h.first_name || ' ' || h.last_name, st.first_name || ' ' || st.last_name, coalesce(o.name, '')`

const bookingFrom = ` FROM bookings b JOIN users h ON h.id = b.host_id JOIN users st ON st.id = b.student_id
	LEFT JOIN memberships m ON m.user_id = b.host_id LEFT JOIN organizations o ON o.id = m.organization_id `

func scanBooking(sc scanner) (Booking, error) {
	var b Booking
	var start, end, created string
	var cancelled, reminded *string
	err := sc.Scan(&b.ID, &b.HostID, &b.StudentID, &start, &end, &b.Status, &b.Note, &created, &cancelled, &b.CancelledBy,
		&reminded, &b.HostName, &b.StudentName, &b.OrgName)
	b.Start, b.End, b.CreatedAt, b.CancelledAt, b.RemindedAt = ParseT(start), ParseT(end), ParseT(created), nullT(cancelled), nullT(reminded)
	return b, mapErr(err)
}

func (s *Store) bookingList(ctx context.Context, q string, args ...any) ([]Booking, error) {
	rows, err := s.rows(ctx, `SELECT `+bookingCols+bookingFrom+q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Booking{}
	for rows.Next() {
		b, err := scanBooking(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, mapErr(rows.Err())
}

// InsertBooking books a slot. A slot the host already has an active booking at is
// ErrConflict (the unique index bookings_slot_idx).
func (s *Store) InsertBooking(ctx context.Context, b Booking, now time.Time) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO bookings (host_id, student_id, start_at, end_at, note, created_at)
		VALUES (?,?,?,?,?,?) RETURNING id`, b.HostID, b.StudentID, T(b.Start), T(b.End), b.Note, T(now))
	return id, err
}

// BookingByID returns one booking.
func (s *Store) BookingByID(ctx context.Context, id int64) (Booking, error) {
	return scanBooking(s.row(ctx, `SELECT `+bookingCols+bookingFrom+` WHERE b.id = ?`, id))
}

// HostBookings lists a host's active bookings starting in [from, to).
func (s *Store) HostBookings(ctx context.Context, hostID int64, from, to time.Time) ([]Booking, error) {
	return s.bookingList(ctx, `WHERE b.host_id = ? AND b.start_at >= ? AND b.start_at < ? AND b.status <> 'cancelled'
		ORDER BY b.start_at`, hostID, T(from), T(to))
}

// BookingsOf lists the bookings of a person as host or as student starting in [from, to),
// cancelled ones included when all is set.
func (s *Store) BookingsOf(ctx context.Context, userID int64, from, to time.Time, all bool) ([]Booking, error) {
	st := ` AND b.status <> 'cancelled'`
	if all {
		st = ``
	}
	return s.bookingList(ctx, `WHERE b.id IN (SELECT id FROM bookings WHERE host_id = ?1 AND start_at >= ?2 AND start_at < ?3
		UNION ALL SELECT id FROM bookings WHERE student_id = ?1 AND start_at >= ?2 AND start_at < ?3)`+st+` ORDER BY b.start_at, b.id`,
		userID, T(from), T(to))
}

// CountBookingsOf counts a person's active bookings (as host or student) starting in [from, to).
func (s *Store) CountBookingsOf(ctx context.Context, userID int64, from, to time.Time) (int, error) {
	var n int
	err := s.row(ctx, `SELECT (SELECT count(*) FROM bookings WHERE host_id = ?1 AND start_at >= ?2 AND start_at < ?3 AND status <> 'cancelled')
		+ (SELECT count(*) FROM bookings WHERE student_id = ?1 AND start_at >= ?2 AND start_at < ?3 AND status <> 'cancelled')`,
		userID, T(from), T(to)).Scan(&n)
	return n, mapErr(err)
}

// SetBookingStatus moves a booking from booked to status (ErrNotFound when it is not booked).
func (s *Store) SetBookingStatus(ctx context.Context, id int64, status string, by int64, now time.Time) error {
	q := `UPDATE bookings SET status = ? WHERE id = ? AND status = 'booked'`
	args := []any{status, id}
	if status == BookingCancelled {
		q = `UPDATE bookings SET status = ?, cancelled_at = ?, cancelled_by = ? WHERE id = ? AND status = 'booked'`
		args = []any{status, T(now), by, id}
	}
	res, err := s.exec(ctx, q, args...)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// RescheduleBooking moves a booked appointment from its start at from to [start, end) and sets
// when its reminder counts as sent (zero: not yet, so the job sends one for the new time).
// ErrNotFound when it is no longer booked at from (cancelled, or moved meanwhile); ErrConflict
// when the host has another active booking at start (the unique index bookings_slot_idx).
func (s *Store) RescheduleBooking(ctx context.Context, id int64, from, start, end, reminded time.Time) error {
	var rem any
	if !reminded.IsZero() {
		rem = T(reminded)
	}
	res, err := s.exec(ctx, `UPDATE bookings SET start_at = ?, end_at = ?, reminded_at = ? WHERE id = ? AND status = 'booked' AND start_at = ?`,
		T(start), T(end), rem, id, T(from))
	if err != nil {
		return err
	}
	return oneRow(res)
}

// DueReminders lists booked slots starting in [from, to) not reminded yet.
func (s *Store) DueReminders(ctx context.Context, from, to time.Time, limit int) ([]Booking, error) {
	return s.bookingList(ctx, `WHERE b.id IN (SELECT id FROM bookings WHERE start_at >= ? AND start_at < ? AND status = 'booked'
		AND reminded_at IS NULL) ORDER BY b.start_at, b.id LIMIT ?`, T(from), T(to), limit)
}

// MarkReminded records that a booking's reminder went (false when it already had).
func (s *Store) MarkReminded(ctx context.Context, id int64, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE bookings SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL`, T(now), id)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// CalendarEvent is a person's own event.
type CalendarEvent struct {
	ID         int64
	UserID     int64
	Title      string
	Notes      string
	Location   string
	Start, End time.Time
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

const eventCols = `id, user_id, title, notes, location, start_at, end_at, created_at, updated_at`

func scanEvent(sc scanner) (CalendarEvent, error) {
	var e CalendarEvent
	var start, end, created, updated string
	err := sc.Scan(&e.ID, &e.UserID, &e.Title, &e.Notes, &e.Location, &start, &end, &created, &updated)
	e.Start, e.End, e.CreatedAt, e.UpdatedAt = ParseT(start), ParseT(end), ParseT(created), ParseT(updated)
	return e, mapErr(err)
}

// InsertCalendarEvent stores an event.
func (s *Store) InsertCalendarEvent(ctx context.Context, e CalendarEvent, now time.Time) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO calendar_events (user_id, title, notes, location, start_at, end_at, created_at, updated_at)
		VALUES (?,?,?,?,?,?,?,?) RETURNING id`, e.UserID, e.Title, e.Notes, e.Location, T(e.Start), T(e.End), T(now), T(now))
	return id, err
}

// UpdateCalendarEvent replaces a person's event (ErrNotFound when it is not theirs).
func (s *Store) UpdateCalendarEvent(ctx context.Context, e CalendarEvent, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE calendar_events SET title = ?, notes = ?, location = ?, start_at = ?, end_at = ?, updated_at = ?
		WHERE id = ? AND user_id = ?`, e.Title, e.Notes, e.Location, T(e.Start), T(e.End), T(now), e.ID, e.UserID)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// DeleteCalendarEvent deletes a person's event (ErrNotFound when it is not theirs).
func (s *Store) DeleteCalendarEvent(ctx context.Context, userID, id int64) error {
	res, err := s.exec(ctx, `DELETE FROM calendar_events WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// CalendarEventOf returns a person's event (ErrNotFound when it is not theirs).
func (s *Store) CalendarEventOf(ctx context.Context, userID, id int64) (CalendarEvent, error) {
	return scanEvent(s.row(ctx, `SELECT `+eventCols+` FROM calendar_events WHERE id = ? AND user_id = ?`, id, userID))
}

// CalendarEvents lists a person's events overlapping [from, to), by start. Events are at
// most maxEventDays long (the module's rule), so the index on start bounds the scan.
func (s *Store) CalendarEvents(ctx context.Context, userID int64, from, to time.Time, maxLen time.Duration, limit int) ([]CalendarEvent, error) {
	rows, err := s.rows(ctx, `SELECT `+eventCols+` FROM calendar_events WHERE user_id = ? AND start_at >= ? AND start_at < ? AND end_at > ?
		ORDER BY start_at, id LIMIT ?`, userID, T(from.Add(-maxLen)), T(to), T(from), limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []CalendarEvent{}
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}

// Deadline is the deadline of an opportunity a person saved or applied to.
type Deadline struct {
	OpportunityID int64
	Slug          string
	TitleEn       string
	TitleMn       string
	Day           string // YYYY-MM-DD
	Applied       bool
}

// DeadlinesOf lists the deadlines in [fromDay, toDay] of the opportunities a person saved or
// applied to (once each, applied first).
func (s *Store) DeadlinesOf(ctx context.Context, userID int64, fromDay, toDay string) ([]Deadline, error) {
	rows, err := s.rows(ctx, `SELECT o.id, o.slug, o.title_en, o.title_mn, o.deadline, max(x.applied) FROM (
			SELECT opportunity_id, 0 AS applied FROM saved_opportunities WHERE user_id = ?1
			UNION ALL SELECT opportunity_id, 1 FROM applications WHERE user_id = ?1 AND status <> 'opted_out') x
		JOIN opportunities o ON o.id = x.opportunity_id
		WHERE o.deadline <> '' AND o.deadline >= ?2 AND o.deadline <= ?3
		GROUP BY o.id ORDER BY o.deadline, o.id LIMIT 200`, userID, fromDay, toDay)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Deadline{}
	for rows.Next() {
		var d Deadline
		if err := rows.Scan(&d.OpportunityID, &d.Slug, &d.TitleEn, &d.TitleMn, &d.Day, &d.Applied); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, d)
	}
	return out, mapErr(rows.Err())
}

// SetCalendarFeed stores the hash of a person's feed token, replacing the one before.
func (s *Store) SetCalendarFeed(ctx context.Context, userID int64, hash string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?,?,?)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`, userID, hash, T(now))
	return err
}

// DeleteCalendarFeed revokes a person's feed.
func (s *Store) DeleteCalendarFeed(ctx context.Context, userID int64) error {
	_, err := s.exec(ctx, `DELETE FROM calendar_feeds WHERE user_id = ?`, userID)
	return err
}

// CalendarFeedOf reports when a person's feed was made (zero when they have none).
func (s *Store) CalendarFeedOf(ctx context.Context, userID int64) (time.Time, error) {
	var at string
	err := s.row(ctx, `SELECT created_at FROM calendar_feeds WHERE user_id = ?`, userID).Scan(&at)
	if IsNotFound(mapErr(err)) {
		return time.Time{}, nil
	}
	return ParseT(at), mapErr(err)
}

// CalendarFeedUser returns whose feed a token hash opens (ErrNotFound when none).
func (s *Store) CalendarFeedUser(ctx context.Context, hash string) (int64, error) {
	var id int64
	err := s.row(ctx, `SELECT user_id FROM calendar_feeds WHERE token_hash = ?`, hash).Scan(&id)
	return id, mapErr(err)
}

// AddCounselorForDemo makes userID a counselor of orgID (the demo's counselor; real
// counselors join by invitation).
func (s *Store) AddCounselorForDemo(ctx context.Context, orgID, userID int64, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?,?,'counselor',?)`, orgID, userID, T(now))
	return err
}

// Invitation statuses.
const (
	InvitePending  = "pending"
	InviteAccepted = "accepted"
	InviteDeclined = "declined"
)

// Invitee is a person invited to an event, with their answer.
type Invitee struct {
	UserID int64
	Name   string
	Email  string
	Status string
}

// CalendarInvitees lists the people invited to events (by event id), by name.
func (s *Store) CalendarInvitees(ctx context.Context, eventIDs []int64) (map[int64][]Invitee, error) {
	out := map[int64][]Invitee{}
	if len(eventIDs) == 0 {
		return out, nil
	}
	rows, err := s.rows(ctx, `SELECT i.event_id, i.user_id, u.first_name || ' ' || u.last_name, u.email, i.status FROM calendar_invites i
		JOIN users u ON u.id = i.user_id WHERE i.event_id IN (SELECT value FROM json_each(?)) ORDER BY i.event_id, u.first_name, u.id`,
		jsonInts(eventIDs))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var x Invitee
		if err := rows.Scan(&id, &x.UserID, &x.Name, &x.Email, &x.Status); err != nil {
			return nil, mapErr(err)
		}
		out[id] = append(out[id], x)
	}
	return out, mapErr(rows.Err())
}

func jsonInts(v []int64) string {
	b := []byte{'['}
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, x, 10)
	}
	return string(append(b, ']'))
}

// SetCalendarInvitees makes userIDs the people invited to an event: new ones are pending,
// those already invited keep their answer, the others are no longer invited. It returns the
// newly invited.
func (s *Store) SetCalendarInvitees(ctx context.Context, eventID int64, userIDs []int64, now time.Time) ([]int64, error) {
	current, err := s.CalendarInvitees(ctx, []int64{eventID})
	if err != nil {
		return nil, err
	}
	had := map[int64]bool{}
	for _, x := range current[eventID] {
		had[x.UserID] = true
	}
	if _, err := s.exec(ctx, `DELETE FROM calendar_invites WHERE event_id = ? AND user_id NOT IN (SELECT value FROM json_each(?))`,
		eventID, jsonInts(userIDs)); err != nil {
		return nil, err
	}
	added := []int64{}
	for _, u := range userIDs {
		if had[u] {
			continue
		}
		if _, err := s.exec(ctx, `INSERT INTO calendar_invites (event_id, user_id, created_at) VALUES (?,?,?)`, eventID, u, T(now)); err != nil {
			return nil, err
		}
		added = append(added, u)
	}
	return added, nil
}

// InvitedEvent is an event a person is invited to, with their answer and the owner's name.
type InvitedEvent struct {
	CalendarEvent
	Status    string
	OwnerName string
}

// InvitedEvents lists the events a person is invited to that overlap [from, to).
func (s *Store) InvitedEvents(ctx context.Context, userID int64, from, to time.Time, maxLen time.Duration, limit int) ([]InvitedEvent, error) {
	rows, err := s.rows(ctx, `SELECT e.id, e.user_id, e.title, e.notes, e.location, e.start_at, e.end_at, e.created_at, e.updated_at,
		i.status, o.first_name || ' ' || o.last_name
		FROM calendar_invites i JOIN calendar_events e ON e.id = i.event_id JOIN users o ON o.id = e.user_id
		WHERE i.user_id = ? AND e.start_at >= ? AND e.start_at < ? AND e.end_at > ? ORDER BY e.start_at, e.id LIMIT ?`,
		userID, T(from.Add(-maxLen)), T(to), T(from), limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []InvitedEvent{}
	for rows.Next() {
		var x InvitedEvent
		var start, end, created, updated string
		if err := rows.Scan(&x.ID, &x.UserID, &x.Title, &x.Notes, &x.Location, &start, &end, &created, &updated, &x.Status, &x.OwnerName); err != nil {
			return nil, mapErr(err)
		}
		x.Start, x.End, x.CreatedAt, x.UpdatedAt = ParseT(start), ParseT(end), ParseT(created), ParseT(updated)
		out = append(out, x)
	}
	return out, mapErr(rows.Err())
}

// RespondCalendarInvite records a person's answer (ErrNotFound when they are not invited).
func (s *Store) RespondCalendarInvite(ctx context.Context, eventID, userID int64, status string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE calendar_invites SET status = ?, responded_at = ? WHERE event_id = ? AND user_id = ?`,
		status, T(now), eventID, userID)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// MayInvite reports whether owner may invite userID: a member of the same organisation, or
// someone they have (or had) an appointment with.
func (s *Store) MayInvite(ctx context.Context, owner, userID int64) (bool, error) {
	var ok bool
	err := s.row(ctx, `SELECT EXISTS (SELECT 1 FROM memberships a JOIN memberships b ON a.organization_id = b.organization_id
			WHERE a.user_id = ?1 AND b.user_id = ?2)
		OR EXISTS (SELECT 1 FROM bookings WHERE host_id = ?1 AND student_id = ?2)
		OR EXISTS (SELECT 1 FROM bookings WHERE host_id = ?2 AND student_id = ?1)`, owner, userID).Scan(&ok)
	return ok, mapErr(err)
}

// ProgramRegistration is a person's registration for a program (a form they sent while
// signed in), for the calendar's program dates.
type ProgramRegistration struct {
	ID        int64
	Form      string
	Status    string
	CreatedAt time.Time
}

// ProgramRegistrationsOf lists a person's live registrations for the Cultural Volunteer
// Program (rejected and withdrawn ones left out), newest first (submissions_user_idx).
func (s *Store) ProgramRegistrationsOf(ctx context.Context, userID int64) ([]ProgramRegistration, error) {
	rows, err := s.rows(ctx, `SELECT id, form, status, created_at FROM submissions
		WHERE user_id = ? AND form = 'volunteer' AND status NOT IN ('rejected', 'opted_out')
		ORDER BY created_at DESC, id DESC LIMIT 20`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []ProgramRegistration{}
	for rows.Next() {
		var x ProgramRegistration
		var created string
		if err := rows.Scan(&x.ID, &x.Form, &x.Status, &created); err != nil {
			return nil, mapErr(err)
		}
		x.CreatedAt = ParseT(created)
		out = append(out, x)
	}
	return out, mapErr(rows.Err())
}
