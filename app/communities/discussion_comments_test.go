package communities_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/db"
)

// Latest and oldest orders, and "load more" pages without gaps or repeats.
func TestDiscussionSortAndKeysetPaging(t *testing.T) {
	d := newDisc(t)
	ctx := context.Background()
	var want []int64
	err := d.store.InTx(ctx, func(tx *db.Store) error {
		for i := range 45 {
			id, err := tx.InsertComment(ctx, db.Comment{PostID: d.post, AuthorID: d.ids["alice"], Body: fmt.Sprint("c", i),
				BodyHTML: fmt.Sprintf("<p>c%d</p>", i)}, d.clock.Now())
			if err != nil {
				return err
			}
			want = append(want, id)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A reply is not a top-level comment.
	d.comment("bob", d.post, "a reply", want[3])
	for _, sort := range []string{"latest", "oldest"} {
		var got []int64
		next, pages := "", 0
		for {
			path := fmt.Sprintf("/api/comments?postId=%d&sort=%s&limit=20", d.post, sort)
			if next != "" {
				path += "&after=" + next
			}
			ids, n, r := d.list("anonymous", path)
			if r.Body["total"].(float64) != 46 {
				t.Fatalf("total %v", r.Body["total"])
			}
			got = append(got, ids...)
			pages++
			if next = n; next == "" {
				break
			}
		}
		exp := slices.Clone(want)
		if sort == "latest" {
			slices.Reverse(exp)
		}
		if !slices.Equal(got, exp) || pages != 3 {
			t.Fatalf("%s: %d pages, got %v, want %v", sort, pages, got, exp)
		}
	}
	// Default sort is latest.
	ids, _, _ := d.list("anonymous", fmt.Sprintf("/api/comments?postId=%d", d.post))
	if ids[0] != want[44] || len(ids) != 20 {
		t.Fatalf("default page %v", ids)
	}
	// Replies: oldest first, keyset.
	for i := range 4 {
		d.comment("bob", d.post, fmt.Sprint("reply ", i), want[0])
	}
	r1, next, _ := d.list("anonymous", fmt.Sprintf("/api/comments/%d/replies?limit=3", want[0]))
	r2, end, _ := d.list("anonymous", fmt.Sprintf("/api/comments/%d/replies?limit=3&after=%s", want[0], next))
	if len(r1) != 3 || len(r2) != 1 || end != "" || r1[0] > r1[1] || r2[0] <= r1[2] {
		t.Fatalf("replies %v %v %q", r1, r2, end)
	}
	// Bad paging input: never a 500.
	for path, status := range map[string]int{
		fmt.Sprintf("/api/comments?postId=%d&after=abc", d.post):   400,
		fmt.Sprintf("/api/comments?postId=%d&after=-5", d.post):    400,
		fmt.Sprintf("/api/comments?postId=%d&limit=0", d.post):     422,
		fmt.Sprintf("/api/comments?postId=%d&limit=99999", d.post): 422,
		fmt.Sprintf("/api/comments?postId=%d&sort=best", d.post):   422,
		"/api/comments":                              422,
		"/api/comments?postId=x":                     422,
		"/api/comments?postId=999999":                404,
		"/api/comments/abc/replies":                  404,
		"/api/comments/99999999999999999999/replies": 404,
		"/api/comments/999999/replies":               404,
	} {
		apitest.MustStatus(t, d.call("alice", "GET", path, nil), status)
	}
}

// Write, reply one level deep, edit own (shown as edited), delete own (a placeholder while
// it has replies), counts kept right, Markdown rendered safe.
func TestDiscussionWriteEditDelete(t *testing.T) {
	d := newDisc(t)
	d.clock.Advance(time.Hour)
	r := d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post,
		"body": "Hello **class** <script>alert(1)</script> [x](javascript:alert(2)) <img src=x onerror=alert(3)>"})
	apitest.MustStatus(t, r, 201)
	html := r.Str("bodyHtml")
	if !strings.Contains(html, "<strong>class</strong>") || strings.Contains(html, "<script") || strings.Contains(html, "javascript:") ||
		strings.Contains(html, "onerror") {
		t.Fatalf("unsafe html %q", html)
	}
	if r.Body["mine"] != true || r.Body["author"].(map[string]any)["name"] != "Alice Anand" {
		t.Fatalf("comment %s", r.Raw)
	}
	top := int64(r.Body["id"].(float64))
	if n := d.count(`SELECT comment_count FROM posts WHERE id = ?`, d.post); n != 1 {
		t.Fatalf("comment_count %d", n)
	}
	var last string
	d.store.Read.QueryRow(`SELECT last_activity_at FROM posts WHERE id = ?`, d.post).Scan(&last)
	if last != db.T(d.clock.Now()) {
		t.Fatalf("last_activity_at %s", last)
	}
	reply := d.comment("bob", d.post, "I agree", top)
	if n := d.count(`SELECT reply_count FROM comments WHERE id = ?`, top); n != 1 {
		t.Fatalf("reply_count %d", n)
	}
	// One level only.
	r = d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post, "parentId": reply, "body": "deeper"})
	apitest.MustStatus(t, r, 422)
	if r.Str("errors", "parentId") == "" {
		t.Fatalf("no field message: %s", r.Raw)
	}
	// A parent of another post.
	other := d.newPost(d.cid, "author", "topic", "Another")
	apitest.MustStatus(t, d.call("alice", "POST", "/api/comments", map[string]any{"postId": other, "parentId": top, "body": "x"}), 422)
	// Field messages: empty, too long (in Mongolian too).
	r = d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post, "body": "  "})
	apitest.MustStatus(t, r, 422)
	if r.Str("errors", "body") == "" {
		t.Fatal(r.Raw)
	}
	r = d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post, "body": strings.Repeat("я", 5001)}, "mn")
	apitest.MustStatus(t, r, 422)
	if !strings.Contains(r.Str("errors", "body"), "5000") {
		t.Fatal(r.Raw)
	}
	// Edit: only one's own.
	apitest.MustStatus(t, d.call("bob", "PUT", fmt.Sprint("/api/comments/", top), map[string]any{"body": "hijack"}), 403)
	apitest.MustStatus(t, d.call("mod", "PUT", fmt.Sprint("/api/comments/", top), map[string]any{"body": "hijack"}), 403)
	apitest.MustStatus(t, d.call("anonymous", "PUT", fmt.Sprint("/api/comments/", top), map[string]any{"body": "hijack"}), 401)
	d.clock.Advance(time.Minute)
	r = d.call("alice", "PUT", fmt.Sprint("/api/comments/", top), map[string]any{"body": "Hello *everyone*"})
	apitest.MustStatus(t, r, 200)
	if r.Str("editedAt") == "" || !strings.Contains(r.Str("bodyHtml"), "<em>everyone</em>") || r.Str("body") != "Hello *everyone*" {
		t.Fatalf("edited %s", r.Raw)
	}
	// Others never get the Markdown source, only the HTML.
	_, _, lr := d.list("bob", fmt.Sprintf("/api/comments?postId=%d", d.post))
	mustNotContain(t, lr, `"body":"Hello`)
	// Delete: only one's own.
	apitest.MustStatus(t, d.call("bob", "DELETE", fmt.Sprint("/api/comments/", top), nil), 403)
	apitest.MustStatus(t, d.call("alice", "DELETE", fmt.Sprint("/api/comments/", top), nil), 204)
	apitest.MustStatus(t, d.call("alice", "DELETE", fmt.Sprint("/api/comments/", top), nil), 404)
	apitest.MustStatus(t, d.call("alice", "PUT", fmt.Sprint("/api/comments/", top), map[string]any{"body": "back"}), 404)
	// It has a reply: a placeholder stays, without its text or author.
	ids, _, lr := d.list("bob", fmt.Sprintf("/api/comments?postId=%d", d.post))
	if !slices.Contains(ids, top) {
		t.Fatal("placeholder missing")
	}
	mustNotContain(t, lr, "everyone", "Alice")
	mustContain(t, lr, `"status":"deleted"`)
	// Without replies, it goes from the list.
	lone := d.comment("bob", d.post, "lonely words")
	apitest.MustStatus(t, d.call("bob", "DELETE", fmt.Sprint("/api/comments/", lone), nil), 204)
	ids, _, lr = d.list("alice", fmt.Sprintf("/api/comments?postId=%d", d.post))
	if slices.Contains(ids, lone) {
		t.Fatal("deleted comment without replies listed")
	}
	mustNotContain(t, lr, "lonely words")
	// Deleting the reply drops the counts.
	apitest.MustStatus(t, d.call("bob", "DELETE", fmt.Sprint("/api/comments/", reply), nil), 204)
	if n := d.count(`SELECT comment_count FROM posts WHERE id = ?`, d.post); n != 0 {
		t.Fatalf("comment_count after deletes %d", n)
	}
	if n := d.count(`SELECT reply_count FROM comments WHERE id = ?`, top); n != 0 {
		t.Fatalf("reply_count after delete %d", n)
	}
	// A deleted comment takes no replies.
	apitest.MustStatus(t, d.call("bob", "POST", "/api/comments", map[string]any{"postId": d.post, "parentId": top, "body": "hm"}), 422)
}

