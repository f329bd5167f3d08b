package mail_test

import (
	"fmt"
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// The demo has mail with labels in both languages: the student's Mongolian thread with a
// label, the owner's English one, the platform's letters and the notifications as letters.
func TestDemoMail(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	as := func(email string) func(path string) apitest.Reply {
		c := apitest.WebClient()
		apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, ""), 200)
		return func(path string) apitest.Reply { return apitest.Call(t, c, ts, "GET", path, nil, "") }
	}
	student := as("student@demo.gerege.mn")
	if r := student("/api/mail/labels"); !strings.Contains(r.Raw, `"name":"Өргөдөл"`) || !strings.Contains(r.Raw, `{"key":"inbox","unread":`) {
		t.Errorf("the student's labels: %s", r.Raw)
	}
	if r := student("/api/mail/list?folder=starred"); !strings.Contains(r.Raw, "Дадлагын өргөдлийн бичиг баримт") || !strings.Contains(r.Raw, `"labelIds":[`) {
		t.Errorf("the student's starred thread: %.600s", r.Raw)
	}
	if r := student("/api/mail/list"); !strings.Contains(r.Raw, `"system":true`) || !strings.Contains(r.Raw, "Таны шуудангийн хайрцаг бэлэн боллоо") {
		t.Errorf("the platform's letters to the student: %.800s", r.Raw)
	}
	owner := as("owner@demo.gerege.mn")
	if r := owner("/api/mail/list?folder=all"); !strings.Contains(r.Raw, "Exchange program information session") || !strings.Contains(r.Raw, "Your organization's mailbox is ready") {
		t.Errorf("the owner's mail: %.800s", r.Raw)
	}
	if r := owner("/api/mail/labels"); !strings.Contains(r.Raw, `"name":"Team"`) || !strings.Contains(r.Raw, `"name":"Applicants"`) {
		t.Errorf("the owner's labels: %s", r.Raw)
	}
	sarah := as("sarah.counselor@demo.gerege.mn")
	if r := sarah("/api/mail/list?folder=archive"); !strings.Contains(r.Raw, "Exchange program information session") {
		t.Errorf("the counselor's archive: %.600s", r.Raw)
	}
	// The counselor left the fair thread: the others see the line, she keeps it (read).
	if r := owner("/api/mail/list?folder=all&q=fair"); !strings.Contains(r.Raw, "Autumn fair") || !strings.Contains(r.Raw, `"unread":0`) {
		t.Errorf("the fair thread: %.600s", r.Raw)
	} else {
		id := int64(r.Body["items"].([]any)[0].(map[string]any)["id"].(float64))
		if d := owner(fmt.Sprintf("/api/mail/details?id=%d", id)); !strings.Contains(d.Raw, `"kind":"left"`) || !strings.Contains(d.Raw, `"actorName":"Sarah Miller"`) {
			t.Errorf("the fair thread's line: %.800s", d.Raw)
		}
		if d := sarah(fmt.Sprintf("/api/mail/details?id=%d", id)); !strings.Contains(d.Raw, `"left":true`) || !strings.Contains(d.Raw, "I can staff the stand") {
			t.Errorf("the counselor keeps it: %.800s", d.Raw)
		}
	}
	// The owner added the counselor to the thread with the manager: she has it, whole, unread.
	if r := sarah("/api/mail/list"); !strings.Contains(r.Raw, "Ирэх долоо хоногийн ярилцлагууд") || !strings.Contains(r.Raw, "I added Sarah") {
		t.Errorf("the counselor's inbox: %.800s", r.Raw)
	}
}
