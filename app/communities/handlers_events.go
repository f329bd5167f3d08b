package communities

// Events: reading them (anyone who may read the community), creating, changing and cancelling
// them (its admins and moderators), answering (members who may take part).

import (
	"context"
	"errors"
	"net/http"
	"time"

	"gerege/app/platform/markdown"
	"gerege/app/platform/web"
	"gerege/db"
)

// eventCommunity is the path's community for a reader: 403 members_only when they may not read it.
func (h *Handlers) eventCommunity(r *http.Request, u *db.User) (*db.Community, Access, error) {
	c, a, err := h.community(r, u)
	if err != nil {
		return nil, a, err
	}
	if !a.Read {
		return nil, a, &web.Error{Status: 403, Code: "members_only", Message: web.M("communities.errors.membersOnly")}
	}
	return c, a, nil
}

// eventOf is the path's {id} in community c, for u: 404 when unknown, of another community,
// or made by someone u blocked or who blocked u.
func (h *Handlers) eventOf(r *http.Request, c *db.Community, u *db.User) (*db.CommunityEvent, error) {
	id, err := pathInt(r, "id")
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	e, err := h.Store.CommunityEventByID(ctx, id)
	if db.IsNotFound(err) || (err == nil && e.CommunityID != c.ID) {
		return nil, web.NotFound()
	}
	if err != nil {
		return nil, err
	}
	if u != nil {
		blocked, err := h.Store.BlockedEither(ctx, u.ID, e.CreatedBy)
		if err != nil {
			return nil, err
		}
		if blocked {
			return nil, web.NotFound()
		}
	}
	return e, nil
}

// writeEvent answers with event id as it is now (read again after a change), for u.
func (h *Handlers) writeEvent(w http.ResponseWriter, r *http.Request, status int, u *db.User, c *db.Community, id int64, a Access) error {
	e, err := h.Store.CommunityEventByID(r.Context(), id)
	if err != nil {
		return err
	}
	v, err := h.eventView(r.Context(), web.Lang(r), u, c, e, a)
	if err != nil {
		return err
	}
	web.JSON(w, status, v)
	return nil
}

// eventView is e for u, with their answer (and, for its editors, the text as written and the history).
func (h *Handlers) eventView(ctx context.Context, lang string, u *db.User, c *db.Community, e *db.CommunityEvent, a Access) (EventView, error) {
	answer := ""
	if u != nil {
		var err error
		if answer, err = h.Store.RSVPOf(ctx, e.ID, u.ID); err != nil {
			return EventView{}, err
		}
	}
	v := eventViewOf(lang, c, e, answer, a, h.Now())
	if a.Moderate {
		v.Source = &EventRequest{TitleEn: e.TitleEn, TitleMn: e.TitleMn, DescriptionEn: e.DescriptionEn, DescriptionMn: e.DescriptionMn,
			Start: e.Start.UTC(), End: e.End.UTC(), OnlineURL: e.OnlineURL, Place: e.Place, Capacity: e.Capacity}
		log, err := h.Store.CommunityEventLog(ctx, e.ID)
		if err != nil {
			return v, err
		}
		v.History = []EventLogView{}
		for _, l := range log {
			v.History = append(v.History, EventLogView{Action: l.Action, Reason: l.Reason, Actor: l.ActorName, At: l.At.UTC()})
		}
	}
	return v, nil
}

// eventList is a page of community c's events for u.
func (h *Handlers) eventList(ctx context.Context, lang string, u *db.User, c *db.Community, a Access, after string) (*EventList, error) {
	cur, err := decodeEventCursor(after)
	if err != nil {
		return nil, err
	}
	var viewer int64
	if u != nil {
		viewer = u.ID
	}
	now := h.Now()
	list, next, err := h.Store.CommunityEvents(ctx, db.CommunityEventFilter{CommunityID: c.ID, Viewer: viewer, Now: now, After: cur, Limit: eventPage})
	if err != nil {
		return nil, err
	}
	out := &EventList{Items: []EventView{}, Next: encodeEventCursor(next)}
	for _, e := range list {
		answer := ""
		if u != nil {
			if answer, err = h.Store.RSVPOf(ctx, e.ID, u.ID); err != nil {
				return nil, err
			}
		}
		out.Items = append(out.Items, eventViewOf(lang, c, e, answer, a, now))
	}
	return out, nil
}

