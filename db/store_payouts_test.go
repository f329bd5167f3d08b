package db

import (
	"context"
	"testing"
	"time"
)

// Payouts are balanced movements (balance → payouts): after sales and payouts the ledger still
// sums to zero, and "owed to organisations" lists positive balances by organisation number
// (not by the account's text: org 12 after org 7), MNT first, paged by organisation.
func TestPayoutMovementsKeepTheLedgerAtZero(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	post := func(kind string, entries ...LedgerEntry) {
		t.Helper()
		if _, err := s.PostLedger(ctx, kind, 0, kind, entries, now); err != nil {
			t.Fatal(err)
		}
	}
	sale := func(org string, cur string, amount int64) {
		post("payment", LedgerEntry{Account: "provider:bank:clearing", Currency: cur, Amount: -amount},
			LedgerEntry{Account: "org:" + org + ":balance", Currency: cur, Amount: amount})
	}
	payout := func(org string, cur string, amount int64) {
		post("payout", LedgerEntry{Account: "org:" + org + ":balance", Currency: cur, Amount: -amount},
			LedgerEntry{Account: "org:" + org + ":payouts", Currency: cur, Amount: amount})
	}
	sale("7", "MNT", 5000)
	sale("7", "USD", 1250)
	sale("12", "MNT", 9000)
	sale("3", "MNT", 100)
	payout("3", "MNT", 100) // paid out in full: no longer owed
	payout("12", "MNT", 4000)
	totals, err := s.LedgerTotals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for c, v := range totals {
		if v != 0 {
			t.Fatalf("ledger sums to %d %s", v, c)
		}
	}
	if bad, err := s.UnbalancedLedgerTxns(ctx); err != nil || len(bad) > 0 {
		t.Fatalf("unbalanced %v %v", bad, err)
	}
	// A movement that does not balance is refused: nothing written.
	if _, err := s.PostLedger(ctx, "payout", 0, "x", []LedgerEntry{{Account: "org:7:balance", Currency: "MNT", Amount: -1},
		{Account: "org:7:payouts", Currency: "MNT", Amount: 2}}, now); err != ErrUnbalanced {
		t.Fatalf("unbalanced payout: %v", err)
	}
	owed, more, err := s.OrgsOwed(ctx, 0, 50)
	if err != nil || more {
		t.Fatal(err)
	}
	type row struct {
		org int64
		cur string
		bal int64
	}
	want := []row{{7, "MNT", 5000}, {7, "USD", 1250}, {12, "MNT", 5000}}
	if len(owed) != len(want) {
		t.Fatalf("owed %+v", owed)
	}
	for i, w := range want {
		if o := owed[i]; o.OrgID != w.org || o.Currency != w.cur || o.Balance != w.bal || o.Held != 0 {
			t.Fatalf("owed[%d] = %+v, want %+v", i, o, w)
		}
	}
	// A page of one organisation keeps its two currencies together, and says more follow.
	page, more, err := s.OrgsOwed(ctx, 0, 1)
	if err != nil || !more || len(page) != 2 || page[0].OrgID != 7 || page[1].OrgID != 7 {
		t.Fatalf("page %+v %v", page, err)
	}
	if rest, more, err := s.OrgsOwed(ctx, 7, 50); err != nil || more || len(rest) != 1 || rest[0].OrgID != 12 {
		t.Fatalf("after 7: %+v %v", rest, err)
	}
}
