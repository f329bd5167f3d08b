package payments_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/db/dbtest"
)

func stripeService(t *testing.T, base string) (*payments.Service, *db.Store) {
	t.Helper()
	store := dbtest.Open(t)
	s := payments.New(store, func() time.Time { return t0 }, payments.Config{
		Stripe: payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: base}})
	s.SaveCardsFor(payments.PurposeSubscription)
	return s, store
}

func subscriptionPayment(payer, orgID int64, key string, amount int64) payments.NewPayment {
	return payments.NewPayment{Purpose: payments.PurposeSubscription, RefID: refOf(key), PayerUserID: payer, OrgID: orgID,
		Payee: payments.PayeePlatform, Money: payments.Money{Amount: amount, Currency: "MNT"}, Provider: payments.ProviderStripe, Key: key}
}

func hook(t *testing.T, s *payments.Service, ev []byte) {
	t.Helper()
	if err := s.StripeWebhook(context.Background(), ev, stripetest.Sign(ev, stripetest.WebhookSecret, time.Now())); err != nil {
		t.Fatalf("webhook: %v", err)
	}
}

func ledgerLines(t *testing.T, store *db.Store, paymentID int64) int {
	t.Helper()
	es, err := store.LedgerEntriesOfPayment(context.Background(), paymentID)
	if err != nil {
		t.Fatal(err)
	}
	return len(es)
}

