package calendar

import (
	"time"

	"gerege/db"
)

// HoursView is one span of the weekly hours, "HH:MM" local times.
type HoursView struct {
	Weekday int    `json:"weekday" minimum:"0" maximum:"6" description:"0 = Sunday … 6 = Saturday"`
	Start   string `json:"start" example:"09:00"`
	End     string `json:"end" example:"12:00"`
}

// ExceptionView is a day off or extra hours on one day.
type ExceptionView struct {
	Day   string `json:"day" example:"2026-12-01" description:"YYYY-MM-DD in the host's time zone"`
	Kind  string `json:"kind" enum:"off,extra"`
	Start string `json:"start" description:"HH:MM; for off, empty means the whole day"`
	End   string `json:"end"`
}

// Availability is what a host publishes (the request and the answer).
type Availability struct {
	SlotMinutes   int             `json:"slotMinutes" minimum:"10" maximum:"240"`
	BufferMinutes int             `json:"bufferMinutes" minimum:"0" maximum:"120"`
	TimeZone      string          `json:"timeZone" enum:"Asia/Ulaanbaatar,Asia/Hovd"`
	Published     bool            `json:"published"`
	Hours         []HoursView     `json:"hours"`
	Exceptions    []ExceptionView `json:"exceptions"`
}

// HostView is a host students may book.
type HostView struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Organization string `json:"organization"`
	Role         string `json:"role" enum:"owner,manager,counselor"`
	SlotMinutes  int    `json:"slotMinutes"`
}

// HostList lists hosts.
type HostList struct {
	Items []HostView `json:"items"`
}

// SlotsQuery asks for a host's free slots.
type SlotsQuery struct {
	From string `query:"from" description:"YYYY-MM-DD in the host's time zone (default today)"`
	Days int    `query:"days" description:"how many days (1–28, default 7)"`
}

// SlotView is a free slot.
type SlotView struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// SlotList is a host's free slots.
type SlotList struct {
	Host     HostView   `json:"host"`
	TimeZone string     `json:"timeZone"`
	Items    []SlotView `json:"items"`
}

// MoveSlotList is where an appointment may be moved: the host's free slots in a window, the
// appointment's own slot among them (listRescheduleSlots).
type MoveSlotList struct {
	TimeZone string     `json:"timeZone" description:"the host's time zone"`
	Items    []SlotView `json:"items"`
}

// BookRequest books a slot.
type BookRequest struct {
	HostID int64     `json:"hostId"`
	Start  time.Time `json:"start" description:"the slot's start, as listBookingSlots gave it"`
	Note   string    `json:"note" maxLength:"500" description:"what the student would like to talk about (optional)"`
}

// RescheduleRequest moves an appointment to another free time of the host.
type RescheduleRequest struct {
	Start time.Time `json:"start" description:"the new start: a free slot of the host's availability (as listBookingSlots gives them)"`
}

// BookingView is an appointment as either side sees it.
type BookingView struct {
	ID           int64     `json:"id"`
	HostID       int64     `json:"hostId"`
	HostName     string    `json:"hostName"`
	Organization string    `json:"organization"`
	StudentID    int64     `json:"studentId"`
	StudentName  string    `json:"studentName"`
	Start        time.Time `json:"start"`
	End          time.Time `json:"end"`
	Status       string    `json:"status" enum:"booked,cancelled,no_show"`
	Note         string    `json:"note"`
	Role         string    `json:"role" enum:"host,student" description:"the reader's side"`
	CanCancel    bool      `json:"canCancel"`
	CanNoShow    bool      `json:"canNoShow"`
	// CanReschedule: the reader may move it to another free time now (the same window as cancelling).
	CanReschedule bool      `json:"canReschedule"`
	CreatedAt     time.Time `json:"createdAt"`
}

// BookingList lists appointments.
type BookingList struct {
	Items []BookingView `json:"items"`
}

// DayQuery names a day.
type DayQuery struct {
	Day string `query:"day" description:"YYYY-MM-DD in the host's time zone (default today)"`
}

// RangeQuery is the calendar's window.
type RangeQuery struct {
	From time.Time `query:"from" description:"start of the window (RFC 3339)"`
	To   time.Time `query:"to" description:"end of the window (RFC 3339), at most 62 days after from"`
}

// EventRequest creates or changes an event.
type EventRequest struct {
	Title    string    `json:"title" maxLength:"200"`
	Notes    string    `json:"notes" maxLength:"2000"`
	Location string    `json:"location" maxLength:"200"`
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	// Invitees are the emails of the people invited (at most 20): people of one's organisation
	// or people one has an appointment with. Absent: the invitations stay as they are.
	Invitees []string `json:"invitees,omitempty" maxItems:"20"`
}

