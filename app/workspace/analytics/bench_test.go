package analytics_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gerege/db"
	"gerege/db/dbtest"
)

// BenchmarkAnalyticsQueries measures each chart's one query on a busy database: 5,000
// people with 20,000 sign-ins over 90 days, 2 organisations with 400 postings and 20,000
// applications, 20,000 reports, 5,000 Direction Board attempts. GEREGE_BENCH_SCALE multiplies
// the applications, sign-ins and reports.
func BenchmarkAnalyticsQueries(b *testing.B) {
	scale := dbtest.Scale()
	ctx := context.Background()
	st, err := db.Open(ctx, dbtest.Path(b))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	ts := func(daysAgo, i int) string {
		return now.Add(-time.Duration(daysAgo)*24*time.Hour - time.Duration(i%86400)*time.Second).Format(db.TimeFormat)
	}
	tx, err := st.Write.Begin()
	if err != nil {
		b.Fatal(err)
	}
	txe := func(q string, args ...any) {
		if _, err := tx.Exec(q, args...); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	users := 5_000
	for i := 1; i <= users; i++ {
		txe(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
			VALUES (?, ?, 'x', 'A', 'B', 'individual', 'en', ?, ?)`, i, fmt.Sprintf("u%d@example.mn", i), ts(i%365, i), ts(0, 0))
	}
	for i := 0; i < 20_000*scale; i++ {
		txe(`INSERT INTO auth_sessions (id, user_id, kind, created_at, last_seen_at, expires_at) VALUES (?, ?, 'web', ?, ?, ?)`,
			fmt.Sprintf("s%d", i), 1+i%users, ts(i%90, i), ts(0, 0), ts(0, 0))
	}
	txe(`INSERT INTO organizations (id, name, created_at) VALUES (1, 'Org', '2026-01-01'), (2, 'Other', '2026-01-01')`)
	opps := 400
	for i := 1; i <= opps; i++ {
		txe(`INSERT INTO opportunities (id, organization_id, slug, kind, status, created_at, updated_at, published_at) VALUES (?, ?, ?, 'job', 'published', '2026-01-01', '2026-01-01', ?)`,
			i, 1+i%2, fmt.Sprintf("o%d", i), ts(i%365, i))
	}
	statuses := []string{"submitted", "reviewed", "shortlisted", "interview", "offer", "hired", "declined"}
	for i := 0; i < 20_000*scale; i++ {
		c := ts(i%180, i)
		txe(`INSERT INTO applications (opportunity_id, user_id, status, lang, profile, created_at, updated_at, reviewed_at) VALUES (?, ?, ?, 'en', '{}', ?, ?, ?)`,
			1+i%opps, 1+(i/opps)%users, statuses[i%len(statuses)], c, c, c)
	}
	for i := 0; i < 20_000*scale; i++ {
		txe(`INSERT INTO reports (target_type, target_id, reason, status, created_at, due_at, answered_at) VALUES ('opportunity', ?, 'spam', 'actioned', ?, ?, ?)`,
			1+i%opps, ts(i%90, i), ts(0, 0), ts(0, 0))
	}
	for i := 0; i < 5_000; i++ {
		txe(`INSERT INTO db_attempts (id, key_hash, lang, started_at, deadline_at, finished_at, code, result_token) VALUES (?, 'k', 'en', ?, ?, ?, ?, ?)`,
			fmt.Sprintf("a%d", i), ts(i%90, i), ts(0, 0), ts(0, 0), string("RIASEC"[i%6])+"IA", fmt.Sprintf("t%d", i))
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if _, err := st.Write.Exec(`ANALYZE`); err != nil {
		b.Fatal(err)
	}
	org, plat, year := now.AddDate(0, 0, -90), now.AddDate(0, 0, -30), now.AddDate(-1, 0, 0)
	type query struct {
		name string
		run  func() error
	}
	monthly := []query{}
	for _, key := range db.MonthlySeries {
		monthly = append(monthly, query{"month-" + key, func() error { _, err := st.PerMonth(ctx, key, year); return err }})
	}
	for _, q := range append([]query{
		{"postings", func() error {
			_, err := st.ApplicationsPerPosting(ctx, 1, org, org.Format(time.DateOnly), 50)
			return err
		}},
		{"funnel", func() error { _, err := st.ApplicationStatuses(ctx, 1, org); return err }},
		{"firstReview", func() error { _, err := st.FirstReviewHours(ctx, 1, org); return err }},
		{"reports", func() error { _, err := st.OrgReportRecord(ctx, 1, org); return err }},
		{"signups", func() error { _, err := st.SignupsPerDay(ctx, plat); return err }},
		{"active", func() error { _, err := st.ActivePerDay(ctx, plat); return err }},
		{"holland", func() error { _, err := st.DirectionBoardCodes(ctx, plat); return err }},
	}, monthly...) {
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				if err := q.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
