package billing_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
	"gerege/app/store/billing"
	"gerege/db"
)

// cardWorld is a world with card payments configured against base (stripe-mock, or the local
// stripetest.Cards server for the declines stripe-mock cannot answer).
func cardWorld(t *testing.T, base string) *world {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock, generous, func(c *app.Config) {
		c.Payments.Stripe = payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: base}
	})
	w := &world{s: s, ts: ts, clock: clock, c: apitest.Roles(t, s, ts)}
	u, err := s.Store().UserByEmail(context.Background(), apitest.RoleEmails["owner"])
	if err != nil {
		t.Fatal(err)
	}
	w.ownerID, w.orgID = u.ID, u.OrgID
	return w
}

func (w *world) webhook(t *testing.T, ev []byte) {
	t.Helper()
	res := apitest.Do(t, w.ts, "POST", "/api/payments/webhooks/stripe", string(ev),
		map[string]string{"Content-Type": "application/json", "Stripe-Signature": stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())})
	apitest.MustStatus(t, res, 200)
}

func (w *world) toRenewal(t *testing.T, after time.Duration) {
	t.Helper()
	w.clock.Advance(w.sub(t).PeriodEnd.Add(after).Sub(w.clock.Now()))
	w.renewals(t)
}

// Against stripe-mock: the owner subscribes by card; Checkout keeps the card (shown on the
// account page); at the renewal date the renewal is charged to it off-session at once (no
// invoice to pay by hand). stripe-mock answers the confirmed intent with its fixture
// (requires_payment_method, not final), so Stripe's signed payment_intent.succeeded settles
// it: the period moves on and the owner is emailed "paid with your card" — once, whatever is
// replayed.
func TestRenewalChargedToTheSavedCard(t *testing.T) {
	t.Parallel()
	w := cardWorld(t, stripetest.Start(t))
	st, ctx := w.s.Store(), context.Background()
	body := subscribeBody(planID(t, st, "starter"))
	body["provider"] = "stripe"
	r := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", body), 201)
	pid := int64(r.Body["payment"].(map[string]any)["paymentId"].(float64))
	p, _ := st.Payment(ctx, pid)
	cust, _ := st.PaymentCustomer(ctx, w.orgID, "stripe")
	if cust == "" {
		t.Fatal("the card subscription's checkout has no customer")
	}
	w.webhook(t, stripetest.Event("evt_sub", "checkout.session.completed", stripetest.Session{ID: p.ProviderRef,
		AmountTotal: payments.StripeAmount(payments.Money{Amount: p.Amount, Currency: p.Currency}), Currency: "mnt",
		PaymentStatus: "paid", Status: "complete", Customer: cust, PaymentIntent: "pi_first"}))
	a := w.must(t, w.call(t, "owner", "GET", "/api/billing/subscription", nil), 200)
	if !strings.Contains(a.Raw, `"card":{"brand":"visa","last4":"4242"`) || !strings.Contains(a.Raw, `"autoRenew":true`) {
		t.Fatalf("account: %s", a.Raw)
	}
	end := w.sub(t).PeriodEnd
	w.toRenewal(t, 0)
	s := w.sub(t)
	inv, _ := st.BillingInvoice(ctx, s.RenewalInvoiceID)
	cs, _ := st.PaymentCharges(ctx, inv.PaymentID)
	if len(cs) != 1 || cs[0].Attempt != 0 || cs[0].IntentID == "" {
		t.Fatalf("the renewal was not charged at once: %+v", cs)
	}
	rp, _ := st.Payment(ctx, inv.PaymentID)
	succeeded := stripetest.IntentEvent("evt_renewal_ok", "payment_intent.succeeded", stripetest.Intent{ID: cs[0].IntentID,
		Status: "succeeded", Amount: payments.StripeAmount(payments.Money{Amount: rp.Amount, Currency: rp.Currency}), Currency: "mnt",
		Metadata: map[string]string{"payment_id": strconv.FormatInt(rp.ID, 10), "attempt": "0"}})
	w.webhook(t, succeeded)
	s = w.sub(t)
	if s.Status != "active" || !s.PeriodStart.Equal(end) || s.RenewalInvoiceID != 0 {
		t.Fatalf("after the charge: %+v", s)
	}
	w.webhook(t, succeeded)
	w.renewals(t)
	if again := w.sub(t); !again.PeriodEnd.Equal(s.PeriodEnd) {
		t.Fatalf("a replay moved the period: %v", again.PeriodEnd)
	}
	if n, e := w.emails(t, "billingCardPaid"); n != 1 || !strings.Contains(e.Text, "Visa •••• 4242") || !strings.Contains(e.Subject, "paid with your card") {
		t.Fatalf("paid emails: %d %q %q", n, e.Subject, e.Text)
	}
	if n, _ := w.emails(t, "billingRenewalFailed"); n != 0 {
		t.Fatal("a reminder was sent for a card renewal")
	}
}

