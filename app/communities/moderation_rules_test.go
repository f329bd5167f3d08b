package communities_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
)

func TestReportOncePerReporterAndItem(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	r := w.report("r1", "post", w.post, "spam")
	apitest.MustStatus(t, r, 201)
	if r.Str("status") != "open" || r.Str("link") != "/post/welcome" {
		t.Fatalf("report: %s", r.Raw)
	}
	due := w.str(`SELECT due_at FROM reports WHERE id = ?`, int64(r.Body["id"].(float64)))
	if want := "2026-11-23T10:00:00.000Z"; due != want {
		t.Errorf("due_at %s, want %s (created + 24 h)", due, want)
	}
	again := w.report("r1", "post", w.post, "hate")
	apitest.MustStatus(t, again, 409)
	if !strings.Contains(again.Str("message"), "already reported") {
		t.Errorf("second report: %s", again.Raw)
	}
	// In Mongolian too.
	mn := apitest.Call(t, w.c["r1"], w.ts, "POST", "/api/reports", map[string]any{"targetType": "post", "targetId": w.post, "reason": "spam"}, "",
		"Sec-Fetch-Site", "same-origin", "Accept-Language", "mn")
	apitest.MustStatus(t, mn, 409)
	if !strings.Contains(mn.Str("message"), "аль хэдийн мэдээлсэн") {
		t.Errorf("second report in mn: %s", mn.Raw)
	}
	// Another person may report the same item; the same person another item.
	apitest.MustStatus(t, w.report("r2", "post", w.post, "spam"), 201)
	apitest.MustStatus(t, w.report("r1", "comment", w.comment, "harassment"), 201)
	// Once answered, a new report of the same item is a new open report.
	apitest.MustStatus(t, w.decide("mod", "post", w.post, "dismiss", "Not against the rules", 0), 200)
	apitest.MustStatus(t, w.report("r1", "post", w.post, "spam"), 201)
}

func TestReportTargetsAndRouting(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	cases := []struct {
		name, as, typ string
		id            int64
		status        int
		community     any // expected reports.community_id
	}{
		{"post in a community", "r1", "post", w.post, 201, w.school},
		{"comment via its post", "r1", "comment", w.comment, 201, w.school},
		{"poll via its post", "r1", "poll", w.poll, 201, w.school},
		{"platform-wide post", "r1", "post", w.staffPost, 201, nil},
		{"profile: platform admins", "r1", "profile", w.ids["author"], 201, nil},
		{"community: platform admins", "r1", "community", w.school, 201, nil},
		{"members-only post, not a member", "outsider", "post", w.clubPost, 404, nil},
		{"members-only community, not a member", "outsider", "community", w.club, 404, nil},
		{"unknown post", "r1", "post", 999999, 404, nil},
		{"own content", "author", "post", w.post, 422, nil},
		{"oneself", "r1", "profile", w.ids["r1"], 422, nil},
	}
	for _, c := range cases {
		r := w.report(c.as, c.typ, c.id, "other")
		if r.Status != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, r.Status, c.status, r.Raw)
			continue
		}
		if r.Status == 201 {
			id := int64(r.Body["id"].(float64))
			var got any
			_ = w.s.Store().Write.QueryRow(`SELECT community_id FROM reports WHERE id = ?`, id).Scan(&got)
			if (got == nil) != (c.community == nil) || got != nil && got.(int64) != c.community.(int64) {
				t.Errorf("%s: community_id %v, want %v", c.name, got, c.community)
			}
		}
		if r.Status == 404 && strings.Contains(r.Raw, "secret") {
			t.Errorf("%s: the 404 leaks the item: %s", c.name, r.Raw)
		}
	}
	// A blocked person cannot see (so cannot report) the blocker's content, and the other way.
	apitest.MustStatus(t, w.call("author", "PUT", "/api/me/blocks/"+idStr(w.ids["r3"]), struct{}{}), 204)
	apitest.MustStatus(t, w.report("r3", "post", w.post, "spam"), 404)
	// Bad input: 422 with the field, never 500.
	for _, body := range []any{
		map[string]any{"targetType": "spaceship", "targetId": 1, "reason": "spam"},
		map[string]any{"targetType": "post", "targetId": w.post, "reason": "boredom"},
		map[string]any{"targetType": "post", "targetId": -5, "reason": "spam"},
		map[string]any{"targetType": "post", "targetId": w.post, "reason": "spam", "note": strings.Repeat("x", 1001)},
	} {
		r := w.call("r2", "POST", "/api/reports", body)
		if r.Status != 422 {
			t.Errorf("%v: status %d, want 422: %s", body, r.Status, r.Raw)
		}
	}
	r := apitest.Call(t, w.c["r2"], w.ts, "POST", "/api/reports", nil, "", "Sec-Fetch-Site", "same-origin", "Content-Type", "application/json")
	if r.Status >= 500 {
		t.Errorf("empty body: %d", r.Status)
	}
	// Signed out: 401.
	apitest.MustStatus(t, apitest.Call(t, nil, w.ts, "POST", "/api/reports", map[string]any{"targetType": "post", "targetId": w.post, "reason": "spam"}, ""), 401)
}

