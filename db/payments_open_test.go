package db

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/golang-migrate/migrate/v4"
	msqlite "github.com/golang-migrate/migrate/v4/database/sqlite"
	"github.com/golang-migrate/migrate/v4/source/iofs"

	"gerege/migrations"
)

// One open payment a row, as a rule of the database (migration 0036): a second pending
// payment of the same order is refused whatever writes it, a failed one still counts (it may
// still succeed at the provider), and once the first is paid or cancelled another may be made.
// Payments of different orders, purposes, or of no row (ref 0) do not collide.
func TestOneOpenPaymentAnOrder(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	now := time.Now()
	pay := func(purpose string, ref int64, key string) (Payment, error) {
		p, _, err := s.InsertPayment(ctx, Payment{Purpose: purpose, RefID: ref, Payee: "platform", Currency: "MNT", Amount: 1000,
			Provider: "bank", IdempotencyKey: key}, now)
		return p, err
	}
	first, err := pay("order", 7, "o7-a")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pay("order", 7, "o7-b"); !errors.Is(err, ErrConflict) {
		t.Fatalf("a second open payment of order 7: %v", err)
	}
	// The same key is still the same payment (idempotent creation is unchanged).
	if again, err := pay("order", 7, "o7-a"); err != nil || again.ID != first.ID {
		t.Fatalf("same key: %+v %v", again, err)
	}
	for _, other := range []struct {
		purpose string
		ref     int64
	}{{"order", 8}, {"invoice", 7}, {"order", 0}, {"order", 0}} {
		if _, err := pay(other.purpose, other.ref, other.purpose+"-"+time.Now().Format(time.RFC3339Nano)); err != nil {
			t.Fatalf("%s %d: %v", other.purpose, other.ref, err)
		}
	}
	// An invoice's (or a subscription invoice's) payments are under the same rule.
	if _, err := pay("subscription", 9, "s9-a"); err != nil {
		t.Fatal(err)
	}
	if _, err := pay("subscription", 9, "s9-b"); !errors.Is(err, ErrConflict) {
		t.Fatalf("a second open payment of invoice 9: %v", err)
	}
	// Failed: still open.
	if _, err := s.SetPaymentStatus(ctx, first.ID, PaymentFailed); err != nil {
		t.Fatal(err)
	}
	if _, err := pay("order", 7, "o7-c"); !errors.Is(err, ErrConflict) {
		t.Fatalf("a failed payment is still open: %v", err)
	}
	// Cancelled: another may be made, and then no third.
	if _, err := s.SetPaymentStatus(ctx, first.ID, PaymentCancelled); err != nil {
		t.Fatal(err)
	}
	if _, err := pay("order", 7, "o7-d"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.exec(ctx, `INSERT INTO payments (purpose, ref_id, payee, currency, amount, provider, status, idempotency_key, created_at)
		VALUES ('order', 7, 'platform', 'MNT', 5, 'stripe', 'pending', 'raw-sql', ?)`, T(now)); err == nil {
		t.Fatal("plain SQL wrote a second open payment")
	}
	// Reopening a cancelled payment while another is open is refused too.
	if _, err := s.exec(ctx, `UPDATE payments SET status = 'pending' WHERE id = ?`, first.ID); err == nil {
		t.Fatal("a cancelled payment reopened beside an open one")
	}
}

// Migration 0036 on a database that already has duplicates: the payment the order (or the
// invoice) names is kept, or the newest when it names none; the others are cancelled, never
// deleted; paid ones are untouched; the demo-like single payments are unchanged.
func TestOpenPaymentsMigrationKeepsOneOfOldDuplicates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	conn, err := sql.Open("sqlite", DSN(path, false))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	drv, err := msqlite.WithInstance(conn, &msqlite.Config{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := migrate.NewWithInstance("iofs", src, "sqlite", drv)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Migrate(35); err != nil {
		t.Fatal(err)
	}
	now := T(time.Now())
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	payment := func(id int64, purpose string, ref int64, status string) {
		exec(`INSERT INTO payments (id, purpose, ref_id, payee, currency, amount, provider, status, idempotency_key, created_at)
			VALUES (?, ?, ?, 'platform', 'MNT', 1000, 'bank', ?, ?, ?)`, id, purpose, ref, status, "k"+string(rune('a'+id)), now)
	}
	// Order 1: three open, the order names the middle one. Order 2: two open, named none (the
	// newest is kept). Order 3: one paid, one pending (nothing to do). Order 4: one pending.
	payment(1, "order", 1, "pending")
	payment(2, "order", 1, "failed")
	payment(3, "order", 1, "pending")
	exec(`INSERT INTO shop_orders (id, seller, status, currency, subtotal, discount, shipping, total, delivery, billing, payment_id,
		idempotency_key, created_at, updated_at) VALUES (1, 'platform', 'placed', 'MNT', 1000, 0, 0, 1000, 'digital', '{}', 2, 'o1', ?, ?)`, now, now)
	payment(4, "order", 2, "pending")
	payment(5, "order", 2, "pending")
	payment(6, "order", 3, "paid")
	payment(7, "order", 3, "pending")
	payment(8, "order", 4, "pending")
	payment(9, "order", 0, "pending")
	payment(10, "order", 0, "pending")
	if err := m.Migrate(36); err != nil {
		t.Fatal(err)
	}
	want := map[int64]string{1: "cancelled", 2: "failed", 3: "cancelled", 4: "cancelled", 5: "pending", 6: "paid", 7: "pending",
		8: "pending", 9: "pending", 10: "pending"}
	for id, st := range want {
		var got string
		if err := conn.QueryRow(`SELECT status FROM payments WHERE id = ?`, id).Scan(&got); err != nil || got != st {
			t.Errorf("payment %d: %q (%v), want %q", id, got, err, st)
		}
	}
	if err := m.Migrate(35); err != nil {
		t.Fatalf("down: %v", err)
	}
}
