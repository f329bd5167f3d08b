package plans_test

import (
	"context"
	"testing"
	"time"

	"gerege/app/platform/plans"
	"gerege/db"
	"gerege/db/dbtest"
)

// What the limit check adds to a submission: plans.Check in a write transaction for an
// organisation with 10,000 postings (× GEREGE_BENCH_SCALE) in every status, 1,000 of them
// open, on a plan with a (high) limit, so every check counts (on an unlimited plan it does not
// count at all); beside it an empty transaction, and the usage a page reads. Run:
// go test ./app/platform/plans -run x -bench . -benchtime 2000x
func BenchmarkCheck(b *testing.B) {
	st := dbtest.Open(b)
	ctx := context.Background()
	n := 10_000 * dbtest.Scale()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	w := st.Write
	must := func(err error) {
		b.Helper()
		if err != nil {
			b.Fatal(err)
		}
	}
	exec := func(q string, args ...any) {
		_, err := w.Exec(q, args...)
		must(err)
	}
	exec(`INSERT INTO organizations (id, name, created_at) VALUES (1, 'Bench LLC', ?)`, db.T(now))
	exec(`WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
		INSERT INTO opportunities (organization_id, slug, kind, status, created_at, updated_at)
		SELECT 1, 'p-' || i, 'job', CASE i % 10 WHEN 0 THEN 'published' WHEN 1 THEN 'draft' WHEN 2 THEN 'closed'
			WHEN 3 THEN 'archived' WHEN 4 THEN 'returned' ELSE 'closed' END, ?, ? FROM k`, n, db.T(now), db.T(now))
	// A plan with room, so that every check counts (an unlimited plan does not).
	exec(`INSERT INTO billing_plans (code, name_en, name_mn, max_postings, max_staff, max_communities, price_mnt, price_usd,
		created_at, updated_at) VALUES ('bench', 'Bench', 'Бенч', 1000000, 100, 100, 0, 0, ?, ?)`, db.T(now), db.T(now))
	exec(`INSERT INTO billing_subscriptions (org_id, plan_id, currency, price, status, created_at, updated_at)
		SELECT 1, id, 'MNT', 0, 'active', ?, ? FROM billing_plans WHERE code = 'bench'`, db.T(now), db.T(now))
	u, err := plans.Of(ctx, st, 1, plans.Postings, now)
	must(err)
	if u.Used != n/10 || u.Max != 1000000 {
		b.Fatalf("usage %+v", u)
	}
	b.Run("in a transaction", func(b *testing.B) {
		for b.Loop() {
			must(st.InTx(ctx, func(tx *db.Store) error { return plans.Check(ctx, tx, 1, plans.Postings, now) }))
		}
	})
	b.Run("empty transaction", func(b *testing.B) { // what the transaction alone costs
		for b.Loop() {
			must(st.InTx(ctx, func(tx *db.Store) error { return nil }))
		}
	})
	b.Run("usage read", func(b *testing.B) { // the dashboard's usage (read pool)
		for b.Loop() {
			_, err := plans.Of(ctx, st, 1, plans.Postings, now)
			must(err)
		}
	})
}
