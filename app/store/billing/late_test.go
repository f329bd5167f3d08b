package billing_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
	"gerege/db"
)

// The owner starts a subscription by card, cancels it (still pending: its invoice is voided,
// its payment cancelled) while paying on Stripe's page in another tab. Stripe's webhook must
// not fail (Stripe would retry forever and the money stay unrecorded): the payment is settled
// late (the ledger balanced), the invoice stays void, the plan does not start, the platform's
// admins are told a refund is due (invoice, organisation, amount) and so is the owner, in their
// language; a replay changes nothing.
func TestVoidInvoicePaidLateByCard(t *testing.T) {
	t.Parallel()
	base := stripetest.Start(t)
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock, generous, func(c *app.Config) {
		c.Payments.Stripe = payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: base}
	})
	w := &world{s: s, ts: ts, clock: clock, c: apitest.Roles(t, s, ts)}
	ctx := context.Background()
	st := s.Store()
	u, _ := st.UserByEmail(ctx, apitest.RoleEmails["owner"])
	w.ownerID, w.orgID = u.ID, u.OrgID
	if _, err := st.Write.Exec(`UPDATE users SET language = 'mn' WHERE id = ?`, u.ID); err != nil {
		t.Fatal(err)
	}
	body := subscribeBody(planID(t, st, "starter"))
	body["provider"] = "stripe"
	r := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", body), 201)
	pay := r.Body["payment"].(map[string]any)
	inv, pid := int64(pay["invoiceId"].(float64)), int64(pay["paymentId"].(float64))
	w.must(t, w.call(t, "owner", "POST", "/api/billing/subscription/cancel", struct{}{}), 200)
	if v, _ := st.BillingInvoice(ctx, inv); v.Status != "void" {
		t.Fatalf("invoice of the cancelled subscription: %s", v.Status)
	}
	p, _ := st.Payment(ctx, pid)
	session := stripetest.Session{ID: p.ProviderRef, AmountTotal: payments.StripeAmount(payments.Money{Amount: p.Amount, Currency: p.Currency}),
		Currency: "mnt", PaymentStatus: "paid", Status: "complete", PaymentIntent: "pi_void_1"}
	hook := func(id string) {
		t.Helper()
		ev := stripetest.Event(id, "checkout.session.completed", session)
		res := apitest.Do(t, ts, "POST", "/api/payments/webhooks/stripe", string(ev),
			map[string]string{"Content-Type": "application/json", "Stripe-Signature": stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())})
		apitest.MustStatus(t, res, 200)
	}
	check := func() {
		t.Helper()
		p, _ := st.Payment(ctx, pid)
		if p.Status != db.PaymentPaid || !p.PaidLate {
			t.Fatalf("payment %s late %v: the money Stripe took was dropped", p.Status, p.PaidLate)
		}
		if entries, _ := st.LedgerEntriesOfPayment(ctx, pid); len(entries) != 2 {
			t.Fatalf("ledger of the late payment: %+v", entries)
		}
		if v, _ := st.BillingInvoice(ctx, inv); v.Status != "void" {
			t.Fatalf("the void invoice became %s", v.Status)
		}
		if sub := w.sub(t); sub.Status != "ended" {
			t.Fatalf("the cancelled subscription started: %+v", sub)
		}
		bad, err := st.UnbalancedLedgerTxns(ctx)
		totals, err2 := st.LedgerTotals(ctx)
		if err != nil || err2 != nil || len(bad) > 0 {
			t.Fatalf("unbalanced %v %v %v", bad, err, err2)
		}
		for c, v := range totals {
			if v != 0 {
				t.Fatalf("ledger sums to %d %s", v, c)
			}
		}
	}
	hook("evt_void_1")
	check()
	v, _ := st.BillingInvoice(ctx, inv)
	admin := w.call(t, "admin", "GET", "/api/notifications", nil).Raw
	if !strings.Contains(admin, fmt.Sprintf("Invoice %s was paid after it was voided: refund it", v.Number)) ||
		!strings.Contains(admin, "Organization: "+v.BuyerName) || !strings.Contains(admin, "Amount to refund: ") {
		t.Fatalf("the admins were not told: %s", admin)
	}
	if _, err := s.Notify().DeliverDue(ctx, time.Now()); err != nil {
		t.Fatal(err)
	}
	var subject, text string
	if err := st.Read.QueryRow(`SELECT subject, body_text FROM outbox WHERE to_addr = ? AND kind = 'notification' AND lang = 'mn'`,
		apitest.RoleEmails["owner"]).Scan(&subject, &text); err != nil ||
		subject != "Таны төлбөрийг буцаан олгоно: нэхэмжлэх №"+v.Number || !strings.Contains(text, "49 000₮") {
		t.Fatalf("the owner's email in Mongolian: %q %q %v", subject, text, err)
	}
	hook("evt_void_1") // replayed
	hook("evt_void_2") // another event of the same session
	check()
	if n := strings.Count(w.call(t, "owner", "GET", "/api/notifications", nil).Raw, `"kind":"billing.paid_after_void"`); n != 1 {
		t.Fatalf("the owner was told %d times", n)
	}
	// The banking page lists it for the admins under refunds due.
	r = w.must(t, w.call(t, "admin", "GET", "/api/banking/refunds", nil), 200)
	if !strings.Contains(r.Raw, fmt.Sprintf(`"id":%d`, pid)) || !strings.Contains(r.Raw, `"paidLate":true`) || strings.Count(r.Raw, `"paidLate"`) != 1 {
		t.Fatalf("refunds due: %s", r.Raw)
	}
	w.must(t, w.call(t, "owner", "GET", "/api/banking/refunds", nil), 403)
	w.must(t, w.call(t, "admin", "GET", "/api/banking/refunds?before=x", nil), 422)
	if r := w.must(t, w.call(t, "admin", "GET", fmt.Sprintf("/api/banking/refunds?before=%d", pid), nil), 200); !strings.Contains(r.Raw, `"items":[]`) {
		t.Fatalf("the page before it: %s", r.Raw)
	}
	// An admin refunds it through Stripe (stripe-mock): the invoice says "refunded", the owner
	// is told in Mongolian, the list empties, the ledger is balanced.
	if r := w.must(t, w.call(t, "owner", "GET", path("/api/billing/invoices/%d", inv), nil), 200); !strings.Contains(r.Raw, `"refundOwed":true`) {
		t.Fatalf("the invoice before the refund: %s", r.Raw)
	}
	// First a part (9 000₮ of 49 000₮): the invoice says partly refunded, not refunded.
	r = w.must(t, w.call(t, "admin", "POST", path("/api/payments/%d/refund", pid), map[string]any{"amount": 9000, "key": "part"}), 200)
	if r.Str("refund", "status") != "succeeded" {
		t.Fatalf("part: %s", r.Raw)
	}
	if r := w.must(t, w.call(t, "owner", "GET", path("/api/billing/invoices/%d", inv), nil), 200); !strings.Contains(r.Raw, `"refundedAmount":9000`) ||
		strings.Contains(r.Raw, `"refunded":{`) {
		t.Fatalf("the invoice after a part: %s", r.Raw)
	}
	r = w.must(t, w.call(t, "admin", "POST", path("/api/payments/%d/refund", pid), map[string]any{}), 200)
	if r.Str("refund", "status") != "succeeded" {
		t.Fatalf("refund: %s", r.Raw)
	}
	if r := w.must(t, w.call(t, "owner", "GET", path("/api/billing/invoices/%d", inv), nil), 200); !strings.Contains(r.Raw, `"refunded":{`) ||
		!strings.Contains(r.Raw, `"refundedAmount":49000`) {
		t.Fatalf("the invoice after the refund: %s", r.Raw)
	}
	if !strings.Contains(w.call(t, "owner", "GET", "/api/notifications", nil).Raw, `"kind":"payments.refunded"`) {
		t.Fatal("the owner was not told")
	}
	if r := w.must(t, w.call(t, "admin", "GET", "/api/banking/refunds", nil), 200); !strings.Contains(r.Raw, `"items":[]`) {
		t.Fatalf("refunds due after the refund: %s", r.Raw)
	}
	if entries, _ := st.LedgerEntriesOfPayment(ctx, pid); len(entries) != 6 { // paid, then two parts
		t.Fatalf("ledger after the refund: %+v", entries)
	}
}

