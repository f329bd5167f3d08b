package banking_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/platform/notify"
	"gerege/app/platform/payments/qpaytest"
	"gerege/app/platform/payments/stripetest"
	"gerege/db"
)

// num is the number at path in a reply's JSON body (0 when absent: omitempty).
func num(r apitest.Reply, path ...string) float64 {
	var v any = r.Body
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	if f, ok := v.(float64); ok {
		return f
	}
	return 0
}

func dbFilter(user int64) db.NotificationFilter {
	return db.NotificationFilter{UserID: user, Limit: 100}
}

// lastNote renders the newest notification of a kind to who, in lang.
func (w *world) lastNote(t *testing.T, who, kind, lang string) string {
	t.Helper()
	list, _, err := w.s.Store().Notifications(context.Background(), dbFilter(w.users[who].ID))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range list {
		if n.Kind == kind {
			_, body := notify.Render(lang, n)
			return body
		}
	}
	return ""
}

// lateCard is a Stripe payment of 25 000₮ paid after it was cancelled (owed back), through
// stripe-mock.
func (w *world) lateCard(t *testing.T, key string) int64 {
	t.Helper()
	ctx := context.Background()
	p := w.pay(t, "stripe", key)
	if _, err := w.s.Payments().Begin(ctx, p.ID, "https://gerege.example/en/x"); err != nil {
		t.Fatal(err)
	}
	if err := w.s.Payments().Cancel(ctx, nil, p.ID); err != nil {
		t.Fatal(err)
	}
	p, _ = w.s.Store().Payment(ctx, p.ID)
	ev := stripetest.Event("evt_"+key, "checkout.session.completed", stripetest.Session{ID: p.ProviderRef, AmountTotal: 2500000,
		Currency: "mnt", PaymentStatus: "paid", Status: "complete", PaymentIntent: "pi_" + key})
	apitest.MustStatus(t, w.webhook(t, ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())), 200)
	return p.ID
}

