package mail_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/platform/notify"
	workspacemail "gerege/app/workspace/mail"
	"gerege/db"
)

// letter sends a new letter from a to the people named and returns the thread's id.
func (w *world) letter(from, subject, body string, to ...string) int64 {
	w.t.Helper()
	ids := []int64{}
	for _, n := range to {
		ids = append(ids, w.ids[n])
	}
	r := w.must(201, from, "POST", "/api/mail/send", map[string]any{"to": ids, "subject": subject, "body": body})
	return int64(r.Body["threadId"].(float64))
}

func (w *world) count(table, cond string, args ...any) int {
	w.t.Helper()
	var n int
	if err := w.s.Store().Read.QueryRow(`SELECT count(*) FROM `+table+` WHERE `+cond, args...).Scan(&n); err != nil {
		w.t.Fatal(err)
	}
	return n
}

// checkCounts fails the test unless the kept unread counts are what the listing rows say.
func (w *world) checkCounts() {
	w.t.Helper()
	var bad int
	if err := w.s.Store().Read.QueryRow(`SELECT count(*) FROM (
		SELECT owner_id, box, count(*) AS n FROM mail_boxes WHERE unread > 0 GROUP BY owner_id, box
		EXCEPT SELECT owner_id, box, unread FROM mail_counts WHERE unread > 0
		UNION ALL
		SELECT owner_id, box, unread FROM mail_counts WHERE unread > 0
		EXCEPT SELECT owner_id, box, count(*) FROM mail_boxes WHERE unread > 0 GROUP BY owner_id, box)`).Scan(&bad); err != nil {
		w.t.Fatal(err)
	}
	if bad != 0 {
		w.t.Errorf("%d unread counts differ from the listing rows", bad)
	}
}

func details(id int64) string { return fmt.Sprintf("/api/mail/details?id=%d", id) }

// A letter to a colleague: in their inbox unread, in the sender's sent; the reply goes back to
// the sender's inbox in the same thread.
func TestSendReadReply(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.letter("applicant", "My documents", "Dear counselor,\nhere is my question.", "counselor1")
	in := w.must(200, "counselor1", "GET", "/api/mail/list?folder=inbox", nil)
	if !strings.Contains(in.Raw, `"subject":"My documents"`) || !strings.Contains(in.Raw, `"unread":1`) || !strings.Contains(in.Raw, `"from":"Applicant Test"`) {
		t.Errorf("the recipient's inbox: %s", in.Raw)
	}
	sent := w.must(200, "applicant", "GET", "/api/mail/list?folder=sent", nil)
	if !strings.Contains(sent.Raw, "My documents") {
		t.Errorf("the sender's sent: %s", sent.Raw)
	}
	if r := w.must(200, "applicant", "GET", "/api/mail/list", nil); strings.Contains(r.Raw, "My documents") {
		t.Errorf("a letter one sent is not in one's own inbox: %s", r.Raw)
	}
	if h := w.must(200, "counselor1", "GET", "/api/workspace/home", nil); !strings.Contains(h.Raw, `{"key":"unreadMail","href":"/dashboard/mail","count":1}`) {
		t.Errorf("the home page's widget: %s", h.Raw)
	}
	labels := w.must(200, "counselor1", "GET", "/api/mail/labels", nil)
	if !strings.Contains(labels.Raw, `{"key":"inbox","unread":1,"count":0}`) {
		t.Errorf("the unread count: %s", labels.Raw)
	}
	d := w.must(200, "counselor1", "GET", details(id), nil)
	if !strings.Contains(d.Raw, "here is my question") || !strings.Contains(d.Raw, `"canReply":true`) {
		t.Errorf("details: %s", d.Raw)
	}
	w.must(200, "counselor1", "POST", "/api/mail/modify", map[string]any{"threadIds": []int64{id}, "action": "read"})
	if r := w.must(200, "counselor1", "GET", "/api/mail/labels", nil); strings.Contains(r.Raw, `{"key":"inbox","unread":1`) {
		t.Errorf("still unread after reading: %s", r.Raw)
	}
	// The reply: the thread's subject, back to the sender.
	w.must(201, "counselor1", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "Here is my answer."})
	back := w.must(200, "applicant", "GET", "/api/mail/list", nil)
	if !strings.Contains(back.Raw, fmt.Sprintf(`"id":%d`, id)) || !strings.Contains(back.Raw, "Here is my answer.") {
		t.Errorf("the reply in the sender's inbox: %s", back.Raw)
	}
	d = w.must(200, "applicant", "GET", details(id), nil)
	if strings.Count(d.Raw, `"senderId"`) != 2 {
		t.Errorf("the thread has two messages: %s", d.Raw)
	}
	w.checkCounts()
}

