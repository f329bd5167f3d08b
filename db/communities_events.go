package db

// Community events (app/communities, events_*.go): their admins and moderators create, edit
// and cancel them; members answer going or not going, within the capacity; the calendar
// (app/workspace/calendar) shows the events a person is going to and reminds them the day
// before. Migration 0041.

import (
	"context"
	"errors"
	"time"
)

// maxEventSpan is the longest an event lasts (app/communities checks it): a window's query
// looks for starts this much before it.
const maxEventSpan = 31 * 24 * time.Hour

// ErrEventFull: the event has as many people going as its capacity.
var ErrEventFull = errors.New("db: event full")

// CommunityEvent is a stored event of a community.
type CommunityEvent struct {
	ID            int64
	CommunityID   int64
	CreatedBy     int64
	TitleEn       string
	TitleMn       string
	DescriptionEn string // Markdown as written
	DescriptionMn string
	HTMLEn        string // sanitised on save
	HTMLMn        string
	Start         time.Time
	End           time.Time
	OnlineURL     string
	Place         string
	Capacity      int // 0: no limit
	GoingCount    int
	Status        string // scheduled, cancelled
	CancelReason  string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// EventCursor is the keyset of a community's events: the start, then the id.
type EventCursor struct {
	At string `json:"a"`
	ID int64  `json:"i"`
}

const commEventCols = `e.id, e.community_id, coalesce(e.created_by, 0), e.title_en, e.title_mn, e.description_en, e.description_mn,
	e.html_en, e.html_mn, e.start_at, e.end_at, e.online_url, e.place, e.capacity, e.going_count, e.status, e.cancel_reason,
	e.created_at, e.updated_at`

func scanCommEvent(row scanner) (*CommunityEvent, error) {
	var e CommunityEvent
	var start, end, created, updated string
	if err := row.Scan(&e.ID, &e.CommunityID, &e.CreatedBy, &e.TitleEn, &e.TitleMn, &e.DescriptionEn, &e.DescriptionMn,
		&e.HTMLEn, &e.HTMLMn, &start, &end, &e.OnlineURL, &e.Place, &e.Capacity, &e.GoingCount, &e.Status, &e.CancelReason,
		&created, &updated); err != nil {
		return nil, mapErr(err)
	}
	e.Start, e.End, e.CreatedAt, e.UpdatedAt = ParseT(start), ParseT(end), ParseT(created), ParseT(updated)
	return &e, nil
}

// CreateCommunityEvent stores a new event and returns its id.
func (s *Store) CreateCommunityEvent(ctx context.Context, e *CommunityEvent, now time.Time) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO community_events (community_id, created_by, title_en, title_mn,
		description_en, description_mn, html_en, html_mn, start_at, end_at, online_url, place, capacity, created_at, updated_at)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
		e.CommunityID, e.CreatedBy, e.TitleEn, e.TitleMn, e.DescriptionEn, e.DescriptionMn, e.HTMLEn, e.HTMLMn,
		T(e.Start), T(e.End), e.OnlineURL, e.Place, e.Capacity, T(now), T(now))
	return id, err
}

// UpdateCommunityEvent saves a scheduled event's text, times, place and capacity (and the
// start its answers keep). A capacity below the people going is refused by the table
// (ErrConflict); the caller checks first.
func (s *Store) UpdateCommunityEvent(ctx context.Context, e *CommunityEvent, now time.Time) error {
	err := affected(s.exec(ctx, `UPDATE community_events SET title_en = ?, title_mn = ?, description_en = ?, description_mn = ?,
		html_en = ?, html_mn = ?, start_at = ?, end_at = ?, online_url = ?, place = ?, capacity = ?, updated_at = ?
		WHERE id = ? AND status = 'scheduled'`,
		e.TitleEn, e.TitleMn, e.DescriptionEn, e.DescriptionMn, e.HTMLEn, e.HTMLMn, T(e.Start), T(e.End), e.OnlineURL, e.Place,
		e.Capacity, T(now), e.ID))
	if err != nil {
		return err
	}
	_, err = s.exec(ctx, `UPDATE community_event_rsvps SET start_at = ? WHERE event_id = ? AND start_at <> ?`, T(e.Start), e.ID, T(e.Start))
	return err
}