// Hidden and removed comments: their text only for moderators; removed shows its reason.
func TestDiscussionHiddenAndRemoved(t *testing.T) {
	d := newDisc(t)
	h := d.comment("alice", d.post, "secret hidden words")
	rm := d.comment("alice", d.post, "secret removed words")
	d.exec(`UPDATE comments SET status = 'hidden' WHERE id = ?`, h)
	d.exec(`UPDATE comments SET status = 'removed', reason = 'Spam link' WHERE id = ?`, rm)
	for _, who := range []string{"anonymous", "bob", "outsider", "alice"} {
		_, _, r := d.list(who, fmt.Sprintf("/api/comments?postId=%d", d.post))
		mustNotContain(t, r, "secret")
		mustContain(t, r, `"reason":"Spam link"`, `"status":"hidden"`)
	}
	_, _, r := d.list("mod", fmt.Sprintf("/api/comments?postId=%d", d.post))
	mustContain(t, r, "secret hidden words", "secret removed words", `"canModerate":true`)
	// Nobody replies to them; the author cannot edit them or delete a removal.
	apitest.MustStatus(t, d.call("bob", "POST", "/api/comments", map[string]any{"postId": d.post, "parentId": h, "body": "x"}), 422)
	apitest.MustStatus(t, d.call("alice", "PUT", fmt.Sprint("/api/comments/", rm), map[string]any{"body": "x"}), 409)
	apitest.MustStatus(t, d.call("alice", "DELETE", fmt.Sprint("/api/comments/", rm), nil), 409)
}

