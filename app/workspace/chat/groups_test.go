package chat_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/db"
)

// group starts a group of owner1 (its admin) with the others and returns its id.
func (w *world) group(title string, others ...string) int64 {
	w.t.Helper()
	ids := []int64{}
	for _, o := range others {
		ids = append(ids, w.ids[o])
	}
	r := w.must(201, "owner1", "POST", "/api/chat/conversations", map[string]any{"userIds": ids, "title": title})
	if r.Body["adminId"] != float64(w.ids["owner1"]) {
		w.t.Fatalf("the creator is not the group's admin: %s", r.Raw)
	}
	return int64(r.Body["id"].(float64))
}

// lines are the kinds and subjects of the conversation's system lines, oldest first, as name reads them.
func (w *world) lines(name string, conv int64) []string {
	w.t.Helper()
	r := w.must(200, name, "GET", convPath(conv, "/messages"), nil)
	out := []string{}
	items := r.Body["items"].([]any)
	for i := len(items) - 1; i >= 0; i-- {
		m := items[i].(map[string]any)
		if k := m["kind"].(string); k != "text" {
			out = append(out, fmt.Sprintf("%s %v", k, m["subjectName"]))
		}
	}
	return out
}

// Only the admin adds, removes and renames; the people added must be people the admin may
// talk to and must not be blocked by (or have blocked) a member; one-to-one conversations
// keep their people; every change is a system line stored as who did what to whom.
func TestGroupAdminRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.group("Team", "counselor1", "manager1")
	members := convPath(conv, "/members")

	for _, name := range []string{"counselor1", "manager1"} {
		r := w.must(403, name, "POST", members, map[string]any{"userIds": []int64{w.ids["applicant"]}})
		if r.Str("code") != "chat_not_admin" {
			t.Errorf("%s adds: %s", name, r.Raw)
		}
		w.must(403, name, "PATCH", convPath(conv, ""), map[string]any{"title": "Mine now"})
		w.must(403, name, "DELETE", fmt.Sprintf("%s/%d", members, w.ids["owner1"]), nil)
	}
	// Someone outside the group hears nothing of it.
	w.must(404, "stranger", "POST", members, map[string]any{"userIds": []int64{w.ids["stranger"]}})

	// The stranger shares nothing with the admin; an account that does not exist gets the same answer.
	no := w.must(403, "owner1", "POST", members, map[string]any{"userIds": []int64{w.ids["stranger"]}})
	ghost := w.must(403, "owner1", "POST", members, map[string]any{"userIds": []int64{999999}})
	if no.Raw != ghost.Raw || no.Str("code") != "chat_not_allowed" {
		t.Errorf("refusals differ or wrong: %s / %s", no.Raw, ghost.Raw)
	}
	// The applicant may talk to the admin, but blocked a member: not put in a group with them.
	if _, err := w.s.Store().Write.Exec(`INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)`,
		w.ids["applicant"], w.ids["manager1"], db.T(w.clock.Now())); err != nil {
		t.Fatal(err)
	}
	w.must(403, "owner1", "POST", members, map[string]any{"userIds": []int64{w.ids["applicant"]}})
	if got := w.lines("owner1", conv); len(got) != 0 {
		t.Fatalf("a refused addition left lines: %v", got)
	}
	if _, err := w.s.Store().Write.Exec(`DELETE FROM blocks`); err != nil {
		t.Fatal(err)
	}
	r := w.must(200, "owner1", "POST", members, map[string]any{"userIds": []int64{w.ids["applicant"], w.ids["counselor1"]}})
	if n := len(r.Body["members"].([]any)); n != 4 {
		t.Errorf("members after adding: %d", n)
	}
	w.must(200, "owner1", "PATCH", convPath(conv, ""), map[string]any{"title": "Interview panel"})
	w.must(422, "owner1", "PATCH", convPath(conv, ""), map[string]any{"title": strings.Repeat("x", 81)})
	want := []string{"added Applicant Test", "renamed <nil>"}
	if got := w.lines("applicant", conv); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lines: %v, want %v", got, want)
	}
	// The lines are stored as events, never as words: the renamed line's body is the title.
	r = w.must(200, "manager1", "GET", convPath(conv, "/messages?limit=1"), nil)
	if m := r.Body["items"].([]any)[0].(map[string]any); m["kind"] != "renamed" || m["body"] != "Interview panel" || m["senderId"] != float64(w.ids["owner1"]) {
		t.Errorf("renamed line: %v", m)
	}
	// System lines are nobody's unread messages and cannot be edited.
	r = w.must(200, "manager1", "GET", "/api/chat/conversations", nil)
	if r.Body["unreadTotal"] != float64(0) {
		t.Errorf("unread after system lines: %v", r.Body["unreadTotal"])
	}
	id := int64(r.Body["items"].([]any)[0].(map[string]any)["lastMessage"].(map[string]any)["id"].(float64))
	w.must(403, "owner1", "PATCH", fmt.Sprintf("/api/chat/messages/%d", id), map[string]any{"body": "words"})

	// A one-to-one conversation keeps its people.
	direct := w.direct("owner1", "counselor1")
	w.must(409, "owner1", "POST", convPath(direct, "/members"), map[string]any{"userIds": []int64{w.ids["manager1"]}})
	w.must(409, "owner1", "POST", convPath(direct, "/leave"), struct{}{})
}

