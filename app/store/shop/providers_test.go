package shop_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/qpaytest"
	"gerege/app/platform/payments/stripetest"
	"gerege/db"
)

func withStripe(base string) func(*app.Config) {
	return func(c *app.Config) {
		c.Payments.Stripe = payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: base}
	}
}

func withQPay(q *qpaytest.Server) func(*app.Config) {
	return func(c *app.Config) {
		c.Payments.QPay = payments.QPayConfig{ClientID: qpaytest.ClientID, ClientSecret: qpaytest.ClientSecret,
			InvoiceCode: qpaytest.InvoiceCode, APIBase: q.URL}
	}
}

// stripeHook sends Stripe's signed "checkout.session.completed" of the payment's latest
// Checkout Session, as Stripe would once the card is paid.
func stripeHook(t *testing.T, w *world, paymentID int64, eventID string) {
	t.Helper()
	p, err := w.s.Store().Payment(context.Background(), paymentID)
	if err != nil {
		t.Fatal(err)
	}
	ev := stripetest.Event(eventID, "checkout.session.completed", stripetest.Session{ID: p.ProviderRef,
		AmountTotal: payments.StripeAmount(payments.Money{Amount: p.Amount, Currency: p.Currency}),
		Currency:    strings.ToLower(p.Currency), PaymentStatus: "paid", Status: "complete"})
	r := apitest.Do(t, w.ts, "POST", "/api/payments/webhooks/stripe", string(ev),
		map[string]string{"Content-Type": "application/json", "Stripe-Signature": stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())})
	apitest.MustStatus(t, r, 200)
}

func orderOf(t *testing.T, r apitest.Reply) (id, payment int64) {
	t.Helper()
	o := r.Body["order"].(map[string]any)
	return int64(o["id"].(float64)), int64(o["paymentId"].(float64))
}

func notified(t *testing.T, w *world, as, text string) bool {
	t.Helper()
	return strings.Contains(call(t, w, as, "GET", "/api/notifications", nil).Raw, text)
}

