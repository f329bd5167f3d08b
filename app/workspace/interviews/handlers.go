package interviews

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// earlier are the application statuses before "interview": scheduling moves them to it.
var earlier = []string{"submitted", "reviewed", "shortlisted"}

// final are the statuses no interview is scheduled in.
var final = []string{"hired", "declined", "opted_out"}

func conflict(code, key string) *web.Error {
	return &web.Error{Status: 409, Code: code, Message: web.M("workspaceInterviews.errors." + key)}
}

// ownApplication loads an application to a posting of the caller's organisation (404 otherwise).
func (h *Handlers) ownApplication(ctx context.Context, u *db.User, id int64) (*db.Application, error) {
	a, err := h.Store.OrgApplication(ctx, id, u.OrgID)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	return a, err
}

// staffInterview loads an interview of the caller's organisation (404 otherwise).
func (h *Handlers) staffInterview(r *http.Request) (db.Interview, error) {
	id, err := pathID(r)
	if err != nil {
		return db.Interview{}, err
	}
	v, err := h.Store.InterviewByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && (h.user(r).OrgID == 0 || v.OrgID != h.user(r).OrgID)) {
		return v, web.NotFound()
	}
	return v, err
}

// myInterview loads an interview of the caller's own application (404 otherwise).
func (h *Handlers) myInterview(r *http.Request) (db.Interview, error) {
	id, err := pathID(r)
	if err != nil {
		return db.Interview{}, err
	}
	v, err := h.Store.InterviewByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && v.ApplicantID != h.user(r).ID) {
		return v, web.NotFound()
	}
	return v, err
}

// params are a notification's values: the posting's titles in both languages, the
// organisation, the applicant, the time in Ulaanbaatar and where.
func params(v db.Interview, extra ...string) map[string]string {
	p := map[string]string{"title.en": v.TitleEn, "title.mn": v.TitleMn, "organization": v.OrgName, "applicant": v.ApplicantName,
		"when": ubText(v.Start), "minutes": strconv.Itoa(v.Minutes), "where": where(v), "note": v.Note}
	for i := 0; i+1 < len(extra); i += 2 {
		p[extra[i]] = extra[i+1]
	}
	return p
}

func where(v db.Interview) string {
	switch {
	case v.Link != "" && v.Place != "":
		return v.Place + " · " + v.Link
	case v.Link != "":
		return v.Link
	}
	return v.Place
}

const applicantLink = "/dashboard/applications"

func staffLink(v db.Interview) string {
	return "/dashboard/kanban?application=" + strconv.FormatInt(v.ApplicationID, 10)
}

// OfApplication is GET /api/org/applications/{id}/interviews.
func (h *Handlers) OfApplication(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	a, err := h.ownApplication(r.Context(), h.user(r), id)
	if err != nil {
		return err
	}
	return h.writeList(w, r, a)
}

func (h *Handlers) writeList(w http.ResponseWriter, r *http.Request, a *db.Application) error {
	list, err := h.Store.InterviewsOfApplication(r.Context(), a.ID)
	if err != nil {
		return err
	}
	now, lang := h.Now(), web.Lang(r)
	out := InterviewList{Items: []InterviewView{}, CanSchedule: !slices.Contains(final, a.Status)}
	for _, v := range list {
		if v.Live() && v.End().After(now) {
			out.CanSchedule = false
		}
		out.Items = append(out.Items, view(v, lang, true, now))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Schedule is POST /api/org/applications/{id}/interviews.
func (h *Handlers) Schedule(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	u, ctx := h.user(r), r.Context()
	a, err := h.ownApplication(ctx, u, id)
	if err != nil {
		return err
	}
	var req ScheduleRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	now := h.Now()
	start, err := check(&req, now)
	if err != nil {
		return err
	}
	if slices.Contains(final, a.Status) {
		return conflict("final", "final")
	}
	if err := h.rate(u); err != nil {
		return err
	}
	v := db.Interview{ApplicationID: a.ID, OrgID: a.OrgID, ApplicantID: a.UserID, SchedulerID: u.ID, Start: start, Minutes: req.Minutes,
		Link: req.Link, Place: req.Place, Note: req.Note}
	if start.Sub(now) < RemindBefore {
		v.RemindedAt = now // scheduled less than a day ahead: its notice is its reminder
	}
	var newID int64
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		// One upcoming interview an application: one that took place makes room for a next round.
		live, err := tx.InterviewsOfApplication(ctx, a.ID)
		if err != nil {
			return err
		}
		for _, old := range live {
			if !old.Live() {
				continue
			}
			if old.End().After(now) {
				return conflict("already_scheduled", "alreadyScheduled")
			}
			if err := tx.MarkInterviewHeld(ctx, old.ID, now); err != nil {
				return err
			}
		}
		cur, err := tx.ApplicationByID(ctx, a.ID)
		if err != nil {
			return err
		}
		if slices.Contains(final, cur.Status) {
			return conflict("final", "final")
		}
		if newID, err = tx.InsertInterview(ctx, v, now); errors.Is(err, db.ErrConflict) {
			return conflict("already_scheduled", "alreadyScheduled")
		} else if err != nil {
			return err
		}
		// The status moves with its history entry, in this transaction.
		if slices.Contains(earlier, cur.Status) {
			if err := tx.SetApplicationStatus(ctx, a.ID, cur.Status, "interview", u.ID, "", now); err != nil {
				return err
			}
		}
		saved, err := tx.InterviewByID(ctx, newID)
		if err != nil {
			return err
		}
		return notify.Send(ctx, tx, notify.Notification{UserID: a.UserID, Kind: Scheduled.Name, At: now, Link: applicantLink,
			Params: params(saved)})
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("workspaceInterviews.errors.changed"))
	}
	if err != nil {
		return err
	}
	return h.writeOne(w, r, newID, true, http.StatusCreated)
}

