package banking_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
	"gerege/db"
)

// withStripe configures the card provider against a stripe-mock of this test's own.
func withStripe(t *testing.T) func(*app.Config) {
	base := stripetest.Start(t)
	return func(c *app.Config) {
		c.Payments.Stripe = payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: base}
	}
}

type world struct {
	s       *app.Server
	ts      *httptest.Server
	clients map[string]*http.Client
	users   map[string]*db.User
}

func newWorld(t *testing.T, edit ...func(*app.Config)) *world {
	s, ts := apitest.NewServer(t, edit...)
	w := &world{s: s, ts: ts, clients: apitest.Roles(t, s, ts), users: map[string]*db.User{}}
	for who, email := range apitest.RoleEmails {
		u, err := s.Store().UserByEmail(context.Background(), email)
		if err != nil {
			t.Fatal(err)
		}
		w.users[who] = u
	}
	return w
}

// pay creates a pending payment of the individual's for 25 000₮ through provider.
func (w *world) pay(t *testing.T, provider, key string) db.Payment {
	t.Helper()
	// Each key pays its own made-up order: one open payment an order is a rule of the database.
	h := fnv.New32a()
	h.Write([]byte(key))
	p, err := w.s.Payments().Create(context.Background(), nil, payments.NewPayment{Purpose: "order", RefID: int64(h.Sum32()%1_000_000) + 1,
		PayerUserID: w.users["individual"].ID, Payee: payments.PayeePlatform, Money: payments.Money{Amount: 25000, Currency: "MNT"},
		Provider: provider, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (w *world) status(t *testing.T, id int64) string {
	t.Helper()
	p, err := w.s.Store().Payment(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return p.Status
}

func (w *world) webhook(t *testing.T, payload []byte, sig string) apitest.Reply {
	t.Helper()
	h := map[string]string{"Content-Type": "application/json"}
	if sig != "" {
		h["Stripe-Signature"] = sig
	}
	return apitest.Do(t, w.ts, "POST", "/api/payments/webhooks/stripe", string(payload), h)
}

func ledgerBalanced(t *testing.T, s *app.Server) {
	t.Helper()
	bad, err := s.Store().UnbalancedLedgerTxns(context.Background())
	totals, err2 := s.Store().LedgerTotals(context.Background())
	if err != nil || err2 != nil || len(bad) > 0 {
		t.Fatalf("unbalanced %v %v %v", bad, err, err2)
	}
	for c, v := range totals {
		if v != 0 {
			t.Fatalf("ledger sums to %d %s", v, c)
		}
	}
}

func TestCardPaymentThroughStripeCheckoutSettlesOnceOnItsWebhook(t *testing.T) {
	t.Parallel()
	w := newWorld(t, withStripe(t))
	ctx := context.Background()
	if got := strings.Join(w.s.Payments().Available(), ","); got != "stripe,bank" {
		t.Fatalf("available %q", got)
	}
	paid := 0
	w.s.Payments().OnPaid("order", func(context.Context, *db.Store, db.Payment) error { paid++; return nil })
	p := w.pay(t, "stripe", "card-1")
	// Begin asks stripe-mock (the official client, over HTTP) for a Checkout Session.
	next, err := w.s.Payments().Begin(ctx, p.ID, "https://gerege.example/en/product/checkout")
	if err != nil {
		t.Fatal(err)
	}
	p, _ = w.s.Store().Payment(ctx, p.ID)
	if next.Kind != "redirect" || next.URL == "" || !strings.HasPrefix(p.ProviderRef, "cs_") {
		t.Fatalf("next %+v, ref %q", next, p.ProviderRef)
	}
	// A card payment is never marked paid by hand.
	r0 := apitest.Call(t, w.clients["admin"], w.ts, "POST", fmt.Sprintf("/api/payments/%d/mark-paid", p.ID), map[string]any{}, "", "Sec-Fetch-Site", "same-origin")
	if r0.Status != 409 || r0.Str("code") != "payment_not_bank_transfer" {
		t.Fatalf("mark a card payment: %d %s", r0.Status, r0.Raw)
	}
	// The payer polls their payment.
	r := apitest.Call(t, w.clients["individual"], w.ts, "GET", fmt.Sprintf("/api/payments/%d", p.ID), nil, "")
	apitest.MustStatus(t, r, 200)
	if r.Str("status") != "pending" || r.Body["transfer"] != nil {
		t.Fatalf("poll %s", r.Raw)
	}
	session := stripetest.Session{ID: p.ProviderRef, AmountTotal: 2500000, Currency: "mnt", PaymentStatus: "paid", Status: "complete"}
	ev := stripetest.Event("evt_1", "checkout.session.completed", session)
	apitest.MustStatus(t, w.webhook(t, ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())), 200)
	if w.status(t, p.ID) != "paid" || paid != 1 {
		t.Fatalf("status %s, PaidFunc %d", w.status(t, p.ID), paid)
	}
	// Replayed (signed again, as Stripe's retries are), and another event of the same session.
	apitest.MustStatus(t, w.webhook(t, ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())), 200)
	ev2 := stripetest.Event("evt_2", "checkout.session.async_payment_succeeded", session)
	apitest.MustStatus(t, w.webhook(t, ev2, stripetest.Sign(ev2, stripetest.WebhookSecret, time.Now())), 200)
	// A failure arriving late (reordered) changes nothing either.
	ev3 := stripetest.Event("evt_3", "checkout.session.async_payment_failed", session)
	apitest.MustStatus(t, w.webhook(t, ev3, stripetest.Sign(ev3, stripetest.WebhookSecret, time.Now())), 200)
	entries, _ := w.s.Store().LedgerEntriesOfPayment(ctx, p.ID)
	if w.status(t, p.ID) != "paid" || paid != 1 || len(entries) != 2 {
		t.Fatalf("after replays: status %s, PaidFunc %d, %d entries", w.status(t, p.ID), paid, len(entries))
	}
	r = apitest.Call(t, w.clients["individual"], w.ts, "GET", fmt.Sprintf("/api/payments/%d", p.ID), nil, "")
	if r.Str("status") != "paid" || r.Str("paidAt") == "" {
		t.Fatalf("poll %s", r.Raw)
	}
	// Someone else's payment is not found, not forbidden.
	apitest.MustStatus(t, apitest.Call(t, w.clients["owner"], w.ts, "GET", fmt.Sprintf("/api/payments/%d", p.ID), nil, ""), 404)
	ledgerBalanced(t, w.s)
}

func TestStripeWebhookRefusesBadSignaturesWithA400(t *testing.T) {
	t.Parallel()
	w := newWorld(t, withStripe(t))
	p := w.pay(t, "stripe", "card-1")
	if _, err := w.s.Payments().Begin(context.Background(), p.ID, "https://gerege.example/en/payment"); err != nil {
		t.Fatal(err)
	}
	p, _ = w.s.Store().Payment(context.Background(), p.ID)
	ev := stripetest.Event("evt_1", "checkout.session.completed",
		stripetest.Session{ID: p.ProviderRef, AmountTotal: 2500000, Currency: "mnt", PaymentStatus: "paid"})
	tampered := []byte(strings.Replace(string(ev), "2500000", "2500001", 1))
	for name, c := range map[string]struct {
		body []byte
		sig  string
	}{
		"no header":        {ev, ""},
		"garbage header":   {ev, "nonsense"},
		"wrong secret":     {ev, stripetest.Sign(ev, "whsec_wrong", time.Now())},
		"tampered payload": {tampered, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())},
		"too old":          {ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now().Add(-time.Hour))},
		"not json":         {[]byte("{{{"), stripetest.Sign([]byte("{{{"), stripetest.WebhookSecret, time.Now())},
	} {
		r := w.webhook(t, c.body, c.sig)
		if r.Status != 400 || (r.Str("code") != "bad_signature" && r.Str("code") != "bad_event") || !strings.Contains(r.Str("message"), "signature") && r.Str("code") == "bad_signature" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	if w.status(t, p.ID) != "pending" {
		t.Fatal("a refused webhook changed the payment")
	}
	// Stripe not configured: the endpoint says so, never 500.
	w2 := newWorld(t)
	r := w2.webhook(t, ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now()))
	if r.Status >= 500 || r.Status == 200 {
		t.Fatalf("unconfigured: %d %s", r.Status, r.Raw)
	}
}