// A moderator removes a comment through the moderation API: the list shows it as removed with
// the reason, without its text, to everyone but moderators; a member may not remove.
func TestDiscussionRemovedByModerator(t *testing.T) {
	d := newDisc(t)
	c := d.comment("alice", d.post, "rude words here")
	body := map[string]any{"targetType": "comment", "targetId": c, "action": "remove", "reason": "Harassment"}
	if r := d.call("bob", "POST", "/api/moderation/actions", body); r.Status < 400 {
		t.Fatalf("a member removed a comment: %s", r.Raw)
	}
	r := d.call("mod", "POST", "/api/moderation/actions", body)
	if r.Status != 200 && r.Status != 201 {
		t.Fatalf("remove: %d %s", r.Status, r.Raw)
	}
	for _, who := range []string{"bob", "anonymous", "alice"} {
		_, _, lr := d.list(who, fmt.Sprintf("/api/comments?postId=%d", d.post))
		mustNotContain(t, lr, "rude words")
		mustContain(t, lr, `"status":"removed"`, `"reason":"Harassment"`)
	}
	_, _, lr := d.list("mod", fmt.Sprintf("/api/comments?postId=%d", d.post))
	mustContain(t, lr, "rude words")
}

// Members-only communities: non-members and signed-out people get 404 and never the text;
// public communities: non-members read but do not write.
func TestDiscussionMembersOnly(t *testing.T) {
	d := newDisc(t)
	closed := d.community("club", "members")
	d.member(closed, "author", "admin")
	d.member(closed, "alice", "member")
	post := d.newPost(closed, "author", "topic", "Members only")
	c := d.comment("alice", post, "members only words")
	for _, who := range []string{"anonymous", "outsider", "bob"} {
		r := d.call(who, "GET", fmt.Sprintf("/api/comments?postId=%d", post), nil)
		apitest.MustStatus(t, r, 404)
		mustNotContain(t, r, "members only words")
		r = d.call(who, "GET", fmt.Sprintf("/api/comments/%d/replies", c), nil)
		apitest.MustStatus(t, r, 404)
	}
	r := d.call("outsider", "POST", "/api/comments", map[string]any{"postId": post, "body": "let me in"})
	apitest.MustStatus(t, r, 404)
	apitest.MustStatus(t, d.call("outsider", "POST", "/api/comments", map[string]any{"postId": post, "parentId": c, "body": "x"}), 404)
	apitest.MustStatus(t, d.call("outsider", "PUT", fmt.Sprint("/api/comments/", c), map[string]any{"body": "x"}), 404)
	_, _, lr := d.list("alice", fmt.Sprintf("/api/comments?postId=%d", post))
	mustContain(t, lr, "members only words")
	// A public community: the outsider reads but must join to write.
	d.comment("alice", d.post, "public words")
	_, _, lr = d.list("outsider", fmt.Sprintf("/api/comments?postId=%d", d.post))
	mustContain(t, lr, "public words", `"canComment":false`)
	r = d.call("outsider", "POST", "/api/comments", map[string]any{"postId": d.post, "body": "hi"})
	apitest.MustStatus(t, r, 403)
	if r.Str("code") != "not_member" {
		t.Fatal(r.Raw)
	}
	// Platform-wide staff posts: any account comments.
	staff := d.newPost(0, "author", "post", "Platform news")
	d.comment("outsider", staff, "from anyone")
	// Drafts are not there for others.
	d.exec(`UPDATE posts SET status = 'draft' WHERE id = ?`, staff)
	apitest.MustStatus(t, d.call("bob", "GET", fmt.Sprintf("/api/comments?postId=%d", staff), nil), 404)
	// Suspended members read but do not write, edit or delete.
	bobs := d.comment("bob", d.post, "bob before his suspension")
	d.exec(`UPDATE community_members SET status = 'suspended', suspended_until = ? WHERE user_id = ?`,
		db.T(d.clock.Now().Add(time.Hour)), d.ids["bob"])
	apitest.MustStatus(t, d.call("bob", "POST", "/api/comments", map[string]any{"postId": d.post, "body": "hi"}), 403)
	apitest.MustStatus(t, d.call("bob", "PUT", fmt.Sprint("/api/comments/", bobs), map[string]any{"body": "changed"}), 403)
	apitest.MustStatus(t, d.call("bob", "DELETE", fmt.Sprint("/api/comments/", bobs), nil), 403)
}

