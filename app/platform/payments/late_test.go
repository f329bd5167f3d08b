package payments_test

import (
	"context"
	"errors"
	"testing"

	"gerege/app/platform/payments"
	"gerege/db"
)

// fakeCard is a provider like Stripe or QPay: money it reports is in its account.
type fakeCard struct{}

func (fakeCard) Name() string { return "stripe" }
func (fakeCard) Begin(_ context.Context, p db.Payment, _ string) (payments.Next, string, error) {
	return payments.Next{Kind: "redirect", URL: "https://pay.example/x"}, "sess-" + p.IdempotencyKey, nil
}

// Money a provider collects for a payment we had cancelled is settled anyway (paid, paid_late,
// the ledger posted and balanced), the PaidFunc sees PaidLate, exactly once; a bank transfer
// for a cancelled payment stays refused.
func TestProviderMoneyForACancelledPaymentSettlesLate(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	s.AddProvider(fakeCard{})
	ctx := context.Background()
	u := user(t, store, "a@x.mn")
	var seen []db.Payment
	s.OnPaid("order", func(ctx context.Context, tx *db.Store, p db.Payment) error {
		seen = append(seen, p)
		return nil
	})
	in := order(u, "late", 25000)
	in.Provider = "stripe"
	p := create(t, s, in)
	if _, err := s.Begin(ctx, p.ID, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Cancel(ctx, nil, p.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Settle(ctx, "stripe", "sess-late", "evt-late"); err != nil {
		t.Fatal(err)
	}
	got, _ := store.Payment(ctx, p.ID)
	if got.Status != db.PaymentPaid || !got.PaidLate || !got.PaidAt.Equal(t0) {
		t.Fatalf("payment %+v: the late money was dropped", got)
	}
	if len(seen) != 1 || !seen[0].PaidLate {
		t.Fatalf("PaidFunc calls %+v", seen)
	}
	if rev, _ := store.AccountBalance(ctx, payments.AccountRevenue, "MNT"); rev != 25000 {
		t.Fatalf("revenue %d", rev)
	}
	// Replayed, and another event of it: nothing changes.
	for _, ev := range []string{"evt-late", "evt-late-2"} {
		if err := s.Settle(ctx, "stripe", "sess-late", ev); err != nil {
			t.Fatal(err)
		}
	}
	if entries, _ := store.LedgerEntriesOfPayment(ctx, p.ID); len(entries) != 2 || len(seen) != 1 {
		t.Fatalf("%d entries, %d calls after a replay", len(entries), len(seen))
	}
	late, err := store.PaymentsRefundDue(ctx, 0, 10)
	if err != nil || len(late) != 1 || late[0].ID != p.ID {
		t.Fatalf("paid late list %+v %v", late, err)
	}
	// A pending payment paid normally is not late.
	in2 := order(u, "ontime", 100)
	in2.Provider = "stripe"
	q := create(t, s, in2)
	s.Begin(ctx, q.ID, "")
	if err := s.Settle(ctx, "stripe", "sess-ontime", "evt-ontime"); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.Payment(ctx, q.ID); got.PaidLate || got.Status != db.PaymentPaid {
		t.Fatalf("on-time payment %+v", got)
	}
	// A bank transfer for a cancelled payment is still refused (the admin sends it back).
	b := create(t, s, order(u, "bank-late", 300))
	ref, _ := s.Begin(ctx, b.ID, "")
	s.Cancel(ctx, nil, b.ID)
	if err := s.Settle(ctx, "bank", ref.Transfer.Reference, "evt-bank"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkPaid(ctx, b.ID, u, ""); !errors.Is(err, payments.ErrNotPending) {
		t.Fatalf("bank mark of a cancelled payment: %v", err)
	}
	if got, _ := store.Payment(ctx, b.ID); got.Status != db.PaymentCancelled || got.PaidLate {
		t.Fatalf("bank payment %+v", got)
	}
	checkLedger(t, store)
}
