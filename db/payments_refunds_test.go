package db

import (
	"context"
	"errors"
	"testing"
	"time"
)

// The database keeps refund parts within the payment, whatever code path writes (migration
// 0036): pending and succeeded parts never add up to more than the amount paid, a failed part
// does not count and never comes back, and a part is in the payment's currency.
func TestRefundPartsNeverPassThePayment(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	now := time.Now()
	p, _, err := s.InsertPayment(ctx, Payment{Purpose: "order", RefID: 1, Payee: "platform", Currency: "MNT", Amount: 25000,
		Provider: "bank", IdempotencyKey: "parts"}, now)
	if err != nil {
		t.Fatal(err)
	}
	part := func(n int, amount int64, status string) (Refund, error) {
		return s.InsertRefund(ctx, Refund{PaymentID: p.ID, Currency: "MNT", Amount: amount, Provider: "bank", Status: status,
			IdempotencyKey: "gerege:refund:parts:" + string(rune('a'+n))}, now)
	}
	if _, err := part(0, 10000, RefundSucceeded); err != nil {
		t.Fatal(err)
	}
	pending, err := part(1, 10000, RefundPending)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := part(2, 5001, RefundPending); !errors.Is(err, ErrRefundExceeds) {
		t.Fatalf("a part past the payment: %v", err)
	}
	// A declined part frees its amount; it cannot be revived.
	if ok, err := s.FinishRefund(ctx, pending.ID, RefundFailed, "", "declined", now); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if _, err := s.exec(ctx, `UPDATE payment_refunds SET status = 'succeeded' WHERE id = ?`, pending.ID); err == nil {
		t.Fatal("a failed part came back")
	}
	if _, err := part(3, 15000, RefundSucceeded); err != nil {
		t.Fatal(err)
	}
	if _, err := part(4, 1, RefundSucceeded); !errors.Is(err, ErrRefundExceeds) {
		t.Fatalf("a part after the whole: %v", err)
	}
	if _, err := s.InsertRefund(ctx, Refund{PaymentID: p.ID, Currency: "USD", Amount: 1, Provider: "bank", Status: RefundFailed,
		IdempotencyKey: "usd"}, now); err == nil {
		t.Fatal("a failed part may not be inserted (only pending or succeeded)")
	}
	tot, err := s.RefundTotals(ctx, p.ID)
	if err != nil || tot.Succeeded != 25000 || tot.Pending != 0 {
		t.Fatalf("totals %+v %v", tot, err)
	}
	// Another currency is refused by the database itself.
	q, _, _ := s.InsertPayment(ctx, Payment{Purpose: "order", RefID: 2, Payee: "platform", Currency: "MNT", Amount: 100,
		Provider: "bank", IdempotencyKey: "parts-usd"}, now)
	if _, err := s.exec(ctx, `INSERT INTO payment_refunds (payment_id, currency, amount, provider, status, idempotency_key, created_at)
		VALUES (?, 'USD', 1, 'bank', 'pending', 'usd-part', ?)`, q.ID, T(now)); err == nil {
		t.Fatal("a part in another currency")
	}
}
