package db

import (
	"context"
	"testing"
	"time"
)

// A movement recorded after another but dated before it (the demo's history is built module by
// module) is listed, and counted into the running balance, by its time; paging by the cursor
// continues in the same order.
func TestLedgerLinesInTimeOrder(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	day := func(d int) time.Time { return time.Date(2026, 11, d, 10, 0, 0, 0, time.UTC) }
	post := func(amount int64, at time.Time) {
		t.Helper()
		if _, err := s.PostLedger(ctx, "payment", 0, "m", []LedgerEntry{
			{Account: "platform:income", Currency: "MNT", Amount: amount},
			{Account: "clearing:bank", Currency: "MNT", Amount: -amount},
		}, at); err != nil {
			t.Fatal(err)
		}
	}
	post(100, day(1))
	post(1000, day(20)) // recorded second, happened last
	post(10, day(10))   // recorded last, happened second
	f := LedgerFilter{Accounts: []string{"platform:income"}, Currency: "MNT", Limit: 10}
	lines, err := s.LedgerLines(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	type got struct{ amount, balance int64 }
	var all []got
	for _, l := range lines {
		all = append(all, got{l.Amount, l.Balance})
	}
	want := []got{{1000, 1110}, {10, 110}, {100, 100}}
	if len(all) != len(want) {
		t.Fatalf("lines %v, want %v", all, want)
	}
	for i := range want {
		if all[i] != want[i] {
			t.Fatalf("lines %v, want %v (newest first by time, balances counted by time)", all, want)
		}
	}
	// Page 2 after the first line: the two older ones, in the same order.
	f.Limit, f.Before = 10, lines[0].ID
	page, err := s.LedgerLines(ctx, f)
	if err != nil || len(page) != 2 || page[0].Amount != 10 || page[1].Amount != 100 {
		t.Fatalf("after the cursor: %+v %v", page, err)
	}
	// An unknown cursor has nothing before it (not everything).
	f.Before = 1 << 40
	if page, err := s.LedgerLines(ctx, f); err != nil || len(page) != 0 {
		t.Fatalf("unknown cursor: %+v %v", page, err)
	}
}
