package calendar

import (
	"context"
	"time"

	"gerege/db"
)

var (
	beginning = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	theEnd    = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
)

// exportEvents is the person's own events, for "download my data".
func (h *Handlers) exportEvents(ctx context.Context, store *db.Store, userID int64) ([]EventView, error) {
	list, err := store.CalendarEvents(ctx, userID, beginning, theEnd, maxEventLen, 1_000_000)
	out := []EventView{}
	ids := []int64{}
	for _, e := range list {
		ids = append(ids, e.ID)
	}
	invitees, err2 := store.CalendarInvitees(ctx, ids)
	if err == nil {
		err = err2
	}
	for _, e := range list {
		out = append(out, eventView(e, invitees[e.ID]))
	}
	return out, err
}

// exportBookings is every appointment the person had, as host or student.
func (h *Handlers) exportBookings(ctx context.Context, store *db.Store, userID int64) ([]BookingView, error) {
	list, err := store.BookingsOf(ctx, userID, beginning, theEnd, true)
	out := []BookingView{}
	now := h.Now()
	for _, b := range list {
		out = append(out, bookingView(b, userID, now))
	}
	return out, err
}

// eraseBookings cancels the person's future appointments and tells the other side, inside the
// account deletion's transaction; the rows then go with the account (foreign keys).
func (h *Handlers) eraseBookings(ctx context.Context, tx *db.Store, userID int64) error {
	now := h.Now()
	list, err := tx.BookingsOf(ctx, userID, now, theEnd, false)
	if err != nil {
		return err
	}
	for _, b := range list {
		if b.Status != db.BookingBooked {
			continue
		}
		if err := h.cancel(ctx, tx, b, userID, now); err != nil {
			return err
		}
	}
	return nil
}

// exportInvitations is the invitations the person received, with their answers.
func (h *Handlers) exportInvitations(ctx context.Context, store *db.Store, userID int64) ([]CalendarItem, error) {
	list, err := store.InvitedEvents(ctx, userID, beginning, theEnd, maxEventLen, 1_000_000)
	out := []CalendarItem{}
	for _, e := range list {
		out = append(out, invitationItem(e))
	}
	return out, err
}