func TestAutoHideAtTheCommunityThreshold(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	w.exec(`UPDATE communities SET auto_hide = 2 WHERE id = ?`, w.school)
	apitest.MustStatus(t, w.report("r1", "comment", w.comment, "spam"), 201)
	if st := w.str(`SELECT status FROM comments WHERE id = ?`, w.comment); st != "visible" {
		t.Fatalf("one report hid the comment: %s", st)
	}
	apitest.MustStatus(t, w.report("r2", "comment", w.comment, "harassment"), 201)
	if st := w.str(`SELECT status FROM comments WHERE id = ?`, w.comment); st != "hidden" {
		t.Fatalf("two reporters (threshold 2): status %s, want hidden", st)
	}
	if n := w.count(`SELECT count(*) FROM moderation_actions WHERE target_type = 'comment' AND target_id = ? AND action = 'auto_hide' AND actor_id IS NULL`, w.comment); n != 1 {
		t.Errorf("%d auto_hide actions, want 1", n)
	}
	// It waits for a moderator: the queue shows it hidden; its preview is there for moderators only.
	q := w.call("mod", "GET", "/api/moderation/queue?community="+idStr(w.school), nil)
	apitest.MustStatus(t, q, 200)
	if !strings.Contains(q.Raw, `"status":"hidden"`) || !strings.Contains(q.Raw, `"reports":2`) {
		t.Errorf("queue: %s", q.Raw)
	}
	item := w.call("mod", "GET", "/api/moderation/item?type=comment&id="+idStr(w.comment), nil)
	apitest.MustStatus(t, item, 200)
	if !strings.Contains(item.Raw, "A rude comment") || !strings.Contains(item.Raw, `"auto_hide"`) {
		t.Errorf("item: %s", item.Raw)
	}
	for _, who := range []string{"r1", "outsider"} {
		r := w.call(who, "GET", "/api/moderation/item?type=comment&id="+idStr(w.comment), nil)
		if r.Status != 404 || strings.Contains(r.Raw, "rude") {
			t.Errorf("%s sees the hidden item: %d %s", who, r.Status, r.Raw)
		}
	}
	// A dismissal shows the auto-hidden item again.
	apitest.MustStatus(t, w.decide("mod", "comment", w.comment, "dismiss", "Fair criticism", 0), 200)
	if st := w.str(`SELECT status FROM comments WHERE id = ?`, w.comment); st != "visible" {
		t.Errorf("after dismissal: %s, want visible", st)
	}

	// 0 means never.
	w.exec(`UPDATE communities SET auto_hide = 0 WHERE id = ?`, w.school)
	for _, who := range []string{"r1", "r2", "r3", "outsider"} {
		apitest.MustStatus(t, w.report(who, "post", w.post, "spam"), 201)
	}
	if st := w.str(`SELECT status FROM posts WHERE id = ?`, w.post); st != "published" {
		t.Errorf("auto_hide 0: status %s", st)
	}
	// Outside communities the threshold is 3.
	for i, who := range []string{"r1", "r2", "r3"} {
		apitest.MustStatus(t, w.report(who, "post", w.staffPost, "spam"), 201)
		want := "published"
		if i == 2 {
			want = "hidden"
		}
		if st := w.str(`SELECT status FROM posts WHERE id = ?`, w.staffPost); st != want {
			t.Errorf("platform post after %d reports: %s, want %s", i+1, st, want)
		}
	}
}

