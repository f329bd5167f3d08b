// Package interviews is the interviews of applications (issues #13 and #15): staff who review
// an organisation's applicants schedule an interview with a time (Ulaanbaatar's, stored in
// UTC), a length, an online link or a place and a note; scheduling moves the application to
// "interview" when it is earlier in the pipeline. The applicant confirms, asks for another time
// or cancels; either side is told (in-app and email in their language). Interviews are in both
// people's calendars (app/workspace/calendar reads them through the db) and .ics feeds, and a
// reminder goes the day before.
package interviews

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
	"gerege/db"
)

// Handlers serves the interviews. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Limiter *web.Limiter
	Now     func() time.Time
	// Rate bounds how many interview changes (each tells someone by email) one account makes.
	Rate web.Rate
}

// Mount declares the routes of interviews.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	// Staff who review the organisation's applicants (the permission that moves statuses).
	r.Get("/org/applications/{id}/interviews", authz.OpportunitiesReview, h.OfApplication, authz.Doc{ID: "listApplicationInterviews",
		Resp: InterviewList{}, Summary: "An application's interviews, the latest first (404 for another organisation's application)"})
	r.Post("/org/applications/{id}/interviews", authz.OpportunitiesReview, h.Schedule, authz.Doc{ID: "scheduleInterview",
		Req: ScheduleRequest{}, Resp: InterviewView{}, Status: 201,
		Summary: "Schedule an interview (start in Ulaanbaatar time, 15–240 minutes, an https link or a place, a note); the application moves to interview when earlier in the pipeline; the applicant is told. 409 already_scheduled when it has an upcoming one"})
	r.Put("/org/interviews/{id}", authz.OpportunitiesReview, h.Reschedule, authz.Doc{ID: "rescheduleInterview",
		Req: ScheduleRequest{}, Resp: InterviewView{}, Summary: "Change an upcoming interview (time, length, link or place, note); the applicant is told the old and the new time and answers again"})
	r.Post("/org/interviews/{id}/cancel", authz.OpportunitiesReview, h.StaffCancel, authz.Doc{ID: "cancelInterviewAsStaff",
		Req: CancelRequest{}, Resp: InterviewView{}, Summary: "Cancel an upcoming interview with a reason; the applicant is told"})

	// The applicant (web and mobile).
	r.Get("/me/interviews", authz.OpportunitiesApply, h.Mine, authz.Doc{ID: "listMyInterviews", Resp: InterviewList{},
		Summary: "The signed-in applicant's interviews from 30 days ago on, soonest first"})
	r.Post("/me/interviews/{id}/confirm", authz.OpportunitiesApply, h.Confirm, authz.Doc{ID: "confirmInterview", Req: struct{}{},
		Resp: InterviewView{}, Summary: "Confirm an interview; the staff member who scheduled it is told"})
	r.Post("/me/interviews/{id}/change", authz.OpportunitiesApply, h.AskChange, authz.Doc{ID: "askInterviewChange", Req: ChangeRequest{},
		Resp: InterviewView{}, Summary: "Ask for another time, with a message; the staff member who scheduled it is told"})
	r.Post("/me/interviews/{id}/cancel", authz.OpportunitiesApply, h.ApplicantCancel, authz.Doc{ID: "cancelInterview",
		Req: CancelRequest{}, Resp: InterviewView{}, Summary: "Cancel an interview with a reason; the staff member who scheduled it is told"})
}

// Jobs: the reminder the day before (the same rule and cadence as appointments').
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{{Name: "interviews.reminders", Every: 10 * time.Minute, Run: h.remind}}
}

func (h *Handlers) user(r *http.Request) *db.User { return authn.UserOf(r) }

func pathID(r *http.Request) (int64, error) { return web.PathID(r, "id") }

// rate limits changes that send email, per account.
func (h *Handlers) rate(u *db.User) error {
	if h.Rate.N == 0 || h.Limiter == nil {
		return nil
	}
	return h.Limiter.Limit("interviews:"+strconv.FormatInt(u.ID, 10), h.Rate)
}

// UserData: the person's interviews as the applicant in "download my data" (the rows go with
// the account by foreign key; as a scheduler, the staff member's id is cleared).
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("interviews", h.export)}
}

func (h *Handlers) export(ctx context.Context, store *db.Store, userID int64) ([]InterviewView, error) {
	list, err := store.InterviewsOfApplicant(ctx, userID, time.Time{}, 1_000_000)
	out := []InterviewView{}
	for _, v := range list {
		out = append(out, view(v, "en", false, h.Now()))
	}
	return out, err
}
