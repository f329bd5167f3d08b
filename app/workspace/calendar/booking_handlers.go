package calendar

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// errTaken is the answer to a slot someone else booked first.
func errTaken() *web.Error {
	return &web.Error{Status: 409, Code: "slot_taken", Message: web.M("workspaceCalendar.errors.taken"),
		Fields: map[string]web.Msg{"start": web.M("workspaceCalendar.errors.taken")}}
}

// GetAvailability is GET /api/booking/availability.
func (h *Handlers) GetAvailability(w http.ResponseWriter, r *http.Request) error {
	a, err := h.Store.BookingHostOf(r.Context(), h.user(r).ID)
	if db.IsNotFound(err) {
		web.JSON(w, http.StatusOK, Availability{SlotMinutes: 30, TimeZone: defaultZoneName, Hours: []HoursView{}, Exceptions: []ExceptionView{}})
		return nil
	} else if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, availabilityView(a))
	return nil
}

func hhmm(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// parseHHMM reads "HH:MM" (24:00 allowed as the end of a day) as minutes.
func parseHHMM(s string) (int, bool) {
	hs, ms, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok || len(hs) != 2 || len(ms) != 2 {
		return 0, false
	}
	hh, err1 := strconv.Atoi(hs)
	mm, err2 := strconv.Atoi(ms)
	if err1 != nil || err2 != nil || hh < 0 || mm < 0 || mm > 59 || hh*60+mm > 1440 {
		return 0, false
	}
	return hh*60 + mm, true
}

func availabilityView(a db.BookingHost) Availability {
	v := Availability{SlotMinutes: a.SlotMinutes, BufferMinutes: a.BufferMinutes, TimeZone: a.TimeZone, Published: a.Published,
		Hours: []HoursView{}, Exceptions: []ExceptionView{}}
	for _, x := range a.Hours {
		v.Hours = append(v.Hours, HoursView{Weekday: x.Weekday, Start: hhmm(x.StartMin), End: hhmm(x.EndMin)})
	}
	for _, x := range a.Exceptions {
		e := ExceptionView{Day: x.Day, Kind: x.Kind, Start: hhmm(x.StartMin), End: hhmm(x.EndMin)}
		if x.Kind == "off" && x.StartMin == 0 && x.EndMin == 1440 {
			e.Start, e.End = "", ""
		}
		v.Exceptions = append(v.Exceptions, e)
	}
	return v
}

// PutAvailability is PUT /api/booking/availability. Field names of spans are
// hours.<i>.start / hours.<i>.end and exceptions.<i>.day / .start / .end.
func (h *Handlers) PutAvailability(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req Availability
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	if req.SlotMinutes < 10 || req.SlotMinutes > 240 {
		c.Add("slotMinutes", web.M("workspaceCalendar.errors.slotMinutes"))
	}
	if req.BufferMinutes < 0 || req.BufferMinutes > 120 {
		c.Add("bufferMinutes", web.M("workspaceCalendar.errors.bufferMinutes"))
	}
	if req.TimeZone == "" {
		req.TimeZone = defaultZoneName
	}
	if !slices.Contains(ZoneNames, req.TimeZone) {
		c.Add("timeZone", web.M("validation.choice"))
	}
	if len(req.Hours) > 70 {
		c.Add("hours", web.M("workspaceCalendar.errors.tooMany"))
	}
	if len(req.Exceptions) > 200 {
		c.Add("exceptions", web.M("workspaceCalendar.errors.tooMany"))
	}
	a := db.BookingHost{UserID: u.ID, SlotMinutes: req.SlotMinutes, BufferMinutes: req.BufferMinutes, TimeZone: req.TimeZone,
		Published: req.Published}
	spanOf := func(field, start, end string, c *web.Checker) (int, int, bool) {
		s, ok1 := parseHHMM(start)
		e, ok2 := parseHHMM(end)
		switch {
		case !ok1:
			c.Add(field+".start", web.M("workspaceCalendar.errors.time"))
		case !ok2:
			c.Add(field+".end", web.M("workspaceCalendar.errors.time"))
		case e <= s:
			c.Add(field+".end", web.M("workspaceCalendar.errors.endBeforeStart"))
		default:
			return s, e, true
		}
		return 0, 0, false
	}
	for i, x := range req.Hours {
		f := "hours." + strconv.Itoa(i)
		if x.Weekday < 0 || x.Weekday > 6 {
			c.Add(f+".weekday", web.M("validation.choice"))
			continue
		}
		if s, e, ok := spanOf(f, x.Start, x.End, c); ok {
			a.Hours = append(a.Hours, db.BookingHours{Weekday: x.Weekday, StartMin: s, EndMin: e})
		}
	}
	for i, x := range req.Exceptions {
		f := "exceptions." + strconv.Itoa(i)
		if _, err := time.Parse("2006-01-02", x.Day); err != nil {
			c.Add(f+".day", web.M("validation.date"))
			continue
		}
		if x.Kind != "off" && x.Kind != "extra" {
			c.Add(f+".kind", web.M("validation.choice"))
			continue
		}
		if x.Kind == "off" && x.Start == "" && x.End == "" {
			a.Exceptions = append(a.Exceptions, db.BookingException{Day: x.Day, Kind: "off", StartMin: 0, EndMin: 1440})
			continue
		}
		if s, e, ok := spanOf(f, x.Start, x.End, c); ok {
			a.Exceptions = append(a.Exceptions, db.BookingException{Day: x.Day, Kind: x.Kind, StartMin: s, EndMin: e})
		}
	}
	if err := c.Err(); err != nil {
		return err
	}
	if err := h.Store.SaveBookingHost(r.Context(), a, h.Now()); err != nil {
		return err
	}
	saved, err := h.Store.BookingHostOf(r.Context(), u.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, availabilityView(saved))
	return nil
}

// Hosts is GET /api/booking/hosts.
func (h *Handlers) Hosts(w http.ResponseWriter, r *http.Request) error {
	list, err := h.Store.PublishedBookingHosts(r.Context(), 500)
	if err != nil {
		return err
	}
	out := HostList{Items: []HostView{}}
	for _, x := range list {
		out.Items = append(out.Items, hostView(x))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// publishedHost returns a host students may book (404 otherwise).
func (h *Handlers) publishedHost(ctx context.Context, id int64) (db.BookingHost, HostView, error) {
	a, err := h.Store.BookingHostOf(ctx, id)
	if db.IsNotFound(err) || (err == nil && !a.Published) {
		return a, HostView{}, web.NotFound()
	} else if err != nil {
		return a, HostView{}, err
	}
	u, err := h.Store.UserByID(ctx, id)
	if db.IsNotFound(err) || (err == nil && u.OrgID == 0) {
		return a, HostView{}, web.NotFound()
	} else if err != nil {
		return a, HostView{}, err
	}
	return a, HostView{ID: u.ID, Name: u.FirstName + " " + u.LastName, Organization: u.OrgName, Role: u.OrgRole,
		SlotMinutes: a.SlotMinutes}, nil
}

// Slots is GET /api/booking/hosts/{id}/slots.
func (h *Handlers) Slots(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	a, hv, err := h.publishedHost(r.Context(), id)
	if err != nil {
		return err
	}
	z := zoneOf(a.TimeZone)
	now := h.Now()
	first := now
	c := &web.Checker{}
	if s := r.URL.Query().Get("from"); s != "" {
		d, err := time.ParseInLocation("2006-01-02", s, z)
		if err != nil {
			c.Add("from", web.M("validation.date"))
		} else {
			first = d
		}
	}
	days := 7
	if s := r.URL.Query().Get("days"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxSlotDays {
			c.Add("days", web.M("workspaceCalendar.errors.days", "max", maxSlotDays))
		}
		days = n
	}
	if err := c.Err(); err != nil {
		return err
	}
	from, _ := dayBounds(first, z)
	to := from.AddDate(0, 0, days+1)
	if first.After(now.Add(bookAhead)) {
		first, days = now, 0
	}
	booked, err := h.Store.HostBookings(r.Context(), id, from.Add(-24*time.Hour), to)
	if err != nil {
		return err
	}
	out := SlotList{Host: hv, TimeZone: a.TimeZone, Items: []SlotView{}}
	for _, s := range slots(a, first, days, now, booked) {
		if s.Start.After(now.Add(bookAhead)) {
			break
		}
		out.Items = append(out.Items, SlotView{Start: s.Start, End: s.End})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Book is POST /api/booking/bookings: the slot must be a free slot of the host's availability
// in the future; the unique index on (host, start) of active bookings settles a race.
func (h *Handlers) Book(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req BookRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Note = strings.TrimSpace(req.Note)
	c := &web.Checker{}
	c.Text("note", req.Note, false, 500)
	if req.HostID <= 0 {
		c.Add("hostId", web.M("validation.required"))
	} else if req.HostID == u.ID {
		c.Add("hostId", web.M("workspaceCalendar.errors.ownSlot"))
	}
	if req.Start.IsZero() {
		c.Add("start", web.M("validation.required"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	a, _, err := h.publishedHost(r.Context(), req.HostID)
	if we := (*web.Error)(nil); errors.As(err, &we) && we.Status == http.StatusNotFound {
		return web.Invalid(map[string]web.Msg{"hostId": web.M("workspaceCalendar.errors.noHost")})
	} else if err != nil {
		return err
	}
	now := h.Now()
	// The slot must be one of the availability's (taken or not) …
	slot, err := slotAt(a, req.Start, now)
	if err != nil {
		return err
	}
	if err := h.rate(u, "book"); err != nil {
		return err
	}
	var id int64
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		// … and free: no active booking overlaps it (one with another start, from before the
		// host changed the slot length), and the unique index refuses a second one at the start.
		booked, err := tx.HostBookings(r.Context(), a.UserID, slot.Start.Add(-24*time.Hour), slot.End)
		if err != nil {
			return err
		}
		if taken(*slot, booked) {
			return errTaken()
		}
		id, err = tx.InsertBooking(r.Context(), db.Booking{HostID: a.UserID, StudentID: u.ID, Start: slot.Start, End: slot.End,
			Note: req.Note}, now)
		if errors.Is(err, db.ErrConflict) {
			return errTaken()
		} else if err != nil {
			return err
		}
		if slot.Start.Sub(now) <= RemindBefore { // the confirmation is the reminder
			if _, err := tx.MarkReminded(r.Context(), id, now); err != nil {
				return err
			}
		}
		b, err := tx.BookingByID(r.Context(), id)
		if err != nil {
			return err
		}
		when := whenText(b.Start, a.TimeZone)
		if err := notify.Send(r.Context(), tx, notify.Notification{UserID: u.ID, Kind: Booked.Name, At: now, Link: "/dashboard/booking",
			Params: map[string]string{"host": b.HostName, "org": b.OrgName, "when": when}}); err != nil {
			return err
		}
		return notify.Send(r.Context(), tx, notify.Notification{UserID: a.UserID, Kind: NewBooking.Name, At: now, Link: "/dashboard/booking",
			Params: map[string]string{"student": b.StudentName, "when": when}})
	})
	if err != nil {
		return err
	}
	b, err := h.Store.BookingByID(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, bookingView(b, u.ID, now))
	return nil
}

// slotAt is the slot of the host's availability starting at start (taken or not): in the
// future, within bookAhead, on the grid of the host's hours; each refusal on the field start.
func slotAt(a db.BookingHost, start time.Time, now time.Time) (*Slot, error) {
	start = start.UTC()
	if !start.After(now) {
		return nil, web.Invalid(map[string]web.Msg{"start": web.M("workspaceCalendar.errors.past")})
	}
	if start.After(now.Add(bookAhead)) {
		return nil, web.Invalid(map[string]web.Msg{"start": web.M("workspaceCalendar.errors.tooFar")})
	}
	for _, s := range slots(a, start.Add(-24*time.Hour), 3, now, nil) {
		if s.Start.Equal(start) {
			return &s, nil
		}
	}
	return nil, web.Invalid(map[string]web.Msg{"start": web.M("workspaceCalendar.errors.outside")})
}

// Mine is GET /api/booking/mine: the student's appointments from today on (as host too, when
// they are one).
func (h *Handlers) Mine(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	now := h.Now()
	from, _ := dayBounds(now, defaultZone)
	list, err := h.Store.BookingsOf(r.Context(), u.ID, from, now.Add(bookAhead+24*time.Hour), true)
	if err != nil {
		return err
	}
	out := BookingList{Items: []BookingView{}}
	for _, b := range list {
		if b.StudentID == u.ID {
			out.Items = append(out.Items, bookingView(b, u.ID, now))
		}
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Day is GET /api/booking/day: the host's appointments on one day.
func (h *Handlers) Day(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	zone := defaultZoneName
	if a, err := h.Store.BookingHostOf(r.Context(), u.ID); err == nil {
		zone = a.TimeZone
	} else if !db.IsNotFound(err) {
		return err
	}
	z := zoneOf(zone)
	day := h.Now()
	if s := r.URL.Query().Get("day"); s != "" {
		d, err := time.ParseInLocation("2006-01-02", s, z)
		if err != nil {
			return web.Invalid(map[string]web.Msg{"day": web.M("validation.date")})
		}
		day = d
	}
	from, to := dayBounds(day, z)
	list, err := h.Store.HostBookings(r.Context(), u.ID, from, to)
	if err != nil {
		return err
	}
	out := BookingList{Items: []BookingView{}}
	now := h.Now()
	for _, b := range list {
		out.Items = append(out.Items, bookingView(b, u.ID, now))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// bookingFor returns a booking the person is a side of (404 otherwise: another person's
// appointment is not there for them).
func (h *Handlers) bookingFor(ctx context.Context, userID, id int64) (db.Booking, error) {
	b, err := h.Store.BookingByID(ctx, id)
	if db.IsNotFound(err) || (err == nil && b.HostID != userID && b.StudentID != userID) {
		return b, web.NotFound()
	}
	return b, err
}

// Cancel is POST /api/booking/bookings/{id}/cancel.
func (h *Handlers) Cancel(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := pathID(r)
	if err != nil {
		return err
	}
	b, err := h.bookingFor(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	now := h.Now()
	v := bookingView(b, u.ID, now)
	if err := changeRefused(b, v, v.CanCancel, now, "workspaceCalendar.errors.cutoff"); err != nil {
		return err
	}
	if err := h.Store.InTx(r.Context(), func(tx *db.Store) error { return h.cancel(r.Context(), tx, b, u.ID, now) }); err != nil {
		return err
	}
	b, err = h.Store.BookingByID(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, bookingView(b, u.ID, now))
	return nil
}

// changeRefused says why the reader of v may not cancel or move b (allowed: v's CanCancel or
// CanReschedule), or nil: only a booked appointment changes; the person who booked it may until
// the cut-off (cutoffKey says so), the host until it starts.
func changeRefused(b db.Booking, v BookingView, allowed bool, now time.Time, cutoffKey string) error {
	switch {
	case b.Status != db.BookingBooked:
		return &web.Error{Status: 409, Code: "not_booked", Message: web.M("workspaceCalendar.errors.notBooked")}
	case allowed:
		return nil
	case v.Role == "student" && now.Before(b.Start):
		return &web.Error{Status: 409, Code: "cutoff", Message: web.M(cutoffKey, "hours", int(CancelCutoff.Hours()))}
	}
	return &web.Error{Status: 409, Code: "started", Message: web.M("workspaceCalendar.errors.started")}
}

// cancel cancels b on behalf of by and tells the other side, in tx.
func (h *Handlers) cancel(ctx context.Context, tx *db.Store, b db.Booking, by int64, now time.Time) error {
	if err := tx.SetBookingStatus(ctx, b.ID, db.BookingCancelled, by, now); db.IsNotFound(err) {
		return &web.Error{Status: 409, Code: "not_booked", Message: web.M("workspaceCalendar.errors.notBooked")}
	} else if err != nil {
		return err
	}
	other, name := b.HostID, b.StudentName
	if by == b.HostID {
		other, name = b.StudentID, b.HostName
	}
	zone := defaultZoneName
	if a, err := tx.BookingHostOf(ctx, b.HostID); err == nil {
		zone = a.TimeZone
	}
	return notify.Send(ctx, tx, notify.Notification{UserID: other, Kind: Cancelled.Name, At: now, Link: "/dashboard/booking",
		Params: map[string]string{"name": name, "when": whenText(b.Start, zone)}})
}

// NoShow is POST /api/booking/bookings/{id}/no-show: only the host, once it has started.
func (h *Handlers) NoShow(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := pathID(r)
	if err != nil {
		return err
	}
	b, err := h.bookingFor(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	if b.HostID != u.ID {
		return web.NotFound()
	}
	now := h.Now()
	if b.Status != db.BookingBooked {
		return &web.Error{Status: 409, Code: "not_booked", Message: web.M("workspaceCalendar.errors.notBooked")}
	}
	if now.Before(b.Start) {
		return &web.Error{Status: 409, Code: "not_started", Message: web.M("workspaceCalendar.errors.notStarted")}
	}
	if err := h.Store.SetBookingStatus(r.Context(), id, db.BookingNoShow, u.ID, now); db.IsNotFound(err) {
		return &web.Error{Status: 409, Code: "not_booked", Message: web.M("workspaceCalendar.errors.notBooked")}
	} else if err != nil {
		return err
	}
	b, err = h.Store.BookingByID(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, bookingView(b, u.ID, now))
	return nil
}

// remind sends the reminder once to each student whose appointment is less than a day away,
// and to each person going to a community event that starts within a day.
func (h *Handlers) remind(ctx context.Context, now time.Time) error {
	if err := h.remindEvents(ctx, now); err != nil {
		return err
	}
	for {
		due, err := h.Store.DueReminders(ctx, now, now.Add(RemindBefore), 200)
		if err != nil || len(due) == 0 {
			return err
		}
		for _, b := range due {
			zone := defaultZoneName
			if a, err := h.Store.BookingHostOf(ctx, b.HostID); err == nil {
				zone = a.TimeZone
			}
			err := h.Store.InTx(ctx, func(tx *db.Store) error {
				ok, err := tx.MarkReminded(ctx, b.ID, now)
				if err != nil || !ok {
					return err
				}
				return notify.Send(ctx, tx, notify.Notification{UserID: b.StudentID, Kind: Reminder.Name, At: now, Link: "/dashboard/booking",
					Params: map[string]string{"host": b.HostName, "org": b.OrgName, "when": whenText(b.Start, zone)}})
			})
			if err != nil {
				return err
			}
		}
		if len(due) < 200 {
			return nil
		}
	}
}

// remindEvents reminds the people going to community events that start within a day, once
// each (reminded_at, reset when the event moves), in their language ("title.en", "title.mn").
func (h *Handlers) remindEvents(ctx context.Context, now time.Time) error {
	for {
		due, err := h.Store.DueEventReminders(ctx, now, now.Add(RemindBefore), 200)
		if err != nil || len(due) == 0 {
			return err
		}
		for _, e := range due {
			err := h.Store.InTx(ctx, func(tx *db.Store) error {
				ok, err := tx.MarkEventReminded(ctx, e.ID, e.UserID, now)
				if err != nil || !ok {
					return err
				}
				return notify.Send(ctx, tx, notify.Notification{UserID: e.UserID, Kind: EventReminder.Name, At: now,
					Link: "/forums/" + e.CommunitySlug + "/events/" + strconv.FormatInt(e.ID, 10),
					Params: map[string]string{"title.en": e.TitleEn, "title.mn": e.TitleMn, "name.en": e.NameEn, "name.mn": e.NameMn,
						"when": whenText(e.Start, defaultZoneName)}})
			})
			if err != nil {
				return err
			}
		}
		if len(due) < 200 {
			return nil
		}
	}
}