func TestWhoModeratesWhat(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	apitest.MustStatus(t, w.report("r1", "post", w.post, "spam"), 201)
	apitest.MustStatus(t, w.report("r1", "post", w.staffPost, "spam"), 201)
	school := "/api/moderation/queue?community=" + idStr(w.school)
	for who, want := range map[string]int{"mod": 200, "admin": 200, "staff": 200, "author": 403, "r1": 403, "outsider": 403} {
		if r := w.call(who, "GET", school, nil); r.Status != want {
			t.Errorf("%s: school queue %d, want %d", who, r.Status, want)
		} else if want != 200 && strings.Contains(r.Raw, "Welcome") {
			t.Errorf("%s sees the queue: %s", who, r.Raw)
		}
	}
	// The members-only club's queue: its non-members do not even learn about it.
	if r := w.call("outsider", "GET", "/api/moderation/queue?community="+idStr(w.club), nil); r.Status != 404 {
		t.Errorf("outsider, club queue: %d", r.Status)
	}
	for who, want := range map[string]int{"staff": 200, "mod": 403, "admin": 403} {
		if r := w.call(who, "GET", "/api/moderation/queue?community=platform", nil); r.Status != want {
			t.Errorf("%s: platform queue %d, want %d", who, r.Status, want)
		}
	}
	// Decisions: only moderators of that community; platform admins for items outside.
	if r := w.decide("r1", "post", w.post, "remove", "x", 0); r.Status != 403 {
		t.Errorf("a member decides: %d", r.Status)
	}
	if r := w.decide("mod", "post", w.staffPost, "remove", "x", 0); r.Status != 403 {
		t.Errorf("a community moderator decides a platform item: %d", r.Status)
	}
	if r := w.decide("outsider", "post", w.clubPost, "remove", "x", 0); r.Status != 404 {
		t.Errorf("a non-member decides in the club: %d", r.Status)
	}
	// A decision needs a reason; a decision that does not apply is refused with the field's message.
	r := w.decide("mod", "post", w.post, "remove", "  ", 0)
	if r.Status != 422 || r.Body["errors"].(map[string]any)["reason"] == nil {
		t.Errorf("no reason: %s", r.Raw)
	}
	if r := w.decide("mod", "post", w.post, "restore", "why", 0); r.Status != 422 {
		t.Errorf("restore of a shown post: %d", r.Status)
	}
	if r := w.decide("mod", "post", w.post, "suspend", "Spam", 0); r.Status != 422 {
		t.Errorf("suspend without days: %d", r.Status)
	}
	if r := w.decide("mod", "post", w.post, "explode", "Spam", 0); r.Status != 422 {
		t.Errorf("unknown action: %d", r.Status)
	}
	// The summary lists the queues each person works on, with counts.
	sum := w.call("mod", "GET", "/api/moderation/summary", nil)
	apitest.MustStatus(t, sum, 200)
	if !strings.Contains(sum.Raw, `"open":1`) || strings.Contains(sum.Raw, `"role":"platform"`) {
		t.Errorf("moderator's summary: %s", sum.Raw)
	}
	if r := w.call("staff", "GET", "/api/moderation/summary", nil); !strings.Contains(r.Raw, `"role":"platform"`) {
		t.Errorf("platform admin's summary: %s", r.Raw)
	}
	if r := w.call("r1", "GET", "/api/moderation/summary", nil); r.Status != 200 || !strings.Contains(r.Raw, `"queues":[]`) {
		t.Errorf("a member's summary: %s", r.Raw)
	}
}