// CancelCommunityEvent cancels a scheduled event with a reason (ErrNotFound when it is not scheduled).
func (s *Store) CancelCommunityEvent(ctx context.Context, id int64, reason string, now time.Time) error {
	return affected(s.exec(ctx, `UPDATE community_events SET status = 'cancelled', cancel_reason = ?, updated_at = ?
		WHERE id = ? AND status = 'scheduled'`, reason, T(now), id))
}

// CommunityEventByID returns an event, or ErrNotFound.
func (s *Store) CommunityEventByID(ctx context.Context, id int64) (*CommunityEvent, error) {
	return scanCommEvent(s.row(ctx, `SELECT `+commEventCols+` FROM community_events e WHERE e.id = ?`, id))
}

// CommunityEventFilter selects a community's events that have not ended at Now, by start.
type CommunityEventFilter struct {
	CommunityID int64
	Viewer      int64 // events made by people the viewer blocked, who blocked them, or whom they muted are left out
	Now         time.Time
	After       *EventCursor
	Limit       int
}

// CommunityEvents lists a community's events that have not ended (cancelled ones too, marked),
// soonest first, and the cursor of the next page (nil at the end).
func (s *Store) CommunityEvents(ctx context.Context, f CommunityEventFilter) ([]*CommunityEvent, *EventCursor, error) {
	hidden, hargs := NotHiddenFor("e.created_by", f.Viewer)
	args := []any{f.CommunityID, T(f.Now)}
	// end_at > now, and start_at > now - 31 days (no event is longer): the start index's range.
	args = append(args, T(f.Now.Add(-maxEventSpan)))
	q := `SELECT ` + commEventCols + ` FROM community_events e WHERE e.community_id = ? AND e.end_at > ? AND e.start_at > ? AND ` + hidden
	args = append(args, hargs...)
	if f.After != nil {
		q += ` AND (e.start_at, e.id) > (?, ?)`
		args = append(args, f.After.At, f.After.ID)
	}
	q += ` ORDER BY e.start_at, e.id LIMIT ?`
	args = append(args, f.Limit+1)
	rows, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, nil, mapErr(err)
	}
	defer rows.Close()
	out := []*CommunityEvent{}
	for rows.Next() {
		e, err := scanCommEvent(rows)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, mapErr(err)
	}
	var next *EventCursor
	if len(out) > f.Limit {
		out = out[:f.Limit]
		last := out[len(out)-1]
		next = &EventCursor{At: T(last.Start), ID: last.ID}
	}
	return out, next, nil
}

// RSVPOf returns a person's answer to an event ("" when none).
func (s *Store) RSVPOf(ctx context.Context, eventID, userID int64) (string, error) {
	var answer string
	err := s.row(ctx, `SELECT answer FROM community_event_rsvps WHERE event_id = ? AND user_id = ?`, eventID, userID).Scan(&answer)
	if errors.Is(mapErr(err), ErrNotFound) {
		return "", nil
	}
	return answer, mapErr(err)
}

