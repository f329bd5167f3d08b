package communities_test

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// postsWorld is a server with two communities: "steppe" (public) and "circle" (members
// only), each with a forum "general". The individual is a member of both; the counselor a
// moderator of steppe; the owner a member of neither.
type postsWorld struct {
	s     *app.Server
	ts    *httptest.Server
	clock *apitest.Clock
	c     map[string]*http.Client
	ids   map[string]int64 // user ids by role
}

func newPostsWorld(t *testing.T) *postsWorld {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	w := &postsWorld{s: s, ts: ts, clock: clock, c: apitest.Roles(t, s, ts), ids: map[string]int64{}}
	db := s.Store().Write
	// Established accounts (verified, older than a day): the normal limits.
	exec(t, w, `UPDATE users SET created_at = '2025-01-01T00:00:00.000Z', email_verified_at = '2025-01-01T00:00:00.000Z'`)
	for role, email := range apitest.RoleEmails {
		var id int64
		if err := db.QueryRow(`SELECT id FROM users WHERE email = ?`, email).Scan(&id); err != nil {
			t.Fatal(err)
		}
		w.ids[role] = id
	}
	now := "2026-11-01T00:00:00.000Z"
	exec(t, w, `INSERT INTO communities (id, slug, name_en, name_mn, visibility, created_at, updated_at) VALUES
		(1, 'steppe', 'Steppe School', 'Тал нутгийн сургууль', 'public', ?, ?),
		(2, 'circle', 'Inner Circle', 'Дотоод хүрээ', 'members', ?, ?)`, now, now, now, now)
	exec(t, w, `INSERT INTO forums (id, community_id, slug, name_en, name_mn, created_at) VALUES
		(1, 1, 'general', 'General', 'Ерөнхий', ?), (2, 2, 'general', 'General', 'Ерөнхий', ?)`, now, now)
	exec(t, w, `INSERT INTO community_members (community_id, user_id, role, joined_at) VALUES
		(1, ?, 'member', ?), (2, ?, 'member', ?), (1, ?, 'moderator', ?)`,
		w.ids["individual"], now, w.ids["individual"], now, w.ids["counselor"], now)
	return w
}

func exec(t *testing.T, w *postsWorld, q string, args ...any) {
	t.Helper()
	if _, err := w.s.Store().Write.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// post creates a draft as role and returns its answer.
func (w *postsWorld) post(t *testing.T, role string, body map[string]any) apitest.Reply {
	t.Helper()
	if body["lang"] == nil {
		body["lang"] = "en"
	}
	return call(t, w.c[role], w.ts, "POST", "/api/me/posts", body)
}

// published creates and publishes a post as role; it returns the slug.
func (w *postsWorld) published(t *testing.T, role, community, title, body string, tags ...string) string {
	t.Helper()
	r := w.post(t, role, map[string]any{"title": title, "body": body, "community": community, "tags": tags})
	apitest.MustStatus(t, r, 201)
	slug := r.Str("slug")
	apitest.MustStatus(t, call(t, w.c[role], w.ts, "POST", "/api/me/posts/"+slug+"/status", map[string]any{"status": "published"}), 200)
	return slug
}

// upload sends a multipart body with one file under field.
func upload(t *testing.T, c *http.Client, ts *httptest.Server, path, field, name string, content []byte) apitest.Reply {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile(field, name)
	_, _ = fw.Write(content)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", ts.URL+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return send(t, c, req)
}

func send(t *testing.T, c *http.Client, req *http.Request) apitest.Reply {
	t.Helper()
	if c == nil {
		c = apitest.WebClient()
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(res.Body)
	out := apitest.Reply{Status: res.StatusCode, Header: res.Header, Raw: b.String()}
	_ = json.Unmarshal(b.Bytes(), &out.Body)
	return out
}

func runJob(t *testing.T, w *postsWorld, name string) {
	t.Helper()
	if err := w.s.RunJob(context.Background(), name); err != nil {
		t.Fatal(err)
	}
}
