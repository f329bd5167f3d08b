package notify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gerege/app/platform/mail"
	"gerege/db"
	"gerege/i18n"
)

// The kinds these tests send (the registry is process-wide; kinds are registered once).
var (
	testKind = Register(Kind{Name: "test.thing", Title: "notifications.kinds.formsStatus.title",
		Body: "notifications.kinds.formsStatus.body", Label: "notifications.kinds.formsStatus.label", DefaultEmail: Immediate,
		Translate: map[string]string{"status": "forms.desk.statuses.", "form": "forms.names."}})
	digestKind = Register(Kind{Name: "test.digest", Title: "notifications.kinds.formsStatus.title",
		Body: "notifications.kinds.formsStatus.body", Label: "notifications.kinds.formsStatus.label", DefaultEmail: Digest,
		Translate: map[string]string{"status": "forms.desk.statuses.", "form": "forms.names."}})
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

type fixture struct {
	store *db.Store
	svc   *Service
	clock *clock
	a, b  *db.User
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "n.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	c := &clock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)}
	user := func(email, lang string) *db.User {
		u, err := store.CreateUser(ctx, db.NewUser{Email: email, PasswordHash: "x", FirstName: "F" + lang, LastName: "L",
			AccountType: "individual", Language: lang}, c.Now())
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := &Service{Store: store, Mailer: mail.New(store, mail.SMTP{}, log, c.Now), Key: []byte("0123456789abcdef0123456789abcdef"),
		BaseURL: "https://gerege.test", Now: c.Now, Log: log}
	return &fixture{store: store, svc: svc, clock: c, a: user("a@example.mn", "mn"), b: user("b@example.mn", "en")}
}

func (f *fixture) send(t *testing.T, u *db.User, kind Kind, ref string, at time.Time) {
	t.Helper()
	err := Send(context.Background(), f.store, Notification{UserID: u.ID, Kind: kind.Name, At: at, Link: "/dashboard",
		Params: map[string]string{"reference": ref, "status": "accepted", "form": "volunteer"}})
	if err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) outbox(t *testing.T) []db.Email {
	t.Helper()
	list, err := f.store.Outbox(context.Background(), 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestSendRefusesWhatItCannotStore(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, n := range []Notification{
		{UserID: f.a.ID, Kind: "nobody.registered", At: f.clock.Now()},
		{UserID: f.a.ID, Kind: testKind.Name},                                        // no time
		{UserID: 0, Kind: testKind.Name, At: f.clock.Now()},                          // no recipient
		{UserID: f.a.ID, Kind: testKind.Name, At: f.clock.Now(), Link: "https://x"},  // not a path
		{UserID: f.a.ID, Kind: testKind.Name, At: f.clock.Now(), Link: "//evil.org"}, // another host
	} {
		if err := Send(ctx, f.store, n); err == nil {
			t.Errorf("Send(%+v) succeeded", n)
		}
	}
	if err := Send(ctx, f.store, Notification{UserID: 12345, Kind: testKind.Name, At: f.clock.Now()}); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("unknown user: %v", err)
	}
	if n, _ := f.store.UnreadNotifications(ctx, f.a.ID); n != 0 {
		t.Errorf("%d stored", n)
	}
}

// TestListPagesNewestFirst: keyset pages on (created_at, id) cover every notification once,
// newest first — two created at the same instant included — and never another person's.
func TestListPagesNewestFirst(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	t0 := f.clock.Now()
	for i := range 7 {
		at := t0.Add(time.Duration(i) * time.Minute)
		if i == 4 {
			at = t0.Add(3 * time.Minute) // the same instant as the one before
		}
		f.send(t, f.a, testKind, fmt.Sprintf("A-%d", i), at)
	}
	f.send(t, f.b, testKind, "B-0", t0.Add(time.Hour))

	var refs []string
	after := ""
	pages := 0
	for {
		list, next, err := f.store.Notifications(ctx, db.NotificationFilter{UserID: f.a.ID, After: after, Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, n := range list {
			if n.UserID != f.a.ID {
				t.Fatalf("another person's notification in the list: %+v", n)
			}
			refs = append(refs, n.Params[strings.Index(n.Params, "A-"):strings.Index(n.Params, "A-")+3])
		}
		if next == "" {
			break
		}
		after = next
	}
	want := "A-6 A-5 A-4 A-3 A-2 A-1 A-0"
	if got := strings.Join(refs, " "); got != want || pages != 3 {
		t.Errorf("pages %d: %s, want %s", pages, got, want)
	}
	if _, _, err := f.store.Notifications(ctx, db.NotificationFilter{UserID: f.a.ID, After: "garbage"}); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("a malformed cursor: %v", err)
	}
}

func TestMarkReadOnlyOwn(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := f.clock.Now()
	f.send(t, f.a, testKind, "A-1", now)
	f.send(t, f.a, testKind, "A-2", now.Add(time.Second))
	f.send(t, f.b, testKind, "B-1", now)
	listA, _, _ := f.store.Notifications(ctx, db.NotificationFilter{UserID: f.a.ID})
	listB, _, _ := f.store.Notifications(ctx, db.NotificationFilter{UserID: f.b.ID})

	if err := f.store.MarkNotificationRead(ctx, f.a.ID, listB[0].ID, now); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("marking another person's notification: %v", err)
	}
	if n, _ := f.store.UnreadNotifications(ctx, f.b.ID); n != 1 {
		t.Errorf("B's unread %d after A tried to mark it", n)
	}
	if err := f.store.MarkNotificationRead(ctx, f.a.ID, listA[0].ID, now); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.store.UnreadNotifications(ctx, f.a.ID); n != 1 {
		t.Errorf("unread %d, want 1", n)
	}
	unread, _, _ := f.store.Notifications(ctx, db.NotificationFilter{UserID: f.a.ID, UnreadOnly: true})
	if len(unread) != 1 || unread[0].ID != listA[1].ID {
		t.Errorf("unread filter: %+v", unread)
	}
	if n, err := f.store.MarkAllNotificationsRead(ctx, f.a.ID, now); err != nil || n != 1 {
		t.Errorf("mark all: %d %v", n, err)
	}
	if n, _ := f.store.UnreadNotifications(ctx, f.a.ID); n != 0 {
		t.Errorf("unread %d after mark all", n)
	}
	if n, _ := f.store.UnreadNotifications(ctx, f.b.ID); n != 1 {
		t.Errorf("mark all reached another person: B unread %d", n)
	}
}

// TestRenderInTheReadersLanguage: nothing is stored as text; the title and body come out in
// the language asked for, translated params included.
func TestRenderInTheReadersLanguage(t *testing.T) {
	f := newFixture(t)
	f.send(t, f.a, testKind, "CVP-2026-000001", f.clock.Now())
	list, _, _ := f.store.Notifications(context.Background(), db.NotificationFilter{UserID: f.a.ID})
	if strings.Contains(list[0].Params, "Accepted") || strings.Contains(list[0].Params, "status updated") {
		t.Errorf("stored as text: %s", list[0].Params)
	}
	title, body := Render("en", list[0])
	if title != "Cultural Volunteer Program registration: status updated" || body != "Your submission CVP-2026-000001 is now: Accepted." {
		t.Errorf("en: %q / %q", title, body)
	}
	title, body = Render("mn", list[0])
	if !strings.Contains(title, i18n.T("mn", "forms.names.volunteer")) || !strings.Contains(body, i18n.T("mn", "forms.desk.statuses.accepted")) {
		t.Errorf("mn: %q / %q", title, body)
	}
}

// TestImmediateEmailFollowsPreferences: by default the kind's mode; Off sends none; an email is
// in the recipient's language with its unsubscribe links; read before delivery, none is sent.
func TestImmediateEmailFollowsPreferences(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := f.clock.Now()
	f.send(t, f.a, testKind, "A-1", now) // a: mn, default immediate
	if err := f.store.SetNotificationPrefs(ctx, f.b.ID, map[string]string{testKind.Name: "off"}, now); err != nil {
		t.Fatal(err)
	}
	f.send(t, f.b, testKind, "B-1", now) // b: turned off

	n, err := f.svc.DeliverDue(ctx, f.clock.Now())
	if err != nil || n != 1 {
		t.Fatalf("delivered %d, %v", n, err)
	}
	out := f.outbox(t)
	if len(out) != 1 || out[0].To != "a@example.mn" || out[0].Lang != "mn" {
		t.Fatalf("outbox: %+v", out)
	}
	e := out[0]
	if !strings.Contains(e.Subject, "төлөв шинэчлэгдлээ") || !strings.Contains(e.Text, "https://gerege.test/mn/dashboard") {
		t.Errorf("email: %s\n%s", e.Subject, e.Text)
	}
	if !strings.HasPrefix(e.ListUnsubscribe, "https://gerege.test/api/notifications/unsubscribe?token=") ||
		!strings.Contains(e.Text, "https://gerege.test/mn/notifications/unsubscribe?token=") {
		t.Errorf("unsubscribe links: %q\n%s", e.ListUnsubscribe, e.Text)
	}
	if n, _ := f.svc.DeliverDue(ctx, f.clock.Now()); n != 0 {
		t.Errorf("delivered %d again", n)
	}

	// Read in the app before the runner came: no email.
	f.send(t, f.a, testKind, "A-2", now.Add(time.Minute))
	if _, err := f.store.MarkAllNotificationsRead(ctx, f.a.ID, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.svc.DeliverDue(ctx, f.clock.Now()); n != 0 || len(f.outbox(t)) != 1 {
		t.Errorf("a notification read before delivery was emailed (%d)", n)
	}
}

// TestDigestOncePerDay drives the digest job with an injected clock: a digest holds what came
// before the day's digest hour, goes out at most once a day, skips what was read, and is in the
// recipient's language with a digest-wide unsubscribe.
func TestDigestOncePerDay(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	day1 := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC) // DigestHour 0
	f.clock.Set(day1.Add(10 * time.Hour))
	f.send(t, f.b, digestKind, "B-1", day1.Add(9*time.Hour))
	f.send(t, f.b, digestKind, "B-2", day1.Add(10*time.Hour))
	f.send(t, f.a, digestKind, "A-1", day1.Add(9*time.Hour))
	if n, _ := f.svc.DeliverDue(ctx, f.clock.Now()); n != 0 {
		t.Errorf("digest kinds sent at once: %d", n)
	}
	// A reads theirs in the app before the digest.
	if _, err := f.store.MarkAllNotificationsRead(ctx, f.a.ID, day1.Add(11*time.Hour)); err != nil {
		t.Fatal(err)
	}

	// Later the same day: nothing yet (the day's digest is for what came before 00:00).
	f.clock.Set(day1.Add(23 * time.Hour))
	if n, err := f.svc.SendDigests(ctx, f.clock.Now()); err != nil || n != 0 {
		t.Fatalf("same day: %d %v", n, err)
	}
	// The next day, after the hour: one digest for B with both lines, none for A (read).
	f.clock.Set(day1.Add(24*time.Hour + 30*time.Minute))
	f.send(t, f.b, digestKind, "B-3", day1.Add(24*time.Hour+10*time.Minute)) // after the hour: tomorrow's
	if n, err := f.svc.SendDigests(ctx, f.clock.Now()); err != nil || n != 1 {
		t.Fatalf("next day: %d %v", n, err)
	}
	out := f.outbox(t)
	if len(out) != 1 || out[0].To != "b@example.mn" || out[0].Kind != "notificationDigest" {
		t.Fatalf("outbox: %+v", out)
	}
	d := out[0]
	if d.Subject != "Your Gerege summary: 2 new notifications" || !strings.Contains(d.Text, "B-1") || !strings.Contains(d.Text, "B-2") ||
		strings.Contains(d.Text, "B-3") {
		t.Errorf("digest: %s\n%s", d.Subject, d.Text)
	}
	tok, ok := strings.CutPrefix(d.ListUnsubscribe, "https://gerege.test/api/notifications/unsubscribe?token=")
	if pt, valid := parseToken(f.svc.Key, tok); !ok || !valid || pt.scope != DigestScope || pt.userID != f.b.ID {
		t.Errorf("digest unsubscribe: %q", d.ListUnsubscribe)
	}
	// Running again the same day sends nothing more.
	f.clock.Set(day1.Add(30 * time.Hour))
	if n, _ := f.svc.SendDigests(ctx, f.clock.Now()); n != 0 {
		t.Errorf("a second digest the same day: %d", n)
	}
	// The day after: B-3.
	f.clock.Set(day1.Add(48*time.Hour + time.Minute))
	if n, _ := f.svc.SendDigests(ctx, f.clock.Now()); n != 1 || !strings.Contains(f.outbox(t)[0].Text, "B-3") {
		t.Errorf("third day: %d", n)
	}
}

func TestUnsubscribeToken(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	good := Token(key, 42, testKind.Name)
	if got, ok := parseToken(key, good); !ok || got.userID != 42 || got.scope != testKind.Name {
		t.Fatalf("valid token refused: %+v %v", got, ok)
	}
	p64, sig, _ := strings.Cut(good, ".")
	forged := b64.EncodeToString([]byte("43:"+testKind.Name)) + "." + sig // another person, same signature
	for name, tok := range map[string]string{
		"another person":  forged,
		"another key":     Token([]byte("another key of thirty-two bytes!"), 42, testKind.Name),
		"unknown kind":    Token(key, 42, "nobody.registered"),
		"no signature":    p64,
		"empty":           "",
		"bad base64":      "!!!.???",
		"truncated sig":   good[:len(good)-2],
		"zero user":       Token(key, 0, testKind.Name),
		"negative user":   Token(key, -1, testKind.Name),
		"no scope at all": b64.EncodeToString([]byte("42")) + "." + b64.EncodeToString(sign(key, "42")),
	} {
		if _, ok := parseToken(key, tok); ok {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, ok := parseToken(key, Token(key, 7, DigestScope)); !ok {
		t.Error("digest scope refused")
	}
}

// TestUnsubscribeTurnsTheKindOff: the scope's kinds go Off, waiting emails are dropped, other
// kinds and other people stay as they were.
func TestUnsubscribeTurnsTheKindOff(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := f.clock.Now()
	f.send(t, f.a, testKind, "A-1", now) // owes an immediate email
	f.send(t, f.b, testKind, "B-1", now)
	if err := f.svc.unsubscribe(ctx, unsubToken{userID: f.a.ID, scope: testKind.Name}); err != nil {
		t.Fatal(err)
	}
	prefs, _ := f.store.NotificationPrefs(ctx, f.a.ID)
	if prefs[testKind.Name] != "off" || prefs[digestKind.Name] != "" {
		t.Errorf("prefs after unsubscribe: %v", prefs)
	}
	if n, _ := f.svc.DeliverDue(ctx, f.clock.Now()); n != 1 || f.outbox(t)[0].To != "b@example.mn" {
		t.Errorf("delivered %d: the unsubscribed email went out, or B's did not", n)
	}
	// The digest scope turns off what comes by digest (here: digestKind by default), nothing else.
	if err := f.svc.unsubscribe(ctx, unsubToken{userID: f.b.ID, scope: DigestScope}); err != nil {
		t.Fatal(err)
	}
	prefs, _ = f.store.NotificationPrefs(ctx, f.b.ID)
	if prefs[digestKind.Name] != "off" || prefs[testKind.Name] != "" {
		t.Errorf("prefs after digest unsubscribe: %v", prefs)
	}
}

// An unsubscribe link of an account deleted since does nothing, and says so without an error.
func TestUnsubscribeDeletedAccount(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if err := f.store.DeleteUser(ctx, f.a.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.unsubscribe(ctx, unsubToken{userID: f.a.ID, scope: testKind.Name}); err != nil {
		t.Errorf("unsubscribing a deleted account: %v", err)
	}
	if err := f.store.SetNotificationPrefs(ctx, f.a.ID, map[string]string{testKind.Name: "off"}, f.clock.Now()); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("prefs of a deleted account: %v", err)
	}
}

// TestBilingualParams: a param given in both languages ("title.en", "title.mn") is {{title}} in
// the reader's language, or in the other one when theirs is empty.
func TestBilingualParams(t *testing.T) {
	k := Kind{Name: "test.bilingual", Title: "notifications.kinds.formsStatus.title", Body: "notifications.kinds.formsStatus.body"}
	mu.Lock()
	kinds[k.Name] = k
	mu.Unlock()
	n := func(params string) db.Notification { return db.Notification{Kind: k.Name, Params: params} }
	for _, tc := range []struct{ lang, params, want string }{
		{"en", `{"form.en":"English","form.mn":"Монгол"}`, "English"},
		{"mn", `{"form.en":"English","form.mn":"Монгол"}`, "Монгол"},
		{"mn", `{"form.en":"English","form.mn":""}`, "English"},
		{"en", `{"form.mn":"Монгол"}`, "Монгол"},
	} {
		if title, _ := Render(tc.lang, n(tc.params)); !strings.Contains(title, tc.want) {
			t.Errorf("%s %s: %q", tc.lang, tc.params, title)
		}
	}
}
