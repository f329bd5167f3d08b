package shop_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/db"
)

// A paid order its seller cancels is owed back: the banking page lists it, a platform admin
// refunds it (here a bank transfer recorded), the ledger reverses it once, the buyer's and the
// seller's order pages say "refunded" with the date and reference, and the buyer (payments)
// and the seller's people (shop) are told, by email too, each in their language.
func TestAPaidOrderCancelledBySellerIsRefunded(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	r := call(t, w, "individual", "POST", "/api/product/checkout", checkoutBody("refund-1", map[string]any{"id": w.guide, "quantity": 1}))
	apitest.MustStatus(t, r, 201)
	id, pay := orderOf(t, r)
	apitest.MustStatus(t, call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/mark-paid", pay), struct{}{}), 200)
	if p, _ := w.s.Store().Payment(ctx, pay); p.RefundOwed {
		t.Fatal("a paid order is owed back before anyone cancelled it")
	}
	apitest.MustStatus(t, call(t, w, "admin", "POST", fmt.Sprintf("/api/shop/orders/%d/status", id), map[string]any{"status": "cancelled"}), 200)
	if p, _ := w.s.Store().Payment(ctx, pay); !p.RefundOwed {
		t.Fatal("a paid order cancelled by its seller is not owed back")
	}
	if r := call(t, w, "individual", "GET", fmt.Sprintf("/api/me/orders/%d", id), nil); !strings.Contains(r.Raw, `"refundOwed":true`) || strings.Contains(r.Raw, `"refunded"`) {
		t.Fatalf("buyer's order before the refund: %s", r.Raw)
	}
	if r := call(t, w, "admin", "GET", "/api/banking/refunds", nil); !strings.Contains(r.Raw, fmt.Sprintf(`"id":%d`, pay)) {
		t.Fatalf("refunds due: %s", r.Raw)
	}
	pp, _ := w.s.Store().Payment(ctx, pay)
	day := pp.CreatedAt.UTC().Format(time.DateOnly) // the test's clock
	r = call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/refund", pay), map[string]any{"reference": "BACK-77", "date": day})
	apitest.MustStatus(t, r, 200)
	if r.Str("refund", "status") != "succeeded" {
		t.Fatalf("refund %s", r.Raw)
	}
	for _, path := range []string{fmt.Sprintf("/api/me/orders/%d", id)} {
		if r := call(t, w, "individual", "GET", path, nil); !strings.Contains(r.Raw, `"reference":"BACK-77"`) {
			t.Fatalf("buyer's order after the refund: %s", r.Raw)
		}
	}
	if r := call(t, w, "admin", "GET", fmt.Sprintf("/api/shop/orders/%d", id), nil); !strings.Contains(r.Raw, `"reference":"BACK-77"`) {
		t.Fatalf("seller's order after the refund: %s", r.Raw)
	}
	if !notified(t, w, "individual", "Your payment was refunded") {
		t.Fatal("the buyer was not told")
	}
	if !notified(t, w, "admin", fmt.Sprintf("Order %d: the buyer's payment was refunded", id)) {
		t.Fatal("the seller's people were not told")
	}
	mails := emailsTo(t, w, "individual")
	found := false
	for _, e := range mails {
		found = found || strings.Contains(e.Subject, "Your payment was refunded")
	}
	if !found {
		t.Fatalf("no refund email to the buyer among %d", len(mails))
	}
	if e, _ := w.s.Store().LedgerEntriesOfPayment(ctx, pay); len(e) != 4 {
		t.Fatalf("ledger %+v", e)
	}
	ledgerBalanced(t, w)
	if p, _ := w.s.Store().Payment(ctx, pay); p.Status != db.PaymentPaid {
		t.Fatalf("payment %s", p.Status)
	}
}
