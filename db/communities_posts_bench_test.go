package db_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gerege/app/platform/search"
	"gerege/db"
	"gerege/db/dbtest"
)

// BenchmarkPostLists: the published posts list and search with 100,000 posts and topics in 100
// communities (a tenth members only), a 5,000-word vocabulary with a rare word now and then
// and one word in every post, a signed-in viewer who is a member of a few communities.
// Run with -run XXX -bench PostLists -benchtime 30x (the setup takes about a minute).
func BenchmarkPostLists(b *testing.B) {
	ctx := context.Background()
	store := dbtest.Open(b)
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	w := store.Write
	exec := func(q string, args ...any) {
		if _, err := w.Exec(q, args...); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	ts := db.T(now)
	exec(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
		VALUES (1, 'a@x.mn', 'x', 'A', 'B', 'individual', 'en', ?, ?)`, ts, ts)
	tx, _ := w.Begin()
	for c := 1; c <= 100; c++ {
		vis := "public"
		if c%10 == 0 {
			vis = "members"
		}
		if _, err := tx.Exec(`INSERT INTO communities (id, slug, visibility, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
			c, fmt.Sprint("c", c), vis, ts, ts); err != nil {
			b.Fatal(err)
		}
	}
	for _, c := range []int{3, 10, 20} {
		tx.Exec(`INSERT INTO community_members (community_id, user_id, joined_at) VALUES (?, 1, ?)`, c, ts)
	}
	words := make([]string, 5000)
	for i := range words {
		words[i] = fmt.Sprintf("w%04dx", i)
	}
	const n = 100_000
	for i := 1; i <= n; i++ {
		kind := "post"
		if i%3 == 0 {
			kind = "topic"
		}
		text := fmt.Sprintf("common %s %s %s", words[i%5000], words[(i*7)%5000], words[(i*13)%5000])
		if i%10000 == 0 {
			text += " zanzibar"
		}
		at := db.T(now.Add(-time.Duration(n-i) * time.Minute))
		if _, err := tx.Exec(`INSERT INTO posts (id, kind, slug, community_id, author_id, title, status, published_at, last_activity_at,
			created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, 'published', ?, ?, ?, ?)`, i, kind, fmt.Sprint("p", i), i%100+1, text, at, at, at, at); err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Exec(`INSERT INTO post_search (rowid, text) VALUES (?, ?)`, i, search.Doc(text)); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	// Written straight into the index: its words for the searches' prefix expansion.
	if err := store.RebuildSearchTerms(context.Background(), "post_search"); err != nil {
		b.Fatal(err)
	}
	exec(`ANALYZE`)
	match := func(q string) string { m, _ := search.Match(q); return m }
	for _, bc := range []struct {
		name string
		f    db.PostFilter
	}{
		{"list", db.PostFilter{Viewer: 1, Kind: "post", Limit: 20}},
		{"list-community", db.PostFilter{Viewer: 1, Kind: "post", CommunityID: 3, Limit: 20}},
		{"search-rare", db.PostFilter{Viewer: 1, Match: match("zanzibar"), Limit: 20}},
		{"search-word", db.PostFilter{Viewer: 1, Match: match("w0042x"), Limit: 20}},
		{"search-common", db.PostFilter{Viewer: 1, Match: match("common"), Limit: 20}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bc.f.Now = now
			for b.Loop() {
				list, _, err := store.ListPosts(ctx, bc.f)
				if err != nil || len(list) == 0 {
					b.Fatal(err, len(list))
				}
			}
		})
	}
	// Deep keyset page: after 75,000 posts.
	b.Run("list-deep", func(b *testing.B) {
		f := db.PostFilter{Viewer: 1, Now: now, Kind: "post", Limit: 20, After: &db.PostCursor{At: db.T(now.Add(-75000 * time.Minute)), ID: 25000}}
		for b.Loop() {
			if _, _, err := store.ListPosts(ctx, f); err != nil {
				b.Fatal(err)
			}
		}
	})
}
