package communities

// The events part: a community's admins and moderators create, edit and cancel events (a
// title and description in English and/or Mongolian, a start and end, an online link or a
// place, an optional capacity); members answer going or not going; the followers of the
// community are told of a new event and everyone going of a cancellation. The calendar
// (app/workspace/calendar) shows the events a person is going to, in their .ics feed too, and
// its reminder job reminds them the day before (db.DueEventReminders).

import (
	"context"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// EventsQuery is the query of a community's events.
type EventsQuery struct {
	After string `query:"after" description:"the cursor of the previous page"`
}

func (h *Handlers) mountEvents(r *authz.Router, reg *authz.Registry) {
	r.Get("/communities/{slug}/events", authz.Public, h.ListEvents, authz.Doc{ID: "listCommunityEvents", Query: EventsQuery{},
		Resp: EventList{}, Summary: "A community's events that have not ended, soonest first (cancelled ones marked); keyset paging; 403 for members-only communities to non-members"})
	r.Post("/communities/{slug}/events", authz.CommunitiesParticipate, h.CreateEvent, authz.Doc{ID: "createCommunityEvent",
		Req: EventRequest{}, Resp: EventView{}, Status: 201,
		Summary: "The community's admins and moderators create an event (starting in the future); its followers are told"})
	r.Get("/communities/{slug}/events/{id}", authz.Public, h.GetEvent, authz.Doc{ID: "getCommunityEvent", Resp: EventView{},
		Summary: "One event with the caller's answer and what they may do (403 members only; 404 unknown or its author blocked either way)"})
	r.Put("/communities/{slug}/events/{id}", authz.CommunitiesParticipate, h.UpdateEvent, authz.Doc{ID: "updateCommunityEvent",
		Req: EventRequest{}, Resp: EventView{}, Summary: "The community's admins and moderators change an event that has not ended or been cancelled"})
	r.Post("/communities/{slug}/events/{id}/cancel", authz.CommunitiesParticipate, h.CancelEvent, authz.Doc{ID: "cancelCommunityEvent",
		Req: EventCancelRequest{}, Resp: EventView{}, Summary: "The community's admins and moderators cancel an event with a reason; everyone going is told"})
	r.Put("/communities/{slug}/events/{id}/rsvp", authz.CommunitiesParticipate, h.AnswerEvent, authz.Doc{ID: "answerCommunityEvent",
		Req: RSVPRequest{}, Resp: EventView{}, Summary: "A member answers going or not going until the event starts (409 full when no place is left)"})
	r.Get("/me/events", authz.CommunitiesParticipate, h.MyEvents, authz.Doc{ID: "listMyCommunityEvents", Resp: EventList{},
		Summary: "The events the caller is going to, from now on, soonest first (at most 100)"})
}

// eventUserData: the person's answers to events (they go with the account by foreign key).
func (h *Handlers) eventUserData() []userdata.Section {
	return []userdata.Section{
		userdata.Of("communityEventAnswers", func(ctx context.Context, store *db.Store, userID int64) ([]RSVPExport, error) {
			list, err := store.RSVPsOf(ctx, userID)
			if err != nil {
				return nil, err
			}
			out := []RSVPExport{}
			for _, x := range list {
				out = append(out, RSVPExport{EventID: x.EventID, Title: commPick(web.LangOf(ctx), x.TitleEn, x.TitleMn),
					Community: x.CommunitySlug, Start: x.Start.UTC(), Answer: x.Answer, At: x.At.UTC()})
			}
			return out, nil
		}),
	}
}

func encodeEventCursor(c *db.EventCursor) string {
	if c == nil {
		return ""
	}
	return web.EncodeCursor(c)
}

func decodeEventCursor(s string) (*db.EventCursor, error) {
	if s == "" {
		return nil, nil
	}
	var c db.EventCursor
	if web.DecodeCursor(s, &c) != nil || c.ID <= 0 || db.ParseT(c.At).IsZero() {
		return nil, web.BadCursor()
	}
	return &c, nil
}

// ubZone is Ulaanbaatar (UTC+8 all year since 2017): event times are shown there.
var ubZone = time.FixedZone("UTC+08:00", 8*3600)

// eventWhen is an event's time for messages and pages, the same in both languages:
// "2026-11-24 18:00–20:00 (UTC+08:00)", or both dates when it ends on another day.
func eventWhen(start, end time.Time) string {
	s, e := start.In(ubZone), end.In(ubZone)
	if s.Format(time.DateOnly) == e.Format(time.DateOnly) {
		return s.Format("2006-01-02 15:04") + "–" + e.Format("15:04") + " (UTC+08:00)"
	}
	return s.Format("2006-01-02 15:04") + " – " + e.Format("2006-01-02 15:04") + " (UTC+08:00)"
}
