package shop_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gerege/db"
	"gerege/db/dbtest"
)

// state is what the shop and payments keep, as text, to compare before and after a failure.
func state(t *testing.T, s *db.Store) string {
	t.Helper()
	var b strings.Builder
	for _, table := range []string{"shop_products", "shop_orders", "shop_order_items", "shop_carts", "payments", "payment_events",
		"ledger_entries", "notifications"} {
		cols := "*"
		if table == "notifications" {
			cols = "id, user_id, kind, params, link" // (their email goes out on its own, meanwhile)
		}
		rows, err := s.Read.QueryContext(context.Background(), `SELECT `+cols+` FROM `+table+` ORDER BY rowid`)
		if err != nil {
			t.Fatal(err)
		}
		names, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(names))
			ptrs := make([]any, len(names))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %v\n", table, vals)
		}
		rows.Close()
	}
	return b.String()
}

// Nothing half-saved: each write of the checkout's transaction, and of the settlement that
// pays the order and takes its stock, fails in turn; every time the answer is 500 and the
// shop, the payments, the ledger and the notifications are exactly as before.
func TestCheckoutAndPaymentAreAtomic(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	st := w.s.Store()
	body := func(key string) map[string]any {
		return checkoutBody(key, map[string]any{"id": w.hoodie, "quantity": 2, "colours": []string{"Blue"}}, map[string]any{"id": w.guide, "quantity": 1})
	}
	faults := dbtest.Inject(t, st)
	faults.FailNth(0)
	r := call(t, w, "individual", "POST", "/api/product/checkout", body("ok"))
	if r.Status != 201 {
		t.Fatalf("checkout: %d %s", r.Status, r.Raw)
	}
	writes := faults.MostWrites()
	if writes < 4 {
		t.Fatalf("the checkout wrote %d statements in its largest transaction", writes)
	}
	for n := 1; n <= writes; n++ {
		before := state(t, st)
		faults.FailNth(n)
		r := call(t, w, "individual", "POST", "/api/product/checkout", body(fmt.Sprintf("k%d", n)))
		failed := faults.Failed()
		faults.FailNth(0)
		if failed == 0 || r.Status != 500 {
			t.Fatalf("checkout, write %d of %d: %d failed, answer %d %s", n, writes, failed, r.Status, r.Raw)
		}
		if after := state(t, st); after != before {
			t.Fatalf("checkout, write %d of %d failed, yet something changed:\n%s", n, writes, diff(before, after))
		}
	}
	// The settlement: the payment, the ledger, the order, the stock and the notification together.
	pay := int64(r.Body["order"].(map[string]any)["paymentId"].(float64))
	path := fmt.Sprintf("/api/payments/%d/mark-paid", pay)
	faults.FailNth(0)
	// Count the settlement's writes on a twin order, then fail each on the real one.
	r2 := call(t, w, "individual", "POST", "/api/product/checkout", body("twin"))
	twin := int64(r2.Body["order"].(map[string]any)["paymentId"].(float64))
	faults.FailNth(0)
	if r := call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/mark-paid", twin), struct{}{}); r.Status != 200 {
		t.Fatalf("mark paid: %d %s", r.Status, r.Raw)
	}
	settle := faults.MostWrites()
	if settle < 5 {
		t.Fatalf("the settlement wrote %d statements", settle)
	}
	for n := 1; n <= settle; n++ {
		before := state(t, st)
		faults.FailNth(n)
		r := call(t, w, "admin", "POST", path, struct{}{})
		failed := faults.Failed()
		faults.FailNth(0)
		if failed == 0 || r.Status != 500 {
			t.Fatalf("settlement, write %d of %d: %d failed, answer %d %s", n, settle, failed, r.Status, r.Raw)
		}
		if after := state(t, st); after != before {
			t.Fatalf("settlement, write %d of %d failed, yet something changed:\n%s", n, settle, diff(before, after))
		}
	}
	if r := call(t, w, "admin", "POST", path, struct{}{}); r.Status != 200 {
		t.Fatalf("mark paid at last: %d %s", r.Status, r.Raw)
	}
	if p, _ := st.ProductByID(context.Background(), w.hoodie); p.Stock != 6 || p.Sold != 4 {
		t.Fatalf("stock %d sold %d, want 6 and 4", p.Stock, p.Sold)
	}
}

func diff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, "- "+x, "+ "+y)
		}
	}
	return strings.Join(out[:min(len(out), 6)], "\n")
}
