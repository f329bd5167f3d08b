package shop_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/platform/payments/qpaytest"
	"gerege/app/platform/payments/stripetest"
	"gerege/db"
)

// ledgerBalanced fails unless every movement and every currency over all accounts sum to zero.
func ledgerBalanced(t *testing.T, w *world) {
	t.Helper()
	ctx := context.Background()
	bad, err := w.s.Store().UnbalancedLedgerTxns(ctx)
	totals, err2 := w.s.Store().LedgerTotals(ctx)
	if err != nil || err2 != nil || len(bad) > 0 {
		t.Fatalf("unbalanced %v %v %v", bad, err, err2)
	}
	for c, v := range totals {
		if v != 0 {
			t.Fatalf("ledger sums to %d %s", v, c)
		}
	}
}

// lateState checks an order cancelled before its card or QPay money arrived: it stays
// cancelled with reason paid_after_cancel and takes no stock; the payment is settled (paid,
// paid late, one ledger movement).
func lateState(t *testing.T, w *world, id, pay int64) {
	t.Helper()
	ctx := context.Background()
	o, _ := w.s.Store().OrderByID(ctx, id)
	if o.Status != "cancelled" || o.CancelReason != "paid_after_cancel" || o.PaidAt.IsZero() || o.PaymentID != pay {
		t.Fatalf("order %s %q paid %v payment %d", o.Status, o.CancelReason, o.PaidAt, o.PaymentID)
	}
	p, _ := w.s.Store().Payment(ctx, pay)
	if p.Status != db.PaymentPaid || !p.PaidLate {
		t.Fatalf("payment %s late %v: the money the provider took was dropped", p.Status, p.PaidLate)
	}
	if entries, _ := w.s.Store().LedgerEntriesOfPayment(ctx, pay); len(entries) != 2 {
		t.Fatalf("ledger of the late payment: %+v", entries)
	}
	ledgerBalanced(t, w)
}

