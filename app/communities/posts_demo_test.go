package communities

import (
	"context"
	"testing"
	"time"

	"gerege/db"
	"gerege/db/dbtest"
)

// The demo's posts: staff posts in both languages (one scheduled, one draft), a post in each
// community seeded before and topics in their forums; with no community seeded, staff posts only.
func TestSeedPostsDemo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := dbtest.Open(t)
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := store.Write.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	ts := db.T(now)
	exec(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
		VALUES (1, 'a@x.mn', 'x', 'Админ', 'Демо', 'individual', 'mn', ?, ?), (2, 's@x.mn', 'x', 'Тэмүүлэн', 'Ганбаатар', 'individual', 'mn', ?, ?)`, ts, ts, ts, ts)
	exec(`INSERT INTO communities (id, slug, name_en, created_at, updated_at) VALUES (1, 'school', 'School', ?, ?)`, ts, ts)
	exec(`INSERT INTO forums (id, community_id, slug, created_at) VALUES (1, 1, 'general', ?)`, ts)
	exec(`INSERT INTO community_members (community_id, user_id, role, joined_at) VALUES (1, 2, 'admin', ?)`, ts)

	w := &demoWorld{now: now, people: DemoPeople{Admin: 1, Student: 2}, communities: map[string]int64{"school": 1},
		forums: map[string]int64{"school/general": 1}, posts: map[string]int64{}}
	if err := store.InTx(ctx, func(tx *db.Store) error { return seedPostsDemo(ctx, tx, w) }); err != nil {
		t.Fatal(err)
	}
	count := func(q string) int {
		var n int
		if err := store.Read.QueryRow(q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for q, want := range map[string]int{
		`SELECT count(*) FROM posts WHERE community_id IS NULL AND status = 'published'`:            3,
		`SELECT count(*) FROM posts WHERE status = 'scheduled' AND publish_at > '2026-11-22'`:       1,
		`SELECT count(*) FROM posts WHERE status = 'draft'`:                                         1,
		`SELECT count(DISTINCT lang) FROM posts`:                                                    3,
		`SELECT count(*) FROM posts WHERE community_id = 1 AND kind = 'post' AND author_id = 2`:     1,
		`SELECT count(*) FROM posts WHERE forum_id = 1 AND kind = 'topic' AND status = 'published'`: 1,
		`SELECT count(*) FROM post_tags`:                                                            10,
	} {
		if got := count(q); got != want {
			t.Errorf("%s: %d, want %d", q, got, want)
		}
	}
	if len(w.posts) != 7 {
		t.Errorf("w.posts has %d, want 7", len(w.posts))
	}
	// Search finds the Mongolian post by its Latin spelling.
	list, _, err := store.ListPosts(ctx, db.PostFilter{Now: now, Match: `"uzesgelen"*`})
	if err != nil || len(list) != 1 {
		t.Errorf("search: %v %d", err, len(list))
	}
	// Without communities: staff posts only, no error.
	store2 := dbtest.Open(t)
	if _, err := store2.Write.Exec(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
		VALUES (1, 'a@x.mn', 'x', 'A', 'B', 'individual', 'en', ?, ?)`, ts, ts); err != nil {
		t.Fatal(err)
	}
	w2 := &demoWorld{now: now, people: DemoPeople{Admin: 1}, communities: map[string]int64{}, forums: map[string]int64{}, posts: map[string]int64{}}
	if err := store2.InTx(ctx, func(tx *db.Store) error { return seedPostsDemo(ctx, tx, w2) }); err != nil || len(w2.posts) != 5 {
		t.Errorf("without communities: %v, %d posts", err, len(w2.posts))
	}
}
