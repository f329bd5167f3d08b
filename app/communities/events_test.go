package communities_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/notify"
	"gerege/db"
)

// eventBody is a valid event starting in `in` from the clock, lasting two hours.
func (d *disc) eventBody(title string, in time.Duration, capacity int) map[string]any {
	start := d.clock.Now().Add(in).Truncate(time.Minute)
	return map[string]any{"titleEn": title, "descriptionEn": "Bring **water**. <script>alert(1)</script>",
		"start": start.Format(time.RFC3339), "end": start.Add(2 * time.Hour).Format(time.RFC3339),
		"place": "Sukhbaatar Square", "capacity": capacity}
}

func (d *disc) newEvent(who, slug, title string, in time.Duration, capacity int) int64 {
	d.t.Helper()
	r := d.call(who, "POST", "/api/communities/"+slug+"/events", d.eventBody(title, in, capacity))
	apitest.MustStatus(d.t, r, 201)
	return int64(r.Body["id"].(float64))
}

func evPath(slug string, id int64, rest ...string) string {
	return fmt.Sprintf("/api/communities/%s/events/%d%s", slug, id, strings.Join(rest, ""))
}

// rendered returns who's notifications of a kind, rendered in lang (title + " | " + body).
func (d *disc) rendered(who, kind, lang string) []string {
	d.t.Helper()
	list, _, err := d.store.Notifications(context.Background(), db.NotificationFilter{UserID: d.ids[who], Limit: 100})
	if err != nil {
		d.t.Fatal(err)
	}
	var out []string
	for _, n := range list {
		if n.Kind == kind {
			title, body := notify.Render(lang, n)
			out = append(out, title+" | "+body)
		}
	}
	return out
}

