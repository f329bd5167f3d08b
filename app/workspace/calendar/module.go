// Package calendar is the workspace's calendar and appointments: counselors (and their
// organisation's owners and managers) publish availability, individuals book its free slots,
// both get a confirmation and the student a reminder the day before; every account has a
// calendar of its own events, its appointments and the deadlines it follows, and a private
// .ics feed for phone calendars. Files booking_*.go are the appointments, calendar_*.go the
// calendar.
package calendar

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/app/platform/widgets"
	"gerege/db"
)

// Handlers serves the calendar and appointments. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Limiter *web.Limiter
	Now     func() time.Time
	// Rate bounds how many bookings and events one account creates.
	Rate web.Rate
}

// Mount declares the routes and dashboard pages of the calendar and appointments.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	// Appointments: hosts publish availability and see their day.
	r.Get("/booking/availability", authz.WorkspaceBookingHost, h.GetAvailability, authz.Doc{ID: "getBookingAvailability",
		Resp: Availability{}, Summary: "The signed-in host's availability: weekly hours, exceptions, slot length, buffer, time zone"})
	r.Put("/booking/availability", authz.WorkspaceBookingHost, h.PutAvailability, authz.Doc{ID: "saveBookingAvailability",
		Req: Availability{}, Resp: Availability{}, Summary: "Replace the host's availability (published: students may book it)"})
	r.Get("/booking/day", authz.WorkspaceBookingHost, h.Day, authz.Doc{ID: "getBookingDay", Query: DayQuery{}, Resp: BookingList{},
		Summary: "The host's appointments on one day (their time zone), no-shows included"})
	r.Post("/booking/bookings/{id}/no-show", authz.WorkspaceBookingHost, h.NoShow, authz.Doc{ID: "markBookingNoShow", Req: struct{}{},
		Resp: BookingView{}, Summary: "Record that the student did not come (once the appointment has started)"})

	// Students: counselors and their free slots, booking, their appointments.
	r.Get("/booking/hosts", authz.WorkspaceBookingBook, h.Hosts, authz.Doc{ID: "listBookingHosts", Resp: HostList{},
		Summary: "Counselors (and other staff) of organisations who publish availability, with their organisation"})
	r.Get("/booking/hosts/{id}/slots", authz.WorkspaceBookingBook, h.Slots, authz.Doc{ID: "listBookingSlots", Query: SlotsQuery{},
		Resp: SlotList{}, Summary: "A host's free slots from a day on (at most 28 days)"})
	r.Post("/booking/bookings", authz.WorkspaceBookingBook, h.Book, authz.Doc{ID: "createBooking", Req: BookRequest{},
		Resp: BookingView{}, Status: 201, Summary: "Book a free slot (409 slot_taken when someone was faster); a confirmation goes to both people"})
	r.Get("/booking/mine", authz.WorkspaceBookingBook, h.Mine, authz.Doc{ID: "listMyBookings", Resp: BookingList{},
		Summary: "The student's appointments from today on"})

	// Both sides.
	r.Post("/booking/bookings/{id}/cancel", authz.WorkspaceCalendar, h.Cancel, authz.Doc{ID: "cancelBooking", Req: struct{}{},
		Resp: BookingView{}, Summary: "Cancel an appointment: the student until the cut-off (12 hours before), the host until it starts"})

	r.Post("/booking/bookings/{id}/reschedule", authz.WorkspaceCalendar, h.Reschedule, authz.Doc{ID: "rescheduleBooking", Req: RescheduleRequest{},
		Resp: BookingView{}, Summary: "Move an appointment to another free time of the host (either side: the student until the cut-off, the host until it starts); the other side is told"})
	r.Get("/booking/bookings/{id}/slots", authz.WorkspaceCalendar, h.MoveSlots, authz.Doc{ID: "listRescheduleSlots", Query: RangeQuery{},
		Resp: MoveSlotList{}, Summary: "Where an appointment may be moved in [from, to): the host's free slots, its own included (either side while they may move it; 404 for anyone else)"})

	// Calendar.
	r.Get("/calendar", authz.WorkspaceCalendar, h.Items, authz.Doc{ID: "listCalendarItems", Query: RangeQuery{}, Resp: CalendarItems{},
		Summary: "The person's events, appointments and followed deadlines overlapping [from, to) (at most 62 days)"})
	r.Post("/calendar/events", authz.WorkspaceCalendar, h.CreateEvent, authz.Doc{ID: "createCalendarEvent", Req: EventRequest{},
		Resp: EventView{}, Status: 201, Summary: "Create an event of one's own"})
	r.Put("/calendar/events/{id}", authz.WorkspaceCalendar, h.UpdateEvent, authz.Doc{ID: "updateCalendarEvent", Req: EventRequest{},
		Resp: EventView{}, Summary: "Change, move or resize one's event"})
	r.Delete("/calendar/events/{id}", authz.WorkspaceCalendar, h.DeleteEvent, authz.Doc{ID: "deleteCalendarEvent", Status: 204,
		Summary: "Delete one's event"})
	r.Post("/calendar/events/{id}/response", authz.WorkspaceCalendar, h.Respond, authz.Doc{ID: "respondCalendarInvitation",
		Req: RespondRequest{}, Resp: CalendarItem{}, Summary: "Accept or decline an invitation to someone's event"})
	r.Get("/calendar/feed", authz.WorkspaceCalendar, h.GetFeed, authz.Doc{ID: "getCalendarFeed", Resp: FeedView{},
		Summary: "Whether the person has a private .ics feed (its address is shown only when made)"})
	r.Post("/calendar/feed", authz.WorkspaceCalendar, h.MakeFeed, authz.Doc{ID: "makeCalendarFeed", Req: struct{}{}, Resp: FeedView{},
		Summary: "Make (or remake) the private feed address; the previous one stops working"})
	r.Delete("/calendar/feed", authz.WorkspaceCalendar, h.RevokeFeed, authz.Doc{ID: "revokeCalendarFeed", Status: 204,
		Summary: "Revoke the private feed: its address answers 404 from then on"})
	r.Get("/calendar/feed/{token}", authz.Public, h.Feed, authz.Doc{ID: "getCalendarFeedICS", Produces: "text/calendar",
		Summary: "The private feed (RFC 5545) for phone calendars; the token is the secret (404 once revoked)"})

	reg.AddPage(authz.Page{Key: "calendar", Path: "/dashboard/calendar", Perm: authz.WorkspaceCalendar, Order: 12})
	reg.AddPage(authz.Page{Key: "booking", Path: "/dashboard/booking", Perm: authz.WorkspaceCalendar, Order: 13})
}

