package communities_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
)

func TestPostSlugsTransliteratedAndUnique(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	for _, tc := range []struct{ title, slug string }{
		{"Улаанбаатарын шинэ сургууль", "ulaanbaataryn-shine-surguuli"},
		{"Улаанбаатарын шинэ сургууль", "ulaanbaataryn-shine-surguuli-2"},
		{"Study in Japan!", "study-in-japan"},
		{"日本", "post"},
		{"New", "new-2"}, // "new" is the editor's address
	} {
		r := w.post(t, "admin", map[string]any{"title": tc.title})
		apitest.MustStatus(t, r, 201)
		if got := r.Str("slug"); got != tc.slug {
			t.Errorf("%q: slug %q, want %q", tc.title, got, tc.slug)
		}
	}
	// Editing the title keeps the slug (links stay valid).
	r := call(t, w.c["admin"], w.ts, "PUT", "/api/me/posts/study-in-japan", map[string]any{"title": "Study in Korea", "lang": "en"})
	apitest.MustStatus(t, r, 200)
	if r.Str("slug") != "study-in-japan" || r.Str("title") != "Study in Korea" {
		t.Errorf("after editing: %s", r.Raw)
	}
}

func TestWhoMayPostWhere(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	for _, tc := range []struct {
		role, community string
		status          int
	}{
		{"anonymous", "", 401},
		{"individual", "", 403}, // platform-wide: staff only
		{"admin", "", 201},
		{"individual", "steppe", 201}, // a member
		{"individual", "circle", 201},
		{"owner", "steppe", 403}, // not a member
		{"counselor", "steppe", 201},
		{"individual", "nowhere", 422},
	} {
		r := w.post(t, tc.role, map[string]any{"title": "Hello", "community": tc.community})
		if r.Status != tc.status {
			t.Errorf("%s in %q: %d, want %d: %s", tc.role, tc.community, r.Status, tc.status, r.Raw)
		}
	}
	// A banned member can no longer publish a draft written before.
	r := w.post(t, "individual", map[string]any{"title": "Before the ban", "body": "Text", "community": "steppe"})
	apitest.MustStatus(t, r, 201)
	exec(t, w, `UPDATE community_members SET status = 'banned' WHERE community_id = 1 AND user_id = ?`, w.ids["individual"])
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "POST", "/api/me/posts/"+r.Str("slug")+"/status",
		map[string]any{"status": "published"}), 403)
	// Someone else's post is not theirs to edit, publish or delete: 404.
	for _, m := range []string{"GET", "PUT", "DELETE"} {
		apitest.MustStatus(t, call(t, w.c["owner"], w.ts, m, "/api/me/posts/"+r.Str("slug"), map[string]any{"title": "x", "lang": "en"}), 404)
	}
}

