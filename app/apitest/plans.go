package apitest

import (
	"context"
	"testing"
	"time"

	"gerege/app"
	"gerege/db"
)

// OnPlan puts the organisation of the account with this email on the plan (its code: "free",
// "starter", "pro"): an active subscription (MNT, the plan's price) as billing stores one once
// its first invoice is paid, with a period of a year so that tests which move the clock on do
// not meet a renewal (billing's own tests cover how
// it gets there). Tests whose organisation needs more open postings, staff seats or
// communities than the free plan has use it instead of switching the limits off; "free" ends
// any subscription. It returns the organisation's id.
func OnPlan(t testing.TB, s *app.Server, email, code string) int64 {
	t.Helper()
	ctx, st := context.Background(), s.Store()
	u, err := st.UserByEmail(ctx, email)
	if err != nil || u.OrgID == 0 {
		t.Fatalf("OnPlan: %s has no organisation (%v)", email, err)
	}
	SetPlan(t, st, u.OrgID, code)
	return u.OrgID
}

// SetPlan puts the organisation orgID on the plan code (see OnPlan).
func SetPlan(t testing.TB, st *db.Store, orgID int64, code string) {
	t.Helper()
	ctx := context.Background()
	plan, err := st.BillingPlanByCode(ctx, code)
	if err != nil {
		t.Fatalf("SetPlan %s: %v", code, err)
	}
	now := time.Now().UTC()
	sub, err := st.BillingSubscriptionOfOrg(ctx, orgID)
	if err != nil && !db.IsNotFound(err) {
		t.Fatal(err)
	}
	sub.OrgID, sub.PlanID, sub.Currency, sub.Price, sub.Provider = orgID, plan.ID, "MNT", plan.PriceMNT, "bank"
	sub.Status, sub.PeriodStart, sub.PeriodEnd = "active", now, now.AddDate(1, 0, 0)
	if code == "free" {
		sub.Status = "ended"
	}
	if err := st.InTx(ctx, func(tx *db.Store) error {
		_, err := tx.SaveBillingSubscription(ctx, sub, now)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}
