package chat

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/db"
)

// The live stream: GET /api/chat/events, Server-Sent Events over plain net/http.
//
// Every kept change (a message, an edit, a deletion, a receipt) is a row of chat_events
// written in the change's transaction; its id is the SSE id. A client that reconnects sends
// the last id it saw (Last-Event-ID, which EventSource sends by itself, or ?lastEventId=) and
// the stream first replays from the database everything after it in the person's
// conversations, then goes live: nothing is lost across a reconnect. Typing indicators are
// not kept (id 0, no SSE id). A comment line every Heartbeat keeps proxies from closing an
// idle stream. The bearer token of the mobile app authenticates it like any API call.

// replayBatch is how many kept events one read of the replay takes.
const replayBatch = 500

// Events is GET /api/chat/events.
func (h *Handlers) Events(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	support := authz.Can(u, authz.WorkspaceSupportAnswer)
	resume, last := lastEventID(r)
	chat, mail, err := topics(r)
	if err != nil {
		return err
	}
	resume = resume && chat

	// Subscribe before reading the database, so nothing committed in between is missed; what
	// arrives both ways is sent once (see replayed).
	s := h.Hub.SubscribeTopics(u.ID, support, chat, mail)
	detached := false
	defer func() {
		if !detached {
			h.Hub.Unsubscribe(s)
		}
	}()

	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's write timeout
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return nil
	}
	if _, err := w.Write([]byte("retry: 3000\n\n")); err != nil {
		return nil
	}

	var replayed int64 // events up to this id were read from the database
	if resume {
		for {
			list, err := h.Store.ChatEventsFor(ctx, u.ID, support, last, replayBatch)
			if err != nil {
				return nil // the answer has begun: the client reconnects and resumes
			}
			for _, e := range list {
				ev, ok := h.eventOf(ctx, u.ID, e)
				last = e.ID
				if ok && write(w, ev) != nil {
					return nil
				}
			}
			if len(list) < replayBatch {
				break
			}
		}
		replayed = last
	} else if chat {
		id, err := h.Store.ChatLastEventID(ctx)
		if err != nil {
			return nil
		}
		last, replayed = id, id
	}
	if write(w, Event{ID: last, Type: "ready"}) != nil || rc.Flush() != nil {
		return nil
	}
	if chat {
		h.deliver(r, u.ID, 0) // everything waiting for them reached this device
	}

	// Live. An HTTP/1.1 response (chunked: net/http chose it, as the length is unknown) is
	// handed to the hub, which writes the rest of its chunks; the handler returns and takes
	// its goroutine and net/http's buffers with it. Elsewhere (HTTP/2) the handler stays.
	if r.ProtoMajor == 1 && r.ProtoMinor == 1 {
		if conn, _, err := rc.Hijack(); err == nil {
			detached = true
			h.Hub.Detach(s, conn, replayed, h.heartbeat())
			return nil
		}
	}
	tick := time.NewTicker(h.heartbeat())
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.gone:
			return nil
		case ev := <-s.ch:
			if ev.ID != 0 && ev.ID <= replayed {
				continue // already sent from the database
			}
			if write(w, ev) != nil || rc.Flush() != nil {
				return nil
			}
		case <-tick.C:
			if _, err := w.Write([]byte(": ping\n\n")); err != nil || rc.Flush() != nil {
				return nil
			}
		}
	}
}

// topics reads what a stream carries (?topics=chat,mail; chat when absent): anything else is a
// field error.
func topics(r *http.Request) (chat, mail bool, err error) {
	v := r.URL.Query().Get("topics")
	if v == "" {
		return true, false, nil
	}
	for _, t := range strings.Split(v, ",") {
		switch strings.TrimSpace(t) {
		case "chat":
			chat = true
		case "mail":
			mail = true
		default:
			return false, false, web.Invalid(map[string]web.Msg{"topics": web.M("chat.errors.topics")})
		}
	}
	return chat, mail, nil
}

// lastEventID reads where a reconnecting client resumes: the Last-Event-ID header, or the
// lastEventId query parameter (for clients that cannot set headers). Anything that is not a
// number is a fresh start.
func lastEventID(r *http.Request) (bool, int64) {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("lastEventId")
	}
	id, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || id < 0 {
		return false, 0
	}
	return true, id
}

// write sends one event (see eventBytes).
func write(w http.ResponseWriter, ev Event) error {
	_, err := w.Write(eventBytes(ev))
	return err
}

// eventOf rebuilds a kept event for viewer from the database (the message as it is now).
func (h *Handlers) eventOf(ctx context.Context, viewer int64, e db.ChatEvent) (Event, bool) {
	ev := Event{ID: e.ID, Type: e.Kind, ConversationID: e.ConversationID}
	switch e.Kind {
	case "delivered", "read":
		ev.UserID, ev.MessageID = e.UserID, e.MessageID
	default:
		m, err := h.Store.ChatMessageByID(ctx, e.MessageID)
		if err != nil {
			return ev, false
		}
		members, err := h.Store.ChatMembers(ctx, e.ConversationID)
		if err != nil {
			return ev, false
		}
		v := messageView(m, viewer, members)
		ev.Message = &v
	}
	return ev, true
}