func TestScheduledPublishingWithTheClock(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	r := w.post(t, "individual", map[string]any{"title": "Open day", "body": "Come **visit**.", "community": "steppe", "tags": []string{"Events"}})
	apitest.MustStatus(t, r, 201)
	slug := r.Str("slug")
	status := func(body map[string]any) apitest.Reply {
		return call(t, w.c["individual"], w.ts, "POST", "/api/me/posts/"+slug+"/status", body)
	}
	past := w.clock.Now().Add(-time.Hour).Format(time.RFC3339)
	r = status(map[string]any{"status": "scheduled", "publishAt": past})
	apitest.MustStatus(t, r, 422)
	if !strings.Contains(r.Raw, `"publishAt"`) {
		t.Errorf("the message is not on publishAt: %s", r.Raw)
	}
	apitest.MustStatus(t, status(map[string]any{"status": "scheduled", "publishAt": "tomorrow"}), 422)
	at := w.clock.Now().Add(2 * time.Hour).Format(time.RFC3339)
	r = status(map[string]any{"status": "scheduled", "publishAt": at})
	apitest.MustStatus(t, r, 200)
	if r.Str("status") != "scheduled" {
		t.Fatalf("not scheduled: %s", r.Raw)
	}
	list := func() string { return call(t, nil, w.ts, "GET", "/api/post/list", nil).Raw }
	if strings.Contains(list(), slug) {
		t.Error("a scheduled post is listed before its time")
	}
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/api/post/details?slug="+slug, nil), 404)
	w.clock.Advance(time.Hour)
	runJob(t, w, "communities.publishScheduled")
	if strings.Contains(list(), slug) {
		t.Error("published an hour early")
	}
	w.clock.Advance(61 * time.Minute)
	runJob(t, w, "communities.publishScheduled")
	if !strings.Contains(list(), slug) {
		t.Fatalf("not published at its time: %s", list())
	}
	d := call(t, nil, w.ts, "GET", "/api/post/details?slug="+slug, nil)
	apitest.MustStatus(t, d, 200)
	if d.Str("status") != "published" || !strings.Contains(d.Raw, `\u003cstrong\u003evisit`) || !strings.Contains(d.Raw, `"events"`) {
		t.Errorf("details: %s", d.Raw)
	}
	var count int
	_ = w.s.Store().Write.QueryRow(`SELECT post_count FROM communities WHERE id = 1`).Scan(&count)
	if count != 1 {
		t.Errorf("post_count %d, want 1", count)
	}
	// A published post cannot be deleted; back to draft it leaves the list, then it can.
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "DELETE", "/api/me/posts/"+slug, nil), 409)
	apitest.MustStatus(t, status(map[string]any{"status": "draft"}), 200)
	if strings.Contains(list(), slug) {
		t.Error("a draft is listed")
	}
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "DELETE", "/api/me/posts/"+slug, nil), 204)
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "GET", "/api/me/posts/"+slug, nil), 404)
	// Publishing needs a body.
	r = w.post(t, "individual", map[string]any{"title": "Empty", "community": "steppe"})
	r = call(t, w.c["individual"], w.ts, "POST", "/api/me/posts/"+r.Str("slug")+"/status", map[string]any{"status": "published"})
	apitest.MustStatus(t, r, 422)
	if !strings.Contains(r.Raw, `"body"`) {
		t.Errorf("no message on body: %s", r.Raw)
	}
}

func TestMembersOnlyPostsNeverReachNonMembers(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	secret := w.published(t, "individual", "circle", "Zanzibar plans", "Only for members: quixotic", "privatetag")
	open := w.published(t, "individual", "steppe", "Open news", "Everyone may read this")
	topic := call(t, w.c["individual"], w.ts, "POST", "/api/topics", map[string]any{"community": "circle", "forum": "general",
		"title": "Zanzibar topic", "body": "quixotic reply", "lang": "en"})
	apitest.MustStatus(t, topic, 201)
	for _, who := range []string{"anonymous", "owner", "manager"} {
		c := w.c[who]
		for _, path := range []string{"/api/post/list", "/api/post/list?tag=privatetag", "/api/post/latest", "/api/post/search?q=quixotic",
			"/api/post/search?q=zanzibar", "/api/post/list?kind=topic", "/sitemap-communities.xml", "/en/post/" + secret} {
			r := call(t, c, w.ts, "GET", path, nil)
			for _, bad := range []string{secret, "Zanzibar", "quixotic", topic.Str("slug")} {
				// The page's own URL names its slug (its canonical link): what was asked, nothing more.
				if strings.Contains(r.Raw, bad) && !(bad == secret && strings.HasPrefix(path, "/en/post/")) {
					t.Errorf("%s GET %s: contains %q", who, path, bad)
				}
			}
		}
		apitest.MustStatus(t, call(t, c, w.ts, "GET", "/api/post/details?slug="+secret, nil), 404)
		apitest.MustStatus(t, call(t, c, w.ts, "GET", "/api/post/details?slug="+topic.Str("slug"), nil), 404)
		r := call(t, c, w.ts, "GET", "/api/post/list?community=circle", nil)
		if strings.Contains(r.Raw, secret) {
			t.Errorf("%s: the community's list shows a members-only post", who)
		}
	}
	// The public one is everywhere; the member sees both.
	if r := call(t, nil, w.ts, "GET", "/sitemap-communities.xml", nil); !strings.Contains(r.Raw, "/post/"+open) {
		t.Errorf("sitemap lacks the public post: %s", r.Raw)
	}
	r := call(t, w.c["individual"], w.ts, "GET", "/api/post/search?q=quixotic", nil)
	if !strings.Contains(r.Raw, secret) || !strings.Contains(r.Raw, topic.Str("slug")) {
		t.Errorf("the member does not find the members-only post and topic: %s", r.Raw)
	}
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "GET", "/api/post/details?slug="+secret, nil), 200)
	// Platform admins read everything, as the escalation of last resort.
	apitest.MustStatus(t, call(t, w.c["admin"], w.ts, "GET", "/api/post/details?slug="+secret, nil), 200)
}

