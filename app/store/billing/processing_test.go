package billing_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
	"gerege/app/store/billing"
	"gerege/db"
)

// processingAtFallback subscribes with a saved card whose renewal is refused three times and
// whose fourth try (day 5) Stripe answers "processing"; it returns the world, the cards server,
// the renewal's old end, its payment and the processing intent.
func processingAtFallback(t *testing.T) (*world, *stripetest.Cards, time.Time, db.Payment, string) {
	t.Helper()
	cards := stripetest.StartCards(t)
	w := cardWorld(t, cards.URL)
	st, ctx := w.s.Store(), context.Background()
	w.subscribe(t, "pro")
	w.keepCard(t)
	end := w.sub(t).PeriodEnd
	cards.Answer("card_declined", "card_declined", "card_declined", "processing")
	w.toRenewal(t, 0)
	for _, at := range billing.RetryAfter {
		w.clock.Advance(end.Add(at).Sub(w.clock.Now()))
		w.renewals(t)
	}
	inv, _ := st.BillingInvoice(ctx, w.sub(t).RenewalInvoiceID)
	cs, _ := st.PaymentCharges(ctx, inv.PaymentID)
	if len(cs) != 4 || cs[3].Status != db.ChargeProcessing || cs[3].IntentID == "" {
		t.Fatalf("the fourth charge: %+v", cs)
	}
	p, _ := st.Payment(ctx, inv.PaymentID)
	return w, cards, end, p, cs[3].IntentID
}

// At the day-7 fallback the fourth charge is still processing at Stripe: the subscription is
// not ended nor its invoice voided under it; it waits (looking the charge up, never charging
// again), and when Stripe says it succeeded the subscription renews from the old end date.
// Without the wait, day 7 ends the subscription and voids the invoice.
func TestProcessingCardAtTheFallbackWaits(t *testing.T) {
	t.Parallel()
	w, cards, end, p, intent := processingAtFallback(t)
	st, ctx := w.s.Store(), context.Background()
	w.toRenewal(t, billing.FallbackAfter)
	s := w.sub(t)
	if s.Status != "past_due" || s.RenewalInvoiceID == 0 {
		t.Fatalf("day 7 with a processing charge: %+v", s)
	}
	if inv, _ := st.BillingInvoice(ctx, s.RenewalInvoiceID); inv.Status != "issued" {
		t.Fatalf("the renewal invoice at day 7: %s", inv.Status)
	}
	if q, _ := st.Payment(ctx, p.ID); q.Status != db.PaymentPending {
		t.Fatalf("the renewal payment at day 7: %s", q.Status)
	}
	if n, _ := w.emails(t, "billingDowngraded"); n != 0 {
		t.Fatal("the owner was told of a fall back")
	}
	// The owner is told once, in their language, that the charge is awaited and until when
	// (the end of the wait: day 10).
	n, mail := w.emails(t, "billingCardProcessing")
	until := billing.FormatDate(end.Add(billing.FallbackAfter+billing.ProcessingWait), mail.Lang)
	if n != 1 || !strings.Contains(mail.Text, until) || !strings.Contains(mail.Text, "4242") {
		t.Fatalf("processing emails: %d %q (want %q)", n, mail.Text, until)
	}
	// A day later, still processing: still waiting; nothing charged again, no second email.
	w.toRenewal(t, billing.FallbackAfter+24*time.Hour)
	if s := w.sub(t); s.Status != "past_due" {
		t.Fatalf("day 8: %s", s.Status)
	}
	if n, _ := w.emails(t, "billingCardProcessing"); n != 1 {
		t.Fatalf("processing emails at day 8: %d", n)
	}
	// The card network decides; the next look-up sees it and the subscription renews.
	cards.Decide(intent, "succeeded")
	w.toRenewal(t, billing.FallbackAfter+24*time.Hour+billing.ProcessingCheck)
	s = w.sub(t)
	if s.Status != "active" || !s.PeriodStart.Equal(end) || s.RenewalInvoiceID != 0 {
		t.Fatalf("after Stripe's success: %+v", s)
	}
	if len(cards.Keys()) != 4 || cards.Charged() != 1 {
		t.Fatalf("charges: %v (taken %d)", cards.Keys(), cards.Charged())
	}
	if q, _ := st.Payment(ctx, p.ID); q.Status != db.PaymentPaid || q.PaidLate {
		t.Fatalf("the renewal payment: %s late %v", q.Status, q.PaidLate)
	}
	if n, _ := w.emails(t, "billingCardPaid"); n != 1 {
		t.Fatalf("paid emails: %d", n)
	}
	if n, _ := w.emails(t, "billingDowngraded"); n != 0 {
		t.Fatal("a downgrade email")
	}
}

// The wait is bounded: still processing ProcessingWait after the fallback moment, the
// subscription falls back (invoice void, payment cancelled); Stripe's later success is then
// money paid late — settled, the invoice stays void, a refund is due.
func TestProcessingCardFallsBackAfterTheWait(t *testing.T) {
	t.Parallel()
	w, _, _, p, intent := processingAtFallback(t)
	st, ctx := w.s.Store(), context.Background()
	w.toRenewal(t, billing.FallbackAfter)
	for at := billing.FallbackAfter; at < billing.FallbackAfter+billing.ProcessingWait; at += billing.ProcessingCheck {
		w.toRenewal(t, at)
		if s := w.sub(t); s.Status != "past_due" {
			t.Fatalf("%v after the renewal date: %s", at, s.Status)
		}
	}
	if n, _ := w.emails(t, "billingCardProcessing"); n != 1 {
		t.Fatalf("processing emails during the wait: %d", n)
	}
	w.toRenewal(t, billing.FallbackAfter+billing.ProcessingWait)
	if s := w.sub(t); s.Status != "ended" {
		t.Fatalf("after the wait: %s", s.Status)
	}
	if q, _ := st.Payment(ctx, p.ID); q.Status != db.PaymentCancelled {
		t.Fatalf("the renewal payment after the wait: %s", q.Status)
	}
	if n, _ := w.emails(t, "billingDowngraded"); n != 1 {
		t.Fatal("no downgrade email")
	}
	w.webhook(t, stripetest.IntentEvent("evt_processing_late", "payment_intent.succeeded", stripetest.Intent{ID: intent,
		Status: "succeeded", Amount: payments.StripeAmount(payments.Money{Amount: p.Amount, Currency: p.Currency}), Currency: "mnt",
		Metadata: map[string]string{"payment_id": strconv.FormatInt(p.ID, 10), "attempt": "3"}}))
	if q, _ := st.Payment(ctx, p.ID); q.Status != db.PaymentPaid || !q.PaidLate {
		t.Fatalf("Stripe's late success: %s late %v", q.Status, q.PaidLate)
	}
	if s := w.sub(t); s.Status != "ended" {
		t.Fatalf("the late money restarted the subscription: %s", s.Status)
	}
}
