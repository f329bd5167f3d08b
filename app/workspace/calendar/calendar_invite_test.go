package calendar_test

import (
	"fmt"
	"strings"
	"testing"

	"gerege/app/apitest"
	"gerege/i18n"
)

// A host invites a student they have an appointment with: the student is told, sees the event,
// accepts; a stranger cannot be invited (the same message as an unknown address) and sees
// nothing of it; moving the event keeps the invitations.
func TestInvitations(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	student, sc := w.person(t, "inv@example.mn", "Invitee", "mn", false)
	_, xc := w.person(t, "stranger@example.mn", "Stranger", "en", false)
	apitest.MustStatus(t, w.book(t, sc, monday9, ""), 201)
	event := map[string]any{"title": "Group session: essays", "start": "2026-11-26T06:00:00Z", "end": "2026-11-26T07:00:00Z"}

	for _, email := range []string{"stranger@example.mn", "nobody@example.mn", "host@example.mn"} {
		body := map[string]any{"invitees": []string{email}}
		for k, v := range event {
			body[k] = v
		}
		r := w.call(t, w.hostC, "POST", "/api/calendar/events", body)
		want := i18n.T("en", "workspaceCalendar.errors.invitee", "email", email)
		if errs, _ := r.Body["errors"].(map[string]any); r.Status != 422 || errs["invitees"] != want {
			t.Errorf("inviting %s: %d %s", email, r.Status, r.Raw)
		}
	}
	body := map[string]any{"invitees": []string{"INV@example.mn"}}
	for k, v := range event {
		body[k] = v
	}
	r := w.call(t, w.hostC, "POST", "/api/calendar/events", body)
	apitest.MustStatus(t, r, 201)
	id := int64(r.Body["id"].(float64))
	if !strings.Contains(r.Raw, `"name":"Invitee Test","email":"inv@example.mn","status":"pending"`) || w.kinds(t, student.ID, "calendar.invited") != 1 {
		t.Fatalf("invited: %s", r.Raw)
	}
	window := "/api/calendar?from=2026-11-22T00:00:00Z&to=2026-12-01T00:00:00Z"
	if r := w.call(t, sc, "GET", window, nil); !strings.Contains(r.Raw, `"kind":"invitation"`) || !strings.Contains(r.Raw, "Group session: essays") {
		t.Errorf("the invitee's calendar: %s", r.Raw)
	}
	// The stranger: nothing to see, nothing to answer.
	if r := w.call(t, xc, "GET", window, nil); strings.Contains(r.Raw, "Group session") {
		t.Errorf("the stranger sees the event: %s", r.Raw)
	}
	apitest.MustStatus(t, w.call(t, xc, "POST", fmt.Sprintf("/api/calendar/events/%d/response", id), map[string]any{"response": "accepted"}), 404)
	apitest.MustStatus(t, w.call(t, sc, "POST", fmt.Sprintf("/api/calendar/events/%d/response", id), map[string]any{"response": "maybe"}), 422)
	r = w.call(t, sc, "POST", fmt.Sprintf("/api/calendar/events/%d/response", id), map[string]any{"response": "accepted"})
	apitest.MustStatus(t, r, 200)
	// Moved by the host (no invitees in the body): the invitation and its answer stay.
	moved := map[string]any{"title": "Group session: essays", "start": "2026-11-27T06:00:00Z", "end": "2026-11-27T07:30:00Z"}
	r = w.call(t, w.hostC, "PUT", fmt.Sprintf("/api/calendar/events/%d", id), moved)
	if r.Status != 200 || !strings.Contains(r.Raw, `"status":"accepted"`) {
		t.Errorf("moved: %s", r.Raw)
	}
	// Declined invitations stay out of the feed.
	feed := w.call(t, sc, "POST", "/api/calendar/feed", struct{}{}).Str("url")
	if r := apitest.Call(t, nil, w.ts, "GET", feed, nil, ""); !strings.Contains(r.Raw, "Group session") {
		t.Errorf("the accepted invitation is not in the feed: %s", r.Raw)
	}
	apitest.MustStatus(t, w.call(t, sc, "POST", fmt.Sprintf("/api/calendar/events/%d/response", id), map[string]any{"response": "declined"}), 200)
	if r := apitest.Call(t, nil, w.ts, "GET", feed, nil, ""); strings.Contains(r.Raw, "Group session") {
		t.Errorf("a declined invitation is in the feed: %s", r.Raw)
	}
	// Taking someone off the list removes their invitation.
	moved["invitees"] = []string{}
	apitest.MustStatus(t, w.call(t, w.hostC, "PUT", fmt.Sprintf("/api/calendar/events/%d", id), moved), 200)
	if r := w.call(t, sc, "GET", window, nil); strings.Contains(r.Raw, "Group session") {
		t.Errorf("uninvited, still shown: %s", r.Raw)
	}
}