// A removed member keeps the history up to their removal and nothing after: not in the
// messages, the list, the stream (live or replayed), and they cannot write (403
// chat_not_member). Added again, they are a member like the others.
func TestRemovedMemberGetsNothingLater(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.group("Team", "counselor1", "manager1")
	raw := httptest.NewServer(w.s.Handler())
	t.Cleanup(raw.Close)
	tok := token(t, w, "counselor1")
	live := openStream(t, raw.URL, tok, "")
	live.next("ready")

	w.send("manager1", conv, "before the removal: budget 100")
	first := live.next("message")
	w.must(200, "owner1", "DELETE", fmt.Sprintf("%s/%d", convPath(conv, "/members"), w.ids["counselor1"]), nil)
	removed := live.next("message") // they hear that they were removed
	if m := removed.data.Message; m == nil || m.Kind != "removed" || m.SubjectID != w.ids["counselor1"] {
		t.Fatalf("removal line: %+v", removed.data)
	}
	w.send("manager1", conv, "after the removal: secret plan")
	w.must(200, "owner1", "PATCH", convPath(conv, ""), map[string]any{"title": "Secret title"})
	select {
	case ev := <-live.events:
		t.Fatalf("the removed member's stream got %+v", ev.data)
	case <-time.After(300 * time.Millisecond):
	}

	for _, path := range []string{convPath(conv, "/messages"), convPath(conv, ""), "/api/chat/conversations"} {
		r := w.must(200, "counselor1", "GET", path, nil)
		for _, secret := range []string{"secret plan", "Secret title", "Manager1"} {
			if strings.Contains(r.Raw, secret) && !(secret == "Manager1" && path == convPath(conv, "/messages")) {
				t.Errorf("%s shows %q to the removed member: %s", path, secret, r.Raw)
			}
		}
		if path == convPath(conv, "/messages") && !strings.Contains(r.Raw, "budget 100") {
			t.Errorf("the history up to the removal is gone: %s", r.Raw)
		}
	}
	r := w.must(200, "counselor1", "GET", convPath(conv, ""), nil)
	if r.Body["former"] != true || r.Body["member"] != false || len(r.Body["members"].([]any)) != 0 {
		t.Errorf("the conversation as the removed member sees it: %s", r.Raw)
	}
	// A reconnect replays up to the removal, not after.
	replay := openStream(t, raw.URL, tok, first.id)
	if ev := replay.next("message"); ev.data.Message.Kind != "removed" {
		t.Errorf("replayed: %+v", ev.data.Message)
	}
	replay.next("ready")
	// They cannot write, type or change their old messages.
	for _, c := range []struct{ method, path string }{{"POST", convPath(conv, "/messages")}, {"POST", convPath(conv, "/typing")}, {"POST", convPath(conv, "/leave")}} {
		r := w.must(403, "counselor1", c.method, c.path, map[string]any{"clientId": "after-removal-1", "body": "let me in"})
		if r.Str("code") != "chat_not_member" || !strings.Contains(r.Str("message"), "no longer a member") {
			t.Errorf("%s %s: %s", c.method, c.path, r.Raw)
		}
	}
	if strings.Contains(w.must(200, "owner1", "GET", convPath(conv, "/messages"), nil).Raw, "let me in") {
		t.Error("a removed member's message was stored")
	}
	// Added again: a member, the history whole, and told so (in their language), with a link.
	w.must(200, "owner1", "POST", convPath(conv, "/members"), map[string]any{"userIds": []int64{w.ids["counselor1"]}})
	notes := w.must(200, "counselor1", "GET", "/api/notifications", nil, "Accept-Language", "mn")
	if !strings.Contains(notes.Raw, `"kind":"chat.added"`) || !strings.Contains(notes.Raw, "таныг бүлгийн ярианд нэмлээ") ||
		!strings.Contains(notes.Raw, fmt.Sprintf("/dashboard/chat?c=%d", conv)) {
		t.Errorf("the added member is not told: %.800s", notes.Raw)
	}
	if r := w.must(200, "counselor1", "GET", convPath(conv, "/messages"), nil); !strings.Contains(r.Raw, "secret plan") {
		t.Errorf("added again, the history is not whole: %s", r.Raw)
	}
	w.send("counselor1", conv, "back")
}