// SetRSVP records a person's answer (going, not_going) in the caller's transaction and moves
// the event's count of people going. A new "going" beyond the capacity is ErrEventFull: the
// count moves with one conditional UPDATE, so two people taking the last place at once end
// with one of them going.
func (s *Store) SetRSVP(ctx context.Context, eventID, userID int64, answer string, now time.Time) error {
	prev, err := s.RSVPOf(ctx, eventID, userID)
	if err != nil {
		return err
	}
	if prev == answer {
		return nil
	}
	switch {
	case answer == "going":
		res, err := s.exec(ctx, `UPDATE community_events SET going_count = going_count + 1
			WHERE id = ? AND status = 'scheduled' AND (capacity = 0 OR going_count < capacity)`, eventID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrEventFull
		}
	case prev == "going":
		if _, err := s.exec(ctx, `UPDATE community_events SET going_count = going_count - 1 WHERE id = ? AND going_count > 0`, eventID); err != nil {
			return err
		}
	}
	_, err = s.exec(ctx, `INSERT INTO community_event_rsvps (event_id, user_id, answer, start_at, created_at, updated_at)
		SELECT ?, ?, ?, start_at, ?, ? FROM community_events WHERE id = ?
		ON CONFLICT (event_id, user_id) DO UPDATE SET answer = excluded.answer, updated_at = excluded.updated_at, reminded_at = NULL`,
		eventID, userID, answer, T(now), T(now), eventID)
	return err
}

// GoingTo lists the people going to an event.
func (s *Store) GoingTo(ctx context.Context, eventID int64) ([]int64, error) {
	rows, err := s.rows(ctx, `SELECT user_id FROM community_event_rsvps WHERE event_id = ? AND answer = 'going' ORDER BY user_id`, eventID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, id)
	}
	return out, mapErr(rows.Err())
}

// LogCommunityEvent adds a line to an event's history (create, update, cancel).
func (s *Store) LogCommunityEvent(ctx context.Context, eventID, actorID int64, action, reason string, now time.Time) error {
	var actor any
	if actorID != 0 {
		actor = actorID
	}
	_, err := s.exec(ctx, `INSERT INTO community_event_log (event_id, actor_id, action, reason, created_at) VALUES (?,?,?,?,?)`,
		eventID, actor, action, reason, T(now))
	return err
}

// EventLogLine is one line of an event's history.
type EventLogLine struct {
	Action    string
	Reason    string
	ActorName string
	At        time.Time
}

