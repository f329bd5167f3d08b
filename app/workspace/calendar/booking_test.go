package calendar_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/db"
	"gerege/i18n"
)

// N students race for the same slot: the unique index lets exactly one through; everyone else
// gets 409 slot_taken with the message in their language, and one booking exists.
func TestConcurrentBookingsOfOneSlot(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const n = 10
	clients := make([]*http.Client, n)
	for i := range clients {
		_, clients[i] = w.person(t, fmt.Sprintf("racer%d@example.mn", i), "Racer", "en", false)
	}
	var wg sync.WaitGroup
	replies := make([]apitest.Reply, n)
	start := make(chan struct{})
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lang := []string{"en", "mn"}[i%2]
			<-start
			replies[i] = w.book(t, clients[i], monday9, "", "Accept-Language", lang)
		}()
	}
	close(start)
	wg.Wait()
	won := 0
	for i, r := range replies {
		switch r.Status {
		case 201:
			won++
		case 409:
			lang := []string{"en", "mn"}[i%2]
			if r.Str("code") != "slot_taken" || r.Str("message") != i18n.T(lang, "workspaceCalendar.errors.taken") {
				t.Errorf("loser %d (%s): %s", i, lang, r.Raw)
			}
		default:
			t.Errorf("racer %d: status %d: %s", i, r.Status, r.Raw)
		}
	}
	if won != 1 {
		t.Fatalf("%d bookings succeeded, want exactly 1", won)
	}
	list, err := w.s.Store().HostBookings(context.Background(), w.host.ID, monday9, monday9.Add(time.Hour))
	if err != nil || len(list) != 1 {
		t.Fatalf("bookings in the database: %d (%v), want 1", len(list), err)
	}
	// The slot is gone from the free times.
	r := w.call(t, clients[0], "GET", fmt.Sprintf("/api/booking/hosts/%d/slots?from=2026-11-23&days=1", w.host.ID), nil)
	apitest.MustStatus(t, r, 200)
	if strings.Contains(r.Raw, monday9.Format(time.RFC3339)) || !strings.Contains(r.Raw, monday9.Add(30*time.Minute).Format(time.RFC3339)) {
		t.Errorf("free slots after the race: %s", r.Raw)
	}
}

// The confirmation reaches the student (in-app and by email, in their language) and the host;
// the reminder goes once when the appointment is less than a day away, never twice.
func TestConfirmationAndReminderOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	student, sc := w.person(t, "saraa@example.mn", "Saraa", "mn", false)
	r := w.book(t, sc, tuesday9, "Study in Korea")
	apitest.MustStatus(t, r, 201)
	if w.kinds(t, student.ID, "calendar.booked") != 1 || w.kinds(t, w.host.ID, "calendar.newBooking") != 1 {
		t.Fatal("no confirmation for the student or no notice for the host")
	}
	if _, err := w.s.Notify().DeliverDue(context.Background(), w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	mail := apitest.LastEmail(t, w.s, "saraa@example.mn")
	if !strings.Contains(mail.Subject, "Цаг захиалга баталгаажлаа") || !strings.Contains(mail.Text, "2026-11-24 09:00") {
		t.Errorf("confirmation email (mn, Ulaanbaatar time): %s / %s", mail.Subject, mail.Text)
	}

	run := func() {
		t.Helper()
		if err := w.s.RunJob(context.Background(), "calendar.reminders"); err != nil {
			t.Fatal(err)
		}
	}
	run() // 39 hours before: too early
	if got := w.kinds(t, student.ID, "calendar.reminder"); got != 0 {
		t.Fatalf("reminder 39 hours before: %d", got)
	}
	w.clock.Advance(16 * time.Hour) // 23 hours before
	run()
	run()
	w.clock.Advance(time.Hour)
	run()
	if got := w.kinds(t, student.ID, "calendar.reminder"); got != 1 {
		t.Fatalf("reminders sent: %d, want 1", got)
	}
	if got := w.kinds(t, w.host.ID, "calendar.reminder"); got != 0 {
		t.Fatalf("the host got %d reminders", got)
	}
}

