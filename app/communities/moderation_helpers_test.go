package communities_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/db"
)

// modWorld is a small community world written straight into the tables (the other parts'
// APIs are not needed to test moderation): a public school community with an admin, two
// moderators and members, a members-only club, posts and comments, a platform-wide post.
type modWorld struct {
	t                                        *testing.T
	s                                        *app.Server
	ts                                       *httptest.Server
	clock                                    *apitest.Clock
	ids                                      map[string]int64        // people by name
	c                                        map[string]*http.Client // signed-in clients by name
	school, club                             int64
	post, comment, clubPost, staffPost, poll int64
}

var modHash = func() string { h, _ := secure.NewHasher().Hash(apitest.Password); return h }()

func newModWorld(t *testing.T) *modWorld {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	w := &modWorld{t: t, s: s, ts: ts, clock: clock, ids: map[string]int64{}, c: map[string]*http.Client{}}
	old := clock.Now().Add(-30 * 24 * time.Hour)
	for _, name := range []string{"admin", "mod", "mod2", "author", "r1", "r2", "r3", "outsider", "staff"} {
		w.person(name, old, true, name == "staff")
	}
	w.school = w.community("school", "public", 3)
	w.club = w.community("club", "members", 3)
	for name, role := range map[string]string{"admin": "admin", "mod": "moderator", "mod2": "moderator", "author": "member", "r1": "member", "r2": "member"} {
		w.exec(`INSERT INTO community_members (community_id, user_id, role, joined_at) VALUES (?,?,?,?)`, w.school, w.ids[name], role, db.T(old))
	}
	w.exec(`INSERT INTO community_members (community_id, user_id, role, joined_at) VALUES (?,?,?,?)`, w.club, w.ids["author"], "admin", db.T(old))
	w.post = w.newPost("welcome", w.school, "author", "Welcome to the school")
	w.clubPost = w.newPost("club-secret", w.club, "author", "Club secret plans")
	w.staffPost = w.newPost("platform-news", 0, "staff", "Platform news")
	w.comment = w.insert(`INSERT INTO comments (post_id, author_id, body, body_html, created_at) VALUES (?,?,?,?,?)`,
		w.post, w.ids["author"], "A rude comment", "<p>A rude comment</p>", db.T(old))
	w.poll = w.insert(`INSERT INTO polls (post_id, question, created_at) VALUES (?,?,?)`, w.post, "Which day?", db.T(old))
	return w
}

func (w *modWorld) exec(q string, args ...any) {
	w.t.Helper()
	if _, err := w.s.Store().Write.Exec(q, args...); err != nil {
		w.t.Fatalf("%s: %v", q, err)
	}
}

func (w *modWorld) insert(q string, args ...any) int64 {
	w.t.Helper()
	res, err := w.s.Store().Write.Exec(q, args...)
	if err != nil {
		w.t.Fatalf("%s: %v", q, err)
	}
	id, _ := res.LastInsertId()
	return id
}

// person creates an account (created at created; verified or not) and signs it in.
func (w *modWorld) person(name string, created time.Time, verified, admin bool) int64 {
	w.t.Helper()
	u, err := w.s.Store().CreateUser(context.Background(), db.NewUser{Email: name + "@example.mn", PasswordHash: modHash,
		FirstName: strings.ToUpper(name[:1]) + name[1:], LastName: "Test", AccountType: "individual", Language: "en",
		DateOfBirth: "1995-01-01", IsAdmin: admin, Verified: verified}, created)
	if err != nil {
		w.t.Fatal(err)
	}
	w.ids[name] = u.ID
	w.c[name] = apitest.SignIn(w.t, w.ts, name+"@example.mn")
	return u.ID
}

func (w *modWorld) community(slug, visibility string, autoHide int) int64 {
	now := db.T(w.clock.Now())
	return w.insert(`INSERT INTO communities (slug, name_en, name_mn, visibility, auto_hide, created_at, updated_at) VALUES (?,?,?,?,?,?,?)`,
		slug, "Community "+slug, "Нийгэмлэг "+slug, visibility, autoHide, now, now)
}

func (w *modWorld) newPost(slug string, community int64, author, title string) int64 {
	now := db.T(w.clock.Now().Add(-time.Hour))
	var c any
	if community != 0 {
		c = community
	}
	return w.insert(`INSERT INTO posts (slug, community_id, author_id, title, body, status, published_at, last_activity_at, created_at, updated_at)
		VALUES (?,?,?,?,?, 'published', ?,?,?,?)`, slug, c, w.ids[author], title, title+" — the body", now, now, now, now)
}

func (w *modWorld) call(as, method, path string, body any) apitest.Reply {
	w.t.Helper()
	return apitest.Call(w.t, w.c[as], w.ts, method, path, body, "", "Sec-Fetch-Site", "same-origin")
}

func (w *modWorld) report(as, typ string, id int64, reason string) apitest.Reply {
	w.t.Helper()
	return w.call(as, "POST", "/api/reports", map[string]any{"targetType": typ, "targetId": id, "reason": reason, "note": "please look"})
}

func (w *modWorld) decide(as, typ string, id int64, action, reason string, days int) apitest.Reply {
	w.t.Helper()
	return w.call(as, "POST", "/api/moderation/actions", map[string]any{"targetType": typ, "targetId": id, "action": action, "reason": reason, "days": days})
}

func (w *modWorld) str(q string, args ...any) string {
	w.t.Helper()
	var v string
	if err := w.s.Store().Write.QueryRow(q, args...).Scan(&v); err != nil {
		w.t.Fatalf("%s: %v", q, err)
	}
	return v
}

// notifications returns the titles and bodies of a person's notifications, in lang.
func (w *modWorld) notifications(as, lang string) string {
	w.t.Helper()
	r := apitest.Call(w.t, w.c[as], w.ts, "GET", "/api/notifications?limit=100", nil, "", "Accept-Language", lang)
	apitest.MustStatus(w.t, r, 200)
	return r.Raw
}

func (w *modWorld) count(q string, args ...any) int {
	w.t.Helper()
	var n int
	if err := w.s.Store().Write.QueryRow(q, args...).Scan(&n); err != nil {
		w.t.Fatalf("%s: %v", q, err)
	}
	return n
}

func idStr(id int64) string { return fmt.Sprint(id) }

func condCol(col string, viewer int64) string { c, _ := db.NotHiddenFor(col, viewer); return c }
func cond(viewer int64) string                { return condCol("p.author_id", viewer) }
func args(viewer int64) []any                 { _, a := db.NotHiddenFor("", viewer); return a }
