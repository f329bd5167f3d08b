package calendar

import "gerege/app/platform/notify"

// The notifications of appointments, each emailed at once by default (in the reader's
// language: notify renders the kind's keys when it sends).
var (
	// Booked confirms an appointment to the student.
	Booked = notify.Register(notify.Kind{Name: "calendar.booked", Title: "workspaceCalendar.notify.booked.title",
		Body: "workspaceCalendar.notify.booked.body", Label: "workspaceCalendar.notify.booked.label", DefaultEmail: notify.Immediate})
	// NewBooking tells the host someone booked them.
	NewBooking = notify.Register(notify.Kind{Name: "calendar.newBooking", Title: "workspaceCalendar.notify.newBooking.title",
		Body: "workspaceCalendar.notify.newBooking.body", Label: "workspaceCalendar.notify.newBooking.label", DefaultEmail: notify.Immediate})
	// Reminder reminds the student the day before.
	Reminder = notify.Register(notify.Kind{Name: "calendar.reminder", Title: "workspaceCalendar.notify.reminder.title",
		Body: "workspaceCalendar.notify.reminder.body", Label: "workspaceCalendar.notify.reminder.label", DefaultEmail: notify.Immediate})
	// EventReminder reminds a person going to a community event the day before.
	EventReminder = notify.Register(notify.Kind{Name: "calendar.eventReminder", Title: "workspaceCalendar.notify.eventReminder.title",
		Body: "workspaceCalendar.notify.eventReminder.body", Label: "workspaceCalendar.notify.eventReminder.label", DefaultEmail: notify.Immediate})
	// Invited tells a person they are invited to an event.
	Invited = notify.Register(notify.Kind{Name: "calendar.invited", Title: "workspaceCalendar.notify.invited.title",
		Body: "workspaceCalendar.notify.invited.body", Label: "workspaceCalendar.notify.invited.label", DefaultEmail: notify.Digest})
	// Cancelled tells the other side an appointment was cancelled.
	Cancelled = notify.Register(notify.Kind{Name: "calendar.cancelled", Title: "workspaceCalendar.notify.cancelled.title",
		Body: "workspaceCalendar.notify.cancelled.body", Label: "workspaceCalendar.notify.cancelled.label", DefaultEmail: notify.Immediate})
	// Rescheduled tells the other side an appointment was moved, with the old and the new time.
	Rescheduled = notify.Register(notify.Kind{Name: "calendar.rescheduled", Title: "workspaceCalendar.notify.rescheduled.title",
		Body: "workspaceCalendar.notify.rescheduled.body", Label: "workspaceCalendar.notify.rescheduled.label", DefaultEmail: notify.Immediate})
)
