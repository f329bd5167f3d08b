package shop_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"

	"gerege/app/apitest"
	"gerege/app/platform/payments/qpaytest"
	"gerege/app/platform/payments/stripetest"
	"gerege/db"
)

// stripeRecorder stands between the server and stripe-mock and remembers the requests' paths,
// so a test can see that a Checkout Session was expired (stripe-mock keeps no state).
type stripeRecorder struct {
	mu    sync.Mutex
	paths []string
}

func (s *stripeRecorder) saw(path string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.paths {
		if p == path {
			return true
		}
	}
	return false
}

func recordStripe(t *testing.T) (string, *stripeRecorder) {
	base, err := url.Parse(stripetest.Start(t))
	if err != nil {
		t.Fatal(err)
	}
	rec := &stripeRecorder{}
	proxy := httputil.NewSingleHostReverseProxy(base)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.paths = append(rec.paths, r.Method+" "+r.URL.Path)
		rec.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL, rec
}

func openOrderPayments(t *testing.T, w *world, order int64) int {
	t.Helper()
	var n int
	if err := w.s.Store().Write.QueryRow(`SELECT count(*) FROM payments WHERE purpose = 'order' AND ref_id = ?
		AND status IN ('pending', 'failed')`, order).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The buyer pays an unpaid card order by QPay, then by bank transfer: each time the open
// payment is withdrawn at its provider (the Checkout Session expired, the QPay invoice
// cancelled) and cancelled, a new one is started, and the order has one open payment. The card
// money still arrives after the transfer paid the order: the order is paid once (stock taken
// once, the buyer told "paid" once), the card payment is paid late and listed as a refund due,
// the buyer and the admins are told.
func TestChangePaymentMethod(t *testing.T) {
	t.Parallel()
	stripeBase, rec := recordStripe(t)
	qp := qpaytest.Start(t)
	w := newWorld(t, withStripe(stripeBase), withQPay(qp))
	ctx := context.Background()
	st := w.s.Store()
	b := checkoutBody("switch", map[string]any{"id": w.hoodie, "quantity": 1, "colours": []string{"Blue"}})
	b["provider"] = "stripe"
	r := call(t, w, "individual", "POST", "/api/product/checkout", b)
	apitest.MustStatus(t, r, 201)
	id, card := orderOf(t, r)
	if !strings.Contains(r.Raw, `"providers":["stripe","qpay","bank"]`) {
		t.Fatalf("the order's methods: %s", r.Raw)
	}
	cardPay, _ := st.Payment(ctx, card)
	path := fmt.Sprintf("/api/me/orders/%d/payment-method", id)

	// Card → QPay.
	r = call(t, w, "individual", "POST", path, map[string]any{"provider": "qpay"})
	apitest.MustStatus(t, r, 200)
	_, qpay := orderOf(t, r)
	next, _ := r.Body["next"].(map[string]any)
	if qpay == card || r.Str("provider") != "qpay" || next == nil || next["kind"] != "qr" {
		t.Fatalf("card → QPay: %s", r.Raw)
	}
	if !rec.saw("POST /v1/checkout/sessions/" + cardPay.ProviderRef + "/expire") {
		t.Fatalf("the Checkout Session was not expired: %v", rec.paths)
	}
	if p, _ := st.Payment(ctx, card); p.Status != db.PaymentCancelled {
		t.Fatalf("the card payment: %s", p.Status)
	}
	if n := openOrderPayments(t, w, id); n != 1 {
		t.Fatalf("%d open payments", n)
	}
	// A double click: the same switch again is refused as the same method, nothing new.
	r = call(t, w, "individual", "POST", path, map[string]any{"provider": "qpay"})
	if r.Status != 422 || !strings.Contains(r.Raw, "already set to be paid this way") {
		t.Fatalf("same method: %d %s", r.Status, r.Raw)
	}

	// QPay → bank transfer: QPay is asked (not paid), its invoice cancelled.
	qpayPay, _ := st.Payment(ctx, qpay)
	r = call(t, w, "individual", "POST", path, map[string]any{"provider": "bank"})
	apitest.MustStatus(t, r, 200)
	_, bank := orderOf(t, r)
	next, _ = r.Body["next"].(map[string]any)
	if next == nil || next["kind"] != "transfer" || r.Str("provider") != "bank" {
		t.Fatalf("QPay → bank: %s", r.Raw)
	}
	if inv, _ := qp.Invoice(qpayPay.ProviderRef); !inv.Cancelled {
		t.Fatal("the QPay invoice was not cancelled")
	}
	if qp.Count("/v2/payment/check") == 0 {
		t.Fatal("QPay was not asked before its invoice was cancelled")
	}
	if n := openOrderPayments(t, w, id); n != 1 {
		t.Fatalf("%d open payments", n)
	}

	// The transfer arrives; then the card money the buyer paid on Stripe's page arrives too.
	apitest.MustStatus(t, call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/mark-paid", bank), struct{}{}), 200)
	stripeHook(t, w, card, "evt_replaced_1")
	stripeHook(t, w, card, "evt_replaced_1") // Stripe retries: nothing more
	o, _ := st.OrderByID(ctx, id)
	if o.Status != "paid" || o.PaymentID != bank {
		t.Fatalf("order %s payment %d (bank %d)", o.Status, o.PaymentID, bank)
	}
	if p, _ := st.ProductByID(ctx, w.hoodie); p.Stock != 9 || p.Sold != 1 {
		t.Fatalf("stock %d sold %d", p.Stock, p.Sold)
	}
	if p, _ := st.Payment(ctx, card); p.Status != db.PaymentPaid || !p.PaidLate {
		t.Fatalf("the card payment: %s late %v", p.Status, p.PaidLate)
	}
	ledgerBalanced(t, w)
	refunds := call(t, w, "admin", "GET", "/api/banking/refunds", nil)
	if !strings.Contains(refunds.Raw, fmt.Sprintf(`"id":%d,`, card)) || strings.Contains(refunds.Raw, fmt.Sprintf(`"id":%d,`, bank)) {
		t.Fatalf("refunds due: %s", refunds.Raw)
	}
	notes := call(t, w, "individual", "GET", "/api/notifications", nil).Raw
	if strings.Count(notes, fmt.Sprintf("Your order %d: Paid", id)) != 1 ||
		!strings.Contains(notes, fmt.Sprintf("Your order %d: Your earlier payment arrived after you chose another payment method", id)) {
		t.Fatalf("the buyer's notifications: %s", notes)
	}
	if !notified(t, w, "admin", fmt.Sprintf("Order %d: a payment the buyer replaced arrived, the buyer is owed a refund", id)) {
		t.Fatal("the admins were not told to refund")
	}
}

// Who may change, which orders, which methods: only the buyer (404 to others), only an order
// waiting for its payment (409), only a configured method that takes the order's currency
// (QPay: tögrög only), never the current one; field errors in the request's language; a
// refused change changes nothing.
func TestChangePaymentMethodRules(t *testing.T) {
	t.Parallel()
	qp := qpaytest.Start(t)
	w := newWorld(t, withQPay(qp))
	ctx := context.Background()
	st := w.s.Store()
	r := call(t, w, "admin", "POST", "/api/shop/products", map[string]any{"nameEn": "CV review", "nameMn": "CV хянах",
		"category": "service", "price": 2500, "currency": "USD", "stockKind": "unlimited", "active": true})
	apitest.MustStatus(t, r, 201)
	usd := int64(r.Body["id"].(float64))

	r = call(t, w, "individual", "POST", "/api/product/checkout", checkoutBody("usd", map[string]any{"id": usd, "quantity": 1}))
	apitest.MustStatus(t, r, 201)
	usdOrder, usdPay := orderOf(t, r)
	if !strings.Contains(r.Raw, `"providers":["bank"]`) {
		t.Fatalf("a USD order's methods: %s", r.Raw)
	}
	path := fmt.Sprintf("/api/me/orders/%d/payment-method", usdOrder)
	r = apitest.Call(t, w.c["individual"], w.ts, "POST", path, map[string]any{"provider": "qpay"}, "", "Sec-Fetch-Site", "same-origin", "Accept-Language", "mn")
	if r.Status != 422 || !strings.Contains(r.Raw, "Энэ захиалгад энэ төлбөрийн хэрэгслийг ашиглах боломжгүй") {
		t.Fatalf("USD by QPay (mn): %d %s", r.Status, r.Raw)
	}
	for _, c := range []struct {
		body   any
		status int
		want   string
	}{
		{map[string]any{"provider": "stripe"}, 422, "not available for this order"}, // not configured
		{map[string]any{"provider": "bank"}, 422, "already set to be paid this way"},
		{map[string]any{"provider": "cash"}, 422, `"provider"`},
		{map[string]any{}, 422, `"provider"`},
		{`{"provider":`, 400, ""},
	} {
		r := call(t, w, "individual", "POST", path, c.body)
		if r.Status != c.status || !strings.Contains(r.Raw, c.want) {
			t.Fatalf("%v: %d %s", c.body, r.Status, r.Raw)
		}
	}
	// Someone else's order: 404.
	if r := call(t, w, "desk", "POST", path, map[string]any{"provider": "bank"}); r.Status != 404 {
		t.Fatalf("another buyer: %d", r.Status)
	}
	if o, _ := st.OrderByID(ctx, usdOrder); o.PaymentID != usdPay || openOrderPayments(t, w, usdOrder) != 1 {
		t.Fatal("a refused change changed the order")
	}

	// A QPay order paid in the bank's app a moment ago: QPay is asked first, the order is paid.
	b := checkoutBody("paid-meanwhile", map[string]any{"id": w.guide, "quantity": 1})
	b["provider"] = "qpay"
	r = call(t, w, "individual", "POST", "/api/product/checkout", b)
	apitest.MustStatus(t, r, 201)
	id, pay := orderOf(t, r)
	p, _ := st.Payment(ctx, pay)
	qp.Pay(t, p.ProviderRef, "qpay-meanwhile", "20000.00", false)
	r = call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/payment-method", id), map[string]any{"provider": "bank"})
	if r.Status != 409 || !strings.Contains(r.Raw, "has just been made") {
		t.Fatalf("paid meanwhile: %d %s", r.Status, r.Raw)
	}
	if o, _ := st.OrderByID(ctx, id); o.Status != "paid" || o.PaymentID != pay {
		t.Fatalf("order %s payment %d", o.Status, o.PaymentID)
	}
	// Paid or cancelled: 409, and no methods offered.
	r = call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/payment-method", id), map[string]any{"provider": "qpay"})
	if r.Status != 409 {
		t.Fatalf("a paid order: %d %s", r.Status, r.Raw)
	}
	if r := call(t, w, "individual", "GET", fmt.Sprintf("/api/me/orders/%d", id), nil); !strings.Contains(r.Raw, `"providers":[]`) {
		t.Fatalf("a paid order's methods: %s", r.Raw)
	}
	apitest.MustStatus(t, call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/cancel", usdOrder), struct{}{}), 200)
	if r := call(t, w, "individual", "POST", path, map[string]any{"provider": "bank"}); r.Status != 409 {
		t.Fatalf("a cancelled order: %d %s", r.Status, r.Raw)
	}
}
