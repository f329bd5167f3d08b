package home_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gerege/db"
	"gerege/db/dbtest"
)

// BenchmarkHomeCounts measures the three widgets' counts as the home page runs them on every
// load, on a busy database: an organisation with 200 postings and 20,000 applications (4,000
// of them new), a person with 500 saved opportunities and 5 moderated communities among 1,000
// with 20,000 open reports. GEREGE_BENCH_SCALE multiplies the applications and reports.
func BenchmarkHomeCounts(b *testing.B) {
	scale := dbtest.Scale()
	ctx := context.Background()
	st, err := db.Open(ctx, dbtest.Path(b))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	w := st.Write
	exec := func(q string, args ...any) {
		if _, err := w.Exec(q, args...); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	tx, err := w.Begin()
	if err != nil {
		b.Fatal(err)
	}
	txe := func(q string, args ...any) {
		if _, err := tx.Exec(q, args...); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	users := 2_000
	for i := 1; i <= users; i++ {
		txe(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
			VALUES (?, ?, 'x', 'A', 'B', 'individual', 'en', '2026-01-01', '2026-01-01')`, i, fmt.Sprintf("u%d@example.mn", i))
	}
	txe(`INSERT INTO organizations (id, name, created_at) VALUES (1, 'Org', '2026-01-01'), (2, 'Other', '2026-01-01')`)
	opps := 400
	for i := 1; i <= opps; i++ {
		deadline := now.AddDate(0, 0, i%30).Format(time.DateOnly)
		txe(`INSERT INTO opportunities (id, organization_id, slug, kind, status, deadline, created_at, updated_at) VALUES (?, ?, ?, 'job', 'published', ?, '2026-01-01', '2026-01-01')`,
			i, 1+i%2, fmt.Sprintf("o%d", i), deadline)
	}
	apps := 20_000 * scale
	for i := 0; i < apps; i++ {
		status := "reviewed"
		if i%5 == 0 {
			status = "submitted"
		}
		// (opportunity, user) is unique: spread over every pair.
		txe(`INSERT INTO applications (opportunity_id, user_id, status, lang, profile, created_at, updated_at) VALUES (?, ?, ?, 'en', '{}', '2026-01-01', '2026-01-01')`,
			1+i%opps, 1+(i/opps)%users, status)
	}
	for i := 1; i <= 500 && i <= opps; i++ {
		txe(`INSERT INTO saved_opportunities (user_id, opportunity_id, created_at) VALUES (1, ?, '2026-01-01')`, i)
	}
	for c := 1; c <= 1_000; c++ {
		txe(`INSERT INTO communities (id, slug, status, created_at, updated_at) VALUES (?, ?, 'active', '2026-01-01', '2026-01-01')`, c, fmt.Sprintf("c%d", c))
		if c <= 5 {
			txe(`INSERT INTO community_members (community_id, user_id, role, joined_at) VALUES (?, 1, 'moderator', '2026-01-01')`, c)
		}
	}
	for i := 0; i < 20_000*scale; i++ {
		txe(`INSERT INTO reports (target_type, target_id, community_id, reason, status, created_at, due_at) VALUES ('post', ?, ?, 'spam', 'open', '2026-11-22', '2026-11-23')`,
			i, 1+i%1_000)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	exec(`ANALYZE`)
	from, to := now.Format(time.DateOnly), now.AddDate(0, 0, 7).Format(time.DateOnly)
	b.ResetTimer()
	for b.Loop() {
		if _, err := st.NewApplicationsOf(ctx, 1); err != nil {
			b.Fatal(err)
		}
		if _, err := st.OpenReportsFor(ctx, 1, false, now); err != nil {
			b.Fatal(err)
		}
		if _, err := st.SavedClosing(ctx, 1, from, to); err != nil {
			b.Fatal(err)
		}
	}
}
