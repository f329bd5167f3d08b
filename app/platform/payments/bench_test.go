package payments_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"gerege/app/platform/payments"
	"gerege/db"
	"gerege/db/dbtest"
)

// BenchmarkCreateAndSettle: a bank-transfer payment created then settled (the event recorded,
// the payment paid, a 4-entry ledger movement with the fee, a PaidFunc), each in its own
// transaction, from 16 callers a core (the writer groups their commits).
func BenchmarkCreateAndSettle(b *testing.B) {
	store := dbtest.Open(b)
	s := payments.New(store, time.Now, payments.Config{Bank: payments.DemoBank, FeeBasisPoints: 500})
	s.OnPaid("order", func(context.Context, *db.Store, db.Payment) error { return nil })
	var org int64
	if err := store.Write.QueryRow(`INSERT INTO organizations (name, created_at) VALUES ('Org', ?) RETURNING id`, db.T(time.Now())).Scan(&org); err != nil {
		b.Fatal(err)
	}
	var n atomic.Int64
	ctx := context.Background()
	b.SetParallelism(16) // 32 callers on the 2-core machine, as a busy server has
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			p, err := s.Create(ctx, nil, payments.NewPayment{Purpose: "order", RefID: i, Payee: payments.PayeeOrg(org),
				Money: payments.Money{Amount: 10000, Currency: "MNT"}, Provider: "bank", Key: fmt.Sprint("k", i)})
			if err != nil {
				b.Fatal(err)
			}
			if err := s.MarkPaid(ctx, p.ID, 0, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.StopTimer()
	if bad, _ := store.UnbalancedLedgerTxns(ctx); len(bad) > 0 {
		b.Fatal("unbalanced")
	}
}

// BenchmarkRefund: a bank transfer owed back, refunded by an admin who records the transfer
// sent (the refund row, the 4-entry reversal with the fee, the audit entry: one transaction),
// from 32 concurrent callers; each payment was created and settled before the timer.
func BenchmarkRefund(b *testing.B) {
	store := dbtest.Open(b)
	s := payments.New(store, time.Now, payments.Config{Bank: payments.DemoBank, FeeBasisPoints: 500})
	var org int64
	if err := store.Write.QueryRow(`INSERT INTO organizations (name, created_at) VALUES ('Org', ?) RETURNING id`, db.T(time.Now())).Scan(&org); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ids := make([]int64, b.N)
	for i := range b.N {
		p, err := s.Create(ctx, nil, payments.NewPayment{Purpose: "order", RefID: int64(i), Payee: payments.PayeeOrg(org),
			Money: payments.Money{Amount: 10000, Currency: "MNT"}, Provider: "bank", Key: fmt.Sprint("r", i)})
		if err == nil {
			err = s.MarkPaid(ctx, p.ID, 0, "")
		}
		if err == nil {
			err = s.OweRefund(ctx, nil, p.ID)
		}
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = p.ID
	}
	day := time.Now().UTC().Format(time.DateOnly)
	var n atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			id := ids[n.Add(1)-1]
			if _, err := s.Refund(ctx, payments.RefundRequest{PaymentID: id, Reference: "TR", Date: day}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.StopTimer()
	if bad, _ := store.UnbalancedLedgerTxns(ctx); len(bad) > 0 {
		b.Fatal("unbalanced")
	}
}

// BenchmarkRefundParts: a part of a quarter of a bank transfer owed back (an organisation's
// sale with a 5% fee) from 32 concurrent callers — the part, the sum check, its proportional
// 4-line reversal and the audit entry in one transaction; four parts return each payment whole.
func BenchmarkRefundParts(b *testing.B) {
	store := dbtest.Open(b)
	s := payments.New(store, time.Now, payments.Config{Bank: payments.DemoBank, FeeBasisPoints: 500})
	var org int64
	if err := store.Write.QueryRow(`INSERT INTO organizations (name, created_at) VALUES ('Org', ?) RETURNING id`, db.T(time.Now())).Scan(&org); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ids := make([]int64, (b.N+3)/4)
	for i := range ids {
		p, err := s.Create(ctx, nil, payments.NewPayment{Purpose: "order", RefID: int64(i + 1), Payee: payments.PayeeOrg(org),
			Money: payments.Money{Amount: 10001, Currency: "MNT"}, Provider: "bank", Key: fmt.Sprint("p", i)})
		if err == nil {
			err = s.MarkPaid(ctx, p.ID, 0, "")
		}
		if err == nil {
			err = s.OweRefund(ctx, nil, p.ID)
		}
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = p.ID
	}
	day := time.Now().UTC().Format(time.DateOnly)
	var n atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			k := n.Add(1) - 1
			if _, err := s.Refund(ctx, payments.RefundRequest{PaymentID: ids[k/4], Amount: 2500, Key: fmt.Sprint("k", k), Reference: "TR", Date: day}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.StopTimer()
	if bad, _ := store.UnbalancedLedgerTxns(ctx); len(bad) > 0 {
		b.Fatal("unbalanced")
	}
}