// Partial refunds through Stripe (stripe-mock, the official client: POST /v1/refunds with the
// part's amount): a part of 10 000₮ then the rest; the same request key answers the same part;
// more than remains is refused on the field in both languages; the ledger posts each part and
// still balances; "Refunds due" keeps the payment, partly refunded, until the whole is back;
// the payer is told the part and what remains.
func TestStripePartialRefunds(t *testing.T) {
	t.Parallel()
	w := newWorld(t, withStripe(t))
	id := w.lateCard(t, "partial")
	part := w.refund(t, "admin", id, map[string]any{"amount": 10000, "key": "dialog-1"})
	apitest.MustStatus(t, part, 200)
	if part.Str("refund", "status") != "succeeded" || !strings.HasPrefix(part.Str("refund", "reference"), "re_") ||
		num(part, "refund", "amount", "amount") != 10000 || num(part, "payment", "refundedAmount") != 10000 ||
		num(part, "payment", "refundRemaining") != 15000 {
		t.Fatalf("part %s", part.Raw)
	}
	e := w.entries(t, id)
	if len(e) != 4 || e[2].Account != "provider:stripe:clearing" || e[2].Amount != 10000 || e[3].Amount != -10000 {
		t.Fatalf("entries %+v", e)
	}
	ledgerBalanced(t, w.s)
	// A double click (the same key): the same part, nothing more.
	again := w.refund(t, "admin", id, map[string]any{"amount": 10000, "key": "dialog-1"})
	if num(again, "refund", "id") != num(part, "refund", "id") || len(w.entries(t, id)) != 4 {
		t.Fatalf("again %s", again.Raw)
	}
	// Still due, partly refunded; the payer is told the part and what remains.
	if got := w.dueIDs(t); got != fmt.Sprint(id) {
		t.Fatalf("due %q", got)
	}
	if body := w.lastNote(t, "individual", "payments.refunded", "en"); !strings.Contains(body, "MNT 10,000") || !strings.Contains(body, "Still to be refunded: MNT 15,000 of MNT 25,000") {
		t.Fatalf("payer's note %q", body)
	}
	if body := w.lastNote(t, "individual", "payments.refunded", "mn"); !strings.Contains(body, "10 000₮") || !strings.Contains(body, "Буцаах үлдэгдэл: 15 000₮") {
		t.Fatalf("payer's note in Mongolian %q", body)
	}
	// More than remains: refused on the field, in the reader's language; nothing posted.
	over := w.refund(t, "admin", id, map[string]any{"amount": 15001, "key": "dialog-2"})
	apitest.MustStatus(t, over, 422)
	if !strings.Contains(over.Str("errors", "amount"), "15000 MNT") {
		t.Fatalf("over %s", over.Raw)
	}
	overMn := w.refund(t, "admin", id, map[string]any{"amount": 15001, "key": "dialog-2"}, "Accept-Language", "mn")
	if overMn.Status != 422 || !strings.Contains(overMn.Str("errors", "amount"), "Буцаах үлдэгдэл: 15000 MNT") {
		t.Fatalf("over in Mongolian %s", overMn.Raw)
	}
	// The rest (no amount: all that remains).
	rest := w.refund(t, "admin", id, map[string]any{"key": "dialog-3"})
	apitest.MustStatus(t, rest, 200)
	if num(rest, "refund", "amount", "amount") != 15000 || num(rest, "payment", "refundedAmount") != 25000 || num(rest, "payment", "refundRemaining") != 0 {
		t.Fatalf("rest %s", rest.Raw)
	}
	if e := w.entries(t, id); len(e) != 6 || e[4].Amount != 15000 || e[5].Amount != -15000 {
		t.Fatalf("entries %+v", e)
	}
	ledgerBalanced(t, w.s)
	if got := w.dueIDs(t); got != "" {
		t.Fatalf("due after the whole %q", got)
	}
	if body := w.lastNote(t, "individual", "payments.refunded", "en"); !strings.Contains(body, "MNT 15,000") || !strings.Contains(body, "the whole payment is back") {
		t.Fatalf("payer's last note %q", body)
	}
	// Nothing is left: a new part is refused; a retry without a key answers the last part.
	if none := w.refund(t, "admin", id, map[string]any{"amount": 1, "key": "dialog-4"}); none.Status != 422 || none.Str("errors", "amount") == "" {
		t.Fatalf("after the whole %s", none.Raw)
	}
	if last := w.refund(t, "admin", id, map[string]any{}); num(last, "refund", "id") != num(rest, "refund", "id") {
		t.Fatalf("retry %s", last.Raw)
	}
	if n := w.notified(t, "individual", "payments.refunded"); n != 2 {
		t.Fatalf("payer told %d times", n)
	}
}