// CommunityEventLog is an event's history, oldest first.
func (s *Store) CommunityEventLog(ctx context.Context, eventID int64) ([]EventLogLine, error) {
	rows, err := s.rows(ctx, `SELECT l.action, l.reason, coalesce(u.first_name || ' ' || u.last_name, ''), l.created_at
		FROM community_event_log l LEFT JOIN users u ON u.id = l.actor_id WHERE l.event_id = ? ORDER BY l.id`, eventID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []EventLogLine{}
	for rows.Next() {
		var l EventLogLine
		var at string
		if err := rows.Scan(&l.Action, &l.Reason, &l.ActorName, &at); err != nil {
			return nil, mapErr(err)
		}
		l.At = ParseT(at)
		out = append(out, l)
	}
	return out, mapErr(rows.Err())
}

// ResetEventReminders lets the reminder go again (the event moved).
func (s *Store) ResetEventReminders(ctx context.Context, eventID int64) error {
	_, err := s.exec(ctx, `UPDATE community_event_rsvps SET reminded_at = NULL WHERE event_id = ? AND reminded_at IS NOT NULL`, eventID)
	return err
}

// GoingEvent is an event a person is going to, with its community's names.
type GoingEvent struct {
	CommunityEvent
	UserID        int64
	CommunitySlug string
	NameEn        string
	NameMn        string
}

// readableTo: the community is active, and public or the person an active member (a
// suspension that ended counts as active). The person's column is ?-free: r.user_id.
const eventReadable = `c.status = 'active' AND (c.visibility = 'public' OR EXISTS (SELECT 1 FROM community_members m
	WHERE m.community_id = c.id AND m.user_id = r.user_id AND (m.status = 'active' OR (m.status = 'suspended'
	AND m.suspended_until IS NOT NULL AND m.suspended_until <= ?))))`

const goingCols = commEventCols + `, r.user_id, c.slug, c.name_en, c.name_mn`

func scanGoing(row scanner) (*GoingEvent, error) {
	var g GoingEvent
	var start, end, created, updated string
	e := &g.CommunityEvent
	if err := row.Scan(&e.ID, &e.CommunityID, &e.CreatedBy, &e.TitleEn, &e.TitleMn, &e.DescriptionEn, &e.DescriptionMn,
		&e.HTMLEn, &e.HTMLMn, &start, &end, &e.OnlineURL, &e.Place, &e.Capacity, &e.GoingCount, &e.Status, &e.CancelReason,
		&created, &updated, &g.UserID, &g.CommunitySlug, &g.NameEn, &g.NameMn); err != nil {
		return nil, mapErr(err)
	}
	e.Start, e.End, e.CreatedAt, e.UpdatedAt = ParseT(start), ParseT(end), ParseT(created), ParseT(updated)
	return &g, nil
}

func (s *Store) goingList(ctx context.Context, q string, args ...any) ([]GoingEvent, error) {
	rows, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []GoingEvent{}
	for rows.Next() {
		g, err := scanGoing(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *g)
	}
	return out, mapErr(rows.Err())
}

// EventsGoingOf lists the scheduled events a person is going to that overlap [from, to), in
// communities they may still read, soonest first (the calendar, the feed, "my events").
func (s *Store) EventsGoingOf(ctx context.Context, userID int64, from, to, now time.Time, limit int) ([]GoingEvent, error) {
	return s.goingList(ctx, `SELECT `+goingCols+` FROM community_event_rsvps r
		JOIN community_events e ON e.id = r.event_id JOIN communities c ON c.id = e.community_id
		WHERE r.user_id = ? AND r.answer = 'going' AND r.start_at < ? AND r.start_at > ?
		AND e.status = 'scheduled' AND e.end_at > ? AND `+eventReadable+`
		ORDER BY r.start_at, e.id LIMIT ?`, userID, T(to), T(from.Add(-maxEventSpan)), T(from), T(now), limit)
}

// DueEventReminders lists the people going to events starting in (now, until] who have not
// been reminded, in communities they may still read.
func (s *Store) DueEventReminders(ctx context.Context, now, until time.Time, limit int) ([]GoingEvent, error) {
	return s.goingList(ctx, `SELECT `+goingCols+` FROM community_event_rsvps r
		JOIN community_events e ON e.id = r.event_id JOIN communities c ON c.id = e.community_id
		WHERE r.answer = 'going' AND r.reminded_at IS NULL AND r.start_at > ? AND r.start_at <= ?
		AND e.status = 'scheduled' AND `+eventReadable+`
		ORDER BY r.start_at, e.id, r.user_id LIMIT ?`, T(now), T(until), T(now), limit)
}

// MarkEventReminded stamps the reminder of a person's answer (false when it was already sent).
func (s *Store) MarkEventReminded(ctx context.Context, eventID, userID int64, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE community_event_rsvps SET reminded_at = ? WHERE event_id = ? AND user_id = ?
		AND answer = 'going' AND reminded_at IS NULL`, T(now), eventID, userID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// RSVPRow is one of a person's answers (download my data).
type RSVPRow struct {
	EventID       int64
	TitleEn       string
	TitleMn       string
	CommunitySlug string
	Start         time.Time
	Answer        string
	At            time.Time
}

// RSVPsOf lists a person's answers, newest first.
func (s *Store) RSVPsOf(ctx context.Context, userID int64) ([]RSVPRow, error) {
	rows, err := s.rows(ctx, `SELECT e.id, e.title_en, e.title_mn, c.slug, e.start_at, r.answer, r.updated_at
		FROM community_event_rsvps r JOIN community_events e ON e.id = r.event_id JOIN communities c ON c.id = e.community_id
		WHERE r.user_id = ? ORDER BY r.updated_at DESC, e.id DESC`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []RSVPRow{}
	for rows.Next() {
		var x RSVPRow
		var start, at string
		if err := rows.Scan(&x.EventID, &x.TitleEn, &x.TitleMn, &x.CommunitySlug, &start, &x.Answer, &at); err != nil {
			return nil, mapErr(err)
		}
		x.Start, x.At = ParseT(start), ParseT(at)
		out = append(out, x)
	}
	return out, mapErr(rows.Err())
}
