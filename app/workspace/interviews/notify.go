package interviews

import "gerege/app/platform/notify"

// The notifications of interviews, each emailed at once by default in the reader's language.
// Times are Ulaanbaatar's ("2026-12-01 10:00"); the texts name the zone. Posting titles go in
// both languages ("title.en", "title.mn").
var (
	// Scheduled tells the applicant an interview was scheduled.
	Scheduled = kind("scheduled")
	// Rescheduled tells the applicant the interview changed (the old and the new time).
	Rescheduled = kind("rescheduled")
	// Confirmed tells the staff member who scheduled it that the applicant confirmed.
	Confirmed = kind("confirmed")
	// ChangeAsked tells them the applicant asks for another time.
	ChangeAsked = kind("changeAsked")
	// Cancelled tells the other side an interview was cancelled, with the reason.
	Cancelled = kind("cancelled")
	// Reminder reminds both people the day before.
	Reminder = kind("reminder")
)

func kind(name string) notify.Kind {
	p := "workspaceInterviews.notify." + name
	return notify.Register(notify.Kind{Name: "interviews." + name, Title: p + ".title", Body: p + ".body", Label: p + ".label",
		DefaultEmail: notify.Immediate})
}