// When the admin leaves, the member who joined first becomes the admin; the leaver is a
// former member; when the last member leaves nobody is.
func TestLastAdminLeaves(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.group("Team", "counselor1", "manager1")
	r := w.must(200, "owner1", "POST", convPath(conv, "/leave"), struct{}{})
	if r.Body["former"] != true {
		t.Errorf("after leaving: %s", r.Raw)
	}
	r = w.must(200, "manager1", "GET", convPath(conv, ""), nil)
	if r.Body["adminId"] != float64(w.ids["counselor1"]) {
		t.Errorf("the admin after the last one left: %v (counselor1 %d)", r.Body["adminId"], w.ids["counselor1"])
	}
	want := []string{"left Owner1 Test", "admin Counselor1 Test"}
	if got := w.lines("manager1", conv); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lines: %v, want %v", got, want)
	}
	// The leaver saw their own line, not the promotion after it.
	if got := w.lines("owner1", conv); fmt.Sprint(got) != fmt.Sprint(want[:1]) {
		t.Errorf("the leaver's lines: %v", got)
	}
	w.must(403, "owner1", "PATCH", convPath(conv, ""), map[string]any{"title": "Still mine?"})
	w.must(200, "counselor1", "PATCH", convPath(conv, ""), map[string]any{"title": "Renamed by the new admin"})
	// Removing oneself is leaving.
	w.must(200, "manager1", "DELETE", fmt.Sprintf("%s/%d", convPath(conv, "/members"), w.ids["manager1"]), nil)
	w.must(200, "counselor1", "POST", convPath(conv, "/leave"), struct{}{})
	if r := w.must(200, "counselor1", "GET", convPath(conv, ""), nil); r.Body["adminId"] != float64(0) {
		t.Errorf("a group without members has an admin: %s", r.Raw)
	}
}

// An admin's account deleted: the member who joined first runs the group, and the lines about
// the account no longer name it.
func TestDeletedAdminAccount(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.group("Team", "counselor1", "manager1")
	w.must(200, "owner1", "POST", convPath(conv, "/members"), map[string]any{"userIds": []int64{w.ids["applicant"]}})
	w.must(200, "owner1", "DELETE", fmt.Sprintf("%s/%d", convPath(conv, "/members"), w.ids["applicant"]), nil)
	w.must(204, "owner1", "DELETE", "/api/account", map[string]any{"password": apitest.Password})
	w.must(204, "applicant", "DELETE", "/api/account", map[string]any{"password": apitest.Password})
	r := w.must(200, "manager1", "GET", convPath(conv, ""), nil)
	if r.Body["adminId"] != float64(w.ids["counselor1"]) {
		t.Errorf("admin after the admin's account went: %s", r.Raw)
	}
	r = w.must(200, "manager1", "GET", convPath(conv, "/messages"), nil)
	if strings.Contains(r.Raw, "Applicant") || strings.Contains(r.Raw, "Owner1") {
		t.Errorf("the lines still name deleted accounts: %s", r.Raw)
	}
	w.must(200, "counselor1", "PATCH", convPath(conv, ""), map[string]any{"title": "Ours"})
}

// The people a group is created with are told at once (chat.added, in their language, with a
// link), not only by its first message; the creator is not, nor the other person of a
// one-to-one conversation.
func TestGroupCreationNotifiesMembers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.group("Planning", "counselor1", "manager1")
	for _, c := range []struct{ name, lang, text string }{
		{"counselor1", "mn", "таныг бүлгийн ярианд нэмлээ"},
		{"manager1", "en", "added you to a group conversation"},
	} {
		notes := w.must(200, c.name, "GET", "/api/notifications", nil, "Accept-Language", c.lang)
		if !strings.Contains(notes.Raw, `"kind":"chat.added"`) || !strings.Contains(notes.Raw, c.text) ||
			!strings.Contains(notes.Raw, fmt.Sprintf("/dashboard/chat?c=%d", conv)) {
			t.Errorf("%s is not told of the new group: %.800s", c.name, notes.Raw)
		}
	}
	if notes := w.must(200, "owner1", "GET", "/api/notifications", nil); strings.Contains(notes.Raw, `"kind":"chat.added"`) {
		t.Errorf("the creator is told they added people: %.800s", notes.Raw)
	}
	w.direct("owner1", "applicant")
	if notes := w.must(200, "applicant", "GET", "/api/notifications", nil); strings.Contains(notes.Raw, `"kind":"chat.added"`) {
		t.Errorf("a one-to-one conversation notifies as a group: %.800s", notes.Raw)
	}
}
