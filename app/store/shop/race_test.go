package shop_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"gerege/app/apitest"
	"gerege/db"
)

// TestNoOversellUnderRace: many buyers check out the last item at once on the real server,
// then the admin marks every transfer paid at once: exactly one order becomes paid, the stock
// ends at zero, never below, and the other settlements are refused and change nothing.
func TestNoOversellUnderRace(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	r := call(t, w, "admin", "POST", "/api/shop/products", map[string]any{"nameEn": "Last fair ticket", "category": "ticket",
		"price": 30000, "currency": "MNT", "stockKind": "number", "stock": 1, "active": true})
	apitest.MustStatus(t, r, 201)
	last := int64(r.Body["id"].(float64))
	const buyers = 16
	clients := make([]*http.Client, buyers)
	for i := range clients {
		email := fmt.Sprintf("buyer%d@example.mn", i)
		if _, err := w.s.Store().CreateUser(ctx, db.NewUser{Email: email, PasswordHash: mustHash(t), FirstName: "B", LastName: "U",
			AccountType: "individual", Language: "en", DateOfBirth: "2000-01-01"}, w.clock.Now()); err != nil {
			t.Fatal(err)
		}
		clients[i] = apitest.SignIn(t, w.ts, email)
	}
	payments := make([]int64, buyers)
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := apitest.Call(t, c, w.ts, "POST", "/api/product/checkout", checkoutBody(fmt.Sprintf("race-%d", i),
				map[string]any{"id": last, "quantity": 1}), "", "Sec-Fetch-Site", "same-origin")
			if r.Status != 201 {
				t.Errorf("checkout %d: %d %s", i, r.Status, r.Raw)
				return
			}
			payments[i] = int64(r.Body["order"].(map[string]any)["paymentId"].(float64))
		}()
	}
	wg.Wait()
	statuses := make([]int, buyers)
	for i, p := range payments {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/mark-paid", p), struct{}{}).Status
		}()
	}
	wg.Wait()
	paid := 0
	for i, s := range statuses {
		switch s {
		case 200:
			paid++
		case 409:
		default:
			t.Errorf("mark-paid %d: %d", i, s)
		}
	}
	p, err := w.s.Store().ProductByID(ctx, last)
	if err != nil {
		t.Fatal(err)
	}
	if paid != 1 || p.Stock != 0 || p.Sold != 1 {
		t.Fatalf("paid %d, stock %d, sold %d: want 1, 0, 1", paid, p.Stock, p.Sold)
	}
	var n int
	if err := w.s.Store().Read.QueryRow(`SELECT count(*) FROM shop_orders WHERE status = 'paid'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("paid orders: %d %v", n, err)
	}
	if err := w.s.Store().Read.QueryRow(`SELECT count(*) FROM payments WHERE purpose = 'order' AND status = 'paid'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("paid payments: %d %v", n, err)
	}
	// Sold out now: a new checkout is refused with a clear message.
	r = call(t, w, "individual", "POST", "/api/product/checkout", checkoutBody("after", map[string]any{"id": last, "quantity": 1}))
	if r.Status != 422 || r.Body["errors"].(map[string]any)["items.0.quantity"] != "Sold out." {
		t.Fatalf("after the last: %d %s", r.Status, r.Raw)
	}
}