func TestHiddenAndRemovedPosts(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	slug := w.published(t, "individual", "steppe", "Questionable", "Some text")
	var id int64
	_ = w.s.Store().Write.QueryRow(`SELECT id FROM posts WHERE slug = ?`, slug).Scan(&id)
	for _, status := range []string{"hidden", "removed"} {
		exec(t, w, `UPDATE posts SET status = ? WHERE id = ?`, status, id)
		exec(t, w, `INSERT INTO moderation_actions (community_id, target_type, target_id, actor_id, action, reason, created_at)
			VALUES (1, 'post', ?, ?, ?, 'Spam links', '2026-11-22T10:00:00.000Z')`, id, w.ids["counselor"], map[string]string{"hidden": "hide", "removed": "remove"}[status])
		for _, who := range []string{"anonymous", "owner", "manager"} {
			apitest.MustStatus(t, call(t, w.c[who], w.ts, "GET", "/api/post/details?slug="+slug, nil), 404)
			if r := call(t, w.c[who], w.ts, "GET", "/api/post/list", nil); strings.Contains(r.Raw, slug) {
				t.Errorf("%s post listed to %s", status, who)
			}
			if r := call(t, w.c[who], w.ts, "GET", "/en/post/"+slug, nil); r.Status != 404 {
				t.Errorf("%s post page to %s: %d", status, who, r.Status)
			}
		}
		r := call(t, w.c["individual"], w.ts, "GET", "/api/post/details?slug="+slug, nil)
		apitest.MustStatus(t, r, 200)
		if r.Str("status") != status || r.Str("reason") != "Spam links" {
			t.Errorf("the author does not see why: %s", r.Raw)
		}
		r = call(t, w.c["counselor"], w.ts, "GET", "/api/post/details?slug="+slug, nil)
		apitest.MustStatus(t, r, 200)
		if r.Body["canModerate"] != true {
			t.Errorf("the moderator: %s", r.Raw)
		}
		apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "PUT", "/api/me/posts/"+slug, map[string]any{"title": "x", "body": "y", "lang": "en"}), 409)
	}
}

func TestBlockedAuthorsPostsAreHidden(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	slug := w.published(t, "counselor", "steppe", "Counselor's note", "Text")
	exec(t, w, `INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, '2026-11-22T10:00:00.000Z')`, w.ids["owner"], w.ids["counselor"])
	exec(t, w, `INSERT INTO mutes (user_id, muted_id, created_at) VALUES (?, ?, '2026-11-22T10:00:00.000Z')`, w.ids["manager"], w.ids["counselor"])
	for _, who := range []string{"owner", "manager"} {
		for _, path := range []string{"/api/post/list", "/api/post/search?q=counselor", "/api/post/latest"} {
			if r := call(t, w.c[who], w.ts, "GET", path, nil); strings.Contains(r.Raw, slug) {
				t.Errorf("%s sees a blocked or muted author's post in %s", who, path)
			}
		}
	}
	apitest.MustStatus(t, call(t, w.c["owner"], w.ts, "GET", "/api/post/details?slug="+slug, nil), 404)
	if r := call(t, nil, w.ts, "GET", "/api/post/list", nil); !strings.Contains(r.Raw, slug) {
		t.Error("others do not see it")
	}
}

