package calendar

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/notify"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/app/site"
	"gerege/db"
	"gerege/i18n"
)

const (
	// maxEventLen bounds an event (so the window query stays on the start index).
	maxEventLen = 31 * 24 * time.Hour
	// maxWindow bounds one question of the calendar.
	maxWindow = 62 * 24 * time.Hour
	// maxItems bounds the events of one window.
	maxItems = 2000
)

// Items is GET /api/calendar?from&to.
func (h *Handlers) Items(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	from, to, err := window(r)
	if err != nil {
		return err
	}
	out, err := h.items(r.Context(), u.ID, web.LangOf(r.Context()), from, to)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func window(r *http.Request) (time.Time, time.Time, error) {
	c := &web.Checker{}
	parse := func(name string) time.Time {
		s := r.URL.Query().Get(name)
		if s == "" {
			c.Add(name, web.M("validation.required"))
			return time.Time{}
		}
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			c.Add(name, web.M("validation.date"))
		}
		return t.UTC()
	}
	from, to := parse("from"), parse("to")
	if err := c.Err(); err != nil {
		return from, to, err
	}
	if !to.After(from) {
		return from, to, web.Invalid(map[string]web.Msg{"to": web.M("workspaceCalendar.errors.endBeforeStart")})
	}
	if to.Sub(from) > maxWindow {
		return from, to, web.Invalid(map[string]web.Msg{"to": web.M("workspaceCalendar.errors.window", "days", int(maxWindow.Hours()/24))})
	}
	return from, to, nil
}

// items is the person's calendar in [from, to): their events, appointments (as host or
// student, cancelled ones left out) and the deadlines of opportunities they saved or applied to.
func (h *Handlers) items(ctx context.Context, userID int64, lang string, from, to time.Time) (CalendarItems, error) {
	out := CalendarItems{Items: []CalendarItem{}, Deadlines: true}
	events, err := h.Store.CalendarEvents(ctx, userID, from, to, maxEventLen, maxItems)
	if err != nil {
		return out, err
	}
	ids := make([]int64, 0, len(events))
	for _, e := range events {
		ids = append(ids, e.ID)
	}
	invitees, err := h.Store.CalendarInvitees(ctx, ids)
	if err != nil {
		return out, err
	}
	for _, e := range events {
		out.Items = append(out.Items, CalendarItem{Key: "event:" + strconv.FormatInt(e.ID, 10), Kind: "event", ID: e.ID, Title: e.Title,
			Start: e.Start.UTC(), End: e.End.UTC(), Notes: e.Notes, Location: e.Location, Link: "/dashboard/calendar",
			Invitees: inviteeViews(invitees[e.ID]), CanMove: true})
	}
	invited, err := h.Store.InvitedEvents(ctx, userID, from, to, maxEventLen, maxItems)
	if err != nil {
		return out, err
	}
	for _, e := range invited {
		out.Items = append(out.Items, invitationItem(e))
	}
	bookings, err := h.Store.BookingsOf(ctx, userID, from.Add(-24*time.Hour), to, false)
	if err != nil {
		return out, err
	}
	now := h.Now()
	for _, b := range bookings {
		if !b.End.After(from) {
			continue
		}
		title := b.HostName
		if b.HostID == userID {
			title = b.StudentName
		}
		out.Items = append(out.Items, CalendarItem{Key: "booking:" + strconv.FormatInt(b.ID, 10), Kind: "appointment", ID: b.ID,
			Title: title, Start: b.Start.UTC(), End: b.End.UTC(), Notes: b.Note, Location: b.OrgName, Status: b.Status,
			Link: "/dashboard/booking", Invitees: []InviteeView{}, CanMove: bookingView(b, userID, now).CanReschedule})
	}
	// Deadlines are days in Ulaanbaatar: applications are accepted through that day.
	fromDay, toDay := from.In(defaultZone).Format("2006-01-02"), to.Add(-time.Nanosecond).In(defaultZone).Format("2006-01-02")
	deadlines, err := h.Store.DeadlinesOf(ctx, userID, fromDay, toDay)
	if err != nil {
		return out, err
	}
	for _, d := range deadlines {
		day, err := time.ParseInLocation("2006-01-02", d.Day, defaultZone)
		if err != nil {
			continue
		}
		title := d.TitleEn
		if (lang == "mn" && d.TitleMn != "") || title == "" {
			title = d.TitleMn
		}
		status := "saved"
		if d.Applied {
			status = "applied"
		}
		out.Items = append(out.Items, CalendarItem{Key: "deadline:" + strconv.FormatInt(d.OpportunityID, 10), Kind: "deadline",
			ID: d.OpportunityID, Title: title, Start: day.UTC(), End: day.AddDate(0, 0, 1).UTC(), AllDay: true, Status: status,
			Link: "/opportunities/" + d.Slug, Invitees: []InviteeView{}})
	}
	programs, err := h.programDates(ctx, userID, lang, from, to)
	if err != nil {
		return out, err
	}
	out.Items = append(out.Items, programs...)
	interviews, err := h.interviews(ctx, userID, lang, from, to)
	if err != nil {
		return out, err
	}
	out.Items = append(out.Items, interviews...)
	community, err := h.communityEvents(ctx, userID, lang, from, to)
	if err != nil {
		return out, err
	}
	out.Items = append(out.Items, community...)
	sort.SliceStable(out.Items, func(i, j int) bool { return out.Items[i].Start.Before(out.Items[j].Start) })
	return out, nil
}

