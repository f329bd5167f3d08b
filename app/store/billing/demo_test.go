package billing_test

import (
	"context"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/store/billing"
	"gerege/db/dbtest"
)

// The demo: a subscribed organisation (Pro, active, two paid invoices), a manual invoice
// waiting for its transfer and a draft; the ledger balances.
func TestDemoSubscribedOrganization(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := dbtest.Open(t)
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	if err := app.SeedDemo(ctx, st, now, func(string) {}); err != nil {
		t.Fatal(err)
	}
	owner, err := st.UserByEmail(ctx, "owner@demo.gerege.mn")
	if err != nil {
		t.Fatal(err)
	}
	s, err := st.BillingSubscriptionOfOrg(ctx, owner.OrgID)
	if err != nil || s.Status != "active" || !s.PeriodEnd.After(now) || s.PeriodStart.After(now) {
		t.Fatalf("subscription: %+v %v", s, err)
	}
	if n, _ := billing.Limit(ctx, st, owner.OrgID, "postings"); n != -1 {
		t.Fatalf("pro limits: %d", n)
	}
	vs, err := st.BillingInvoices(ctx, 0, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]int{}
	for _, v := range vs {
		status[v.Status]++
	}
	if status["paid"] != 2 || status["issued"] != 1 || status["draft"] != 1 {
		t.Fatalf("invoices: %v", status)
	}
	if bad, err := st.UnbalancedLedgerTxns(ctx); err != nil || len(bad) != 0 {
		t.Fatalf("ledger: %v %v", bad, err)
	}
}
