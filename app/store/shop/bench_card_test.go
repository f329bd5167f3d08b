package shop_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
	"gerege/db"
	"gerege/db/dbtest"
	"gerege/ui"
)

// BenchmarkCardSettlement: Stripe's signed webhooks settling card orders on the real router
// over TCP, 32 at once (each: signature, the payment's event, status, ledger movement, the
// order paid with its stock taken, the buyer's and the sellers' notifications — one
// transaction). The orders are placed first through checkout against stripe-mock (not timed).
// Half of them are tickets with stock for only half of those: the rest settle as "sold out at
// payment" (cancelled, refund owed), and nothing is oversold.
//
//	go test ./app/store/shop -run '^$' -bench CardSettlement -benchtime 1000x
func BenchmarkCardSettlement(b *testing.B) {
	ctx := context.Background()
	cfg := app.DefaultConfig()
	cfg.DB = dbtest.Path(b)
	cfg.Auth.MinFillTime = 0
	generous(&cfg)
	withStripe(stripetest.Start(b))(&cfg)
	s, err := app.New(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	b.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	if _, err := app.CreateAdmin(ctx, s.Store(), "bench-admin@example.mn", apitest.Password, "A", "B"); err != nil {
		b.Fatal(err)
	}
	admin := apitest.SignIn(b, ts, "bench-admin@example.mn")
	as := func(c *http.Client, method, path string, body any) apitest.Reply {
		return apitest.Call(b, c, ts, method, path, body, "", "Sec-Fetch-Site", "same-origin")
	}
	mk := func(body map[string]any) int64 {
		r := as(admin, "POST", "/api/shop/products", body)
		apitest.MustStatus(b, r, 201)
		return int64(r.Body["id"].(float64))
	}
	stock := max(b.N/4, 1)
	guide := mk(map[string]any{"nameEn": "Bench guide", "category": "guide", "price": 20000, "currency": "MNT", "stockKind": "digital", "active": true})
	ticket := mk(map[string]any{"nameEn": "Bench ticket", "category": "ticket", "price": 10000, "currency": "MNT", "stockKind": "number",
		"stock": stock, "active": true})
	const buyers = 32
	clients := make([]*http.Client, buyers)
	for i := range clients {
		email := fmt.Sprintf("card%d@example.mn", i)
		if _, err := s.Store().CreateUser(ctx, db.NewUser{Email: email, PasswordHash: mustHash(b), FirstName: "B", LastName: "U",
			AccountType: "individual", Language: "en", DateOfBirth: "2000-01-01"}, time.Now()); err != nil {
			b.Fatal(err)
		}
		clients[i] = apitest.SignIn(b, ts, email)
	}
	// Place b.N card orders (each opens a Checkout Session on stripe-mock).
	events := make([][]byte, b.N)
	var next atomic.Int64
	var wg sync.WaitGroup
	for i := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= b.N {
					return
				}
				item := map[string]any{"id": guide, "quantity": 1}
				if k%2 == 0 {
					item = map[string]any{"id": ticket, "quantity": 1}
				}
				body := checkoutBody(fmt.Sprintf("c-%d", k), item)
				body["provider"] = "stripe"
				r := as(clients[i], "POST", "/api/product/checkout", body)
				if r.Status != 201 {
					b.Errorf("checkout: %d %s", r.Status, r.Raw)
					return
				}
				p, err := s.Store().Payment(ctx, int64(r.Body["order"].(map[string]any)["paymentId"].(float64)))
				if err != nil {
					b.Error(err)
					return
				}
				events[k] = stripetest.Event(fmt.Sprintf("evt_bench_%d", k), "checkout.session.completed", stripetest.Session{ID: p.ProviderRef,
					AmountTotal: payments.StripeAmount(payments.Money{Amount: p.Amount, Currency: p.Currency}), Currency: strings.ToLower(p.Currency),
					PaymentStatus: "paid", Status: "complete"})
			}
		}()
	}
	wg.Wait()
	if b.Failed() {
		return
	}
	next.Store(0)
	b.ResetTimer()
	start := time.Now()
	for range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= b.N {
					return
				}
				r := apitest.Do(b, ts, "POST", "/api/payments/webhooks/stripe", string(events[k]), map[string]string{
					"Content-Type": "application/json", "Stripe-Signature": stripetest.Sign(events[k], stripetest.WebhookSecret, time.Now())})
				if r.Status != 200 {
					b.Errorf("webhook: %d %s", r.Status, r.Raw)
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "settlements/s")
	p, err := s.Store().ProductByID(ctx, ticket)
	if err != nil {
		b.Fatal(err)
	}
	tickets := (b.N + 1) / 2
	if p.Stock < 0 || p.Sold != int64(min(stock, tickets)) {
		b.Fatalf("ticket: stock %d sold %d (of %d, %d ordered)", p.Stock, p.Sold, stock, tickets)
	}
	var paid, soldOut int
	s.Store().Read.QueryRow(`SELECT count(*) FILTER (WHERE status = 'paid'), count(*) FILTER (WHERE cancel_reason = 'sold_out_at_payment') FROM shop_orders`).Scan(&paid, &soldOut)
	if paid+soldOut != b.N || soldOut != max(tickets-stock, 0) {
		b.Fatalf("%d paid, %d sold out at payment, of %d", paid, soldOut, b.N)
	}
}
