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

// A part of a paid order cancelled by its seller is refunded, then the rest: both order pages
// say "partly refunded" (what came back so far) until the whole is back, then "refunded" with
// both references; the seller's people are told the part and what remains; another
// organisation's seller never sees the order, its refund or the refunds due.
func TestAnOrderRefundedInParts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	r := call(t, w, "individual", "POST", "/api/product/checkout", checkoutBody("refund-parts", map[string]any{"id": w.guide, "quantity": 1}))
	apitest.MustStatus(t, r, 201)
	id, pay := orderOf(t, r)
	apitest.MustStatus(t, call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/mark-paid", pay), struct{}{}), 200)
	apitest.MustStatus(t, call(t, w, "admin", "POST", fmt.Sprintf("/api/shop/orders/%d/status", id), map[string]any{"status": "cancelled"}), 200)
	pp, _ := w.s.Store().Payment(ctx, pay)
	day := pp.CreatedAt.UTC().Format(time.DateOnly)
	r = call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/refund", pay), map[string]any{"amount": 5000, "key": "o-1", "reference": "PART-1", "date": day})
	apitest.MustStatus(t, r, 200)
	buyer := call(t, w, "individual", "GET", fmt.Sprintf("/api/me/orders/%d", id), nil)
	seller := call(t, w, "admin", "GET", fmt.Sprintf("/api/shop/orders/%d", id), nil)
	for _, o := range []apitest.Reply{buyer, seller} {
		if !strings.Contains(o.Raw, `"refundedAmount":5000`) || strings.Contains(o.Raw, `"refunded":`) || !strings.Contains(o.Raw, `"refundOwed":true`) {
			t.Fatalf("order after a part: %s", o.Raw)
		}
	}
	if !notified(t, w, "admin", "Amount: MNT 5,000. Still to be refunded: MNT 15,000 of MNT 20,000.") {
		t.Fatal("the seller's people were not told the part and what remains")
	}
	// Another organisation's seller (verified, so a seller): nothing of it.
	if err := w.s.Store().SaveOrgProfile(ctx, &db.OrgProfile{OrgID: w.orgID, Slug: "org"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := w.s.Store().SetOrgStatus(ctx, w.orgID, []string{"unverified"}, "verified", "", w.ids["admin"], time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path   string
		status int
		not    []string
	}{
		{fmt.Sprintf("/api/shop/orders/%d", id), 404, []string{"PART-1", "refundedAmount"}},
		{"/api/banking/refunds", 403, []string{"PART-1", apitest.RoleEmails["individual"]}},
		{"/api/notifications", 200, []string{"PART-1", fmt.Sprintf("Order %d", id)}},
	} {
		got := call(t, w, "owner", "GET", c.path, nil)
		apitest.MustStatus(t, got, c.status)
		for _, no := range c.not {
			if strings.Contains(got.Raw, no) {
				t.Fatalf("another seller sees %q in %s: %s", no, c.path, got.Raw)
			}
		}
	}
	r = call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/refund", pay), map[string]any{"key": "o-2", "reference": "PART-2", "date": day})
	apitest.MustStatus(t, r, 200)
	if r.Str("refund", "status") != "succeeded" {
		t.Fatalf("rest %s", r.Raw)
	}
	buyer = call(t, w, "individual", "GET", fmt.Sprintf("/api/me/orders/%d", id), nil)
	if !strings.Contains(buyer.Raw, `"refundedAmount":20000`) || !strings.Contains(buyer.Raw, `"reference":"PART-1, PART-2"`) || !strings.Contains(buyer.Raw, `"amount":20000`) {
		t.Fatalf("buyer's order after the whole: %s", buyer.Raw)
	}
	if !notified(t, w, "admin", "With this, the whole payment is back: MNT 20,000.") {
		t.Fatal("the seller's people were not told the whole is back")
	}
	ledgerBalanced(t, w)
}