func TestMarkdownRenderedSafe(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	body := "Hello <script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) " +
		"<a href=\"javascript:alert(4)\">a</a> ![i](javascript:alert(5))\n\n**bold**"
	slug := w.published(t, "admin", "", "Safe", body)
	for _, path := range []string{"/api/post/details?slug=" + slug, "/en/post/" + slug} {
		r := call(t, nil, w.ts, "GET", path, nil)
		apitest.MustStatus(t, r, 200)
		for _, bad := range []string{"<script>alert", "onerror", "javascript:", `<img src="x"`} {
			if strings.Contains(r.Raw, bad) {
				t.Errorf("%s contains %q", path, bad)
			}
		}
		if !strings.Contains(r.Raw, "<strong>bold</strong>") && !strings.Contains(r.Raw, `\u003cstrong\u003ebold`) {
			t.Errorf("%s: the Markdown is not rendered", path)
		}
	}
}

func TestTopicsAndTheirSettings(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	topic := func(role string, body map[string]any) apitest.Reply {
		return call(t, w.c[role], w.ts, "POST", "/api/topics", body)
	}
	r := topic("individual", map[string]any{"community": "steppe", "forum": "general", "title": "Сургалтын хуваарь", "body": "Хэзээ эхлэх вэ?", "lang": "mn"})
	apitest.MustStatus(t, r, 201)
	slug := r.Str("slug")
	if r.Str("status") != "published" || r.Str("path") != "/forums/steppe/general/"+slug || r.Str("kind") != "topic" {
		t.Errorf("topic: %s", r.Raw)
	}
	apitest.MustStatus(t, topic("owner", map[string]any{"community": "steppe", "forum": "general", "title": "x", "body": "y", "lang": "en"}), 403)
	apitest.MustStatus(t, topic("individual", map[string]any{"community": "steppe", "forum": "nope", "title": "x", "body": "y", "lang": "en"}), 422)
	apitest.MustStatus(t, topic("individual", map[string]any{"community": "steppe", "forum": "general", "title": "x", "lang": "en"}), 422)
	// Settings: the community's moderators only.
	set := map[string]any{"slowMode": 10, "locked": true, "pinned": true}
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "PUT", "/api/topics/"+slug+"/settings", set), 403)
	apitest.MustStatus(t, call(t, w.c["counselor"], w.ts, "PUT", "/api/topics/"+slug+"/settings", map[string]any{"slowMode": 99999}), 422)
	r = call(t, w.c["counselor"], w.ts, "PUT", "/api/topics/"+slug+"/settings", set)
	apitest.MustStatus(t, r, 200)
	if r.Body["slowMode"] != float64(10) || r.Body["locked"] != true || r.Body["pinned"] != true {
		t.Errorf("settings: %s", r.Raw)
	}
	var slow, locked int
	_ = w.s.Store().Write.QueryRow(`SELECT slow_mode, locked FROM posts WHERE slug = ?`, slug).Scan(&slow, &locked)
	if slow != 10 || locked != 1 {
		t.Errorf("stored slow_mode %d locked %d", slow, locked)
	}
	// The topic's page, and a topic is no /post/ page.
	p := call(t, nil, w.ts, "GET", "/mn/forums/steppe/general/"+slug, nil)
	apitest.MustStatus(t, p, 200)
	if !strings.Contains(p.Raw, "Сургалтын хуваарь") || !strings.Contains(p.Raw, "DiscussionForumPosting") {
		t.Errorf("topic page: %.500s", p.Raw)
	}
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/mn/forums/circle/general/"+slug, nil), 404)
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/en/post/"+slug, nil), 404)
	// Topics of the forum.
	if r := call(t, nil, w.ts, "GET", "/api/post/list?community=steppe&forum=general&kind=topic", nil); !strings.Contains(r.Raw, slug) {
		t.Errorf("forum list: %s", r.Raw)
	}
}

