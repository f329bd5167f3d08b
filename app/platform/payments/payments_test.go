package payments_test

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sync"
	"testing"
	"time"

	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/db/dbtest"
)

var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func newService(t *testing.T) (*payments.Service, *db.Store) {
	t.Helper()
	store := dbtest.Open(t)
	s := payments.New(store, func() time.Time { return t0 }, payments.Config{Bank: payments.DemoBank, FeeBasisPoints: 500})
	return s, store
}

// user inserts an account and returns its id.
func user(t *testing.T, store *db.Store, email string) int64 {
	t.Helper()
	var id int64
	err := store.Write.QueryRow(`INSERT INTO users (email, password_hash, first_name, last_name, account_type, created_at, updated_at)
		VALUES (?, 'x', 'A', 'B', 'individual', ?, ?) RETURNING id`, email, db.T(t0), db.T(t0)).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func org(t *testing.T, store *db.Store) int64 {
	t.Helper()
	var id int64
	if err := store.Write.QueryRow(`INSERT INTO organizations (name, created_at) VALUES ('Org', ?) RETURNING id`, db.T(t0)).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func create(t *testing.T, s *payments.Service, in payments.NewPayment) db.Payment {
	t.Helper()
	p, err := s.Create(context.Background(), nil, in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// refOf is a made-up order id for a payment key: one open payment an order is a rule of the
// database (migration 0036), so each key pays its own order (and the same key the same one).
func refOf(key string) int64 {
	h := fnv.New32a()
	h.Write([]byte(key))
	return int64(h.Sum32()%1_000_000_000) + 1
}

func order(payer int64, key string, amount int64) payments.NewPayment {
	return payments.NewPayment{Purpose: "order", RefID: refOf(key), PayerUserID: payer, Payee: payments.PayeePlatform,
		Money: payments.Money{Amount: amount, Currency: "MNT"}, Provider: payments.ProviderBank, Key: key}
}

// checkLedger fails unless every movement and every currency over all accounts sum to zero.
func checkLedger(t *testing.T, store *db.Store) {
	t.Helper()
	ctx := context.Background()
	bad, err := store.UnbalancedLedgerTxns(ctx)
	if err != nil || len(bad) > 0 {
		t.Fatalf("unbalanced movements %v (%v)", bad, err)
	}
	totals, err := store.LedgerTotals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for c, v := range totals {
		if v != 0 {
			t.Fatalf("the ledger sums to %d %s, not zero", v, c)
		}
	}
}

func TestCreateIsIdempotentOnItsKey(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	u := user(t, store, "a@x.mn")
	a := create(t, s, order(u, "order-7", 25000))
	b := create(t, s, order(u, "order-7", 25000))
	if a.ID != b.ID || a.Status != db.PaymentPending {
		t.Fatalf("a double-clicked pay button made two payments: %+v %+v", a, b)
	}
	// The same key for another amount is refused, not silently answered with the first.
	if _, err := s.Create(context.Background(), nil, order(u, "order-7", 30000)); !errors.Is(err, payments.ErrKeyReused) {
		t.Fatalf("reused key: %v", err)
	}
	var n int
	store.Read.QueryRow(`SELECT count(*) FROM payments`).Scan(&n)
	if n != 1 {
		t.Fatalf("%d payments", n)
	}
}

func TestCreateRefusesBadInput(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	u := user(t, store, "a@x.mn")
	for name, in := range map[string]payments.NewPayment{
		"zero":     order(u, "k1", 0),
		"negative": order(u, "k2", -5),
		"currency": {Purpose: "order", PayerUserID: u, Payee: "platform", Money: payments.Money{Amount: 5, Currency: "EUR"}, Provider: "bank", Key: "k3"},
		"provider": {Purpose: "order", PayerUserID: u, Payee: "platform", Money: payments.Money{Amount: 5, Currency: "MNT"}, Provider: "stripe", Key: "k4"},
	} {
		_, err := s.Create(context.Background(), nil, in)
		var we *web.Error
		if !errors.As(err, &we) || we.Status != 422 {
			t.Errorf("%s: %v, want a 422", name, err)
		}
	}
	if _, err := s.Create(context.Background(), nil, payments.NewPayment{Purpose: "order", Payee: "org:x", Money: payments.Money{Amount: 5, Currency: "MNT"}, Provider: "bank", Key: "k5"}); err == nil {
		t.Error("a bad payee was accepted")
	}
}

func TestBankTransferGivesDetailsAndAReadableReference(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	u := user(t, store, "a@x.mn")
	p := create(t, s, order(u, "k", 25000))
	next, err := s.Begin(context.Background(), p.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	tr := next.Transfer
	if next.Kind != "transfer" || tr == nil || tr.BankName != payments.DemoBank.Name || tr.Account != payments.DemoBank.Account ||
		tr.Holder != payments.DemoBank.Holder || tr.Amount != (payments.Money{Amount: 25000, Currency: "MNT"}) {
		t.Fatalf("next %+v %+v", next, tr)
	}
	if tr.Reference != payments.Reference(p.ID) || len(tr.Reference) != len("GRG-000001-0") {
		t.Fatalf("reference %q", tr.Reference)
	}
	again, _ := s.Begin(context.Background(), p.ID, "")
	if again.Transfer.Reference != tr.Reference {
		t.Fatal("the reference changed between two views")
	}
	got, _ := store.Payment(context.Background(), p.ID)
	if got.ProviderRef != tr.Reference {
		t.Fatalf("provider ref %q", got.ProviderRef)
	}
	// One mistyped digit changes the check digit.
	if payments.Reference(12) == payments.Reference(21) || payments.Reference(12)[len("GRG-000012-"):] == payments.Reference(13)[len("GRG-000013-"):] {
		t.Error("check digit does not catch a changed digit")
	}
}

func TestSettleTwiceIsOnce(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	ctx := context.Background()
	u := user(t, store, "a@x.mn")
	calls := 0
	s.OnPaid("order", func(ctx context.Context, tx *db.Store, p db.Payment) error {
		calls++
		if p.Status != db.PaymentPaid {
			t.Errorf("PaidFunc saw status %s", p.Status)
		}
		return nil
	})
	p := create(t, s, order(u, "k", 25000))
	next, err := s.Begin(ctx, p.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	ref := next.Transfer.Reference
	if err := s.Settle(ctx, "bank", ref, "evt-1"); err != nil {
		t.Fatal(err)
	}
	// The same event replayed, and another event of the same payment: nothing changes.
	if err := s.Settle(ctx, "bank", ref, "evt-1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Settle(ctx, "bank", ref, "evt-2"); err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Fatalf("PaidFunc called %d times", calls)
	}
	got, _ := store.Payment(ctx, p.ID)
	if got.Status != db.PaymentPaid || !got.PaidAt.Equal(t0) {
		t.Fatalf("payment %+v", got)
	}
	entries, _ := store.LedgerEntriesOfPayment(ctx, p.ID)
	if len(entries) != 2 {
		t.Fatalf("%d ledger entries, want one movement of 2", len(entries))
	}
	if rev, _ := store.AccountBalance(ctx, payments.AccountRevenue, "MNT"); rev != 25000 {
		t.Fatalf("revenue %d", rev)
	}
	if err := s.Settle(ctx, "bank", "GRG-NOPE", "evt-3"); !errors.Is(err, payments.ErrUnknownPayment) {
		t.Fatalf("unknown reference: %v", err)
	}
	if _, err := s.Begin(ctx, p.ID, ""); !errors.Is(err, payments.ErrNotPending) {
		t.Fatalf("Begin on a paid payment: %v", err)
	}
	checkLedger(t, store)
}

func TestConcurrentSettlementsPayOnce(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	ctx := context.Background()
	u := user(t, store, "a@x.mn")
	var mu sync.Mutex
	calls := 0
	s.OnPaid("order", func(context.Context, *db.Store, db.Payment) error { mu.Lock(); calls++; mu.Unlock(); return nil })
	p := create(t, s, order(u, "k", 1000))
	next, _ := s.Begin(ctx, p.ID, "")
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Settle(ctx, "bank", next.Transfer.Reference, fmt.Sprintf("evt-%d", i%4)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	entries, _ := store.LedgerEntriesOfPayment(ctx, p.ID)
	if calls != 1 || len(entries) != 2 {
		t.Fatalf("%d PaidFunc calls, %d entries", calls, len(entries))
	}
	checkLedger(t, store)
}

func TestPaidFuncErrorRollsEverythingBack(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	ctx := context.Background()
	u := user(t, store, "a@x.mn")
	soldOut := errors.New("the last item was sold")
	refuse := true
	s.OnPaid("order", func(ctx context.Context, tx *db.Store, p db.Payment) error {
		if refuse {
			return soldOut
		}
		return nil
	})
	p := create(t, s, order(u, "k", 5000))
	next, _ := s.Begin(ctx, p.ID, "")
	if err := s.Settle(ctx, "bank", next.Transfer.Reference, "evt-1"); !errors.Is(err, soldOut) {
		t.Fatalf("settle: %v", err)
	}
	got, _ := store.Payment(ctx, p.ID)
	entries, _ := store.LedgerEntriesOfPayment(ctx, p.ID)
	var events int
	store.Read.QueryRow(`SELECT count(*) FROM payment_events`).Scan(&events)
	if got.Status != db.PaymentPending || len(entries) != 0 || events != 0 {
		t.Fatalf("half-saved: status %s, %d entries, %d events", got.Status, len(entries), events)
	}
	// The provider's retry of the same event settles once the module accepts.
	refuse = false
	if err := s.Settle(ctx, "bank", next.Transfer.Reference, "evt-1"); err != nil {
		t.Fatal(err)
	}
	got, _ = store.Payment(ctx, p.ID)
	if got.Status != db.PaymentPaid {
		t.Fatalf("status %s", got.Status)
	}
	checkLedger(t, store)
}

func TestAFailedWriteAtAnyStepLeavesNothing(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	ctx := context.Background()
	u := user(t, store, "a@x.mn")
	o := org(t, store)
	in := order(u, "k", 10000)
	in.Payee = payments.PayeeOrg(o)
	p := create(t, s, in)
	next, _ := s.Begin(ctx, p.ID, "")
	f := dbtest.Inject(t, store)
	f.FailNth(0)
	for n := 1; ; n++ {
		f.FailNth(n)
		err := s.Settle(ctx, "bank", next.Transfer.Reference, "evt")
		if f.Failed() == 0 {
			if err != nil {
				t.Fatal(err)
			}
			break // every step has been failed once
		}
		if !errors.Is(err, dbtest.ErrInjected) {
			t.Fatalf("write %d: %v", n, err)
		}
		got, _ := store.Payment(ctx, p.ID)
		entries, _ := store.LedgerEntriesOfPayment(ctx, p.ID)
		if got.Status != db.PaymentPending || len(entries) != 0 {
			t.Fatalf("write %d failed: status %s, %d entries", n, got.Status, len(entries))
		}
	}
	got, _ := store.Payment(ctx, p.ID)
	if got.Status != db.PaymentPaid {
		t.Fatal("never settled")
	}
	checkLedger(t, store)
}

func TestLedgerSumsToZeroPerMovementAndOverall(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	ctx := context.Background()
	u := user(t, store, "a@x.mn")
	o := org(t, store)
	var total int64
	for i := range 20 {
		in := order(u, fmt.Sprintf("k%d", i), int64(999+i*1001))
		if i%2 == 0 {
			in.Payee = payments.PayeeOrg(o)
		}
		if i%3 == 0 {
			in.Money.Currency = "USD"
		}
		p := create(t, s, in)
		next, err := s.Begin(ctx, p.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Settle(ctx, "bank", next.Transfer.Reference, fmt.Sprintf("e%d", i)); err != nil {
			t.Fatal(err)
		}
		if in.Payee != "platform" && in.Money.Currency == "MNT" {
			total += in.Money.Amount
		}
	}
	checkLedger(t, store)
	// The organisation's balance is what it sold less the platform's 5 %.
	bal, _ := store.AccountBalance(ctx, payments.AccountOrgBalance(o), "MNT")
	fees, _ := store.AccountBalance(ctx, payments.AccountFees, "MNT")
	if bal+fees != total || fees == 0 {
		t.Fatalf("balance %d + fees %d ≠ sales %d", bal, fees, total)
	}
	// A movement that does not balance is refused whole.
	_, err := store.PostLedger(ctx, "adjustment", 0, "bad", []db.LedgerEntry{
		{Account: "platform:revenue", Currency: "MNT", Amount: 10}, {Account: "platform:fees", Currency: "MNT", Amount: -9}}, t0)
	if !errors.Is(err, db.ErrUnbalanced) {
		t.Fatalf("unbalanced movement: %v", err)
	}
	checkLedger(t, store)
}

func TestMarkPaidIsAuditedAndOnlyOnce(t *testing.T) {
	t.Parallel()
	s, store := newService(t)
	ctx := context.Background()
	u := user(t, store, "a@x.mn")
	admin := user(t, store, "admin@x.mn")
	p := create(t, s, order(u, "k", 25000))
	if err := s.MarkPaid(ctx, p.ID, admin, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkPaid(ctx, p.ID, admin, "192.0.2.1"); !errors.Is(err, payments.ErrNotPending) {
		t.Fatalf("second mark: %v", err)
	}
	got, _ := store.Payment(ctx, p.ID)
	if got.Status != db.PaymentPaid || got.SettledByUserID != admin {
		t.Fatalf("payment %+v", got)
	}
	log, _ := store.AuditLog(ctx, admin, 0, 10)
	if len(log) != 1 || log[0].Event != "payment_marked_paid" || log[0].Detail != fmt.Sprintf("payment_marked_paid:%d:25000 MNT", p.ID) {
		t.Fatalf("audit %+v", log)
	}
	// A cancelled payment cannot be marked paid.
	q := create(t, s, order(u, "k2", 100))
	if err := s.Cancel(ctx, nil, q.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkPaid(ctx, q.ID, admin, ""); !errors.Is(err, payments.ErrNotPending) {
		t.Fatalf("mark cancelled: %v", err)
	}
	checkLedger(t, store)
}

func TestMoneyString(t *testing.T) {
	t.Parallel()
	for m, want := range map[payments.Money]string{{25000, "MNT"}: "25000 MNT", {1250, "USD"}: "12.50 USD", {5, "USD"}: "0.05 USD"} {
		if got := m.String(); got != want {
			t.Errorf("%v: %q", m, got)
		}
	}
}
