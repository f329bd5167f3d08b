package calendar

import (
	"errors"
	"net/http"
	"time"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// Reschedule is POST /api/booking/bookings/{id}/reschedule: either side moves an appointment to
// another free slot of the host's availability, at once (no request for the other side to
// accept: the new time is one the host published as free, as when booking). The student may
// move it until the cut-off before its current start (as they may cancel), the host until it
// starts. The other side is told (calendar.rescheduled, emailed at once) with the old and the
// new time. The overlap check and the move are one transaction, and the unique index on
// (host, start) of active bookings settles two moves into one slot: one wins, the other gets
// 409 slot_taken.
func (h *Handlers) Reschedule(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req RescheduleRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	b, err := h.bookingFor(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	if req.Start.IsZero() {
		return web.Invalid(map[string]web.Msg{"start": web.M("validation.required")})
	}
	now := h.Now()
	v := bookingView(b, u.ID, now)
	if err := changeRefused(b, v, v.CanReschedule, now, "workspaceCalendar.errors.moveCutoff"); err != nil {
		return err
	}
	if req.Start.UTC().Equal(b.Start) { // nothing to move: nobody is told
		web.JSON(w, http.StatusOK, v)
		return nil
	}
	a, err := h.Store.BookingHostOf(r.Context(), b.HostID)
	if db.IsNotFound(err) {
		return web.Invalid(map[string]web.Msg{"start": web.M("workspaceCalendar.errors.outside")})
	} else if err != nil {
		return err
	}
	if v.Role == "student" && !a.Published { // the host stopped taking appointments: only they move them
		return web.Invalid(map[string]web.Msg{"start": web.M("workspaceCalendar.errors.noHost")})
	}
	slot, err := slotAt(a, req.Start, now)
	if err != nil {
		return err
	}
	if err := h.rate(u, "move"); err != nil {
		return err
	}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		booked, err := tx.HostBookings(r.Context(), b.HostID, slot.Start.Add(-24*time.Hour), slot.End)
		if err != nil {
			return err
		}
		others := booked[:0]
		for _, x := range booked {
			if x.ID != b.ID {
				others = append(others, x)
			}
		}
		if taken(*slot, others) {
			return errTaken()
		}
		// Less than a day ahead, the notice of the move is the reminder; otherwise the job
		// reminds the student the day before the new time.
		var reminded time.Time
		if slot.Start.Sub(now) <= RemindBefore {
			reminded = now
		}
		err = tx.RescheduleBooking(r.Context(), b.ID, b.Start, slot.Start, slot.End, reminded)
		if errors.Is(err, db.ErrConflict) {
			return errTaken()
		} else if db.IsNotFound(err) { // cancelled or moved meanwhile
			return &web.Error{Status: 409, Code: "changed", Message: web.M("workspaceCalendar.errors.changed")}
		} else if err != nil {
			return err
		}
		other, name := b.HostID, b.StudentName
		if u.ID == b.HostID {
			other, name = b.StudentID, b.HostName
		}
		return notify.Send(r.Context(), tx, notify.Notification{UserID: other, Kind: Rescheduled.Name, At: now, Link: "/dashboard/booking",
			Params: map[string]string{"name": name, "old": whenText(b.Start, a.TimeZone), "when": whenText(slot.Start, a.TimeZone)}})
	})
	if err != nil {
		return err
	}
	b, err = h.Store.BookingByID(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, bookingView(b, u.ID, now))
	return nil
}

// MoveSlots is GET /api/booking/bookings/{id}/slots?from=&to=: the times the appointment may be
// moved to in [from, to) (instants, as the calendar asks for its window): the host's free slots
// as booking offers them (hours, exceptions, length, break, the future, 90 days ahead), the
// appointment's own slot included (the other appointments left out, as a move checks it).
// The calendar shades them while an appointment is dragged. Either side, while they may move
// it (409 as a move would be otherwise); a student whose host stopped taking appointments gets
// none. The move itself still decides.
func (h *Handlers) MoveSlots(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := pathID(r)
	if err != nil {
		return err
	}
	b, err := h.bookingFor(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	from, to, err := window(r)
	if err != nil {
		return err
	}
	now := h.Now()
	v := bookingView(b, u.ID, now)
	if err := changeRefused(b, v, v.CanReschedule, now, "workspaceCalendar.errors.moveCutoff"); err != nil {
		return err
	}
	out := MoveSlotList{TimeZone: defaultZoneName, Items: []SlotView{}}
	a, err := h.Store.BookingHostOf(r.Context(), b.HostID)
	if db.IsNotFound(err) || (err == nil && v.Role == "student" && !a.Published) {
		web.JSON(w, http.StatusOK, out)
		return nil
	} else if err != nil {
		return err
	}
	out.TimeZone = a.TimeZone
	first, _ := dayBounds(from, zoneOf(a.TimeZone))
	days := int(to.Sub(first)/(24*time.Hour)) + 1
	booked, err := h.Store.HostBookings(r.Context(), b.HostID, first.Add(-24*time.Hour), to.Add(24*time.Hour))
	if err != nil {
		return err
	}
	others := booked[:0]
	for _, x := range booked {
		if x.ID != b.ID {
			others = append(others, x)
		}
	}
	for _, s := range slots(a, first, days, now, others) {
		if s.Start.Before(from) || !s.Start.Before(to) || s.Start.After(now.Add(bookAhead)) {
			continue
		}
		out.Items = append(out.Items, SlotView{Start: s.Start, End: s.End})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}