// interviews are the person's upcoming interviews (app/workspace/interviews) as the applicant
// or as the staff member who scheduled them: read-only, linking to the application (the
// applicant's page) or to the applicant on the board (staff). An interview is at most 240
// minutes long, so one starting up to a day before the window is asked for.
func (h *Handlers) interviews(ctx context.Context, userID int64, lang string, from, to time.Time) ([]CalendarItem, error) {
	list, err := h.Store.CalendarInterviews(ctx, userID, from.Add(-24*time.Hour), to)
	if err != nil {
		return nil, err
	}
	out := []CalendarItem{}
	for _, v := range list {
		if !v.End().After(from) {
			continue
		}
		title := pick(lang, v.TitleEn, v.TitleMn)
		it := CalendarItem{Key: "interview:" + strconv.FormatInt(v.ID, 10), Kind: "interview", ID: v.ID, Start: v.Start.UTC(),
			End: v.End().UTC(), Notes: v.Note, Location: strings.TrimSpace(v.Place + " " + v.Link), Status: v.Status,
			Title: i18n.T(lang, "workspaceInterviews.calendar.applicant", "title", title), Link: "/dashboard/applications",
			Invitees: []InviteeView{}}
		if v.ApplicantID != userID {
			it.Title = i18n.T(lang, "workspaceInterviews.calendar.staff", "applicant", v.ApplicantName)
			it.Link = "/dashboard/kanban?application=" + strconv.FormatInt(v.ApplicationID, 10)
		}
		out = append(out, it)
	}
	return out, nil
}

// communityEvents are the community events the person is going to (kind "community"), in
// communities they may still read, cancelled ones left out: read-only here, linking to the
// event's page, where the answer is changed. Titled in the request's language; the place
// (or the online link) is the location, the community's name the notes.
func (h *Handlers) communityEvents(ctx context.Context, userID int64, lang string, from, to time.Time) ([]CalendarItem, error) {
	list, err := h.Store.EventsGoingOf(ctx, userID, from, to, h.Now(), maxItems)
	if err != nil {
		return nil, err
	}
	out := make([]CalendarItem, 0, len(list))
	for _, e := range list {
		where := e.Place
		if where == "" {
			where = e.OnlineURL
		}
		out = append(out, CalendarItem{Key: "community:" + strconv.FormatInt(e.ID, 10), Kind: "community", ID: e.ID,
			Title: pick(lang, e.TitleEn, e.TitleMn), Start: e.Start.UTC(), End: e.End.UTC(), Notes: pick(lang, e.NameEn, e.NameMn),
			Location: where, Status: "going", Link: "/forums/" + e.CommunitySlug + "/events/" + strconv.FormatInt(e.ID, 10),
			Invitees: []InviteeView{}})
	}
	return out, nil
}