// Creating, changing and cancelling: the community's admins and moderators only, every field
// checked in the request's language, the description sanitised, the followers told, the
// history kept; cancelling tells everyone going, with the reason, in their language.
func TestEventLifecycle(t *testing.T) {
	t.Parallel()
	d := newDisc(t)
	// alice follows the community; bob will be going.
	apitest.MustStatus(t, d.call("alice", "PUT", "/api/me/follows", map[string]any{"targetType": "community", "targetId": d.cid}), 200)

	body := d.eventBody("Tree planting", 48*time.Hour, 0)
	apitest.MustStatus(t, d.call("alice", "POST", "/api/communities/school/events", body), 403)    // a member
	apitest.MustStatus(t, d.call("outsider", "POST", "/api/communities/school/events", body), 403) // not a member
	if r := d.call("anonymous", "POST", "/api/communities/school/events", body); r.Status != 401 && r.Status != 403 {
		t.Fatalf("anonymous: %d", r.Status)
	}

	// Bad input, on its field, in both languages; nothing saved.
	start := d.clock.Now().Add(time.Hour)
	for _, c := range []struct {
		edit  func(m map[string]any)
		field string
		en    string
		mn    string
	}{
		{func(m map[string]any) { m["titleEn"] = "" }, "titleEn", "Write a title in English or Mongolian.", "Гарчгийг англи"},
		{func(m map[string]any) { m["start"] = d.clock.Now().Add(-time.Minute).Format(time.RFC3339) }, "start", "This time has passed", "Энэ цаг өнгөрсөн"},
		{func(m map[string]any) { m["end"] = start.Add(-2 * time.Hour).Format(time.RFC3339) }, "end", "The end must be after the start.", "Дуусах цаг эхлэх цагаас хойш"},
		{func(m map[string]any) { m["place"] = "" }, "place", "Give a place or an online link.", "Болох газар эсвэл онлайн"},
		{func(m map[string]any) { m["onlineUrl"] = "http://meet.example.mn/x" }, "onlineUrl", "https://", "https://"},
		{func(m map[string]any) { m["onlineUrl"] = "javascript:alert(1)" }, "onlineUrl", "https://", "https://"},
		{func(m map[string]any) { m["capacity"] = -1 }, "capacity", "Give a number", "тоо оруулна уу"},
		{func(m map[string]any) { m["end"] = start.Add(40 * 24 * time.Hour).Format(time.RFC3339) }, "end", "at most 31 days", "31 хоног"},
	} {
		for _, lang := range []string{"en", "mn"} {
			m := d.eventBody("Bad", time.Hour, 0)
			c.edit(m)
			r := d.call("mod", "POST", "/api/communities/school/events", m, lang)
			want := c.en
			if lang == "mn" {
				want = c.mn
			}
			if r.Status != 422 || !strings.Contains(r.Str("errors", c.field), want) {
				t.Errorf("%s %s: %d %s", c.field, lang, r.Status, r.Raw)
			}
		}
	}
	for _, raw := range []string{`{`, `{"start": "tomorrow"}`, `{"capacity": "many"}`, `[]`} {
		r, err := newRaw(d, "mod", "POST", "/api/communities/school/events", raw)
		if err != nil || r.Status >= 500 || r.Status < 400 {
			t.Errorf("%s: %d %v", raw, r.Status, err)
		}
	}
	if n := d.count(`SELECT count(*) FROM community_events`); n != 0 {
		t.Fatalf("%d events saved from bad input", n)
	}

	// The moderator creates it (in Mongolian); the description is sanitised.
	r := d.call("mod", "POST", "/api/communities/school/events", body, "mn")
	apitest.MustStatus(t, r, 201)
	id := int64(r.Body["id"].(float64))
	if strings.Contains(r.Raw, "<script") || !strings.Contains(r.Str("descriptionHtml"), "<strong>water</strong>") {
		t.Fatalf("description: %s", r.Raw)
	}
	if r.Str("when") == "" || !strings.Contains(r.Str("when"), "(UTC+08:00)") || r.Str("link") != fmt.Sprintf("/forums/school/events/%d", id) {
		t.Fatalf("view: %s", r.Raw)
	}
	// alice (following) is told in her language; the moderator (the author) is not.
	if got := d.rendered("alice", "communities.newEvent", "mn"); len(got) != 1 || !strings.Contains(got[0], "шинэ арга хэмжээ") || !strings.Contains(got[0], "Tree planting") {
		t.Fatalf("alice told: %v", got)
	}
	if got := d.rendered("mod", "communities.newEvent", "en"); len(got) != 0 {
		t.Fatalf("author told: %v", got)
	}

	// A member sees no source or history; the moderator does.
	if r := d.call("alice", "GET", evPath("school", id), nil); r.Status != 200 || r.Body["source"] != nil || r.Body["history"] != nil {
		t.Fatalf("member view: %s", r.Raw)
	}

	// Changing: the moderator (not members), keeping the start in the past is refused only when moved.
	body["titleEn"] = "Tree planting day"
	apitest.MustStatus(t, d.call("alice", "PUT", evPath("school", id), body), 403)
	r = d.call("mod", "PUT", evPath("school", id), body)
	apitest.MustStatus(t, r, 200)
	if r.Str("title") != "Tree planting day" {
		t.Fatalf("update: %s", r.Raw)
	}

	// bob goes; the capacity cannot go below the people going.
	apitest.MustStatus(t, d.call("bob", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}), 200)
	apitest.MustStatus(t, d.call("author", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}), 200)
	body["capacity"] = 1
	if r := d.call("mod", "PUT", evPath("school", id), body); r.Status != 422 || !strings.Contains(r.Str("errors", "capacity"), "People going: 2") {
		t.Fatalf("capacity below going: %d %s", r.Status, r.Raw)
	}
	body["capacity"] = 0

	// Moved to another day: everyone going but the editor is told the new and the old time; a
	// new place alone is its own notice; a new title tells nobody.
	oldStart, _ := time.Parse(time.RFC3339, body["start"].(string))
	ub := time.FixedZone("UB", 8*3600)
	body["start"], body["end"] = oldStart.Add(24*time.Hour).Format(time.RFC3339), oldStart.Add(26*time.Hour).Format(time.RFC3339)
	apitest.MustStatus(t, d.call("mod", "PUT", evPath("school", id), body), 200)
	for _, who := range []string{"bob", "author"} {
		if got := d.rendered(who, "communities.eventMoved", "en"); len(got) != 1 || !strings.Contains(got[0], "New time: "+oldStart.Add(24*time.Hour).In(ub).Format("2006-01-02 15:04")) ||
			!strings.Contains(got[0], "Before: "+oldStart.In(ub).Format("2006-01-02 15:04")) || !strings.Contains(got[0], "Where: Sukhbaatar Square") {
			t.Fatalf("%s told of the move: %v", who, got)
		}
	}
	if got := d.rendered("alice", "communities.eventMoved", "en"); len(got) != 0 {
		t.Fatalf("alice (not going) told of the move: %v", got)
	}
	body["place"] = "Central Library"
	apitest.MustStatus(t, d.call("mod", "PUT", evPath("school", id), body), 200)
	if got := d.rendered("bob", "communities.eventPlaceChanged", "mn"); len(got) != 1 || !strings.Contains(got[0], "Шинэ байршил: Central Library") {
		t.Fatalf("bob told of the place: %v", got)
	}
	body["titleEn"] = "Tree planting (day one)"
	apitest.MustStatus(t, d.call("mod", "PUT", evPath("school", id), body), 200)
	if n := len(d.rendered("bob", "communities.eventMoved", "en")) + len(d.rendered("bob", "communities.eventPlaceChanged", "en")); n != 2 {
		t.Fatalf("a new title told bob: %d notices", n)
	}

	// Cancelling needs a reason; everyone going is told it in their language.
	if r := d.call("mod", "POST", evPath("school", id, "/cancel"), map[string]any{"reason": " "}); r.Status != 422 || r.Str("errors", "reason") == "" {
		t.Fatalf("no reason: %s", r.Raw)
	}
	apitest.MustStatus(t, d.call("alice", "POST", evPath("school", id, "/cancel"), map[string]any{"reason": "Rain"}), 403)
	d.exec(`UPDATE users SET language = 'mn' WHERE id = ?`, d.ids["bob"])
	r = d.call("mod", "POST", evPath("school", id, "/cancel"), map[string]any{"reason": "Heavy rain"})
	apitest.MustStatus(t, r, 200)
	if r.Str("status") != "cancelled" || r.Str("cancelReason") != "Heavy rain" {
		t.Fatalf("cancel: %s", r.Raw)
	}
	for _, who := range []string{"bob", "author"} {
		lang := map[string]string{"bob": "mn", "author": "en"}[who]
		got := d.rendered(who, "communities.eventCancelled", lang)
		want := map[string]string{"mn": "Шалтгаан: Heavy rain", "en": "Reason: Heavy rain"}[lang]
		if len(got) != 1 || !strings.Contains(got[0], want) {
			t.Fatalf("%s told: %v", who, got)
		}
	}
	if got := d.rendered("alice", "communities.eventCancelled", "en"); len(got) != 0 {
		t.Fatalf("alice (not going) told: %v", got)
	}
	// A cancelled event is not changed, cancelled again or answered.
	apitest.MustStatus(t, d.call("mod", "PUT", evPath("school", id), body), 409)
	apitest.MustStatus(t, d.call("mod", "POST", evPath("school", id, "/cancel"), map[string]any{"reason": "Again"}), 409)
	apitest.MustStatus(t, d.call("alice", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}), 409)

	// The history: created, changed, cancelled with the reason, by whom.
	r = d.call("mod", "GET", evPath("school", id), nil)
	hist, _ := r.Body["history"].([]any)
	if len(hist) != 6 || !strings.Contains(r.Raw, `"action":"cancel","reason":"Heavy rain","actor":"Mona Mod"`) {
		t.Fatalf("history: %s", r.Raw)
	}
	// Unknown ids, ids of another community: 404.
	other := d.community("other", "public")
	d.member(other, "mod", "moderator")
	apitest.MustStatus(t, d.call("mod", "GET", evPath("other", id), nil), 404)
	apitest.MustStatus(t, d.call("mod", "GET", "/api/communities/school/events/999999", nil), 404)
	apitest.MustStatus(t, d.call("mod", "GET", "/api/communities/school/events/abc", nil), 404)
}

