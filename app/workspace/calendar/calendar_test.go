package calendar_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
)

// Another person's calendar, appointments and feed stay out of reach; a revoked feed answers 404.
func TestCalendarIsPrivate(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, ac := w.person(t, "a@example.mn", "Alice", "en", false)
	_, bc := w.person(t, "b@example.mn", "Bataa", "mn", false)
	r := w.call(t, ac, "POST", "/api/calendar/events", map[string]any{"title": "Alice's secret exam", "notes": "room 204",
		"start": "2026-11-25T05:00:00Z", "end": "2026-11-25T06:00:00Z"})
	apitest.MustStatus(t, r, 201)
	eventID := int64(r.Body["id"].(float64))
	bk := w.book(t, ac, monday9, "Alice's private note")
	apitest.MustStatus(t, bk, 201)
	bookingID := int64(bk.Body["id"].(float64))

	window := "/api/calendar?from=2026-11-22T00:00:00Z&to=2026-12-01T00:00:00Z"
	r = w.call(t, ac, "GET", window, nil)
	for _, want := range []string{"Alice's secret exam", `"kind":"appointment"`, "Oyuna Test"} {
		if !strings.Contains(r.Raw, want) {
			t.Errorf("Alice's calendar lacks %q: %s", want, r.Raw)
		}
	}
	// The host sees the appointment in their calendar, with the student's name.
	if r := w.call(t, w.hostC, "GET", window, nil); !strings.Contains(r.Raw, "Alice Test") || strings.Contains(r.Raw, "secret exam") {
		t.Errorf("host's calendar: %s", r.Raw)
	}
	feed := w.call(t, ac, "POST", "/api/calendar/feed", struct{}{})
	apitest.MustStatus(t, feed, 200)
	url := feed.Str("url")

	for _, c := range []struct {
		name, method, path string
		body               any
		status             int
	}{
		{"B's calendar", "GET", window, nil, 200},
		{"B's bookings", "GET", "/api/booking/mine", nil, 200},
		{"B edits A's event", "PUT", fmt.Sprintf("/api/calendar/events/%d", eventID), map[string]any{"title": "x",
			"start": "2026-11-25T05:00:00Z", "end": "2026-11-25T06:00:00Z"}, 404},
		{"B deletes A's event", "DELETE", fmt.Sprintf("/api/calendar/events/%d", eventID), nil, 404},
		{"B cancels A's booking", "POST", fmt.Sprintf("/api/booking/bookings/%d/cancel", bookingID), struct{}{}, 404},
		{"B's feed", "GET", "/api/calendar/feed", nil, 200},
	} {
		r := w.call(t, bc, c.method, c.path, c.body)
		if r.Status != c.status {
			t.Errorf("%s: %d, want %d: %s", c.name, r.Status, c.status, r.Raw)
		}
		for _, bad := range []string{"secret exam", "room 204", "private note", url} {
			if strings.Contains(r.Raw, bad) {
				t.Errorf("%s: the answer must not contain %q: %s", c.name, bad, r.Raw)
			}
		}
	}
	// Signed out: nothing.
	if r := apitest.Call(t, nil, w.ts, "GET", window, nil, ""); r.Status != 401 || strings.Contains(r.Raw, "secret") {
		t.Errorf("anonymous: %d %s", r.Status, r.Raw)
	}
	// The feed works for anyone with the address, until revoked; regenerating revokes the old one.
	r = apitest.Call(t, nil, w.ts, "GET", url, nil, "")
	if r.Status != 200 || !strings.Contains(r.Raw, "SUMMARY:Alice's secret exam") || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/calendar") {
		t.Fatalf("feed: %d %s", r.Status, r.Raw)
	}
	again := w.call(t, ac, "POST", "/api/calendar/feed", struct{}{})
	if r := apitest.Call(t, nil, w.ts, "GET", url, nil, ""); r.Status != 404 || strings.Contains(r.Raw, "secret") {
		t.Errorf("the old address after a new one: %d %s", r.Status, r.Raw)
	}
	apitest.MustStatus(t, w.call(t, ac, "DELETE", "/api/calendar/feed", nil), 204)
	for _, u := range []string{url, again.Str("url"), "/api/calendar/feed/" + strings.Repeat("a", 43) + ".ics"} {
		r := apitest.Call(t, nil, w.ts, "GET", u, nil, "")
		if r.Status != 404 || strings.Contains(r.Raw, "secret") || strings.Contains(r.Raw, "VCALENDAR") {
			t.Errorf("revoked feed %s: %d %s", u, r.Status, r.Raw)
		}
	}
	if r := w.call(t, ac, "GET", "/api/calendar/feed", nil); !strings.Contains(r.Raw, `"active":false`) {
		t.Errorf("feed state after revoking: %s", r.Raw)
	}
}