// Another person's mailbox, thread, draft, label and attachment are never readable or
// changeable: 404 as for what does not exist, and nothing of it in any answer.
func TestOthersMailIsPrivate(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	up := w.upload("applicant", "cv.png", pngBytes(t))
	apitest.MustStatus(t, up, 201)
	fileID := int64(up.Body["fileId"].(float64))
	r := w.must(201, "applicant", "POST", "/api/mail/send", map[string]any{"to": []int64{w.ids["counselor1"]}, "subject": "Secret subject",
		"body": "secret text", "fileIds": []int64{fileID}})
	thread, msg := int64(r.Body["threadId"].(float64)), int64(r.Body["messageId"].(float64))
	draft := w.must(201, "applicant", "POST", "/api/mail/drafts", map[string]any{"subject": "Draft subject", "body": "draft text"})
	draftID := int64(draft.Body["id"].(float64))
	label := w.must(201, "applicant", "POST", "/api/mail/labels", map[string]any{"name": "Private label"})
	labelID := int64(label.Body["id"].(float64))
	path := fmt.Sprintf("/api/mail/messages/%d/attachments/%d", msg, fileID)
	if got := w.call("counselor1", "GET", path, nil); got.Status != 200 || got.Raw != string(pngBytes(t)) {
		t.Errorf("the recipient's download: %d", got.Status)
	}
	secrets := []string{"Secret subject", "secret text", "Draft subject", "draft text", "Private label", "PNG"}
	for _, who := range []string{"stranger", "owner2", "manager1"} {
		for _, c := range []struct {
			method, path string
			body         any
			status       int
		}{
			{"GET", details(thread), nil, 404},
			{"GET", details(int64(draft.Body["threadId"].(float64))), nil, 404},
			{"GET", path, nil, 404},
			{"GET", "/api/mail/list?folder=all", nil, 200},
			{"GET", "/api/mail/list?folder=all&q=secret", nil, 200},
			{"GET", "/api/mail/labels", nil, 200},
			{"GET", fmt.Sprintf("/api/mail/list?label=%d", labelID), nil, 404},
			{"POST", "/api/mail/modify", map[string]any{"threadIds": []int64{thread}, "action": "trash"}, 404},
			{"POST", "/api/mail/modify", map[string]any{"threadIds": []int64{thread}, "action": "label", "labelId": labelID}, 404},
			{"POST", "/api/mail/send", map[string]any{"threadId": thread, "body": "sneaking in"}, 404},
			{"POST", "/api/mail/send", map[string]any{"draftId": draftID, "to": []int64{w.ids["admin"]}, "subject": "x", "body": "y"}, 404},
			{"POST", "/api/mail/send", map[string]any{"forwardOf": msg, "to": []int64{w.ids["admin"]}, "subject": "Fwd", "body": "look"}, 422},
			{"PATCH", fmt.Sprintf("/api/mail/labels/%d", labelID), map[string]any{"name": "Mine now"}, 404},
			{"DELETE", fmt.Sprintf("/api/mail/labels/%d", labelID), nil, 404},
			{"DELETE", fmt.Sprintf("/api/mail/drafts/%d", draftID), nil, 404},
		} {
			got := w.call(who, c.method, c.path, c.body)
			if got.Status != c.status {
				t.Errorf("%s %s %s: %d, want %d: %s", who, c.method, c.path, got.Status, c.status, got.Raw)
			}
			for _, s := range secrets {
				if strings.Contains(got.Raw, s) {
					t.Errorf("%s %s %s shows %q: %s", who, c.method, c.path, s, got.Raw)
				}
			}
		}
	}
	// The owner's thread is untouched, the draft and label still there.
	if r := w.must(200, "applicant", "GET", "/api/mail/list?folder=sent", nil); !strings.Contains(r.Raw, "Secret subject") {
		t.Errorf("after the others' attempts: %s", r.Raw)
	}
	if r := w.must(200, "applicant", "GET", "/api/mail/labels", nil); !strings.Contains(r.Raw, "Private label") {
		t.Errorf("the label: %s", r.Raw)
	}
	// The recipient cannot send the sender's upload again as their own.
	if r := w.call("counselor1", "POST", "/api/mail/send", map[string]any{"threadId": thread, "body": "again", "fileIds": []int64{fileID}}); r.Status != 422 {
		t.Errorf("sending another's file: %d %s", r.Status, r.Raw)
	}
}