// An invoice an admin voids (or credits while unpaid) has its payment cancelled, as the
// fallback and a cancelled pending subscription do: a bank transfer for it is refused at
// mark-paid with a 409 the admin can act on (send it back), not a 500; card or QPay money that
// still arrives is settled late (above).
func TestVoidingAnInvoiceCancelsItsPayment(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	st := w.s.Store()
	for _, how := range []string{"void", "credit"} {
		r := w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices", manualInvoice(w.orgID, "Зөвлөгөө", 55000)), 201)
		id := num(r, "id")
		w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/issue", id), struct{}{}), 200)
		v, _ := st.BillingInvoice(ctx, id)
		if v.PaymentID == 0 {
			t.Fatal("an issued invoice without its payment")
		}
		w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/%s", id, how), struct{}{}), map[string]int{"void": 200, "credit": 201}[how])
		if p, _ := st.Payment(ctx, v.PaymentID); p.Status != db.PaymentCancelled {
			t.Fatalf("%s: the payment of the void invoice is %s", how, p.Status)
		}
		r = w.must(t, w.call(t, "admin", "POST", path("/api/payments/%d/mark-paid", v.PaymentID), struct{}{}), 409)
		if r.Str("code") != "payment_not_pending" {
			t.Fatalf("%s: mark-paid %s", how, r.Raw)
		}
	}
}
