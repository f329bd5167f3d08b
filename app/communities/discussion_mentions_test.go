package communities_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// @handle mentions are linked and notified, never for a person blocked either way, nor for
// people who cannot read a members-only community; a blocked person's comments are not
// listed for the other and cannot be replied to.
func TestDiscussionMentionsAndBlocks(t *testing.T) {
	d := newDisc(t)
	// outsider blocked alice; bob is fine; mod is muted by nobody.
	d.exec(`INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, '2026-11-22T09:00:00.000Z')`, d.ids["outsider"], d.ids["alice"])
	r := d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post,
		"body": "Thanks @bob and @Outsider, see alice@example.mn and @nobody_here. Also @bob again."})
	apitest.MustStatus(t, r, 201)
	id := int64(r.Body["id"].(float64))
	html := r.Str("bodyHtml")
	if !strings.Contains(html, `href="/u/bob"`) || strings.Contains(html, `/u/outsider`) || strings.Contains(html, "/u/nobody_here") ||
		strings.Contains(html, `/u/example`) {
		t.Fatalf("mention links %q", html)
	}
	notified := func(who string) int {
		return d.count(`SELECT count(*) FROM notifications WHERE user_id = ? AND kind = 'discussion.mention'`, d.ids[who])
	}
	if notified("bob") != 1 || notified("outsider") != 0 || notified("alice") != 0 {
		t.Fatalf("mentions notified bob %d outsider %d", notified("bob"), notified("outsider"))
	}
	if n := d.count(`SELECT count(*) FROM comment_mentions WHERE comment_id = ?`, id); n != 1 {
		t.Fatalf("mentions stored %d", n)
	}
	// Editing to mention someone new notifies them only; bob is not told twice.
	apitest.MustStatus(t, d.call("alice", "PUT", fmt.Sprint("/api/comments/", id), map[string]any{"body": "Thanks @bob and @mod"}), 200)
	if notified("bob") != 1 || notified("mod") != 1 {
		t.Fatalf("after edit bob %d mod %d", notified("bob"), notified("mod"))
	}
	var link string
	d.store.Read.QueryRow(`SELECT link FROM notifications WHERE user_id = ? AND kind = 'discussion.mention'`, d.ids["mod"]).Scan(&link)
	if !strings.HasPrefix(link, "/post/") || !strings.HasSuffix(link, fmt.Sprint("#comment-", id)) {
		t.Fatalf("link %q", link)
	}
	// The blocked relation hides each from the other, both ways.
	d.member(d.cid, "outsider", "member")
	oc := d.comment("outsider", d.post, "outsider speaks")
	ids, _, lr := d.list("outsider", fmt.Sprintf("/api/comments?postId=%d", d.post))
	if slices.Contains(ids, id) {
		t.Fatal("blocker sees the blocked person's comment")
	}
	mustNotContain(t, lr, "Thanks")
	ids, _, lr = d.list("alice", fmt.Sprintf("/api/comments?postId=%d", d.post))
	if slices.Contains(ids, oc) {
		t.Fatal("the blocked person sees the blocker's comment")
	}
	mustNotContain(t, lr, "outsider speaks")
	// ... and neither replies to the other.
	apitest.MustStatus(t, d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post, "parentId": oc, "body": "x"}), 422)
	apitest.MustStatus(t, d.call("outsider", "POST", "/api/comments", map[string]any{"postId": d.post, "parentId": id, "body": "x"}), 422)
	apitest.MustStatus(t, d.call("alice", "GET", fmt.Sprintf("/api/comments/%d/replies", oc), nil), 404)
	// A mute hides for the muter only.
	d.exec(`INSERT INTO mutes (user_id, muted_id, created_at) VALUES (?, ?, '2026-11-22T09:00:00.000Z')`, d.ids["bob"], d.ids["alice"])
	_, _, lr = d.list("bob", fmt.Sprintf("/api/comments?postId=%d", d.post))
	mustNotContain(t, lr, "Thanks")
	_, _, lr = d.list("anonymous", fmt.Sprintf("/api/comments?postId=%d", d.post))
	mustContain(t, lr, "Thanks", "outsider speaks")
	// Replies notify the parent's author; members-only: non-members are not mentioned.
	d.comment("bob", d.post, "a reply to outsider", oc)
	if n := d.count(`SELECT count(*) FROM notifications WHERE user_id = ? AND kind = 'discussion.reply'`, d.ids["outsider"]); n != 1 {
		t.Fatalf("reply notified %d", n)
	}
	closed := d.community("club", "members")
	d.member(closed, "alice", "member")
	post := d.newPost(closed, "alice", "topic", "Club")
	r = d.call("alice", "POST", "/api/comments", map[string]any{"postId": post, "body": "hi @bob"})
	apitest.MustStatus(t, r, 201)
	if strings.Contains(r.Str("bodyHtml"), "/u/bob") || notified("bob") != 1 {
		t.Fatalf("non-member mentioned: %s", r.Raw)
	}
}
