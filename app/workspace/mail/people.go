package mail

import (
	"errors"
	"net/http"
	"strconv"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// Leaving a thread and removing someone from it. The rules (db.LeaveMailThread checks them in
// the change's transaction, so a reply or another removal racing it is ordered by the single
// writer): anyone in a thread of people may leave it; someone added with a reply after the
// first letter may be removed by whoever started the thread or by whoever added them; the
// people of the first letter can only leave. The person keeps what they had (their view,
// fixed at the newest message and event of that moment) and gets nothing later; a reply from
// them is refused (403 mail_left), never turned into a new thread.

// mailLeft refuses what only a participant may do to someone who left or was removed.
func mailLeft() *web.Error {
	return &web.Error{Status: http.StatusForbidden, Code: "mail_left", Message: web.M("workspaceMail.errors.left")}
}

// peopleError maps the store's refusals of a change of a thread's people.
func peopleError(err error) error {
	switch {
	case db.IsNotFound(err):
		return web.NotFound()
	case errors.Is(err, db.ErrMailLeft):
		return mailLeft()
	case errors.Is(err, db.ErrMailFixed):
		return &web.Error{Status: http.StatusConflict, Code: "mail_fixed", Message: web.M("workspaceMail.errors.fixed")}
	case errors.Is(err, db.ErrMailNotRemovable):
		return &web.Error{Status: http.StatusForbidden, Code: "mail_not_removable", Message: web.M("workspaceMail.errors.notRemovable")}
	}
	return err
}

// Leave is POST /api/mail/threads/{id}/leave.
func (h *Handlers) Leave(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := web.PathID(r, "id")
	if err != nil {
		return err
	}
	return h.changePeople(w, r, id, u.ID)
}

// Remove is DELETE /api/mail/threads/{id}/people/{person}.
func (h *Handlers) Remove(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := web.PathID(r, "id")
	if err != nil {
		return err
	}
	person, err := web.PathID(r, "person")
	if err != nil {
		return err
	}
	if person == u.ID { // oneself: that is leaving
		return h.changePeople(w, r, id, u.ID)
	}
	return h.changePeople(w, r, id, person)
}

// changePeople takes target out of thread as the caller (target == caller: they leave), tells
// the removed person (a notification, which also files a letter from Gerege) in the same
// transaction, and after the commit the open mailboxes of everyone concerned reload the thread.
func (h *Handlers) changePeople(w http.ResponseWriter, r *http.Request, thread, target int64) error {
	u := h.user(r)
	ctx := r.Context()
	now := h.Now()
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		ch, err := tx.LeaveMailThread(ctx, thread, u.ID, target, now)
		if err != nil {
			return err
		}
		told := append(ch.Remaining, u.ID) // the caller's other tabs and devices too
		if target != u.ID {
			told = append(told, target)
			if err := notify.Send(ctx, tx, notify.Notification{UserID: target, Kind: Removed.Name, At: now,
				Params: map[string]string{"name": name(u), "subject": ch.Subject},
				Link:   "/dashboard/mail?thread=" + strconv.FormatInt(thread, 10)}); err != nil {
				return err
			}
		}
		if h.Live != nil && len(told) > 0 {
			tx.AfterCommit(func() { h.Live.PublishMailChanged(told, thread) })
		}
		return nil
	})
	if err != nil {
		return peopleError(err)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