func TestDecisionAnswersReportsAndTellsEveryone(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	w.exec(`UPDATE users SET language = 'mn' WHERE id = ?`, w.ids["r2"])
	apitest.MustStatus(t, w.report("r1", "post", w.post, "spam"), 201)
	w.clock.Advance(25 * time.Hour) // the second report comes later
	apitest.MustStatus(t, w.report("r2", "post", w.post, "hate"), 201)
	r := w.decide("mod", "post", w.post, "remove", "Advertising", 0)
	apitest.MustStatus(t, r, 200)
	if r.Body["answered"].(float64) != 2 || !strings.Contains(r.Raw, `"status":"removed"`) {
		t.Fatalf("decision: %s", r.Raw)
	}
	if st := w.str(`SELECT status FROM posts WHERE id = ?`, w.post); st != "removed" {
		t.Errorf("post status %s", st)
	}
	// Both reports answered; the first after its 24 hours, so late.
	if n := w.count(`SELECT count(*) FROM reports WHERE target_id = ? AND status = 'actioned' AND answered_at IS NOT NULL AND decision_id IS NOT NULL`, w.post); n != 2 {
		t.Errorf("%d reports actioned, want 2", n)
	}
	if n := w.count(`SELECT count(*) FROM reports WHERE target_id = ? AND late = 1`, w.post); n != 1 {
		t.Errorf("%d late, want 1", n)
	}
	// Reporters are told the outcome in their language; the author what happened and why.
	if n := w.notifications("r1", "en"); !strings.Contains(n, "Your report was answered") || !strings.Contains(n, "a moderator took action") {
		t.Errorf("reporter r1 was not told: %s", n)
	}
	if n := w.notifications("r2", "mn"); !strings.Contains(n, "Таны гомдлыг шийдвэрлэлээ") {
		t.Errorf("reporter r2 was not told in Mongolian: %s", n)
	}
	n := w.notifications("author", "en")
	if !strings.Contains(n, "Advertising") || !strings.Contains(n, "removed") {
		t.Errorf("author was not told: %s", n)
	}
	if strings.Contains(n, "R1") || strings.Contains(n, "please look") {
		t.Errorf("the author learns who reported: %s", n)
	}
	// The reporter sees the outcome in their list.
	mine := w.call("r1", "GET", "/api/me/reports", nil)
	if !strings.Contains(mine.Raw, `"outcome":"remove"`) || !strings.Contains(mine.Raw, `"status":"actioned"`) {
		t.Errorf("my reports: %s", mine.Raw)
	}
	// History: the item's decisions, in order.
	item := w.call("mod", "GET", "/api/moderation/item?type=post&id="+idStr(w.post), nil)
	if !strings.Contains(item.Raw, `"action":"remove"`) || !strings.Contains(item.Raw, "Advertising") {
		t.Errorf("history: %s", item.Raw)
	}
	// The queue is empty again.
	if q := w.call("mod", "GET", "/api/moderation/queue?community="+idStr(w.school), nil); !strings.Contains(q.Raw, `"items":[]`) {
		t.Errorf("queue after: %s", q.Raw)
	}
}

