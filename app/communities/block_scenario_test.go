package communities_test

import (
	"fmt"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// One block, seen from both sides, everywhere the communities show a person: their posts in
// every list and in search, the post itself, their comments, their profile, a mention of them
// and a reply to them. The block is made and undone through the API, as the "Block or mute"
// button does; each part's own tests cover its list in depth.
func TestBlockHidesBothWaysEverywhere(t *testing.T) {
	t.Parallel()
	d := newDisc(t)
	d.member(d.cid, "outsider", "member")
	publish := func(who, title string) string {
		r := d.call(who, "POST", "/api/me/posts", map[string]any{"title": title, "body": title + " text", "community": "school", "lang": "en"})
		apitest.MustStatus(t, r, 201)
		slug := r.Str("slug")
		apitest.MustStatus(t, d.call(who, "POST", "/api/me/posts/"+slug+"/status", map[string]any{"status": "published"}), 200)
		return slug
	}
	aliceSlug, outSlug := publish("alice", "Zephyr scholarship advice"), publish("outsider", "Zephyr volunteering diary")
	aliceComment := d.comment("alice", d.post, "Alice asks about zephyr deadlines")
	outComment := d.comment("outsider", d.post, "Otgon answers about zephyr deadlines")

	// sees reports whether viewer is shown what author wrote, on every surface.
	sees := func(viewer, author, slug, words string) []string {
		var shown []string
		for _, path := range []string{"/api/post/list", "/api/post/latest", "/api/post/search?q=zephyr", "/api/post/list?community=school"} {
			if r := d.call(viewer, "GET", path, nil); strings.Contains(r.Raw, slug) {
				shown = append(shown, path)
			}
		}
		if r := d.call(viewer, "GET", "/api/post/details?slug="+slug, nil); r.Status == 200 {
			shown = append(shown, "the post")
		}
		if r := d.call(viewer, "GET", fmt.Sprintf("/api/comments?postId=%d", d.post), nil); strings.Contains(r.Raw, words) {
			shown = append(shown, "comments")
		}
		if r := d.call(viewer, "GET", "/api/profiles/"+author, nil); r.Status == 200 {
			shown = append(shown, "profile")
		}
		return shown
	}
	const aliceWords, outWords = "Alice asks", "Otgon answers"
	const surfaces = 7 // four lists, the post, the comments, the profile
	if got := sees("outsider", "alice", aliceSlug, aliceWords); len(got) != surfaces {
		t.Fatalf("before the block the outsider sees Alice in %v only", got)
	}

	apitest.MustStatus(t, d.call("outsider", "PUT", fmt.Sprint("/api/me/blocks/", d.ids["alice"]), struct{}{}), 204)
	if got := sees("outsider", "alice", aliceSlug, aliceWords); len(got) != 0 {
		t.Errorf("the blocker still sees the blocked person in %v", got)
	}
	if got := sees("alice", "outsider", outSlug, outWords); len(got) != 0 {
		t.Errorf("the blocked person still sees the blocker in %v", got)
	}
	// Everyone else sees both.
	for _, viewer := range []string{"bob", "anonymous"} {
		if got := sees(viewer, "alice", aliceSlug, aliceWords); len(got) != surfaces {
			t.Errorf("%s sees Alice in %v only", viewer, got)
		}
	}
	// Neither mentions nor answers the other.
	r := d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post, "body": "Hello @outsider"})
	apitest.MustStatus(t, r, 201)
	if strings.Contains(r.Str("bodyHtml"), "/u/outsider") {
		t.Errorf("a mention across the block links: %s", r.Str("bodyHtml"))
	}
	if n := d.count(`SELECT count(*) FROM notifications WHERE user_id = ? AND kind = 'discussion.mention'`, d.ids["outsider"]); n != 0 {
		t.Errorf("the blocker was told of a mention %d times", n)
	}
	apitest.MustStatus(t, d.call("alice", "POST", "/api/comments", map[string]any{"postId": d.post, "parentId": outComment, "body": "x"}), 422)
	apitest.MustStatus(t, d.call("outsider", "POST", "/api/comments", map[string]any{"postId": d.post, "parentId": aliceComment, "body": "x"}), 422)
	// The blocked person is not told, and does not see who blocked them.
	if l := d.call("alice", "GET", "/api/me/blocks", nil); strings.Contains(l.Raw, "Otgon") {
		t.Errorf("the blocked person sees the blocker: %s", l.Raw)
	}

	apitest.MustStatus(t, d.call("outsider", "DELETE", fmt.Sprint("/api/me/blocks/", d.ids["alice"]), nil), 204)
	if got := sees("outsider", "alice", aliceSlug, aliceWords); len(got) != surfaces {
		t.Errorf("after undoing, the outsider sees Alice in %v only", got)
	}
	if got := sees("alice", "outsider", outSlug, outWords); len(got) != surfaces {
		t.Errorf("after undoing, Alice sees the outsider in %v only", got)
	}
}