// Answers: members who may take part, until the event starts; the capacity holds under a
// race (capacity 1, two at once: one goes, the other reads "the event is full" on the field).
func TestEventRSVPCapacityRace(t *testing.T) {
	t.Parallel()
	d := newDisc(t)
	id := d.newEvent("mod", "school", "Chess night", 24*time.Hour+time.Hour, 1)

	apitest.MustStatus(t, d.call("outsider", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}), 403)
	if r := d.call("outsider", "GET", evPath("school", id), nil); r.Status != 200 || r.Body["can"].(map[string]any)["join"] != true {
		t.Fatalf("outsider may join to answer: %s", r.Raw)
	}
	if r := d.call("alice", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "maybe"}); r.Status != 422 || r.Str("errors", "answer") == "" {
		t.Fatalf("bad answer: %s", r.Raw)
	}

	var wg sync.WaitGroup
	replies := make([]apitest.Reply, 2)
	for i, who := range []string{"alice", "bob"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lang := []string{"en", "mn"}[i]
			replies[i] = d.call(who, "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}, lang)
		}()
	}
	wg.Wait()
	ok, full := 0, 0
	for i, r := range replies {
		switch r.Status {
		case 200:
			ok++
		case 409:
			full++
			want := []string{"The event is full.", "Арга хэмжээний орон тоо дүүрсэн байна."}[i]
			if r.Str("errors", "answer") != want || r.Str("message") != want {
				t.Errorf("full message: %s", r.Raw)
			}
		default:
			t.Errorf("status %d: %s", r.Status, r.Raw)
		}
	}
	if ok != 1 || full != 1 {
		t.Fatalf("ok %d, full %d", ok, full)
	}
	if n := d.count(`SELECT going_count FROM community_events WHERE id = ?`, id); n != 1 {
		t.Fatalf("going_count %d", n)
	}
	if n := d.count(`SELECT count(*) FROM community_event_rsvps WHERE event_id = ? AND answer = 'going'`, id); n != 1 {
		t.Fatalf("%d going", n)
	}
	// The one going says not going: the place is free again; saying it twice changes nothing.
	goer := "alice"
	if replies[0].Status != 200 {
		goer = "bob"
	}
	r := d.call(goer, "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "not_going"})
	apitest.MustStatus(t, r, 200)
	if r.Str("myAnswer") != "not_going" || r.Body["going"].(float64) != 0 || r.Body["full"] != false {
		t.Fatalf("not going: %s", r.Raw)
	}
	apitest.MustStatus(t, d.call(goer, "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "not_going"}), 200)
	apitest.MustStatus(t, d.call("author", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}), 200)
	if n := d.count(`SELECT going_count FROM community_events WHERE id = ?`, id); n != 1 {
		t.Fatalf("going_count %d", n)
	}

	// Banned members cannot answer.
	d.exec(`UPDATE community_members SET status = 'banned' WHERE community_id = ? AND user_id = ?`, d.cid, d.ids["bob"])
	apitest.MustStatus(t, d.call("bob", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "not_going"}), 403)

	// Once it has started, answers are closed.
	d.clock.Advance(25*time.Hour + time.Minute)
	if r := d.call("alice", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}); r.Status != 409 || !strings.Contains(r.Raw, "has started") {
		t.Fatalf("started: %d %s", r.Status, r.Raw)
	}
}

