package filemanager_test

import (
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// The demo has files in folders in both languages: the owner's, the organisation's (one
// shared with a counselor) and the student's, whose trash holds a file.
func TestDemoFiles(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	login := func(email string) *httpClient {
		c := apitest.WebClient()
		apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, ""), 200)
		return &httpClient{t: t, c: c, ts: ts}
	}
	owner := login("owner@demo.gerege.mn")
	if r := owner.get("/api/files"); !strings.Contains(r, `"name":"Гэрээ"`) || !strings.Contains(r, `"name":"Presentations"`) || !strings.Contains(r, "Лого.png") {
		t.Errorf("the owner's files: %.600s", r)
	}
	if r := owner.get("/api/files?space=org"); !strings.Contains(r, "Сургалтын материал") || !strings.Contains(r, "Training materials") {
		t.Errorf("the organisation's files: %.600s", r)
	}
	counselor := login("ganbat.counselor@demo.gerege.mn")
	if r := counselor.get("/api/files/shared"); !strings.Contains(r, "Student handbook.pdf") {
		t.Errorf("shared with the counselor: %.600s", r)
	}
	student := login("student@demo.gerege.mn")
	if r := student.get("/api/files"); !strings.Contains(r, "Дипломын ажил") || !strings.Contains(r, "Applications") {
		t.Errorf("the student's files: %.600s", r)
	}
	if r := student.get("/api/files/trash"); !strings.Contains(r, "Old draft.pdf") {
		t.Errorf("the student's trash: %.600s", r)
	}
}
