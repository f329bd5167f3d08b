package billing_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"gerege/app/platform/mail"
	"gerege/app/platform/payments"
	"gerege/app/store/billing"
	"gerege/db"
	"gerege/db/dbtest"
)

// BenchmarkInvoicePDF: one invoice as PDF (target < 50 ms).
func BenchmarkInvoicePDF(b *testing.B) {
	v := samplePDF()
	for b.Loop() {
		if _, err := billing.RenderPDF(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenewals: one monthly renewal run over 10,000 subscriptions due at once (each
// gets its invoice with the year's next number, its pending payment and its email, one
// transaction each) — target < 60 s. GEREGE_BENCH_SCALE multiplies the subscriptions.
func BenchmarkRenewals(b *testing.B) {
	n := 10_000 * dbtest.Scale()
	ctx := context.Background()
	st, err := db.Open(ctx, dbtest.Path(b))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	start := time.Date(2026, 10, 22, 10, 0, 0, 0, time.UTC)
	now := start.AddDate(0, 1, 0)
	tx, err := st.Write.Begin()
	if err != nil {
		b.Fatal(err)
	}
	txe := func(q string, args ...any) {
		if _, err := tx.Exec(q, args...); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	for i := 1; i <= n; i++ {
		txe(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
			VALUES (?, ?, 'x', 'A', 'B', 'enterprise', ?, '2026-01-01', '2026-01-01')`, i, fmt.Sprintf("o%d@example.mn", i), []string{"en", "mn"}[i%2])
		txe(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, '2026-01-01')`, i, fmt.Sprintf("Org %d", i))
		txe(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?, ?, 'owner', '2026-01-01')`, i, i)
		txe(`INSERT INTO billing_subscriptions (org_id, owner_id, plan_id, currency, price, status, period_start, period_end, created_at, updated_at)
			VALUES (?, ?, 2, 'MNT', 99000, 'active', ?, ?, '2026-01-01', '2026-01-01')`, i, i, db.T(start), db.T(now))
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	clock := func() time.Time { return now }
	h := &billing.Handlers{Store: st, Mailer: mail.New(st, mail.SMTP{}, slog.New(slog.DiscardHandler), clock), Now: clock,
		Payments: payments.New(st, clock, payments.Config{Bank: payments.DemoBank}), Seller: billing.DefaultSeller}
	for b.Loop() {
		b.StopTimer()
		if _, err := st.Write.Exec(`UPDATE billing_subscriptions SET renewal_invoice_id = NULL, period_end = ?, attempts = 0`, db.T(now)); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		done, err := h.RunRenewals(ctx, now)
		if err != nil || done != n {
			b.Fatalf("%d renewed: %v", done, err)
		}
	}
	b.ReportMetric(float64(n), "subscriptions/op")
}
