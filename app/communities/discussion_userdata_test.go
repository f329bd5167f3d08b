package communities_test

import (
	"fmt"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// "Download my data" has a person's comments and votes; deleting the account takes them out
// with every count right, and a comment others replied to stays as a placeholder.
func TestDiscussionUserData(t *testing.T) {
	d := newDisc(t)
	top := d.comment("alice", d.post, "alice's words")
	d.comment("bob", d.post, "bob answers", top)
	own := d.comment("alice", d.post, "alice alone")
	d.comment("alice", d.post, "alice replies to herself", own)
	d.comment("alice", d.post, "alice replies to bob's thread", d.comment("bob", d.post, "bob's thread"))
	poll, opts := d.poll(d.post, map[string]any{"multiple": true})
	apitest.MustStatus(t, d.vote("alice", poll, opts[0], opts[2]), 200)
	apitest.MustStatus(t, d.vote("bob", poll, opts[0]), 200)

	r := d.call("alice", "GET", "/api/account/export", nil)
	apitest.MustStatus(t, r, 200)
	mustContain(t, r, "alice's words", "alice replies to bob's thread", "Which day suits the meeting?", `"Friday"`, fmt.Sprintf("#comment-%d", top))
	mustNotContain(t, r, "bob answers")

	apitest.MustStatus(t, d.call("alice", "DELETE", "/api/account", map[string]any{"password": apitest.Password}), 204)
	_, _, lr := d.list("bob", fmt.Sprintf("/api/comments?postId=%d", d.post))
	mustNotContain(t, lr, "alice", "Alice")
	mustContain(t, lr, `"status":"deleted"`, "bob's thread")
	if !strings.Contains(d.call("bob", "GET", fmt.Sprintf("/api/comments/%d/replies", top), nil).Raw, "bob answers") {
		t.Fatal("bob's reply went with alice's comment")
	}
	if n := d.count(`SELECT comment_count FROM posts WHERE id = ?`, d.post); n != 2 {
		t.Fatalf("comment_count %d, want 2 (bob's two)", n)
	}
	if n := d.count(`SELECT count(*) FROM comments p WHERE reply_count <> (SELECT count(*) FROM comments c WHERE c.parent_id = p.id AND c.status <> 'deleted')`); n != 0 {
		t.Fatalf("%d wrong reply counts", n)
	}
	voters, votes := d.checkCounts(poll)
	if voters != 1 || votes[opts[0]] != 1 || votes[opts[2]] != 0 {
		t.Fatalf("after erase: %d %v", voters, votes)
	}
	if n := d.count(`SELECT voters FROM polls WHERE id = ?`, poll); n != 1 {
		t.Fatalf("polls.voters %d", n)
	}
}