// Members-only communities: their events reach only their members, over the API and the pages.
func TestMembersOnlyEvents(t *testing.T) {
	t.Parallel()
	d := newDisc(t)
	cid := d.community("club", "members")
	d.member(cid, "mod", "moderator")
	d.member(cid, "alice", "member")
	secret := d.newEvent("mod", "club", "Secret meeting", 48*time.Hour, 0)
	public := d.newEvent("mod", "school", "Open day", 48*time.Hour, 0)

	for _, who := range []string{"outsider", "anonymous"} {
		for _, p := range []string{"/api/communities/club/events", evPath("club", secret)} {
			r := d.call(who, "GET", p, nil)
			if r.Status != 403 {
				t.Errorf("%s %s: %d", who, p, r.Status)
			}
			mustNotContain(t, r, "Secret meeting", "Sukhbaatar")
		}
		if r := d.call(who, "PUT", evPath("club", secret, "/rsvp"), map[string]any{"answer": "going"}); r.Status != 403 && r.Status != 401 {
			t.Errorf("%s answers: %d", who, r.Status)
		}
		r := d.call(who, "GET", "/api/me/events", nil)
		mustNotContain(t, r, "Secret meeting")
	}
	// The pages, rendered for everyone as a signed-out reader sees them.
	for _, p := range []string{"/en/forums/club", fmt.Sprintf("/en/forums/club/events/%d", secret), "/mn/forums/club"} {
		r := d.call("alice", "GET", p, nil)
		mustNotContain(t, r, "Secret meeting", "Bring <strong>water")
	}
	// Members read them.
	r := d.call("alice", "GET", "/api/communities/club/events", nil)
	apitest.MustStatus(t, r, 200)
	mustContain(t, r, "Secret meeting")
	apitest.MustStatus(t, d.call("alice", "PUT", evPath("club", secret, "/rsvp"), map[string]any{"answer": "going"}), 200)
	mustContain(t, d.call("alice", "GET", "/api/me/events", nil), "Secret meeting")

	// A public community's events are in its server-rendered page and have their own, with
	// the event's structured data.
	page := d.call("anonymous", "GET", "/en/forums/school", nil)
	apitest.MustStatus(t, page, 200)
	mustContain(t, page, "Upcoming events", "Open day", fmt.Sprintf("/en/forums/school/events/%d", public))
	ev := d.call("anonymous", "GET", fmt.Sprintf("/mn/forums/school/events/%d", public), nil)
	apitest.MustStatus(t, ev, 200)
	mustContain(t, ev, "<h1>Open day</h1>", "Sukhbaatar Square", `"@type":"Event"`, "(UTC+08:00)", "<strong>water</strong>")
	mustNotContain(t, ev, "<script>alert")
	apitest.MustStatus(t, d.call("anonymous", "GET", "/en/forums/school/events/999999", nil), 404)
	apitest.MustStatus(t, d.call("anonymous", "GET", "/en/forums/school/events/new", nil), 200)
	// Leaving takes the event out of the person's calendar list.
	d.exec(`DELETE FROM community_members WHERE community_id = ? AND user_id = ?`, cid, d.ids["alice"])
	mustNotContain(t, d.call("alice", "GET", "/api/me/events", nil), "Secret meeting")
}