func (h *Handlers) writeOne(w http.ResponseWriter, r *http.Request, id int64, staff bool, status int) error {
	v, err := h.Store.InterviewByID(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, status, view(v, web.Lang(r), staff, h.Now()))
	return nil
}

// Reschedule is PUT /api/org/interviews/{id}.
func (h *Handlers) Reschedule(w http.ResponseWriter, r *http.Request) error {
	v, err := h.staffInterview(r)
	if err != nil {
		return err
	}
	var req ScheduleRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	u, ctx, now := h.user(r), r.Context(), h.Now()
	start, err := check(&req, now)
	if err != nil {
		return err
	}
	if !v.Live() {
		return conflict("not_live", "notLive")
	}
	if !v.Start.After(now) {
		return conflict("started", "started")
	}
	if err := h.rate(u); err != nil {
		return err
	}
	old := v
	v.Start, v.Minutes, v.Link, v.Place, v.Note, v.SchedulerID, v.RemindedAt = start, req.Minutes, req.Link, req.Place, req.Note, u.ID, time.Time{}
	if start.Sub(now) < RemindBefore {
		v.RemindedAt = now
	}
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := tx.RescheduleInterview(ctx, v, old.Start, now); err != nil {
			return err
		}
		return notify.Send(ctx, tx, notify.Notification{UserID: v.ApplicantID, Kind: Rescheduled.Name, At: now, Link: applicantLink,
			Params: params(v, "old", ubText(old.Start))})
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("workspaceInterviews.errors.changed"))
	}
	if err != nil {
		return err
	}
	return h.writeOne(w, r, v.ID, true, http.StatusOK)
}

func reason(r *http.Request) (string, error) {
	var req CancelRequest
	if err := web.Decode(r, &req); err != nil {
		return "", err
	}
	req.Reason = strings.TrimSpace(req.Reason)
	c := &web.Checker{}
	c.Text("reason", req.Reason, true, maxReason)
	return req.Reason, c.Err()
}

// cancel cancels v and tells the other side (to, with link).
func (h *Handlers) cancel(r *http.Request, v db.Interview, by, why string, to int64, link string) error {
	ctx, now := r.Context(), h.Now()
	if !v.Live() {
		return conflict("not_live", "notLive")
	}
	if !v.Start.After(now) {
		return conflict("started", "started")
	}
	if err := h.rate(h.user(r)); err != nil {
		return err
	}
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := tx.CancelInterview(ctx, v.ID, by, why, now); err != nil {
			return err
		}
		if to == 0 {
			return nil
		}
		return notify.Send(ctx, tx, notify.Notification{UserID: to, Kind: Cancelled.Name, At: now, Link: link,
			Params: params(v, "reason", why)})
	})
	if errors.Is(err, db.ErrConflict) || errors.Is(err, db.ErrNotFound) { // not live any more: cancelled meanwhile
		return web.Conflict(web.M("workspaceInterviews.errors.changed"))
	}
	return err
}

// StaffCancel is POST /api/org/interviews/{id}/cancel.
func (h *Handlers) StaffCancel(w http.ResponseWriter, r *http.Request) error {
	v, err := h.staffInterview(r)
	if err != nil {
		return err
	}
	why, err := reason(r)
	if err != nil {
		return err
	}
	if err := h.cancel(r, v, "staff", why, v.ApplicantID, applicantLink); err != nil {
		return err
	}
	return h.writeOne(w, r, v.ID, true, http.StatusOK)
}

