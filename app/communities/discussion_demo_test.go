package communities_test

import (
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// The demo's discussion: comments and replies in both languages, a mention, an open poll
// and a closed one with votes, every count right.
func TestDiscussionDemo(t *testing.T) {
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	_ = ts
	d := &disc{t: t, store: s.Store()}
	if d.count(`SELECT count(*) FROM posts WHERE status = 'published'`) == 0 {
		t.Skip("no demo posts (the posts part's demo)")
	}
	if d.count(`SELECT count(*) FROM comments WHERE parent_id IS NULL`) < 5 || d.count(`SELECT count(*) FROM comments WHERE parent_id IS NOT NULL`) < 2 {
		t.Fatal("too few demo comments or replies")
	}
	if d.count(`SELECT count(*) FROM comments WHERE body GLOB '*[а-яөүА-ЯӨҮ]*'`) == 0 || d.count(`SELECT count(*) FROM comments WHERE body GLOB '*[a-z]*'`) == 0 {
		t.Fatal("demo comments not in both languages")
	}
	if d.count(`SELECT count(*) FROM comment_mentions`) == 0 || d.count(`SELECT count(*) FROM comments WHERE body_html LIKE '%href="/u/%'`) == 0 {
		t.Fatal("no demo mention")
	}
	if d.count(`SELECT count(*) FROM polls WHERE voters > 0 AND closes_at < strftime('%Y-%m-%dT%H:%M:%fZ','now')`) == 0 {
		t.Fatal("no closed demo poll with votes")
	}
	if d.count(`SELECT count(*) FROM polls WHERE closes_at > strftime('%Y-%m-%dT%H:%M:%fZ','now') AND closed_at IS NULL`) == 0 {
		t.Fatal("no open demo poll")
	}
	if n := d.count(`SELECT count(*) FROM posts p WHERE comment_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id AND c.status <> 'deleted')`); n != 0 {
		t.Fatalf("%d posts with a wrong comment_count", n)
	}
	if n := d.count(`SELECT count(*) FROM comments p WHERE reply_count <> (SELECT count(*) FROM comments c WHERE c.parent_id = p.id AND c.status <> 'deleted')`); n != 0 {
		t.Fatalf("%d comments with a wrong reply_count", n)
	}
	if n := d.count(`SELECT count(*) FROM poll_options o WHERE votes <> (SELECT count(*) FROM poll_votes v WHERE v.option_id = o.id)`); n != 0 {
		t.Fatalf("%d options with a wrong count", n)
	}
	if n := d.count(`SELECT count(*) FROM polls p WHERE voters <> (SELECT count(DISTINCT user_id) FROM poll_votes v WHERE v.poll_id = p.id)`); n != 0 {
		t.Fatalf("%d polls with a wrong voters count", n)
	}
}