func TestPostPageRendered(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	slug := w.published(t, "admin", "", "Scholarships in 2027", "Apply **early**.", "scholarship")
	r := call(t, nil, w.ts, "GET", "/en/post/"+slug, nil)
	apitest.MustStatus(t, r, 200)
	for _, want := range []string{"<title>Scholarships in 2027", `"@type":"Article"`, "<strong>early</strong>", `id="page-data"`, "#scholarship"} {
		if !strings.Contains(r.Raw, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// No comment yet: no comments section. Then its comments are on the page, for crawlers and
	// readers without JavaScript: the visible ones only, escaped.
	if strings.Contains(r.Raw, `class="comment-list"`) {
		t.Error("a post without comments has an empty comments section")
	}
	id := call(t, nil, w.ts, "GET", "/api/post/details?slug="+slug, nil).Body["id"]
	for _, body := range []string{"Which **universities** take part?", "<script>alert(1)</script> spam words"} {
		apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "POST", "/api/comments", map[string]any{"postId": id, "body": body}), 201)
	}
	if _, err := w.s.Store().Write.Exec(`UPDATE comments SET status = 'removed' WHERE body LIKE '%spam words'`); err != nil {
		t.Fatal(err)
	}
	r = call(t, nil, w.ts, "GET", "/mn/post/"+slug, nil)
	apitest.MustStatus(t, r, 200)
	if !strings.Contains(r.Raw, `class="comment-list"`) || !strings.Contains(r.Raw, "<strong>universities</strong>") ||
		strings.Contains(r.Raw, "spam words") || strings.Contains(r.Raw, "<script>alert") {
		t.Errorf("the comments on the page: %.2000s", r.Raw[strings.Index(r.Raw, "post-page"):])
	}
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/en/post/no-such-post", nil), 404)
	// A draft's page is rendered for nobody (pages are rendered without the session): 404 with
	// the shell, nothing of the draft; its author reads it through the API, which the page asks.
	d := w.post(t, "admin", map[string]any{"title": "Draft idea", "body": "unpublished words"})
	for _, c := range []*http.Client{nil, w.c["admin"]} {
		r := call(t, c, w.ts, "GET", "/en/post/"+d.Str("slug"), nil)
		apitest.MustStatus(t, r, 404)
		if strings.Contains(r.Raw, "Draft idea") || strings.Contains(r.Raw, "unpublished") || !strings.Contains(r.Raw, "Post not found") {
			t.Errorf("a draft's page: %.300s", r.Raw)
		}
	}
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/api/post/details?slug="+d.Str("slug"), nil), 404)
	apitest.MustStatus(t, call(t, w.c["admin"], w.ts, "GET", "/api/post/details?slug="+d.Str("slug"), nil), 200)
}

func TestPostsInDownloadMyDataAndGoneWithTheAccount(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	slug := w.published(t, "individual", "steppe", "My own words", "Body of mine")
	w.published(t, "counselor", "steppe", "Someone else's words", "Not mine")
	r := call(t, w.c["individual"], w.ts, "GET", "/api/account/export", nil)
	apitest.MustStatus(t, r, 200)
	if !strings.Contains(r.Raw, "My own words") || !strings.Contains(r.Raw, "Body of mine") || strings.Contains(r.Raw, "Someone else") {
		t.Errorf("export: %.400s", r.Raw)
	}
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "DELETE", "/api/account", map[string]any{"password": apitest.Password}), 204)
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", "/api/post/details?slug="+slug, nil), 404)
	if r := call(t, nil, w.ts, "GET", "/api/post/search?q=own+words", nil); strings.Contains(r.Raw, slug) {
		t.Error("found after the account was deleted")
	}
}
