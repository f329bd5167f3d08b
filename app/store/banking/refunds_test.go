package banking_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/qpaytest"
	"gerege/app/platform/payments/stripetest"
	"gerege/db"
)

// refund is an admin's (or who's) POST /api/payments/{id}/refund.
func (w *world) refund(t *testing.T, who string, id int64, body map[string]any, headers ...string) apitest.Reply {
	t.Helper()
	return apitest.Call(t, w.clients[who], w.ts, "POST", fmt.Sprintf("/api/payments/%d/refund", id), body, "",
		append([]string{"Sec-Fetch-Site", "same-origin"}, headers...)...)
}

func (w *world) entries(t *testing.T, id int64) []db.LedgerEntry {
	t.Helper()
	e, err := w.s.Store().LedgerEntriesOfPayment(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (w *world) dueIDs(t *testing.T) string {
	t.Helper()
	r := apitest.Call(t, w.clients["admin"], w.ts, "GET", "/api/banking/refunds", nil, "")
	apitest.MustStatus(t, r, 200)
	ids := []string{}
	items, _ := r.Body["items"].([]any)
	for _, it := range items {
		p := it.(map[string]any)["payment"].(map[string]any)
		ids = append(ids, fmt.Sprint(p["id"]))
	}
	return strings.Join(ids, ",")
}

func (w *world) notified(t *testing.T, who, kind string) int {
	t.Helper()
	list, _, err := w.s.Store().Notifications(context.Background(), db.NotificationFilter{UserID: w.users[who].ID, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range list {
		if x.Kind == kind {
			n++
		}
	}
	return n
}

// A card payment that arrived after its order was cancelled is refunded through Stripe
// (stripe-mock, the official client): POST /v1/refunds with the session's PaymentIntent; the
// ledger reverses the payment once, the list drops it, the payer is told and sees "refunded";
// a second click, a replayed refund webhook and a retried request change nothing; only
// platform admins may refund, and only what is owed. (Parts: partial_test.go.)
func TestStripeRefundOfMoneyPaidLate(t *testing.T) {
	t.Parallel()
	w := newWorld(t, withStripe(t))
	ctx := context.Background()
	p := w.pay(t, "stripe", "late-card")
	if _, err := w.s.Payments().Begin(ctx, p.ID, "https://gerege.example/en/x"); err != nil {
		t.Fatal(err)
	}
	if err := w.s.Payments().Cancel(ctx, nil, p.ID); err != nil {
		t.Fatal(err)
	}
	p, _ = w.s.Store().Payment(ctx, p.ID)
	ev := stripetest.Event("evt_late_paid", "checkout.session.completed", stripetest.Session{ID: p.ProviderRef, AmountTotal: 2500000,
		Currency: "mnt", PaymentStatus: "paid", Status: "complete", PaymentIntent: "pi_late_1"})
	apitest.MustStatus(t, w.webhook(t, ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())), 200)
	if p, _ = w.s.Store().Payment(ctx, p.ID); !p.PaidLate || !p.RefundOwed || p.PaidRef != "pi_late_1" {
		t.Fatalf("paid late %+v", p)
	}
	if got := w.dueIDs(t); got != fmt.Sprint(p.ID) {
		t.Fatalf("refunds due %q", got)
	}
	// Nobody but a platform admin refunds; more than was paid, or a part, is refused on the field.
	for _, who := range []string{"individual", "owner", "manager", "counselor", "desk2"} {
		if r := w.refund(t, who, p.ID, map[string]any{}); r.Status != 403 && r.Status != 404 {
			t.Fatalf("%s refunds: %d %s", who, r.Status, r.Raw)
		}
	}
	over := w.refund(t, "admin", p.ID, map[string]any{"amount": 25001})
	apitest.MustStatus(t, over, 422)
	if !strings.Contains(over.Str("errors", "amount"), "25000") {
		t.Fatalf("over-refund %s", over.Raw)
	}
	if mn := w.refund(t, "admin", p.ID, map[string]any{"amount": 30000}, "Accept-Language", "mn"); mn.Status != 422 ||
		!strings.Contains(mn.Str("errors", "amount"), "25000 MNT") {
		t.Fatalf("over-refund in Mongolian %d %s", mn.Status, mn.Raw)
	}
	if len(w.entries(t, p.ID)) != 2 {
		t.Fatal("a refused refund posted something")
	}
	// The refund: stripe-mock answers "succeeded".
	r := w.refund(t, "admin", p.ID, map[string]any{"amount": 25000, "reason": "paid after the order was cancelled"})
	apitest.MustStatus(t, r, 200)
	if r.Str("refund", "status") != "succeeded" || !strings.HasPrefix(r.Str("refund", "reference"), "re_") {
		t.Fatalf("refund %s", r.Raw)
	}
	first := r.Body["refund"].(map[string]any)["id"]
	entries := w.entries(t, p.ID)
	if len(entries) != 4 || entries[2].Account != "provider:stripe:clearing" || entries[2].Amount != 25000 ||
		entries[3].Account != payments.AccountRevenue || entries[3].Amount != -25000 || entries[3].Memo != "refund" {
		t.Fatalf("entries %+v", entries)
	}
	ledgerBalanced(t, w.s)
	// A second click, and eight at once: the same refund, nothing more posted.
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			again := w.refund(t, "admin", p.ID, map[string]any{})
			if again.Status != 200 || again.Body["refund"].(map[string]any)["id"] != first {
				t.Errorf("again %d %s", again.Status, again.Raw)
			}
		}()
	}
	wg.Wait()
	// Stripe's refund.updated webhook for it (signed, then replayed): nothing more.
	re := stripetest.RefundEvent("evt_refund_1", "refund.updated", stripetest.Refund{ID: r.Str("refund", "reference"), Amount: 2500000,
		Currency: "mnt", Status: "succeeded", PaymentIntent: "pi_late_1"})
	for range 2 {
		apitest.MustStatus(t, w.webhook(t, re, stripetest.Sign(re, stripetest.WebhookSecret, time.Now())), 200)
	}
	if n := len(w.entries(t, p.ID)); n != 4 {
		t.Fatalf("%d entries after replays", n)
	}
	ledgerBalanced(t, w.s)
	if got := w.dueIDs(t); got != "" {
		t.Fatalf("refunds due after the refund %q", got)
	}
	// The payer is told once and sees "refunded"; the reason is the admins' (never theirs).
	if n := w.notified(t, "individual", "payments.refunded"); n != 1 {
		t.Fatalf("payer notified %d times", n)
	}
	mine := apitest.Call(t, w.clients["individual"], w.ts, "GET", fmt.Sprintf("/api/payments/%d", p.ID), nil, "")
	if mine.Str("refund", "status") != "succeeded" || mine.Str("refund", "reference") == "" || strings.Contains(mine.Raw, "paid after the order") {
		t.Fatalf("payer's view %s", mine.Raw)
	}
	// Someone else's payment and its refund are never in another's answer.
	other := apitest.Call(t, w.clients["owner"], w.ts, "GET", fmt.Sprintf("/api/payments/%d", p.ID), nil, "")
	if other.Status != 404 || strings.Contains(other.Raw, r.Str("refund", "reference")) {
		t.Fatalf("owner sees %d %s", other.Status, other.Raw)
	}
	// A payment paid on time is not owed: refused.
	q := w.pay(t, "stripe", "on-time")
	w.s.Payments().Begin(ctx, q.ID, "https://gerege.example/en/x")
	q, _ = w.s.Store().Payment(ctx, q.ID)
	ev2 := stripetest.Event("evt_on_time", "checkout.session.completed", stripetest.Session{ID: q.ProviderRef, AmountTotal: 2500000,
		Currency: "mnt", PaymentStatus: "paid", Status: "complete", PaymentIntent: "pi_on_time"})
	apitest.MustStatus(t, w.webhook(t, ev2, stripetest.Sign(ev2, stripetest.WebhookSecret, time.Now())), 200)
	if r := w.refund(t, "admin", q.ID, map[string]any{}); r.Status != 409 || r.Str("code") != "refund_not_owed" {
		t.Fatalf("refund of a payment not owed: %d %s", r.Status, r.Raw)
	}
	// The admin's audit log has the refund.
	log, _ := w.s.Store().AuditLog(ctx, 0, 0, 50)
	found := false
	for _, e := range log {
		found = found || (e.Event == "payment_refunded" && e.Detail == fmt.Sprintf("payment_refunded:%d:25000 MNT", p.ID))
	}
	if !found {
		t.Fatal("no audit entry")
	}
}

// withCards points the card provider at stripetest.Cards (refusals, pending answers and
// failures stripe-mock cannot play).
func withCards(c *stripetest.Cards) func(*app.Config) {
	return func(cfg *app.Config) {
		cfg.Payments.Stripe = payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: c.URL}
	}
}

