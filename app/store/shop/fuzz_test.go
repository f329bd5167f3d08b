package shop

import (
	"encoding/json"
	"testing"
	"time"

	"gerege/db"
)

// FuzzQuote: whatever a client sends as a cart, the checks answer with field errors or a
// quote, never a panic, and a quote's numbers add up and are never negative.
func FuzzQuote(f *testing.F) {
	for _, seed := range []string{`{"items":[{"id":1,"quantity":1,"colours":["Blue"]}]}`, `{"items":[{"id":1,"quantity":-1}]}`,
		`{"items":[{"id":1,"quantity":1.5},{"id":1,"quantity":98,"colours":["Red","Red"]}],"coupon":"X","delivery":"courier"}`,
		`{"items":[{"id":2,"quantity":1e308}]}`, `{}`} {
		f.Add(seed)
	}
	products := map[int64]*db.Product{
		1: {ID: 1, Seller: "platform", NameEn: "Hoodie", Category: "merchandise", Price: 45000, Currency: "MNT", StockKind: "number",
			Stock: 50, Colours: []string{"Blue", "Red"}, Active: true},
		2: {ID: 2, Seller: "platform", NameEn: "Guide", Category: "guide", Price: 20000, Currency: "MNT", StockKind: "digital", Active: true},
	}
	now := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	coupon := &db.Coupon{Code: "X", Seller: "platform", Percent: 10, ExpiresAt: now.Add(time.Hour)}
	f.Fuzz(func(t *testing.T, body string) {
		var in QuoteRequest
		if json.Unmarshal([]byte(body), &in) != nil {
			return
		}
		lines, err := mergeLines(in.Items)
		if err != nil {
			return
		}
		q, err := price("en", lines, products, coupon, in.Coupon, in.Delivery, now)
		if err != nil {
			return
		}
		if q.Total != q.SubTotal-q.Discount+q.Shipping || q.Total < 0 || q.Discount < 0 || q.Discount > q.SubTotal {
			t.Fatalf("quote does not add up: %+v", q)
		}
		for _, l := range q.Lines {
			if l.Quantity < 1 || l.Quantity > MaxQuantity {
				t.Fatalf("quantity %d", l.Quantity)
			}
		}
	})
}