// Jobs: the reminder the day before.
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{{Name: "calendar.reminders", Every: 10 * time.Minute, Run: h.remind}}
}

// Widgets: today's appointments on the home page.
func (h *Handlers) Widgets() []widgets.Widget {
	return []widgets.Widget{{Key: "todayAppointments", Perm: authz.WorkspaceCalendar, Href: "/dashboard/booking", Order: 20,
		Count: func(ctx context.Context, u *db.User) (int, error) {
			from, to := dayBounds(h.Now(), defaultZone)
			return h.Store.CountBookingsOf(ctx, u.ID, from, to)
		}}}
}

// UserData: the person's events and appointments; deleting the account cancels their future
// appointments (telling the other side) first.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{
		userdata.Of("calendarEvents", h.exportEvents),
		userdata.Of("calendarInvitations", h.exportInvitations),
		userdata.Of("appointments", h.exportBookings).WithErase(h.eraseBookings),
	}
}

func (h *Handlers) user(r *http.Request) *db.User { return authn.UserOf(r) }

func pathID(r *http.Request) (int64, error) { return web.PathID(r, "id") }

// rate limits creating content (bookings, events) per account.
func (h *Handlers) rate(u *db.User, what string) error {
	if h.Rate.N == 0 || h.Limiter == nil {
		return nil
	}
	return h.Limiter.Limit("calendar:"+what+":"+strconv.FormatInt(u.ID, 10), h.Rate)
}
