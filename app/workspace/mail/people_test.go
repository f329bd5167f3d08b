package mail_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	workspacemail "gerege/app/workspace/mail"
	"gerege/db"
)

func leave(id int64) string { return fmt.Sprintf("/api/mail/threads/%d/leave", id) }
func remove(id, person int64) string {
	return fmt.Sprintf("/api/mail/threads/%d/people/%d", id, person)
}

// Removing someone added to a thread: only whoever started the thread or added them may; the
// people of the first letter can only leave. A removed person keeps the letters they had, sees
// nothing later (details, list, search, attachments, stream: must-not-contain), is told, and
// cannot reply (403 mail_left, nothing saved); forwarding what they had still works. Added
// again, they see the whole thread, as anyone added does.
func TestRemoveFromThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	raw := httptest.NewServer(w.s.Handler())
	t.Cleanup(raw.Close)
	id := w.letter("owner1", "Budget talk", "the first letter of the budget", "manager1")
	w.must(201, "manager1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "Adding our counselor.", "add": []int64{w.ids["counselor1"]}})
	counselor, manager := w.ids["counselor1"], w.ids["manager1"]

	// Who may remove whom, as the thread's details say and as the server enforces.
	for who, want := range map[string]string{"owner1": fmt.Sprintf(`"removable":[%d]`, counselor), "manager1": fmt.Sprintf(`"removable":[%d]`, counselor),
		"counselor1": `"removable":[]`} {
		if d := w.must(200, who, "GET", details(id), nil); !strings.Contains(d.Raw, want) || !strings.Contains(d.Raw, `"canLeave":true`) {
			t.Errorf("%s's details: want %s in %s", who, want, d.Raw)
		}
	}
	for _, c := range []struct {
		who    string
		target int64
		status int
		code   string
	}{
		{"counselor1", manager, 403, "mail_not_removable"}, // added later: removes nobody
		{"owner1", manager, 403, "mail_not_removable"},     // the first letter's people only leave
		{"manager1", w.ids["owner1"], 403, "mail_not_removable"},
		{"owner1", w.ids["stranger"], 404, "not_found"}, // not in the thread
		{"stranger", counselor, 404, "not_found"},       // someone else's thread
		{"applicant", counselor, 404, "not_found"},
	} {
		if r := w.call(c.who, "DELETE", remove(id, c.target), nil); r.Status != c.status || r.Str("code") != c.code || strings.Contains(r.Raw, "Budget") {
			t.Errorf("%s removes %d: %d %s", c.who, c.target, r.Status, r.Raw)
		}
	}
	if r := w.call("counselor1", "DELETE", remove(id, manager), nil, "Accept-Language", "mn"); !strings.Contains(r.Str("message"), "хасах боломжгүй") {
		t.Errorf("the refusal in Mongolian: %s", r.Raw)
	}
	if n := w.count("mail_events", "1"); n != 0 {
		t.Errorf("refusals left %d events", n)
	}

	counselorStream := w.stream(raw, "counselor1", "mail")
	managerStream := w.stream(raw, "manager1", "mail")
	// The owner (who started the thread) removes the counselor.
	w.must(204, "owner1", "DELETE", remove(id, counselor), nil)
	// Told: a notice (which is also a letter from Gerege) and, live, the thread's change.
	if n := w.count("notifications", "user_id = ? AND kind = 'mail.removed'", counselor); n != 1 {
		t.Errorf("the removed person was told %d times", n)
	}
	if r := w.must(200, "counselor1", "GET", "/api/mail/list", nil); !strings.Contains(r.Raw, "Removed from a conversation by Owner") {
		t.Errorf("the letter telling the removal: %s", r.Raw)
	}
	if ev := counselorStream.next(); ev["type"] != "mail" { // the platform's letter that tells it
		t.Errorf("the removed person's stream: %v", ev)
	}
	for name, s := range map[string]*mailStream{"counselor1": counselorStream, "manager1": managerStream} {
		if ev := s.next(); ev["type"] != "mailChanged" || ev["threadId"] != float64(id) {
			t.Errorf("%s's stream after the removal: %v", name, ev)
		}
	}
	d := w.must(200, "counselor1", "GET", details(id), nil)
	for _, want := range []string{`"left":true`, `"canReply":false`, `"canLeave":false`, "Adding our counselor.", `"kind":"removed"`,
		fmt.Sprintf(`"subjectId":%d`, counselor)} {
		if !strings.Contains(d.Raw, want) {
			t.Errorf("the removed person's thread lacks %s: %s", want, d.Raw)
		}
	}
	if d := w.must(200, "manager1", "GET", details(id), nil); !strings.Contains(d.Raw, `"kind":"removed"`) || len(d.Body["people"].([]any)) != 2 {
		t.Errorf("the others see the removal, and the counselor no longer among the people: %s", d.Raw)
	}

	// Later letters never reach them: not in the thread, the list, a search or a download; their
	// view of the thread does not move (unread count, time, folder).
	view := func() string {
		var v string
		if err := w.s.Store().Read.QueryRow(`SELECT place || unread || last_at FROM mail_views WHERE owner_id = ? AND thread_id = ?`, counselor, id).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	viewBefore := view()
	up := w.upload("owner1", "later.png", pngBytes(t))
	fileID := int64(up.Body["fileId"].(float64))
	sent := w.must(201, "owner1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "secret words after the removal", "fileIds": []int64{fileID}})
	msg := int64(sent.Body["messageId"].(float64))
	for _, path := range []string{details(id), "/api/mail/list", "/api/mail/list?folder=all&q=secret", "/api/mail/list?folder=all&q=budget"} {
		if r := w.must(200, "counselor1", "GET", path, nil); strings.Contains(r.Raw, "secret") || strings.Contains(r.Raw, "later.png") {
			t.Errorf("%s shows the removed person a later letter: %s", path, r.Raw)
		}
	}
	if r := w.must(200, "counselor1", "GET", "/api/mail/list?folder=all&q=budget", nil); !strings.Contains(r.Raw, "Budget talk") {
		t.Errorf("the removed person's search of what they had: %s", r.Raw)
	}
	if v := view(); v != viewBefore {
		t.Errorf("a later letter moved the removed person's view: %s → %s", viewBefore, v)
	}
	if r := w.call("counselor1", "GET", fmt.Sprintf("/api/mail/messages/%d/attachments/%d", msg, fileID), nil); r.Status != 404 {
		t.Errorf("a later attachment: %d", r.Status)
	}
	if r := w.must(200, "manager1", "GET", details(id), nil); !strings.Contains(r.Raw, "secret words after the removal") {
		t.Errorf("the others get it: %s", r.Raw)
	}
	// The manager's stream hears it; the counselor's next event is a letter of their own.
	if ev := managerStream.next(); ev["type"] != "mail" || ev["threadId"] != float64(id) {
		t.Errorf("the manager's stream: %v", ev)
	}
	own := w.letter("applicant", "For the counselor only", "hello", "counselor1")
	if ev := counselorStream.next(); ev["threadId"] != float64(own) {
		t.Errorf("the removed person's stream heard %v before their own letter %d", ev, own)
	}

	// Replying from an old letter is refused with a clear message, nothing saved; a draft too.
	before := [2]int{w.count("mail_messages", "1"), w.count("mail_views", "1")}
	for _, lang := range []string{"en", "mn"} {
		r := w.call("counselor1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "can I still write?"}, "Accept-Language", lang)
		if r.Status != 403 || r.Str("code") != "mail_left" || r.Str("message") == "" || strings.Contains(r.Str("message"), "workspaceMail.") {
			t.Errorf("a reply of the removed person (%s): %d %s", lang, r.Status, r.Raw)
		}
	}
	if r := w.call("counselor1", "POST", "/api/mail/drafts", map[string]any{"threadId": id, "body": "a draft"}); r.Status != 403 || r.Str("code") != "mail_left" {
		t.Errorf("a draft of the removed person: %d %s", r.Status, r.Raw)
	}
	if r := w.call("counselor1", "POST", leave(id), nil); r.Status != 403 || r.Str("code") != "mail_left" {
		t.Errorf("leaving again: %d %s", r.Status, r.Raw)
	}
	// A reply checked before the removal and stored after it: refused inside its transaction.
	err := w.s.Store().InTx(context.Background(), func(tx *db.Store) error {
		_, err := tx.SendMail(context.Background(), db.MailOutgoing{ThreadID: id, SenderID: counselor, SenderName: "Counselor1 Test",
			Recipients: []int64{w.ids["owner1"], manager}, Subject: "Budget talk", Body: "raced the removal"}, w.clock.Now())
		return err
	})
	if !errors.Is(err, db.ErrMailLeft) {
		t.Errorf("a reply racing the removal: %v", err)
	}
	if after := [2]int{w.count("mail_messages", "1"), w.count("mail_views", "1")}; after != before {
		t.Errorf("refusals saved something: %v → %v", before, after)
	}
	// What they had is theirs: they may forward it to someone they may write to.
	old := d.Body["messages"].([]any)[0].(map[string]any)["id"].(float64)
	w.must(201, "counselor1", "POST", "/api/mail/send", map[string]any{"to": []int64{w.ids["owner1"]}, "subject": "Fwd: Budget talk", "body": "fyi", "forwardOf": int64(old)})
	w.checkCounts()

	// Added again by the manager: a participant, who sees the whole thread.
	w.must(201, "manager1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "Back with us.", "add": []int64{counselor}})
	if d := w.must(200, "counselor1", "GET", details(id), nil); !strings.Contains(d.Raw, "secret words after the removal") || !strings.Contains(d.Raw, `"left":false`) ||
		!strings.Contains(d.Raw, `"canReply":true`) {
		t.Errorf("added again: %s", d.Raw)
	}
	w.must(201, "counselor1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "Thanks for adding me back."})
	w.checkCounts()
}

// Leaving: anyone in a thread of people may; they keep what they had and get nothing later;
// the others see that they left. The platform's letters have fixed people (409).
func TestLeaveThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.letter("owner1", "Fair stands", "where do the stands go", "manager1", "counselor1")
	w.must(201, "counselor1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "By the door."})
	w.must(204, "manager1", "POST", leave(id), nil)
	if n := w.count("notifications", "kind = 'mail.removed'"); n != 0 {
		t.Errorf("leaving told someone they were removed")
	}
	d := w.must(200, "owner1", "GET", details(id), nil)
	if !strings.Contains(d.Raw, `"kind":"left"`) || !strings.Contains(d.Raw, fmt.Sprintf(`"actorId":%d`, w.ids["manager1"])) || !strings.Contains(d.Raw, `"actorName":"Manager`) {
		t.Errorf("the others see who left: %s", d.Raw)
	}
	w.must(201, "owner1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "stands after the leaving"})
	for _, path := range []string{details(id), "/api/mail/list", "/api/mail/list?folder=all&q=leaving"} {
		if r := w.must(200, "manager1", "GET", path, nil); strings.Contains(r.Raw, "after the leaving") {
			t.Errorf("%s shows the one who left a later letter: %s", path, r.Raw)
		}
	}
	if r := w.must(200, "manager1", "GET", details(id), nil); !strings.Contains(r.Raw, "By the door.") || !strings.Contains(r.Raw, `"left":true`) {
		t.Errorf("the one who left keeps what they had: %s", r.Raw)
	}
	if r := w.must(200, "counselor1", "GET", details(id), nil); !strings.Contains(r.Raw, "stands after the leaving") {
		t.Errorf("the others still write to each other: %s", r.Raw)
	}
	if r := w.call("manager1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "again"}); r.Status != 403 || r.Str("code") != "mail_left" {
		t.Errorf("a reply after leaving: %d %s", r.Status, r.Raw)
	}
	// Exported data: what they had, not what came later.
	if r := w.must(200, "manager1", "GET", "/api/account/export", nil); strings.Contains(r.Raw, "after the leaving") {
		t.Errorf("the export has a later letter")
	}
	// The last two: the owner leaves too; the counselor is alone (no reply) and may still leave.
	w.must(204, "owner1", "POST", leave(id), nil)
	if r := w.call("counselor1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "anyone?"}); r.Status != 422 || r.Str("code") != "mail_no_reply" {
		t.Errorf("a reply with nobody left: %d %s", r.Status, r.Raw)
	}
	w.must(204, "counselor1", "DELETE", remove(id, w.ids["counselor1"]), nil) // removing oneself is leaving
	// The platform's letters: their people are fixed.
	ctx := context.Background()
	var sys int64
	if err := w.s.Store().InTx(ctx, func(tx *db.Store) error {
		var err error
		sys, err = workspacemail.Deliver(ctx, tx, workspacemail.Letter{UserID: w.ids["applicant"], Subject: "Invoice", Body: "x", At: w.clock.Now()})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if r := w.call("applicant", "POST", leave(sys), nil); r.Status != 409 || r.Str("code") != "mail_fixed" {
		t.Errorf("leaving the platform's letter: %d %s", r.Status, r.Raw)
	}
	if r := w.call("applicant", "POST", leave(999999), nil); r.Status != 404 {
		t.Errorf("leaving a thread that does not exist: %d", r.Status)
	}
	w.checkCounts()
}