// Events are created, moved, resized and deleted by their owner; the window finds an event
// that began before it.
func TestEventLifecycle(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, c := w.person(t, "e@example.mn", "Enkh", "mn", false)
	r := w.call(t, c, "POST", "/api/calendar/events", map[string]any{"title": "Trip", "start": "2026-11-27T00:00:00Z", "end": "2026-11-29T00:00:00Z"})
	apitest.MustStatus(t, r, 201)
	id := int64(r.Body["id"].(float64))
	r = w.call(t, c, "GET", "/api/calendar?from=2026-11-28T00:00:00Z&to=2026-11-29T00:00:00Z", nil)
	if !strings.Contains(r.Raw, "Trip") {
		t.Errorf("an event that began before the window: %s", r.Raw)
	}
	r = w.call(t, c, "PUT", fmt.Sprintf("/api/calendar/events/%d", id), map[string]any{"title": "Trip", "start": "2026-12-03T00:00:00Z", "end": "2026-12-03T05:00:00Z"})
	apitest.MustStatus(t, r, 200)
	r = w.call(t, c, "GET", "/api/calendar?from=2026-11-22T00:00:00Z&to=2026-12-02T00:00:00Z", nil)
	if strings.Contains(r.Raw, "Trip") {
		t.Errorf("the moved event is still at its old place: %s", r.Raw)
	}
	apitest.MustStatus(t, w.call(t, c, "DELETE", fmt.Sprintf("/api/calendar/events/%d", id), nil), 204)
	apitest.MustStatus(t, w.call(t, c, "DELETE", fmt.Sprintf("/api/calendar/events/%d", id), nil), 404)
}

// The home widget counts today's appointments (Ulaanbaatar's day) of the host and the student.
func TestTodayWidget(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	student, sc := w.person(t, "w@example.mn", "Wid", "en", false)
	apitest.MustStatus(t, w.book(t, sc, monday9, ""), 201)
	apitest.MustStatus(t, w.book(t, sc, tuesday9, ""), 201)
	count := func(u int64) int {
		usr, err := w.s.Store().UserByID(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		for _, wd := range w.s.Widgets().For(usr) {
			if wd.Key == "todayAppointments" {
				n, err := wd.Count(context.Background(), usr)
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
		}
		t.Fatal("no todayAppointments widget")
		return 0
	}
	if n := count(student.ID); n != 0 { // Sunday evening in Ulaanbaatar
		t.Errorf("today on Sunday: %d", n)
	}
	w.clock.Advance(15 * time.Hour) // Monday 09:00 in Ulaanbaatar
	if n, h := count(student.ID), count(w.host.ID); n != 1 || h != 1 {
		t.Errorf("today on Monday: student %d, host %d", n, h)
	}
}

// Deleting an account cancels its future appointments and tells the other side.
func TestAccountDeletionCancelsAppointments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, sc := w.person(t, "gone@example.mn", "Gone", "en", false)
	apitest.MustStatus(t, w.book(t, sc, tuesday9, ""), 201)
	r := w.call(t, sc, "GET", "/api/account/export", nil)
	if r.Status == 200 && !strings.Contains(r.Raw, `"appointments"`) {
		t.Errorf("export lacks appointments: %.300s", r.Raw)
	}
	r = w.call(t, sc, "DELETE", "/api/account", map[string]any{"password": apitest.Password})
	if r.Status >= 300 {
		t.Fatalf("account deletion answered %d: %s", r.Status, r.Raw)
	}
	if n := w.kinds(t, w.host.ID, "calendar.cancelled"); n != 1 {
		t.Errorf("the host was told %d times", n)
	}
	list, err := w.s.Store().HostBookings(context.Background(), w.host.ID, tuesday9, tuesday9.Add(time.Hour))
	if err != nil || len(list) != 0 {
		t.Errorf("the slot is still taken: %v %v", list, err)
	}
}