// Blocks: events made by someone a person blocked (or who blocked them) are not in their
// list, their event pages are 404, and they cannot answer.
func TestEventBlocks(t *testing.T) {
	t.Parallel()
	d := newDisc(t)
	id := d.newEvent("mod", "school", "Debate club", 48*time.Hour, 0)
	d.exec(`INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)`, d.ids["mod"], d.ids["alice"], db.T(d.clock.Now()))
	d.exec(`INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)`, d.ids["bob"], d.ids["mod"], db.T(d.clock.Now()))
	for _, who := range []string{"alice", "bob"} {
		r := d.call(who, "GET", "/api/communities/school/events", nil)
		apitest.MustStatus(t, r, 200)
		mustNotContain(t, r, "Debate club")
		apitest.MustStatus(t, d.call(who, "GET", evPath("school", id), nil), 404)
		apitest.MustStatus(t, d.call(who, "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}), 404)
	}
	mustContain(t, d.call("author", "GET", "/api/communities/school/events", nil), "Debate club")
}

// The calendar of everyone going (kind "community", read-only, linking to the event), their
// .ics feed, and the reminder the day before through the calendar's job, once; moving the
// event lets it go again.
func TestEventInCalendarAndReminder(t *testing.T) {
	t.Parallel()
	d := newDisc(t)
	id := d.newEvent("mod", "school", "Robotics fair", 72*time.Hour, 0)
	apitest.MustStatus(t, d.call("alice", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "going"}), 200)
	apitest.MustStatus(t, d.call("bob", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "not_going"}), 200)

	now := d.clock.Now()
	win := "/api/calendar?from=" + url.QueryEscape(now.Format(time.RFC3339)) + "&to=" + url.QueryEscape(now.Add(30*24*time.Hour).Format(time.RFC3339))
	r := d.call("alice", "GET", win, nil)
	apitest.MustStatus(t, r, 200)
	mustContain(t, r, `"kind":"community"`, "Robotics fair", fmt.Sprintf(`"link":"/forums/school/events/%d"`, id), `"canMove":false`, "Sukhbaatar Square")
	for _, who := range []string{"bob", "mod"} {
		mustNotContain(t, d.call(who, "GET", win, nil), "Robotics fair")
	}
	// The .ics feed.
	f := d.call("alice", "POST", "/api/calendar/feed", map[string]any{})
	apitest.MustStatus(t, f, 200)
	u, _ := url.Parse(f.Str("url"))
	ics := d.call("anonymous", "GET", u.Path, nil)
	apitest.MustStatus(t, ics, 200)
	mustContain(t, ics, "SUMMARY:Robotics fair", "CATEGORIES:COMMUNITY", fmt.Sprintf("UID:community-%d@gerege", id))

	// The reminder: not two days before, once the day before (in alice's language), never twice.
	run := func() {
		t.Helper()
		if err := d.s.RunJob(context.Background(), "calendar.reminders"); err != nil {
			t.Fatal(err)
		}
	}
	run()
	if got := d.rendered("alice", "calendar.eventReminder", "en"); len(got) != 0 {
		t.Fatalf("reminded early: %v", got)
	}
	d.clock.Advance(49 * time.Hour)
	run()
	run()
	got := d.rendered("alice", "calendar.eventReminder", "mn")
	if len(got) != 1 || !strings.Contains(got[0], "Robotics fair") || !strings.Contains(got[0], "Нийгэмлэг: school") {
		t.Fatalf("reminder: %v", got)
	}
	if got := d.rendered("bob", "calendar.eventReminder", "en"); len(got) != 0 {
		t.Fatalf("bob (not going) reminded: %v", got)
	}
	// Moved a week later: reminded again the day before the new time.
	b := d.eventBody("Robotics fair", 8*24*time.Hour, 0)
	apitest.MustStatus(t, d.call("mod", "PUT", evPath("school", id), b), 200)
	d.clock.Advance(7*24*time.Hour + time.Hour)
	run()
	if got := d.rendered("alice", "calendar.eventReminder", "en"); len(got) != 2 {
		t.Fatalf("reminders after the move: %v", got)
	}
	// Not going: out of the calendar.
	apitest.MustStatus(t, d.call("alice", "PUT", evPath("school", id, "/rsvp"), map[string]any{"answer": "not_going"}), 200)
	now = d.clock.Now()
	win = "/api/calendar?from=" + url.QueryEscape(now.Format(time.RFC3339)) + "&to=" + url.QueryEscape(now.Add(30*24*time.Hour).Format(time.RFC3339))
	mustNotContain(t, d.call("alice", "GET", win, nil), "Robotics fair")
}

