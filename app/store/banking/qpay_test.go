package banking_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/qpaytest"
	"gerege/db"
)

// withQPay configures QPay against the local protocol server; the callback URL points at the
// test's own server (set once it runs).
func withQPay(q *qpaytest.Server) func(*app.Config) {
	return func(c *app.Config) {
		c.Payments.QPay = payments.QPayConfig{ClientID: qpaytest.ClientID, ClientSecret: qpaytest.ClientSecret,
			InvoiceCode: qpaytest.InvoiceCode, APIBase: q.URL}
	}
}

func TestQPayInvoiceQRAndDeepLinksThenCallbackSettlesFromPaymentCheck(t *testing.T) {
	t.Parallel()
	q := qpaytest.Start(t)
	w := newWorld(t, withQPay(q))
	ctx := context.Background()
	paid := 0
	w.s.Payments().OnPaid("order", func(context.Context, *db.Store, db.Payment) error { paid++; return nil })
	p := w.pay(t, "qpay", "qr-1")
	next, err := w.s.Payments().Begin(ctx, p.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	p, _ = w.s.Store().Payment(ctx, p.ID)
	inv, ok := q.Invoice(p.ProviderRef)
	if next.Kind != "qr" || next.QRText == "" || len(next.Links) != 3 || !strings.HasPrefix(next.Links[0].Link, "khanbank://") || !ok {
		t.Fatalf("next %+v, invoice %v", next, ok)
	}
	if inv.Amount != 25000 || inv.SenderNo != payments.Reference(p.ID) || !strings.HasSuffix(inv.CallbackURL, fmt.Sprintf("/api/payments/webhooks/qpay?payment=%d", p.ID)) {
		t.Fatalf("invoice %+v", inv)
	}
	// A callback before anything was paid: we ask QPay, it says nothing paid, nothing changes.
	call := func() apitest.Reply {
		return apitest.Do(t, w.ts, "GET", fmt.Sprintf("/api/payments/webhooks/qpay?payment=%d", p.ID), "", nil)
	}
	checks := q.Count("/v2/payment/check")
	apitest.MustStatus(t, call(), 200)
	if w.status(t, p.ID) != "pending" || q.Count("/v2/payment/check") != checks+1 {
		t.Fatalf("status %s, checks %d", w.status(t, p.ID), q.Count("/v2/payment/check"))
	}
	// A forged callback with a body claiming payment changes nothing: only payment/check counts.
	forged := apitest.Do(t, w.ts, "POST", fmt.Sprintf("/api/payments/webhooks/qpay?payment=%d", p.ID),
		`{"payment_status":"PAID","payment_amount":"25000.00"}`, map[string]string{"Content-Type": "application/json"})
	apitest.MustStatus(t, forged, 200)
	if w.status(t, p.ID) != "pending" {
		t.Fatal("a forged callback settled the payment")
	}
	// The payer pays; QPay calls back (the callback URL names the configured base URL, not
	// this test's server, so the test makes the call).
	q.Pay(t, p.ProviderRef, "qpay-pay-1", "25000.00", false)
	apitest.MustStatus(t, call(), 200)
	if w.status(t, p.ID) != "paid" || paid != 1 {
		t.Fatalf("status %s, PaidFunc %d", w.status(t, p.ID), paid)
	}
	// QPay calls again (it retries), and the payer polls: nothing more.
	apitest.MustStatus(t, call(), 200)
	r := apitest.Call(t, w.clients["individual"], w.ts, "GET", fmt.Sprintf("/api/payments/%d", p.ID), nil, "")
	if r.Str("status") != "paid" || paid != 1 {
		t.Fatalf("poll %s, PaidFunc %d", r.Raw, paid)
	}
	entries, _ := w.s.Store().LedgerEntriesOfPayment(ctx, p.ID)
	if len(entries) != 2 || entries[0].Account != "provider:qpay:clearing" {
		t.Fatalf("entries %+v", entries)
	}
	ledgerBalanced(t, w.s)
}

func TestQPayPollingSettlesWithoutACallbackAndRefusesShortPayments(t *testing.T) {
	t.Parallel()
	q := qpaytest.Start(t)
	w := newWorld(t, withQPay(q))
	ctx := context.Background()
	p := w.pay(t, "qpay", "qr-1")
	if _, err := w.s.Payments().Begin(ctx, p.ID, ""); err != nil {
		t.Fatal(err)
	}
	p, _ = w.s.Store().Payment(ctx, p.ID)
	// QPay's tokens expire: the client asks for a new one and goes on.
	q.ExpireTokens()
	// A payment of less than the amount does not settle it.
	q.Pay(t, p.ProviderRef, "short", "100.00", false)
	poll := func() apitest.Reply {
		return apitest.Call(t, w.clients["individual"], w.ts, "GET", fmt.Sprintf("/api/payments/%d", p.ID), nil, "")
	}
	if r := poll(); r.Str("status") != "pending" {
		t.Fatalf("short payment: %s", r.Raw)
	}
	if q.Count("/v2/auth/token") < 2 {
		t.Fatalf("token not renewed: %d", q.Count("/v2/auth/token"))
	}
	// A second Begin opens another invoice; paying the first one still settles the payment.
	if _, err := w.s.Payments().Begin(ctx, p.ID, ""); err != nil {
		t.Fatal(err)
	}
	q.Pay(t, p.ProviderRef, "full", "25000.00", false)
	if code := apitest.Do(t, w.ts, "GET", fmt.Sprintf("/api/payments/webhooks/qpay?payment=%d", p.ID), "", nil).Status; code != 200 {
		t.Fatal(code)
	}
	if w.status(t, p.ID) != "paid" {
		t.Fatalf("status %s", w.status(t, p.ID))
	}
	// QPay takes tögrög only; bad callbacks are 404, never 500.
	usd, err := w.s.Payments().Create(ctx, nil, payments.NewPayment{Purpose: "order", RefID: 2, PayerUserID: w.users["individual"].ID,
		Payee: "platform", Money: payments.Money{Amount: 1000, Currency: "USD"}, Provider: "qpay", Key: "usd"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.s.Payments().Begin(ctx, usd.ID, ""); err != payments.ErrQPayCurrency {
		t.Fatalf("USD through QPay: %v", err)
	}
	for _, path := range []string{"/api/payments/webhooks/qpay", "/api/payments/webhooks/qpay?payment=abc", "/api/payments/webhooks/qpay?payment=999999"} {
		if r := apitest.Do(t, w.ts, "GET", path, "", nil); r.Status != 404 {
			t.Errorf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
	ledgerBalanced(t, w.s)
}