// ListEvents is GET /api/communities/{slug}/events.
func (h *Handlers) ListEvents(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.eventCommunity(r, u)
	if err != nil {
		return err
	}
	out, err := h.eventList(r.Context(), web.Lang(r), u, c, a, r.URL.Query().Get("after"))
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// GetEvent is GET /api/communities/{slug}/events/{id}.
func (h *Handlers) GetEvent(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.eventCommunity(r, u)
	if err != nil {
		return err
	}
	e, err := h.eventOf(r, c, u)
	if err != nil {
		return err
	}
	v, err := h.eventView(r.Context(), web.Lang(r), u, c, e, a)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// editable is the path's community for one of its admins or moderators (403 for other readers).
func (h *Handlers) editable(r *http.Request, u *db.User) (*db.Community, Access, error) {
	c, a, err := h.eventCommunity(r, u)
	if err != nil {
		return nil, a, err
	}
	if !a.Moderate || c.Status != "active" {
		return nil, a, &web.Error{Status: 403, Code: "forbidden", Message: web.M("events.errors.notModerator")}
	}
	return c, a, nil
}

func renderEvent(e *db.CommunityEvent, req *EventRequest) {
	e.TitleEn, e.TitleMn, e.DescriptionEn, e.DescriptionMn = req.TitleEn, req.TitleMn, req.DescriptionEn, req.DescriptionMn
	e.HTMLEn, e.HTMLMn = "", ""
	if req.DescriptionEn != "" {
		e.HTMLEn = string(markdown.HTML(req.DescriptionEn))
	}
	if req.DescriptionMn != "" {
		e.HTMLMn = string(markdown.HTML(req.DescriptionMn))
	}
	e.Start, e.End, e.OnlineURL, e.Place, e.Capacity = req.Start, req.End, req.OnlineURL, req.Place, req.Capacity
}

// eventLimit is h.limit with the events' own message.
func (h *Handlers) eventLimit(u *db.User, what string) error {
	err := h.limit(u, what)
	if e := web.AsError(err); e != nil && e.Status == http.StatusTooManyRequests {
		e.Message = web.M("events.errors.limited."+what, e.Message.Args...)
	}
	return err
}

// CreateEvent is POST /api/communities/{slug}/events.
func (h *Handlers) CreateEvent(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.editable(r, u)
	if err != nil {
		return err
	}
	var req EventRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	now := h.Now()
	if err := req.check(now, nil); err != nil {
		return err
	}
	if err := h.eventLimit(u, "event"); err != nil {
		return err
	}
	ctx := r.Context()
	e := &db.CommunityEvent{CommunityID: c.ID, CreatedBy: u.ID, Status: "scheduled"}
	renderEvent(e, &req)
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		e.ID, err = tx.CreateCommunityEvent(ctx, e, now)
		if err != nil {
			return err
		}
		if err := tx.LogCommunityEvent(ctx, e.ID, u.ID, "create", "", now); err != nil {
			return err
		}
		return h.notifyNewEvent(ctx, tx, c, e)
	})
	if err != nil {
		return err
	}
	return h.writeEvent(w, r, http.StatusCreated, u, c, e.ID, a)
}

// UpdateEvent is PUT /api/communities/{slug}/events/{id}.
func (h *Handlers) UpdateEvent(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.editable(r, u)
	if err != nil {
		return err
	}
	e, err := h.eventOf(r, c, u)
	if err != nil {
		return err
	}
	var req EventRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	now := h.Now()
	if err := eventChangeable(e, now); err != nil {
		return err
	}
	if err := req.check(now, e); err != nil {
		return err
	}
	ctx := r.Context()
	moved := !req.Start.Equal(e.Start)
	renderEvent(e, &req)
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		cur, err := tx.CommunityEventByID(ctx, e.ID)
		if err != nil {
			return err
		}
		if err := eventChangeable(cur, now); err != nil {
			return err
		}
		if e.Capacity != 0 && e.Capacity < cur.GoingCount {
			return web.Invalid(map[string]web.Msg{"capacity": web.M("events.errors.capacityBelowGoing", "count", cur.GoingCount)})
		}
		if err := tx.UpdateCommunityEvent(ctx, e, now); err != nil {
			return err
		}
		if moved {
			if err := tx.ResetEventReminders(ctx, e.ID); err != nil {
				return err
			}
		}
		if err := tx.LogCommunityEvent(ctx, e.ID, u.ID, "update", "", now); err != nil {
			return err
		}
		return h.notifyEventChanged(ctx, tx, c, cur, e, u.ID)
	})
	if err != nil {
		return err
	}
	return h.writeEvent(w, r, http.StatusOK, u, c, e.ID, a)
}

