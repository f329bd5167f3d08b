package communities_test

import (
	"context"
	"fmt"
	"io"
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

// disc is a running server with people, a community and a published post, inserted directly
// (the discussion tests do not depend on the other parts' APIs).
type disc struct {
	t     *testing.T
	s     *app.Server
	ts    *httptest.Server
	clock *apitest.Clock
	store *db.Store
	ids   map[string]int64
	c     map[string]*http.Client
	cid   int64 // the public community
	post  int64 // a published post in it, by "author"
	seq   int
}

// People of the discussion tests: author (of the post), alice and bob (members), mod (the
// community's moderator), outsider (not a member), newbie (a member whose account is new),
// anonymous.
func newDisc(t *testing.T) *disc {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	d := &disc{t: t, s: s, ts: ts, clock: clock, store: s.Store(), ids: map[string]int64{}, c: map[string]*http.Client{}}
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	ctx := context.Background()
	for _, p := range []struct{ key, first, last string }{{"author", "Saraa", "Bold"}, {"alice", "Alice", "Anand"},
		{"bob", "Bat", "Dorj"}, {"mod", "Mona", "Mod"}, {"outsider", "Otgon", "Out"}, {"newbie", "Nomin", "New"}} {
		now := clock.Now().Add(-48 * time.Hour)
		if p.key == "newbie" {
			now = clock.Now()
		}
		u, err := d.store.CreateUser(ctx, db.NewUser{Email: p.key + "@example.mn", PasswordHash: hash, FirstName: p.first,
			LastName: p.last, Language: "en", DateOfBirth: "1995-01-01", AccountType: "individual", Verified: p.key != "newbie"}, now)
		if err != nil {
			t.Fatal(err)
		}
		d.ids[p.key] = u.ID
		d.c[p.key] = apitest.SignIn(t, ts, p.key+"@example.mn")
		if p.key != "newbie" {
			d.exec(`INSERT INTO community_profiles (user_id, handle, created_at, updated_at) VALUES (?, ?, ?, ?)`,
				u.ID, p.key, db.T(now), db.T(now))
		}
	}
	d.c["anonymous"] = apitest.WebClient()
	d.cid = d.community("school", "public")
	for _, k := range []string{"author", "alice", "bob", "newbie"} {
		d.member(d.cid, k, "member")
	}
	d.member(d.cid, "mod", "moderator")
	d.post = d.newPost(d.cid, "author", "post", "Welcome to the school")
	return d
}

func (d *disc) exec(q string, args ...any) {
	d.t.Helper()
	if _, err := d.store.Write.Exec(q, args...); err != nil {
		d.t.Fatal(err)
	}
}

func (d *disc) community(slug, visibility string) int64 {
	d.t.Helper()
	now := db.T(d.clock.Now())
	res, err := d.store.Write.Exec(`INSERT INTO communities (slug, name_en, visibility, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		slug, slug, visibility, now, now)
	if err != nil {
		d.t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	return id
}

func (d *disc) member(cid int64, who, role string) {
	d.t.Helper()
	d.exec(`INSERT INTO community_members (community_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)`,
		cid, d.ids[who], role, db.T(d.clock.Now()))
}

func (d *disc) newPost(cid int64, author, kind, title string) int64 {
	d.t.Helper()
	d.seq++
	now := db.T(d.clock.Now())
	var community any
	if cid != 0 {
		community = cid
	}
	res, err := d.store.Write.Exec(`INSERT INTO posts (kind, slug, community_id, author_id, title, body, status, published_at,
		last_activity_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Body', 'published', ?, ?, ?, ?)`,
		kind, fmt.Sprintf("post-%d", d.seq), community, d.ids[author], title, now, now, now, now)
	if err != nil {
		d.t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	return id
}

// call sends a JSON request as who (a signed-in web client, or anonymous), in lang when given.
func (d *disc) call(who, method, path string, body any, lang ...string) apitest.Reply {
	d.t.Helper()
	h := []string{"Sec-Fetch-Site", "same-origin"}
	if len(lang) > 0 {
		h = append(h, "Accept-Language", lang[0])
	}
	return apitest.Call(d.t, d.c[who], d.ts, method, path, body, "", h...)
}

// comment writes a comment (or a reply) as who and returns its id.
func (d *disc) comment(who string, post int64, body string, parent ...int64) int64 {
	d.t.Helper()
	req := map[string]any{"postId": post, "body": body}
	if len(parent) > 0 {
		req["parentId"] = parent[0]
	}
	r := d.call(who, "POST", "/api/comments", req)
	apitest.MustStatus(d.t, r, 201)
	return int64(r.Body["id"].(float64))
}

// list returns the ids of a page and its next cursor.
func (d *disc) list(who, path string) ([]int64, string, apitest.Reply) {
	d.t.Helper()
	r := d.call(who, "GET", path, nil)
	apitest.MustStatus(d.t, r, 200)
	var ids []int64
	for _, it := range r.Body["items"].([]any) {
		ids = append(ids, int64(it.(map[string]any)["id"].(float64)))
	}
	next, _ := r.Body["next"].(string)
	return ids, next, r
}

func (d *disc) count(q string, args ...any) int {
	d.t.Helper()
	var n int
	if err := d.store.Read.QueryRow(q, args...).Scan(&n); err != nil {
		d.t.Fatal(err)
	}
	return n
}

func mustNotContain(t *testing.T, r apitest.Reply, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if strings.Contains(r.Raw, s) {
			t.Fatalf("answer contains %q: %s", s, r.Raw)
		}
	}
}

func mustContain(t *testing.T, r apitest.Reply, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if !strings.Contains(r.Raw, s) {
			t.Fatalf("answer lacks %q: %s", s, r.Raw)
		}
	}
}

// newRaw sends a raw body as who.
func newRaw(d *disc, who, method, path, body string) (apitest.Reply, error) {
	d.t.Helper()
	req, err := http.NewRequest(method, d.ts.URL+path, strings.NewReader(body))
	if err != nil {
		return apitest.Reply{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := d.c[who].Do(req)
	if err != nil {
		d.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return apitest.Reply{Status: res.StatusCode, Raw: string(raw)}, nil
}
