package chat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
)

// mayTalk: one case per rule, both ways where the rule is not symmetric, and the refusals.
func TestMayTalk(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cases := []struct {
		name, from, to string
		want           int
	}{
		{"same organization: owner and counselor", "owner1", "counselor1", 201},
		{"same organization: counselor and manager", "counselor1", "manager1", 201},
		{"applicant writes to the staff of the organization they applied to", "applicant", "counselor1", 201},
		{"the staff writes to an applicant", "manager1", "applicant", 201},
		{"the owner writes to an applicant", "owner1", "applicant", 201},
		{"an applicant and another organization's staff", "applicant", "owner2", 403},
		{"another organization's staff and an applicant", "owner2", "applicant", 403},
		{"two organizations' owners", "owner1", "owner2", 403},
		{"community members who share an active community", "comm1", "comm2", 201},
		{"a pending member is not yet in the community", "comm1", "pending", 403},
		{"anyone with support staff", "stranger", "admin", 201},
		{"support staff with anyone", "admin", "comm2", 201},
		{"strangers", "stranger", "comm1", 403},
		{"strangers the other way", "comm1", "stranger", 403},
	}
	for _, c := range cases {
		r := w.call(c.from, "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids[c.to]}})
		if r.Status != c.want {
			t.Errorf("%s: %s → %s: status %d, want %d: %s", c.name, c.from, c.to, r.Status, c.want, r.Raw)
		}
		if c.want == 403 && (r.Str("code") != "chat_not_allowed" || !strings.Contains(r.Str("message"), "cannot start a conversation")) {
			t.Errorf("%s: the refusal is not the chat's: %s", c.name, r.Raw)
		}
	}
	// Oneself: nobody left to talk to.
	r := w.call("comm1", "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids["comm1"]}})
	apitest.MustStatus(t, r, 422)
	// An account that does not exist answers exactly like one the caller may not talk to.
	missing := w.call("comm1", "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{999999}})
	refused := w.call("comm1", "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids["stranger"]}})
	if missing.Status != 403 || missing.Raw != refused.Raw {
		t.Errorf("a missing account answers differently from a refused one:\n%s\n%s", missing.Raw, refused.Raw)
	}
	// The refusal in Mongolian.
	mn := w.call("comm1", "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids["stranger"]}}, "Accept-Language", "mn")
	if !strings.Contains(mn.Str("message"), "боломжгүй") {
		t.Errorf("the refusal is not in Mongolian: %s", mn.Raw)
	}
	// The same pair again is the same conversation (200), from either side.
	a := w.direct("applicant", "counselor1")
	if b := w.direct("counselor1", "applicant"); a != b {
		t.Errorf("two conversations for one pair: %d and %d", a, b)
	}
	// A group needs every member to be someone the caller may talk to.
	apitest.MustStatus(t, w.call("owner1", "POST", "/api/chat/conversations",
		map[string]any{"userIds": []int64{w.ids["counselor1"], w.ids["stranger"]}, "title": "Team"}), 403)
	g := w.must(201, "owner1", "POST", "/api/chat/conversations",
		map[string]any{"userIds": []int64{w.ids["counselor1"], w.ids["manager1"]}, "title": "Team"})
	if g.Str("kind") != "group" || g.Str("title") != "Team" {
		t.Errorf("group: %s", g.Raw)
	}
}

// Blocks apply both ways, to starting a conversation and to writing in an existing one.
func TestBlockedBothWays(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.direct("comm1", "comm2")
	w.send("comm2", conv, "before the block")
	w.must(204, "comm2", "PUT", fmt.Sprintf("/api/me/blocks/%d", w.ids["comm1"]), nil)
	for _, p := range [][2]string{{"comm1", "comm2"}, {"comm2", "comm1"}} {
		r := w.call(p[0], "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids[p[1]]}})
		if r.Status != 403 || r.Str("code") != "chat_not_allowed" {
			t.Errorf("%s → %s after a block: %d %s", p[0], p[1], r.Status, r.Raw)
		}
		r = w.call(p[0], "POST", convPath(conv, "/messages"), map[string]any{"clientId": "blocked-" + p[0], "body": "hello?"})
		if r.Status != 403 {
			t.Errorf("%s writes after a block: %d %s", p[0], r.Status, r.Raw)
		}
	}
	w.must(204, "comm2", "DELETE", fmt.Sprintf("/api/me/blocks/%d", w.ids["comm1"]), nil)
	w.send("comm1", conv, "after the block")
}

// Another person's conversation: 404 everywhere, and none of its text.
func TestAnotherPersonsConversationIs404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.direct("applicant", "counselor1")
	msg := w.send("applicant", conv, "my secret salary question")
	for _, name := range []string{"stranger", "owner2", "comm1"} {
		for _, p := range []struct{ method, path string }{
			{"GET", convPath(conv, "")}, {"GET", convPath(conv, "/messages")},
			{"POST", convPath(conv, "/read")}, {"POST", convPath(conv, "/typing")},
			{"GET", fmt.Sprintf("/api/chat/messages/%d/attachment", msg)},
		} {
			var body any
			if p.method == "POST" {
				body = map[string]any{"messageId": msg}
			}
			r := w.call(name, p.method, p.path, body)
			if r.Status != 404 || strings.Contains(r.Raw, "secret salary") {
				t.Errorf("%s %s %s: %d %s", name, p.method, p.path, r.Status, r.Raw)
			}
		}
		r := w.call(name, "POST", convPath(conv, "/messages"), map[string]any{"clientId": "intruder-" + name, "body": "hi"})
		apitest.MustStatus(t, r, 404)
		r = w.call(name, "PATCH", fmt.Sprintf("/api/chat/messages/%d", msg), map[string]any{"body": "changed"})
		apitest.MustStatus(t, r, 404)
		r = w.call(name, "GET", "/api/chat/conversations", nil)
		if strings.Contains(r.Raw, "secret salary") {
			t.Errorf("%s's list shows another conversation: %s", name, r.Raw)
		}
	}
	// Support conversations are not for other people either, only for support staff.
	sup := w.must(201, "comm1", "POST", "/api/chat/support", struct{}{})
	sid := int64(sup.Body["id"].(float64))
	w.send("comm1", sid, "my support question")
	r := w.call("comm2", "GET", convPath(sid, "/messages"), nil)
	if r.Status != 404 || strings.Contains(r.Raw, "support question") {
		t.Errorf("another person reads a support conversation: %d %s", r.Status, r.Raw)
	}
	apitest.MustStatus(t, w.call("comm2", "GET", "/api/chat/support", nil), 403)
	r = w.must(200, "admin", "GET", "/api/chat/support", nil)
	if !strings.Contains(r.Raw, "my support question") {
		t.Errorf("support staff do not see the support conversation: %s", r.Raw)
	}
}

// Edits and deletions: one's own messages, for 15 minutes on the injected clock.
func TestEditWindow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.direct("comm1", "comm2")
	a := w.send("comm1", conv, "first version")
	b := w.send("comm1", conv, "to be deleted")
	path := func(id int64) string { return fmt.Sprintf("/api/chat/messages/%d", id) }
	// Someone else's message: 403.
	r := w.call("comm2", "PATCH", path(a), map[string]any{"body": "not mine"})
	if r.Status != 403 {
		t.Errorf("editing another's message: %d %s", r.Status, r.Raw)
	}
	w.clock.Advance(14 * time.Minute)
	r = w.must(200, "comm1", "PATCH", path(a), map[string]any{"body": "second version"})
	if r.Str("body") != "second version" || r.Body["editedAt"] == nil {
		t.Errorf("edited: %s", r.Raw)
	}
	r = w.must(200, "comm1", "DELETE", path(b), nil)
	if r.Body["deleted"] != true || strings.Contains(r.Raw, "to be deleted") {
		t.Errorf("deleted: %s", r.Raw)
	}
	apitest.MustStatus(t, w.call("comm1", "PATCH", path(b), map[string]any{"body": "revive"}), 409)
	r = w.must(200, "comm2", "GET", convPath(conv, "/messages"), nil)
	if strings.Contains(r.Raw, "to be deleted") || strings.Contains(r.Raw, "first version") || !strings.Contains(r.Raw, `"deleted":true`) {
		t.Errorf("the other sees: %s", r.Raw)
	}
	// After 15 minutes: no more changes, in the person's language.
	w.clock.Advance(2 * time.Minute)
	r = w.call("comm1", "PATCH", path(a), map[string]any{"body": "third version"})
	if r.Status != 403 || r.Str("code") != "chat_edit_window" || !strings.Contains(r.Str("message"), "15 minutes") {
		t.Errorf("edit after the window: %d %s", r.Status, r.Raw)
	}
	apitest.MustStatus(t, w.call("comm1", "DELETE", path(a), nil), 403)
	// Too long a message is refused on its field.
	r = w.call("comm1", "POST", convPath(conv, "/messages"), map[string]any{"clientId": "too-long-1", "body": strings.Repeat("я", 4001)})
	if r.Status != 422 || r.Body["errors"].(map[string]any)["body"] == nil {
		t.Errorf("a message over the limit: %d %s", r.Status, r.Raw)
	}
}

// The same client id twice is one message (an offline queue retried after reconnecting).
func TestIdempotentSend(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.direct("applicant", "counselor1")
	body := map[string]any{"clientId": "offline-queue-0001", "body": "sent while offline"}
	first := w.must(201, "applicant", "POST", convPath(conv, "/messages"), body)
	again := w.must(200, "applicant", "POST", convPath(conv, "/messages"), body)
	if first.Body["id"] != again.Body["id"] {
		t.Errorf("two messages for one client id: %v and %v", first.Body["id"], again.Body["id"])
	}
	r := w.must(200, "counselor1", "GET", convPath(conv, "/messages"), nil)
	if n := strings.Count(r.Raw, "sent while offline"); n != 1 {
		t.Errorf("%d copies of the message: %s", n, r.Raw)
	}
	lst := w.must(200, "counselor1", "GET", "/api/chat/conversations", nil)
	if lst.Body["unreadTotal"].(float64) != 1 {
		t.Errorf("the retry counted as unread: %s", lst.Raw)
	}
	// The same id in another conversation is a mistake of the client, not a new message.
	other := w.must(201, "applicant", "POST", "/api/chat/support", struct{}{})
	r = w.call("applicant", "POST", convPath(int64(other.Body["id"].(float64)), "/messages"), body)
	apitest.MustStatus(t, r, 422)
	// Bad client ids.
	for _, id := range []string{"", "short", "has spaces in it", strings.Repeat("x", 65)} {
		r := w.call("applicant", "POST", convPath(conv, "/messages"), map[string]any{"clientId": id, "body": "x"})
		if r.Status != 422 {
			t.Errorf("client id %q: %d", id, r.Status)
		}
	}
}

// Receipts and unread counts: per conversation, in total, and on the home page's widget.
func TestReceiptsAndUnreadCounts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.direct("applicant", "counselor1")
	other := w.direct("applicant", "owner1")
	var last int64
	for i := range 3 {
		last = w.send("applicant", conv, fmt.Sprintf("message %d", i))
	}
	w.send("applicant", other, "to the owner")
	w.send("counselor1", conv, "an answer") // one's own messages are never unread

	count := func(name string) int {
		t.Helper()
		for _, wd := range w.s.Widgets().For(mustUser(t, w, name)) {
			if wd.Key == "unreadMessages" {
				n, err := wd.Count(context.Background(), mustUser(t, w, name))
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
		}
		t.Fatalf("no unreadMessages widget for %s", name)
		return 0
	}
	if n := count("counselor1"); n != 0 {
		t.Errorf("counselor's unread after answering: %d", n)
	}
	_ = last
	w.send("applicant", conv, "one more")
	last = w.send("applicant", conv, "and another")
	if n := count("counselor1"); n != 2 {
		t.Errorf("counselor's unread: %d, want 2", n)
	}
	lst := w.must(200, "counselor1", "GET", "/api/chat/conversations", nil)
	if lst.Body["unreadTotal"].(float64) != 2 || lst.Body["items"].([]any)[0].(map[string]any)["unread"].(float64) != 2 {
		t.Errorf("list: %s", lst.Raw)
	}
	// The applicant's view: sent (the counselor has no stream open and has not fetched).
	status := func() string {
		r := w.must(200, "applicant", "GET", convPath(conv, "/messages?limit=1"), nil)
		return r.Body["items"].([]any)[0].(map[string]any)["status"].(string)
	}
	if s := status(); s != "sent" {
		t.Errorf("status before the counselor fetched: %s", s)
	}
	w.must(200, "counselor1", "GET", convPath(conv, "/messages"), nil)
	if s := status(); s != "delivered" {
		t.Errorf("status after the counselor fetched: %s", s)
	}
	r := w.must(200, "counselor1", "POST", convPath(conv, "/read"), map[string]any{"messageId": last})
	if r.Body["unread"].(float64) != 0 || r.Body["unreadTotal"].(float64) != 0 {
		t.Errorf("after reading: %s", r.Raw)
	}
	if s := status(); s != "read" {
		t.Errorf("status after the counselor read: %s", s)
	}
	if n := count("applicant"); n != 0 {
		t.Errorf("applicant's unread: %d, want 0 (writing after the counselor's answer read it)", n)
	}
	if n := count("owner1"); n != 1 {
		t.Errorf("owner's unread: %d, want 1", n)
	}
	// The first unread message of a run notified the counselor once (not once per message):
	// once for the first three, once for the two after their answer.
	notes := w.must(200, "counselor1", "GET", "/api/notifications", nil)
	if n := strings.Count(notes.Raw, `"kind":"chat.message"`); n != 2 {
		t.Errorf("%d chat notifications, want 2: %.500s", n, notes.Raw)
	}
}

// The send rate per account.
func TestSendRateLimit(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.direct("comm1", "comm2")
	var last int
	for i := range 31 {
		r := w.call("comm1", "POST", convPath(conv, "/messages"), map[string]any{"clientId": fmt.Sprintf("rate-test-%03d", i), "body": "spam?"})
		last = r.Status
		if i < 30 && r.Status != 201 {
			t.Fatalf("message %d: %d %s", i, r.Status, r.Raw)
		}
		if i == 30 && r.Header.Get("Retry-After") == "" {
			t.Errorf("no Retry-After")
		}
	}
	if last != 429 {
		t.Errorf("the 31st message in a minute: %d, want 429", last)
	}
	w.clock.Advance(time.Minute)
	w.send("comm1", conv, "later")
}

// Writing to people waits for a verified national ID (authz.RestrictedWithoutID "sendMessages");
// support does not, and nothing is half-made when it is refused.
func TestWritingToPeopleNeedsAVerifiedID(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.call("unverified", "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids["owner1"]}})
	if r.Status != 403 || r.Body["code"] != "id_verification_required" {
		t.Fatalf("an unverified person starts a conversation: %d %s", r.Status, r.Raw)
	}
	if r := w.must(200, "unverified", "GET", "/api/chat/conversations", nil); strings.Contains(r.Raw, `"kind":"direct"`) {
		t.Errorf("a refused conversation was made: %s", r.Raw)
	}
	// A conversation someone else started with them: they still cannot write in it.
	id := w.direct("owner1", "unverified")
	r = w.call("unverified", "POST", convPath(id, "/messages"), map[string]any{"clientId": "client-unverified-1", "body": "hello"})
	if r.Status != 403 || r.Body["code"] != "id_verification_required" {
		t.Fatalf("an unverified person writes: %d %s", r.Status, r.Raw)
	}
	if r := w.must(200, "owner1", "GET", convPath(id, "/messages"), nil); strings.Contains(r.Raw, "hello") {
		t.Errorf("the refused message was stored: %s", r.Raw)
	}
	// Support: always.
	sup := w.must(201, "unverified", "POST", "/api/chat/support", struct{}{})
	w.send("unverified", int64(sup.Body["id"].(float64)), "I cannot verify my ID")
}