// Locked posts take no comments; slow mode refuses a person's next reply within N minutes
// with 429 and Retry-After; moderators are not slowed; new accounts have the lower limit.
func TestDiscussionLockedSlowModeAndLimits(t *testing.T) {
	d := newDisc(t)
	d.exec(`UPDATE posts SET locked = 1 WHERE id = ?`, d.post)
	r := d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post, "body": "hi"})
	apitest.MustStatus(t, r, 409)
	_, _, lr := d.list("alice", fmt.Sprintf("/api/comments?postId=%d", d.post))
	mustContain(t, lr, `"locked":true`, `"canComment":false`)

	topic := d.newPost(d.cid, "author", "topic", "Slow topic")
	d.exec(`UPDATE posts SET slow_mode = 5 WHERE id = ?`, topic)
	d.comment("alice", topic, "first")
	d.clock.Advance(2 * time.Minute)
	r = d.call("alice", "POST", "/api/comments", map[string]any{"postId": topic, "body": "second"}, "mn")
	apitest.MustStatus(t, r, 429)
	if r.Header.Get("Retry-After") != "180" || !strings.Contains(r.Str("message"), "Удаан горим") || r.Str("code") != "slow_mode" {
		t.Fatalf("slow mode: %s %v", r.Raw, r.Header)
	}
	r = d.call("alice", "POST", "/api/comments", map[string]any{"postId": topic, "body": "second"})
	if !strings.Contains(r.Str("message"), "3 min") {
		t.Fatal(r.Raw)
	}
	d.comment("bob", topic, "another person is not slowed by alice")
	d.comment("mod", topic, "moderators are not slowed")
	d.comment("mod", topic, "at all")
	d.clock.Advance(3 * time.Minute)
	d.comment("alice", topic, "second, in time")
	// A new account: 15 comments an hour, then 429 with Retry-After.
	for i := range 15 {
		d.comment("newbie", d.newPost(d.cid, "author", "post", "p"), fmt.Sprint("n", i))
	}
	r = d.call("newbie", "POST", "/api/comments", map[string]any{"postId": topic, "body": "one too many"})
	apitest.MustStatus(t, r, 429)
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
}

// Nothing a person sends answers 500.
func TestDiscussionBadInput(t *testing.T) {
	d := newDisc(t)
	c := d.comment("alice", d.post, "ok")
	for _, body := range []string{``, `{`, `[]`, `"x"`, `{"postId":"1","body":1}`, `{"postId":1e40,"body":"x"}`,
		`{"postId":-1,"body":"x"}`, `{"postId":1,"parentId":-3,"body":"x"}`, `{"postId":9223372036854775807,"body":"x"}`,
		`{"postId":1,"body":"\u0000"}`, `{"postId":1} trailing`} {
		for _, path := range []string{"/api/comments", fmt.Sprint("/api/comments/", c)} {
			method := "POST"
			if path != "/api/comments" {
				method = "PUT"
			}
			r := apitest.Do(t, d.ts, method, path, body, map[string]string{"Content-Type": "application/json"})
			if r.Status >= 500 {
				t.Fatalf("%s %s: %d %s", path, body, r.Status, r.Raw)
			}
			req, _ := newRaw(d, "alice", method, path, body)
			if req.Status >= 500 {
				t.Fatalf("%s %s: %d %s", path, body, req.Status, req.Raw)
			}
		}
	}
}
