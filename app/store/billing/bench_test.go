package billing_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authz"
	"gerege/app/platform/mail"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
	"gerege/app/platform/web"
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
func BenchmarkRenewals(b *testing.B) { benchRenewals(b, false) }

// BenchmarkCardRenewals: the same run where every organisation has a saved card: each
// renewal is also charged off-session (an HTTP call to stripetest.Cards, a local server
// answering as Stripe does, outside the transactions) and settled (ledger, invoice paid,
// period moved, "paid with your card" email) — target < 60 s too.
func BenchmarkCardRenewals(b *testing.B) { benchRenewals(b, true) }

func benchRenewals(b *testing.B, cards bool) {
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
	provider := "bank"
	if cards {
		provider = "stripe"
	}
	for i := 1; i <= n; i++ {
		txe(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
			VALUES (?, ?, 'x', 'A', 'B', 'enterprise', ?, '2026-01-01', '2026-01-01')`, i, fmt.Sprintf("o%d@example.mn", i), []string{"en", "mn"}[i%2])
		txe(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, '2026-01-01')`, i, fmt.Sprintf("Org %d", i))
		txe(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?, ?, 'owner', '2026-01-01')`, i, i)
		txe(`INSERT INTO billing_subscriptions (org_id, owner_id, plan_id, currency, price, status, period_start, period_end, provider, created_at, updated_at)
			VALUES (?, ?, 2, 'MNT', 99000, 'active', ?, ?, ?, '2026-01-01', '2026-01-01')`, i, i, db.T(start), db.T(now), provider)
		if cards {
			txe(`INSERT INTO payment_customers (org_id, provider, customer_id, created_at) VALUES (?, 'stripe', ?, '2026-01-01')`, i, fmt.Sprintf("cus_%d", i))
			txe(`INSERT INTO payment_methods (org_id, provider, customer_id, method_id, brand, last4, exp_month, exp_year, created_at)
				VALUES (?, 'stripe', ?, ?, 'visa', '4242', 8, 2030, '2026-01-01')`, i, fmt.Sprintf("cus_%d", i), fmt.Sprintf("pm_%d", i))
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	clock := func() time.Time { return now }
	cfg := payments.Config{Bank: payments.DemoBank}
	if cards {
		cfg.Stripe = payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: stripetest.StartCards(b).URL}
	}
	h := &billing.Handlers{Store: st, Mailer: mail.New(st, mail.SMTP{}, slog.New(slog.DiscardHandler), clock), Now: clock,
		Payments: payments.New(st, clock, cfg), Seller: billing.DefaultSeller}
	h.Mount(authz.NewRouter(chi.NewRouter(), &authz.Registry{}, &web.Kit{}, "/api", "billing"), &authz.Registry{})
	for b.Loop() {
		b.StopTimer()
		if _, err := st.Write.Exec(`UPDATE billing_subscriptions SET renewal_invoice_id = NULL, period_end = ?, attempts = 0, status = 'active'`, db.T(now)); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		done, err := h.RunRenewals(ctx, now)
		if err != nil || done != n {
			b.Fatalf("%d renewed: %v", done, err)
		}
	}
	if cards {
		var paid int
		if err := st.Read.QueryRow(`SELECT count(*) FROM payments WHERE provider = 'stripe' AND status = 'paid'`).Scan(&paid); err != nil || paid < n {
			b.Fatalf("%d card renewals paid of %d: %v", paid, n, err)
		}
	}
	b.ReportMetric(float64(n), "subscriptions/op")
}
