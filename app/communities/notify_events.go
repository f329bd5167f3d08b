package communities

// The notifications of events: a new event to the community's followers (in-app, and by
// email to those who follow with email), a cancellation to everyone going (with the reason).
// Titles and names go in both languages ("title.en", "title.mn"); each reader gets theirs.

import (
	"context"

	"gerege/app/platform/notify"
	"gerege/db"
)

var (
	// NewEvent tells the followers of a community about a new event; NewEventEmail by email too.
	NewEvent = notify.Register(notify.Kind{
		Name: "communities.newEvent", Title: "events.notify.newEvent.title",
		Body: "events.notify.newEvent.body", Label: "events.notify.newEvent.label", DefaultEmail: notify.Off,
	})
	NewEventEmail = notify.Register(notify.Kind{
		Name: "communities.newEventEmail", Title: "events.notify.newEvent.title",
		Body: "events.notify.newEvent.body", Label: "events.notify.newEventEmail.label", DefaultEmail: notify.Immediate,
	})
	// EventMoved tells everyone going that an event moved to another time (old and new);
	// EventPlaceChanged that it takes place elsewhere (or at another link), at the same time.
	EventMoved = notify.Register(notify.Kind{
		Name: "communities.eventMoved", Title: "events.notify.moved.title",
		Body: "events.notify.moved.body", Label: "events.notify.moved.label", DefaultEmail: notify.Immediate,
	})
	EventPlaceChanged = notify.Register(notify.Kind{
		Name: "communities.eventPlaceChanged", Title: "events.notify.placeChanged.title",
		Body: "events.notify.placeChanged.body", Label: "events.notify.placeChanged.label", DefaultEmail: notify.Immediate,
	})
	// EventCancelled tells everyone going that an event was cancelled, and why.
	EventCancelled = notify.Register(notify.Kind{
		Name: "communities.eventCancelled", Title: "events.notify.cancelled.title",
		Body: "events.notify.cancelled.body", Label: "events.notify.cancelled.label", DefaultEmail: notify.Immediate,
	})
)

func eventParams(c *db.Community, e *db.CommunityEvent) map[string]string {
	return map[string]string{"title.en": e.TitleEn, "title.mn": e.TitleMn, "name.en": c.NameEn, "name.mn": c.NameMn,
		"when": eventWhen(e.Start, e.End)}
}

// notifyNewEvent tells the community's followers about e, in tx (never its author, people
// blocked either way, or people who may no longer read the community: FollowersToNotify).
func (h *Handlers) notifyNewEvent(ctx context.Context, tx *db.Store, c *db.Community, e *db.CommunityEvent) error {
	now := h.Now()
	followers, err := tx.FollowersToNotify(ctx, []db.FollowTarget{{Type: "community", ID: c.ID}}, c.ID, e.CreatedBy, now)
	if err != nil {
		return err
	}
	for _, f := range followers {
		k := NewEvent
		if f.Email {
			k = NewEventEmail
		}
		if err := notify.Send(ctx, tx, notify.Notification{UserID: f.UserID, Kind: k.Name, Params: eventParams(c, e),
			Link: eventLink(c.Slug, e.ID), At: now}); err != nil {
			return err
		}
	}
	return nil
}

// notifyEventCancelled tells everyone going (but the person cancelling) that e was cancelled, in tx.
func (h *Handlers) notifyEventCancelled(ctx context.Context, tx *db.Store, c *db.Community, e *db.CommunityEvent, by int64, reason string) error {
	going, err := tx.GoingTo(ctx, e.ID)
	if err != nil {
		return err
	}
	now := h.Now()
	for _, id := range going {
		if id == by {
			continue
		}
		p := eventParams(c, e)
		p["reason"] = reason
		if err := notify.Send(ctx, tx, notify.Notification{UserID: id, Kind: EventCancelled.Name, Params: p,
			Link: eventLink(c.Slug, e.ID), At: now}); err != nil {
			return err
		}
	}
	return nil
}

// notifyEventChanged tells everyone going (but the person changing it) that e, which was
// before, moved to another time or place, in tx. A change of its title or description only
// tells nobody.
func (h *Handlers) notifyEventChanged(ctx context.Context, tx *db.Store, c *db.Community, before, e *db.CommunityEvent, by int64) error {
	moved := !before.Start.Equal(e.Start) || !before.End.Equal(e.End)
	if !moved && before.Place == e.Place && before.OnlineURL == e.OnlineURL {
		return nil
	}
	going, err := tx.GoingTo(ctx, e.ID)
	if err != nil {
		return err
	}
	k, p := EventPlaceChanged, eventParams(c, e)
	if moved {
		k, p["old"] = EventMoved, eventWhen(before.Start, before.End)
	}
	p["where"] = e.Place
	if p["where"] == "" {
		p["where"] = e.OnlineURL
	}
	now := h.Now()
	for _, id := range going {
		if id == by {
			continue
		}
		if err := notify.Send(ctx, tx, notify.Notification{UserID: id, Kind: k.Name, Params: p,
			Link: eventLink(c.Slug, e.ID), At: now}); err != nil {
			return err
		}
	}
	return nil
}