// Parts asked at once that together would pass the payment: the refunding transactions are
// serialised and the database refuses the excess; exactly what fits is refunded, the rest is a
// field error, nothing else is posted.
func TestPartialRefundsAtOnceNeverPassThePayment(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	p := w.pay(t, "bank", "race")
	if err := w.s.Payments().MarkPaid(ctx, p.ID, w.users["admin"].ID, ""); err != nil {
		t.Fatal(err)
	}
	if err := w.s.Payments().OweRefund(ctx, nil, p.ID); err != nil {
		t.Fatal(err)
	}
	day := time.Now().UTC().Format(time.DateOnly)
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := w.refund(t, "admin", p.ID, map[string]any{"amount": 10000, "key": fmt.Sprint("k", i), "reference": fmt.Sprint("TR-", i), "date": day})
			if r.Status == 422 && r.Str("errors", "amount") == "" {
				t.Errorf("refused without a field error %s", r.Raw)
			}
			mu.Lock()
			codes[r.Status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[200] != 2 || codes[422] != 6 {
		t.Fatalf("answers %v", codes)
	}
	tot, err := w.s.Store().RefundTotals(ctx, p.ID)
	if err != nil || tot.Succeeded != 20000 || tot.Pending != 0 {
		t.Fatalf("totals %+v %v", tot, err)
	}
	if e := w.entries(t, p.ID); len(e) != 6 {
		t.Fatalf("%d entries", len(e))
	}
	ledgerBalanced(t, w.s)
	// The last 5 000₮: the rest, and then it is no longer due.
	r := w.refund(t, "admin", p.ID, map[string]any{"key": "k-rest", "reference": "TR-rest", "date": day})
	if r.Status != 200 || num(r, "refund", "amount", "amount") != 5000 || w.dueIDs(t) != "" {
		t.Fatalf("rest %s", r.Raw)
	}
	ledgerBalanced(t, w.s)
}

// QPay's published refund call has no amount: a QPay payment is refunded whole only, and a
// part is refused with a clear message on the field; nothing is sent to QPay.
func TestQPayRefundsOnlyTheWhole(t *testing.T) {
	t.Parallel()
	q := qpaytest.Start(t)
	w := newWorld(t, withQPay(q))
	ctx := context.Background()
	p := w.pay(t, "qpay", "qpay-part")
	if _, err := w.s.Payments().Begin(ctx, p.ID, ""); err != nil {
		t.Fatal(err)
	}
	w.s.Payments().Cancel(ctx, nil, p.ID)
	p, _ = w.s.Store().Payment(ctx, p.ID)
	q.Pay(t, p.ProviderRef, "qpay-payment-part", "25000.00", false)
	if err := w.s.Payments().CheckQPay(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "mn"} {
		r := w.refund(t, "admin", p.ID, map[string]any{"amount": 5000}, "Accept-Language", lang)
		if r.Status != 422 || !strings.Contains(r.Str("errors", "amount"), "QPay") {
			t.Fatalf("%s: a QPay part %s", lang, r.Raw)
		}
	}
	if q.Count("/v2/payment/refund/qpay-payment-part") != 0 || len(w.entries(t, p.ID)) != 2 {
		t.Fatal("a refused part reached QPay or the ledger")
	}
	if r := w.refund(t, "admin", p.ID, map[string]any{"amount": 25000}); r.Str("refund", "status") != "succeeded" {
		t.Fatalf("whole %s", r.Raw)
	}
	ledgerBalanced(t, w.s)
}

// Parts through Stripe's refund call carry their own amount (stripetest.Cards records what it
// was sent); a part Stripe keeps pending counts against what remains: with 10 000₮ pending,
// 15 000₮ more may be asked and then nothing; the webhook finishes the pending part once.
func TestStripePartsSendTheirAmountAndPendingCounts(t *testing.T) {
	t.Parallel()
	cards := stripetest.StartCards(t)
	w := newWorld(t, withCards(cards))
	p := w.owedCard(t, "parts", "pi_local_parts")
	cards.AnswerRefunds("pending", "succeeded")
	first := w.refund(t, "admin", p.ID, map[string]any{"amount": 10000, "key": "a"})
	if first.Str("refund", "status") != "pending" || num(first, "payment", "refundRemaining") != 15000 {
		t.Fatalf("first part %s", first.Raw)
	}
	second := w.refund(t, "admin", p.ID, map[string]any{"amount": 15000, "key": "b"})
	if second.Str("refund", "status") != "succeeded" || num(second, "payment", "refundedAmount") != 15000 {
		t.Fatalf("second part %s", second.Raw)
	}
	if none := w.refund(t, "admin", p.ID, map[string]any{"amount": 1, "key": "c"}); none.Status != 422 || !strings.Contains(none.Str("errors", "amount"), "already being refunded") {
		t.Fatalf("a part past the pending one %s", none.Raw)
	}
	if got := cards.RefundAmounts(); len(got) != 2 || got[0] != 1000000 || got[1] != 1500000 {
		t.Fatalf("amounts sent to Stripe %v (MNT in hundredths)", got)
	}
	ref, _ := w.s.Store().Refund(context.Background(), int64(num(first, "refund", "id")))
	ev := stripetest.RefundEvent("evt_part_done", "refund.updated", stripetest.Refund{ID: ref.ProviderRef, Amount: 1000000, Currency: "mnt",
		Status: "succeeded", Metadata: map[string]string{"payment_id": fmt.Sprint(p.ID), "refund_id": fmt.Sprint(ref.ID)}})
	for range 2 {
		apitest.MustStatus(t, w.webhook(t, ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())), 200)
	}
	if e := w.entries(t, p.ID); len(e) != 6 {
		t.Fatalf("%d entries after the webhook", len(e))
	}
	if w.dueIDs(t) != "" {
		t.Fatal("still due after both parts")
	}
	ledgerBalanced(t, w.s)
}