// Who may write to whom is the chat's rule, and a block either way refuses the letter (new or
// a reply), in the person's language, saving nothing.
func TestBlockedAndNotAllowed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, c := range []struct {
		from, to string
		want     int
	}{
		{"applicant", "counselor1", 201}, {"owner1", "manager1", 201}, {"comm1", "comm2", 201}, {"stranger", "admin", 201},
		{"applicant", "owner2", 403}, {"stranger", "comm1", 403}, {"comm1", "pending", 403},
	} {
		r := w.call(c.from, "POST", "/api/mail/send", map[string]any{"to": []int64{w.ids[c.to]}, "subject": "Hello", "body": "Hi"})
		if r.Status != c.want {
			t.Errorf("%s → %s: %d, want %d: %s", c.from, c.to, r.Status, c.want, r.Raw)
		}
		if c.want == 403 && r.Str("code") != "mail_not_allowed" {
			t.Errorf("%s → %s: %s", c.from, c.to, r.Raw)
		}
	}
	missing := w.call("comm1", "POST", "/api/mail/send", map[string]any{"to": []int64{999999}, "subject": "Hello", "body": "Hi"})
	refused := w.call("comm1", "POST", "/api/mail/send", map[string]any{"to": []int64{w.ids["stranger"]}, "subject": "Hello", "body": "Hi"})
	if missing.Status != 403 || missing.Raw != refused.Raw {
		t.Errorf("a missing account answers differently:\n%s\n%s", missing.Raw, refused.Raw)
	}
	thread := w.letter("comm1", "Before the block", "first", "comm2")
	w.must(204, "comm2", "PUT", fmt.Sprintf("/api/me/blocks/%d", w.ids["comm1"]), nil)
	before := w.count("mail_messages", "1")
	r := w.call("comm1", "POST", "/api/mail/send", map[string]any{"to": []int64{w.ids["comm2"]}, "subject": "After the block", "body": "Hi"})
	if r.Status != 403 || r.Str("code") != "mail_not_allowed" {
		t.Errorf("a new letter to the one who blocked: %d %s", r.Status, r.Raw)
	}
	r = w.call("comm1", "POST", "/api/mail/send", map[string]any{"threadId": thread, "body": "a reply"}, "Accept-Language", "mn")
	if r.Status != 403 || !strings.Contains(r.Str("message"), "боломжгүй") {
		t.Errorf("a reply to the one who blocked, in Mongolian: %d %s", r.Status, r.Raw)
	}
	// The one who blocked cannot write either.
	apitest.MustStatus(t, w.call("comm2", "POST", "/api/mail/send", map[string]any{"threadId": thread, "body": "a reply"}), 403)
	apitest.MustStatus(t, w.call("comm1", "POST", "/api/mail/drafts", map[string]any{"to": []int64{w.ids["comm2"]}, "subject": "x"}), 403)
	if after := w.count("mail_messages", "1"); after != before {
		t.Errorf("refused letters were saved: %d messages, then %d", before, after)
	}
	if r := w.must(200, "comm2", "GET", "/api/mail/list", nil); strings.Contains(r.Raw, "After the block") || strings.Contains(r.Raw, "a reply") {
		t.Errorf("the blocked letter arrived: %s", r.Raw)
	}
}

