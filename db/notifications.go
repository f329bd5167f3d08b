package db

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Email states of a notification (notifications.email): what email it still owes.
const (
	NotifyEmailNone   = ""       // none: the person turned the kind off, or it was read first
	NotifyEmailDue    = "due"    // an email of its own, as soon as the runner gets to it
	NotifyEmailDigest = "digest" // a line in the person's next daily digest
	NotifyEmailSent   = "sent"   // queued in the outbox (alone or in a digest)
)

// Notification is one stored notification. Its title and body are not stored: Kind names a
// registered kind whose message keys are rendered with Params in the reader's language.
type Notification struct {
	ID        int64
	UserID    int64
	Kind      string
	Params    string // JSON object of strings
	Link      string
	CreatedAt time.Time
	ReadAt    time.Time // zero while unread
	Email     string    // NotifyEmail*
	EmailedAt time.Time
}

// InsertNotification stores n (ID, ReadAt and EmailedAt are ignored) and returns its id.
func (s *Store) InsertNotification(ctx context.Context, n Notification) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO notifications (user_id, kind, params, link, created_at, email)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, n.UserID, n.Kind, n.Params, n.Link, T(n.CreatedAt), n.Email)
	if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
		return 0, ErrNotFound // no such user
	}
	return id, mapErr(err)
}

const notificationCols = `id, user_id, kind, params, link, created_at, read_at, email, emailed_at`

func scanNotification(row scanner) (*Notification, error) {
	var n Notification
	var created string
	var read, emailed *string
	if err := row.Scan(&n.ID, &n.UserID, &n.Kind, &n.Params, &n.Link, &created, &read, &n.Email, &emailed); err != nil {
		return nil, mapErr(err)
	}
	n.CreatedAt, n.ReadAt, n.EmailedAt = ParseT(created), nullT(read), nullT(emailed)
	return &n, nil
}

func (s *Store) notifications(ctx context.Context, q string, args ...any) ([]Notification, error) {
	rows, err := s.rows(ctx, `SELECT `+notificationCols+` FROM notifications `+q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Notification{}
	for rows.Next() {
		n, err := scanNotification(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *n)
	}
	return out, mapErr(rows.Err())
}

// NotificationFilter selects one page of a person's notifications, newest first.
type NotificationFilter struct {
	UserID     int64
	UnreadOnly bool
	After      string // the cursor of the previous page ("" for the first)
	Limit      int    // 1–100, default 20
}

// Notifications returns one page of a person's notifications, newest first, and the cursor of
// the next page ("" when this is the last). Keyset paging on (created_at, id).
func (s *Store) Notifications(ctx context.Context, f NotificationFilter) ([]Notification, string, error) {
	where := "WHERE user_id = ?"
	args := []any{f.UserID}
	if f.UnreadOnly {
		where += " AND read_at IS NULL"
	}
	if f.After != "" {
		at, id, ok := strings.Cut(f.After, "|")
		var n int64
		if _, err := fmt.Sscan(id, &n); !ok || err != nil || ParseT(at).IsZero() {
			return nil, "", ErrNotFound
		}
		where += " AND (created_at, id) < (?, ?)"
		args = append(args, at, n)
	}
	if f.Limit <= 0 || f.Limit > 100 {
		f.Limit = 20
	}
	out, err := s.notifications(ctx, where+" ORDER BY created_at DESC, id DESC LIMIT ?", append(args, f.Limit+1)...)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > f.Limit {
		out = out[:f.Limit]
		last := out[len(out)-1]
		next = T(last.CreatedAt) + "|" + fmt.Sprint(last.ID)
	}
	return out, next, nil
}

// UnreadNotifications counts a person's unread notifications.
func (s *Store) UnreadNotifications(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM notifications WHERE user_id = ? AND read_at IS NULL`, userID).Scan(&n)
	return n, mapErr(err)
}

// MarkNotificationRead marks one of the person's notifications read (already read stays as it
// was). Another person's notification, or none, is ErrNotFound.
func (s *Store) MarkNotificationRead(ctx context.Context, userID, id int64, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE notifications SET read_at = coalesce(read_at, ?) WHERE id = ? AND user_id = ?`,
		T(now), id, userID)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// MarkAllNotificationsRead marks every unread notification of the person read and says how many.
func (s *Store) MarkAllNotificationsRead(ctx context.Context, userID int64, now time.Time) (int64, error) {
	res, err := s.exec(ctx, `UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL`, T(now), userID)
	if err != nil {
		return 0, mapErr(err)
	}
	return res.RowsAffected()
}

// NotificationPref returns the person's email setting for kind ("" when they never chose).
func (s *Store) NotificationPref(ctx context.Context, userID int64, kind string) (string, error) {
	var v string
	err := s.row(ctx, `SELECT email FROM notification_prefs WHERE user_id = ? AND kind = ?`, userID, kind).Scan(&v)
	if err == nil || mapErr(err) == ErrNotFound {
		return v, nil
	}
	return "", mapErr(err)
}

// NotificationPrefs returns every email setting the person chose, by kind.
func (s *Store) NotificationPrefs(ctx context.Context, userID int64) (map[string]string, error) {
	rows, err := s.rows(ctx, `SELECT kind, email FROM notification_prefs WHERE user_id = ?`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, mapErr(err)
		}
		out[k] = v
	}
	return out, mapErr(rows.Err())
}

