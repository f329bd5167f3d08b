package billing_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
)

// With Stripe configured (against stripe-mock), an owner subscribes by card: the answer sends
// the browser to Checkout; the signed webhook starts the plan once, a replay changes nothing.
func TestSubscribeByCard(t *testing.T) {
	t.Parallel()
	base := stripetest.Start(t)
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock, generous, func(c *app.Config) {
		c.Payments.Stripe = payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: base}
	})
	w := &world{s: s, ts: ts, clock: clock, c: apitest.Roles(t, s, ts)}
	u, _ := s.Store().UserByEmail(context.Background(), apitest.RoleEmails["owner"])
	w.ownerID, w.orgID = u.ID, u.OrgID
	a := w.must(t, w.call(t, "owner", "GET", "/api/billing/subscription", nil), 200)
	if !strings.Contains(a.Raw, `"providers":["stripe"`) {
		t.Fatalf("providers: %s", a.Raw)
	}
	body := subscribeBody(planID(t, s.Store(), "starter"))
	body["provider"] = "stripe"
	r := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", body), 201)
	if !strings.Contains(r.Raw, `"kind":"redirect"`) || !strings.Contains(r.Raw, `"url":"`) {
		t.Fatalf("card: %s", r.Raw)
	}
	pid := int64(r.Body["payment"].(map[string]any)["paymentId"].(float64))
	p, err := s.Store().Payment(context.Background(), pid)
	if err != nil {
		t.Fatal(err)
	}
	session := stripetest.Session{ID: p.ProviderRef, AmountTotal: payments.StripeAmount(payments.Money{Amount: p.Amount, Currency: p.Currency}),
		Currency: "mnt", PaymentStatus: "paid", Status: "complete"}
	ev := stripetest.Event("evt_billing_1", "checkout.session.completed", session)
	hook := func() {
		t.Helper()
		res := apitest.Do(t, ts, "POST", "/api/payments/webhooks/stripe", string(ev),
			map[string]string{"Content-Type": "application/json", "Stripe-Signature": stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())})
		apitest.MustStatus(t, res, 200)
	}
	hook()
	first := w.sub(t)
	if first.Status != "active" {
		t.Fatalf("after the webhook: %+v", first)
	}
	w.clock.Advance(time.Hour)
	hook() // replayed
	if again := w.sub(t); !again.PeriodEnd.Equal(first.PeriodEnd) || again.Status != "active" {
		t.Fatalf("a replayed webhook changed the subscription: %+v", again)
	}
}