// Too long, too many, missing: refused with field errors in the person's language, nothing
// half-saved (no thread, message, view, attachment link).
func TestBadLetters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	to := []int64{w.ids["counselor1"]}
	long := strings.Repeat("я", workspacemail.MaxBody+1)
	up := w.upload("applicant", "cv.png", pngBytes(t))
	fileID := int64(up.Body["fileId"].(float64))
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"oversize text", map[string]any{"to": to, "subject": "Long", "body": long, "fileIds": []int64{fileID}}, "body"},
		{"no recipient", map[string]any{"subject": "Nobody", "body": "x"}, "to"},
		{"no subject", map[string]any{"to": to, "body": "x"}, "subject"},
		{"empty", map[string]any{"to": to, "subject": "Empty"}, "body"},
		{"long subject", map[string]any{"to": to, "subject": strings.Repeat("s", 201), "body": "x"}, "subject"},
		{"another's upload", map[string]any{"to": to, "subject": "File", "body": "x", "fileIds": []int64{fileID + 1000}}, "fileIds"},
	} {
		r := w.call("applicant", "POST", "/api/mail/send", c.body)
		if r.Status != 422 || !strings.Contains(r.Raw, `"`+c.field+`"`) {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
		}
	}
	en := w.call("applicant", "POST", "/api/mail/send", map[string]any{"to": to, "subject": "Long", "body": long})
	mn := w.call("applicant", "POST", "/api/mail/send", map[string]any{"to": to, "subject": "Long", "body": long}, "Accept-Language", "mn")
	if en.Str("errors", "body") != "Use at most 20000 characters." || !strings.Contains(mn.Str("errors", "body"), "тэмдэгт") {
		t.Errorf("the oversize message's field error:\n%s\n%s", en.Raw, mn.Raw)
	}
	for _, table := range []string{"mail_threads", "mail_messages", "mail_views", "mail_boxes", "mail_attachments"} {
		if n := w.count(table, "1"); n != 0 {
			t.Errorf("%s has %d rows after refused letters", table, n)
		}
	}
	// The upload is still the sender's, unattached, and goes with a good letter.
	w.must(201, "applicant", "POST", "/api/mail/send", map[string]any{"to": to, "subject": "Good", "body": "x", "fileIds": []int64{fileID}})
	if n := w.count("mail_attachments", "file_id = ?", fileID); n != 1 {
		t.Errorf("the file after a good letter: %d links", n)
	}
	// A refused type, by content.
	if r := w.upload("applicant", "evil.png", []byte("#!/bin/sh\nrm -rf /\n")); r.Status != 415 {
		t.Errorf("a script as .png: %d %s", r.Status, r.Raw)
	}
	// Bad queries.
	for _, p := range []string{"/api/mail/list?folder=spam", "/api/mail/list?label=x", "/api/mail/list?after=zzz", "/api/mail/details?id=x"} {
		if r := w.call("applicant", "GET", p, nil); r.Status >= 500 || r.Status == 200 {
			t.Errorf("%s: %d %s", p, r.Status, r.Raw)
		}
	}
}

// Folders and labels: archive, trash and restore move a thread; star and important add it
// to their folders; a label lists its threads; names are the person's own, any case.
func TestFoldersAndLabels(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.letter("applicant", "First letter", "one", "counselor1")
	b := w.letter("applicant", "Second letter", "two", "counselor1")
	list := func(q string) string { return w.must(200, "counselor1", "GET", "/api/mail/list?"+q, nil).Raw }
	mod := func(action string, ids ...int64) {
		w.must(200, "counselor1", "POST", "/api/mail/modify", map[string]any{"threadIds": ids, "action": action})
	}
	mod("archive", a)
	if l := list("folder=inbox"); strings.Contains(l, "First letter") || !strings.Contains(l, "Second letter") {
		t.Errorf("inbox after archiving: %s", l)
	}
	if l := list("folder=archive"); !strings.Contains(l, "First letter") {
		t.Errorf("archive: %s", l)
	}
	mod("trash", b)
	if l := list("folder=trash"); !strings.Contains(l, "Second letter") {
		t.Errorf("trash: %s", l)
	}
	if l := list("folder=all"); strings.Contains(l, "Second letter") {
		t.Errorf("all mail shows the trash: %s", l)
	}
	mod("restore", b)
	if l := list("folder=inbox"); !strings.Contains(l, "Second letter") {
		t.Errorf("restored: %s", l)
	}
	mod("star", a)
	mod("important", b)
	if l := list("folder=starred"); !strings.Contains(l, "First letter") || strings.Contains(l, "Second letter") {
		t.Errorf("starred: %s", l)
	}
	if l := list("folder=important"); !strings.Contains(l, "Second letter") {
		t.Errorf("important: %s", l)
	}
	// A new letter in an archived thread brings it back to the inbox.
	w.must(201, "applicant", "POST", "/api/mail/send", map[string]any{"threadId": a, "body": "are you there?"})
	if l := list("folder=inbox"); !strings.Contains(l, "First letter") {
		t.Errorf("an answered archived thread: %s", l)
	}
	// Labels.
	r := w.must(201, "counselor1", "POST", "/api/mail/labels", map[string]any{"name": "  Өргөдөл  "})
	id := int64(r.Body["id"].(float64))
	if r.Str("name") != "Өргөдөл" {
		t.Errorf("the label's name is trimmed: %s", r.Raw)
	}
	if r := w.call("counselor1", "POST", "/api/mail/labels", map[string]any{"name": "өргөдөл"}); r.Status != 422 || !strings.Contains(r.Raw, `"name"`) {
		t.Errorf("the same name in another case: %d %s", r.Status, r.Raw)
	}
	w.must(201, "applicant", "POST", "/api/mail/labels", map[string]any{"name": "Өргөдөл"}) // another person's own
	w.must(200, "counselor1", "POST", "/api/mail/modify", map[string]any{"threadIds": []int64{a}, "action": "label", "labelId": id})
	if l := list(fmt.Sprintf("label=%d", id)); !strings.Contains(l, "First letter") || strings.Contains(l, "Second letter") {
		t.Errorf("the label's list: %s", l)
	}
	if l := list("folder=inbox"); !strings.Contains(l, fmt.Sprintf(`"labelIds":[%d]`, id)) {
		t.Errorf("the thread shows its label: %s", l)
	}
	w.must(200, "counselor1", "PATCH", fmt.Sprintf("/api/mail/labels/%d", id), map[string]any{"name": "Applications"})
	if l := w.must(200, "counselor1", "GET", "/api/mail/labels", nil); !strings.Contains(l.Raw, `"name":"Applications"`) {
		t.Errorf("renamed: %s", l.Raw)
	}
	w.must(204, "counselor1", "DELETE", fmt.Sprintf("/api/mail/labels/%d", id), nil)
	if l := list("folder=inbox"); !strings.Contains(l, "First letter") || strings.Contains(l, fmt.Sprintf(`"labelIds":[%d]`, id)) {
		t.Errorf("after deleting the label: %s", l)
	}
	if n := w.count("mail_boxes", "box = ?", db.MailLabelBox(id)); n != 0 {
		t.Errorf("the deleted label's rows: %d", n)
	}
	mod("unread", a, b)
	if l := w.must(200, "counselor1", "GET", "/api/mail/labels", nil); !strings.Contains(l.Raw, `{"key":"inbox","unread":2,"count":0}`) {
		t.Errorf("two unread threads: %s", l.Raw)
	}
	mod("trash", a)
	if l := w.must(200, "counselor1", "GET", "/api/mail/labels", nil); !strings.Contains(l.Raw, `{"key":"inbox","unread":1,"count":0}`) ||
		!strings.Contains(l.Raw, `{"key":"trash","unread":1,"count":0}`) {
		t.Errorf("one unread in the inbox, one in the trash: %s", l.Raw)
	}
	w.checkCounts()
}