func TestStripeWebhookIgnoresWhatIsNotOurs(t *testing.T) {
	t.Parallel()
	w := newWorld(t, withStripe(t))
	p := w.pay(t, "stripe", "card-1")
	if _, err := w.s.Payments().Begin(context.Background(), p.ID, "https://gerege.example/en/payment"); err != nil {
		t.Fatal(err)
	}
	p, _ = w.s.Store().Payment(context.Background(), p.ID)
	send := func(id, typ string, s stripetest.Session) {
		ev := stripetest.Event(id, typ, s)
		apitest.MustStatus(t, w.webhook(t, ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())), 200)
	}
	// A session that is not ours, an event type we do not act on, a completed but unpaid
	// session, and one whose amount differs from the payment: acknowledged, nothing paid.
	send("evt_a", "checkout.session.completed", stripetest.Session{ID: "cs_other", AmountTotal: 2500000, Currency: "mnt", PaymentStatus: "paid"})
	send("evt_b", "customer.created", stripetest.Session{ID: p.ProviderRef})
	send("evt_c", "checkout.session.completed", stripetest.Session{ID: p.ProviderRef, AmountTotal: 2500000, Currency: "mnt", PaymentStatus: "unpaid"})
	send("evt_d", "checkout.session.completed", stripetest.Session{ID: p.ProviderRef, AmountTotal: 100, Currency: "mnt", PaymentStatus: "paid"})
	if w.status(t, p.ID) != "pending" {
		t.Fatalf("status %s", w.status(t, p.ID))
	}
	// A failed asynchronous payment, then (reordered or retried) its success: paid once.
	send("evt_e", "checkout.session.async_payment_failed", stripetest.Session{ID: p.ProviderRef})
	if w.status(t, p.ID) != "failed" {
		t.Fatalf("status %s", w.status(t, p.ID))
	}
	send("evt_f", "checkout.session.async_payment_succeeded", stripetest.Session{ID: p.ProviderRef, AmountTotal: 2500000, Currency: "mnt", PaymentStatus: "paid"})
	send("evt_e", "checkout.session.async_payment_failed", stripetest.Session{ID: p.ProviderRef})
	if w.status(t, p.ID) != "paid" {
		t.Fatalf("status %s", w.status(t, p.ID))
	}
	ledgerBalanced(t, w.s)
}

func TestAdminMarksABankTransferPaidOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.pay(t, "bank", "bank-1")
	// The payer sees the transfer details while it is pending.
	r := apitest.Call(t, w.clients["individual"], w.ts, "GET", fmt.Sprintf("/api/payments/%d", p.ID), nil, "")
	apitest.MustStatus(t, r, 200)
	if r.Str("transfer", "reference") != payments.Reference(p.ID) {
		t.Fatalf("transfer %s", r.Raw)
	}
	path := fmt.Sprintf("/api/payments/%d/mark-paid", p.ID)
	for _, who := range []string{"individual", "owner", "desk2"} {
		apitest.MustStatus(t, apitest.Call(t, w.clients[who], w.ts, "POST", path, map[string]any{}, "", "Sec-Fetch-Site", "same-origin"), 403)
	}
	r = apitest.Call(t, w.clients["admin"], w.ts, "POST", path, map[string]any{}, "", "Sec-Fetch-Site", "same-origin")
	apitest.MustStatus(t, r, 200)
	if r.Str("status") != "paid" {
		t.Fatal(r.Raw)
	}
	r = apitest.Call(t, w.clients["admin"], w.ts, "POST", path, map[string]any{}, "", "Sec-Fetch-Site", "same-origin")
	if r.Status != 409 || r.Str("code") != "payment_not_pending" {
		t.Fatalf("second mark: %d %s", r.Status, r.Raw)
	}
	log, _ := w.s.Store().AuditLog(context.Background(), w.users["admin"].ID, 0, 10)
	found := 0
	for _, e := range log {
		if e.Event == "payment_marked_paid" {
			found++
		}
	}
	if found != 1 {
		t.Fatalf("%d audit entries", found)
	}
	apitest.MustStatus(t, apitest.Call(t, w.clients["admin"], w.ts, "POST", "/api/payments/999999/mark-paid", map[string]any{}, "", "Sec-Fetch-Site", "same-origin"), 404)
	apitest.MustStatus(t, apitest.Call(t, w.clients["admin"], w.ts, "POST", "/api/payments/abc/mark-paid", map[string]any{}, "", "Sec-Fetch-Site", "same-origin"), 404)
	ledgerBalanced(t, w.s)
}

func TestPaymentsAreInDownloadMyDataAndOutliveTheAccount(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.pay(t, "bank", "bank-1")
	r := apitest.Call(t, w.clients["individual"], w.ts, "GET", "/api/account/export", nil, "")
	apitest.MustStatus(t, r, 200)
	list, _ := r.Body["payments"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["amount"].(map[string]any)["amount"] != float64(25000) {
		t.Fatalf("export: %v", r.Body["payments"])
	}
	// Deleting the account keeps the payment (an accounting record) without the person.
	if _, err := w.s.Store().Write.Exec(`DELETE FROM users WHERE id = ?`, w.users["individual"].ID); err != nil {
		t.Fatal(err)
	}
	got, err := w.s.Store().Payment(context.Background(), p.ID)
	if err != nil || got.PayerUserID != 0 || got.Amount != 25000 {
		t.Fatalf("after deletion: %+v %v", got, err)
	}
}