// pick is the text in lang, or in the other language when lang's is empty.
func pick(lang, en, mn string) string {
	if (lang == "mn" && mn != "") || en == "" {
		return mn
	}
	return en
}

// programDates are the phases of the Cultural Volunteer Program's timeline (app/site) for the
// person's own live registrations: each registration is for the next timeline after it was
// sent (site.TimelineYear), shown as all-day spans on Ulaanbaatar's days, read-only, linking
// to the program's page. Interviews join through interviews() and community events through
// communityEvents() above.
func (h *Handlers) programDates(ctx context.Context, userID int64, lang string, from, to time.Time) ([]CalendarItem, error) {
	regs, err := h.Store.ProgramRegistrationsOf(ctx, userID)
	if err != nil || len(regs) == 0 {
		return nil, err
	}
	out := []CalendarItem{}
	seen := map[int]bool{}
	for _, reg := range regs {
		year := site.TimelineYear(reg.CreatedAt.In(defaultZone))
		if seen[year] {
			continue
		}
		seen[year] = true
		for i, p := range site.VolunteerTimeline {
			start := time.Date(year, time.Month(p.FromMonth), p.FromDay, 0, 0, 0, 0, defaultZone)
			end := time.Date(year, time.Month(p.UntilMonth), p.UntilDay, 0, 0, 0, 0, defaultZone).AddDate(0, 0, 1)
			if !start.Before(to) || !end.After(from) {
				continue
			}
			title := i18n.T(lang, "programs.volunteer.calendar.summary", "phase", i18n.T(lang, "programs.volunteer.calendar.phases."+p.Key))
			out = append(out, CalendarItem{Key: fmt.Sprintf("program:volunteer-%d-%s", year, p.Key), Kind: "program",
				ID: int64(year*10 + i), Title: title, Start: start.UTC(), End: end.UTC(), AllDay: true, Status: reg.Status,
				Link: "/programs/cultural-volunteer", Invitees: []InviteeView{}})
		}
	}
	return out, nil
}

// decodeEvent reads an event's body and whether it lists invitees (absent: the invitations
// stay as they are, so moving an event by dragging it keeps them).
func decodeEvent(r *http.Request) (EventRequest, bool, error) {
	var req EventRequest
	body, err := web.ReadBody(r)
	if err != nil {
		return req, false, err
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err := web.Decode(r, &req); err != nil {
		return req, false, err
	}
	var probe map[string]json.RawMessage
	_ = json.Unmarshal(body, &probe)
	_, listed := probe["invitees"]
	return req, listed, nil
}

// checkEvent validates an event; the messages go on the fields.
func checkEvent(req *EventRequest) error {
	req.Title, req.Notes, req.Location = strings.TrimSpace(req.Title), strings.TrimSpace(req.Notes), strings.TrimSpace(req.Location)
	c := &web.Checker{}
	c.Text("title", req.Title, true, 200)
	c.Text("notes", req.Notes, false, 2000)
	c.Text("location", req.Location, false, 200)
	if req.Start.IsZero() {
		c.Add("start", web.M("validation.required"))
	}
	switch {
	case req.End.IsZero():
		c.Add("end", web.M("validation.required"))
	case !req.Start.IsZero() && !req.End.After(req.Start):
		c.Add("end", web.M("workspaceCalendar.errors.endBeforeStart"))
	case !req.Start.IsZero() && req.End.Sub(req.Start) > maxEventLen:
		c.Add("end", web.M("workspaceCalendar.errors.tooLong", "days", int(maxEventLen.Hours()/24)))
	case req.Start.Year() < 2000 || req.End.Year() > 2200:
		c.Add("start", web.M("validation.date"))
	}
	return c.Err()
}

// CreateEvent is POST /api/calendar/events.
func (h *Handlers) CreateEvent(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	req, listed, err := decodeEvent(r)
	if err != nil {
		return err
	}
	if err := checkEvent(&req); err != nil {
		return err
	}
	if err := h.rate(u, "event"); err != nil {
		return err
	}
	invitees, err := h.invitees(r.Context(), u, req.Invitees, listed)
	if err != nil {
		return err
	}
	e := db.CalendarEvent{UserID: u.ID, Title: req.Title, Notes: req.Notes, Location: req.Location, Start: req.Start.UTC(), End: req.End.UTC()}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		id, err := tx.InsertCalendarEvent(r.Context(), e, h.Now())
		if err != nil {
			return err
		}
		e.ID = id
		return h.invite(r.Context(), tx, u, e, invitees)
	})
	if err != nil {
		return err
	}
	return h.writeEvent(w, r, e, http.StatusCreated)
}