// Mine is GET /api/me/interviews.
func (h *Handlers) Mine(w http.ResponseWriter, r *http.Request) error {
	now := h.Now()
	list, err := h.Store.InterviewsOfApplicant(r.Context(), h.user(r).ID, now.AddDate(0, 0, -30), 200)
	if err != nil {
		return err
	}
	out := InterviewList{Items: []InterviewView{}}
	for _, v := range list {
		out.Items = append(out.Items, view(v, web.Lang(r), false, now))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// answer records the applicant's answer and tells the staff member who scheduled it.
func (h *Handlers) answer(w http.ResponseWriter, r *http.Request, v db.Interview, status, message string, k notify.Kind, from ...string) error {
	ctx, now := r.Context(), h.Now()
	if !v.Start.After(now) {
		return conflict("started", "started")
	}
	if err := h.rate(h.user(r)); err != nil {
		return err
	}
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := tx.AnswerInterview(ctx, v.ID, status, message, now, from...); err != nil {
			return err
		}
		if v.SchedulerID == 0 {
			return nil
		}
		return notify.Send(ctx, tx, notify.Notification{UserID: v.SchedulerID, Kind: k.Name, At: now, Link: staffLink(v),
			Params: params(v, "message", message)})
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("workspaceInterviews.errors.changed"))
	}
	if err != nil {
		return err
	}
	return h.writeOne(w, r, v.ID, false, http.StatusOK)
}

// Confirm is POST /api/me/interviews/{id}/confirm.
func (h *Handlers) Confirm(w http.ResponseWriter, r *http.Request) error {
	v, err := h.myInterview(r)
	if err != nil {
		return err
	}
	if v.Status == "confirmed" {
		return h.writeOne(w, r, v.ID, false, http.StatusOK) // again is fine, nobody is told twice
	}
	if v.Status != "proposed" && v.Status != "change_requested" {
		return conflict("not_live", "notLive")
	}
	return h.answer(w, r, v, "confirmed", "", Confirmed, "proposed", "change_requested")
}

// AskChange is POST /api/me/interviews/{id}/change.
func (h *Handlers) AskChange(w http.ResponseWriter, r *http.Request) error {
	v, err := h.myInterview(r)
	if err != nil {
		return err
	}
	var req ChangeRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Message = strings.TrimSpace(strings.ReplaceAll(req.Message, "\r\n", "\n"))
	c := &web.Checker{}
	c.Text("message", req.Message, true, maxNote)
	if err := c.Err(); err != nil {
		return err
	}
	if v.Status != "proposed" && v.Status != "confirmed" {
		return conflict("not_live", "notLive")
	}
	return h.answer(w, r, v, "change_requested", req.Message, ChangeAsked, "proposed", "confirmed")
}

// ApplicantCancel is POST /api/me/interviews/{id}/cancel.
func (h *Handlers) ApplicantCancel(w http.ResponseWriter, r *http.Request) error {
	v, err := h.myInterview(r)
	if err != nil {
		return err
	}
	why, err := reason(r)
	if err != nil {
		return err
	}
	if err := h.cancel(r, v, "applicant", why, v.SchedulerID, staffLink(v)); err != nil {
		return err
	}
	return h.writeOne(w, r, v.ID, false, http.StatusOK)
}

// remind sends the reminder the day before to the applicant and the staff member who
// scheduled it, once (reminded_at marked in the same transaction).
func (h *Handlers) remind(ctx context.Context, now time.Time) error {
	for {
		due, err := h.Store.DueInterviewReminders(ctx, now, now.Add(RemindBefore), 200)
		if err != nil || len(due) == 0 {
			return err
		}
		for _, v := range due {
			err := h.Store.InTx(ctx, func(tx *db.Store) error {
				ok, err := tx.MarkInterviewReminded(ctx, v.ID, now)
				if err != nil || !ok {
					return err
				}
				if err := notify.Send(ctx, tx, notify.Notification{UserID: v.ApplicantID, Kind: Reminder.Name, At: now,
					Link: applicantLink, Params: params(v)}); err != nil {
					return err
				}
				if v.SchedulerID == 0 {
					return nil
				}
				return notify.Send(ctx, tx, notify.Notification{UserID: v.SchedulerID, Kind: Reminder.Name, At: now,
					Link: staffLink(v), Params: params(v)})
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
