package notify_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/db"
	"gerege/i18n"
)

// deskClient is a web client signed in as a forms-desk member (level 1).
func deskClient(t *testing.T, s *app.Server, ts *httptest.Server, email string) *http.Client {
	t.Helper()
	hash, err := secure.NewHasher().Hash(apitest.Password)
	if err != nil {
		t.Fatal(err)
	}
	u, err := s.Store().CreateUser(context.Background(), db.NewUser{Email: email, PasswordHash: hash, FirstName: "D", LastName: "K",
		AccountType: "individual", Language: "en", DateOfBirth: "1990-01-01"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Store().SetStaff(context.Background(), u.ID, 1, time.Now()); err != nil {
		t.Fatal(err)
	}
	return apitest.SignIn(t, ts, email)
}

// TestNotificationsThroughTheRouter: a desk status change tells the signed-in sender (in-app
// and by email, in their language); the list, count and marks are the caller's own only; the
// unsubscribe link's GET changes nothing and its one-click POST turns the kind off.
func TestNotificationsThroughTheRouter(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	ctx := context.Background()

	sender := apitest.Register(t, ts, "sender@example.mn", nil).Str("accessToken")
	other := apitest.Register(t, ts, "other@example.mn", nil).Str("accessToken")
	if _, err := s.Store().Write.Exec(`UPDATE users SET language = 'mn' WHERE email = 'sender@example.mn'`); err != nil {
		t.Fatal(err)
	}
	sent := apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Сараа", "sender@example.mn"), sender)
	apitest.MustStatus(t, sent, 201)
	ref := sent.Str("reference")
	anon := apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Болд", "bold@example.mn"), "")
	apitest.MustStatus(t, anon, 201)

	desk := deskClient(t, s, ts, "desk@example.mn")
	list := apitest.Call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions", nil, "")
	ids := map[string]int64{}
	for _, it := range list.Body["items"].([]any) {
		m := it.(map[string]any)
		ids[m["reference"].(string)] = int64(m["id"].(float64))
	}
	setStatus := func(ref, status string) {
		t.Helper()
		apitest.MustStatus(t, apitest.Call(t, desk, ts, "POST", fmt.Sprintf("/api/admin/submissions/%d/status", ids[ref]), map[string]any{"status": status}, ""), 200)
	}
	count := func(tok string) int {
		t.Helper()
		r := apitest.Call(t, nil, ts, "GET", "/api/notifications/unread-count", nil, tok)
		apitest.MustStatus(t, r, 200)
		return int(r.Body["unread"].(float64))
	}
	if count(sender) != 0 {
		t.Fatal("a notification before any change")
	}
	setStatus(ref, "in_review")
	setStatus(anon.Str("reference"), "accepted") // sent signed out: nobody to tell
	if n := count(sender); n != 1 {
		t.Fatalf("sender's unread: %d", n)
	}
	if n := count(other); n != 0 {
		t.Errorf("another person was told: %d", n)
	}
	var total int
	s.Store().Read.QueryRow(`SELECT count(*) FROM notifications`).Scan(&total)
	if total != 1 {
		t.Errorf("%d notifications stored, want 1 (the anonymous sender is not told)", total)
	}

	// The list, in the request's language; another person's list must not contain it.
	en := apitest.Call(t, nil, ts, "GET", "/api/notifications", nil, sender)
	apitest.MustStatus(t, en, 200)
	want := "Your submission " + ref + " is now: In review."
	if !strings.Contains(en.Raw, want) || !strings.Contains(en.Raw, `"link":"/dashboard"`) || en.Body["unread"].(float64) != 1 {
		t.Errorf("list: %s", en.Raw)
	}
	mn := apitest.Call(t, nil, ts, "GET", "/api/notifications", nil, sender, "Accept-Language", "mn")
	if !strings.Contains(mn.Raw, i18n.T("mn", "forms.desk.statuses.in_review")) {
		t.Errorf("mn list: %s", mn.Raw)
	}
	theirs := apitest.Call(t, nil, ts, "GET", "/api/notifications", nil, other)
	if strings.Contains(theirs.Raw, ref) || strings.Contains(theirs.Raw, "In review") || !strings.Contains(theirs.Raw, `"notifications":[]`) {
		t.Errorf("another person's list shows it: %s", theirs.Raw)
	}
	id := int64(en.Body["notifications"].([]any)[0].(map[string]any)["id"].(float64))
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", fmt.Sprintf("/api/notifications/%d/read", id), nil, other), 404)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/notifications", nil, ""), 401)

	// The email: in the sender's language (mn), with the one-click header. (The server's own
	// runner may have sent it already; DeliverDue waits for it and sends what is left.)
	emailsTo := func(to string) int {
		t.Helper()
		if _, err := s.Notify().DeliverDue(ctx, time.Now()); err != nil {
			t.Fatal(err)
		}
		var n int
		s.Store().Read.QueryRow(`SELECT count(*) FROM outbox WHERE to_addr = ? AND kind = 'notification'`, to).Scan(&n)
		return n
	}
	if n := emailsTo("sender@example.mn"); n != 1 {
		t.Fatalf("%d notification emails to the sender", n)
	}
	e := apitest.LastEmail(t, s, "sender@example.mn")
	if e.Kind != "notification" || e.Lang != "mn" || !strings.Contains(e.Text, ref) || e.ListUnsubscribe == "" {
		t.Fatalf("email: %+v", e)
	}

	// Read.
	r := apitest.Call(t, nil, ts, "POST", fmt.Sprintf("/api/notifications/%d/read", id), nil, sender)
	if r.Status != 200 || r.Body["unread"].(float64) != 0 {
		t.Errorf("mark read: %d %s", r.Status, r.Raw)
	}
	setStatus(ref, "accepted")
	setStatus(ref, "rejected")
	if count(sender) != 2 {
		t.Errorf("unread after two more changes: %d", count(sender))
	}
	if unread := apitest.Call(t, nil, ts, "GET", "/api/notifications?unread=1", nil, sender); len(unread.Body["notifications"].([]any)) != 2 {
		t.Errorf("unread filter: %s", unread.Raw)
	}
	if r := apitest.Call(t, nil, ts, "POST", "/api/notifications/read-all", nil, sender); r.Body["unread"].(float64) != 0 {
		t.Errorf("read-all: %s", r.Raw)
	}

	// Unsubscribe: a GET (a link scanner, a preview) changes nothing; a browser is sent to the page.
	u, _ := url.Parse(e.ListUnsubscribe)
	path := u.RequestURI()
	info := apitest.Call(t, nil, ts, "GET", path, nil, "", "Accept-Language", "en")
	if info.Status != 200 || info.Body["done"] != false || !strings.Contains(info.Raw, "Status changes of forms you sent") {
		t.Errorf("GET: %d %s", info.Status, info.Raw)
	}
	page := apitest.Do(t, ts, "GET", path, "", map[string]string{"Accept": "text/html", "Accept-Language": "mn"})
	if page.Status != http.StatusSeeOther || !strings.HasPrefix(page.Header.Get("Location"), "/mn/notifications/unsubscribe?token=") {
		t.Errorf("a browser's GET: %d %s", page.Status, page.Header.Get("Location"))
	}
	prefs := func() string {
		r := apitest.Call(t, nil, ts, "GET", "/api/notifications/preferences", nil, sender)
		apitest.MustStatus(t, r, 200)
		return r.Raw
	}
	if !strings.Contains(prefs(), `"kind":"forms.status","label":"Status changes of forms you sent","email":"immediate"`) {
		t.Fatalf("a GET unsubscribed: %s", prefs())
	}
	forged := strings.Replace(path, "token=", "token=x", 1)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", forged, nil, ""), 400)
	// The one-click POST as a mail provider sends it: a form body, no cookies, no Origin.
	oneClick := apitest.Do(t, ts, "POST", path, "List-Unsubscribe=One-Click", map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
	if oneClick.Status != 200 || !strings.Contains(oneClick.Raw, `"done":true`) {
		t.Fatalf("one-click: %d %s", oneClick.Status, oneClick.Raw)
	}
	if !strings.Contains(prefs(), `"kind":"forms.status","label":"Status changes of forms you sent","email":"off"`) {
		t.Errorf("not turned off: %s", prefs())
	}
	before := emailsTo("sender@example.mn")
	setStatus(ref, "in_review")
	if n := emailsTo("sender@example.mn"); n != before {
		t.Errorf("emailed after unsubscribing: %d, was %d", n, before)
	}
	if count(sender) != 1 {
		t.Error("unsubscribing from email stopped the in-app notification too")
	}

	// Preferences: back on, by digest; unknown kinds and modes refused.
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/notifications/preferences", map[string]any{"preferences": []map[string]any{{"kind": "forms.status", "email": "digest"}}}, sender), 200)
	if !strings.Contains(prefs(), `"email":"digest"`) {
		t.Errorf("prefs: %s", prefs())
	}
	// By digest: nothing at once; the server's digest job (run with tomorrow's time) sends one.
	before = emailsTo("sender@example.mn")
	setStatus(ref, "accepted")
	if n := emailsTo("sender@example.mn"); n != before {
		t.Errorf("a digest kind was emailed at once: %d, was %d", n, before)
	}
	job, ok := s.Jobs().Job("notify.digest")
	if !ok {
		t.Fatal("no notify.digest job")
	}
	if err := job.Run(ctx, time.Now().Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if d := apitest.LastEmail(t, s, "sender@example.mn"); d.Kind != "notificationDigest" || d.Lang != "mn" || !strings.Contains(d.Text, i18n.T("mn", "forms.desk.statuses.accepted")) {
		t.Errorf("digest: %+v", d)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/notifications/preferences", map[string]any{"preferences": []map[string]any{{"kind": "nope.nope", "email": "off"}}}, sender), 422)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/notifications/preferences", map[string]any{"preferences": []map[string]any{{"kind": "forms.status", "email": "hourly"}}}, sender), 422)
}

// The notifications page is a SignedIn dashboard page: signed out, it sends to sign in.
func TestNotificationsPage(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	r := apitest.Do(t, ts, "GET", "/en/dashboard/notifications", "", nil)
	if r.Status != http.StatusFound || !strings.HasPrefix(r.Header.Get("Location"), "/en/auth/login?returnTo=") {
		t.Errorf("signed out: %d %s", r.Status, r.Header.Get("Location"))
	}
}
