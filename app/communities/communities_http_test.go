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

var sameOrigin = []string{"Sec-Fetch-Site", "same-origin"}

// call sends a JSON request as a signed-in web client (nil: signed out).
func call(t *testing.T, c *http.Client, ts *httptest.Server, method, path string, body any, lang ...string) apitest.Reply {
	t.Helper()
	h := append([]string{}, sameOrigin...)
	if len(lang) > 0 {
		h = append(h, "Accept-Language", lang[0])
	}
	return apitest.Call(t, c, ts, method, path, body, "", h...)
}

type world struct {
	s     *app.Server
	ts    *httptest.Server
	clock *apitest.Clock
	c     map[string]*http.Client
}

func setup(t *testing.T) *world {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	return &world{s: s, ts: ts, clock: clock, c: apitest.Roles(t, s, ts)}
}

// person adds an individual account (its email verified, so it is not new once the clock
// moved on) and signs it in.
func (w *world) person(t *testing.T, email, first string) *http.Client {
	t.Helper()
	ctx := context.Background()
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	u, err := w.s.Store().CreateUser(ctx, db.NewUser{Email: email, PasswordHash: hash, FirstName: first, LastName: "Test",
		Language: "en", DateOfBirth: "1999-05-05", AccountType: "individual"}, w.clock.Now().Add(-72*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.s.Store().MarkEmailVerified(ctx, u.ID, w.clock.Now().Add(-72*time.Hour)); err != nil {
		t.Fatal(err)
	}
	return apitest.SignIn(t, w.ts, email)
}

// settle makes the Roles accounts established (email verified, older than a day): normal limits.
func (w *world) settle(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	for _, e := range apitest.RoleEmails {
		u, err := w.s.Store().UserByEmail(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.s.Store().MarkEmailVerified(ctx, u.ID, w.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	w.clock.Advance(10 * 24 * time.Hour)
}

func (w *world) userID(t *testing.T, email string) int64 {
	t.Helper()
	u, err := w.s.Store().UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// notified returns the kinds of the notifications of email, newest first.
func (w *world) notified(t *testing.T, email string) []string {
	t.Helper()
	list, _, err := w.s.Store().Notifications(context.Background(), db.NotificationFilter{UserID: w.userID(t, email), Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range list {
		out = append(out, n.Kind)
	}
	return out
}

func has(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func verifyID(t *testing.T, c *http.Client, ts *httptest.Server) {
	t.Helper()
	apitest.MustStatus(t, call(t, c, ts, "PUT", "/api/account/id-verification", map[string]any{"surname": "Батболд",
		"givenName": "Тэмүүлэн", "dateOfBirth": "1990-01-01", "idNumber": "УБ90010112"}), 200)
}

// community creates an active community as the platform admin and returns its slug and id.
func (w *world) community(t *testing.T, nameEn, visibility, policy string) (string, int64) {
	t.Helper()
	r := call(t, w.c["admin"], w.ts, "POST", "/api/communities", map[string]any{"nameEn": nameEn, "nameMn": nameEn + " МН",
		"descriptionEn": "About " + nameEn, "rulesEn": "Be **kind**.", "visibility": visibility, "joinPolicy": policy})
	apitest.MustStatus(t, r, 201)
	return r.Str("slug"), int64(r.Body["id"].(float64))
}

func (w *world) forum(t *testing.T, admin *http.Client, slug, name string) (string, int64) {
	t.Helper()
	r := call(t, admin, w.ts, "POST", "/api/communities/"+slug+"/forums", map[string]any{"nameEn": name, "descriptionEn": "Talk about " + name})
	apitest.MustStatus(t, r, 201)
	return r.Str("slug"), int64(r.Body["id"].(float64))
}

// topic stores a published topic directly (the posts part writes them through its API).
func (w *world) topic(t *testing.T, communityID int64, forumID int64, authorEmail, title string, pinned bool, at time.Time) int64 {
	t.Helper()
	pin := 0
	if pinned {
		pin = 1
	}
	slug := strings.ToLower(strings.ReplaceAll(title, " ", "-"))
	res, err := w.s.Store().Write.Exec(`INSERT INTO posts (kind, slug, community_id, forum_id, author_id, title, body, body_html,
		excerpt, status, published_at, pinned, last_activity_at, created_at, updated_at)
		VALUES ('topic', ?, ?, ?, ?, ?, 'body', '<p>body</p>', 'body', 'published', ?, ?, ?, ?, ?)`,
		slug, communityID, forumID, w.userID(t, authorEmail), title, db.T(at), pin, db.T(at), db.T(at), db.T(at))
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	return id
}

func (w *world) block(t *testing.T, by, blocked string) {
	t.Helper()
	if _, err := w.s.Store().Write.Exec(`INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)`,
		w.userID(t, by), w.userID(t, blocked), db.T(w.clock.Now())); err != nil {
		t.Fatal(err)
	}
}

func TestRequestApproveRejectSuspend(t *testing.T) {
	w := setup(t)
	own, man, ind, adm, anon := w.c["owner"], w.c["manager"], w.c["individual"], w.c["admin"], w.c["anonymous"]
	// The organisation asks for two communities below: more than the free plan (none) or
	// Starter (one) include.
	apitest.OnPlan(t, w.s, apitest.RoleEmails["owner"], "pro")
	req := map[string]any{"nameEn": "Org School", "nameMn": "Байгууллагын сургууль", "descriptionEn": "Our school",
		"descriptionMn": "Манай сургууль", "visibility": "members", "joinPolicy": "approval"}

	// Only owners and managers ask, with their national ID verified; individuals cannot ask or create.
	apitest.MustStatus(t, call(t, ind, w.ts, "POST", "/api/communities/requests", req), 403)
	apitest.MustStatus(t, call(t, ind, w.ts, "POST", "/api/communities", req), 403)
	apitest.MustStatus(t, call(t, own, w.ts, "POST", "/api/communities", req), 403)
	r := call(t, own, w.ts, "POST", "/api/communities/requests", req)
	apitest.MustStatus(t, r, 403)
	if !strings.Contains(r.Raw, "id_verification_required") {
		t.Fatalf("want the ID verification error: %s", r.Raw)
	}
	verifyID(t, own, w.ts)
	r = call(t, own, w.ts, "POST", "/api/communities/requests", req)
	apitest.MustStatus(t, r, 201)
	if r.Str("status") != "requested" || r.Str("organization") != "Org" {
		t.Fatalf("request: %s", r.Raw)
	}
	slug, id := r.Str("slug"), fmt.Sprint(r.Body["id"])
	if !has(w.notified(t, apitest.RoleEmails["admin"]), "communities.requested") {
		t.Fatal("platform admins were not told of the request")
	}
	// A new account asks for one community an hour.
	apitest.MustStatus(t, call(t, own, w.ts, "POST", "/api/communities/requests", req), 429)

	// A request is seen by its requester and the platform admins only.
	for _, c := range []*http.Client{ind, anon, man} {
		apitest.MustStatus(t, call(t, c, w.ts, "GET", "/api/communities/"+slug, nil), 404)
		if r := call(t, c, w.ts, "GET", "/api/communities?q=school", nil); strings.Contains(r.Raw, slug) {
			t.Fatalf("a request is listed: %s", r.Raw)
		}
	}
	apitest.MustStatus(t, call(t, own, w.ts, "GET", "/api/communities/"+slug, nil), 200)
	q := call(t, adm, w.ts, "GET", "/api/admin/communities", nil)
	apitest.MustStatus(t, q, 200)
	if !strings.Contains(q.Raw, slug) || !strings.Contains(q.Raw, `"requested":1`) {
		t.Fatalf("queue: %s", q.Raw)
	}
	apitest.MustStatus(t, call(t, own, w.ts, "GET", "/api/admin/communities", nil), 403)

	// Decisions: approve, never from requested to suspended; reject needs a reason.
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id+"/status", map[string]any{"status": "suspended", "reason": "x"}), 409)
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id+"/status", map[string]any{"status": "bogus"}), 422)
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/999999/status", map[string]any{"status": "active"}), 404)
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id+"/status", map[string]any{"status": "active"}), 200)
	if !has(w.notified(t, apitest.RoleEmails["owner"]), "communities.decided") {
		t.Fatal("the requester was not told")
	}
	d := call(t, own, w.ts, "GET", "/api/communities/"+slug, nil)
	if d.Str("status") != "active" || d.Str("membership", "role") != "admin" {
		t.Fatalf("after approval: %s", d.Raw)
	}
	// Members only: listed for its members, not for others.
	if r := call(t, own, w.ts, "GET", "/api/communities", nil); !strings.Contains(r.Raw, slug) {
		t.Fatalf("not listed for its admin: %s", r.Raw)
	}
	if r := call(t, ind, w.ts, "GET", "/api/communities", nil); strings.Contains(r.Raw, slug) {
		t.Fatalf("members-only listed for a non-member: %s", r.Raw)
	}

	// Suspend (with a reason) and reinstate.
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id+"/status", map[string]any{"status": "suspended"}), 422)
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id+"/status", map[string]any{"status": "suspended", "reason": "Spam"}), 200)
	apitest.MustStatus(t, call(t, ind, w.ts, "GET", "/api/communities/"+slug, nil), 404)
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/communities/"+slug+"/membership", struct{}{}), 404)
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id+"/status", map[string]any{"status": "active"}), 200)

	// A manager's request, rejected with a reason the requester reads.
	verifyID(t, man, w.ts)
	r = call(t, man, w.ts, "POST", "/api/communities/requests", map[string]any{"nameMn": "Хоёр дахь", "descriptionMn": "Тайлбар"})
	apitest.MustStatus(t, r, 201)
	id2 := fmt.Sprint(r.Body["id"])
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id2+"/status", map[string]any{"status": "rejected"}), 422)
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id2+"/status", map[string]any{"status": "rejected", "reason": "Duplicate"}), 200)
	mine := call(t, man, w.ts, "GET", "/api/me/communities", nil)
	if !strings.Contains(mine.Raw, "Duplicate") || !strings.Contains(mine.Raw, `"canRequest":true`) {
		t.Fatalf("my communities: %s", mine.Raw)
	}
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/admin/communities/"+id2+"/status", map[string]any{"status": "active"}), 409)
}