// owedCard is a settled card payment whose money is owed back (as the shop's sold-out path
// leaves it), paid by the PaymentIntent intent.
func (w *world) owedCard(t *testing.T, key, intent string) db.Payment {
	t.Helper()
	ctx := context.Background()
	p := w.pay(t, "stripe", key)
	st := w.s.Store()
	if err := st.AddPaymentAttempt(ctx, p.ID, "stripe", "cs_"+key, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := w.s.Payments().Settle(ctx, "stripe", "cs_"+key, "evt_"+key); err != nil {
		t.Fatal(err)
	}
	if err := st.SetPaymentPaidRef(ctx, p.ID, intent); err != nil {
		t.Fatal(err)
	}
	if err := w.s.Payments().OweRefund(ctx, nil, p.ID); err != nil {
		t.Fatal(err)
	}
	p, _ = st.Payment(ctx, p.ID)
	return p
}

// A refund Stripe refuses is recorded failed with its reason (in the admin's language),
// nothing posted, still listed; a provider that does not answer leaves it pending (502) and the
// retry sends the same refund under the same idempotency key; a "pending" answer is finished
// by the refund.updated webhook, exactly once.
func TestStripeRefundDeclinedRetriedAndPending(t *testing.T) {
	t.Parallel()
	cards := stripetest.StartCards(t)
	w := newWorld(t, withCards(cards))
	p := w.owedCard(t, "declined", "pi_local_declined")
	cards.AnswerRefunds("charge_disputed", "fail", "succeeded")
	r := w.refund(t, "admin", p.ID, map[string]any{})
	apitest.MustStatus(t, r, 200)
	if r.Str("refund", "status") != "failed" || r.Str("refund", "failure") != "charge_disputed" || !strings.Contains(r.Str("refund", "failureText"), "disputed") {
		t.Fatalf("declined %s", r.Raw)
	}
	if len(w.entries(t, p.ID)) != 2 || w.dueIDs(t) != fmt.Sprint(p.ID) {
		t.Fatal("a declined refund posted or left the list")
	}
	due := apitest.Call(t, w.clients["admin"], w.ts, "GET", "/api/banking/refunds", nil, "", "Accept-Language", "mn")
	if !strings.Contains(due.Raw, `"status":"failed"`) || !strings.Contains(due.Raw, "маргаан") {
		t.Fatalf("the list does not say why, in Mongolian: %s", due.Raw)
	}
	// Try again: Stripe does not answer (500) → pending, 502; again → succeeded under the same key.
	r = w.refund(t, "admin", p.ID, map[string]any{})
	if r.Status != 502 || r.Str("code") != "payment_provider_failed" {
		t.Fatalf("no answer %d %s", r.Status, r.Raw)
	}
	r = w.refund(t, "admin", p.ID, map[string]any{})
	apitest.MustStatus(t, r, 200)
	keys := cards.RefundKeys()
	if r.Str("refund", "status") != "succeeded" || len(keys) != 3 || keys[1] != keys[2] || keys[0] == keys[1] ||
		keys[1] != payments.RefundKey(p.ID, 2) {
		t.Fatalf("refund %s, keys %v", r.Raw, keys)
	}
	if cards.Refunded() != 1 || len(w.entries(t, p.ID)) != 4 || w.dueIDs(t) != "" {
		t.Fatalf("refunded %d, entries %d", cards.Refunded(), len(w.entries(t, p.ID)))
	}
	ledgerBalanced(t, w.s)

	// A pending answer: the webhook finishes it (once, a replay changes nothing).
	q := w.owedCard(t, "pending", "pi_local_pending")
	cards.AnswerRefunds("pending")
	r = w.refund(t, "admin", q.ID, map[string]any{})
	apitest.MustStatus(t, r, 200)
	if r.Str("refund", "status") != "pending" || len(w.entries(t, q.ID)) != 2 || w.notified(t, "individual", "payments.refunded") != 1 {
		t.Fatalf("pending %s", r.Raw)
	}
	ref, err := w.s.Store().LiveRefund(context.Background(), q.ID)
	if err != nil || ref.ProviderRef == "" {
		t.Fatalf("pending refund %+v %v", ref, err)
	}
	ev := stripetest.RefundEvent("evt_pending_done", "refund.updated", stripetest.Refund{ID: ref.ProviderRef, Amount: 2500000, Currency: "mnt",
		Status: "succeeded", Metadata: map[string]string{"payment_id": fmt.Sprint(q.ID), "refund_id": fmt.Sprint(ref.ID)}})
	for range 2 {
		apitest.MustStatus(t, w.webhook(t, ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())), 200)
	}
	if got, _ := w.s.Store().Refund(context.Background(), ref.ID); got.Status != db.RefundSucceeded || len(w.entries(t, q.ID)) != 4 ||
		w.notified(t, "individual", "payments.refunded") != 2 {
		t.Fatalf("after the webhook %+v, %d entries", got, len(w.entries(t, q.ID)))
	}
	ledgerBalanced(t, w.s)
}