// keepCard gives the organisation a saved card (as Checkout's webhook would).
func (w *world) keepCard(t *testing.T) {
	t.Helper()
	ctx, st := context.Background(), w.s.Store()
	if _, err := st.SetPaymentCustomer(ctx, w.orgID, "stripe", "cus_local", w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if err := st.SavePaymentMethod(ctx, db.PaymentMethod{OrgID: w.orgID, Provider: "stripe", CustomerID: "cus_local", MethodID: "pm_local",
		Brand: "visa", Last4: "4242", ExpMonth: 8, ExpYear: 2030}, w.clock.Now()); err != nil {
		t.Fatal(err)
	}
}

func (w *world) ownerLanguage(t *testing.T, lang string) {
	t.Helper()
	if _, err := w.s.Store().Write.Exec(`UPDATE users SET language = ? WHERE id = ?`, lang, w.ownerID); err != nil {
		t.Fatal(err)
	}
}

// Declines (stripetest.Cards: a local server answering the PaymentIntent create call with
// Stripe's documented refusals, which stripe-mock never gives): the renewal is charged at the
// renewal date and again at each retry (1, 3, 5 days after); each refusal emails the owner in
// their language with the next try's date; a run replayed at the same time charges nothing
// more; the fourth try succeeds and the month starts from the old end date.
func TestDeclinedRenewalIsChargedAgainAtEachRetry(t *testing.T) {
	t.Parallel()
	cards := stripetest.StartCards(t)
	w := cardWorld(t, cards.URL)
	st, ctx := w.s.Store(), context.Background()
	w.ownerLanguage(t, "mn")
	w.subscribe(t, "pro")
	w.keepCard(t)
	end := w.sub(t).PeriodEnd
	cards.Answer("card_declined", "authentication_required", "card_declined") // then it succeeds
	w.toRenewal(t, 0)
	if n, e := w.emails(t, "billingCardDeclined"); n != 1 || e.Lang != "mn" || !strings.Contains(e.Text, "Visa •••• 4242") ||
		!strings.Contains(e.Text, "Оролдлого: 1 / 4") {
		t.Fatalf("first refusal: %d %s %q", n, e.Lang, e.Text)
	}
	w.renewals(t) // the same run again: nothing more
	if len(cards.Keys()) != 1 {
		t.Fatalf("a replayed run asked again: %v", cards.Keys())
	}
	for i, at := range billing.RetryAfter {
		w.clock.Advance(end.Add(at).Sub(w.clock.Now()))
		w.renewals(t)
		w.renewals(t)
		if got := len(cards.Keys()); got != i+2 {
			t.Fatalf("retry %d: %d charge requests", i+1, got)
		}
	}
	if n, _ := w.emails(t, "billingCardDeclined"); n != 3 {
		t.Fatalf("refusal emails: %d", n)
	}
	s := w.sub(t)
	if s.Status != "active" || !s.PeriodStart.Equal(end) || cards.Charged() != 1 {
		t.Fatalf("after the fourth try: %+v (charged %d)", s, cards.Charged())
	}
	if n, e := w.emails(t, "billingCardPaid"); n != 1 || e.Lang != "mn" || !strings.Contains(e.Text, "Visa •••• 4242") {
		t.Fatalf("paid email: %d %q", n, e.Text)
	}
	seen := map[string]bool{}
	for _, k := range cards.Keys() {
		if seen[k] {
			t.Fatalf("a key was used twice: %v", cards.Keys())
		}
		seen[k] = true
	}
	vs, _ := st.BillingInvoices(ctx, w.orgID, 0, 1)
	if vs[0].Status != "paid" {
		t.Fatalf("renewal invoice: %s", vs[0].Status)
	}
	if n, _ := w.emails(t, "billingRenewalFailed"); n != 0 {
		t.Fatal("card renewals sent the invoice reminders too")
	}
}

// Four refusals: the last one's email says it was the last try, and day 7 falls back to the
// free plan as for an invoice left unpaid.
func TestRefusedCardFallsBackToTheFreePlan(t *testing.T) {
	t.Parallel()
	cards := stripetest.StartCards(t)
	w := cardWorld(t, cards.URL)
	w.subscribe(t, "pro")
	w.keepCard(t)
	cards.Answer("card_declined", "card_declined", "card_declined", "card_declined")
	end := w.sub(t).PeriodEnd
	w.toRenewal(t, 0)
	for _, at := range billing.RetryAfter {
		w.clock.Advance(end.Add(at).Sub(w.clock.Now()))
		w.renewals(t)
	}
	if n, _ := w.emails(t, "billingCardDeclined"); n != 3 {
		t.Fatalf("refusals with a next try: %d", n)
	}
	if n, e := w.emails(t, "billingCardDeclinedLast"); n != 1 || !strings.Contains(e.Text, "last attempt") {
		t.Fatalf("the last refusal: %d %q", n, e.Text)
	}
	if s := w.sub(t); s.Status != "past_due" {
		t.Fatalf("before day 7: %s", s.Status)
	}
	w.toRenewal(t, 7*24*time.Hour)
	if s := w.sub(t); s.Status != "ended" {
		t.Fatalf("day 7: %s", s.Status)
	}
	if n, _ := w.emails(t, "billingDowngraded"); n != 1 {
		t.Fatal("no downgrade email")
	}
	if len(cards.Keys()) != 4 || cards.Charged() != 0 {
		t.Fatalf("charges: %v", cards.Keys())
	}
}

// The owner removes the saved card on the account page (Stripe forgets it too): renewals go
// back to an invoice the owner pays by hand, with reminders; nothing is charged.
func TestRemovedCardIsNotCharged(t *testing.T) {
	t.Parallel()
	cards := stripetest.StartCards(t)
	w := cardWorld(t, cards.URL)
	w.subscribe(t, "pro")
	w.keepCard(t)
	w.must(t, w.call(t, "manager", "DELETE", "/api/billing/card", nil), 403)
	a := w.must(t, w.call(t, "owner", "DELETE", "/api/billing/card", nil), 200)
	if strings.Contains(a.Raw, `"card"`) {
		t.Fatalf("the card is still shown: %s", a.Raw)
	}
	if d := cards.Detached(); len(d) != 1 || d[0] != "pm_local" {
		t.Fatalf("stripe was not asked to forget the card: %v", d)
	}
	w.must(t, w.call(t, "owner", "DELETE", "/api/billing/card", nil), 404)
	w.toRenewal(t, 0)
	w.toRenewal(t, 24*time.Hour)
	if len(cards.Keys()) != 0 {
		t.Fatalf("a removed card was charged: %v", cards.Keys())
	}
	if n, _ := w.emails(t, "billingRenewalFailed"); n != 1 {
		t.Fatalf("reminders: %d", n)
	}
	var n int
	w.s.Store().Read.QueryRow(`SELECT count(*) FROM audit_log WHERE event = 'billing.card_removed'`).Scan(&n)
	if n != 1 {
		t.Fatalf("audit entries: %d", n)
	}
}