// A student cancels until 12 hours before; after that 409 cutoff. The host can still cancel
// until the start, and records a no-show only once it has started.
func TestCutoffAndNoShow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	student, sc := w.person(t, "bold@example.mn", "Bold", "en", false)
	a := w.book(t, sc, tuesday9, "")
	b := w.book(t, sc, tuesday9.Add(30*time.Minute), "")
	apitest.MustStatus(t, a, 201)
	apitest.MustStatus(t, b, 201)
	idA, idB := int64(a.Body["id"].(float64)), int64(b.Body["id"].(float64))

	// 13 hours before: the student may cancel A.
	w.clock.Advance(tuesday9.Sub(w.clock.Now()) - 13*time.Hour)
	r := w.call(t, sc, "POST", fmt.Sprintf("/api/booking/bookings/%d/cancel", idA), struct{}{})
	apitest.MustStatus(t, r, 200)
	if r.Str("status") != "cancelled" || w.kinds(t, w.host.ID, "calendar.cancelled") != 1 {
		t.Fatalf("cancel before the cut-off: %s", r.Raw)
	}
	// 11 hours before B: too late for the student …
	w.clock.Advance(2*time.Hour + 30*time.Minute)
	r = w.call(t, sc, "POST", fmt.Sprintf("/api/booking/bookings/%d/cancel", idB), struct{}{}, "Accept-Language", "mn")
	apitest.MustStatus(t, r, 409)
	if r.Str("code") != "cutoff" || !strings.Contains(r.Str("message"), "12 цагийн өмнө") {
		t.Fatalf("cancel after the cut-off: %s", r.Raw)
	}
	// … no-show before the start is refused; the student may not record one at all.
	r = w.call(t, w.hostC, "POST", fmt.Sprintf("/api/booking/bookings/%d/no-show", idB), struct{}{})
	apitest.MustStatus(t, r, 409)
	apitest.MustStatus(t, w.call(t, sc, "POST", fmt.Sprintf("/api/booking/bookings/%d/no-show", idB), struct{}{}), 403)
	w.clock.Advance(12 * time.Hour)
	r = w.call(t, w.hostC, "POST", fmt.Sprintf("/api/booking/bookings/%d/no-show", idB), struct{}{})
	apitest.MustStatus(t, r, 200)
	if r.Str("status") != db.BookingNoShow {
		t.Fatalf("no-show: %s", r.Raw)
	}
	// The host's day shows it; the student's list too.
	r = w.call(t, w.hostC, "GET", "/api/booking/day?day=2026-11-24", nil)
	if !strings.Contains(r.Raw, `"no_show"`) || !strings.Contains(r.Raw, "Bold Test") {
		t.Errorf("host's day: %s", r.Raw)
	}
	_ = student
}