func (h *Handlers) writeEvent(w http.ResponseWriter, r *http.Request, e db.CalendarEvent, status int) error {
	inv, err := h.Store.CalendarInvitees(r.Context(), []int64{e.ID})
	if err != nil {
		return err
	}
	web.JSON(w, status, eventView(e, inv[e.ID]))
	return nil
}

// maxInvitees bounds the people invited to one event.
const maxInvitees = 20

// invitees resolves the emails of an event's invitations (nil: leave them as they are). Each
// must be an account the person may invite; one message for unknown and not allowed alike, so
// the field tells nobody which addresses have accounts.
func (h *Handlers) invitees(ctx context.Context, u *db.User, emails []string, listed bool) (*[]int64, error) {
	if !listed {
		return nil, nil
	}
	if len(emails) > maxInvitees {
		return nil, web.Invalid(map[string]web.Msg{"invitees": web.M("workspaceCalendar.errors.tooManyInvitees", "max", maxInvitees)})
	}
	ids := []int64{}
	seen := map[int64]bool{}
	for _, raw := range emails {
		email := strings.ToLower(strings.TrimSpace(raw))
		if email == "" {
			continue
		}
		bad := web.Invalid(map[string]web.Msg{"invitees": web.M("workspaceCalendar.errors.invitee", "email", email)})
		if !web.ValidEmail(email) {
			return nil, bad
		}
		other, err := h.Store.UserByEmail(ctx, email)
		if db.IsNotFound(err) || (err == nil && other.ID == u.ID) {
			return nil, bad
		} else if err != nil {
			return nil, err
		}
		ok, err := h.Store.MayInvite(ctx, u.ID, other.ID)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, bad
		}
		if !seen[other.ID] {
			seen[other.ID] = true
			ids = append(ids, other.ID)
		}
	}
	return &ids, nil
}

// invite sets an event's invitations in tx and tells the newly invited.
func (h *Handlers) invite(ctx context.Context, tx *db.Store, u *db.User, e db.CalendarEvent, ids *[]int64) error {
	if ids == nil {
		return nil
	}
	added, err := tx.SetCalendarInvitees(ctx, e.ID, *ids, h.Now())
	if err != nil {
		return err
	}
	for _, id := range added {
		if err := notify.Send(ctx, tx, notify.Notification{UserID: id, Kind: Invited.Name, At: h.Now(), Link: "/dashboard/calendar",
			Params: map[string]string{"name": u.FirstName + " " + u.LastName, "title": e.Title, "when": whenText(e.Start, defaultZoneName)}}); err != nil {
			return err
		}
	}
	return nil
}

func invitationItem(e db.InvitedEvent) CalendarItem {
	return CalendarItem{Key: "invitation:" + strconv.FormatInt(e.ID, 10), Kind: "invitation", ID: e.ID, Title: e.Title,
		Start: e.Start.UTC(), End: e.End.UTC(), Notes: e.Notes, Location: e.Location, Status: e.Status, Owner: e.OwnerName,
		Link: "/dashboard/calendar", Invitees: []InviteeView{}}
}

