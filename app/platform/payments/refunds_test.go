package payments_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"gerege/app/platform/payments"
	"gerege/db"
)

// slowCard is a card provider that refunds, counting the refunds it makes (one a key).
type slowCard struct {
	fakeCard
	mu    sync.Mutex
	keys  map[string]bool
	calls atomic.Int64
}

func (c *slowCard) Refund(_ context.Context, p db.Payment, r db.Refund) (payments.RefundAnswer, error) {
	c.calls.Add(1)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.keys == nil {
		c.keys = map[string]bool{}
	}
	c.keys[r.IdempotencyKey] = true
	return payments.RefundAnswer{Status: db.RefundSucceeded, Ref: "re_" + p.PaidRef}, nil
}

// A refund of an organisation's sale reverses its whole movement — the organisation's balance,
// and the platform's fee returned — exactly once from 16 concurrent admins; the provider is
// asked once; a refund of a payment not owed is refused and records nothing.
func TestRefundReversesTheMovementOnceUnderConcurrency(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	card := &slowCard{}
	s.AddProvider(card)
	ctx := context.Background()
	u := user(t, store, "r@x.mn")
	o := org(t, store)
	in := order(u, "org-sale", 20000)
	in.Payee, in.Provider = payments.PayeeOrg(o), "stripe"
	p := create(t, s, in)
	if _, err := s.Begin(ctx, p.ID, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Settle(ctx, "stripe", "sess-org-sale", "payment_intent:pi_9"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Refund(ctx, payments.RefundRequest{PaymentID: p.ID, AdminID: u}); !errors.Is(err, payments.ErrRefundNotOwed) {
		t.Fatalf("a payment not owed: %v", err)
	}
	if n, _ := store.CountRefunds(ctx, p.ID); n != 0 {
		t.Fatal("a refused refund was recorded")
	}
	if err := s.OweRefund(ctx, nil, p.ID); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	ids := make(chan int64, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := s.Refund(ctx, payments.RefundRequest{PaymentID: p.ID, AdminID: u})
			if err != nil || r.Status != db.RefundSucceeded || r.ProviderRef != "re_pi_9" {
				t.Errorf("refund %+v %v", r, err)
			}
			ids <- r.ID
		}()
	}
	wg.Wait()
	close(ids)
	first := int64(0)
	for id := range ids {
		if first == 0 {
			first = id
		}
		if id != first {
			t.Fatalf("two refunds: %d and %d", first, id)
		}
	}
	if card.calls.Load() != 1 {
		t.Fatalf("the provider was asked %d times", card.calls.Load())
	}
	for acc, want := range map[string]int64{payments.AccountOrgBalance(o): 0, payments.AccountFees: 0, payments.AccountRevenue: 0,
		payments.AccountClearing("stripe"): 0} {
		if got, _ := store.AccountBalance(ctx, acc, "MNT"); got != want {
			t.Fatalf("%s: %d after the refund", acc, got)
		}
	}
	if e, _ := store.LedgerEntriesOfPayment(ctx, p.ID); len(e) != 8 {
		t.Fatalf("%d entries (4 paid, 4 reversed)", len(e))
	}
	checkLedger(t, store)
}

// The ledger of refund parts: each part returns its share of every line of the payment's
// movement (the platform's fee in proportion, rounded half away from zero, the payee's line
// balancing it), each movement sums to zero, and the part that completes the refund returns
// exactly the rest of every line.
func TestRefundLinesReturnTheFeeInProportion(t *testing.T) {
	t.Parallel()
	const amount, fee = 10001, 333
	paid := []db.LedgerEntry{
		{TxnID: 1, Account: "provider:stripe:clearing", Currency: "MNT", Amount: -amount},
		{TxnID: 1, Account: "org:5:balance", Currency: "MNT", Amount: amount},
		{TxnID: 1, Account: "org:5:balance", Currency: "MNT", Amount: -fee},
		{TxnID: 1, Account: payments.AccountFees, Currency: "MNT", Amount: fee},
	}
	entries := append([]db.LedgerEntry(nil), paid...)
	refunded := int64(0)
	txn := int64(1)
	for i, part := range []int64{3333, 1, 3333, 3334} {
		refunded += part
		lines, err := payments.RefundLines(entries, refunded, amount)
		if err != nil {
			t.Fatal(err)
		}
		sum, clearing, fees := int64(0), int64(0), int64(0)
		txn++
		for _, l := range lines {
			sum += l.Amount
			switch l.Account {
			case "provider:stripe:clearing":
				clearing += l.Amount
			case payments.AccountFees:
				fees += l.Amount
			}
			l.TxnID = txn
			entries = append(entries, l)
		}
		if sum != 0 || clearing != part {
			t.Fatalf("part %d: lines %+v", i, lines)
		}
		// The fee returned so far is fee × refunded ÷ amount, rounded half away from zero.
		back := int64(0)
		for _, e := range entries[len(paid):] {
			if e.Account == payments.AccountFees {
				back -= e.Amount
			}
		}
		if want := (fee*refunded*2 + amount) / (2 * amount); back != want {
			t.Fatalf("part %d: fee returned %d, want %d (this part %d)", i, back, want, -fees)
		}
	}
	// Every account is back to zero after the last part.
	bal := map[string]int64{}
	for _, e := range entries {
		bal[e.Account] += e.Amount
	}
	for acc, v := range bal {
		if v != 0 {
			t.Fatalf("%s: %d after the whole refund", acc, v)
		}
	}
	if _, err := payments.RefundLines(paid, amount+1, amount); err == nil {
		t.Fatal("more than paid")
	}
}