func TestEscalationAt12And24HoursOnce(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	ctx := context.Background()
	apitest.MustStatus(t, w.report("r1", "post", w.post, "spam"), 201)
	apitest.MustStatus(t, w.report("r1", "post", w.staffPost, "spam"), 201)
	job := func() {
		if err := w.s.RunJob(ctx, "communities.moderation.clock"); err != nil {
			t.Fatal(err)
		}
	}
	notes := func(who string) int {
		return w.count(`SELECT count(*) FROM notifications WHERE user_id = ? AND kind IN ('moderation.escalated', 'moderation.late')`, w.ids[who])
	}
	w.clock.Advance(11*time.Hour + 59*time.Minute)
	job()
	if notes("admin") != 0 || w.count(`SELECT count(*) FROM reports WHERE escalated_admins_at IS NOT NULL`) != 0 {
		t.Fatal("escalated before 12 hours")
	}
	w.clock.Advance(time.Minute)
	job()
	job() // once
	if n := notes("admin"); n != 1 {
		t.Errorf("community admin told %d times at 12 h, want 1", n)
	}
	if notes("mod") != 0 || notes("staff") != 0 {
		t.Error("12 h: only the community's admins are told")
	}
	if n := w.count(`SELECT count(*) FROM reports WHERE escalated_admins_at IS NOT NULL AND community_id IS NOT NULL`); n != 1 {
		t.Errorf("%d stamped at 12 h", n)
	}
	if !strings.Contains(w.notifications("admin", "en"), "waited 12 hours") {
		t.Error("the admin's notification does not say why")
	}
	w.clock.Advance(12*time.Hour - time.Minute)
	job()
	if w.count(`SELECT count(*) FROM reports WHERE late = 1`) != 0 || notes("staff") != 0 {
		t.Fatal("late before 24 hours")
	}
	w.clock.Advance(time.Minute)
	job()
	job()
	if n := w.count(`SELECT count(*) FROM reports WHERE late = 1 AND escalated_platform_at IS NOT NULL`); n != 2 {
		t.Errorf("%d late at 24 h, want 2", n)
	}
	if n := notes("staff"); n != 1 {
		t.Errorf("platform admin told %d times at 24 h, want 1", n)
	}
	if n := notes("admin"); n != 1 {
		t.Errorf("community admin told again: %d", n)
	}
	// The platform admins' late queue lists them; the counts say so.
	late := w.call("staff", "GET", "/api/moderation/queue?community=late", nil)
	if !strings.Contains(late.Raw, `"late":true`) || !strings.Contains(late.Raw, "Welcome") || !strings.Contains(late.Raw, "Platform news") {
		t.Errorf("late queue: %s", late.Raw)
	}
	if s := w.call("staff", "GET", "/api/moderation/summary", nil); !strings.Contains(s.Raw, `"lateEverywhere":2`) {
		t.Errorf("summary: %s", s.Raw)
	}
	// The share answered within 24 hours: one answered late, one on time elsewhere.
	apitest.MustStatus(t, w.decide("mod", "post", w.post, "dismiss", "fine", 0), 200)
	apitest.MustStatus(t, w.report("r2", "comment", w.comment, "spam"), 201)
	apitest.MustStatus(t, w.decide("mod", "comment", w.comment, "hide", "rude", 0), 200)
	st := w.call("staff", "GET", "/api/moderation/stats", nil)
	apitest.MustStatus(t, st, 200)
	if !strings.Contains(st.Raw, `"answered":2,"onTime":1,"share":0.5`) {
		t.Errorf("stats: %s", st.Raw)
	}
	if r := w.call("admin", "GET", "/api/moderation/stats", nil); r.Status != 403 {
		t.Errorf("stats for a community admin: %d", r.Status)
	}
}

