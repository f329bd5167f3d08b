package payouts

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

func benchOrg(b *testing.B, store *db.Store, i int, balance int64) (int64, db.OrgOwner) {
	b.Helper()
	ctx := context.Background()
	u, err := store.CreateUser(ctx, db.NewUser{Email: fmt.Sprintf("o%d@example.mn", i), PasswordHash: "x", FirstName: "O", LastName: "B",
		DateOfBirth: "1990-01-01", AccountType: "enterprise", Language: "en", OrgName: fmt.Sprint("Org ", i)}, time.Now())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := store.PostLedger(ctx, "payment", 0, "sales", []db.LedgerEntry{
		{Account: payments.AccountClearing("bank"), Currency: "MNT", Amount: -balance},
		{Account: payments.AccountOrgBalance(u.OrgID), Currency: "MNT", Amount: balance}}, time.Now()); err != nil {
		b.Fatal(err)
	}
	if err := store.SetPayoutDetails(ctx, db.PayoutDetails{OrgID: u.OrgID, BankName: "Khan Bank", Holder: "Org", Account: "5001 2345 6789",
		UpdatedAt: time.Now()}); err != nil {
		b.Fatal(err)
	}
	owner, err := store.OwnerOfOrg(ctx, u.OrgID)
	if err != nil {
		b.Fatal(err)
	}
	return u.OrgID, owner
}

// BenchmarkRecordPayout: an admin's payout (the available amount read — balance and money held
// for refunds — the 2-entry ledger movement, the payout row, the audit entry, the owner's
// notification: one transaction) from 32 concurrent callers, to one organisation.
func BenchmarkRecordPayout(b *testing.B) {
	store := dbtest.Open(b)
	org, owner := benchOrg(b, store, 0, 1<<40)
	h := &Handlers{Store: store, Now: time.Now}
	var n atomic.Int64
	ctx := context.Background()
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			if _, _, err := h.recordPayout(ctx, org, owner, PayoutBody{Currency: "MNT", Amount: 1000, Reference: fmt.Sprint("R-", i),
				Date: "2026-11-22"}, 0, "", "en"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.StopTimer()
	if bad, _ := store.UnbalancedLedgerTxns(ctx); len(bad) > 0 {
		b.Fatal("unbalanced")
	}
}

// BenchmarkOwedList: "Owed to organisations" (the first page of 50) over 1,000 organisations
// with a balance, each with 20 sales in the ledger.
func BenchmarkOwedList(b *testing.B) {
	store := dbtest.Open(b)
	ctx := context.Background()
	for i := range 1000 {
		org, _ := benchOrg(b, store, i, 1000)
		for range 19 {
			if _, err := store.PostLedger(ctx, "payment", 0, "sales", []db.LedgerEntry{
				{Account: payments.AccountClearing("bank"), Currency: "MNT", Amount: -1000},
				{Account: payments.AccountOrgBalance(org), Currency: "MNT", Amount: 1000}}, time.Now()); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		list, more, err := store.OrgsOwed(ctx, 0, pageSize)
		if err != nil || !more || len(list) != pageSize {
			b.Fatalf("%d %v %v", len(list), more, err)
		}
	}
}
