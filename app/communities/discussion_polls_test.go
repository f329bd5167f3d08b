package communities_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
)

func (d *disc) poll(post int64, extra map[string]any) (int64, []int64) {
	d.t.Helper()
	body := map[string]any{"postId": post, "question": "Which day suits the meeting?", "options": []string{"Monday", "Tuesday", "Friday"}}
	for k, v := range extra {
		body[k] = v
	}
	r := d.call("author", "POST", "/api/polls", body)
	apitest.MustStatus(d.t, r, 201)
	var opts []int64
	for _, o := range r.Body["options"].([]any) {
		opts = append(opts, int64(o.(map[string]any)["id"].(float64)))
	}
	return int64(r.Body["id"].(float64)), opts
}

func (d *disc) vote(who string, poll int64, opts ...int64) apitest.Reply {
	d.t.Helper()
	return d.call(who, "POST", fmt.Sprintf("/api/polls/%d/votes", poll), map[string]any{"optionIds": opts})
}

// checkCounts compares the stored counts with the votes themselves.
func (d *disc) checkCounts(poll int64) (voters int, votes map[int64]int) {
	d.t.Helper()
	voters, votes, err := d.store.PollCounts(context.Background(), poll)
	if err != nil {
		d.t.Fatal(err)
	}
	if n := d.count(`SELECT voters FROM polls WHERE id = ?`, poll); n != voters {
		d.t.Fatalf("polls.voters %d, counted %d", n, voters)
	}
	for id, n := range votes {
		if m := d.count(`SELECT votes FROM poll_options WHERE id = ?`, id); m != n {
			d.t.Fatalf("option %d votes %d, counted %d", id, m, n)
		}
	}
	return voters, votes
}