// Creating events is limited like other content: a new account's fourth event in an hour is
// 429 with Retry-After and the events' message.
func TestEventLimit(t *testing.T) {
	t.Parallel()
	d := newDisc(t)
	d.exec(`UPDATE community_members SET role = 'moderator' WHERE community_id = ? AND user_id = ?`, d.cid, d.ids["newbie"])
	for i := range 3 {
		apitest.MustStatus(t, d.call("newbie", "POST", "/api/communities/school/events", d.eventBody(fmt.Sprint("E", i), 48*time.Hour, 0)), 201)
	}
	r := d.call("newbie", "POST", "/api/communities/school/events", d.eventBody("E4", 48*time.Hour, 0))
	if r.Status != 429 || r.Header.Get("Retry-After") == "" || !strings.Contains(r.Str("message"), "created many events") {
		t.Fatalf("limit: %d %s", r.Status, r.Raw)
	}
}

// TestEventsDemo: two upcoming events in both languages; the demo student is going to one,
// and sees it in the calendar and in "my events".
func TestEventsDemo(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	token := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "student@demo.gerege.mn", "password": app.DemoPassword}, "").Str("accessToken")
	for slug, title := range map[string]string{"study-abroad": "Солонгост суралцах", "green-steppe-volunteers": "Зайсанд мод тарих"} {
		r := apitest.Do(t, ts, "GET", "/api/communities/"+slug+"/events", "", map[string]string{"Accept-Language": "mn"})
		apitest.MustStatus(t, r, 200)
		mustContain(t, r, title)
	}
	mine := apitest.Call(t, nil, ts, "GET", "/api/me/events", nil, token)
	apitest.MustStatus(t, mine, 200)
	if items := mine.Body["items"].([]any); len(items) != 1 || !strings.Contains(mine.Raw, "Information evening") {
		t.Fatalf("the student's events: %s", mine.Raw)
	}
	now := time.Now().UTC()
	cal := apitest.Call(t, nil, ts, "GET", "/api/calendar?from="+url.QueryEscape(now.Format(time.RFC3339))+"&to="+url.QueryEscape(now.Add(30*24*time.Hour).Format(time.RFC3339)), nil, token)
	apitest.MustStatus(t, cal, 200)
	mustContain(t, cal, `"kind":"community"`, "Information evening")
}
