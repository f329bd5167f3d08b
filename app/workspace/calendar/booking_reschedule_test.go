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
	"gerege/i18n"
)

func (w *world) move(t *testing.T, c *http.Client, id int64, start time.Time, headers ...string) apitest.Reply {
	t.Helper()
	return w.call(t, c, "POST", fmt.Sprintf("/api/booking/bookings/%d/reschedule", id), map[string]any{"start": start.Format(time.RFC3339)}, headers...)
}

func idOf(r apitest.Reply) int64 { return int64(r.Body["id"].(float64)) }

// The student moves an appointment to another free time: moved at once, the host told in-app
// and by email in their language (Mongolian) with the old and the new time in the host's zone;
// the calendar, the host's day and the .ics feed show the new time, the old slot is free again.
// The host moves it back: the student is told in English.
func TestRescheduleTellsTheOtherSide(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	student, sc := w.person(t, "saraa@example.mn", "Saraa", "en", false)
	r := w.book(t, sc, monday9, "")
	apitest.MustStatus(t, r, 201)
	id := idOf(r)
	if r.Body["canReschedule"] != true {
		t.Fatalf("a booked appointment a day ahead may be moved: %s", r.Raw)
	}
	feed := w.call(t, sc, "POST", "/api/calendar/feed", struct{}{})
	apitest.MustStatus(t, feed, 200)

	newStart := tuesday9.Add(90 * time.Minute) // Tuesday 10:30 in Ulaanbaatar
	r = w.move(t, sc, id, newStart)
	apitest.MustStatus(t, r, 200)
	if r.Str("start") != "2026-11-24T02:30:00Z" || r.Str("end") != "2026-11-24T03:00:00Z" || r.Str("status") != "booked" {
		t.Fatalf("moved: %s", r.Raw)
	}
	if w.kinds(t, w.host.ID, "calendar.rescheduled") != 1 || w.kinds(t, student.ID, "calendar.rescheduled") != 0 {
		t.Fatal("the host is told, not the one who moved it")
	}
	if _, err := w.s.Notify().DeliverDue(context.Background(), w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	mail := apitest.LastEmail(t, w.s, "host@example.mn")
	if !strings.Contains(mail.Subject, "Уулзалтын цаг өөрчлөгдлөө") || !strings.Contains(mail.Text, "Өмнөх цаг: 2026-11-23 09:00 (UTC+08:00)") ||
		!strings.Contains(mail.Text, "Шинэ цаг: 2026-11-24 10:30 (UTC+08:00)") || !strings.Contains(mail.Text, "Saraa Test") {
		t.Errorf("the host's email (mn, both times in Ulaanbaatar): %s / %s", mail.Subject, mail.Text)
	}
	// Everything shows the new time and not the old one.
	cal := w.call(t, sc, "GET", "/api/calendar?from=2026-11-22T00:00:00Z&to=2026-11-29T00:00:00Z", nil)
	if !strings.Contains(cal.Raw, `"start":"2026-11-24T02:30:00Z"`) || strings.Contains(cal.Raw, `"start":"2026-11-23T01:00:00Z"`) ||
		!strings.Contains(cal.Raw, `"canMove":true`) {
		t.Errorf("calendar after the move: %s", cal.Raw)
	}
	ics := apitest.Call(t, nil, w.ts, "GET", feed.Str("url"), nil, "")
	if !strings.Contains(ics.Raw, "DTSTART:20261124T023000Z") || strings.Contains(ics.Raw, "DTSTART:20261123T010000Z") {
		t.Errorf("feed after the move: %s", ics.Raw)
	}
	day := w.call(t, w.hostC, "GET", "/api/booking/day?day=2026-11-24", nil)
	if !strings.Contains(day.Raw, "2026-11-24T02:30:00Z") {
		t.Errorf("host's day: %s", day.Raw)
	}
	slots := w.call(t, sc, "GET", fmt.Sprintf("/api/booking/hosts/%d/slots?from=2026-11-23&days=2", w.host.ID), nil)
	if !strings.Contains(slots.Raw, `"start":"`+monday9.Format(time.RFC3339)) || strings.Contains(slots.Raw, `"start":"`+newStart.Format(time.RFC3339)) {
		t.Errorf("free times after the move: %s", slots.Raw)
	}

	// The host moves it back to Monday: the student is told, in English.
	r = w.move(t, w.hostC, id, monday9)
	apitest.MustStatus(t, r, 200)
	if w.kinds(t, student.ID, "calendar.rescheduled") != 1 {
		t.Fatal("the student is not told of the host's move")
	}
	if _, err := w.s.Notify().DeliverDue(context.Background(), w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	mail = apitest.LastEmail(t, w.s, "saraa@example.mn")
	if mail.Subject != "Appointment moved" || !strings.Contains(mail.Text, "Old time: 2026-11-24 10:30 (UTC+08:00)") ||
		!strings.Contains(mail.Text, "New time: 2026-11-23 09:00 (UTC+08:00)") {
		t.Errorf("the student's email (en): %s / %s", mail.Subject, mail.Text)
	}
	// Moving to where it already is tells nobody.
	apitest.MustStatus(t, w.move(t, sc, id, monday9), 200)
	if w.kinds(t, w.host.ID, "calendar.rescheduled") != 1 {
		t.Error("a move to the same time was announced")
	}
}

// The rules of a move, each refused in the person's language with nothing moved: a past time,
// off the grid or outside the hours, a taken slot (409), beyond 90 days, another person's
// appointment (404), the student after the cut-off (409 cutoff; the host still may until the
// start), a cancelled appointment, garbage bodies (400, never 500).
func TestRescheduleRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, sc := w.person(t, "bold@example.mn", "Bold", "en", false)
	_, other := w.person(t, "other@example.mn", "Other", "en", false)
	a := w.book(t, sc, tuesday9, "")
	b := w.book(t, sc, tuesday9.Add(30*time.Minute), "")
	apitest.MustStatus(t, a, 201)
	apitest.MustStatus(t, b, 201)
	idA, idB := idOf(a), idOf(b)
	cases := []struct {
		name   string
		start  string
		status int
		key    string
	}{
		{"past", "2026-11-20T01:00:00Z", 422, "workspaceCalendar.errors.past"},
		{"off the grid", "2026-11-23T01:15:00Z", 422, "workspaceCalendar.errors.outside"},
		{"outside hours", "2026-11-23T08:00:00Z", 422, "workspaceCalendar.errors.outside"},
		{"weekend", "2026-11-28T01:00:00Z", 422, "workspaceCalendar.errors.outside"},
		{"too far", "2027-06-01T01:00:00Z", 422, "workspaceCalendar.errors.tooFar"},
		{"taken", tuesday9.Add(30 * time.Minute).Format(time.RFC3339), 409, "workspaceCalendar.errors.taken"},
	}
	for _, lang := range []string{"en", "mn"} {
		for _, c := range cases {
			r := w.call(t, sc, "POST", fmt.Sprintf("/api/booking/bookings/%d/reschedule", idA), map[string]any{"start": c.start}, "Accept-Language", lang)
			if r.Status != c.status {
				t.Errorf("%s (%s): %d, want %d: %s", c.name, lang, r.Status, c.status, r.Raw)
				continue
			}
			errs, _ := r.Body["errors"].(map[string]any)
			if got, _ := errs["start"].(string); got != i18n.T(lang, c.key) {
				t.Errorf("%s (%s): errors.start = %q: %s", c.name, lang, got, r.Raw)
			}
		}
		r := w.call(t, sc, "POST", fmt.Sprintf("/api/booking/bookings/%d/reschedule", idA), map[string]any{}, "Accept-Language", lang)
		if errs, _ := r.Body["errors"].(map[string]any); r.Status != 422 || errs["start"] != i18n.T(lang, "validation.required") {
			t.Errorf("no start (%s): %s", lang, r.Raw)
		}
	}
	// Another person's appointment is not there for them.
	r := w.move(t, other, idA, monday9)
	if r.Status != 404 || strings.Contains(r.Raw, "Bold") {
		t.Errorf("a stranger moves it: %d %s", r.Status, r.Raw)
	}
	for _, body := range []string{`{`, `{"start":"soon"}`, `[]`, `{"start":5}`} {
		req, _ := http.NewRequest("POST", w.ts.URL+fmt.Sprintf("/api/booking/bookings/%d/reschedule", idA), strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, err := sc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 400 && res.StatusCode != 422 {
			t.Errorf("body %s: %d", body, res.StatusCode)
		}
	}
	// Nothing moved.
	list, err := w.s.Store().HostBookings(context.Background(), w.host.ID, tuesday9, tuesday9.Add(time.Hour))
	if err != nil || len(list) != 2 || !list[0].Start.Equal(tuesday9) {
		t.Fatalf("after refused moves: %+v %v", list, err)
	}
	if w.kinds(t, w.host.ID, "calendar.rescheduled") != 0 {
		t.Error("a refused move was announced")
	}

	// A host who stopped taking appointments: the student may not move theirs (on start), the host still may.
	hours := []map[string]any{}
	for d := 1; d <= 5; d++ {
		hours = append(hours, map[string]any{"weekday": d, "start": "09:00", "end": "12:00"})
	}
	avail := map[string]any{"slotMinutes": 30, "bufferMinutes": 0, "timeZone": "Asia/Ulaanbaatar", "published": false, "hours": hours, "exceptions": []any{}}
	apitest.MustStatus(t, w.call(t, w.hostC, "PUT", "/api/booking/availability", avail), 200)
	r = w.move(t, sc, idA, monday9)
	if errs, _ := r.Body["errors"].(map[string]any); r.Status != 422 || errs["start"] != i18n.T("en", "workspaceCalendar.errors.noHost") {
		t.Errorf("moved with an unpublished host: %s", r.Raw)
	}
	avail["published"] = true
	apitest.MustStatus(t, w.call(t, w.hostC, "PUT", "/api/booking/availability", avail), 200)

	// 11 hours before: the student may no longer move A; the host may.
	w.clock.Advance(tuesday9.Sub(w.clock.Now()) - 11*time.Hour)
	r = w.move(t, sc, idA, monday9.Add(4*24*time.Hour), "Accept-Language", "mn") // Friday 09:00
	if r.Status != 409 || r.Str("code") != "cutoff" || r.Str("message") != i18n.T("mn", "workspaceCalendar.errors.moveCutoff", "hours", 12) {
		t.Errorf("student after the cut-off: %s", r.Raw)
	}
	cal := w.call(t, sc, "GET", "/api/calendar?from=2026-11-23T00:00:00Z&to=2026-11-25T00:00:00Z", nil)
	if !strings.Contains(cal.Raw, `"canMove":false`) {
		t.Errorf("the calendar offers a move after the cut-off: %s", cal.Raw)
	}
	r = w.move(t, w.hostC, idA, monday9.Add(4*24*time.Hour))
	apitest.MustStatus(t, r, 200)
	// Less than a day ahead (B moved to 15 hours from now by the host): the notice is the reminder.
	apitest.MustStatus(t, w.call(t, w.hostC, "POST", fmt.Sprintf("/api/booking/bookings/%d/cancel", idB), struct{}{}), 200)
	r = w.move(t, w.hostC, idB, tuesday9)
	if r.Status != 409 || r.Str("code") != "not_booked" {
		t.Errorf("a cancelled appointment moved: %s", r.Raw)
	}
}

// The reminder follows the new time: a move further away than a day means a reminder again the
// day before the new time; a move to less than a day ahead counts the notice as the reminder.
func TestRescheduleReminder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	student, sc := w.person(t, "anu@example.mn", "Anu", "en", false)
	r := w.book(t, sc, monday9, "") // 15 hours ahead: reminded at once
	apitest.MustStatus(t, r, 201)
	id := idOf(r)
	apitest.MustStatus(t, w.move(t, w.hostC, id, monday9.Add(3*24*time.Hour)), 200) // Thursday
	run := func() {
		if err := w.s.RunJob(context.Background(), "calendar.reminders"); err != nil {
			t.Fatal(err)
		}
	}
	run()
	if got := w.kinds(t, student.ID, "calendar.reminder"); got != 0 {
		t.Fatalf("reminded three days ahead: %d", got)
	}
	w.clock.Advance(monday9.Add(3*24*time.Hour).Sub(w.clock.Now()) - 20*time.Hour)
	run()
	run()
	if got := w.kinds(t, student.ID, "calendar.reminder"); got != 1 {
		t.Fatalf("reminders for the new time: %d, want 1", got)
	}
	// Moved by the host to another time less than a day ahead: the notice of the move tells the
	// student; no second reminder.
	apitest.MustStatus(t, w.move(t, w.hostC, id, monday9.Add(3*24*time.Hour+2*time.Hour)), 200) // Thursday 11:00
	run()
	if w.kinds(t, student.ID, "calendar.reminder") != 1 || w.kinds(t, student.ID, "calendar.rescheduled") != 2 {
		t.Fatalf("after a move within the day: %d reminders, %d notices", w.kinds(t, student.ID, "calendar.reminder"),
			w.kinds(t, student.ID, "calendar.rescheduled"))
	}
}

// Two moves into one free slot at once (two students, each moving their own appointment): the
// unique index and the transaction let exactly one through; the other gets 409 slot_taken in
// their language and keeps their time.
func TestConcurrentMovesIntoOneSlot(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const n = 6
	clients := make([]*http.Client, n)
	ids := make([]int64, n)
	for i := range clients {
		_, clients[i] = w.person(t, fmt.Sprintf("mover%d@example.mn", i), "Mover", "en", false)
		r := w.book(t, clients[i], tuesday9.Add(time.Duration(i)*30*time.Minute), "")
		apitest.MustStatus(t, r, 201)
		ids[i] = idOf(r)
	}
	target := monday9.Add(2 * 24 * time.Hour) // Wednesday 09:00, free
	var wg sync.WaitGroup
	replies := make([]apitest.Reply, n)
	start := make(chan struct{})
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			replies[i] = w.move(t, clients[i], ids[i], target, "Accept-Language", []string{"en", "mn"}[i%2])
		}()
	}
	close(start)
	wg.Wait()
	won := 0
	for i, r := range replies {
		switch r.Status {
		case 200:
			won++
		case 409:
			lang := []string{"en", "mn"}[i%2]
			if r.Str("code") != "slot_taken" || r.Str("message") != i18n.T(lang, "workspaceCalendar.errors.taken") {
				t.Errorf("loser %d: %s", i, r.Raw)
			}
		default:
			t.Errorf("mover %d: %d %s", i, r.Status, r.Raw)
		}
	}
	if won != 1 {
		t.Fatalf("%d moves succeeded, want exactly 1", won)
	}
	at, err := w.s.Store().HostBookings(context.Background(), w.host.ID, target, target.Add(time.Hour))
	if err != nil || len(at) != 1 {
		t.Fatalf("bookings at the slot: %d %v", len(at), err)
	}
	still, err := w.s.Store().HostBookings(context.Background(), w.host.ID, tuesday9, tuesday9.Add(4*time.Hour))
	if err != nil || len(still) != n-1 {
		t.Fatalf("the losers kept their times: %d %v", len(still), err)
	}
}