// Attach (author only, 2-10 options, field messages), edit only while nobody voted, vote
// once per account and change it, refuse bad choices with the field's message.
func TestPollRules(t *testing.T) {
	d := newDisc(t)
	for _, bad := range []map[string]any{
		{"options": []string{"Only one"}}, {"options": []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}},
		{"options": []string{"Same", "same"}}, {"question": ""}, {"results": "never"}, {"closesAt": "tomorrow"},
		{"closesAt": d.clock.Now().Add(-time.Hour).Format(time.RFC3339)}, {"multiple": true, "maxChoices": 9},
		{"options": []string{"A", ""}},
	} {
		body := map[string]any{"postId": d.post, "question": "Q?", "options": []string{"A", "B"}}
		for k, v := range bad {
			body[k] = v
		}
		r := d.call("author", "POST", "/api/polls", body)
		apitest.MustStatus(t, r, 422)
		if len(r.Body["errors"].(map[string]any)) == 0 {
			t.Fatalf("%v: no field message %s", bad, r.Raw)
		}
	}
	// Someone else's post.
	r := d.call("alice", "POST", "/api/polls", map[string]any{"postId": d.post, "question": "Q?", "options": []string{"A", "B"}})
	apitest.MustStatus(t, r, 403)
	poll, opts := d.poll(d.post, nil)
	apitest.MustStatus(t, d.call("author", "POST", "/api/polls", map[string]any{"postId": d.post, "question": "Q?", "options": []string{"A", "B"}}), 409)
	// Edit while nobody voted.
	r = d.call("author", "PUT", fmt.Sprint("/api/polls/", poll), map[string]any{"question": "Which day?", "options": []string{"Mon", "Tue"}})
	apitest.MustStatus(t, r, 200)
	if r.Str("question") != "Which day?" || len(r.Body["options"].([]any)) != 2 || r.Body["canEdit"] != true {
		t.Fatal(r.Raw)
	}
	apitest.MustStatus(t, d.call("alice", "PUT", fmt.Sprint("/api/polls/", poll), map[string]any{"question": "X", "options": []string{"a", "b"}}), 403)
	opts = nil
	for _, o := range r.Body["options"].([]any) {
		opts = append(opts, int64(o.(map[string]any)["id"].(float64)))
	}
	// Choices refused with the field's message.
	other, otherOpts := d.poll(d.newPost(d.cid, "author", "post", "Other"), nil)
	_ = other
	for _, bad := range [][]int64{{}, {otherOpts[0]}, {opts[0], opts[0]}, {opts[0], opts[1]}, {999999}} {
		r := d.vote("alice", poll, bad...)
		apitest.MustStatus(t, r, 422)
		if r.Str("errors", "optionIds") == "" {
			t.Fatalf("%v: %s", bad, r.Raw)
		}
	}
	r = d.call("alice", "POST", fmt.Sprintf("/api/polls/%d/votes", poll), map[string]any{"optionIds": make([]int64, 50)})
	apitest.MustStatus(t, r, 422)
	// Vote; the same account from a second browser changes the vote, it never counts twice.
	r = d.vote("alice", poll, opts[0])
	apitest.MustStatus(t, r, 200)
	if r.Body["tally"].(map[string]any)["voters"].(float64) != 1 || fmt.Sprint(r.Body["myChoices"]) != fmt.Sprintf("[%d]", opts[0]) {
		t.Fatal(r.Raw)
	}
	second := apitest.SignIn(t, d.ts, "alice@example.mn")
	r = apitest.Call(t, second, d.ts, "POST", fmt.Sprintf("/api/polls/%d/votes", poll), map[string]any{"optionIds": []int64{opts[1]}}, "",
		"Sec-Fetch-Site", "same-origin")
	apitest.MustStatus(t, r, 200)
	apitest.MustStatus(t, d.vote("bob", poll, opts[1]), 200)
	voters, votes := d.checkCounts(poll)
	if voters != 2 || votes[opts[0]] != 0 || votes[opts[1]] != 2 {
		t.Fatalf("voters %d votes %v", voters, votes)
	}
	r = d.call("bob", "GET", fmt.Sprintf("/api/polls/%d/results", poll), nil)
	apitest.MustStatus(t, r, 200)
	o := r.Body["options"].([]any)
	if o[1].(map[string]any)["percent"].(float64) != 100 || o[0].(map[string]any)["votes"].(float64) != 0 {
		t.Fatal(r.Raw)
	}
	// Nobody edits a poll with votes.
	r = d.call("author", "PUT", fmt.Sprint("/api/polls/", poll), map[string]any{"question": "Changed", "options": []string{"x", "y"}})
	apitest.MustStatus(t, r, 409)
	// Multiple choice with a maximum.
	mp, mo := d.poll(d.newPost(d.cid, "author", "post", "Multi"), map[string]any{"multiple": true, "maxChoices": 2})
	apitest.MustStatus(t, d.vote("alice", mp, mo[0], mo[1], mo[2]), 422)
	apitest.MustStatus(t, d.vote("alice", mp, mo[0], mo[2]), 200)
	apitest.MustStatus(t, d.vote("bob", mp, mo[2]), 200)
	apitest.MustStatus(t, d.vote("alice", mp, mo[1]), 200)
	voters, votes = d.checkCounts(mp)
	if voters != 2 || votes[mo[0]] != 0 || votes[mo[1]] != 1 || votes[mo[2]] != 1 {
		t.Fatalf("multi voters %d votes %v", voters, votes)
	}
	// Non-members and signed-out people do not vote.
	apitest.MustStatus(t, d.vote("outsider", poll, opts[0]), 403)
	apitest.MustStatus(t, d.vote("anonymous", poll, opts[0]), 401)
	// Bad input: never a 500.
	for _, body := range []string{``, `{`, `{"optionIds":"x"}`, `{"optionIds":[1e40]}`, `{"optionIds":null}`, `[]`} {
		r, _ := newRaw(d, "alice", "POST", fmt.Sprintf("/api/polls/%d/votes", poll), body)
		if r.Status >= 500 {
			t.Fatalf("%s: %d %s", body, r.Status, r.Raw)
		}
		r, _ = newRaw(d, "author", "POST", "/api/polls", body)
		if r.Status >= 500 {
			t.Fatalf("%s: %d %s", body, r.Status, r.Raw)
		}
	}
	for _, path := range []string{"/api/polls/abc", "/api/polls/0/results", "/api/polls?postId=abc", "/api/polls/999999"} {
		if r := d.call("alice", "GET", path, nil); r.Status >= 500 || r.Status == 200 {
			t.Fatalf("%s: %d", path, r.Status)
		}
	}
}

