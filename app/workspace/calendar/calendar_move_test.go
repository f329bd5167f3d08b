package calendar_test

import (
	"fmt"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// What the hour grid sends when an event is dragged, resized or moved by keys is checked by the
// server: only the owner moves an event, its end stays after its start (refused on "end" in the
// person's language, nothing saved), an invitation is not the invitee's to move, and an
// appointment never moves through the event routes (its times are the booking rules').
func TestMovesFollowTheRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, sc := w.person(t, "s@example.mn", "Saraa", "en", false)
	bk := w.book(t, sc, monday9, "")
	apitest.MustStatus(t, bk, 201)
	bookingID := int64(bk.Body["id"].(float64))
	r := w.call(t, w.hostC, "POST", "/api/calendar/events", map[string]any{"title": "Essay clinic", "start": "2026-11-25T02:00:00Z",
		"end": "2026-11-25T03:00:00Z", "invitees": []string{"s@example.mn"}})
	apitest.MustStatus(t, r, 201)
	id := int64(r.Body["id"].(float64))
	path := fmt.Sprintf("/api/calendar/events/%d", id)
	window := "/api/calendar?from=2026-11-22T00:00:00Z&to=2026-12-01T00:00:00Z"

	// A resize past the start, or to nothing: refused on the end, in the person's language.
	for _, c := range []struct{ lang, end, want string }{
		{"en", "2026-11-25T01:45:00Z", "The end must be after the start."},
		{"mn", "2026-11-25T02:00:00Z", "Дуусах"},
	} {
		r := w.call(t, w.hostC, "PUT", path, map[string]any{"title": "Essay clinic", "start": "2026-11-25T02:00:00Z", "end": c.end}, "Accept-Language", c.lang)
		apitest.MustStatus(t, r, 422)
		if errs, _ := r.Body["errors"].(map[string]any); errs == nil || !strings.Contains(fmt.Sprint(errs["end"]), c.want) {
			t.Errorf("%s: end before start: %s", c.lang, r.Raw)
		}
	}
	// The invitee drags the host's event: not theirs (404), nothing moves.
	apitest.MustStatus(t, w.call(t, sc, "PUT", path, map[string]any{"title": "Essay clinic", "start": "2026-11-26T02:00:00Z", "end": "2026-11-26T03:00:00Z"}), 404)
	// The student's appointment, through the event routes: 404, the booking stays at its slot.
	apitest.MustStatus(t, w.call(t, sc, "PUT", fmt.Sprintf("/api/calendar/events/%d", bookingID), map[string]any{"title": "x",
		"start": "2026-11-26T02:00:00Z", "end": "2026-11-26T03:00:00Z"}), 404)
	r = w.call(t, sc, "GET", window, nil)
	for _, bad := range []string{"2026-11-26T02:00:00Z", "2026-11-25T01:45:00Z"} {
		if strings.Contains(r.Raw, bad) {
			t.Errorf("a refused move was saved (%s): %s", bad, r.Raw)
		}
	}
	if !strings.Contains(r.Raw, `"start":"2026-11-25T02:00:00Z","end":"2026-11-25T03:00:00Z"`) || !strings.Contains(r.Raw, `"start":"2026-11-23T01:00:00Z"`) {
		t.Errorf("the event or the appointment moved: %s", r.Raw)
	}
	// The owner's drag to another day and hour, then a resize by a step: saved, the invitation kept.
	r = w.call(t, w.hostC, "PUT", path, map[string]any{"title": "Essay clinic", "start": "2026-11-26T03:15:00Z", "end": "2026-11-26T04:15:00Z"})
	apitest.MustStatus(t, r, 200)
	r = w.call(t, w.hostC, "PUT", path, map[string]any{"title": "Essay clinic", "start": "2026-11-26T03:15:00Z", "end": "2026-11-26T04:30:00Z"})
	if r.Status != 200 || !strings.Contains(r.Raw, `"end":"2026-11-26T04:30:00Z"`) || !strings.Contains(r.Raw, "s@example.mn") {
		t.Errorf("resized: %s", r.Raw)
	}
}