// SetNotificationPrefs stores the person's email settings (kind → immediate|digest|off) in one
// transaction. Notifications already waiting for a digest or an email of their own follow the
// new setting: turned off, they are not sent.
func (s *Store) SetNotificationPrefs(ctx context.Context, userID int64, prefs map[string]string, now time.Time) error {
	err := s.InTx(ctx, func(tx *Store) error {
		for kind, mode := range prefs {
			if _, err := tx.exec(ctx, `INSERT INTO notification_prefs (user_id, kind, email, updated_at) VALUES (?, ?, ?, ?)
				ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email, updated_at = excluded.updated_at`,
				userID, kind, mode, T(now)); err != nil {
				return err
			}
			state := map[string]string{"immediate": NotifyEmailDue, "digest": NotifyEmailDigest, "off": NotifyEmailNone}[mode]
			if _, err := tx.exec(ctx, `UPDATE notifications SET email = ? WHERE user_id = ? AND kind = ? AND email IN ('due', 'digest')`,
				state, userID, kind); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
		return ErrNotFound // no such user (an old unsubscribe link of a deleted account)
	}
	return err
}

// NotificationEmail is a notification that owes an email, with what the email needs of its
// recipient.
type NotificationEmail struct {
	Notification
	To        string
	FirstName string
	Lang      string
}

func (s *Store) notificationEmails(ctx context.Context, q string, args ...any) ([]NotificationEmail, error) {
	out := []NotificationEmail{}
	// Read through the single writer: a notification sent in a transaction that is still
	// open is seen once that transaction commits, never missed because the read pool looked
	// first.
	err := s.InTx(ctx, func(tx *Store) error {
		rows, err := tx.rows(ctx, `SELECT n.id, n.user_id, n.kind, n.params, n.link, n.created_at, n.read_at,
			n.email, n.emailed_at, u.email, u.first_name, u.language
			FROM notifications n JOIN users u ON u.id = n.user_id `+q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var e NotificationEmail
			var created string
			var read, emailed *string
			if err := rows.Scan(&e.ID, &e.UserID, &e.Kind, &e.Params, &e.Link, &created, &read, &e.Email, &emailed,
				&e.To, &e.FirstName, &e.Lang); err != nil {
				return err
			}
			e.CreatedAt, e.ReadAt, e.EmailedAt = ParseT(created), nullT(read), nullT(emailed)
			out = append(out, e)
		}
		return rows.Err()
	})
	return out, mapErr(err)
}

// DueNotificationEmails returns up to limit notifications owing an email of their own, oldest first.
func (s *Store) DueNotificationEmails(ctx context.Context, limit int) ([]NotificationEmail, error) {
	return s.notificationEmails(ctx, `WHERE n.email = 'due' ORDER BY n.id LIMIT ?`, limit)
}

// DigestNotificationEmails returns the notifications waiting for a digest that were created
// before until, by person (ordered by user, then oldest first).
func (s *Store) DigestNotificationEmails(ctx context.Context, until time.Time) ([]NotificationEmail, error) {
	return s.notificationEmails(ctx, `WHERE n.email = 'digest' AND n.created_at < ? ORDER BY n.user_id, n.created_at, n.id`, T(until))
}

// SetNotificationEmail sets the email state of notifications (NotifyEmailNone when no email
// will be sent: read first, or turned off).
func (s *Store) SetNotificationEmail(ctx context.Context, ids []int64, state string, now time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	args := []any{state, T(now)}
	for _, id := range ids {
		args = append(args, id)
	}
	_, err := s.exec(ctx, `UPDATE notifications SET email = ?, emailed_at = ? WHERE id IN (?`+
		strings.Repeat(", ?", len(ids)-1)+`)`, args...)
	return mapErr(err)
}

// PurgeNotifications deletes notifications made more than NotificationRetention before now.
func (s *Store) PurgeNotifications(ctx context.Context, now time.Time) (int64, error) {
	return s.purge(ctx, stmt{`DELETE FROM notifications WHERE created_at < ?`, []any{T(now.Add(-NotificationRetention))}})
}