// Bad input: each refused on its field with a message in the person's language, nothing
// half-saved, never a 500.
func TestBookingBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, sc := w.person(t, "anu@example.mn", "Anu", "en", false)
	apitest.MustStatus(t, w.book(t, sc, monday9.Add(time.Hour), ""), 201)
	cases := []struct {
		name   string
		c      *http.Client
		method string
		path   string
		body   any
		status int
		field  string
		key    string
	}{
		{"past slot", sc, "POST", "/api/booking/bookings", map[string]any{"hostId": w.host.ID, "start": "2026-11-20T01:00:00Z"}, 422, "start", "workspaceCalendar.errors.past"},
		{"off the grid", sc, "POST", "/api/booking/bookings", map[string]any{"hostId": w.host.ID, "start": "2026-11-23T01:10:00Z"}, 422, "start", "workspaceCalendar.errors.outside"},
		{"outside hours", sc, "POST", "/api/booking/bookings", map[string]any{"hostId": w.host.ID, "start": "2026-11-23T08:00:00Z"}, 422, "start", "workspaceCalendar.errors.outside"},
		{"weekend", sc, "POST", "/api/booking/bookings", map[string]any{"hostId": w.host.ID, "start": "2026-11-28T01:00:00Z"}, 422, "start", "workspaceCalendar.errors.outside"},
		{"taken", sc, "POST", "/api/booking/bookings", map[string]any{"hostId": w.host.ID, "start": monday9.Add(time.Hour).Format(time.RFC3339)}, 409, "start", "workspaceCalendar.errors.taken"},
		{"unknown host", sc, "POST", "/api/booking/bookings", map[string]any{"hostId": 999999, "start": monday9.Format(time.RFC3339)}, 422, "hostId", "workspaceCalendar.errors.noHost"},
		{"no start", sc, "POST", "/api/booking/bookings", map[string]any{"hostId": w.host.ID}, 422, "start", "validation.required"},
		{"availability ends before it starts", w.hostC, "PUT", "/api/booking/availability", map[string]any{"slotMinutes": 30, "timeZone": "Asia/Ulaanbaatar",
			"published": true, "hours": []any{map[string]any{"weekday": 1, "start": "12:00", "end": "09:00"}}, "exceptions": []any{}}, 422, "hours.0.end", "workspaceCalendar.errors.endBeforeStart"},
		{"availability bad time", w.hostC, "PUT", "/api/booking/availability", map[string]any{"slotMinutes": 30, "timeZone": "Asia/Ulaanbaatar",
			"hours": []any{map[string]any{"weekday": 1, "start": "9am", "end": "12:00"}}, "exceptions": []any{}}, 422, "hours.0.start", "workspaceCalendar.errors.time"},
		{"exception ends before it starts", w.hostC, "PUT", "/api/booking/availability", map[string]any{"slotMinutes": 30, "timeZone": "Asia/Ulaanbaatar",
			"hours": []any{}, "exceptions": []any{map[string]any{"day": "2026-12-01", "kind": "extra", "start": "15:00", "end": "14:00"}}}, 422, "exceptions.0.end", "workspaceCalendar.errors.endBeforeStart"},
		{"slot length", w.hostC, "PUT", "/api/booking/availability", map[string]any{"slotMinutes": 3, "timeZone": "Asia/Ulaanbaatar", "hours": []any{}, "exceptions": []any{}}, 422, "slotMinutes", "workspaceCalendar.errors.slotMinutes"},
		{"event ends before it starts", sc, "POST", "/api/calendar/events", map[string]any{"title": "Exam", "start": "2026-11-25T05:00:00Z", "end": "2026-11-25T04:00:00Z"}, 422, "end", "workspaceCalendar.errors.endBeforeStart"},
		{"event without title", sc, "POST", "/api/calendar/events", map[string]any{"title": " ", "start": "2026-11-25T05:00:00Z", "end": "2026-11-25T06:00:00Z"}, 422, "title", "validation.required"},
		{"calendar window", sc, "GET", "/api/calendar?from=2026-01-01T00:00:00Z&to=2026-12-01T00:00:00Z", nil, 422, "to", "workspaceCalendar.errors.window"},
		{"calendar garbage", sc, "GET", "/api/calendar?from=x&to=y", nil, 422, "from", "validation.date"},
		{"slots garbage", sc, "GET", fmt.Sprintf("/api/booking/hosts/%d/slots?from=soon&days=400", w.host.ID), nil, 422, "from", "validation.date"},
		{"day garbage", w.hostC, "GET", "/api/booking/day?day=32", nil, 422, "day", "validation.date"},
	}
	for _, lang := range []string{"en", "mn"} {
		for _, c := range cases {
			r := w.call(t, c.c, c.method, c.path, c.body, "Accept-Language", lang)
			if r.Status != c.status {
				t.Errorf("%s (%s): status %d, want %d: %s", c.name, lang, r.Status, c.status, r.Raw)
				continue
			}
			if c.field != "" {
				errs, _ := r.Body["errors"].(map[string]any)
				want := i18n.T(lang, c.key, "max", 28, "days", 62, "hours", 12)
				if got, _ := errs[c.field].(string); got != want {
					t.Errorf("%s (%s): errors.%s = %q, want %q (%s)", c.name, lang, c.field, got, want, r.Raw)
				}
			}
		}
	}
	// Nothing half-saved: the refused availability left the published one as it was.
	r := w.call(t, w.hostC, "GET", "/api/booking/availability", nil)
	if !strings.Contains(r.Raw, `"slotMinutes":30`) || strings.Count(r.Raw, `"weekday"`) != 5 {
		t.Errorf("availability after refused changes: %s", r.Raw)
	}
	// Junk bodies are 400, not 500.
	for _, body := range []string{`{`, `{"hostId":"x"}`, `[]`, `{"start": 5}`, `{"hostId": 1, "start": "tomorrow"}`} {
		r := apitest.Do(t, w.ts, "POST", "/api/booking/bookings", body, map[string]string{"Content-Type": "application/json"})
		if r.Status >= 500 {
			t.Errorf("body %s: %d", body, r.Status)
		}
		req, _ := http.NewRequest("POST", w.ts.URL+"/api/calendar/events", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, err := sc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 400 && res.StatusCode != 422 {
			t.Errorf("event body %s: %d", body, res.StatusCode)
		}
	}
}