// Respond is POST /api/calendar/events/{id}/response: an invited person accepts or declines.
func (h *Handlers) Respond(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req RespondRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if req.Response != db.InviteAccepted && req.Response != db.InviteDeclined {
		return web.Invalid(map[string]web.Msg{"response": web.M("validation.choice")})
	}
	if err := h.Store.RespondCalendarInvite(r.Context(), id, u.ID, req.Response, h.Now()); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	list, err := h.Store.InvitedEvents(r.Context(), u.ID, beginning, theEnd, theEnd.Sub(beginning), 1_000_000)
	if err != nil {
		return err
	}
	for _, e := range list {
		if e.ID == id {
			web.JSON(w, http.StatusOK, invitationItem(e))
			return nil
		}
	}
	return web.NotFound()
}

// UpdateEvent is PUT /api/calendar/events/{id}.
func (h *Handlers) UpdateEvent(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := pathID(r)
	if err != nil {
		return err
	}
	req, listed, err := decodeEvent(r)
	if err != nil {
		return err
	}
	if _, err := h.Store.CalendarEventOf(r.Context(), u.ID, id); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	if err := checkEvent(&req); err != nil {
		return err
	}
	invitees, err := h.invitees(r.Context(), u, req.Invitees, listed)
	if err != nil {
		return err
	}
	e := db.CalendarEvent{ID: id, UserID: u.ID, Title: req.Title, Notes: req.Notes, Location: req.Location, Start: req.Start.UTC(), End: req.End.UTC()}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.UpdateCalendarEvent(r.Context(), e, h.Now()); err != nil {
			return err
		}
		return h.invite(r.Context(), tx, u, e, invitees)
	})
	if db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	return h.writeEvent(w, r, e, http.StatusOK)
}

// DeleteEvent is DELETE /api/calendar/events/{id}.
func (h *Handlers) DeleteEvent(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := h.Store.DeleteCalendarEvent(r.Context(), h.user(r).ID, id); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// feedHash is what is kept of a feed token.
func feedHash(token string) string {
	sum := sha256.Sum256([]byte("calendar feed v1\x00" + token))
	return hex.EncodeToString(sum[:])
}

// GetFeed is GET /api/calendar/feed.
func (h *Handlers) GetFeed(w http.ResponseWriter, r *http.Request) error {
	at, err := h.Store.CalendarFeedOf(r.Context(), h.user(r).ID)
	if err != nil {
		return err
	}
	v := FeedView{Active: !at.IsZero()}
	if v.Active {
		at = at.UTC()
		v.CreatedAt = &at
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// MakeFeed is POST /api/calendar/feed: a new random address, the old one revoked.
func (h *Handlers) MakeFeed(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	if err := h.rate(u, "feed"); err != nil {
		return err
	}
	token := secure.RandomToken(32)
	now := h.Now()
	if err := h.Store.SetCalendarFeed(r.Context(), u.ID, feedHash(token), now); err != nil {
		return err
	}
	at := now.UTC()
	web.JSON(w, http.StatusOK, FeedView{Active: true, CreatedAt: &at, URL: "/api/calendar/feed/" + token + ".ics"})
	return nil
}

// RevokeFeed is DELETE /api/calendar/feed.
func (h *Handlers) RevokeFeed(w http.ResponseWriter, r *http.Request) error {
	if err := h.Store.DeleteCalendarFeed(r.Context(), h.user(r).ID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Feed is GET /api/calendar/feed/{token}: 30 days back and a year ahead.
func (h *Handlers) Feed(w http.ResponseWriter, r *http.Request) error {
	token := strings.TrimSuffix(chi.URLParam(r, "token"), ".ics")
	if len(token) < 20 || len(token) > 100 {
		return web.NotFound()
	}
	userID, err := h.Store.CalendarFeedUser(r.Context(), feedHash(token))
	if db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	now := h.Now()
	from, to := now.Add(-30*24*time.Hour), now.Add(365*24*time.Hour)
	var all []CalendarItem
	for f := from; f.Before(to); f = f.Add(maxWindow) {
		t := f.Add(maxWindow)
		if t.After(to) {
			t = to
		}
		part, err := h.items(r.Context(), userID, web.LangOf(r.Context()), f, t)
		if err != nil {
			return err
		}
		all = append(all, part.Items...)
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("X-Robots-Tag", "noindex")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(ics(all, now)))
	return nil
}