// Closing: on time (the injected clock) and early (author or moderator); afterwards votes
// answer "Voting is no longer allowed" in both languages, on the field too.
func TestPollClosing(t *testing.T) {
	d := newDisc(t)
	poll, opts := d.poll(d.post, map[string]any{"closesAt": d.clock.Now().Add(time.Hour).Format(time.RFC3339)})
	apitest.MustStatus(t, d.vote("alice", poll, opts[0]), 200)
	d.clock.Advance(time.Hour)
	r := d.vote("bob", poll, opts[1])
	apitest.MustStatus(t, r, 409)
	if r.Str("message") != "Voting is no longer allowed" || r.Str("errors", "optionIds") != "Voting is no longer allowed" {
		t.Fatal(r.Raw)
	}
	r = d.call("alice", "POST", fmt.Sprintf("/api/polls/%d/votes", poll), map[string]any{"optionIds": []int64{opts[1]}}, "mn")
	apitest.MustStatus(t, r, 409)
	if r.Str("message") != "Санал өгөх хугацаа дууссан" {
		t.Fatal(r.Raw)
	}
	voters, votes := d.checkCounts(poll)
	if voters != 1 || votes[opts[0]] != 1 {
		t.Fatalf("a closed poll changed: %d %v", voters, votes)
	}
	r = d.call("bob", "GET", fmt.Sprintf("/api/polls?postId=%d", d.post), nil)
	if p := r.Body["poll"].(map[string]any); p["closed"] != true || p["canVote"] != false || p["notice"] != "Voting is no longer allowed" {
		t.Fatal(r.Raw)
	}
	// Early: a member may not close someone else's poll; the moderator and the author may.
	p2, o2 := d.poll(d.newPost(d.cid, "author", "post", "Early"), nil)
	apitest.MustStatus(t, d.call("alice", "POST", fmt.Sprintf("/api/polls/%d/close", p2), struct{}{}), 403)
	r = d.call("mod", "POST", fmt.Sprintf("/api/polls/%d/close", p2), struct{}{})
	apitest.MustStatus(t, r, 200)
	if r.Body["closed"] != true {
		t.Fatal(r.Raw)
	}
	apitest.MustStatus(t, d.vote("alice", p2, o2[0]), 409)
	p3, _ := d.poll(d.newPost(d.cid, "author", "post", "Early 2"), nil)
	apitest.MustStatus(t, d.call("author", "POST", fmt.Sprintf("/api/polls/%d/close", p3), struct{}{}), 200)
	apitest.MustStatus(t, d.call("author", "PUT", fmt.Sprint("/api/polls/", p3), map[string]any{"question": "Q", "options": []string{"a", "b"}}), 409)
}

// Results are not there before the poll's rule allows them: no counts in any answer.
func TestPollResultVisibility(t *testing.T) {
	d := newDisc(t)
	av, ao := d.poll(d.post, map[string]any{"results": "after_vote"})
	apitest.MustStatus(t, d.vote("bob", av, ao[2]), 200)
	for _, path := range []string{fmt.Sprint("/api/polls/", av), fmt.Sprintf("/api/polls?postId=%d", d.post)} {
		for _, who := range []string{"alice", "anonymous", "outsider"} {
			r := d.call(who, "GET", path, nil)
			apitest.MustStatus(t, r, 200)
			mustNotContain(t, r, `"votes"`, `"voters"`, `"percent"`, `"tally"`)
		}
	}
	r := d.call("alice", "GET", fmt.Sprintf("/api/polls/%d/results", av), nil)
	apitest.MustStatus(t, r, 403)
	mustNotContain(t, r, `"votes"`)
	if r.Str("code") != "results_hidden" {
		t.Fatal(r.Raw)
	}
	r = d.vote("alice", av, ao[0])
	apitest.MustStatus(t, r, 200)
	mustContain(t, r, `"voters":2`)
	apitest.MustStatus(t, d.call("alice", "GET", fmt.Sprintf("/api/polls/%d/results", av), nil), 200)
	// The author sees them before.
	mustContain(t, d.call("author", "GET", fmt.Sprint("/api/polls/", av), nil), `"tally"`)

	ac, co := d.poll(d.newPost(d.cid, "author", "post", "After close"), map[string]any{"results": "after_close",
		"closesAt": d.clock.Now().Add(2 * time.Hour).Format(time.RFC3339)})
	r = d.vote("alice", ac, co[1])
	apitest.MustStatus(t, r, 200)
	mustNotContain(t, r, `"votes"`, `"voters"`, `"tally"`)
	if !strings.Contains(r.Str("notice"), "closes") {
		t.Fatal(r.Raw)
	}
	apitest.MustStatus(t, d.call("alice", "GET", fmt.Sprintf("/api/polls/%d/results", ac), nil), 403)
	d.clock.Advance(2 * time.Hour)
	r = d.call("anonymous", "GET", fmt.Sprintf("/api/polls/%d/results", ac), nil)
	apitest.MustStatus(t, r, 200)
	mustContain(t, r, `"voters":1`, `"closed":true`)

	// A members-only community's poll: nothing for non-members.
	club := d.community("club", "members")
	d.member(club, "author", "admin")
	mp, _ := d.poll(d.newPost(club, "author", "topic", "Secret poll"), nil)
	for _, path := range []string{fmt.Sprint("/api/polls/", mp), fmt.Sprintf("/api/polls/%d/results", mp)} {
		r := d.call("outsider", "GET", path, nil)
		apitest.MustStatus(t, r, 404)
		mustNotContain(t, r, "Which day")
	}
	// No poll: null.
	r = d.call("alice", "GET", fmt.Sprintf("/api/polls?postId=%d", d.newPost(d.cid, "author", "post", "No poll")), nil)
	apitest.MustStatus(t, r, 200)
	if r.Raw != `{"poll":null}`+"\n" && r.Body["poll"] != nil {
		t.Fatal(r.Raw)
	}
}