func emailsTo(t *testing.T, w *world, role string) []db.Email {
	t.Helper()
	if _, err := w.s.Notify().DeliverDue(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	list, err := w.s.Store().Outbox(context.Background(), 0, 200)
	if err != nil {
		t.Fatal(err)
	}
	var out []db.Email
	for _, e := range list {
		if e.To == apitest.RoleEmails[role] && e.Kind == "notification" {
			out = append(out, e)
		}
	}
	return out
}

// Card through Stripe Checkout (against stripe-mock): the quote offers what is configured, the
// checkout sends the browser to Checkout and back to the order's page, a double click pays
// once, the signed webhook makes the order paid once (stock taken, buyer and seller told).
func TestCheckoutByCard(t *testing.T) {
	t.Parallel()
	w := newWorld(t, withStripe(stripetest.Start(t)))
	ctx := context.Background()
	item := map[string]any{"id": w.hoodie, "quantity": 2, "colours": []string{"Blue"}}
	q := call(t, w, "individual", "POST", "/api/product/quote", map[string]any{"items": []any{item}})
	apitest.MustStatus(t, q, 200)
	if !strings.Contains(q.Raw, `"providers":["stripe","bank"]`) {
		t.Fatalf("providers: %s", q.Raw)
	}
	// QPay is not configured here: refused with a field message, nothing saved.
	body := checkoutBody("card-1", item)
	body["provider"] = "qpay"
	r := call(t, w, "individual", "POST", "/api/product/checkout", body)
	apitest.MustStatus(t, r, 422)
	if !strings.Contains(r.Raw, `"provider":"This payment method is not available for this order. Choose another."`) {
		t.Fatalf("qpay without QPay: %s", r.Raw)
	}
	body["provider"] = "paypal"
	apitest.MustStatus(t, call(t, w, "individual", "POST", "/api/product/checkout", body), 422)

	body["provider"] = "stripe"
	r = call(t, w, "individual", "POST", "/api/product/checkout", body)
	apitest.MustStatus(t, r, 201)
	id, pay := orderOf(t, r)
	next := r.Body["next"].(map[string]any)
	if r.Str("provider") != "stripe" || next["kind"] != "redirect" || next["url"] == "" {
		t.Fatalf("card checkout: %s", r.Raw)
	}
	// A double click: the same order and the same payment.
	r2 := call(t, w, "individual", "POST", "/api/product/checkout", body)
	apitest.MustStatus(t, r2, 200)
	if id2, pay2 := orderOf(t, r2); id2 != id || pay2 != pay {
		t.Fatalf("second click: %s", r2.Raw)
	}
	if ps, _ := w.s.Store().PaymentsFor(ctx, "order", id); len(ps) != 1 {
		t.Fatalf("%d payments for one order", len(ps))
	}
	// A look at the order opens no new Checkout Session; paying again does (same payment).
	r = call(t, w, "individual", "GET", fmt.Sprintf("/api/me/orders/%d", id), nil)
	if r.Str("provider") != "stripe" || strings.Contains(r.Raw, `"next"`) {
		t.Fatalf("order: %s", r.Raw)
	}
	r = call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/pay", id), struct{}{})
	apitest.MustStatus(t, r, 200)
	if _, p := orderOf(t, r); p != pay || r.Body["next"].(map[string]any)["kind"] != "redirect" {
		t.Fatalf("pay again: %s", r.Raw)
	}
	apitest.MustStatus(t, call(t, w, "counselor", "POST", fmt.Sprintf("/api/me/orders/%d/pay", id), struct{}{}), 404)
	if p, _ := w.s.Store().ProductByID(ctx, w.hoodie); p.Stock != 10 {
		t.Fatalf("stock taken before payment: %d", p.Stock)
	}

	// Stripe's webhook: paid once, stock taken once, buyer and seller (the platform's admins) told.
	stripeHook(t, w, pay, "evt_shop_1")
	stripeHook(t, w, pay, "evt_shop_1") // replayed
	stripeHook(t, w, pay, "evt_shop_2") // another event of the same session
	r = call(t, w, "individual", "GET", fmt.Sprintf("/api/me/orders/%d", id), nil)
	if !strings.Contains(r.Raw, `"status":"paid"`) || strings.Contains(r.Raw, `"next"`) {
		t.Fatalf("after the webhook: %s", r.Raw)
	}
	if p, _ := w.s.Store().ProductByID(ctx, w.hoodie); p.Stock != 8 || p.Sold != 2 {
		t.Fatalf("stock %d sold %d", p.Stock, p.Sold)
	}
	if !notified(t, w, "individual", fmt.Sprintf("Your order %d: Paid", id)) {
		t.Fatal("the buyer was not told")
	}
	if !notified(t, w, "admin", fmt.Sprintf("New paid order %d", id)) || notified(t, w, "owner", "New paid order") {
		t.Fatal("the platform's product: its admins are told, nobody else")
	}
	if es := emailsTo(t, w, "admin"); len(es) != 1 || !strings.Contains(es[0].Text, "Gerege hoodie × 2") || !strings.Contains(es[0].Text, "MNT 90,000") {
		t.Fatalf("the admin's email: %+v", es)
	}
	apitest.MustStatus(t, call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/pay", id), struct{}{}), 409)
}

// A card payment that arrives after the last item was sold: the money was taken by Stripe, so
// the payment is settled (recorded in the ledger), the order is cancelled with reason
// sold_out_at_payment and takes no stock, and the buyer and the seller (who refunds) are told.
// Stock never goes below zero and the ledger adds up.
func TestCardPaymentAfterTheStockRanOut(t *testing.T) {
	t.Parallel()
	w := newWorld(t, withStripe(stripetest.Start(t)))
	ctx := context.Background()
	r := call(t, w, "admin", "POST", "/api/shop/products", map[string]any{"nameEn": "Fair ticket", "nameMn": "Үзэсгэлэнгийн тасалбар",
		"category": "ticket", "price": 15000, "currency": "MNT", "stockKind": "number", "stock": 1, "active": true})
	apitest.MustStatus(t, r, 201)
	ticket := int64(r.Body["id"].(float64))
	var ids, pays []int64
	for i, buyer := range []string{"individual", "counselor"} {
		b := checkoutBody(fmt.Sprintf("last-%d", i), map[string]any{"id": ticket, "quantity": 1})
		b["provider"] = "stripe"
		r := call(t, w, buyer, "POST", "/api/product/checkout", b)
		apitest.MustStatus(t, r, 201)
		id, pay := orderOf(t, r)
		ids, pays = append(ids, id), append(pays, pay)
	}
	stripeHook(t, w, pays[0], "evt_first")
	stripeHook(t, w, pays[1], "evt_second")
	stripeHook(t, w, pays[1], "evt_second") // Stripe retries: nothing more
	first, _ := w.s.Store().OrderByID(ctx, ids[0])
	second, _ := w.s.Store().OrderByID(ctx, ids[1])
	if first.Status != "paid" || second.Status != "cancelled" || second.CancelReason != "sold_out_at_payment" || second.PaidAt.IsZero() {
		t.Fatalf("first %s, second %s %q", first.Status, second.Status, second.CancelReason)
	}
	if p, _ := w.s.Store().ProductByID(ctx, ticket); p.Stock != 0 || p.Sold != 1 {
		t.Fatalf("stock %d sold %d", p.Stock, p.Sold)
	}
	if p, _ := w.s.Store().Payment(ctx, pays[1]); p.Status != "paid" || !p.RefundOwed {
		t.Fatalf("the second payment: %s, owed %v (the money was taken: it must be recorded and owed back)", p.Status, p.RefundOwed)
	}
	if p, _ := w.s.Store().Payment(ctx, pays[0]); p.RefundOwed {
		t.Fatal("the first buyer's payment is owed back")
	}
	if entries, _ := w.s.Store().LedgerEntriesOfPayment(ctx, pays[1]); len(entries) != 2 {
		t.Fatalf("ledger of the refunded payment: %+v", entries)
	}
	r = call(t, w, "counselor", "GET", fmt.Sprintf("/api/me/orders/%d", ids[1]), nil)
	if !strings.Contains(r.Raw, `"cancelReason":"sold_out_at_payment"`) || strings.Contains(r.Raw, `"next"`) {
		t.Fatalf("the buyer's order: %s", r.Raw)
	}
	if !notified(t, w, "counselor", "your payment will be refunded") {
		t.Fatal("the second buyer was not told")
	}
	if !notified(t, w, "admin", fmt.Sprintf("Order %d was paid after it sold out: the buyer is owed a refund", ids[1])) {
		t.Fatal("the seller was not told to refund")
	}
	// The seller cannot move it further; the sales overview does not count it.
	apitest.MustStatus(t, call(t, w, "admin", "POST", fmt.Sprintf("/api/shop/orders/%d/status", ids[1]),
		map[string]any{"status": "fulfilled", "fulfilment": "ticket_issued"}), 409)
	if r := call(t, w, "admin", "GET", "/api/shop/overview", nil); strings.Contains(r.Raw, `"amount":30000`) {
		t.Fatalf("overview counts the cancelled order: %s", r.Raw)
	}
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

// QPay (against the local server of its published protocol), for an organisation's product:
// offered for tögrög only, the answer carries the QR and the banks' links, QPay's callback
// makes the order paid, and the organisation's owner and managers are told, each in their
// language.
func TestCheckoutByQPay(t *testing.T) {
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
	mk := func(body map[string]any) int64 {
		r := call(t, w, "owner", "POST", "/api/shop/products", body)
		apitest.MustStatus(t, r, 201)
		return int64(r.Body["id"].(float64))
	}
	course := mk(map[string]any{"nameEn": "SAT course", "nameMn": "SAT бэлтгэл", "category": "course", "price": 150000,
		"currency": "MNT", "stockKind": "unlimited", "active": true})
	usd := mk(map[string]any{"nameEn": "CV review", "nameMn": "CV хянах", "category": "service", "price": 2500,
		"currency": "USD", "stockKind": "unlimited", "active": true})

	// QPay takes tögrög only: not offered for a USD cart, and refused if asked for.
	q := call(t, w, "individual", "POST", "/api/product/quote", map[string]any{"items": []any{map[string]any{"id": usd, "quantity": 1}}})
	if !strings.Contains(q.Raw, `"providers":["bank"]`) {
		t.Fatalf("USD providers: %s", q.Raw)
	}
	b := checkoutBody("usd", map[string]any{"id": usd, "quantity": 1})
	b["provider"] = "qpay"
	if r := call(t, w, "individual", "POST", "/api/product/checkout", b); r.Status != 422 || !strings.Contains(r.Raw, `"provider"`) {
		t.Fatalf("USD by QPay: %d %s", r.Status, r.Raw)
	}
	q = call(t, w, "individual", "POST", "/api/product/quote", map[string]any{"items": []any{map[string]any{"id": course, "quantity": 1}}})
	if !strings.Contains(q.Raw, `"providers":["qpay","bank"]`) {
		t.Fatalf("MNT providers: %s", q.Raw)
	}

	b = checkoutBody("qpay-1", map[string]any{"id": course, "quantity": 1})
	b["provider"] = "qpay"
	r := call(t, w, "individual", "POST", "/api/product/checkout", b)
	apitest.MustStatus(t, r, 201)
	id, pay := orderOf(t, r)
	next := r.Body["next"].(map[string]any)
	if r.Str("provider") != "qpay" || next["kind"] != "qr" || next["qrText"] == "" || len(next["links"].([]any)) != 3 {
		t.Fatalf("QPay checkout: %s", r.Raw)
	}
	// Looking at the order makes no new invoice; paying again does, for the same payment.
	invoices := qp.Count("/v2/invoice")
	call(t, w, "individual", "GET", fmt.Sprintf("/api/me/orders/%d", id), nil)
	if qp.Count("/v2/invoice") != invoices {
		t.Fatal("a look at the order made a QPay invoice")
	}
	r = call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/pay", id), struct{}{})
	apitest.MustStatus(t, r, 200)
	if _, p := orderOf(t, r); p != pay || qp.Count("/v2/invoice") != invoices+1 {
		t.Fatalf("pay again: %s", r.Raw)
	}
	// The payer pays the latest invoice; QPay calls back (the callback URL names the configured
	// base URL, not this test's server, so the test makes the call).
	p, _ := st.Payment(ctx, pay)
	qp.Pay(t, p.ProviderRef, "qpay-shop-1", "150000.00", false)
	for range 2 { // QPay calls again: nothing more
		apitest.MustStatus(t, apitest.Do(t, w.ts, "GET", fmt.Sprintf("/api/payments/webhooks/qpay?payment=%d", pay), "", nil), 200)
	}
	o, _ := st.OrderByID(ctx, id)
	if o.Status != "paid" {
		t.Fatalf("after QPay's callback: %s", o.Status)
	}
	if !notified(t, w, "owner", fmt.Sprintf("New paid order %d", id)) || notified(t, w, "admin", "New paid order") {
		t.Fatal("the organisation's product: its owner and managers are told, not the admins")
	}
	es := emailsTo(t, w, "manager")
	if len(es) != 1 || es[0].Lang != "mn" || !strings.Contains(es[0].Subject, fmt.Sprintf("Шинэ төлөгдсөн захиалга №%d", id)) ||
		!strings.Contains(es[0].Text, "150 000₮") || !strings.Contains(es[0].Text, "SAT бэлтгэл × 1") {
		t.Fatalf("the manager's email: %+v", es)
	}
	// A QPay invoice paid in the bank's app just before the buyer cancels: QPay is asked first,
	// so the order becomes paid and is not cancelled (its money is never left unrecorded).
	b = checkoutBody("qpay-2", map[string]any{"id": course, "quantity": 1})
	b["provider"] = "qpay"
	r = call(t, w, "individual", "POST", "/api/product/checkout", b)
	apitest.MustStatus(t, r, 201)
	id2, pay2 := orderOf(t, r)
	p2, _ := st.Payment(ctx, pay2)
	qp.Pay(t, p2.ProviderRef, "qpay-shop-2", "150000.00", false)
	apitest.MustStatus(t, call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/cancel", id2), struct{}{}), 409)
	if o, _ := st.OrderByID(ctx, id2); o.Status != "paid" {
		t.Fatalf("cancelled after QPay was paid: %s", o.Status)
	}
	// One not paid is cancelled, with its payment.
	b["key"] = "qpay-3"
	r = call(t, w, "individual", "POST", "/api/product/checkout", b)
	apitest.MustStatus(t, r, 201)
	id3, pay3 := orderOf(t, r)
	apitest.MustStatus(t, call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/cancel", id3), struct{}{}), 200)
	if p3, _ := st.Payment(ctx, pay3); p3.Status != "cancelled" {
		t.Fatalf("payment of the cancelled order: %s", p3.Status)
	}
	if es := emailsTo(t, w, "counselor"); len(es) != 0 {
		t.Fatalf("a counselor was told of a sale: %+v", es)
	}
}