// The buyer cancels an unpaid card order in one tab while paying it on Stripe's page in
// another: Stripe's webhook settles the money (not a 409 that Stripe retries forever), the
// order stays cancelled and says why, the buyer (refund coming) and the platform's admins
// (refund due) are told; a replayed webhook changes nothing.
func TestCardPaymentAfterTheOrderWasCancelled(t *testing.T) {
	t.Parallel()
	w := newWorld(t, withStripe(stripetest.Start(t)))
	ctx := context.Background()
	b := checkoutBody("late-card", map[string]any{"id": w.hoodie, "quantity": 1, "colours": []string{"Blue"}})
	b["provider"] = "stripe"
	r := call(t, w, "individual", "POST", "/api/product/checkout", b)
	apitest.MustStatus(t, r, 201)
	id, pay := orderOf(t, r)
	apitest.MustStatus(t, call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/cancel", id), struct{}{}), 200)
	if p, _ := w.s.Store().Payment(ctx, pay); p.Status != db.PaymentCancelled {
		t.Fatalf("payment of the cancelled order: %s", p.Status)
	}
	stripeHook(t, w, pay, "evt_late_1") // 200: Stripe stops retrying
	lateState(t, w, id, pay)
	if p, _ := w.s.Store().ProductByID(ctx, w.hoodie); p.Stock != 10 || p.Sold != 0 {
		t.Fatalf("stock %d sold %d", p.Stock, p.Sold)
	}
	r = call(t, w, "individual", "GET", fmt.Sprintf("/api/me/orders/%d", id), nil)
	if !strings.Contains(r.Raw, `"cancelReason":"paid_after_cancel"`) || !strings.Contains(r.Raw, `"status":"cancelled"`) {
		t.Fatalf("the buyer's order: %s", r.Raw)
	}
	if !notified(t, w, "individual", fmt.Sprintf("Your order %d: Cancelled: your payment arrived after the order was cancelled; it will be refunded", id)) {
		t.Fatal("the buyer was not told")
	}
	refund := fmt.Sprintf("Order %d was paid after it was cancelled: the buyer is owed a refund", id)
	if !notified(t, w, "admin", refund) || notified(t, w, "owner", refund) {
		t.Fatal("the platform's product: its admins are told to refund, nobody else")
	}
	es := emailsTo(t, w, "admin")
	if len(es) != 1 || !strings.Contains(es[0].Text, "Amount to refund: MNT 45,000") {
		t.Fatalf("the admin's email: %+v", es)
	}
	// Stripe retries, and another event of the same session: nothing more.
	stripeHook(t, w, pay, "evt_late_1")
	stripeHook(t, w, pay, "evt_late_2")
	lateState(t, w, id, pay)
	if es := emailsTo(t, w, "admin"); len(es) != 1 {
		t.Fatalf("%d emails to the admin after a replay", len(es))
	}
	if n := strings.Count(call(t, w, "individual", "GET", "/api/notifications", nil).Raw, fmt.Sprintf("Your order %d: Cancelled", id)); n != 1 {
		t.Fatalf("the buyer was told %d times", n)
	}
	if r := call(t, w, "admin", "GET", "/api/shop/overview", nil); strings.Contains(r.Raw, `"amount":45000`) {
		t.Fatalf("overview counts the cancelled order: %s", r.Raw)
	}
}

// The same with QPay, for an organisation's product: the buyer cancels (QPay is asked first:
// not paid yet), then pays the invoice in the bank's app; QPay's callback settles it late, the
// order stays cancelled, the buyer and the organisation's owner and managers are told, each in
// their language; QPay calling again changes nothing.
func TestQPayPaymentAfterTheOrderWasCancelled(t *testing.T) {
	t.Parallel()
	qp := qpaytest.Start(t)
	w := newWorld(t, withQPay(qp))
	ctx := context.Background()
	st := w.s.Store()
	if err := st.SaveOrgProfile(ctx, &db.OrgProfile{OrgID: w.orgID, Slug: "org"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := st.SetOrgStatus(ctx, w.orgID, []string{"unverified"}, "verified", "", w.ids["admin"], time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Write.Exec(`UPDATE users SET language = 'mn' WHERE id = ?`, w.ids["manager"]); err != nil {
		t.Fatal(err)
	}
	r := call(t, w, "owner", "POST", "/api/shop/products", map[string]any{"nameEn": "SAT course", "nameMn": "SAT бэлтгэл",
		"category": "course", "price": 150000, "currency": "MNT", "stockKind": "unlimited", "active": true})
	apitest.MustStatus(t, r, 201)
	course := int64(r.Body["id"].(float64))
	b := checkoutBody("late-qpay", map[string]any{"id": course, "quantity": 1})
	b["provider"] = "qpay"
	r = call(t, w, "individual", "POST", "/api/product/checkout", b)
	apitest.MustStatus(t, r, 201)
	id, pay := orderOf(t, r)
	apitest.MustStatus(t, call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/cancel", id), struct{}{}), 200)
	p, _ := st.Payment(ctx, pay)
	qp.Pay(t, p.ProviderRef, "qpay-late-1", "150000.00", false)
	for range 2 { // QPay calls back, then again: settled once
		apitest.MustStatus(t, apitest.Do(t, w.ts, "GET", fmt.Sprintf("/api/payments/webhooks/qpay?payment=%d", pay), "", nil), 200)
	}
	lateState(t, w, id, pay)
	if !notified(t, w, "individual", "it will be refunded") {
		t.Fatal("the buyer was not told")
	}
	if !notified(t, w, "owner", fmt.Sprintf("Order %d was paid after it was cancelled: the buyer is owed a refund", id)) || notified(t, w, "admin", "the buyer is owed a refund") {
		t.Fatal("the organisation's product: its owner and managers are told, not the admins")
	}
	es := emailsTo(t, w, "manager")
	if len(es) != 1 || es[0].Lang != "mn" || !strings.Contains(es[0].Subject, fmt.Sprintf("Захиалга №%d цуцлагдсаны дараа төлөгдсөн", id)) ||
		!strings.Contains(es[0].Text, "Буцаах дүн: 150 000₮") {
		t.Fatalf("the manager's email: %+v", es)
	}
	// The payer's page polls: still cancelled, nothing more sent.
	call(t, w, "individual", "GET", fmt.Sprintf("/api/payments/%d", pay), nil)
	lateState(t, w, id, pay)
	if es := emailsTo(t, w, "manager"); len(es) != 1 {
		t.Fatalf("%d emails to the manager", len(es))
	}
}