func TestAppealsOnceByAnotherModerator(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	apitest.MustStatus(t, w.report("r1", "post", w.post, "spam"), 201)
	d := w.decide("mod", "post", w.post, "remove", "Looks like spam", 0)
	apitest.MustStatus(t, d, 200)
	actionID := d.Body["action"].(map[string]any)["id"].(float64)
	// Only the author appeals their decision.
	if r := w.call("r1", "POST", "/api/moderation/appeals", map[string]any{"actionId": actionID, "note": "mine"}); r.Status != 404 {
		t.Errorf("someone else appeals: %d", r.Status)
	}
	about := w.call("author", "GET", "/api/me/moderation", nil)
	if !strings.Contains(about.Raw, `"appealable":true`) || !strings.Contains(about.Raw, "Looks like spam") {
		t.Errorf("decisions about me: %s", about.Raw)
	}
	a := w.call("author", "POST", "/api/moderation/appeals", map[string]any{"actionId": actionID, "note": "It was an announcement"})
	apitest.MustStatus(t, a, 201)
	if r := w.call("author", "POST", "/api/moderation/appeals", map[string]any{"actionId": actionID, "note": "again"}); r.Status != 409 {
		t.Errorf("second appeal: %d", r.Status)
	}
	sum := w.call("mod2", "GET", "/api/moderation/summary", nil)
	if !strings.Contains(sum.Raw, "It was an announcement") || !strings.Contains(sum.Raw, `"canDecide":true`) {
		t.Fatalf("mod2's appeals: %s", sum.Raw)
	}
	if s := w.call("mod", "GET", "/api/moderation/summary", nil); !strings.Contains(s.Raw, `"canDecide":false`) {
		t.Errorf("the deciding moderator may decide the appeal: %s", s.Raw)
	}
	// Platform admins see every open appeal (the last resort), members none.
	if s := w.call("staff", "GET", "/api/moderation/summary", nil); !strings.Contains(s.Raw, "It was an announcement") {
		t.Errorf("platform admin's appeals: %s", s.Raw)
	}
	if s := w.call("r1", "GET", "/api/moderation/summary", nil); strings.Contains(s.Raw, "announcement") {
		t.Errorf("a member sees the appeal: %s", s.Raw)
	}
	appealID := idStr(int64(sum.Body["appeals"].([]any)[0].(map[string]any)["id"].(float64)))
	path := "/api/moderation/appeals/" + appealID + "/decision"
	if r := w.call("mod", "POST", path, map[string]any{"decision": "uphold", "reason": "I was right"}); r.Status != 403 {
		t.Errorf("the same moderator decides: %d %s", r.Status, r.Raw)
	}
	if r := w.call("r1", "POST", path, map[string]any{"decision": "overturn", "reason": "x"}); r.Status != 404 {
		t.Errorf("a member decides: %d", r.Status)
	}
	if r := w.call("mod2", "POST", path, map[string]any{"decision": "overturn", "reason": ""}); r.Status != 422 {
		t.Errorf("no reason: %d", r.Status)
	}
	r := w.call("mod2", "POST", path, map[string]any{"decision": "overturn", "reason": "It is an announcement"})
	apitest.MustStatus(t, r, 200)
	if st := w.str(`SELECT status FROM posts WHERE id = ?`, w.post); st != "published" {
		t.Errorf("overturned: post %s, want published", st)
	}
	if r := w.call("admin", "POST", path, map[string]any{"decision": "uphold", "reason": "late"}); r.Status != 409 {
		t.Errorf("decided twice: %d", r.Status)
	}
	if n := w.notifications("author", "en"); !strings.Contains(n, "Your appeal was decided") || !strings.Contains(n, "overturned") {
		t.Errorf("author not told: %s", n)
	}
	if about := w.call("author", "GET", "/api/me/moderation", nil); strings.Contains(about.Raw, `"appealable":true`) {
		t.Errorf("still appealable: %s", about.Raw)
	}
}

