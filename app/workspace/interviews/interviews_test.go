package interviews_test

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
)

// The clock starts on Sunday 2026-11-22 10:00 UTC (18:00 in Ulaanbaatar). Interviews are
// written in Ulaanbaatar time: Wednesday 25 November 10:00 there is 02:00 UTC.
const wed10 = "2026-11-25T10:00"

// world is apitest's people: applicant applied to org1's posting job-1 (owner1, manager1,
// counselor1 are its staff); owner2 runs another organisation; stranger shares nothing.
type world struct {
	*apitest.People
	appID int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	p := apitest.NewPeople(t)
	p.Exec(`UPDATE opportunities SET title_en = 'Junior developer', title_mn = 'Залуу хөгжүүлэгч' WHERE slug = 'job-1'`)
	p.Exec(`UPDATE users SET language = 'mn' WHERE id = ?`, p.IDs["applicant"])
	var id int64
	if err := p.S.Store().Write.QueryRow(`SELECT id FROM applications WHERE user_id = ?`, p.IDs["applicant"]).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return &world{People: p, appID: id}
}

func (w *world) path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func (w *world) schedule(as string, body map[string]any, lang ...string) apitest.Reply {
	w.T.Helper()
	h := []string{}
	if len(lang) > 0 {
		h = append(h, "Accept-Language", lang[0])
	}
	return w.Call(as, "POST", w.path("/api/org/applications/%d/interviews", w.appID), body, h...)
}

func good() map[string]any {
	return map[string]any{"start": wed10, "minutes": 45, "link": "https://meet.example.mn/abc", "place": "", "note": "Bring your portfolio."}
}

// kinds counts a person's notifications of kind.
func (w *world) kinds(name, kind string) int {
	w.T.Helper()
	list, _, err := w.S.Store().Notifications(context.Background(), db.NotificationFilter{UserID: w.IDs[name], Limit: 100})
	if err != nil {
		w.T.Fatal(err)
	}
	n := 0
	for _, x := range list {
		if x.Kind == kind {
			n++
		}
	}
	return n
}

func (w *world) appStatus() string {
	w.T.Helper()
	var s string
	if err := w.S.Store().Write.QueryRow(`SELECT status FROM applications WHERE id = ?`, w.appID).Scan(&s); err != nil {
		w.T.Fatal(err)
	}
	return s
}

func (w *world) deliver() {
	w.T.Helper()
	if _, err := w.S.Notify().DeliverDue(context.Background(), w.Clock.Now()); err != nil {
		w.T.Fatal(err)
	}
}

func id(r apitest.Reply) int64 { f, _ := r.Body["id"].(float64); return int64(f) }