// Where an appointment may go (listRescheduleSlots, what the calendar shades while it is
// dragged): the host's free slots in the window, its own slot included and another student's
// left out, the same for both sides; nothing for a stranger (404), nothing after the cut-off
// for the student (409, in their language), none when the host stopped taking appointments,
// a bad window refused on its field.
func TestRescheduleSlots(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, sc := w.person(t, "saraa@example.mn", "Saraa", "en", false)
	_, oc := w.person(t, "other@example.mn", "Other", "en", false)
	_, stranger := w.person(t, "stranger@example.mn", "Nobody", "mn", false)
	r := w.book(t, sc, monday9, "")
	apitest.MustStatus(t, r, 201)
	id := idOf(r)
	apitest.MustStatus(t, w.book(t, oc, monday9.Add(time.Hour), ""), 201)                                       // Monday 10:00, someone else's
	path := fmt.Sprintf("/api/booking/bookings/%d/slots?from=2026-11-22T16:00:00Z&to=2026-11-24T16:00:00Z", id) // Monday and Tuesday in Ulaanbaatar
	starts := func(r apitest.Reply) []string {
		t.Helper()
		apitest.MustStatus(t, r, 200)
		out := []string{}
		for _, x := range r.Body["items"].([]any) {
			out = append(out, x.(map[string]any)["start"].(string))
		}
		return out
	}
	for who, c := range map[string]*http.Client{"student": sc, "host": w.hostC} {
		got := strings.Join(starts(w.call(t, c, "GET", path, nil)), " ")
		if !strings.HasPrefix(got, "2026-11-23T01:00:00Z 2026-11-23T01:30:00Z 2026-11-23T02:30:00Z") || strings.Contains(got, "2026-11-23T02:00:00Z") ||
			!strings.Contains(got, "2026-11-24T01:00:00Z") || strings.Contains(got, "2026-11-25") || len(strings.Fields(got)) != 5+6 {
			t.Errorf("%s: free times: %s", who, got)
		}
	}
	if r := w.call(t, stranger, "GET", path, nil); r.Status != 404 || strings.Contains(r.Raw, "2026-11-23") {
		t.Errorf("a stranger sees the times: %s", r.Raw)
	}
	r = w.call(t, sc, "GET", fmt.Sprintf("/api/booking/bookings/%d/slots?from=2026-11-22T16:00:00Z&to=2026-11-22T15:00:00Z", id), nil, "Accept-Language", "mn")
	if errs, _ := r.Body["errors"].(map[string]any); r.Status != 422 || errs["to"] != i18n.T("mn", "workspaceCalendar.errors.endBeforeStart") {
		t.Errorf("a window ending before it starts: %s", r.Raw)
	}
	if r := w.call(t, sc, "GET", fmt.Sprintf("/api/booking/bookings/%d/slots?from=garbage&to=", id), nil); r.Status != 422 {
		t.Errorf("garbage window: %s", r.Raw)
	}
	// The host stops taking appointments: the student has nowhere to move it, the host still has.
	hours := []map[string]any{}
	for d := 1; d <= 5; d++ {
		hours = append(hours, map[string]any{"weekday": d, "start": "09:00", "end": "12:00"})
	}
	avail := map[string]any{"slotMinutes": 30, "bufferMinutes": 0, "timeZone": "Asia/Ulaanbaatar", "published": false, "hours": hours, "exceptions": []any{}}
	apitest.MustStatus(t, w.call(t, w.hostC, "PUT", "/api/booking/availability", avail), 200)
	if got := starts(w.call(t, sc, "GET", path, nil)); len(got) != 0 {
		t.Errorf("an unpublished host's times offered to the student: %v", got)
	}
	if got := starts(w.call(t, w.hostC, "GET", path, nil)); len(got) != 11 {
		t.Errorf("the host's own times: %v", got)
	}
	// 11 hours before it: the student may no longer move it (409, their language), the host may.
	w.clock.Advance(monday9.Sub(w.clock.Now()) - 11*time.Hour)
	r = w.call(t, sc, "GET", path, nil, "Accept-Language", "mn")
	if r.Status != 409 || r.Str("code") != "cutoff" || r.Str("message") != i18n.T("mn", "workspaceCalendar.errors.moveCutoff", "hours", 12) {
		t.Errorf("student after the cut-off: %s", r.Raw)
	}
	starts(w.call(t, w.hostC, "GET", path, nil))
}