// Drafts are their author's only; sending one moves it out of drafts to its recipients.
// Forwarding carries the attachments, readable by the new thread's people only.
func TestDraftsAndForward(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	up := w.upload("owner1", "plan.png", pngBytes(t))
	fileID := int64(up.Body["fileId"].(float64))
	d := w.must(201, "owner1", "POST", "/api/mail/drafts", map[string]any{"to": []int64{w.ids["manager1"]}, "subject": "Plan", "body": "first",
		"fileIds": []int64{fileID}})
	id := int64(d.Body["id"].(float64))
	w.must(200, "owner1", "POST", "/api/mail/drafts", map[string]any{"draftId": id, "to": []int64{w.ids["manager1"]}, "subject": "Plan v2",
		"body": "second", "fileIds": []int64{fileID}})
	if l := w.must(200, "owner1", "GET", "/api/mail/list?folder=drafts", nil); !strings.Contains(l.Raw, "Plan v2") || !strings.Contains(l.Raw, `"drafts":1`) {
		t.Errorf("drafts: %s", l.Raw)
	}
	if l := w.must(200, "manager1", "GET", "/api/mail/list?folder=all", nil); strings.Contains(l.Raw, "Plan") {
		t.Errorf("the recipient sees a draft: %s", l.Raw)
	}
	sent := w.must(201, "owner1", "POST", "/api/mail/send", map[string]any{"draftId": id, "to": []int64{w.ids["manager1"]}, "subject": "Plan v3",
		"body": "final", "fileIds": []int64{fileID}})
	thread, msg := int64(sent.Body["threadId"].(float64)), int64(sent.Body["messageId"].(float64))
	if l := w.must(200, "owner1", "GET", "/api/mail/list?folder=drafts", nil); strings.Contains(l.Raw, "Plan") {
		t.Errorf("a sent draft stays in drafts: %s", l.Raw)
	}
	got := w.must(200, "manager1", "GET", details(thread), nil)
	if !strings.Contains(got.Raw, "Plan v3") || !strings.Contains(got.Raw, "final") || !strings.Contains(got.Raw, `"name":"plan.png"`) {
		t.Errorf("the recipient's thread: %s", got.Raw)
	}
	// The manager forwards it to the counselor of the organisation.
	fw := w.must(201, "manager1", "POST", "/api/mail/send", map[string]any{"forwardOf": msg, "to": []int64{w.ids["counselor1"]},
		"subject": "Fwd: Plan v3", "body": "FYI"})
	fwMsg := int64(fw.Body["messageId"].(float64))
	if r := w.call("counselor1", "GET", fmt.Sprintf("/api/mail/messages/%d/attachments/%d", fwMsg, fileID), nil); r.Status != 200 {
		t.Errorf("the forward's recipient downloads: %d", r.Status)
	}
	// Not through the original message, whose thread they are not in.
	if r := w.call("counselor1", "GET", fmt.Sprintf("/api/mail/messages/%d/attachments/%d", msg, fileID), nil); r.Status != 404 {
		t.Errorf("the original's attachment for someone not in its thread: %d", r.Status)
	}
	if r := w.call("counselor1", "GET", details(thread), nil); r.Status != 404 {
		t.Errorf("the original thread: %d", r.Status)
	}
	// Discarding a draft deletes it and its file.
	up2 := w.upload("owner1", "tmp.png", pngBytes(t))
	f2 := int64(up2.Body["fileId"].(float64))
	d2 := w.must(201, "owner1", "POST", "/api/mail/drafts", map[string]any{"subject": "Scratch", "fileIds": []int64{f2}})
	w.must(204, "owner1", "DELETE", fmt.Sprintf("/api/mail/drafts/%d", int64(d2.Body["id"].(float64))), nil)
	if n := w.count("files", "id = ?", f2); n != 0 {
		t.Errorf("the discarded draft's file stays")
	}
	if n := w.count("mail_threads", "subject = 'Scratch'"); n != 0 {
		t.Errorf("the discarded draft's thread stays")
	}
}

