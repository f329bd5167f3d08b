package db

// Leaving a mail thread and removing someone from it (app/workspace/mail): the person keeps
// their view of the thread, fixed at the newest message and event of that moment
// (mail_views.until_message, until_event), and is no longer a participant; the thread keeps
// the change as an event (mail_events) that its readers' clients word in their language.

import (
	"context"
	"errors"
	"time"
)

var (
	// ErrMailLeft: the person is not in the thread any more (they left or were removed).
	ErrMailLeft = errors.New("db: no longer in the mail thread")
	// ErrMailFixed: the thread's people cannot change (the platform's letter, a draft's own thread).
	ErrMailFixed = errors.New("db: the mail thread's people cannot change")
	// ErrMailNotRemovable: the person was in the thread from its first letter, or the caller
	// neither started the thread nor added them.
	ErrMailNotRemovable = errors.New("db: not removable from the mail thread")
)

// mailSeen is the condition that message alias m is one the owner of view alias v still sees:
// all of them while they are a participant, up to until_message after they left (their own
// drafts always). Aliases are the code's, never input.
func mailSeen(m, v string) string {
	return `(` + v + `.until_message IS NULL OR ` + m + `.id <= ` + v + `.until_message OR ` + m + `.draft = 1)`
}

// mailSeenBy is mailSeen for the viewer given as the next argument (?), by their view of the
// message's thread.
func mailSeenBy(m string) string {
	return `NOT EXISTS (SELECT 1 FROM mail_views f WHERE f.owner_id = ? AND f.thread_id = ` + m + `.thread_id AND ` + m + `.draft = 0
		AND ` + m + `.id > f.until_message)`
}

// MailEvent is a change of a thread's people: someone left (Actor), or Actor removed Subject.
type MailEvent struct {
	ID           int64
	Kind         string // left, removed
	ActorID      int64  // 0: a deleted account
	ActorName    string
	SubjectID    int64
	SubjectName  string
	AfterMessage int64
	CreatedAt    time.Time
}

// MailEventsFor lists the events of thread that viewer sees (up to until: 0 for all), oldest first.
func (s *Store) MailEventsFor(ctx context.Context, thread, until int64) ([]MailEvent, error) {
	rows, err := s.rows(ctx, `SELECT e.id, e.kind, coalesce(e.actor_id, 0), coalesce(a.first_name || ' ' || a.last_name, ''),
		coalesce(e.subject_id, 0), coalesce(p.first_name || ' ' || p.last_name, ''), e.after_message, e.created_at
		FROM mail_events e LEFT JOIN users a ON a.id = e.actor_id LEFT JOIN users p ON p.id = e.subject_id
		WHERE e.thread_id = ? AND (? = 0 OR e.id <= ?) ORDER BY e.id LIMIT 500`, thread, until, until)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []MailEvent{}
	for rows.Next() {
		var e MailEvent
		var at string
		if err := rows.Scan(&e.ID, &e.Kind, &e.ActorID, &e.ActorName, &e.SubjectID, &e.SubjectName, &e.AfterMessage, &at); err != nil {
			return nil, mapErr(err)
		}
		e.CreatedAt = ParseT(at)
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}

// MailPeopleChange is what leaving or removing did: the thread's subject and the people still
// in it.
type MailPeopleChange struct {
	Subject   string
	Remaining []int64
}

// LeaveMailThread takes actor out of thread (target == actor: they leave) or, when target is
// someone else, removes target, at now. The rules are checked here, in the change's
// transaction: actor must be a participant (ErrNotFound when they were never in the thread,
// ErrMailLeft when they left); the thread must be people's (ErrMailFixed); a removed person
// must be a participant added after the first letter (ErrNotFound when they are not in it),
// and actor the one who started the thread or who added them (ErrMailNotRemovable). The
// person keeps their view fixed where the thread is now; the event is recorded. Call it
// inside the caller's transaction (the notification goes with it).
func (s *Store) LeaveMailThread(ctx context.Context, thread, actor, target int64, now time.Time) (MailPeopleChange, error) {
	var out MailPeopleChange
	err := s.InTx(ctx, func(tx *Store) error {
		t, err := tx.MailThreadFor(ctx, thread, actor)
		if err != nil {
			return err
		}
		if t.Until != 0 {
			return ErrMailLeft
		}
		if t.System || t.LastMessageID == 0 {
			return ErrMailFixed
		}
		kind, subject := "left", int64(0)
		if target != actor {
			kind, subject = "removed", target
			p := t.Person(target)
			if p == nil || p.Former {
				return ErrNotFound
			}
			if p.AddedBy == 0 || (actor != t.Starter && actor != p.AddedBy) {
				return ErrMailNotRemovable
			}
		}
		var event int64
		if err := tx.writeRow(ctx, []any{&event}, `INSERT INTO mail_events (thread_id, kind, actor_id, subject_id, after_message, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, thread, kind, actor, nullID(subject),
			t.LastMessageID, T(now)); err != nil {
			return err
		}
		if err := affected(tx.exec(ctx, `UPDATE mail_views SET until_message = ?, until_event = ? WHERE owner_id = ? AND thread_id = ?
			AND until_message IS NULL`, t.LastMessageID, event, target, thread)); err != nil {
			return err
		}
		out.Subject = t.Subject
		out.Remaining, err = tx.MailParticipants(ctx, thread)
		return err
	})
	return out, err
}