// Scheduling moves the application to interview with its history entry, tells the applicant
// (in-app and email in Mongolian, Ulaanbaatar time named); the applicant confirms, asks for
// another time (staff told), staff change it (old and new time), either cancels with a reason;
// withdrawing the application cancels the next one.
func TestScheduleAnswerCancel(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.schedule("counselor1", good())
	apitest.MustStatus(t, r, 201)
	iv := id(r)
	if r.Str("status") != "proposed" || r.Str("when") != "2026-11-25 10:00" || r.Str("start") != "2026-11-25T02:00:00Z" || r.Str("applicant") == "" {
		t.Fatalf("scheduled: %s", r.Raw)
	}
	if got := w.appStatus(); got != "interview" {
		t.Fatalf("application status %q, want interview", got)
	}
	d := w.Must(200, "owner1", "GET", w.path("/api/org/applications/%d", w.appID), nil)
	if !strings.Contains(d.Raw, `"to":"interview"`) {
		t.Errorf("no history entry to interview: %s", d.Raw)
	}
	if w.kinds("applicant", "interviews.scheduled") != 1 {
		t.Fatal("the applicant was not told")
	}
	w.deliver()
	mail := apitest.LastEmail(t, w.S, "applicant@example.mn")
	for _, want := range []string{"Ярилцлага", "Залуу хөгжүүлэгч", "2026-11-25 10:00", "Улаанбаатарын цагаар", "https://meet.example.mn/abc", "Bring your portfolio."} {
		if !strings.Contains(mail.Subject+mail.Text, want) {
			t.Errorf("email lacks %q: %s / %s", want, mail.Subject, mail.Text)
		}
	}
	// One upcoming interview an application.
	r = w.schedule("owner1", good())
	apitest.MustStatus(t, r, 409)
	if r.Str("code") != "already_scheduled" {
		t.Errorf("second schedule: %s", r.Raw)
	}
	// The applicant sees it, without the staff member's name.
	mine := w.Must(200, "applicant", "GET", "/api/me/interviews", nil)
	if !strings.Contains(mine.Raw, "meet.example.mn") || strings.Contains(mine.Raw, "Counselor1") {
		t.Errorf("applicant's list: %s", mine.Raw)
	}
	// "Download my data" has it.
	if r := w.Must(200, "applicant", "GET", "/api/account/export", nil); !strings.Contains(r.Raw, `"interviews"`) || !strings.Contains(r.Raw, "meet.example.mn") {
		t.Errorf("export lacks the interview: %.300s", r.Raw)
	}
	// Nobody else does.
	for _, who := range []string{"stranger", "comm1"} {
		if r := w.Must(200, who, "GET", "/api/me/interviews", nil); strings.Contains(r.Raw, "meet.example.mn") {
			t.Errorf("%s sees the interview", who)
		}
		w.Must(404, who, "POST", w.path("/api/me/interviews/%d/confirm", iv), struct{}{})
	}
	if r := w.Call("owner2", "GET", w.path("/api/org/applications/%d/interviews", w.appID), nil); r.Status != 404 || strings.Contains(r.Raw, "meet.example.mn") {
		t.Errorf("another organisation: %d %s", r.Status, r.Raw)
	}
	w.Must(404, "owner2", "PUT", w.path("/api/org/interviews/%d", iv), good())
	w.Must(404, "owner2", "POST", w.path("/api/org/interviews/%d/cancel", iv), map[string]any{"reason": "x"})

	// Confirm: the staff member who scheduled it is told.
	r = w.Must(200, "applicant", "POST", w.path("/api/me/interviews/%d/confirm", iv), struct{}{})
	if r.Str("status") != "confirmed" || w.kinds("counselor1", "interviews.confirmed") != 1 {
		t.Fatalf("confirm: %s", r.Raw)
	}
	// Another time: a message is required.
	r = w.Call("applicant", "POST", w.path("/api/me/interviews/%d/change", iv), map[string]any{"message": " "}, "Accept-Language", "mn")
	apitest.MustStatus(t, r, 422)
	if !strings.Contains(r.Raw, `"message"`) {
		t.Errorf("no field error on message: %s", r.Raw)
	}
	r = w.Must(200, "applicant", "POST", w.path("/api/me/interviews/%d/change", iv), map[string]any{"message": "Thursday afternoon?"})
	if r.Str("status") != "change_requested" || w.kinds("counselor1", "interviews.changeAsked") != 1 {
		t.Fatalf("ask change: %s", r.Raw)
	}
	// Staff change it: the applicant is told both times and answers again.
	body := good()
	body["start"] = "2026-11-26T15:30"
	r = w.Must(200, "manager1", "PUT", w.path("/api/org/interviews/%d", iv), body)
	if r.Str("status") != "proposed" || r.Str("when") != "2026-11-26 15:30" || r.Str("applicantMessage") != "" {
		t.Fatalf("reschedule: %s", r.Raw)
	}
	w.deliver()
	mail = apitest.LastEmail(t, w.S, "applicant@example.mn")
	if !strings.Contains(mail.Text, "2026-11-25 10:00") || !strings.Contains(mail.Text, "2026-11-26 15:30") {
		t.Errorf("reschedule email lacks the old or new time: %s", mail.Text)
	}
	// Cancel: a reason is required; the other side is told.
	r = w.Call("applicant", "POST", w.path("/api/me/interviews/%d/cancel", iv), map[string]any{"reason": ""})
	apitest.MustStatus(t, r, 422)
	r = w.Must(200, "applicant", "POST", w.path("/api/me/interviews/%d/cancel", iv), map[string]any{"reason": "I took another offer."})
	if r.Str("status") != "cancelled" || r.Str("cancelledBy") != "applicant" || w.kinds("manager1", "interviews.cancelled") != 1 {
		t.Fatalf("cancel: %s", r.Raw)
	}
	w.Must(409, "applicant", "POST", w.path("/api/me/interviews/%d/confirm", iv), struct{}{})
	w.Must(409, "owner1", "PUT", w.path("/api/org/interviews/%d", iv), good())

	// A new one may be scheduled; withdrawing the application cancels it.
	r = w.schedule("owner1", good())
	apitest.MustStatus(t, r, 201)
	iv2 := id(r)
	w.Must(200, "applicant", "POST", w.path("/api/me/applications/%d/withdraw", w.appID), struct{}{})
	l := w.Must(200, "owner1", "GET", w.path("/api/org/applications/%d/interviews", w.appID), nil)
	if !strings.Contains(l.Raw, fmt.Sprintf(`"id":%d`, iv2)) || !strings.Contains(l.Raw, `"cancelledBy":"withdrawn"`) || !strings.Contains(l.Raw, `"canSchedule":false`) {
		t.Errorf("after withdrawal: %s", l.Raw)
	}
	r = w.schedule("owner1", good())
	apitest.MustStatus(t, r, 409)
	if r.Str("code") != "final" {
		t.Errorf("schedule after withdrawal: %s", r.Raw)
	}
}