func TestJoinPolicies(t *testing.T) {
	w := setup(t)
	w.settle(t)
	ind, adm := w.c["individual"], w.c["admin"]
	bat := w.person(t, "bat@example.mn", "Bat")
	open, _ := w.community(t, "Open Club", "public", "open")
	closed, _ := w.community(t, "Closed Club", "members", "approval")

	// Open: a member at once; joining again is fine.
	r := call(t, ind, w.ts, "PUT", "/api/communities/"+open+"/membership", struct{}{})
	apitest.MustStatus(t, r, 200)
	if r.Str("membership", "status") != "active" || r.Body["memberCount"].(float64) != 2 {
		t.Fatalf("open join: %s", r.Raw)
	}
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/communities/"+open+"/membership", struct{}{}), 200)
	// The member got a handle.
	if p := call(t, ind, w.ts, "GET", "/api/me/profile", nil); p.Str("handle") == "" {
		t.Fatalf("no handle: %s", p.Raw)
	}

	// Approval: pending, the admins told; asking again is refused.
	r = call(t, ind, w.ts, "PUT", "/api/communities/"+closed+"/membership", struct{}{})
	apitest.MustStatus(t, r, 200)
	if r.Str("membership", "status") != "pending" || r.Body["can"].(map[string]any)["read"] != false {
		t.Fatalf("approval join: %s", r.Raw)
	}
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/communities/"+closed+"/membership", struct{}{}), 409)
	if !has(w.notified(t, apitest.RoleEmails["admin"]), "communities.joinRequested") {
		t.Fatal("admins not told of the request to join")
	}
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/communities/"+closed+"/membership", struct{}{}), 200)

	// Pending requests: only moderators and admins see them.
	apitest.MustStatus(t, call(t, ind, w.ts, "GET", "/api/communities/"+closed+"/members?status=pending", nil), 403)
	pend := call(t, adm, w.ts, "GET", "/api/communities/"+closed+"/members?status=pending", nil)
	apitest.MustStatus(t, pend, 200)
	if !strings.Contains(pend.Raw, "Bat Test") || pend.Body["pendingCount"].(float64) != 2 {
		t.Fatalf("pending: %s", pend.Raw)
	}
	// The public community's members list shows no pending people to members.
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/communities/"+open+"/membership", struct{}{}), 200)
	if l := call(t, ind, w.ts, "GET", "/api/communities/"+open+"/members", nil); !strings.Contains(l.Raw, "Bat Test") || strings.Contains(l.Raw, `"status":"pending"`) {
		t.Fatalf("members: %s", l.Raw)
	}

	// Only the community's admins decide.
	indID, batID := fmt.Sprint(w.userID(t, apitest.RoleEmails["individual"])), fmt.Sprint(w.userID(t, "bat@example.mn"))
	apitest.MustStatus(t, call(t, bat, w.ts, "POST", "/api/communities/"+closed+"/members/"+indID+"/decision", map[string]any{"approve": true}), 403)
	d := call(t, adm, w.ts, "POST", "/api/communities/"+closed+"/members/"+indID+"/decision", map[string]any{"approve": true})
	apitest.MustStatus(t, d, 200)
	if d.Body["approved"] != true || d.Str("member", "status") != "active" {
		t.Fatalf("approve: %s", d.Raw)
	}
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/communities/"+closed+"/members/"+indID+"/decision", map[string]any{"approve": true}), 409)
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/communities/"+closed+"/members/"+batID+"/decision", map[string]any{"approve": false}), 200)
	if !has(w.notified(t, apitest.RoleEmails["individual"]), "communities.joinDecided") || !has(w.notified(t, "bat@example.mn"), "communities.joinDecided") {
		t.Fatal("decisions not told")
	}
	if r := call(t, ind, w.ts, "GET", "/api/communities/"+closed, nil); r.Body["can"].(map[string]any)["read"] != true {
		t.Fatalf("approved member cannot read: %s", r.Raw)
	}
	if r := call(t, bat, w.ts, "GET", "/api/communities/"+closed, nil); r.Body["membership"] != nil {
		t.Fatalf("refused person still has a membership: %s", r.Raw)
	}

	// Leave; banned people cannot join again.
	apitest.MustStatus(t, call(t, ind, w.ts, "DELETE", "/api/communities/"+open+"/membership", nil), 200)
	if _, err := w.s.Store().Write.Exec(`UPDATE community_members SET status = 'banned' WHERE user_id = ?`, w.userID(t, "bat@example.mn")); err != nil {
		t.Fatal(err)
	}
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/communities/"+open+"/membership", struct{}{}), 403)
	apitest.MustStatus(t, call(t, bat, w.ts, "DELETE", "/api/communities/"+open+"/membership", nil), 409)
	apitest.MustStatus(t, call(t, w.c["anonymous"], w.ts, "PUT", "/api/communities/"+open+"/membership", struct{}{}), 401)
}

