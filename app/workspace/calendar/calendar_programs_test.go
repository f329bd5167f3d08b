package calendar_test

import (
	"strings"
	"testing"

	"gerege/app/apitest"
)

// A person's own live registration for the Cultural Volunteer Program puts the next
// timeline's phases in their calendar, read-only, in their language; nobody else's calendar
// gets them, nor does a rejected registration.
func TestProgramDatesOfOwnRegistration(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, ac := w.person(t, "a@example.mn", "Alice", "en", false)
	b, bc := w.person(t, "b@example.mn", "Bataa", "mn", false)
	c, cc := w.person(t, "c@example.mn", "Chimeg", "en", false)
	_, dc := w.person(t, "d@example.mn", "Dulmaa", "en", false)
	register := func(userID int64, ref, status string) {
		t.Helper()
		if _, err := w.s.Store().Write.Exec(`INSERT INTO submissions (form, reference, status, lang, name, email, user_id, data, created_at, updated_at)
			VALUES ('volunteer', ?, ?, 'en', 'x', 'x@example.mn', ?, '{}', '2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z')`, ref, status, userID); err != nil {
			t.Fatal(err)
		}
	}
	register(a.ID, "CV-A", "new")
	register(b.ID, "CV-B", "accepted")
	register(c.ID, "CV-C", "rejected")

	// Sent in November 2026: the program is next July (orientation 20–25 July, Ulaanbaatar's days).
	window := "/api/calendar?from=2027-07-01T00:00:00Z&to=2027-08-01T00:00:00Z"
	r := w.call(t, ac, "GET", window, nil)
	for _, want := range []string{`"kind":"program"`, "Cultural Volunteer Program: orientation", "Cultural Volunteer Program: training",
		`"start":"2027-07-19T16:00:00Z","end":"2027-07-25T16:00:00Z","allDay":true`, `"link":"/programs/cultural-volunteer"`, `"status":"new"`} {
		if !strings.Contains(r.Raw, want) {
			t.Errorf("Alice's calendar lacks %q: %s", want, r.Raw)
		}
	}
	if r := w.call(t, bc, "GET", window, nil, "Accept-Language", "mn"); !strings.Contains(r.Raw, "Соёлын сайн дурын хөтөлбөр") {
		t.Errorf("Bataa's calendar (mn): %s", r.Raw)
	}
	for _, x := range []struct {
		name string
		r    string
	}{{"rejected", w.call(t, cc, "GET", window, nil).Raw}, {"not registered", w.call(t, dc, "GET", window, nil).Raw}} {
		if strings.Contains(x.r, `"kind":"program"`) || strings.Contains(x.r, "Volunteer") {
			t.Errorf("%s: program dates shown: %s", x.name, x.r)
		}
	}
	// The feed carries the dates as all-day spans (DTEND exclusive).
	feed := w.call(t, ac, "POST", "/api/calendar/feed", struct{}{}).Str("url")
	ics := apitest.Call(t, nil, w.ts, "GET", feed, nil, "").Raw
	for _, want := range []string{"SUMMARY:Cultural Volunteer Program: orientation", "DTSTART;VALUE=DATE:20270720\r\nDTEND;VALUE=DATE:20270726", "CATEGORIES:PROGRAM"} {
		if !strings.Contains(ics, want) {
			t.Errorf("the feed lacks %q", want)
		}
	}
	// Outside the timeline's window nothing is added.
	if r := w.call(t, ac, "GET", "/api/calendar?from=2027-01-01T00:00:00Z&to=2027-02-01T00:00:00Z", nil); strings.Contains(r.Raw, `"kind":"program"`) {
		t.Errorf("January: %s", r.Raw)
	}
	// Program dates are read-only: they are not events of the person.
	if r := w.call(t, ac, "PUT", "/api/calendar/events/20270", map[string]any{"title": "x",
		"start": "2027-07-19T16:00:00Z", "end": "2027-07-20T16:00:00Z"}); r.Status != 404 {
		t.Errorf("moving a program date: %d %s", r.Status, r.Raw)
	}
}