func TestSuspensionBanAndExpiry(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	// A moderator cannot suspend another moderator; an admin can.
	apitest.MustStatus(t, w.report("r1", "profile", w.ids["mod2"], "harassment"), 201)
	mod2Post := w.newPost("mod2-post", w.school, "mod2", "A moderator's post")
	if r := w.decide("mod", "post", mod2Post, "suspend", "Rude", 3); r.Status != 403 {
		t.Errorf("moderator suspends a moderator: %d", r.Status)
	}
	r := w.decide("admin", "post", mod2Post, "suspend", "Rude to members", 2)
	apitest.MustStatus(t, r, 200)
	if st := w.str(`SELECT status FROM community_members WHERE community_id = ? AND user_id = ?`, w.school, w.ids["mod2"]); st != "suspended" {
		t.Fatalf("member status %s", st)
	}
	// Suspended, the moderator no longer moderates; after the suspension ends, again.
	school := "/api/moderation/queue?community=" + idStr(w.school)
	if r := w.call("mod2", "GET", school, nil); r.Status != 403 {
		t.Errorf("suspended moderator: %d", r.Status)
	}
	w.clock.Advance(48*time.Hour + time.Second)
	if r := w.call("mod2", "GET", school, nil); r.Status != 200 {
		t.Errorf("after the suspension: %d", r.Status)
	}
	// A ban; the banned member appeals and an admin overturns it.
	b := w.decide("mod", "comment", w.comment, "ban", "Repeated harassment", 0)
	apitest.MustStatus(t, b, 200)
	if st := w.str(`SELECT status FROM community_members WHERE community_id = ? AND user_id = ?`, w.school, w.ids["author"]); st != "banned" {
		t.Fatalf("ban: %s", st)
	}
	a := w.call("author", "POST", "/api/moderation/appeals", map[string]any{"actionId": b.Body["action"].(map[string]any)["id"], "note": "Sorry"})
	apitest.MustStatus(t, a, 201)
	sum := w.call("admin", "GET", "/api/moderation/summary", nil)
	id := idStr(int64(sum.Body["appeals"].([]any)[0].(map[string]any)["id"].(float64)))
	apitest.MustStatus(t, w.call("admin", "POST", "/api/moderation/appeals/"+id+"/decision", map[string]any{"decision": "overturn", "reason": "Second chance"}), 200)
	if st := w.str(`SELECT status FROM community_members WHERE community_id = ? AND user_id = ?`, w.school, w.ids["author"]); st != "active" {
		t.Errorf("after overturn: %s", st)
	}
	if n := w.count(`SELECT count(*) FROM moderation_actions WHERE action = 'unban' AND target_user_id = ?`, w.ids["author"]); n != 1 {
		t.Errorf("unban in history: %d", n)
	}
}

func TestBlockAndMute(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	ctx := context.Background()
	st := w.s.Store()
	author, r1, r2 := w.ids["author"], w.ids["r1"], w.ids["r2"]
	apitest.MustStatus(t, w.call("r1", "PUT", "/api/me/blocks/"+idStr(author), struct{}{}), 204)
	apitest.MustStatus(t, w.call("r1", "PUT", "/api/me/blocks/"+idStr(author), struct{}{}), 204) // again is fine
	apitest.MustStatus(t, w.call("r2", "PUT", "/api/me/mutes/"+idStr(author), struct{}{}), 204)
	for _, pair := range [][2]int64{{r1, author}, {author, r1}} {
		if b, _ := st.BlockedEither(ctx, pair[0], pair[1]); !b {
			t.Errorf("block is not both ways: %v", pair)
		}
	}
	if b, _ := st.BlockedEither(ctx, r2, author); b {
		t.Error("a mute is a block")
	}
	// The filter every list applies: both ways for a block, one way for a mute.
	visible := func(viewer int64) int {
		return w.count(`SELECT count(*) FROM posts p WHERE p.id = ? AND `+cond(viewer), append([]any{w.post}, args(viewer)...)...)
	}
	if visible(r1) != 0 || visible(r2) != 0 || visible(w.ids["r3"]) != 1 || visible(0) != 1 {
		t.Errorf("NotHiddenFor: r1 %d r2 %d r3 %d anonymous %d", visible(r1), visible(r2), visible(w.ids["r3"]), visible(0))
	}
	r1Post := w.newPost("r1-post", w.school, "r1", "R1 writes")
	r2Post := w.newPost("r2-post", w.school, "r2", "R2 writes")
	in := func(viewer, post int64) int {
		return w.count(`SELECT count(*) FROM posts p WHERE p.id = ? AND `+condCol("p.author_id", viewer), append([]any{post}, args(viewer)...)...)
	}
	if in(author, r1Post) != 0 {
		t.Error("the blocked person still sees the blocker's posts")
	}
	if in(author, r2Post) != 1 {
		t.Error("a mute hides the muter from the muted")
	}
	// The blocked person is not told: no notification of any kind.
	if n := w.count(`SELECT count(*) FROM notifications WHERE user_id = ?`, author); n != 0 {
		t.Errorf("the blocked person got %d notifications", n)
	}
	// Listed on the account page, and undone.
	l := w.call("r1", "GET", "/api/me/blocks", nil)
	if !strings.Contains(l.Raw, `"name":"Author Test"`) || !strings.Contains(l.Raw, `"muted":[]`) {
		t.Errorf("list: %s", l.Raw)
	}
	if l := w.call("author", "GET", "/api/me/blocks", nil); strings.Contains(l.Raw, "R1") {
		t.Errorf("the blocked person sees who blocked them: %s", l.Raw)
	}
	apitest.MustStatus(t, w.call("r1", "DELETE", "/api/me/blocks/"+idStr(author), nil), 204)
	apitest.MustStatus(t, w.call("r2", "DELETE", "/api/me/mutes/"+idStr(author), nil), 204)
	if visible(r1) != 1 || visible(r2) != 1 {
		t.Error("undo did not undo")
	}
	// Oneself, nobody, garbage.
	if r := w.call("r1", "PUT", "/api/me/blocks/"+idStr(r1), struct{}{}); r.Status != 422 {
		t.Errorf("block oneself: %d", r.Status)
	}
	for _, p := range []string{"999999", "abc", "-1", "99999999999999999999"} {
		if r := w.call("r1", "PUT", "/api/me/mutes/"+p, struct{}{}); r.Status != 404 {
			t.Errorf("mute %s: %d", p, r.Status)
		}
	}
}