// Bad input is refused on its field in the request's language, with nothing saved and
// nobody told; no 500 for anything.
func TestScheduleRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cases := []struct {
		name  string
		edit  func(map[string]any)
		field string
		en    string
		mn    string
	}{
		{"past", func(b map[string]any) { b["start"] = "2026-11-22T09:00" }, "start", "has passed", "өнгөрсөн"},
		{"garbage start", func(b map[string]any) { b["start"] = "next week" }, "start", "Enter a date", "Огноо"},
		{"missing start", func(b map[string]any) { b["start"] = "" }, "start", "", ""},
		{"beyond a year", func(b map[string]any) { b["start"] = "2028-01-01T10:00" }, "start", "within the next year", "нэг жил"},
		{"too short", func(b map[string]any) { b["minutes"] = 10 }, "minutes", "between 15 and 240", "15-240"},
		{"too long", func(b map[string]any) { b["minutes"] = 241 }, "minutes", "between 15 and 240", "15-240"},
		{"http link", func(b map[string]any) { b["link"] = "http://meet.example.mn/x" }, "link", "https://", "https://"},
		{"javascript link", func(b map[string]any) { b["link"] = "javascript:alert(1)" }, "link", "https://", "https://"},
		{"nowhere", func(b map[string]any) { b["link"] = "" }, "link", "link or a place", "холбоос эсвэл"},
		{"long note", func(b map[string]any) { b["note"] = strings.Repeat("x", 1001) }, "note", "", ""},
		{"long place", func(b map[string]any) { b["place"] = strings.Repeat("x", 201) }, "place", "", ""},
	}
	for _, c := range cases {
		for _, lang := range []string{"en", "mn"} {
			b := good()
			c.edit(b)
			r := w.schedule("owner1", b, lang)
			if r.Status != 422 {
				t.Errorf("%s (%s): %d %s", c.name, lang, r.Status, r.Raw)
				continue
			}
			want := c.en
			if lang == "mn" {
				want = c.mn
			}
			if !strings.Contains(r.Raw, `"`+c.field+`":`) || !strings.Contains(r.Raw, want) {
				t.Errorf("%s (%s): %s", c.name, lang, r.Raw)
			}
		}
	}
	// Times in RFC 3339 are taken too (the mobile app), and a place alone is enough.
	b := good()
	b["start"], b["link"], b["place"] = "2026-11-25T02:00:00Z", "", "Room 204, Seoul Street 12"
	if r := w.schedule("owner1", b); r.Status != 201 || r.Str("when") != "2026-11-25 10:00" {
		t.Fatalf("place only, RFC 3339: %d %s", r.Status, r.Raw)
	}
	// Garbage bodies and paths: never 500.
	for _, raw := range []string{"{", "[]", `{"minutes":"x"}`, `{"start":12}`, strings.Repeat("a", 100)} {
		req, _ := http.NewRequest("POST", w.TS.URL+w.path("/api/org/applications/%d/interviews", w.appID), strings.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, err := w.As("owner1").Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 400 && res.StatusCode != 422 {
			t.Errorf("body %q: %d", raw, res.StatusCode)
		}
	}
	for _, p := range []string{"/api/org/applications/x/interviews", "/api/org/applications/999999/interviews", "/api/org/interviews/0/cancel"} {
		if r := w.Call("owner1", "POST", p, good()); r.Status != 400 && r.Status != 404 {
			t.Errorf("%s: %d", p, r.Status)
		}
	}
	// Applicants and strangers cannot schedule.
	w.Must(403, "applicant", "POST", w.path("/api/org/applications/%d/interviews", w.appID), good())
	w.Must(403, "stranger", "GET", w.path("/api/org/applications/%d/interviews", w.appID), nil)
	// A declined application is closed: no interview.
	w.Exec(`UPDATE applications SET status = 'declined' WHERE id = ?`, w.appID)
	w.Exec(`UPDATE interviews SET status = 'cancelled'`)
	if r := w.schedule("owner1", good()); r.Status != 409 || r.Str("code") != "final" {
		t.Errorf("declined: %d %s", r.Status, r.Raw)
	}
}