// eventChangeable: a cancelled event or one that has ended is not changed any more.
func eventChangeable(e *db.CommunityEvent, now time.Time) error {
	if e.Status == "cancelled" {
		return &web.Error{Status: 409, Code: "cancelled", Message: web.M("events.errors.cancelled")}
	}
	if !e.End.After(now) {
		return &web.Error{Status: 409, Code: "ended", Message: web.M("events.errors.ended")}
	}
	return nil
}

// CancelEvent is POST /api/communities/{slug}/events/{id}/cancel.
func (h *Handlers) CancelEvent(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.editable(r, u)
	if err != nil {
		return err
	}
	e, err := h.eventOf(r, c, u)
	if err != nil {
		return err
	}
	var req EventCancelRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	now := h.Now()
	ctx := r.Context()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		cur, err := tx.CommunityEventByID(ctx, e.ID)
		if err != nil {
			return err
		}
		if err := eventChangeable(cur, now); err != nil {
			return err
		}
		if err := tx.CancelCommunityEvent(ctx, e.ID, req.Reason, now); err != nil {
			return err
		}
		if err := tx.LogCommunityEvent(ctx, e.ID, u.ID, "cancel", req.Reason, now); err != nil {
			return err
		}
		return h.notifyEventCancelled(ctx, tx, c, cur, u.ID, req.Reason)
	})
	if err != nil {
		return err
	}
	return h.writeEvent(w, r, http.StatusOK, u, c, e.ID, a)
}

// AnswerEvent is PUT /api/communities/{slug}/events/{id}/rsvp.
func (h *Handlers) AnswerEvent(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.eventCommunity(r, u)
	if err != nil {
		return err
	}
	e, err := h.eventOf(r, c, u)
	if err != nil {
		return err
	}
	var req RSVPRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	if !a.Participate {
		return &web.Error{Status: 403, Code: "not_member", Message: web.M("events.errors.join")}
	}
	if err := h.eventLimit(u, "rsvp"); err != nil {
		return err
	}
	now := h.Now()
	ctx := r.Context()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		cur, err := tx.CommunityEventByID(ctx, e.ID)
		if err != nil {
			return err
		}
		if cur.Status == "cancelled" {
			return &web.Error{Status: 409, Code: "cancelled", Message: web.M("events.errors.cancelled")}
		}
		if !cur.Start.After(now) {
			return &web.Error{Status: 409, Code: "started", Message: web.M("events.errors.started")}
		}
		err = tx.SetRSVP(ctx, e.ID, u.ID, req.Answer, now)
		if errors.Is(err, db.ErrEventFull) {
			return eventFullError()
		}
		return err
	})
	if err != nil {
		return err
	}
	return h.writeEvent(w, r, http.StatusOK, u, c, e.ID, a)
}

// MyEvents is GET /api/me/events: the events the caller is going to, from now on.
func (h *Handlers) MyEvents(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	now := h.Now()
	list, err := h.Store.EventsGoingOf(ctx, u.ID, now, now.Add(maxEventAhead+maxEventLength), now, 100)
	if err != nil {
		return err
	}
	lang := web.Lang(r)
	out := EventList{Items: []EventView{}}
	for i := range list {
		g := &list[i]
		c := &db.Community{ID: g.CommunityID, Slug: g.CommunitySlug, NameEn: g.NameEn, NameMn: g.NameMn, Status: "active"}
		a, err := h.access(ctx, u, g.CommunityID)
		if err != nil {
			return err
		}
		out.Items = append(out.Items, eventViewOf(lang, c, &g.CommunityEvent, "going", a, now))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}