// Search finds subject, text and sender in both languages and their Latin spellings, only in
// the caller's own mail.
func TestSearch(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.letter("applicant", "Дадлагын баримт бичиг", "Сурлагын дүнгийн хуудас хавсаргав.", "counselor1")
	w.letter("applicant", "Interview time", "Could we meet on Tuesday?", "counselor1")
	w.letter("comm1", "Баримт бас", "Өөр хүний захидал, хуудас", "comm2")
	for q, want := range map[string][]string{
		"баримт":   {"Дадлагын баримт бичиг"},
		"barimt":   {"Дадлагын баримт бичиг"},
		"tuesday":  {"Interview time"},
		"хуудас":   {"Дадлагын баримт бичиг"},
		"applican": {"Дадлагын баримт бичиг", "Interview time"},
	} {
		r := w.must(200, "counselor1", "GET", "/api/mail/list?folder=all&q="+q, nil)
		for _, s := range want {
			if !strings.Contains(r.Raw, s) {
				t.Errorf("q=%s lacks %q: %s", q, s, r.Raw)
			}
		}
		if strings.Contains(r.Raw, "Баримт бас") {
			t.Errorf("q=%s finds another person's mail: %s", q, r.Raw)
		}
	}
	if r := w.must(200, "counselor1", "GET", "/api/mail/list?folder=all&q=zebra", nil); strings.Contains(r.Raw, `"id"`) {
		t.Errorf("nothing matches: %s", r.Raw)
	}
}