// Two staff members scheduling at once end with one interview, one status change, one notice.
func TestConcurrentSchedules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	staff := []string{"owner1", "manager1", "counselor1"}
	for _, s := range staff {
		w.As(s)
	}
	var wg sync.WaitGroup
	status := make([]int, 9)
	for i := range status {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			lang := "en"
			if i%2 == 1 {
				lang = "mn"
			}
			status[i] = w.schedule(staff[i%3], good(), lang).Status
		}(i)
	}
	wg.Wait()
	created := 0
	for _, s := range status {
		switch s {
		case 201:
			created++
		case 409:
		default:
			t.Errorf("status %d", s)
		}
	}
	var n, moves int
	_ = w.S.Store().Write.QueryRow(`SELECT count(*) FROM interviews WHERE application_id = ?`, w.appID).Scan(&n)
	_ = w.S.Store().Write.QueryRow(`SELECT count(*) FROM application_events WHERE application_id = ? AND to_status = 'interview'`, w.appID).Scan(&moves)
	if created != 1 || n != 1 || moves != 1 || w.kinds("applicant", "interviews.scheduled") != 1 {
		t.Fatalf("created %d, rows %d, moves %d, notices %d", created, n, moves, w.kinds("applicant", "interviews.scheduled"))
	}
}

// The interview is in the applicant's and the scheduling staff member's calendars and feeds
// (read-only, linking to where it is acted on), in nobody else's; the reminder goes once, the
// day before, to both.
func TestCalendarAndReminder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.schedule("counselor1", good())
	apitest.MustStatus(t, r, 201)
	iv := id(r)
	window := "/api/calendar?from=2026-11-22T00:00:00Z&to=2026-12-20T00:00:00Z"
	a := w.Must(200, "applicant", "GET", window, nil, "Accept-Language", "mn")
	if !strings.Contains(a.Raw, `"kind":"interview"`) || !strings.Contains(a.Raw, "Ярилцлага: Залуу хөгжүүлэгч") ||
		!strings.Contains(a.Raw, `"link":"/dashboard/applications"`) || strings.Contains(a.Raw, `"canMove":true`) {
		t.Errorf("applicant's calendar: %s", a.Raw)
	}
	s := w.Must(200, "counselor1", "GET", window, nil)
	if !strings.Contains(s.Raw, "Interview: Applicant Test") || !strings.Contains(s.Raw, fmt.Sprintf(`"link":"/dashboard/kanban?application=%d"`, w.appID)) {
		t.Errorf("scheduler's calendar: %s", s.Raw)
	}
	for _, who := range []string{"manager1", "owner2", "stranger"} {
		if r := w.Must(200, who, "GET", window, nil); strings.Contains(r.Raw, "interview") {
			t.Errorf("%s's calendar has the interview: %s", who, r.Raw)
		}
	}
	// The feed.
	f := w.Must(200, "applicant", "POST", "/api/calendar/feed", struct{}{})
	url := f.Str("url")
	if i := strings.Index(url, "/api/"); i >= 0 {
		url = url[i:]
	}
	ics := apitest.Call(t, nil, w.TS, "GET", url, nil, "")
	if !strings.Contains(ics.Raw, "CATEGORIES:INTERVIEW") || !strings.Contains(ics.Raw, "DTSTART:20261125T020000Z") || !strings.Contains(ics.Raw, "STATUS:TENTATIVE") {
		t.Errorf("feed: %s", ics.Raw)
	}
	// The reminder: not 60 hours before; once within a day, to both; never twice.
	run := func() {
		t.Helper()
		if err := w.S.RunJob(context.Background(), "interviews.reminders"); err != nil {
			t.Fatal(err)
		}
	}
	run()
	if w.kinds("applicant", "interviews.reminder") != 0 {
		t.Fatal("reminded too early")
	}
	w.Clock.Advance(48 * time.Hour) // Tuesday 10:00 UTC, 16 hours before
	run()
	run()
	if w.kinds("applicant", "interviews.reminder") != 1 || w.kinds("counselor1", "interviews.reminder") != 1 {
		t.Fatalf("reminders: applicant %d, staff %d", w.kinds("applicant", "interviews.reminder"), w.kinds("counselor1", "interviews.reminder"))
	}
	// A cancelled interview leaves the calendars.
	w.Must(200, "counselor1", "POST", fmt.Sprintf("/api/org/interviews/%d/cancel", iv), map[string]any{"reason": "The position was filled."})
	if r := w.Must(200, "applicant", "GET", window, nil); strings.Contains(r.Raw, `"kind":"interview"`) {
		t.Errorf("cancelled interview still in the calendar")
	}
	if w.kinds("applicant", "interviews.cancelled") != 1 {
		t.Error("the applicant was not told of the cancellation")
	}
}
