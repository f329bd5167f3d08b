package interviews

import (
	"time"

	"gerege/db"
)

// ScheduleRequest schedules (or changes) an interview.
type ScheduleRequest struct {
	Start   string `json:"start" example:"2026-12-01T10:00" description:"YYYY-MM-DDTHH:MM in Ulaanbaatar time (UTC+08:00), or an RFC 3339 instant; in the future, within a year"`
	Minutes int    `json:"minutes" minimum:"15" maximum:"240"`
	Link    string `json:"link" maxLength:"500" description:"an https address of the online meeting; this or place (or both)"`
	Place   string `json:"place" maxLength:"200" description:"where the interview is held in person"`
	Note    string `json:"note" maxLength:"1000" description:"a note to the applicant (optional)"`
}

// ChangeRequest asks for another time.
type ChangeRequest struct {
	Message string `json:"message" maxLength:"1000" description:"when the applicant could come instead (required)"`
}

// CancelRequest cancels an interview.
type CancelRequest struct {
	Reason string `json:"reason" maxLength:"500" description:"why (required)"`
}

// InterviewView is an interview as the applicant or the organisation's staff see it.
type InterviewView struct {
	ID            int64     `json:"id"`
	ApplicationID int64     `json:"applicationId"`
	Status        string    `json:"status" enum:"proposed,confirmed,change_requested,cancelled,held"`
	Start         time.Time `json:"start"`
	End           time.Time `json:"end"`
	// When is the start in Ulaanbaatar time, as every message writes it.
	When             string `json:"when" example:"2026-12-01 10:00" description:"the start in Ulaanbaatar time (UTC+08:00)"`
	Minutes          int    `json:"minutes"`
	Link             string `json:"link"`
	Place            string `json:"place"`
	Note             string `json:"note"`
	ApplicantMessage string `json:"applicantMessage" description:"what the applicant asked for when asking for another time"`
	CancelReason     string `json:"cancelReason"`
	CancelledBy      string `json:"cancelledBy" enum:",staff,applicant,withdrawn,declined"`
	Opportunity      string `json:"opportunity" description:"the posting's title in the request's language"`
	Organization     string `json:"organization"`
	// Applicant is the applicant's name (staff only; empty for the applicant).
	Applicant string `json:"applicant"`
	// ScheduledBy is the staff member who scheduled it (staff only: staff names stay in the organisation).
	ScheduledBy string `json:"scheduledBy"`
	Past        bool   `json:"past" description:"it has started"`
	// What the reader may do now.
	CanConfirm    bool `json:"canConfirm"`
	CanAskChange  bool `json:"canAskChange"`
	CanCancel     bool `json:"canCancel"`
	CanReschedule bool `json:"canReschedule"`
}

// InterviewList lists interviews.
type InterviewList struct {
	Items []InterviewView `json:"items"`
	// CanSchedule: staff may schedule a new interview of this application now (no upcoming one, not final).
	CanSchedule bool `json:"canSchedule"`
}

func pick(lang, en, mn string) string {
	if (lang == "mn" && mn != "") || en == "" {
		return mn
	}
	return en
}

// view is what the reader sees: staff (the organisation's) or the applicant.
func view(v db.Interview, lang string, staff bool, now time.Time) InterviewView {
	future := v.Start.After(now)
	out := InterviewView{ID: v.ID, ApplicationID: v.ApplicationID, Status: v.Status, Start: v.Start.UTC(), End: v.End().UTC(),
		When: ubText(v.Start), Minutes: v.Minutes, Link: v.Link, Place: v.Place, Note: v.Note, ApplicantMessage: v.ApplicantMessage,
		CancelReason: v.CancelReason, CancelledBy: v.CancelledBy, Opportunity: pick(lang, v.TitleEn, v.TitleMn),
		Organization: v.OrgName, Past: !future}
	if staff {
		out.Applicant, out.ScheduledBy = v.ApplicantName, v.SchedulerName
		out.CanReschedule = v.Live() && future
		out.CanCancel = v.Live() && future
	} else {
		out.CanConfirm = future && (v.Status == "proposed" || v.Status == "change_requested")
		out.CanAskChange = future && (v.Status == "proposed" || v.Status == "confirmed")
		out.CanCancel = future && v.Live()
	}
	return out
}