// InviteeView is a person invited to an event, with their answer.
type InviteeView struct {
	Name   string `json:"name"`
	Email  string `json:"email" description:"the address the event's owner invited"`
	Status string `json:"status" enum:"pending,accepted,declined"`
}

// RespondRequest answers an invitation.
type RespondRequest struct {
	Response string `json:"response" enum:"accepted,declined"`
}

// EventView is one of the person's own events.
type EventView struct {
	ID       int64         `json:"id"`
	Title    string        `json:"title"`
	Notes    string        `json:"notes"`
	Location string        `json:"location"`
	Start    time.Time     `json:"start"`
	End      time.Time     `json:"end"`
	Invitees []InviteeView `json:"invitees"`
}

// CalendarItem is one thing in the calendar: an event, an appointment or a deadline.
type CalendarItem struct {
	Key      string    `json:"key" description:"unique in the answer: event:1, booking:2, deadline:3, program:volunteer-2027-training, interview:5, community:4"`
	Kind     string    `json:"kind" enum:"event,appointment,deadline,invitation,program,interview,community" description:"community: a community event the person is going to (read-only here)"`
	ID       int64     `json:"id"`
	Title    string    `json:"title" description:"the event's title; for an appointment the other person's name; for a deadline the opportunity's title in the request's language"`
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	AllDay   bool      `json:"allDay"`
	Notes    string    `json:"notes"`
	Location string    `json:"location"`
	Status   string    `json:"status" description:"an appointment's status; applied or saved for a deadline; the person's answer to an invitation; the registration's status for program dates (new, in_review, accepted); the interview's (proposed, confirmed, change_requested); going for community events; empty for events"`
	Link     string    `json:"link" description:"where it is acted on, without the language prefix"`
	// Owner is who invited the person (invitations only).
	Owner string `json:"owner"`
	// Invitees are the people invited to one's own event.
	Invitees []InviteeView `json:"invitees"`
	// CanMove: the reader may move it now (their own event; an appointment they may reschedule).
	CanMove bool `json:"canMove" description:"one's own event, or an appointment the reader may move now (rescheduleBooking)"`
}

// CalendarItems is the calendar's window.
type CalendarItems struct {
	Items []CalendarItem `json:"items"`
	// Deadlines says whether saved opportunities' and applications' deadlines are included.
	Deadlines bool `json:"deadlines"`
}

// FeedView is the person's private feed.
type FeedView struct {
	Active    bool       `json:"active"`
	CreatedAt *time.Time `json:"createdAt,omitempty"`
	URL       string     `json:"url" description:"only in the answer that made it: the address is not kept"`
}

func hostView(x db.BookingHostSummary) HostView {
	return HostView{ID: x.UserID, Name: x.FirstName + " " + x.LastName, Organization: x.OrgName, Role: x.OrgRole, SlotMinutes: x.SlotMinutes}
}

func eventView(e db.CalendarEvent, invitees []db.Invitee) EventView {
	return EventView{ID: e.ID, Title: e.Title, Notes: e.Notes, Location: e.Location, Start: e.Start.UTC(), End: e.End.UTC(),
		Invitees: inviteeViews(invitees)}
}

func inviteeViews(list []db.Invitee) []InviteeView {
	out := []InviteeView{}
	for _, x := range list {
		out = append(out, InviteeView{Name: x.Name, Email: x.Email, Status: x.Status})
	}
	return out
}

// bookingView is b as reader sees it at now.
func bookingView(b db.Booking, reader int64, now time.Time) BookingView {
	v := BookingView{ID: b.ID, HostID: b.HostID, HostName: b.HostName, Organization: b.OrgName, StudentID: b.StudentID,
		StudentName: b.StudentName, Start: b.Start.UTC(), End: b.End.UTC(), Status: b.Status, Note: b.Note, Role: "student",
		CreatedAt: b.CreatedAt.UTC()}
	if reader == b.HostID {
		v.Role = "host"
	}
	if b.Status == db.BookingBooked {
		if v.Role == "host" {
			v.CanCancel = now.Before(b.Start)
			v.CanNoShow = !now.Before(b.Start)
		} else {
			v.CanCancel = now.Before(b.Start.Add(-CancelCutoff))
		}
		v.CanReschedule = v.CanCancel
	}
	return v
}