func status(t *testing.T, store *db.Store, id int64) string {
	t.Helper()
	p, err := store.Payment(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return p.Status
}

// Against stripe-mock: a subscription paid through Checkout opens the session on the
// organisation's customer and keeps the card (brand, last4, expiry — from Stripe, after the
// signed webhook); a later payment is charged off-session with that card. stripe-mock answers
// every confirmed PaymentIntent with its fixture (status requires_payment_method, which a
// confirmed off-session intent only has while Stripe has no final answer), so the charge waits
// and the signed payment_intent.succeeded event settles it — once.
func TestCardKeptAtCheckoutAndChargedOffSession(t *testing.T) {
	t.Parallel()
	s, store := stripeService(t, stripetest.Start(t))
	ctx := context.Background()
	u, o := user(t, store, "owner@x.mn"), org(t, store)

	// An order does not keep cards: no customer is created.
	shop := order(u, "order-1", 5000)
	shop.Provider, shop.OrgID = payments.ProviderStripe, o
	if _, err := s.Begin(ctx, create(t, s, shop).ID, "https://gerege.example/en/cart"); err != nil {
		t.Fatal(err)
	}
	if c, _ := store.PaymentCustomer(ctx, o, "stripe"); c != "" {
		t.Fatalf("an order created a customer %q", c)
	}

	first := create(t, s, subscriptionPayment(u, o, "sub-1", 49000))
	next, err := s.Begin(ctx, first.ID, "https://gerege.example/en/dashboard/subscription")
	if err != nil || next.Kind != "redirect" {
		t.Fatalf("begin: %+v %v", next, err)
	}
	cust, _ := store.PaymentCustomer(ctx, o, "stripe")
	if !strings.HasPrefix(cust, "cus_") {
		t.Fatalf("customer: %q", cust)
	}
	if _, err := s.Begin(ctx, first.ID, "https://gerege.example/en/dashboard/subscription"); err != nil {
		t.Fatal(err)
	}
	if again, _ := store.PaymentCustomer(ctx, o, "stripe"); again != cust {
		t.Fatalf("a second begin made another customer: %q", again)
	}
	first, _ = store.Payment(ctx, first.ID)
	paid := stripetest.Event("evt_cs_1", "checkout.session.completed", stripetest.Session{ID: first.ProviderRef,
		AmountTotal: payments.StripeAmount(payments.Money{Amount: 49000, Currency: "MNT"}), Currency: "mnt",
		PaymentStatus: "paid", Status: "complete", Customer: cust, PaymentIntent: "pi_checkout_1"})
	hook(t, s, paid)
	card, ok, err := s.SavedCard(ctx, o)
	if err != nil || !ok {
		t.Fatalf("no card kept: %v", err)
	}
	if card.Brand != "visa" || card.Last4 != "4242" || card.ExpYear == 0 || card.CustomerID != cust || card.MethodID == "" || card.PaymentID != first.ID {
		t.Fatalf("card: %+v", card)
	}
	if status(t, store, first.ID) != db.PaymentPaid {
		t.Fatal("the checkout payment is not paid")
	}

	renewal := create(t, s, subscriptionPayment(u, o, "sub-2", 49000))
	r, err := s.Charge(ctx, renewal.ID, 0)
	if err != nil {
		t.Fatalf("charge: %v", err)
	}
	if r.Status != db.ChargeProcessing {
		t.Fatalf("stripe-mock's answer: %+v", r)
	}
	cs, _ := store.PaymentCharges(ctx, renewal.ID)
	if len(cs) != 1 || cs[0].IntentID == "" || cs[0].Status != db.ChargeProcessing || cs[0].IdempotencyKey != payments.ChargeKey(renewal.ID, 0) {
		t.Fatalf("charges: %+v", cs)
	}
	succeeded := func(evt string) []byte {
		return stripetest.IntentEvent(evt, "payment_intent.succeeded", stripetest.Intent{ID: cs[0].IntentID, Status: "succeeded",
			Amount: payments.StripeAmount(payments.Money{Amount: 49000, Currency: "MNT"}), Currency: "mnt",
			Metadata: map[string]string{"payment_id": strconv.FormatInt(renewal.ID, 10), "attempt": "0"}})
	}
	hook(t, s, succeeded("evt_pi_1"))
	if status(t, store, renewal.ID) != db.PaymentPaid || ledgerLines(t, store, renewal.ID) != 2 {
		t.Fatalf("the charge did not settle: %s", status(t, store, renewal.ID))
	}
	hook(t, s, succeeded("evt_pi_1"))
	hook(t, s, succeeded("evt_pi_2")) // another delivery of the same intent's success
	if n := ledgerLines(t, store, renewal.ID); n != 2 {
		t.Fatalf("a repeated success moved money again: %d lines", n)
	}
	if _, err := s.Charge(ctx, renewal.ID, 1); !errors.Is(err, payments.ErrNotPending) {
		t.Fatalf("a paid payment was charged again: %v", err)
	}

	// The owner removes the card (Stripe is asked to forget it); a replayed checkout event
	// does not bring it back.
	if ok, err := s.RemoveCard(ctx, o, nil); !ok || err != nil {
		t.Fatalf("remove: %v %v", ok, err)
	}
	hook(t, s, paid)
	if _, ok, _ := s.SavedCard(ctx, o); ok {
		t.Fatal("a replayed event brought a removed card back")
	}
	third := create(t, s, subscriptionPayment(u, o, "sub-3", 49000))
	if _, err := s.Charge(ctx, third.ID, 0); !errors.Is(err, payments.ErrNoCard) {
		t.Fatalf("charged without a card: %v", err)
	}
	checkLedger(t, store)
}

func isCode(err error, code string) bool {
	var we *web.Error
	return errors.As(err, &we) && we.Code == code
}

func keepCard(t *testing.T, store *db.Store, orgID int64) {
	t.Helper()
	ctx := context.Background()
	if _, err := store.SetPaymentCustomer(ctx, orgID, "stripe", "cus_local", t0); err != nil {
		t.Fatal(err)
	}
	if err := store.SavePaymentMethod(ctx, db.PaymentMethod{OrgID: orgID, Provider: "stripe", CustomerID: "cus_local",
		MethodID: "pm_local", Brand: "visa", Last4: "4242", ExpMonth: 8, ExpYear: 2030}, t0); err != nil {
		t.Fatal(err)
	}
}

// Declines (stripetest.Cards, a local server answering the PaymentIntent create call as Stripe
// documents a refused off-session charge — stripe-mock never declines): a refused card leaves
// the payment pending, recorded on the attempt; an attempt already answered is not asked
// again; a success settles once, and Stripe's payment_intent.succeeded for it changes nothing.
func TestOffSessionDeclinesAndSuccess(t *testing.T) {
	t.Parallel()
	cards := stripetest.StartCards(t)
	s, store := stripeService(t, cards.URL)
	ctx := context.Background()
	u, o := user(t, store, "owner@x.mn"), org(t, store)
	keepCard(t, store, o)
	p := create(t, s, subscriptionPayment(u, o, "renewal-1", 49000))

	cards.Answer("card_declined", "authentication_required")
	r, err := s.Charge(ctx, p.ID, 0)
	if err != nil || r.Status != db.ChargeDeclined || r.Code != "card_declined" || r.Method.Last4 != "4242" {
		t.Fatalf("decline: %+v %v", r, err)
	}
	f := cards.LastForm()
	if f["off_session"] != "true" || f["confirm"] != "true" || f["customer"] != "cus_local" || f["payment_method"] != "pm_local" ||
		f["amount"] != "4900000" || f["currency"] != "mnt" {
		t.Fatalf("the charge request: %v", f)
	}
	if status(t, store, p.ID) != db.PaymentPending || ledgerLines(t, store, p.ID) != 0 {
		t.Fatal("a declined card changed the payment")
	}
	if r, err := s.Charge(ctx, p.ID, 0); err != nil || r.Status != db.ChargeDeclined || len(cards.Keys()) != 1 {
		t.Fatalf("attempt 0 again asked Stripe (%d requests): %+v %v", len(cards.Keys()), r, err)
	}
	if r, err := s.Charge(ctx, p.ID, 1); err != nil || r.Code != "authentication_required" {
		t.Fatalf("authentication: %+v %v", r, err)
	}
	r, err = s.Charge(ctx, p.ID, 2)
	if err != nil || r.Status != db.ChargeSucceeded {
		t.Fatalf("success: %+v %v", r, err)
	}
	if status(t, store, p.ID) != db.PaymentPaid || ledgerLines(t, store, p.ID) != 2 || cards.Charged() != 1 {
		t.Fatal("the success did not settle once")
	}
	cs, _ := store.PaymentCharges(ctx, p.ID)
	if len(cs) != 3 || cs[0].Code != "card_declined" || cs[1].Code != "authentication_required" || cs[2].Status != db.ChargeSucceeded ||
		cs[0].IntentID == "" || cs[2].IntentID == "" {
		t.Fatalf("attempts: %+v", cs)
	}
	for i, c := range cs {
		if c.IdempotencyKey != payments.ChargeKey(p.ID, i) {
			t.Fatalf("attempt %d key %q", i, c.IdempotencyKey)
		}
	}
	if got, err := store.PaymentByRef(ctx, "stripe", cs[0].IntentID); err != nil || got.ID != p.ID {
		t.Fatalf("the declined intent is not recorded on the payment: %v", err)
	}
	hook(t, s, stripetest.IntentEvent("evt_local_ok", "payment_intent.succeeded", stripetest.Intent{ID: cs[2].IntentID, Status: "succeeded",
		Amount: 4900000, Currency: "mnt", Metadata: map[string]string{"payment_id": strconv.FormatInt(p.ID, 10), "attempt": "2"}}))
	if ledgerLines(t, store, p.ID) != 2 {
		t.Fatal("the webhook of a settled charge moved money again")
	}
	if _, err := s.Charge(ctx, p.ID, 3); !errors.Is(err, payments.ErrNotPending) || len(cards.Keys()) != 3 {
		t.Fatalf("a paid payment was charged: %v", err)
	}
	checkLedger(t, store)
}

// A charge whose answer never came (Stripe failed; or the process stopped) is asked again with
// its own key before a new attempt: the money is taken once, never by two attempts.
func TestAChargeWithoutAnAnswerIsAskedAgainNotTwice(t *testing.T) {
	t.Parallel()
	cards := stripetest.StartCards(t)
	s, store := stripeService(t, cards.URL)
	ctx := context.Background()
	u, o := user(t, store, "owner@x.mn"), org(t, store)
	keepCard(t, store, o)
	p := create(t, s, subscriptionPayment(u, o, "renewal-1", 49000))
	cards.Answer("fail")
	if _, err := s.Charge(ctx, p.ID, 0); !isCode(err, payments.ErrProvider.Code) {
		t.Fatalf("want the provider error, got %v", err)
	}
	if cs, _ := store.PaymentCharges(ctx, p.ID); len(cs) != 1 || cs[0].Status != db.ChargeStarted {
		t.Fatalf("charges: %+v", cs)
	}
	r, err := s.Charge(ctx, p.ID, 1)
	if err != nil || r.Status != db.ChargeSucceeded || r.Attempt != 0 {
		t.Fatalf("resolve: %+v %v", r, err)
	}
	for _, k := range cards.Keys() {
		if k != payments.ChargeKey(p.ID, 0) {
			t.Fatalf("a second attempt was asked: %v", cards.Keys())
		}
	}
	if cards.Charged() != 1 || status(t, store, p.ID) != db.PaymentPaid {
		t.Fatal("not paid once")
	}
}

// Secrets never reach an off-session charge's error or the log.
func TestOffSessionErrorsKeepSecrets(t *testing.T) {
	t.Parallel()
	store := dbtest.Open(t)
	const secret = "sk_test_do-not-log-charge"
	s := payments.New(store, func() time.Time { return t0 }, payments.Config{
		Stripe: payments.StripeConfig{SecretKey: secret, WebhookSecret: "whsec_x", APIBase: "http://127.0.0.1:1"}})
	u, o := user(t, store, "owner@x.mn"), org(t, store)
	keepCard(t, store, o)
	p := create(t, s, subscriptionPayment(u, o, "k", 1000))
	_, err := s.Charge(context.Background(), p.ID, 0)
	if !isCode(err, payments.ErrProvider.Code) {
		t.Fatalf("unreachable: %v", err)
	}
	var inner interface{ Unwrap() error }
	msg := err.Error()
	if errors.As(err, &inner) && inner.Unwrap() != nil {
		msg += inner.Unwrap().Error()
	}
	if strings.Contains(msg, secret) {
		t.Fatalf("the secret leaked: %s", msg)
	}
}

// A charge decided in the caller's transaction (StartCharge) and never sent — the process
// stopped after the commit — is sent, under its own key, by the next Charge of the payment.
func TestAStartedChargeIsSentByTheNextCharge(t *testing.T) {
	t.Parallel()
	cards := stripetest.StartCards(t)
	s, store := stripeService(t, cards.URL)
	ctx := context.Background()
	u, o := user(t, store, "owner@x.mn"), org(t, store)
	p := create(t, s, subscriptionPayment(u, o, "renewal-1", 49000))
	if ok, err := s.StartCharge(ctx, store, p.ID, 0); ok || err != nil {
		t.Fatalf("started without a saved card: %v %v", ok, err)
	}
	keepCard(t, store, o)
	if err := store.InTx(ctx, func(tx *db.Store) error {
		ok, err := s.StartCharge(ctx, tx, p.ID, 0)
		if !ok && err == nil {
			t.Error("not started")
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	r, err := s.Charge(ctx, p.ID, 1)
	if err != nil || r.Status != db.ChargeSucceeded || r.Attempt != 0 {
		t.Fatalf("%+v %v", r, err)
	}
	if k := cards.Keys(); len(k) != 1 || k[0] != payments.ChargeKey(p.ID, 0) || cards.Charged() != 1 {
		t.Fatalf("requests: %v", k)
	}
}