func TestJoinLimitForNewAccounts(t *testing.T) {
	w := setup(t)
	var slugs []string
	for i := range 6 {
		w.clock.Advance(2 * time.Hour) // the admin, a new account, creates one an hour
		s, _ := w.community(t, fmt.Sprintf("Club %d", i), "public", "open")
		slugs = append(slugs, s)
	}
	for i, s := range slugs {
		r := call(t, w.c["individual"], w.ts, "PUT", "/api/communities/"+s+"/membership", struct{}{})
		want := 200
		if i == 5 {
			want = 429
		}
		apitest.MustStatus(t, r, want)
		if want == 429 && r.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
	}
}

func TestRolesAndLastAdmin(t *testing.T) {
	w := setup(t)
	w.settle(t)
	ind, adm := w.c["individual"], w.c["admin"]
	bat := w.person(t, "bat@example.mn", "Bat")
	slug, _ := w.community(t, "Roles Club", "public", "open")
	for _, c := range []*http.Client{ind, bat} {
		apitest.MustStatus(t, call(t, c, w.ts, "PUT", "/api/communities/"+slug+"/membership", struct{}{}), 200)
	}
	indID, batID := fmt.Sprint(w.userID(t, apitest.RoleEmails["individual"])), fmt.Sprint(w.userID(t, "bat@example.mn"))
	admID := fmt.Sprint(w.userID(t, apitest.RoleEmails["admin"]))

	// Members edit nothing; moderators moderate but do not run the community.
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/communities/"+slug+"/members/"+batID+"/role", map[string]any{"role": "admin"}), 403)
	r := call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/members/"+indID+"/role", map[string]any{"role": "moderator"})
	apitest.MustStatus(t, r, 200)
	if r.Str("role") != "moderator" {
		t.Fatalf("role: %s", r.Raw)
	}
	apitest.MustStatus(t, call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/members/"+indID+"/role", map[string]any{"role": "owner"}), 422)
	apitest.MustStatus(t, call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/members/999999/role", map[string]any{"role": "member"}), 404)
	apitest.MustStatus(t, call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/members/abc/role", map[string]any{"role": "member"}), 404)
	det := call(t, ind, w.ts, "GET", "/api/communities/"+slug, nil)
	if c := det.Body["can"].(map[string]any); c["moderate"] != true || c["admin"] != false {
		t.Fatalf("moderator can: %s", det.Raw)
	}
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/communities/"+slug+"/members/"+batID+"/role", map[string]any{"role": "moderator"}), 403)
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/communities/"+slug, map[string]any{"nameEn": "Mine now", "descriptionEn": "x"}), 403)
	apitest.MustStatus(t, call(t, ind, w.ts, "GET", "/api/communities/"+slug+"/members?status=pending", nil), 200)
	apitest.MustStatus(t, call(t, bat, w.ts, "GET", "/api/communities/"+slug+"/members?status=banned", nil), 403)

	// The last admin can neither leave nor step down.
	apitest.MustStatus(t, call(t, adm, w.ts, "DELETE", "/api/communities/"+slug+"/membership", nil), 409)
	r = call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/members/"+admID+"/role", map[string]any{"role": "member"}, "mn")
	apitest.MustStatus(t, r, 409)
	if !strings.Contains(r.Raw, "админ") {
		t.Fatalf("not localized: %s", r.Raw)
	}
	// With a second admin, they can.
	apitest.MustStatus(t, call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/members/"+batID+"/role", map[string]any{"role": "admin"}), 200)
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/communities/"+slug+"/members/"+indID+"/role", map[string]any{"role": "member"}), 200)
	apitest.MustStatus(t, call(t, adm, w.ts, "DELETE", "/api/communities/"+slug+"/membership", nil), 200)
	apitest.MustStatus(t, call(t, bat, w.ts, "DELETE", "/api/communities/"+slug+"/membership", nil), 409)

	// The community's admin edits it; at least one language, known values, field messages.
	e := call(t, bat, w.ts, "PUT", "/api/communities/"+slug, map[string]any{"nameMn": "Дүрийн клуб", "descriptionMn": "**Тод** тайлбар",
		"rulesMn": "<script>alert(1)</script>Эелдэг бай", "visibility": "members", "joinPolicy": "approval", "autoHide": 5})
	apitest.MustStatus(t, e, 200)
	if e.Str("visibility") != "members" || e.Body["autoHide"].(float64) != 5 || strings.Contains(e.Raw, "<script>") {
		t.Fatalf("edit: %s", e.Raw)
	}
	if mn := call(t, bat, w.ts, "GET", "/api/communities/"+slug, nil, "mn"); mn.Str("name") != "Дүрийн клуб" || !strings.Contains(mn.Str("descriptionHtml"), "<strong>Тод</strong>") {
		t.Fatalf("mn: %s", mn.Raw)
	}
	bad := call(t, bat, w.ts, "PUT", "/api/communities/"+slug, map[string]any{"visibility": "secret", "autoHide": 1000}, "mn")
	apitest.MustStatus(t, bad, 422)
	for _, f := range []string{"nameEn", "visibility", "autoHide"} {
		if !strings.Contains(bad.Raw, `"`+f+`"`) {
			t.Fatalf("no message for %s: %s", f, bad.Raw)
		}
	}
	apitest.MustStatus(t, apitest.Call(t, bat, w.ts, "PUT", "/api/communities/"+slug, "{", "", sameOrigin...), 400)
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/communities/"+slug, map[string]any{"nameEn": strings.Repeat("x", 500), "descriptionEn": "x"}), 422)
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/communities/no-such", map[string]any{"nameEn": "x", "descriptionEn": "x"}), 404)
}

func TestMembersOnlyShowsNothingOfItsForums(t *testing.T) {
	w := setup(t)
	w.settle(t)
	ind, adm, anon := w.c["individual"], w.c["admin"], w.c["anonymous"]
	slug, id := w.community(t, "Hidden Club", "members", "approval")
	forum, fid := w.forum(t, adm, slug, "Secret Forum")
	w.topic(t, id, fid, apitest.RoleEmails["admin"], "Secret Topic Title", false, w.clock.Now())
	pub, pid := w.community(t, "Public Club", "public", "open")
	pforum, pfid := w.forum(t, adm, pub, "Open Forum")
	w.topic(t, pid, pfid, apitest.RoleEmails["admin"], "Open Topic Title", false, w.clock.Now())

	secrets := []string{"Secret Forum", "Secret Topic Title", "secret-forum"}
	for name, c := range map[string]*http.Client{"anonymous": anon, "individual": ind} {
		for _, path := range []string{"/api/communities/" + slug, "/api/communities/" + slug + "/forums/" + forum,
			"/api/communities/" + slug + "/members", "/api/communities", "/en/forums/" + slug, "/en/forums/" + slug + "/" + forum,
			"/api/communities/" + slug + "/forums/" + forum + "?after=x"} {
			r := call(t, c, w.ts, "GET", path, nil)
			for _, s := range secrets {
				if strings.Contains(r.Raw, s) {
					t.Errorf("%s GET %s shows %q: %.300s", name, path, s, r.Raw)
				}
			}
		}
		d := call(t, c, w.ts, "GET", "/api/communities/"+slug, nil)
		if d.Str("name") != "Hidden Club" || !strings.Contains(d.Str("rulesHtml"), "<strong>kind</strong>") || d.Str("descriptionEn") != "About Hidden Club" {
			t.Errorf("%s: the gate shows name, description and rules: %s", name, d.Raw)
		}
		apitest.MustStatus(t, call(t, c, w.ts, "GET", "/api/communities/"+slug+"/forums/"+forum, nil), 403)
		// The public community's topics are there for everyone.
		if r := call(t, c, w.ts, "GET", "/api/communities/"+pub+"/forums/"+pforum, nil); !strings.Contains(r.Raw, "Open Topic Title") {
			t.Errorf("%s: public topic missing: %s", name, r.Raw)
		}
	}
	fol := call(t, ind, w.ts, "PUT", "/api/me/follows", map[string]any{"targetType": "forum", "targetId": fid})
	apitest.MustStatus(t, fol, 403)
	// Members read everything.
	r := call(t, adm, w.ts, "GET", "/api/communities/"+slug+"/forums/"+forum, nil)
	if !strings.Contains(r.Raw, "Secret Topic Title") {
		t.Fatalf("member: %s", r.Raw)
	}
	if r := call(t, adm, w.ts, "GET", "/api/communities/"+slug, nil); !strings.Contains(r.Raw, "Secret Forum") {
		t.Fatalf("member detail: %s", r.Raw)
	}
}

func TestForumsAndTopics(t *testing.T) {
	w := setup(t)
	w.settle(t)
	ind, adm := w.c["individual"], w.c["admin"]
	bat := w.person(t, "bat@example.mn", "Bat")
	slug, id := w.community(t, "Forum Club", "public", "open")
	apitest.MustStatus(t, call(t, ind, w.ts, "POST", "/api/communities/"+slug+"/forums", map[string]any{"nameEn": "Mine"}), 403)
	a, aid := w.forum(t, adm, slug, "Alpha")
	_, bid := w.forum(t, adm, slug, "Beta")
	order, _ := w.forum(t, adm, slug, "Order") // the API's own segment is not a forum's slug
	if order == "order" {
		t.Fatal("a forum took the slug order")
	}
	apitest.MustStatus(t, call(t, adm, w.ts, "POST", "/api/communities/"+slug+"/forums", map[string]any{}), 422)

	// Reorder: every forum once.
	d := call(t, adm, w.ts, "GET", "/api/communities/"+slug, nil)
	var ids []int64
	for _, f := range d.Body["forums"].([]any) {
		ids = append(ids, int64(f.(map[string]any)["id"].(float64)))
	}
	apitest.MustStatus(t, call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/forums/order", map[string]any{"forumIds": ids[:2]}), 422)
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/communities/"+slug+"/forums/order", map[string]any{"forumIds": ids}), 403)
	re := call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/forums/order", map[string]any{"forumIds": []int64{ids[2], ids[1], ids[0]}})
	apitest.MustStatus(t, re, 200)
	if first := re.Body["forums"].([]any)[0].(map[string]any)["slug"]; first != order {
		t.Fatalf("order: %s", re.Raw)
	}
	apitest.MustStatus(t, call(t, adm, w.ts, "PUT", "/api/communities/"+slug+"/forums/"+a, map[string]any{"nameMn": "Альфа"}), 200)
	apitest.MustStatus(t, call(t, adm, w.ts, "DELETE", "/api/communities/"+slug+"/forums/"+order, nil), 204)
	apitest.MustStatus(t, call(t, adm, w.ts, "DELETE", "/api/communities/"+slug+"/forums/"+order, nil), 404)

	// Topics: pinned first, then newest activity; keyset paging; blocked and muted authors hidden.
	now := w.clock.Now()
	w.topic(t, id, aid, apitest.RoleEmails["admin"], "Pinned rules", true, now.Add(-100*time.Hour))
	for i := range 25 {
		w.topic(t, id, aid, apitest.RoleEmails["admin"], fmt.Sprintf("Topic %02d", i), false, now.Add(time.Duration(-i)*time.Hour))
	}
	w.topic(t, id, aid, "bat@example.mn", "Bat writes", false, now.Add(time.Hour))
	w.topic(t, id, bid, apitest.RoleEmails["admin"], "Other forum topic", false, now)
	if _, err := w.s.Store().Write.Exec(`INSERT INTO posts (kind, slug, community_id, forum_id, author_id, title, status, last_activity_at, created_at, updated_at)
		VALUES ('topic', 'draft-one', ?, ?, ?, 'Draft topic', 'draft', ?, ?, ?)`, id, aid, w.userID(t, "bat@example.mn"), db.T(now), db.T(now), db.T(now)); err != nil {
		t.Fatal(err)
	}
	p1 := call(t, ind, w.ts, "GET", "/api/communities/"+slug+"/forums/"+a, nil)
	apitest.MustStatus(t, p1, 200)
	topics := p1.Body["topics"].([]any)
	if len(topics) != 20 || topics[0].(map[string]any)["title"] != "Pinned rules" || topics[1].(map[string]any)["title"] != "Bat writes" {
		t.Fatalf("first page: %.600s", p1.Raw)
	}
	if strings.Contains(p1.Raw, "Draft topic") || strings.Contains(p1.Raw, "Other forum topic") {
		t.Fatalf("foreign topics: %s", p1.Raw)
	}
	p2 := call(t, ind, w.ts, "GET", "/api/communities/"+slug+"/forums/"+a+"?after="+p1.Str("next"), nil)
	if n := len(p2.Body["topics"].([]any)); n != 7 || p2.Str("next") != "" {
		t.Fatalf("second page has %d: %.300s", n, p2.Raw)
	}
	apitest.MustStatus(t, call(t, ind, w.ts, "GET", "/api/communities/"+slug+"/forums/"+a+"?after=@@@", nil), 400)
	apitest.MustStatus(t, call(t, ind, w.ts, "GET", "/api/communities/"+slug+"/forums/nope", nil), 404)
	w.block(t, "bat@example.mn", apitest.RoleEmails["individual"])
	if r := call(t, ind, w.ts, "GET", "/api/communities/"+slug+"/forums/"+a, nil); strings.Contains(r.Raw, "Bat writes") {
		t.Fatalf("a blocker's topic shows: %s", r.Raw)
	}
	if r := call(t, bat, w.ts, "GET", "/api/communities/"+slug+"/forums/"+a, nil); !strings.Contains(r.Raw, "Bat writes") {
		t.Fatalf("own topic hidden: %s", r.Raw)
	}
	if r := call(t, w.c["anonymous"], w.ts, "GET", "/api/communities/"+slug+"/forums/"+a, nil); !strings.Contains(r.Raw, "Bat writes") {
		t.Fatalf("anonymous: %s", r.Raw)
	}
}

func TestFollows(t *testing.T) {
	w := setup(t)
	w.settle(t)
	ind := w.c["individual"]
	slug, id := w.community(t, "Follow Club", "public", "open")
	_, fid := w.forum(t, w.c["admin"], slug, "Alpha")
	tid := w.topic(t, id, fid, apitest.RoleEmails["admin"], "Follow me", false, w.clock.Now())

	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/me/follows", map[string]any{"targetType": "community", "targetId": id}), 200)
	r := call(t, ind, w.ts, "PUT", "/api/me/follows", map[string]any{"targetType": "forum", "targetId": fid, "email": true})
	apitest.MustStatus(t, r, 200)
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/me/follows", map[string]any{"targetType": "topic", "targetId": tid}), 200)
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/me/follows", map[string]any{"targetType": "person", "targetId": tid}), 422)
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/me/follows", map[string]any{"targetType": "topic", "targetId": 99999}), 404)
	apitest.MustStatus(t, call(t, ind, w.ts, "PUT", "/api/me/follows", map[string]any{"targetType": "forum", "targetId": -1}), 404)
	l := call(t, ind, w.ts, "GET", "/api/me/follows", nil)
	if n := len(l.Body["items"].([]any)); n != 3 || !strings.Contains(l.Raw, "/forums/"+slug+"/alpha/follow-me") || !strings.Contains(l.Raw, `"email":true`) {
		t.Fatalf("follows (%d): %s", n, l.Raw)
	}
	d := call(t, ind, w.ts, "GET", "/api/communities/"+slug, nil)
	if d.Body["follow"].(map[string]any)["following"] != true || !strings.Contains(d.Raw, `"follow":{"following":true,"email":true}`) {
		t.Fatalf("detail follow: %s", d.Raw)
	}
	apitest.MustStatus(t, call(t, ind, w.ts, "DELETE", fmt.Sprintf("/api/me/follows/forum/%d", fid), nil), 200)
	apitest.MustStatus(t, call(t, ind, w.ts, "DELETE", "/api/me/follows/person/1", nil), 404)
	if l := call(t, ind, w.ts, "GET", "/api/me/follows", nil); len(l.Body["items"].([]any)) != 2 {
		t.Fatalf("after unfollow: %s", l.Raw)
	}
	apitest.MustStatus(t, call(t, w.c["anonymous"], w.ts, "GET", "/api/me/follows", nil), 401)
}

func TestProfiles(t *testing.T) {
	w := setup(t)
	w.settle(t)
	ind := w.c["individual"]
	bat := w.person(t, "bat@example.mn", "Bat")
	slug, id := w.community(t, "Profile Club", "public", "open")
	hidden, hid := w.community(t, "Hidden Profile Club", "members", "approval")
	_, fid := w.forum(t, w.c["admin"], slug, "Alpha")
	_, hfid := w.forum(t, w.c["admin"], hidden, "Inner")
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/communities/"+slug+"/membership", struct{}{}), 200)
	if _, err := w.s.Store().Write.Exec(`INSERT INTO community_members (community_id, user_id, role, status, joined_at) VALUES (?, ?, 'member', 'active', ?)`,
		hid, w.userID(t, "bat@example.mn"), db.T(w.clock.Now())); err != nil {
		t.Fatal(err)
	}
	w.topic(t, id, fid, "bat@example.mn", "Bat public topic", false, w.clock.Now())
	w.topic(t, hid, hfid, "bat@example.mn", "Bat hidden topic", false, w.clock.Now())

	me := call(t, bat, w.ts, "GET", "/api/me/profile", nil)
	if me.Str("handle") != "bat.test" {
		t.Fatalf("handle: %s", me.Raw)
	}
	bad := call(t, bat, w.ts, "PUT", "/api/me/profile", map[string]any{"handle": "No Spaces!", "bio": "hi"}, "mn")
	apitest.MustStatus(t, bad, 422)
	if !strings.Contains(bad.Raw, `"handle"`) || !strings.Contains(bad.Raw, "Латин") {
		t.Fatalf("handle message: %s", bad.Raw)
	}
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/me/profile", map[string]any{"handle": "ab"}), 422)
	apitest.MustStatus(t, call(t, bat, w.ts, "PUT", "/api/me/profile", map[string]any{"handle": "x", "bio": strings.Repeat("b", 600)}), 422)
	theirs := call(t, ind, w.ts, "GET", "/api/me/profile", nil).Str("handle")
	taken := call(t, bat, w.ts, "PUT", "/api/me/profile", map[string]any{"handle": strings.ToUpper(theirs)})
	apitest.MustStatus(t, taken, 422)
	if !strings.Contains(taken.Raw, "taken") {
		t.Fatalf("taken: %s", taken.Raw)
	}
	ok := call(t, bat, w.ts, "PUT", "/api/me/profile", map[string]any{"handle": "@Bat_2026", "bio": "Studying in Seoul."})
	apitest.MustStatus(t, ok, 200)
	if ok.Str("handle") != "bat_2026" {
		t.Fatalf("saved: %s", ok.Raw)
	}

	p := call(t, w.c["anonymous"], w.ts, "GET", "/api/profiles/bat_2026", nil)
	apitest.MustStatus(t, p, 200)
	// The account id, for reporting the profile and blocking or muting the person from it.
	if got := fmt.Sprint(p.Body["id"]); got != fmt.Sprint(w.userID(t, "bat@example.mn")) {
		t.Fatalf("profile id %s: %s", got, p.Raw)
	}
	for _, want := range []string{"Bat Test", "Studying in Seoul.", "Profile Club", "Bat public topic"} {
		if !strings.Contains(p.Raw, want) {
			t.Fatalf("profile lacks %q: %s", want, p.Raw)
		}
	}
	for _, bad := range []string{"Hidden Profile Club", "Bat hidden topic", "bat@example.mn"} {
		if strings.Contains(p.Raw, bad) {
			t.Fatalf("profile shows %q: %s", bad, p.Raw)
		}
	}
	if p := call(t, bat, w.ts, "GET", "/api/profiles/BAT_2026", nil); p.Body["self"] != true || !strings.Contains(p.Raw, "Bat hidden topic") {
		t.Fatalf("own profile: %s", p.Raw)
	}
	apitest.MustStatus(t, call(t, ind, w.ts, "GET", "/api/profiles/nobody_here", nil), 404)
	// Blocked either way: not found.
	w.block(t, "bat@example.mn", apitest.RoleEmails["individual"])
	apitest.MustStatus(t, call(t, ind, w.ts, "GET", "/api/profiles/bat_2026", nil), 404)
	apitest.MustStatus(t, call(t, bat, w.ts, "GET", "/api/profiles/"+theirs, nil), 404)
	apitest.MustStatus(t, call(t, w.c["owner"], w.ts, "GET", "/api/profiles/bat_2026", nil), 200)
	// The page.
	pg := call(t, nil, w.ts, "GET", "/en/u/bat_2026", nil)
	apitest.MustStatus(t, pg, 200)
	if !strings.Contains(pg.Raw, "<title>Bat Test (@bat_2026)") || !strings.Contains(pg.Raw, `rel="canonical" href="`) || strings.Contains(pg.Raw, "Bat hidden topic") {
		t.Fatalf("profile page: %.2000s", pg.Raw)
	}
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/en/u/nobody_here", nil), 404)
}

func TestSearchAndPaging(t *testing.T) {
	w := setup(t)
	w.settle(t)
	r := call(t, w.c["admin"], w.ts, "POST", "/api/communities", map[string]any{"nameMn": "Гадаадад суралцах", "descriptionMn": "Тэтгэлэг, виз"})
	apitest.MustStatus(t, r, 201)
	if r.Str("slug") != "gadaadad-suraltsakh" {
		t.Fatalf("slug: %s", r.Raw)
	}
	for i := range 22 {
		w.clock.Advance(15 * time.Minute) // five an hour
		w.community(t, fmt.Sprintf("Chess club %d", i), "public", "open")
	}
	for _, q := range []string{"гадаад", "gadaad", "тэтгэлэг", "tetgeleg"} {
		l := call(t, nil, w.ts, "GET", "/api/communities?q="+q, nil)
		if items := l.Body["items"].([]any); len(items) != 1 || !strings.Contains(l.Raw, "gadaadad-suraltsakh") {
			t.Fatalf("search %q: %s", q, l.Raw)
		}
	}
	p1 := call(t, nil, w.ts, "GET", "/api/communities", nil)
	p2 := call(t, nil, w.ts, "GET", "/api/communities?after="+p1.Str("next"), nil)
	if len(p1.Body["items"].([]any)) != 20 || len(p2.Body["items"].([]any)) != 3 || p2.Str("next") != "" {
		t.Fatalf("paging: %s / %s", p1.Raw, p2.Raw)
	}
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/api/communities?after=bad!", nil), 400)
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/api/communities?q="+strings.Repeat("%22OR", 500), nil), 200)
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/api/communities/no-such-community", nil), 404)
}

func TestPagesAndSitemap(t *testing.T) {
	w := setup(t)
	w.settle(t)
	slug, id := w.community(t, "Page Club", "public", "open")
	forum, fid := w.forum(t, w.c["admin"], slug, "Alpha")
	w.topic(t, id, fid, apitest.RoleEmails["admin"], "Crawlable topic", false, w.clock.Now())
	hidden, _ := w.community(t, "Quiet Club", "members", "approval")

	list := call(t, nil, w.ts, "GET", "/en/forums", nil)
	apitest.MustStatus(t, list, 200)
	for _, want := range []string{"<title>Forums", "Page Club", `href="/en/forums/` + slug + `"`, `id="page-data"`} {
		if !strings.Contains(list.Raw, want) {
			t.Fatalf("/forums lacks %q", want)
		}
	}
	if strings.Contains(list.Raw, "Quiet Club") {
		t.Fatal("/forums lists a members-only community")
	}
	c := call(t, nil, w.ts, "GET", "/mn/forums/"+slug, nil)
	apitest.MustStatus(t, c, 200)
	for _, want := range []string{"<title>Page Club МН", `<link rel="canonical" href="`, "/mn/forums/" + slug + `"`, "Alpha", "<strong>kind</strong>"} {
		if !strings.Contains(c.Raw, want) {
			t.Fatalf("community page lacks %q: %.3000s", want, c.Raw)
		}
	}
	f := call(t, nil, w.ts, "GET", "/en/forums/"+slug+"/"+forum, nil)
	apitest.MustStatus(t, f, 200)
	if !strings.Contains(f.Raw, "Crawlable topic") || !strings.Contains(f.Raw, "<title>Alpha · Page Club") {
		t.Fatalf("forum page: %.3000s", f.Raw)
	}
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/en/forums/no-such", nil), 404)
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/en/forums/"+slug+"/no-such", nil), 404)
	if q := call(t, nil, w.ts, "GET", "/en/forums/"+hidden, nil); q.Status != 200 || !strings.Contains(q.Raw, "Quiet Club") {
		t.Fatalf("members-only page: %d", q.Status)
	}
	sm := call(t, nil, w.ts, "GET", "/sitemap-communities.xml", nil)
	apitest.MustStatus(t, sm, 200)
	if !strings.Contains(sm.Raw, "/en/forums/"+slug+"</loc>") || !strings.Contains(sm.Raw, "/en/forums/"+slug+"/"+forum+"</loc>") || strings.Contains(sm.Raw, hidden) {
		t.Fatalf("sitemap: %s", sm.Raw)
	}
}

// TestScenarios: who may do what, over the API, with what must not be in the answers — a
// members-only community's forum and topic stay out for people who are not members.
func TestScenarios(t *testing.T) {
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	ctx := context.Background()
	now := clock.Now()
	id, err := s.Store().CreateCommunity(ctx, &db.Community{Slug: "quiet", NameEn: "Quiet", DescriptionEn: "A quiet place", RulesEn: "Whisper",
		Visibility: "members", JoinPolicy: "approval", Status: "active", AutoHide: 3}, now)
	if err != nil {
		t.Fatal(err)
	}
	fid, err := s.Store().CreateForum(ctx, &db.Forum{CommunityID: id, Slug: "inner", NameEn: "Inner Room"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Store().Write.Exec(`INSERT INTO posts (kind, slug, community_id, forum_id, title, status, published_at, last_activity_at, created_at, updated_at)
		VALUES ('topic', 'hush', ?, ?, 'Hushed Topic', 'published', ?, ?, ?, ?)`, id, fid, db.T(now), db.T(now), db.T(now), db.T(now)); err != nil {
		t.Fatal(err)
	}
	secret := []string{"Inner Room", "Hushed Topic", `"inner"`}
	body := map[string]any{"nameEn": "New", "descriptionEn": "About"}
	apitest.Run(t, s, ts, []apitest.Scenario{
		{Method: "GET", Path: "/api/communities/quiet", As: "", Status: 200, Contains: []string{"A quiet place", "Whisper", `"read":false`}, NotContains: secret},
		{Method: "GET", Path: "/api/communities/quiet", As: "individual", Status: 200, Contains: []string{`"join":true`}, NotContains: secret},
		{Method: "GET", Path: "/api/communities/quiet", As: "admin", Status: 200, Contains: []string{"Inner Room", `"admin":true`}},
		{Method: "GET", Path: "/api/communities/quiet/forums/inner", As: "individual", Status: 403, NotContains: secret},
		{Method: "GET", Path: "/api/communities/quiet/forums/inner", As: "", Status: 403, NotContains: secret},
		{Method: "GET", Path: "/api/communities/quiet/forums/inner", As: "admin", Status: 200, Contains: []string{"Hushed Topic"}},
		{Method: "GET", Path: "/api/communities/quiet/members", As: "owner", Status: 403},
		{Method: "GET", Path: "/api/communities", As: "individual", Status: 200, NotContains: []string{"quiet"}},
		{Method: "GET", Path: "/en/forums/quiet/inner", As: "", Status: 200, Contains: []string{"A quiet place"}, NotContains: secret},
		{Method: "POST", Path: "/api/communities", As: "owner", Body: body, Status: 403},
		{Method: "POST", Path: "/api/communities", As: "", Body: body, Status: 401},
		{Method: "POST", Path: "/api/communities/requests", As: "individual", Body: body, Status: 403},
		{Method: "POST", Path: "/api/communities/requests", As: "counselor", Body: body, Status: 403},
		{Method: "POST", Path: "/api/communities/requests", As: "manager", Body: map[string]any{"visibility": "nobody"}, Status: 422, Contains: []string{"visibility"}},
		{Method: "GET", Path: "/api/admin/communities", As: "owner", Status: 403},
		{Method: "PUT", Path: "/api/communities/quiet", As: "individual", Body: body, Status: 403},
		{Method: "PUT", Path: "/api/communities/quiet/forums/order", As: "individual", Body: map[string]any{"forumIds": []int64{fid}}, Status: 403},
		{Method: "PUT", Path: "/api/me/follows", As: "individual", Body: map[string]any{"targetType": "topic", "targetId": 1}, Status: 403, NotContains: secret},
		{Method: "GET", Path: "/api/profiles/nobody", As: "", Status: 404},
	})
}
