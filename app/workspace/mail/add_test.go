package mail_test

import (
	"fmt"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// A reply adds people to its thread: each must be someone the replier may write to, and
// nobody in the thread may have a block with them; they see the whole thread from then on and
// are told as of a new letter. A refusal is a field error on "add" and saves nothing.
func TestAddPeopleToThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.letter("owner1", "Autumn plan", "the first letter of the plan", "manager1")
	w.must(201, "manager1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "Adding our counselor.",
		"add": []int64{w.ids["counselor1"], w.ids["owner1"], w.ids["counselor1"]}})

	// The added counselor has it unread in the inbox, with the whole thread, and a notice.
	in := w.must(200, "counselor1", "GET", "/api/mail/list", nil)
	if !strings.Contains(in.Raw, "Autumn plan") || !strings.Contains(in.Raw, `"unread":1`) {
		t.Errorf("the added person's inbox: %s", in.Raw)
	}
	d := w.must(200, "counselor1", "GET", details(id), nil)
	if !strings.Contains(d.Raw, "the first letter of the plan") || !strings.Contains(d.Raw, "Adding our counselor.") || !strings.Contains(d.Raw, `"canReply":true`) {
		t.Errorf("the added person sees the whole thread: %s", d.Raw)
	}
	if n := w.count("notifications", "user_id = ? AND kind = 'mail.message'", w.ids["counselor1"]); n != 1 {
		t.Errorf("the added person was told %d times", n)
	}
	// From then on they are a participant: the owner's reply reaches them, theirs reaches both.
	w.must(201, "owner1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "Welcome to the plan."})
	if d := w.must(200, "counselor1", "GET", details(id), nil); !strings.Contains(d.Raw, "Welcome to the plan.") || strings.Count(d.Raw, `"senderId"`) != 3 {
		t.Errorf("the next reply: %s", d.Raw)
	}
	w.must(201, "counselor1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "Thank you both."})
	for _, who := range []string{"owner1", "manager1"} {
		if r := w.must(200, who, "GET", "/api/mail/list", nil); !strings.Contains(r.Raw, "Thank you both.") {
			t.Errorf("%s did not get the added person's reply: %s", who, r.Raw)
		}
	}
	w.checkCounts()

	before := [2]int{w.count("mail_messages", "1"), w.count("mail_views", "1")}
	// Someone the replier may not write to, and an account that does not exist: the same
	// unnamed field error, byte for byte.
	stranger := w.call("manager1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "x", "add": []int64{w.ids["stranger"]}})
	missing := w.call("manager1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "x", "add": []int64{999999}})
	if stranger.Status != 422 || !strings.Contains(stranger.Raw, `"add"`) || stranger.Raw != missing.Raw || strings.Contains(stranger.Raw, "Stranger") {
		t.Errorf("adding a stranger / a missing account:\n%s\n%s", stranger.Raw, missing.Raw)
	}
	// Someone the replier may write to who blocked a person of the thread: named.
	w.must(204, "applicant", "PUT", fmt.Sprintf("/api/me/blocks/%d", w.ids["owner1"]), nil)
	for _, lang := range []string{"en", "mn"} {
		r := w.call("manager1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "x", "add": []int64{w.ids["applicant"]}}, "Accept-Language", lang)
		errs, _ := r.Body["errors"].(map[string]any)
		msg, _ := errs["add"].(string)
		if r.Status != 422 || !strings.Contains(msg, "Applicant Test") {
			t.Errorf("%s: adding someone blocked by a participant: %d %s", lang, r.Status, r.Raw)
		}
		if lang == "mn" && !strings.Contains(msg, "боломжгүй") {
			t.Errorf("not in Mongolian: %s", r.Raw)
		}
	}
	// The same with a draft; only with a reply; never in someone else's thread.
	apitest.MustStatus(t, w.call("manager1", "POST", "/api/mail/drafts", map[string]any{"threadId": id, "body": "x", "add": []int64{w.ids["applicant"]}}), 422)
	if r := w.call("manager1", "POST", "/api/mail/send", map[string]any{"to": []int64{w.ids["owner1"]}, "subject": "s", "body": "x",
		"add": []int64{w.ids["counselor1"]}}); r.Status != 422 || !strings.Contains(r.Raw, `"add"`) {
		t.Errorf("add on a new letter: %d %s", r.Status, r.Raw)
	}
	other := w.letter("owner2", "Elsewhere", "not theirs", "admin")
	if r := w.call("manager1", "POST", "/api/mail/send", map[string]any{"threadId": other, "body": "x", "add": []int64{w.ids["owner1"]}}); r.Status != 404 {
		t.Errorf("adding to someone else's thread: %d %s", r.Status, r.Raw)
	}
	after := [2]int{w.count("mail_messages", "1") - 1, w.count("mail_views", "1") - 2} // less the letter "Elsewhere" and its two views
	if after[0] != before[0] || after[1] != before[1] {
		t.Errorf("refusals saved something: %v then %v", before, after)
	}
	if r := w.must(200, "applicant", "GET", "/api/mail/list?folder=all", nil); strings.Contains(r.Raw, "Autumn plan") {
		t.Errorf("the refused person got the thread: %s", r.Raw)
	}
	if r := w.must(200, "stranger", "GET", "/api/mail/list?folder=all", nil); strings.Contains(r.Raw, "Autumn plan") {
		t.Errorf("the stranger got the thread: %s", r.Raw)
	}
	w.checkCounts()
}