func TestNewAccountLimitsAnswer429WithRetryAfter(t *testing.T) {
	t.Parallel()
	w := newModWorld(t)
	w.person("newbie", w.clock.Now().Add(-time.Hour), false, false) // an hour old, not verified
	posts := []int64{w.post, w.staffPost, w.comment}
	targets := []string{"post", "post", "comment"}
	for i := 0; i < 5; i++ { // the new-account limit: 5 reports an hour
		typ, id := targets[i%3], posts[i%3]
		if i >= 3 {
			typ, id = "profile", w.ids[[]string{"mod", "mod2"}[i-3]]
		}
		apitest.MustStatus(t, w.report("newbie", typ, id, "spam"), 201)
	}
	r := w.report("newbie", "profile", w.ids["r3"], "spam")
	apitest.MustStatus(t, r, 429)
	ra := r.Header.Get("Retry-After")
	if ra == "" || ra == "0" {
		t.Errorf("no Retry-After: %v", r.Header)
	}
	if msg := r.Str("message"); !strings.Contains(msg, "report again in 12 minutes") {
		t.Errorf("message %q: does not say what and when", msg)
	}
	mn := apitest.Call(t, w.c["newbie"], w.ts, "POST", "/api/reports", map[string]any{"targetType": "profile", "targetId": w.ids["r3"], "reason": "spam"}, "",
		"Sec-Fetch-Site", "same-origin", "Accept-Language", "mn")
	if mn.Status != 429 || !strings.Contains(mn.Str("message"), "минутын дараа дахин мэдээлэх") {
		t.Errorf("mn: %d %s", mn.Status, mn.Raw)
	}
	// An established account has the higher limit.
	for i := 0; i < 6; i++ {
		w.exec(`UPDATE reports SET status = 'dismissed' WHERE reporter_id = ?`, w.ids["r3"])
		apitest.MustStatus(t, w.report("r3", "post", w.post, "spam"), 201)
	}
	// After the wait, the new account can report again.
	w.clock.Advance(13 * time.Minute)
	apitest.MustStatus(t, w.report("newbie", "profile", w.ids["r3"], "spam"), 201)
}