// QPay: DELETE /v2/payment/refund/{payment_id} against the local protocol server (a stand-in
// for QPay written from its published v2 protocol, not the real service). A declined refund is
// recorded failed; the retry refunds; the QPay payment shows REFUNDED, once.
func TestQPayRefundAgainstTheProtocolServer(t *testing.T) {
	t.Parallel()
	q := qpaytest.Start(t)
	w := newWorld(t, withQPay(q))
	ctx := context.Background()
	p := w.pay(t, "qpay", "qpay-late")
	if _, err := w.s.Payments().Begin(ctx, p.ID, ""); err != nil {
		t.Fatal(err)
	}
	w.s.Payments().Cancel(ctx, nil, p.ID)
	p, _ = w.s.Store().Payment(ctx, p.ID)
	q.Pay(t, p.ProviderRef, "qpay-payment-77", "25000.00", false)
	if err := w.s.Payments().CheckQPay(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if p, _ = w.s.Store().Payment(ctx, p.ID); !p.PaidLate || p.PaidRef != "qpay-payment-77" {
		t.Fatalf("paid late %+v", p)
	}
	q.DeclineRefunds("PAYMENT_SETTLED")
	r := w.refund(t, "admin", p.ID, map[string]any{})
	apitest.MustStatus(t, r, 200)
	if r.Str("refund", "status") != "failed" || r.Str("refund", "failure") != "payment_settled" || !strings.Contains(r.Str("refund", "failureText"), "payment_settled") {
		t.Fatalf("declined %s", r.Raw)
	}
	r = w.refund(t, "admin", p.ID, map[string]any{"reason": "order cancelled"})
	apitest.MustStatus(t, r, 200)
	if r.Str("refund", "status") != "succeeded" || r.Str("refund", "reference") != "qpay-payment-77" || q.Refunds() != 1 ||
		q.Count("/v2/payment/refund/qpay-payment-77") != 2 {
		t.Fatalf("refund %s, refunds %d", r.Raw, q.Refunds())
	}
	inv, _ := q.Invoice(p.ProviderRef)
	if inv.Payments[0].Status != "REFUNDED" {
		t.Fatalf("qpay payment %+v", inv.Payments[0])
	}
	again := w.refund(t, "admin", p.ID, map[string]any{})
	if again.Str("refund", "status") != "succeeded" || q.Refunds() != 1 || len(w.entries(t, p.ID)) != 4 {
		t.Fatalf("again %s", again.Raw)
	}
	if e := w.entries(t, p.ID); e[2].Account != "provider:qpay:clearing" || e[2].Amount != 25000 {
		t.Fatalf("entries %+v", e)
	}
	// QPay's callback for the refunded payment settles nothing again.
	apitest.MustStatus(t, apitest.Do(t, w.ts, "GET", fmt.Sprintf("/api/payments/webhooks/qpay?payment=%d", p.ID), "", nil), 200)
	if len(w.entries(t, p.ID)) != 4 || w.dueIDs(t) != "" {
		t.Fatal("a callback after the refund changed something")
	}
	ledgerBalanced(t, w.s)
}

// A bank transfer is refunded by recording the transfer the admin sent back: reference and
// day are required (field errors in the reader's language), nothing is called, the ledger
// posts the reversal once.
func TestBankRefundIsRecordedByTheAdmin(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	p := w.pay(t, "bank", "bank-owed")
	if err := w.s.Payments().MarkPaid(ctx, p.ID, w.users["admin"].ID, ""); err != nil {
		t.Fatal(err)
	}
	// Not owed yet: refused.
	if r := w.refund(t, "admin", p.ID, map[string]any{"reference": "TR-1", "date": time.Now().Format(time.DateOnly)}); r.Status != 409 {
		t.Fatalf("not owed %d %s", r.Status, r.Raw)
	}
	if err := w.s.Payments().OweRefund(ctx, nil, p.ID); err != nil {
		t.Fatal(err)
	}
	bad := w.refund(t, "admin", p.ID, map[string]any{"date": "2999-01-01"}, "Accept-Language", "mn")
	apitest.MustStatus(t, bad, 422)
	if !strings.Contains(bad.Str("errors", "reference"), "гүйлгээний утг") || bad.Str("errors", "date") == "" {
		t.Fatalf("field errors %s", bad.Raw)
	}
	day := time.Now().UTC().Format(time.DateOnly)
	r := w.refund(t, "admin", p.ID, map[string]any{"reference": "  TR-2026-0042 ", "date": day})
	apitest.MustStatus(t, r, 200)
	if r.Str("refund", "status") != "succeeded" || r.Str("refund", "reference") != "TR-2026-0042" || r.Str("refund", "transferDate") != day {
		t.Fatalf("bank refund %s", r.Raw)
	}
	if again := w.refund(t, "admin", p.ID, map[string]any{"reference": "TR-other", "date": day}); again.Str("refund", "reference") != "TR-2026-0042" {
		t.Fatalf("a second record %s", again.Raw)
	}
	if e := w.entries(t, p.ID); len(e) != 4 || e[2].Account != "provider:bank:clearing" || e[2].Amount != 25000 {
		t.Fatalf("entries %+v", e)
	}
	ledgerBalanced(t, w.s)
	if w.notified(t, "individual", "payments.refunded") != 1 || w.dueIDs(t) != "" {
		t.Fatal("payer not told, or still listed")
	}
}

// Only platform admins see the refunds due and refund; everyone else is refused, and nothing
// of another person's refund is in any answer.
func TestRefundRoutesArePlatformAdminsOnly(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	ctx := context.Background()
	var payer int64
	if err := s.Store().Write.QueryRow(`INSERT INTO users (email, password_hash, first_name, last_name, account_type, created_at, updated_at)
		VALUES ('payer@example.mn', 'x', 'Pay', 'Er', 'individual', ?, ?) RETURNING id`, db.T(time.Now()), db.T(time.Now())).Scan(&payer); err != nil {
		t.Fatal(err)
	}
	p, err := s.Payments().Create(ctx, nil, payments.NewPayment{Purpose: "order", RefID: 1, PayerUserID: payer, Payee: payments.PayeePlatform,
		Money: payments.Money{Amount: 25000, Currency: "MNT"}, Provider: "bank", Key: "perm"})
	if err != nil {
		t.Fatal(err)
	}
	s.Payments().MarkPaid(ctx, p.ID, payer, "")
	s.Payments().OweRefund(ctx, nil, p.ID)
	day := time.Now().UTC().Format(time.DateOnly)
	body := map[string]any{"reference": "SECRET-REF-9", "date": day}
	path := fmt.Sprintf("/api/payments/%d/refund", p.ID)
	sc := []apitest.Scenario{}
	for _, who := range []string{"", "individual", "owner", "manager", "counselor", "desk", "desk2"} {
		want := 403
		if who == "" {
			want = 401
		}
		sc = append(sc,
			apitest.Scenario{Method: "POST", Path: path, As: who, Body: body, Status: want, NotContains: []string{"SECRET-REF-9"}},
			apitest.Scenario{Method: "GET", Path: "/api/banking/refunds", As: who, Status: want, NotContains: []string{"payer@example.mn"}})
	}
	for i, bad := range []any{map[string]any{"amount": "x"}, map[string]any{"amount": -5, "reference": "R", "date": day},
		map[string]any{"reference": "R", "date": "2026-13-45"}, map[string]any{"reference": strings.Repeat("R", 101), "date": day},
		map[string]any{"reference": "R", "date": day, "reason": strings.Repeat("я", 501)}, []int{1}, "text"} {
		want := 422
		if i == 0 || i >= 5 { // not the request's JSON shape
			want = 400
		}
		sc = append(sc, apitest.Scenario{Name: fmt.Sprint("bad body ", i), Method: "POST", Path: path, As: "admin", Body: bad, Status: want})
	}
	sc = append(sc, apitest.Scenario{Name: "unknown payment", Method: "POST", Path: "/api/payments/999999/refund", As: "admin", Body: body, Status: 404},
		apitest.Scenario{Name: "bad id", Method: "POST", Path: "/api/payments/x/refund", As: "admin", Body: body, Status: 404})
	sc = append(sc,
		apitest.Scenario{Name: "admin sees it due", Method: "GET", Path: "/api/banking/refunds", As: "admin", Status: 200, Contains: []string{"payer@example.mn"}},
		apitest.Scenario{Name: "admin refunds", Method: "POST", Path: path, As: "admin", Body: body, Status: 200, Contains: []string{"SECRET-REF-9"}},
		apitest.Scenario{Name: "no longer due", Method: "GET", Path: "/api/banking/refunds", As: "admin", Status: 200, NotContains: []string{"payer@example.mn"}},
		apitest.Scenario{Name: "another person's payment", Method: "GET", Path: fmt.Sprintf("/api/payments/%d", p.ID), As: "individual", Status: 404,
			NotContains: []string{"SECRET-REF-9"}})
	apitest.Run(t, s, ts, sc)
}