// Keyset paging: every thread once, newest first, across pages.
func TestPaging(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if err := w.s.Store().MailSeed(context.Background(), w.ids["counselor1"], w.ids["applicant"], 120, w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	seen := map[float64]bool{}
	path := "/api/mail/list"
	pages := 0
	for path != "" {
		r := w.must(200, "counselor1", "GET", path, nil)
		pages++
		for _, it := range r.Body["items"].([]any) {
			id := it.(map[string]any)["id"].(float64)
			if seen[id] {
				t.Fatalf("thread %v twice", id)
			}
			seen[id] = true
		}
		path = ""
		if n := r.Str("next"); n != "" {
			path = "/api/mail/list?after=" + n
		}
	}
	if len(seen) != 120 || pages != 3 {
		t.Errorf("%d threads in %d pages", len(seen), pages)
	}
}

// The platform's letters: Deliver files one in the inbox, every notification arrives as one
// (in the person's language), and nobody can reply to them. A person who chose email copies
// gets one through the outbox.
func TestSystemMailAndCopies(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	st := w.s.Store()
	err := st.InTx(ctx, func(tx *db.Store) error {
		_, err := workspacemail.Deliver(ctx, tx, workspacemail.Letter{UserID: w.ids["applicant"], Subject: "Your invoice",
			Body: "Invoice 2026-0001", Link: "/dashboard", At: w.clock.Now()})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// A notification that exists already (the chat's is not mirrored; a new letter's is not either).
	r := w.must(200, "applicant", "GET", "/api/mail/list", nil)
	if !strings.Contains(r.Raw, "Your invoice") || !strings.Contains(r.Raw, `"system":true`) {
		t.Errorf("the platform's letter: %s", r.Raw)
	}
	id := int64(r.Body["items"].([]any)[0].(map[string]any)["id"].(float64))
	d := w.must(200, "applicant", "GET", details(id), nil)
	if !strings.Contains(d.Raw, `"senderName":"Gerege"`) || !strings.Contains(d.Raw, `"canReply":false`) {
		t.Errorf("details: %s", d.Raw)
	}
	if r := w.call("applicant", "POST", "/api/mail/send", map[string]any{"threadId": id, "body": "thanks"}); r.Status != 422 || r.Str("code") != "mail_no_reply" {
		t.Errorf("a reply to the platform: %d %s", r.Status, r.Raw)
	}
	// The person asks for copies by email; the first letter of a thread sends one notice (and
	// its email), the next ones while unread none.
	w.must(200, "counselor1", "PUT", "/api/notifications/preferences", map[string]any{"preferences": []map[string]string{{"kind": "mail.message", "email": "immediate"}}})
	thread := w.letter("applicant", "Copy me", "The text of the copy.", "counselor1")
	w.must(201, "applicant", "POST", "/api/mail/send", map[string]any{"threadId": thread, "body": "second"})
	if n := w.count("notifications", "user_id = ? AND kind = 'mail.message'", w.ids["counselor1"]); n != 1 {
		t.Errorf("notices of new mail: %d", n)
	}
	if _, err := w.s.Notify().DeliverDue(ctx, w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	e := apitest.LastEmail(t, w.s, "counselor1@example.mn")
	if !strings.Contains(e.Text, "The text of the copy.") || !strings.Contains(e.Subject+e.Text, "Applicant Test") {
		t.Errorf("the email copy: %s\n%s", e.Subject, e.Text)
	}
	// Other notifications are letters too (and the new-mail notice is not).
	err = st.InTx(ctx, func(tx *db.Store) error {
		return notify.Send(ctx, tx, notify.Notification{UserID: w.ids["comm1"], Kind: workspacemail.NewMail.Name, At: w.clock.Now(),
			Params: map[string]string{"name": "X", "subject": "not mirrored", "excerpt": ""}})
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := w.count("mail_views", "owner_id = ?", w.ids["comm1"]); n != 0 {
		t.Errorf("a new-mail notice became a letter")
	}
	// A notification of another module (a form's status) arrives as a letter from Gerege, in
	// the person's language, with its link.
	err = st.InTx(ctx, func(tx *db.Store) error {
		return notify.Send(ctx, tx, notify.Notification{UserID: w.ids["comm2"], Kind: "forms.status", At: w.clock.Now(),
			Params: map[string]string{"reference": "SUP-2026-000042", "status": "accepted", "form": "support"}, Link: "/dashboard/forms"})
	})
	if err != nil {
		t.Fatal(err)
	}
	r = w.must(200, "comm2", "GET", "/api/mail/list", nil)
	if !strings.Contains(r.Raw, "SUP-2026-000042") || !strings.Contains(r.Raw, `"system":true`) || !strings.Contains(r.Raw, "status updated") {
		t.Errorf("the notification as a letter: %s", r.Raw)
	}
	id = int64(r.Body["items"].([]any)[0].(map[string]any)["id"].(float64))
	if d := w.must(200, "comm2", "GET", details(id), nil); !strings.Contains(d.Raw, `"link":"/dashboard/forms"`) {
		t.Errorf("the letter's link: %s", d.Raw)
	}
}

// Download my data has the mailbox; deleting the account removes it and empties the letters
// it sent in the others' threads.
func TestUserDataExportAndErasure(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	thread := w.letter("comm1", "Goodbye", "from the one who departs", "comm2")
	w.must(201, "comm2", "POST", "/api/mail/send", map[string]any{"threadId": thread, "body": "from the one who stays"})
	w.must(201, "comm1", "POST", "/api/mail/labels", map[string]any{"name": "My label"})
	exp := w.must(200, "comm1", "GET", "/api/account/export", nil)
	for _, s := range []string{"from the one who departs", "from the one who stays", "My label"} {
		if !strings.Contains(exp.Raw, s) {
			t.Errorf("export lacks %q: %.800s", s, exp.Raw)
		}
	}
	w.must(204, "comm1", "DELETE", "/api/account", map[string]any{"password": apitest.Password})
	r := w.must(200, "comm2", "GET", details(thread), nil)
	if strings.Contains(r.Raw, "from the one who departs") || !strings.Contains(r.Raw, "from the one who stays") {
		t.Errorf("after the account was deleted: %s", r.Raw)
	}
	if n := w.count("mail_labels", "name = 'My label'"); n != 0 {
		t.Errorf("the label outlived the account")
	}
	if r := w.must(200, "comm2", "GET", "/api/mail/list?folder=all&q=departs", nil); strings.Contains(r.Raw, `"id"`) {
		t.Errorf("the erased text is still found: %s", r.Raw)
	}
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, 8, 8))
	m.Set(1, 1, color.RGBA{R: 200, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// upload posts content as the multipart field file, as name.
func (w *world) upload(name, filename string, content []byte) apitest.Reply {
	w.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", filename)
	_, _ = fw.Write(content)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", w.ts.URL+"/api/mail/attachments", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := w.as(name).Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := apitest.Reply{Status: res.StatusCode, Raw: string(raw)}
	_ = jsonInto(raw, &r.Body)
	return r
}

// The trash: deleted for good by its owner (from the trash only) or 30 days after it was put
// there (the job, on the injected clock); the others keep the thread; a thread nobody is left
// in goes with its search rows; the counts follow.
func TestTrashExpiry(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	a := w.letter("applicant", "Old news", "gone soon", "counselor1")
	b := w.letter("applicant", "Kept news", "stays", "counselor1")
	mod := func(who, action string, ids ...int64) apitest.Reply {
		return w.must(200, who, "POST", "/api/mail/modify", map[string]any{"threadIds": ids, "action": action})
	}
	// Not from outside the trash.
	if r := mod("counselor1", "delete", a); r.Body["changed"].(float64) != 0 {
		t.Errorf("deleted a thread not in the trash: %s", r.Raw)
	}
	mod("counselor1", "trash", a)
	if r := mod("counselor1", "delete", a); r.Body["changed"].(float64) != 1 {
		t.Errorf("delete for good: %s", r.Raw)
	}
	apitest.MustStatus(t, w.call("counselor1", "GET", details(a), nil), 404)
	if r := w.must(200, "applicant", "GET", details(a), nil); !strings.Contains(r.Raw, "gone soon") {
		t.Errorf("the sender lost the thread: %s", r.Raw)
	}
	// The job: 30 days after the trash, not before.
	mod("counselor1", "trash", b)
	mod("applicant", "trash", a)
	w.clock.Advance(29 * 24 * time.Hour)
	job, ok := w.s.Jobs().Job("mail.trash")
	if !ok {
		t.Fatal("no mail.trash job")
	}
	if err := job.Run(ctx, w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if n := w.count("mail_views", "1"); n != 3 {
		t.Errorf("after 29 days: %d views", n)
	}
	w.clock.Advance(2 * 24 * time.Hour)
	if err := job.Run(ctx, w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if n := w.count("mail_threads", "subject = 'Old news'"); n != 0 {
		t.Errorf("a thread nobody is in stays")
	}
	if n := w.count("mail_views", "thread_id = ?", b); n != 1 {
		t.Errorf("the expired view of b: %d views left", n)
	}
	w.Forget("applicant") // a month later: signed in again
	if r := w.must(200, "applicant", "GET", "/api/mail/list?folder=all&q=gone", nil); strings.Contains(r.Raw, `"id"`) {
		t.Errorf("the deleted thread is found: %s", r.Raw)
	}
	w.checkCounts()
}

// Sending is rate-limited per account: past DefaultRate a letter is refused with 429 and
// Retry-After, and nothing of it is kept.
func TestSendRateLimit(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	to := []int64{w.ids["counselor1"]}
	for i := 0; i < workspacemail.DefaultRate.N; i++ {
		w.must(201, "applicant", "POST", "/api/mail/send", map[string]any{"to": to, "subject": fmt.Sprintf("Letter %d", i), "body": "x"})
	}
	r := w.call("applicant", "POST", "/api/mail/send", map[string]any{"to": to, "subject": "One too many", "body": "x"})
	if r.Status != 429 || r.Header.Get("Retry-After") == "" {
		t.Errorf("past the limit: %d %s", r.Status, r.Raw)
	}
	if n := w.count("mail_threads", "subject = 'One too many'"); n != 0 {
		t.Errorf("the refused letter was kept")
	}
	// Another account is not held up.
	w.must(201, "counselor1", "POST", "/api/mail/send", map[string]any{"to": []int64{w.ids["applicant"]}, "subject": "Mine", "body": "x"})
}
